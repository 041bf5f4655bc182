/* Inside the HLD core: state, decoded bundles, and the helpers the
 * semantic functions (dsp_exec_*.c) use.  Not for use outside dsp/. */
#ifndef ETSIM_DSP_INTERNAL_H
#define ETSIM_DSP_INTERNAL_H

#include <stdio.h>

#include "dsp_core.h"

/* Register files: what one bundle reads (a snapshot taken at issue) and
 * writes, so every slot sees the values from before the bundle. */
typedef struct dsp_regs {
    uint32_t r[DSP_NUM_R];
    uint64_t v[DSP_NUM_V];
    int64_t a[DSP_NUM_A][4];
    uint8_t p[DSP_NUM_P];
    uint64_t ubuf[DSP_NUM_U];  /* alignment registers: the last aligned dword */
    uint8_t uoff[DSP_NUM_U];   /* ... and the byte offset of the stream */
} dsp_regs_t;

/* A decoded operation: its row and operand values. */
typedef struct dsp_op {
    const dsp_op_desc_t *desc;
    int64_t x[4];              /* register numbers, immediates, absolute targets */
} dsp_op_t;

/* Register reads and writes of a bundle, for the scoreboard. */
enum dsp_regfile { DSP_RF_R, DSP_RF_V, DSP_RF_A, DSP_RF_P, DSP_RF_U };
typedef struct dsp_reguse {
    uint8_t file, index, role;   /* role: DSP_USE / DSP_DEF / DSP_MOD / DSP_ACC */
    uint8_t latency;             /* of the writing operation */
} dsp_reguse_t;

#define DSP_MAX_REGUSE 24

/* A predecoded bundle (one per instruction-memory dword). */
typedef struct dsp_bundle {
    uint8_t state;               /* 0 not decoded, 1 decoded, 2 illegal */
    uint8_t op_count;
    uint8_t nuse;
    dsp_op_t op[DSP_SLOTS];
    dsp_reguse_t use[DSP_MAX_REGUSE];
    char why[128];                /* illegal: the reason */
} dsp_bundle_t;

/* Decode the 64-bit bundle found at pc into b (state 1, or 2 with why). */
void dsp_decode_bundle(uint64_t bits, uint32_t pc, dsp_bundle_t *b);

struct dsp_loop { uint32_t beg, end, count; };

struct dsp_core {
    dsp_config_t cfg;
    dsp_port_t port;
    uint8_t *iram, *dram;
    dsp_bundle_t *decoded;       /* predecode cache, one per IRAM bundle */

    dsp_regs_t st;               /* architectural registers */
    dsp_regs_t in;               /* snapshot during a bundle */
    uint32_t pc;
    struct dsp_loop loop[2];
    unsigned loop_depth;         /* active hardware loop levels */
    uint32_t sr[DSP_SR_COUNT];   /* the plain special registers */
    bool irq_line, sleeping, halted;

    /* Timing. */
    uint64_t cycle;              /* CCOUNT */
    uint64_t ready_r[DSP_NUM_R], ready_v[DSP_NUM_V], ready_a[DSP_NUM_A];
    uint64_t fwd_a[DSP_NUM_A];   /* ready for the next MAC into the same a */
    uint64_t ready_p[DSP_NUM_P], ready_u[DSP_NUM_U];
    uint64_t dma_done_at;
    dsp_stats_t stats;

    /* During one bundle. */
    uint32_t next_pc;
    bool taken;                  /* control transfer: next_pc set */
    bool fault;
    char fault_msg[128];
    unsigned mem_ops;
    unsigned mem_wait;           /* wait states and conflicts */
    int bank_used[2];            /* loads per bank in this bundle */
    dsp_step_info_t *info;
    struct { uint32_t addr, len; uint8_t data[8]; bool pending; } store;
};

/* Reading (snapshot) and writing (new state) registers. */
static inline uint32_t dsp_rd_r(const struct dsp_core *c, int64_t i) { return i == 0 ? 0 : c->in.r[i]; }
static inline void dsp_wr_r(struct dsp_core *c, int64_t i, uint32_t v) { if (i != 0) c->st.r[i] = v; }

void dsp_fault(struct dsp_core *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Data memory access of the issuing bundle: local or over the port, with
 * wait states and bank conflicts charged.  Loads read now; a store is
 * committed after every slot has read (dsp_mem_commit). */
bool dsp_mem_load(struct dsp_core *c, uint32_t addr, void *dst, uint32_t len);
bool dsp_mem_store(struct dsp_core *c, uint32_t addr, const void *src, uint32_t len);
void dsp_mem_commit(struct dsp_core *c);
/* A copy by the DMA engine (no bundle charged); false with a fault. */
bool dsp_mem_copy(struct dsp_core *c, uint32_t dst, uint32_t src, uint32_t len, unsigned *wait);

/* Special registers, shared by rsr/wsr and the core. */
uint32_t dsp_sr_read(const struct dsp_core *c, unsigned sr);
void dsp_sr_write(struct dsp_core *c, unsigned sr, uint32_t v);

#endif
