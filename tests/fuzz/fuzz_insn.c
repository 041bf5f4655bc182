/* libFuzzer target: arbitrary bytes executed as Thumb code.  The input is
 * placed at 0x100 in ITCM as code, and its first bytes also seed r0-r12,
 * with a vector table whose handlers stop the run.  Every instruction
 * stream must end in a clean stop: no host crash, no sanitizer report. */
#include <stdlib.h>
#include <string.h>

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
    if (size < 2 || size > 4096)
        return 0;
    machine_t *m = machine_create(&desc, 0, err, sizeof err);
    if (!m)
        abort();
    uint32_t vectors[16 + CPU_NUM_IRQ];
    vectors[0] = 0x20010000u;
    vectors[1] = 0x100u | 1u;
    for (size_t i = 2; i < sizeof vectors / sizeof vectors[0]; i++)
        vectors[i] = 0x80u | 1u;   /* handler: b . (the crash detector stops it) */
    const uint16_t spin = 0xE7FE;
    if (!machine_load(m, 0, vectors, sizeof vectors, "vectors", err, sizeof err) ||
        !machine_load(m, 0x80, &spin, 2, "handler", err, sizeof err) ||
        !machine_load(m, 0x100, data, size, "code", err, sizeof err) ||
        !machine_reset(m))
        abort();
    memcpy(m->cpu->r, data, size < 52 ? size : 52);   /* r0-r12 from the input */
    m->cpu->scb.cpacr = 0xFu << 20;
    FILE *null = fopen("/dev/null", "w");
    m->out = null ? null : stdout;
    cpu_run(m->cpu, 20000);
    if (null)
        fclose(null);
    machine_destroy(m);
    return 0;
}
