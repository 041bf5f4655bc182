/* Traces: the compact binary trace (docs/trace.md) that `etsim --trace`
 * writes and `etsim-trace` reads, at operator level (level 0) or with every
 * instruction as well (level 1, sim/trace_insn.c), and the Chrome
 * trace-event timeline (`etsim --timeline`, opens in Perfetto).
 *
 * The reader trusts nothing: a truncated or corrupt file is an error with a
 * message, never a crash. */
#ifndef ETSIM_SIM_TRACE_H
#define ETSIM_SIM_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "file_io.h"
#include "report.h"

#define TRACE_MAGIC "ETSTRACE"
#define TRACE_VERSION 2               /* the newest version this reader knows */
#define TRACE_VERSION_BASE 1          /* what a file without NPU records says, and
                                         a level-1 header (written before the run) */
#define TRACE_VERSION_NPU 2           /* the first with NPU operation records; without
                                         any, the writer still writes version 1 */
#define TRACE_HEADER_BYTES 32
#define TRACE_RECORD_BYTES 48
#define TRACE_LEVEL_OPERATOR 0
#define TRACE_LEVEL_INSTRUCTION 1
#define TRACE_LEVEL_MEMORY 2           /* level 1 plus every data memory access */
#define TRACE_TRAILER_BYTES 16         /* level 1: operator section offset, instruction count */
#define TRACE_FLAG_ENERGY 1u
#define TRACE_NO_ENERGY UINT64_MAX
#define TRACE_MAX_STRING 255

enum { TRACE_REC_INFERENCE = 1, TRACE_REC_OPERATOR = 2, TRACE_REC_NPU_OP = 3 };

/* Kinds 1 and 2: iteration, index, name (string id, operators), start
 * (cycles after the inference began), cycles, instret, energy_pj.
 * Kind 3, one NPU operation of the device's last job (version 2): iteration
 * = job number (0-based, over the run), index = operation number in the
 * job, npu_kind = npu_op_kind_t, name = the command's offset in the command
 * stream, start = cycles after the job's first operation began, cycles,
 * instret = MACs, energy_pj = AXI bytes read and written. */
typedef struct trace_rec {
    uint8_t kind, engine;
    uint32_t iteration, index, name;
    uint64_t start, cycles, instret;
    uint64_t energy_pj;                /* TRACE_NO_ENERGY without the power model */
    uint16_t npu_kind;                 /* kind 3 only; 0 otherwise */
} trace_rec_t;

typedef struct trace {
    uint16_t version;
    uint8_t level, flags;
    uint32_t cpu_khz;
    uint64_t run_cycles;
    char **strings;        /* 0 SoC, 1 model, 2 firmware, then operator names */
    uint32_t nstrings;
    trace_rec_t *recs;
    uint32_t nrecs;
    /* Level 1: the instruction section (checked by trace_parse; walk it
     * with trace_iter_*).  It points into the parsed buffer. */
    const uint8_t *insn;
    size_t insn_off, insn_len;     /* file offset and size of the section */
    uint64_t ninsns;
    file_data_t file;              /* trace_read: the file's bytes, owned */
} trace_t;

bool trace_write(const char *path, const machine_t *m, const run_info_t *ri, const analysis_t *a, char *err,
                 size_t errlen);
/* Parse a whole trace held in memory / read one from a file.  A level-1
 * trace parsed from memory points into buf: keep buf until trace_free(). */
bool trace_parse(const uint8_t *buf, size_t len, trace_t *t, char *err, size_t errlen);
bool trace_read(const char *path, trace_t *t, char *err, size_t errlen);
void trace_free(trace_t *t);

/* CRC-32 (IEEE, as zlib's crc32), slice-by-8; the tables are built per
 * use (no global state). crc: 0 to start, then the previous result. */
typedef struct trace_crc {
    uint32_t table[8][256];
} trace_crc_t;
void trace_crc_init(trace_crc_t *c);
uint32_t trace_crc_update(const trace_crc_t *c, uint32_t crc, const uint8_t *p, size_t n);

/* The operator section (a level-0 trace without its checksum) in a
 * growable buffer: shared by both levels.  Returns NULL when out of
 * memory. */
uint8_t *trace_operator_image(const machine_t *m, const run_info_t *ri, const analysis_t *a, size_t *len);

