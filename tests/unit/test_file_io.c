/* The one reader of input files (sim/file_io.c) and the ELF's tables read
 * in one pass (sim/elf_load.c): the reader on every kind of file it may be
 * given; the tables of an ELF built here by arm-none-eabi-gcc against what
 * GNU nm and objdump say about the same file. */
#include <criterion/criterion.h>
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../sim/elf_load.h"
#include "../../sim/file_io.h"
#include "../../sim/machine.h"
#include "machine_harness.h"

static char dir[sizeof "/tmp/etsim-file-io-XXXXXX"];

static void make_dir(void)
{
    /* mkdtemp fills the template in: a fresh one for every test, also when
     * the tests share a process (--no-fork) */
    memcpy(dir, "/tmp/etsim-file-io-XXXXXX", sizeof dir);
    cr_assert(mkdtemp(dir), "mkdtemp");
}

static void remove_dir(void)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    cr_assert_eq(system(cmd), 0);
}

static void write_file(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    cr_assert(f, "%s", path);
    cr_assert_eq(fwrite(data, 1, n, f), n);
    cr_assert_eq(fclose(f), 0);
}

TestSuite(file_io, .init = make_dir, .fini = remove_dir);

Test(file_io, regular_file_whole_and_nul_terminated)
{
    char path[128];
    snprintf(path, sizeof path, "%s/a.bin", dir);
    write_file(path, "abc\0def", 7);
    file_data_t f;
    char err[256];
    cr_assert(file_read(path, 1 << 20, "a test file", &f, err, sizeof err), "%s", err);
    cr_assert_eq(f.size, 7);
    cr_assert_eq(memcmp(f.bytes, "abc\0def", 7), 0);
    cr_assert_eq(f.bytes[7], 0);
    file_data_free(&f);
    cr_assert_null(f.bytes);
}

Test(file_io, empty_file)
{
    char path[128];
    snprintf(path, sizeof path, "%s/empty", dir);
    write_file(path, "", 0);
    file_data_t f;
    char err[256];
    cr_assert(file_read(path, 1 << 20, "a test file", &f, err, sizeof err), "%s", err);
    cr_assert_eq(f.size, 0);
    cr_assert_eq(f.bytes[0], 0);
    file_data_free(&f);
}

Test(file_io, refusals_name_the_file)
{
    char path[128], err[256];
    file_data_t f;
    snprintf(path, sizeof path, "%s/none", dir);
    cr_assert_not(file_read(path, 1 << 20, "a test file", &f, err, sizeof err));
    cr_assert(strstr(err, path) && strstr(err, "cannot open"), "%s", err);
    cr_assert_null(f.bytes);
    cr_assert_not(file_read(dir, 1 << 20, "a test file", &f, err, sizeof err));
    cr_assert(strstr(err, "not a regular file"), "%s", err);
    /* One byte over the limit. */
    static uint8_t big[(1 << 20) + 1];
    snprintf(path, sizeof path, "%s/big", dir);
    write_file(path, big, sizeof big);
    cr_assert_not(file_read(path, 1 << 20, "a test file", &f, err, sizeof err));
    cr_assert(strstr(err, "larger than 1 MiB, too large for a test file"), "%s", err);
    cr_assert(file_read(path, 2 << 20, "a test file", &f, err, sizeof err), "%s", err);
    cr_assert_eq(f.size, sizeof big);
    file_data_free(&f);
}

/* A pipe has no size: read to its end, and held to the limit as it grows. */
Test(file_io, pipe_read_to_its_end)
{
    for (int over = 0; over < 2; over++) {
        int fds[2];
        cr_assert_eq(pipe(fds), 0);
        static char data[40000];
        memset(data, 'x', sizeof data);
        cr_assert_eq(write(fds[1], data, sizeof data), (ssize_t)sizeof data);   /* fits the pipe */
        close(fds[1]);
        char path[64], err[256];
        snprintf(path, sizeof path, "/dev/fd/%d", fds[0]);
        file_data_t f;
        bool ok = file_read(path, over ? 1000 : 1 << 20, "a test file", &f, err, sizeof err);
        close(fds[0]);
        if (over) {
            cr_assert_not(ok);
            cr_assert(strstr(err, "too large"), "%s", err);
        } else {
            cr_assert(ok, "%s", err);
            cr_assert_eq(f.size, sizeof data);
            cr_assert_eq(f.bytes[sizeof data], 0);
            file_data_free(&f);
        }
    }
}

