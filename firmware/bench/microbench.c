/* Calibration microbenchmarks: loops whose cycles per iteration follow from
 * published Cortex-M55 figures (../shared/reference/CALIBRATION.md section 2,
 * LLVM's Cortex-M55 scheduling model).  Each loop runs N iterations between
 * two reads of DWT CYCCNT; the program prints measured and expected cycles
 * per iteration and the error.  On QEMU CYCCNT reads 0 (no DWT model), so
 * this is only meaningful on etsim (and on silicon).
 *
 * Most loop bodies are 8 copies of the instruction under test, all
 * dependent on each other, closed by a low-overhead loop (LE, zero overhead
 * after the first iteration on the M55), so cycles per iteration = 8 x
 * latency; the others say what they expect and why.  The expectations
 * follow from the published figures, not from etsim's tables: a change of
 * the model that breaks a rule shows here as an error.
 */
#include <stdint.h>
#include <stdio.h>

#include "an547.h"

#define ITER 1000u

typedef struct bench {
    const char *name;
    uint32_t (*run)(void);   /* returns CYCCNT cycles for ITER iterations */
    double expected;         /* cycles per iteration */
    const char *source;
} bench_t;

static inline uint32_t cyccnt(void)
{
    return DWT_CYCCNT;
}

#define REP8(x) x x x x x x x x

static uint32_t add_chain(void)
{
    uint32_t n = ITER, a = 0, t0 = cyccnt();
    __asm volatile("dls lr, %[n]\n1:\n" REP8("add %[a], %[a], #1\n") "le lr, 1b\n"
                   : [a] "+r"(a) : [n] "r"(n) : "lr", "memory");
    return cyccnt() - t0;
}

static uint32_t mul_chain(void)
{
    uint32_t n = ITER, a = 3, b = 5, t0 = cyccnt();
    __asm volatile("dls lr, %[n]\n1:\n" REP8("mul %[a], %[a], %[b]\n") "le lr, 1b\n"
                   : [a] "+r"(a) : [n] "r"(n), [b] "r"(b) : "lr", "memory");
    return cyccnt() - t0;
}

static volatile uint32_t chase_cell;

static uint32_t pointer_chase(void)
{
    /* A cell that points at itself: every load depends on the previous. */
    chase_cell = (uint32_t)(uintptr_t)&chase_cell;
    uint32_t n = ITER, p = (uint32_t)(uintptr_t)&chase_cell, t0 = cyccnt();
    __asm volatile("dls lr, %[n]\n1:\n" REP8("ldr %[p], [%[p]]\n") "le lr, 1b\n"
                   : [p] "+r"(p) : [n] "r"(n) : "lr", "memory");
    return cyccnt() - t0;
}

static uint32_t vfma_chain(void)
{
    uint32_t n = ITER, t0 = cyccnt();
    __asm volatile("vmov.f32 s0, #1.0\nvmov.f32 s1, #0.5\nvmov.f32 s2, #0.5\n"
                   "dls lr, %[n]\n1:\n" REP8("vfma.f32 s0, s1, s2\n") "le lr, 1b\n"
                   : : [n] "r"(n) : "lr", "s0", "s1", "s2", "memory");
    return cyccnt() - t0;
}

static uint32_t fp64_add_chain(void)
{
    uint32_t n = ITER, t0 = cyccnt();
    __asm volatile("vmov.f64 d0, #1.0\nvmov.f64 d1, #0.5\n"
                   "dls lr, %[n]\n1:\n" REP8("vadd.f64 d0, d0, d1\n") "le lr, 1b\n"
                   : : [n] "r"(n) : "lr", "d0", "d1", "memory");
    return cyccnt() - t0;
}

static uint32_t vdiv_chain(void)
{
    uint32_t n = ITER, t0 = cyccnt();
    __asm volatile("vmov.f32 s0, #1.0\nvmov.f32 s1, #1.0\n"
                   "dls lr, %[n]\n1:\n" REP8("vdiv.f32 s0, s0, s1\n") "le lr, 1b\n"
                   : : [n] "r"(n) : "lr", "s0", "s1", "memory");
    return cyccnt() - t0;
}

/* A taken forward branch in every slot: 8 branches per iteration. */
static uint32_t taken_branches(void)
{
    uint32_t n = ITER, t0 = cyccnt();
    __asm volatile("dls lr, %[n]\n1:\n" REP8("b 2f\n nop\n 2:\n") "le lr, 1b\n"
                   : : [n] "r"(n) : "lr", "memory");
    return cyccnt() - t0;
}

/* A counted loop closed by SUBS + BNE instead of LE: the backward BNE is
 * held by the loop and branch info cache after its first taken pass and
 * predicted taken, so it costs its issue cycle only.  Body: 8 dependent
 * ADD.W (8), SUBS (1; the BNE reads its flags, so no pair), BNE (1). */
static uint32_t backward_branch_loop(void)
{
    uint32_t n = ITER, a = 0, t0 = cyccnt();
    __asm volatile("1:\n" REP8("add.w %[a], %[a], #1\n") "subs %[n], #1\n bne 1b\n"
                   : [a] "+r"(a), [n] "+l"(n) : : "cc", "memory");
    return cyccnt() - t0;
}