/* ---- level 1: instructions (sim/trace_insn.c) ---------------------------- */

/* The register state a level-1 trace follows: slot numbers. */
#define TRACE_SLOT_XPSR 15           /* 0..14: r0..r14 */
#define TRACE_SLOT_S0 16             /* 16..47: s0..s31 (= d0..d15 = q0..q7) */
#define TRACE_SLOT_FPSCR 48
#define TRACE_SLOT_VPR 49
#define TRACE_SLOTS 50

/* Writing: itrace_open() creates the file, writes the header and sets the
 * core's on_insn hook (and, at level 2, its on_mem hook); every retired instruction is then encoded into a
 * 1 MiB buffer that is written out whenever it fills.  A write error
 * (disk full) stops the run (cpu_request_stop, STOP_REQUEST):
 * itrace_error() then says so.  itrace_finish() appends the operator
 * section and the trailer; itrace_abort() closes and removes a regular
 * file after an error. */
typedef struct itrace itrace_t;
itrace_t *itrace_open(const char *path, machine_t *m, int level, char *err, size_t errlen);
bool itrace_error(const itrace_t *t, char *err, size_t errlen);
uint64_t itrace_count(const itrace_t *t);
bool itrace_finish(itrace_t *t, const machine_t *m, const run_info_t *ri, const analysis_t *a, char *err,
                   size_t errlen);
void itrace_abort(itrace_t *t);

/* Reading: one instruction record after another, each with the memory
 * accesses (level 2) that came before it. */
#define TRACE_MEM_WRITE 1u             /* trace_mem_t.flags (= CPU_MEM_*) */
#define TRACE_MEM_EXCEPTION 2u
#define TRACE_MAX_MEM_PER_INSN 4096u   /* more in a row is a corrupt file */
typedef struct trace_mem {
    uint32_t addr;
    uint32_t wait;                 /* stall cycles the access cost */
    uint8_t size;                  /* 1, 2, 4 or 16 */
    uint8_t flags;                 /* TRACE_MEM_* */
    uint8_t bytes[16];             /* the bytes read or written */
} trace_mem_t;

typedef struct trace_insn {
    uint64_t index;                /* 0-based */
    uint64_t cycles;               /* core cycles when it retired */
    uint32_t pc, raw;              /* raw as isa/insn.h: hw1 << 16 | hw2, or hw */
    uint8_t size;                  /* 2 or 4 */
    uint32_t pc_id;                /* dense: order in which the PCs first appear */
    uint64_t changed;              /* slots whose value this record changed */
    const uint32_t *state;         /* TRACE_SLOTS values after it */
    const trace_mem_t *mem;        /* the accesses since the previous record */
    uint32_t nmem;
} trace_insn_t;

typedef struct trace_pcmap trace_pcmap_t;
typedef struct trace_iter {
    const trace_t *t;
    size_t pos;                    /* in t->insn */
    uint64_t index, cycles;
    uint32_t expect;               /* PC of the next record unless it jumps */
    uint32_t state[TRACE_SLOTS];
    trace_pcmap_t *pcs;
    trace_mem_t *mem;              /* level 2: the accesses before the current record */
    uint32_t nmem, mem_cap;
    uint32_t mem_expect;           /* address of the next access unless it jumps */
    char err[160];                 /* set when trace_iter_next fails */
} trace_iter_t;

/* False when out of memory. */
bool trace_iter_start(trace_iter_t *it, const trace_t *t);
/* The next record: false at the end (it->err empty) or on a corrupt record
 * (it->err says what and at which byte of the file).  At the end, it->nmem
 * accesses may be left that no instruction retired after (a fault that
 * stopped the run): they are in it->mem. */
bool trace_iter_next(trace_iter_t *it, trace_insn_t *out);
/* Distinct PCs seen so far (pc_id < this). */
uint32_t trace_iter_npcs(const trace_iter_t *it);
void trace_iter_free(trace_iter_t *it);
/* Check a whole instruction section (trace_parse does). */
bool trace_insn_check(const trace_t *t, char *err, size_t errlen);
/* Name of a slot: "r0".."r12", "sp", "lr", "xpsr", "s0".., "fpscr", "vpr". */
const char *trace_slot_name(unsigned slot, char *buf, size_t len);

bool trace_write_timeline(const char *path, const machine_t *m, const analysis_t *a, char *err, size_t errlen);

#endif