Test(file_io, map_regular_file)
{
    char path[128], err[256];
    snprintf(path, sizeof path, "%s/m.bin", dir);
    write_file(path, "0123456789", 10);
    file_data_t f;
    cr_assert(file_map(path, &f, err, sizeof err), "%s", err);
    cr_assert(f.mapped);
    cr_assert_eq(f.size, 10);
    cr_assert_eq(memcmp(f.bytes, "0123456789", 10), 0);
    file_data_free(&f);
}

/* file_open: a regular file stays open for the caller to read in parts,
 * anything else is read whole; the refusals are file_read's. */
Test(file_io, open_leaves_a_regular_file_open_and_reads_a_pipe)
{
    char path[128], err[256];
    snprintf(path, sizeof path, "%s/o.bin", dir);
    write_file(path, "0123456789", 10);
    file_data_t f;
    int fd;
    cr_assert(file_open(path, 1 << 20, "a test file", &fd, &f, err, sizeof err), "%s", err);
    cr_assert_geq(fd, 0);
    cr_assert_eq(f.size, 10);
    cr_assert_null(f.bytes);
    char got[4];
    cr_assert_eq(pread(fd, got, 4, 6), 4);
    cr_assert_eq(memcmp(got, "6789", 4), 0);
    close(fd);
    file_data_free(&f);

    int fds[2];
    cr_assert_eq(pipe(fds), 0);
    cr_assert_eq(write(fds[1], "piped", 5), 5);
    close(fds[1]);
    snprintf(path, sizeof path, "/dev/fd/%d", fds[0]);
    cr_assert(file_open(path, 1 << 20, "a test file", &fd, &f, err, sizeof err), "%s", err);
    close(fds[0]);
    cr_assert_eq(fd, -1);
    cr_assert_eq(f.size, 5);
    cr_assert_eq(memcmp(f.bytes, "piped", 6), 0);
    file_data_free(&f);

    snprintf(path, sizeof path, "%s/none", dir);
    cr_assert_not(file_open(path, 1 << 20, "a test file", &fd, &f, err, sizeof err));
    cr_assert(strstr(err, path) && strstr(err, "cannot open"), "%s", err);
    cr_assert_eq(fd, -1);
    snprintf(path, sizeof path, "%s/o.bin", dir);
    cr_assert_not(file_open(path, 9, "a test file", &fd, &f, err, sizeof err));
    cr_assert(strstr(err, "too large for a test file"), "%s", err);
    cr_assert_eq(fd, -1);
}

/* machine_load_file puts a file's bytes where it puts the same bytes
 * from memory, and a file shorter than asked is a read error. */
Test(file_io, load_from_a_file_as_from_memory)
{
    char path[128], err[256];
    snprintf(path, sizeof path, "%s/l.bin", dir);
    uint8_t data[10000];
    for (size_t i = 0; i < sizeof data; i++)
        data[i] = (uint8_t)(i * 7 + 3);
    write_file(path, data, sizeof data);
    machine_t *m = tmachine_new("an547");
    FILE *f = fopen(path, "rb");
    cr_assert(f);
    int fd = fileno(f);
    /* bytes 100.. of the file at the DTCM, the ITCM copied from memory
     * (no descriptor: from the bytes) */
    cr_assert(machine_load_file(m, 0x20000010, fd, NULL, 100, 9000, "a test file", err, sizeof err), "%s", err);
    cr_assert(machine_load_file(m, 0x10, -1, data, 100, 9000, "a test file", err, sizeof err), "%s", err);
    uint8_t a[9000], b[9000];
    cr_assert(machine_read_bytes(m, 0x20000010, a, sizeof a));
    cr_assert(machine_read_bytes(m, 0x10, b, sizeof b));
    cr_assert_eq(memcmp(a, data + 100, sizeof a), 0);
    cr_assert_eq(memcmp(a, b, sizeof a), 0);
    /* past the file's end */
    cr_assert_not(machine_load_file(m, 0x20000000, fd, NULL, 9000, 1001, "a test file", err, sizeof err));
    cr_assert(strstr(err, "a test file: read error (file truncated?)"), "%s", err);
    /* outside memory: refused before anything is read */
    cr_assert_not(machine_load_file(m, 0x0007FFF0, fd, NULL, 0, 100, "a test file", err, sizeof err));
    cr_assert(strstr(err, "outside the SoC's memory"), "%s", err);
    fclose(f);
    machine_destroy(m);
}

