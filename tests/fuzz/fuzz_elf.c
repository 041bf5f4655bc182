/* libFuzzer target: the ELF loader on arbitrary bytes.  Every input must
 * load or be rejected with a message; nothing may crash or leak. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "../../sim/elf_load.h"
#include "../../sim/machine.h"
#include "../../sim/soc.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static soc_desc_t desc;
    static bool have_desc;
    char err[512];
    if (!have_desc) {
        if (!soc_desc_load(&desc, "an547", err, sizeof err))
            abort();
        have_desc = true;
    }
    char path[] = "/tmp/etsim-fuzz-elf-XXXXXX";
    int fd = mkstemp(path);
    if (fd < 0)
        abort();
    if (write(fd, data, size) != (ssize_t)size)
        abort();
    close(fd);
    machine_t *m = machine_create(&desc, 0, err, sizeof err);
    if (!m)
        abort();
    elf_info_t info;
    elf_tables_t tables;
    if (!elf_load(m, path, &info, &tables, err, sizeof err) && err[0] == '\0')
        abort();   /* a rejection must say why */
    elf_tables_free(&tables);
    machine_destroy(m);
    unlink(path);
    return 0;
}
