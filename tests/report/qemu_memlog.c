/*
 * qemu_memlog.c - a QEMU TCG plugin logging every executed instruction and
 * the data memory accesses it makes, as an independent oracle for etsim's
 * memory-access trace.
 *
 *   qemu-system-arm -M mps3-an547 ... -plugin ./qemu-memlog.so,out=FILE
 *
 * (arg=out=FILE works too; QEMU 7.2 calls that form deprecated.)
 *
 * FILE gets, for each executed instruction, one line "I <pc>" and then one
 * line per data access it makes, in order: "R <vaddr> <bytes>" or
 * "W <vaddr> <bytes>" (hex without 0x, lowercase; size in decimal).
 * Instruction fetches are not memory callbacks and never appear.
 *
 * Debian's QEMU ships no qemu-plugin.h, so the few declarations needed are
 * written out below. They describe the plugin ABI of QEMU 7.2 (API version
 * 1; include/qemu/qemu-plugin.h of that release); QEMU resolves the
 * qemu_plugin_* functions from its own executable when it dlopen()s us.
 * Single vCPU (Cortex-M): no locking.
 */
#define _GNU_SOURCE /* fwrite_unlocked */
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- QEMU 7.2 plugin API (subset) ------------------------------------- */

#define PLUGIN_EXPORT __attribute__((visibility("default")))

typedef uint64_t qemu_plugin_id_t;
typedef uint32_t qemu_plugin_meminfo_t;

typedef struct {
    const char *target_name;
    struct {
        int min;
        int cur;
    } version;
    bool system_emulation;
    union {
        struct {
            int smp_vcpus;
            int max_vcpus;
        } system;
    };
} qemu_info_t;

struct qemu_plugin_tb;
struct qemu_plugin_insn;

enum qemu_plugin_cb_flags {
    QEMU_PLUGIN_CB_NO_REGS = 0,
    QEMU_PLUGIN_CB_R_REGS = 1,
    QEMU_PLUGIN_CB_RW_REGS = 2,
};

enum qemu_plugin_mem_rw {
    QEMU_PLUGIN_MEM_R = 1,
    QEMU_PLUGIN_MEM_W = 2,
    QEMU_PLUGIN_MEM_RW = 3,
};

typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t id, void *userdata);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int vcpu_index, void *userdata);
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t id, struct qemu_plugin_tb *tb);
typedef void (*qemu_plugin_vcpu_mem_cb_t)(unsigned int vcpu_index, qemu_plugin_meminfo_t info,
                                          uint64_t vaddr, void *userdata);

void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t id, qemu_plugin_vcpu_tb_trans_cb_t cb);
void qemu_plugin_register_vcpu_insn_exec_cb(struct qemu_plugin_insn *insn,
                                            qemu_plugin_vcpu_udata_cb_t cb,
                                            enum qemu_plugin_cb_flags flags, void *userdata);
void qemu_plugin_register_vcpu_mem_cb(struct qemu_plugin_insn *insn, qemu_plugin_vcpu_mem_cb_t cb,
                                      enum qemu_plugin_cb_flags flags, enum qemu_plugin_mem_rw rw,
                                      void *userdata);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t id, qemu_plugin_udata_cb_t cb,
                                    void *userdata);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *tb);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *tb, size_t idx);
uint64_t qemu_plugin_insn_vaddr(const struct qemu_plugin_insn *insn);
unsigned int qemu_plugin_mem_size_shift(qemu_plugin_meminfo_t info);
bool qemu_plugin_mem_is_store(qemu_plugin_meminfo_t info);

/* QEMU 7.2 accepts API versions 0..1 and refuses a plugin without this. */
PLUGIN_EXPORT int qemu_plugin_version = 1;

PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc,
                                      char **argv);

/* ---- the plugin --------------------------------------------------------- */

#define OUT_BUFFER (1u << 20)

static FILE *out;
static char *out_buf;

/* Lines are formatted by hand and written unlocked: fprintf dominated the run time. */
static char *put_hex(char *p, uint64_t v)
{
    static const char digits[] = "0123456789abcdef";
    char tmp[16];
    int n = 0;
    do {
        tmp[n++] = digits[v & 0xf];
        v >>= 4;
    } while (v);
    while (n)
        *p++ = tmp[--n];
    return p;
}

/* out is NULL once the atexit callback has closed it: a vCPU still running
 * then (QEMU shutting down on a signal) must not write. */
static void on_insn(unsigned int vcpu_index, void *userdata)
{
    if (!out)
        return;
    char line[24], *p = line;
    *p++ = 'I';
    *p++ = ' ';
    p = put_hex(p, (uint64_t)(uintptr_t)userdata);
    *p++ = '\n';
    fwrite_unlocked(line, 1, (size_t)(p - line), out);
}

static void on_mem(unsigned int vcpu_index, qemu_plugin_meminfo_t info, uint64_t vaddr,
                   void *userdata)
{
    if (!out)
        return;
    unsigned size = 1u << qemu_plugin_mem_size_shift(info);
    char line[48], *p = line;
    *p++ = qemu_plugin_mem_is_store(info) ? 'W' : 'R';
    *p++ = ' ';
    p = put_hex(p, vaddr);
    *p++ = ' ';
    if (size >= 100)
        *p++ = (char)('0' + size / 100);
    if (size >= 10)
        *p++ = (char)('0' + size / 10 % 10);
    *p++ = (char)('0' + size % 10);
    *p++ = '\n';
    fwrite_unlocked(line, 1, (size_t)(p - line), out);
}

static void on_tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    (void)id;
    size_t n = qemu_plugin_tb_n_insns(tb);
    for (size_t i = 0; i < n; i++) {
        struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        uintptr_t pc = (uintptr_t)qemu_plugin_insn_vaddr(insn);
        qemu_plugin_register_vcpu_insn_exec_cb(insn, on_insn, QEMU_PLUGIN_CB_NO_REGS,
                                               (void *)pc);
        qemu_plugin_register_vcpu_mem_cb(insn, on_mem, QEMU_PLUGIN_CB_NO_REGS,
                                         QEMU_PLUGIN_MEM_RW, NULL);
    }
}

static void on_atexit(qemu_plugin_id_t id, void *userdata)
{
    (void)id;
    (void)userdata;
    if (out) {
        if (fclose(out) != 0)
            perror("qemu-memlog: closing the log");
        out = NULL;
    }
    free(out_buf);
    out_buf = NULL;
}

PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc,
                                      char **argv)
{
    (void)info;
    const char *path = NULL;
    for (int i = 0; i < argc; i++) {
        if (strncmp(argv[i], "out=", 4) == 0 && argv[i][4] != '\0') {
            path = argv[i] + 4;
        } else {
            fprintf(stderr, "qemu-memlog: unknown argument '%s' (expected out=PATH)\n", argv[i]);
            return 1;
        }
    }
    if (!path) {
        fprintf(stderr, "qemu-memlog: missing argument out=PATH\n");
        return 1;
    }
    out = fopen(path, "w");
    if (!out) {
        fprintf(stderr, "qemu-memlog: cannot open %s: %s\n", path, strerror(errno));
        return 1;
    }
    out_buf = malloc(OUT_BUFFER);
    if (out_buf)
        setvbuf(out, out_buf, _IOFBF, OUT_BUFFER);
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_tb_trans);
    qemu_plugin_register_atexit_cb(id, on_atexit, NULL);
    return 0;
}