/* A call and its return per iteration (BL, BX LR), in a SUBS + BNE loop:
 * BL 3, BX LR 3 (immediate and register branches alike: the Cortex-M4 TRM
 * gives both 1 + P), SUBS 1, BNE 1 (predicted). */
static uint32_t call_return(void)
{
    uint32_t n = ITER, t0 = cyccnt();
    __asm volatile("1: bl 2f\n subs %[n], #1\n bne 1b\n b 3f\n 2: bx lr\n 3:\n"
                   : [n] "+l"(n) : : "lr", "cc", "memory");
    return cyccnt() - t0;
}

/* A return through POP {pc}: PUSH {lr} (1), POP {pc} (1 + the load's
 * latency 1 + refill 2 = 4: the target is known only when the load is
 * done; Cortex-M4 TRM: POP 1 + N + P), BL 3, SUBS 1, BNE 1. */
static uint32_t call_pop_pc(void)
{
    uint32_t n = ITER, t0 = cyccnt();
    __asm volatile("1: bl 2f\n subs %[n], #1\n bne 1b\n b 3f\n 2: push {lr}\n pop {pc}\n 3:\n"
                   : [n] "+l"(n) : : "lr", "cc", "memory");
    return cyccnt() - t0;
}

/* A switch dispatch: TBB (2 + refill 2; Cortex-M4 TRM: TBB 2 + P) to the
 * first case, SUBS 1, BNE 1 (predicted). */
static uint32_t table_branch(void)
{
    uint32_t n = ITER, i = 0, t0 = cyccnt();
    __asm volatile("1: tbb [pc, %[i]]\n .byte 1, 1\n subs %[n], #1\n bne 1b\n"
                   : [n] "+l"(n) : [i] "r"(i) : "cc", "memory");
    return cyccnt() - t0;
}

/* An empty SVC handler: BX LR, the exception return. */
void SVC_Handler(void)
{
}

/* An exception round trip per iteration: SVC (a 16-bit primary: it issues
 * with the predicted BNE before it, C9), entry 12, the handler's BX LR 3,
 * return 10 (the Cortex-M3/M4 figures: the M55 TRM gives none), SUBS 1,
 * BNE 1. */
static uint32_t svc_round_trip(void)
{
    uint32_t n = ITER, t0 = cyccnt();
    __asm volatile("1: svc #0\n subs %[n], #1\n bne 1b\n" : [n] "+l"(n) : : "cc", "memory");
    return cyccnt() - t0;
}

/* The ADD chain again, fetched from QSPI flash instead of the ITCM. */
AN547_FLASH_TEXT static uint32_t add_chain_from_flash(void)
{
    uint32_t n = ITER, a = 0, t0 = cyccnt();
    __asm volatile("dls lr, %[n]\n1:\n" REP8("add %[a], %[a], #1\n") "le lr, 1b\n"
                   : [a] "+r"(a) : [n] "r"(n) : "lr", "memory");
    return cyccnt() - t0;
}

/* The same loop from flash with the instruction cache off: every fetch
 * pays the QSPI wait states of the SoC description (each ADD.W is one
 * 32-bit fetch, the LE another). */
static uint32_t add_chain_from_flash_uncached(void)
{
    SCB_CCR &= ~SCB_CCR_IC;
    an547_dsb();
    an547_isb();
    uint32_t c = add_chain_from_flash();
    SCB_ICIALLU = 0;
    SCB_CCR |= SCB_CCR_IC;
    an547_dsb();
    an547_isb();
    return c;
}

/* Dual issue: pairs of independent 16-bit ADDS/MOVS immediates. */
static uint32_t dual_issue_pairs(void)
{
    uint32_t n = ITER, a = 0, b = 0, t0 = cyccnt();
    __asm volatile("dls lr, %[n]\n1:\n" REP8("adds %[a], #1\nmovs %[b], #1\n") "le lr, 1b\n"
                   : [a] "+l"(a), [b] "+l"(b) : [n] "r"(n) : "lr", "cc", "memory");
    return cyccnt() - t0;
}

/* A forward conditional branch taken every other time (no predictor for
 * forward branches: a taken one always refills).  Four blocks per iteration, two take the branch
 * over a NOP.W. */
static uint32_t alternating_branches(void)
{
    uint32_t n = ITER, i = 0, t0 = cyccnt();
    __asm volatile("dls lr, %[n]\n1:\n"
                   ".rept 4\n tst.w %[i], #1\n beq 2f\n nop.w\n 2: add.w %[i], %[i], #1\n .endr\n"
                   "le lr, 1b\n"
                   : [i] "+r"(i) : [n] "r"(n) : "lr", "cc", "memory");
    return cyccnt() - t0;
}

static int8_t dot_a[16 * ITER / 8], dot_b[16 * ITER / 8];

/* The int8 dot product of CMSIS-NN style kernels: two vector loads and a
 * VMLADAVA per 16 MACs in a tail-predicated loop (ITER / 8 iterations of
 * 16 elements; the result is scaled to cycles per loop iteration). */
