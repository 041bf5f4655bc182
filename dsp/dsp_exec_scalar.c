/* Semantics of the scalar, control and system operations. */
#include "dsp_exec.h"
#include "dsp_internal.h"

#define RS(k) dsp_rd_r(c, op->x[k])
#define SET(v) dsp_wr_r(c, op->x[0], (uint32_t)(v))

void ex_nop(struct dsp_core *c, const struct dsp_op *op) { (void)c; (void)op; }
void ex_add(struct dsp_core *c, const struct dsp_op *op) { SET(RS(1) + RS(2)); }
void ex_sub(struct dsp_core *c, const struct dsp_op *op) { SET(RS(1) - RS(2)); }
void ex_and(struct dsp_core *c, const struct dsp_op *op) { SET(RS(1) & RS(2)); }
void ex_or(struct dsp_core *c, const struct dsp_op *op) { SET(RS(1) | RS(2)); }
void ex_xor(struct dsp_core *c, const struct dsp_op *op) { SET(RS(1) ^ RS(2)); }
/* Register shift amounts use their low 5 bits. */
void ex_sll(struct dsp_core *c, const struct dsp_op *op) { SET(RS(1) << (RS(2) & 31)); }
void ex_srl(struct dsp_core *c, const struct dsp_op *op) { SET(RS(1) >> (RS(2) & 31)); }
void ex_sra(struct dsp_core *c, const struct dsp_op *op) { SET((uint32_t)((int32_t)RS(1) >> (RS(2) & 31))); }
void ex_mul(struct dsp_core *c, const struct dsp_op *op) { SET(RS(1) * RS(2)); }
void ex_mulh(struct dsp_core *c, const struct dsp_op *op)
{
    SET((uint64_t)((int64_t)(int32_t)RS(1) * (int32_t)RS(2)) >> 32);
}
void ex_min(struct dsp_core *c, const struct dsp_op *op) { SET((int32_t)RS(1) < (int32_t)RS(2) ? RS(1) : RS(2)); }
void ex_max(struct dsp_core *c, const struct dsp_op *op) { SET((int32_t)RS(1) > (int32_t)RS(2) ? RS(1) : RS(2)); }
void ex_moveqz(struct dsp_core *c, const struct dsp_op *op) { if (RS(2) == 0) SET(RS(1)); }
void ex_movnez(struct dsp_core *c, const struct dsp_op *op) { if (RS(2) != 0) SET(RS(1)); }
void ex_movltz(struct dsp_core *c, const struct dsp_op *op) { if ((int32_t)RS(2) < 0) SET(RS(1)); }
void ex_movgez(struct dsp_core *c, const struct dsp_op *op) { if ((int32_t)RS(2) >= 0) SET(RS(1)); }
void ex_mov(struct dsp_core *c, const struct dsp_op *op) { SET(RS(1)); }
void ex_abs(struct dsp_core *c, const struct dsp_op *op) { SET((int32_t)RS(1) < 0 ? 0u - RS(1) : RS(1)); }
void ex_neg(struct dsp_core *c, const struct dsp_op *op) { SET(0u - RS(1)); }
/* Normalize shift amount: how far x can be shifted left before its sign
 * bit changes (31 for 0 and -1). */
void ex_nsa(struct dsp_core *c, const struct dsp_op *op)
{
    uint32_t x = RS(1);
    if ((int32_t)x < 0)
        x = ~x;
    unsigned n = 0;
    while (n < 31 && !(x & (0x40000000u >> n)))
        n++;
    SET(n);
}
void ex_addi(struct dsp_core *c, const struct dsp_op *op) { SET(RS(1) + (uint32_t)op->x[2]); }
void ex_slli(struct dsp_core *c, const struct dsp_op *op) { SET(RS(1) << op->x[2]); }
void ex_srli(struct dsp_core *c, const struct dsp_op *op) { SET(RS(1) >> op->x[2]); }
void ex_srai(struct dsp_core *c, const struct dsp_op *op) { SET((uint32_t)((int32_t)RS(1) >> op->x[2])); }
void ex_movi(struct dsp_core *c, const struct dsp_op *op) { SET((uint32_t)op->x[1]); }

static void go(struct dsp_core *c, uint32_t target)
{
    c->next_pc = target;
    c->taken = true;
}

#define BRANCH1(name, cond) \
    void ex_##name(struct dsp_core *c, const struct dsp_op *op) { int32_t s = (int32_t)RS(0); if (cond) go(c, (uint32_t)op->x[1]); }