/* ---- the ELF's tables against GNU binutils ------------------------------- */

static const char program[] =
    "int counter = 3;\n"
    "int table[100];\n"
    "const int ro[4] = {1, 2, 3, 4};\n"
    "int twice(int x) { return 2 * x + counter; }\n"
    "static int helper(int x) { return x - ro[x & 3]; }\n"
    "int main(void) { table[1] = helper(twice(5)); return table[1]; }\n";

/* The test ELF loaded into an an547 machine, and tool (nm, objdump...)
 * started on it: the caller reads its output from the returned pipe.  The
 * ELF is built with the cross compiler, code in the ITCM and data in the
 * DTCM of the an547 map. */
typedef struct loaded {
    machine_t *m;
    elf_info_t info;
    elf_tables_t t;
} loaded_t;

static FILE *load_and_run(loaded_t *l, const char *tool)
{
    char src[128], elf[128], cmd[512], err[256];
    snprintf(src, sizeof src, "%s/p.c", dir);
    snprintf(elf, sizeof elf, "%s/p.elf", dir);
    write_file(src, program, sizeof program - 1);
    snprintf(cmd, sizeof cmd,
             "arm-none-eabi-gcc -mcpu=cortex-m55 -mthumb -O1 -nostdlib -e main -Wl,-Ttext=0x100 "
             "-Wl,-Tdata=0x20000000 -o %s %s",
             elf, src);
    cr_assert_eq(system(cmd), 0, "%s", cmd);
    l->m = tmachine_new("an547");
    cr_assert(elf_load(l->m, elf, &l->info, &l->t, err, sizeof err), "%s", err);
    snprintf(cmd, sizeof cmd, "%s %s", tool, elf);
    FILE *p = popen(cmd, "r");
    cr_assert(p, "cannot run %s", tool);
    return p;
}

static void unload(loaded_t *l, FILE *p)
{
    cr_assert_eq(pclose(p), 0);
    elf_tables_free(&l->t);
    machine_destroy(l->m);
}

static const elf_symbol_t *find(const elf_tables_t *t, const char *name)
{
    for (size_t i = 0; i < t->nsymbols; i++)
        if (!strcmp(t->symbols[i].name, name))
            return &t->symbols[i];
    return NULL;
}

Test(file_io, elf_symbols_as_nm_lists_them)
{
    loaded_t l;
    FILE *p = load_and_run(&l, "arm-none-eabi-nm -S --defined-only");
    const elf_tables_t *t = &l.t;
    char line[256];
    int checked = 0;
    while (fgets(line, sizeof line, p)) {
        /* "VALUE [SIZE] TYPE NAME" */
        char f[4][128];
        int n = sscanf(line, "%127s %127s %127s %127s", f[0], f[1], f[2], f[3]);
        const char *name = n == 4 ? f[3] : f[2];
        uint32_t value = (uint32_t)strtoul(f[0], NULL, 16);
        const elf_symbol_t *s = find(t, name);
        cr_assert(s, "nm lists %s, the tables do not", name);
        /* nm shows a Thumb function without its bit 0; the symbol has it. */
        uint32_t ours = s->type == STT_FUNC ? s->value & ~1u : s->value;
        cr_assert_eq(ours, value, "%s: 0x%x, nm 0x%x", name, s->value, value);
        if (n == 4)
            cr_assert_eq(s->size, (uint32_t)strtoul(f[1], NULL, 16), "%s: size", name);
        checked++;
    }
    cr_assert_geq(checked, 5, "nm listed %d symbols", checked);
    cr_assert(find(t, "twice") && find(t, "twice")->type == STT_FUNC);
    cr_assert(find(t, "table") && find(t, "table")->size == 400);
    unload(&l, p);
}