static uint32_t vmladav_dot(void)
{
    uint32_t n = 16 * ITER / 8, t0 = cyccnt();
    register uint32_t acc __asm("r6") = 0;   /* VMLADAV needs an even Rda */
    const int8_t *a = dot_a, *b = dot_b;
    __asm volatile("dlstp.8 lr, %[n]\n1:\n"
                   "vldrb.8 q0, [%[a]], #16\n vldrb.8 q1, [%[b]], #16\n vmladava.s8 %[acc], q0, q1\n"
                   "letp lr, 1b\n"
                   : [acc] "+r"(acc), [a] "+r"(a), [b] "+r"(b) : [n] "r"(n) : "lr", "q0", "q1", "memory");
    return (cyccnt() - t0) * 8;
}

/* Helium beats: a load and an independent integer op overlap (different
 * pipes), two integer ops do not (same pipe). */
static uint32_t vldr_vadd_overlap(void)
{
    uint32_t n = ITER, t0 = cyccnt();
    const int8_t *p = dot_a;
    __asm volatile("dls lr, %[n]\n1:\n" REP8("vldrw.u32 q0, [%[p]]\n vadd.i32 q1, q2, q3\n") "le lr, 1b\n"
                   : : [n] "r"(n), [p] "r"(p) : "lr", "q0", "q1", "memory");
    return cyccnt() - t0;
}

static uint32_t vadd_same_pipe(void)
{
    uint32_t n = ITER, t0 = cyccnt();
    __asm volatile("dls lr, %[n]\n1:\n" REP8("vadd.i32 q1, q2, q3\n vadd.i32 q4, q5, q6\n") "le lr, 1b\n"
                   : : [n] "r"(n) : "lr", "q1", "q4", "memory");
    return cyccnt() - t0;
}

static const bench_t benches[] = {
    {"add chain (ITCM)", add_chain, 8, "scalar ALU latency 1"},
    {"mul chain", mul_chain, 16, "MUL latency 2"},
    {"pointer chase (load-use, DTCM)", pointer_chase, 16, "LDR latency 2"},
    {"vfma.f32 chain", vfma_chain, 16, "FP32 VFMA latency 2"},
    {"vadd.f64 chain", fp64_add_chain, 120, "FP64 add 15"},
    {"vdiv.f32 chain", vdiv_chain, 128, "VDIV.F32 16"},
    {"taken branches", taken_branches, 8 * 3, "taken branch 3 (LLVM M55: best-case taken cost 3)"},
    {"subs + bne loop (backward branch)", backward_branch_loop, 8 + 1 + 1, "backward branch predicted: issue only"},
    {"bl + bx lr", call_return, 3 + 3 + 1 + 1, "BL 3, BX LR 3, loop 2"},
    {"bl + push {lr} + pop {pc}", call_pop_pc, 3 + 1 + 4 + 1 + 1, "POP {pc} 1 + load 1 + refill 2"},
    {"tbb dispatch", table_branch, 4 + 1 + 1, "TBB 2 + refill 2"},
    {"svc + empty handler", svc_round_trip, 12 + 3 + 10 + 1 + 1, "entry 12, return 10 (M3/M4)"},
    {"add chain (QSPI flash, I-cache on)", add_chain_from_flash, 8, "as ITCM: the loop sits in one cache line"},
    {"add chain (QSPI flash, I-cache off)", add_chain_from_flash_uncached, 8 * 5 + 4,
     "1 + 4 wait states per 32-bit fetch (SoC description)"},
    {"16-bit pairs (ADDS + MOVS)", dual_issue_pairs, 8, "dual issue of 16-bit pairs: 1 cycle per pair"},
    {"branch taken every other time", alternating_branches, 2 * 5 + 2 * 4,
     "forward: taken 3, not taken 1 (no predictor)"},
    {"vmladava.s8 dot, per 16 MACs", vmladav_dot, 4, "two VLDRs hold the LSU 2 cycles each; the MAC overlaps"},
    {"vldr + vadd (different pipes)", vldr_vadd_overlap, 16, "beats overlap: 2 cycles per pair"},
    {"vadd + vadd (same pipe)", vadd_same_pipe, 32, "integer pipe 2 cycles each"},
};

int main(void)
{
    DCB_DEMCR |= DCB_DEMCR_TRCENA;
    DWT_CYCCNT = 0;
    DWT_CTRL |= DWT_CTRL_CYCCNTENA;
    printf("%-34s %10s %10s %8s  %s\n", "benchmark", "measured", "expected", "error", "expected from");
    for (unsigned i = 0; i < sizeof benches / sizeof benches[0]; i++) {
        const bench_t *b = &benches[i];
        b->run();   /* warm up: first-iteration effects out of the measurement */
        double per = (double)b->run() / ITER;
        double err = b->expected > 0 ? 100.0 * (per - b->expected) / b->expected : 0;
        printf("%-34s %10.2f %10.2f %+7.1f%%  %s\n", b->name, per, b->expected, err, b->source);
    }
    return 0;
}