#define BRANCH2(name, cond) \
    void ex_##name(struct dsp_core *c, const struct dsp_op *op) { uint32_t s = RS(0), t = RS(1); if (cond) go(c, (uint32_t)op->x[2]); }
BRANCH1(beqz, s == 0)
BRANCH1(bnez, s != 0)
BRANCH1(bltz, s < 0)
BRANCH1(bgez, s >= 0)
BRANCH2(beq, s == t)
BRANCH2(bne, s != t)
BRANCH2(blt, (int32_t)s < (int32_t)t)
BRANCH2(bge, (int32_t)s >= (int32_t)t)
BRANCH2(bltu, s < t)
BRANCH2(bgeu, s >= t)

void ex_j(struct dsp_core *c, const struct dsp_op *op) { go(c, (uint32_t)op->x[0]); }
void ex_call(struct dsp_core *c, const struct dsp_op *op)
{
    dsp_wr_r(c, 15, c->pc + DSP_BUNDLE_BYTES);
    go(c, (uint32_t)op->x[0]);
}
void ex_jr(struct dsp_core *c, const struct dsp_op *op) { go(c, RS(0)); }
void ex_callr(struct dsp_core *c, const struct dsp_op *op)
{
    dsp_wr_r(c, 15, c->pc + DSP_BUNDLE_BYTES);
    go(c, RS(0));
}
void ex_ret(struct dsp_core *c, const struct dsp_op *op) { (void)op; go(c, dsp_rd_r(c, 15)); }

/* loop rS, end: run the bundles from the next one up to (not including)
 * end rS times; rS = 0 skips the body.  Two levels may be active. */
void ex_loop(struct dsp_core *c, const struct dsp_op *op)
{
    uint32_t count = RS(0), end = (uint32_t)op->x[1];
    if (end <= c->pc + DSP_BUNDLE_BYTES) {
        dsp_fault(c, "loop with an empty body");
        return;
    }
    if (count == 0) {
        go(c, end);
        return;
    }
    if (c->loop_depth == 2) {
        dsp_fault(c, "a third hardware loop level (two are supported)");
        return;
    }
    c->loop[c->loop_depth++] = (struct dsp_loop){ c->pc + DSP_BUNDLE_BYTES, end, count };
}

void ex_rsr(struct dsp_core *c, const struct dsp_op *op) { SET(dsp_sr_read(c, (unsigned)op->x[1])); }
void ex_wsr(struct dsp_core *c, const struct dsp_op *op) { dsp_sr_write(c, (unsigned)op->x[1], RS(0)); }

void ex_halt(struct dsp_core *c, const struct dsp_op *op) { (void)op; c->halted = true; }
void ex_break(struct dsp_core *c, const struct dsp_op *op) { (void)op; dsp_fault(c, "break"); }

/* waiti: enable interrupts and sleep until the line is raised. */
void ex_waiti(struct dsp_core *c, const struct dsp_op *op)
{
    (void)op;
    c->sr[DSP_SR_PS] |= 1u;
    c->sleeping = true;
}

void ex_rfi(struct dsp_core *c, const struct dsp_op *op)
{
    (void)op;
    c->sr[DSP_SR_PS] = (c->sr[DSP_SR_PS] & 2u) ? 1u : 0u;
    go(c, c->sr[DSP_SR_EPC]);
}

/* dma.start: copy DMA_LEN bytes from DMA_SRC to DMA_DST.  The copy is
 * done at once; its time (setup + bytes / bandwidth + the bus waits) runs
 * from the end of the previous transfer and is waited for by dma.wait. */
void ex_dma_start(struct dsp_core *c, const struct dsp_op *op)
{
    (void)op;
    uint32_t len = c->sr[DSP_SR_DMA_LEN];
    unsigned wait;
    if (!dsp_mem_copy(c, c->sr[DSP_SR_DMA_DST], c->sr[DSP_SR_DMA_SRC], len, &wait))
        return;
    uint64_t start = c->dma_done_at > c->cycle ? c->dma_done_at : c->cycle;
    uint64_t bw = c->cfg.dma_bytes_per_cycle;
    c->dma_done_at = start + c->cfg.dma_setup_cycles + (len + bw - 1) / bw + wait;
    c->stats.dma_bytes += len;
}

void ex_dma_wait(struct dsp_core *c, const struct dsp_op *op)
{
    (void)op;
    if (c->dma_done_at > c->cycle)
        c->mem_wait += (unsigned)(c->dma_done_at - c->cycle);
}