Test(file_io, elf_sections_as_objdump_lists_them)
{
    /* objdump -h: "IDX NAME SIZE VMA LMA OFFSET ALIGN", then a line of
     * flags; the allocated sections are those with ALLOC. */
    loaded_t l;
    FILE *p = load_and_run(&l, "arm-none-eabi-objdump -h");
    const elf_tables_t *t = &l.t;
    char line[256], prev[256] = "";
    size_t allocated = 0;
    uint64_t total = 0;
    while (fgets(line, sizeof line, p)) {
        unsigned idx;
        char name[64];
        unsigned long size, vma;
        if (strstr(line, "ALLOC") && sscanf(prev, "%u %63s %lx %lx", &idx, name, &size, &vma) == 4) {
            cr_assert_lt(allocated, t->nsections, "more allocated sections than the tables hold");
            const elf_section_t *s = &t->sections[allocated++];
            cr_assert_eq(s->addr, vma, "%s: address", name);
            cr_assert_eq(s->size, size, "%s: size", name);
            total += size;
        }
        snprintf(prev, sizeof prev, "%s", line);
    }
    cr_assert_eq(allocated, t->nsections);
    cr_assert_geq(allocated, 3, "text, data, bss at least");
    const elf_info_t *info = &l.info;
    cr_assert_eq(info->code_bytes + info->rodata_bytes + info->data_bytes + info->bss_bytes, total);
    unload(&l, p);
}

/* A regular ELF is read in parts from its descriptor, one from a pipe
 * whole from memory: both load the same bytes and the same tables. */
Test(file_io, elf_from_a_pipe_loads_as_from_the_file)
{
    loaded_t l;
    FILE *p = load_and_run(&l, "true");
    char cmd[256], path[64], err[256];
    snprintf(cmd, sizeof cmd, "cat %s/p.elf", dir);
    FILE *pipe = popen(cmd, "r");
    cr_assert(pipe);
    snprintf(path, sizeof path, "/dev/fd/%d", fileno(pipe));
    machine_t *m = tmachine_new("an547");
    elf_info_t info;
    elf_tables_t t;
    cr_assert(elf_load(m, path, &info, &t, err, sizeof err), "%s", err);
    cr_assert_eq(pclose(pipe), 0);
    cr_assert_eq(memcmp(&info, &l.info, sizeof info), 0);
    cr_assert_eq(t.nsymbols, l.t.nsymbols);
    cr_assert_eq(t.nsections, l.t.nsections);
    for (size_t i = 0; i < t.nsymbols; i++) {
        cr_assert_str_eq(t.symbols[i].name, l.t.symbols[i].name);
        cr_assert_eq(t.symbols[i].value, l.t.symbols[i].value);
    }
    static uint8_t a[64 << 10], b[64 << 10];
    cr_assert(machine_read_bytes(m, 0, a, sizeof a));
    cr_assert(machine_read_bytes(l.m, 0, b, sizeof b));
    cr_assert_eq(memcmp(a, b, sizeof a), 0);
    cr_assert(machine_read_bytes(m, 0x20000000, a, sizeof a));
    cr_assert(machine_read_bytes(l.m, 0x20000000, b, sizeof b));
    cr_assert_eq(memcmp(a, b, sizeof a), 0);
    cr_assert_neq(a[0], 0, "the data segment was loaded");   /* counter = 3 */
    elf_tables_free(&t);
    machine_destroy(m);
    unload(&l, p);
}
