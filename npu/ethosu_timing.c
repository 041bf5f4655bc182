/* Vela's performance model of the Ethos-U55 (ETHOSU.md 6.1-6.5), per
 * command of the stream.  Vela costs a layer from the block configuration
 * it chose; the stream carries that configuration in OFM_BLK_*_M1, so
 * nothing is searched here. */
#include "ethosu_timing.h"

#include "cmd_defs.h"

/* Vela_U55_High_End_Embedded (ETHOSU.md 6.6, CALIBRATION.md 3). */
const ethosu_timing_t ethosu_timing_default = {
    .axi = {{8.0, 32, 32, 32}, {1.0, 64, 0, 128}},
};

/* Per configuration (ETHOSU.md 6.1): OFM micro-block and the output
 * stage's cycles per element, indexed as Vela indexes them. */
typedef struct perf_info {
    unsigned macs;
    int ub_h, ub_w, ub_c;
    double output[8];      /* EW32 unary, EW32 binary, MUL->32, MUL/acc40, simple add, ADD/SUB, MAXPOOL, other */
    double activation[3];  /* LUT/sigmoid/tanh, ReLU family, none */
} perf_info_t;

static const perf_info_t perf_infos[] = {
    {32, 1, 1, 4, {2.0, 3.0, 3.0, 3.0, 4.0, 6.0, 1.0, 2.0}, {1.0, 1.0, 0.0}},
    {64, 1, 1, 8, {1.0, 1.5, 1.5, 1.5, 2.0, 3.0, 0.5, 1.0}, {1.0, 1.0, 0.0}},
    {128, 1, 2, 8, {0.75, 1.25, 0.75, 0.75, 1.0, 1.5, 0.25, 0.5}, {1.0, 0.5, 0.0}},
    {256, 2, 2, 8, {0.625, 1.125, 0.5, 0.375, 0.5, 0.75, 0.125, 0.25}, {1.0, 0.25, 0.0}},
};

static const perf_info_t *perf_info_for(unsigned macs)
{
    for (unsigned i = 0; i < sizeof perf_infos / sizeof perf_infos[0]; i++)
        if (perf_infos[i].macs == macs)
            return &perf_infos[i];
    return &perf_infos[2];
}

static int64_t div_up(int64_t a, int64_t b)
{
    return (a + b - 1) / b;
}

static int64_t min64(int64_t a, int64_t b)
{
    return a < b ? a : b;
}

static int64_t max64(int64_t a, int64_t b)
{
    return a > b ? a : b;
}

typedef struct shape {
    int64_t h, w, c;
} shape_t;

static int64_t elems(shape_t s)
{
    return s.h * s.w * s.c;
}

static shape_t shape_min(shape_t a, shape_t b)
{
    return (shape_t){min64(a.h, b.h), min64(a.w, b.w), min64(a.c, b.c)};
}

/* Bytes on the bus for `bytes` of a block: an access shorter than the
 * memory's burst costs a whole burst (ETHOSU.md 6.5, "memory bursts").
 * The burst a block achieves depends on its layout and how much of it is
 * contiguous. */
static int64_t burst_transfer(const ethosu_mem_timing_t *m, bool is_read, bool b16, int bits, shape_t block,
                              shape_t fmap, int64_t bytes)
{
    int64_t burst_bits = 8;
    if (b16) {
        int64_t z_stride = fmap.w * bits * 16 / 8;
        if (z_stride == block.c)
            burst_bits = bits * block.w * block.c;
        else
            burst_bits = 16 * bits * block.w;
    } else {
        int64_t x_stride = fmap.c * bits / 8;
        if (is_read)
            burst_bits = x_stride == block.c ? bits * block.w * block.c : bits * block.c;
        else if (block.c <= 16 && x_stride == block.c)
            burst_bits = bits * block.w * block.c;
        else
            burst_bits = min64(min64(64 * 8, 16 * bits), block.c * bits);
    }
    int64_t max_burst = m->burst_bytes ? m->burst_bytes : 32;
    int64_t burst = min64(max_burst, burst_bits / 8);
    if (burst < 1)
        burst = 1;
    return bytes * max_burst / burst;
}

static int64_t mem_cycles(const ethosu_mem_timing_t *m, int64_t bytes)
{
    double bw = m->bytes_per_cycle > 0 ? m->bytes_per_cycle : 1.0;
    return (int64_t)((double)bytes / bw);
}

typedef struct op_view {
    const perf_info_t *pi;
    const ethosu_timing_t *t;
    const npu_op_info_t *in;
    shape_t ofm, ifm, ofm_blk, ifm_blk;
    int ifm_bits, ofm_bits;
} op_view_t;

/* The smallest time a block can take on the bus: read its IFM (and IFM2)
 * block, write its OFM block, each with the memory's latency. */
static int64_t min_memory_cycles(const op_view_t *v)
{
    const npu_op_info_t *in = v->in;
    const ethosu_mem_timing_t *im = &v->t->axi[in->ifm_port & 1], *om = &v->t->axi[in->ofm_port & 1];
    int64_t ifm_bytes = elems(shape_min(v->ifm, v->ifm_blk)) * v->ifm_bits / 8;
    int64_t ifm_cycles = im->read_latency +
                         mem_cycles(im, burst_transfer(im, true, in->ifm_b16, v->ifm_bits, v->ifm_blk, v->ifm, ifm_bytes));
    if (in->ifm2_kind == 2) {
        const ethosu_mem_timing_t *i2 = &v->t->axi[in->ifm2_port & 1];
        int64_t c2 = i2->read_latency +
                     mem_cycles(i2, burst_transfer(i2, true, in->ifm2_b16, v->ifm_bits, v->ifm_blk, v->ifm, ifm_bytes));
        ifm_cycles = max64(ifm_cycles, c2);
    }
    int64_t ofm_bytes = elems(shape_min(v->ofm, v->ofm_blk)) * v->ofm_bits / 8;
    int64_t ofm_cycles = om->write_latency +
                         mem_cycles(om, burst_transfer(om, false, in->ofm_b16, v->ofm_bits, v->ofm_blk, v->ofm, ofm_bytes));
    return ifm_cycles + ofm_cycles;
}

/* The output stage's cycles per element: the operation's own cost or the
 * activation's, whichever is slower (ETHOSU.md 6.1). */
static double output_cycles_per_element(const op_view_t *v)
{
    const npu_op_info_t *in = v->in;
    bool ew = in->kind == NPU_OPK_ELEMENTWISE;
    unsigned mode = in->param;
    int idx;
    if (ew && v->ifm_bits == 32)
        idx = in->ifm2_kind ? 1 : 0;
    else if (ew && mode == EW_MUL && v->ofm_bits == 32)
        idx = 2;
    else if ((ew && mode == EW_MUL) || (!ew && in->acc40))
        idx = 3;
    else if (ew && (mode == EW_ADD || mode == EW_SUB))
        idx = 5;
    else if (in->kind == NPU_OPK_POOL && (mode & 7u) == POOL_MAX)
        idx = 6;
    else
        idx = 7;
    double out = v->pi->output[idx], act = v->pi->activation[in->act_class < 3 ? in->act_class : 2];
    return out > act ? out : act;
}

/* Convolution, depthwise, pooling, reduce-sum (ETHOSU.md 6.3). */
static int64_t kernel_cycles(const op_view_t *v, ethosu_op_cost_t *out)
{
    const npu_op_info_t *in = v->in;
    const perf_info_t *pi = v->pi;
    bool pool = in->kind == NPU_OPK_POOL && (in->param & 7u) != POOL_REDUCE_SUM;
    bool reduce_sum = in->kind == NPU_OPK_POOL && !pool;
    bool depthwise = in->kind == NPU_OPK_DEPTHWISE;
    bool conv = in->kind == NPU_OPK_CONV;
    shape_t ub = {pi->ub_h, pi->ub_w, pi->ub_c};
    shape_t ofm_blk = shape_min(v->ofm, v->ofm_blk);
    shape_t ifm_blk = shape_min(v->ifm, v->ifm_blk);
    /* A 2-high micro-block turns 1x4 for 1-high even-width OFMs with
     * 1-high kernels (U55-256). */
    if (ub.h == 2 && conv && v->ofm.h == 1 && v->ofm.w % 2 == 0 && in->kernel_h == 1) {
        ub = (shape_t){1, 4, ub.c};
        ofm_blk.h = 1;
    }
    shape_t nub = {div_up(ofm_blk.h, ub.h), div_up(ofm_blk.w, ub.w), div_up(ofm_blk.c, ub.c)};
    int64_t nub_hw = nub.h * nub.w;
    int64_t cycles_wb = 32 * ub.c / 8;
    int64_t ibd8 = div_up(ifm_blk.c, 8);
    bool part_kernel = conv && in->part_kernel;
    int64_t dpu = 0;
    int kh = in->kernel_h ? in->kernel_h : 1, kw = in->kernel_w ? in->kernel_w : 1;
    for (int x = 0; x < kw; x += 8) {
        for (int y = 0; y < kh; y += 8) {
            int64_t e = (int64_t)min64(kh - y, 8) * min64(kw - x, 8);
            int64_t steps, c;
            if (pool) {
                steps = 1;
                c = max64(4, e) * elems(nub);
                if (pi->macs != 32)
                    c *= v->ifm_bits / 2;
            } else if (depthwise) {
                steps = div_up(e, 4);
                c = max64(cycles_wb, 4 * nub_hw * (v->ifm_bits / 8)) * steps * nub.c;
            } else if (!part_kernel) {
                steps = e;
                c = max64(cycles_wb, 4 * nub_hw) * steps * nub.c;
            } else {
                steps = div_up(e, v->ifm_bits == 16 ? 2 : 4);
                c = max64(cycles_wb, 4 * nub_hw) * steps * nub.c * ibd8;
            }
            /* Pipeline delay when a block is one micro-block wide and high. */
            int64_t delay = 0;
            if (pi->macs == 32) {
                int64_t d = in->acc40 ? 7 : 3;
                if (nub_hw == 1)
                    delay = nub.c == 1 ? d * steps : steps > 1 ? d * (steps - 1) * nub.c : 0;
                if ((nub.w == 1 || nub.h == 1) && nub.c > 1 && in->acc40)
                    delay += d * nub.c;
            } else {
                int64_t d = in->acc40 && pi->macs <= 128 ? 3 : 2;
                if (nub_hw == 1)
                    delay = nub.c == 1 ? d * steps : steps > 1 ? d * (steps - 1) * nub.c : 0;
            }
            if (part_kernel)
                delay *= ibd8;
            dpu += c + delay;
        }
    }
    if (conv || reduce_sum)
        dpu *= div_up(v->ifm.c, ifm_blk.c);

    shape_t nblk = {div_up(v->ofm.h, ofm_blk.h), div_up(v->ofm.w, ofm_blk.w), div_up(v->ofm.c, ofm_blk.c)};
    int64_t nblocks = elems(nblk);
    int64_t out_blk = (int64_t)(output_cycles_per_element(v) * (double)elems(ofm_blk));
    if ((conv || depthwise) && in->weight_bytes) {
        /* The scale/bias stream: 10 bytes per channel behind the memory's
         * read latency. */
        int64_t bias = 10 * ofm_blk.c * (int64_t)v->t->axi[in->scale_port & 1].read_latency / 256;
        out_blk = max64(out_blk, bias);
    }
    /* Command overhead: a block cannot be quicker than a quarter of its
     * memory, output and MAC time together (per DPU). */
    int64_t cmd = (min_memory_cycles(v) + out_blk + dpu) / 4;
    out->mac_cycles = (uint64_t)(dpu * nblocks);
    dpu = max64(dpu, cmd);
    out_blk = max64(out_blk, cmd);
    out->fill = (uint64_t)dpu;
    out->drain = (uint64_t)out_blk;
    return dpu > out_blk ? dpu * nblocks + out_blk : out_blk * nblocks + dpu;
}

/* Elementwise (ETHOSU.md 6.4). */
static int64_t elementwise_cycles(const op_view_t *v, ethosu_op_cost_t *out)
{
    double per = output_cycles_per_element(v);
    int64_t blk = elems(v->ofm_blk);
    double cmd = ((double)min_memory_cycles(v) / (double)(blk ? blk : 1) + per) / 4.0;
    if (cmd > per)
        per = cmd;
    shape_t ofm = v->ofm;
    if (v->in->ofm_b16)
        ofm.c = div_up(ofm.c, 16) * 16;
    /* All in the output stage: nothing to fill; its last block drains. */
    out->drain = (uint64_t)(per * (double)elems(shape_min(ofm, v->ofm_blk)));
    return (int64_t)(per * (double)elems(ofm));
}

/* AXI_LIMITn (ETHOSU.md 2.1): bits 0-1 max_beats, the burst split (64,
 * 128, 256 bytes; 3 is reserved, taken as 256), 16-20
 * max_outstanding_read_m1, 24-27 max_outstanding_write_m1. */
static unsigned limit_split_bytes(uint32_t v)
{
    unsigned beats = v & 3u;
    return 64u << (beats > 2 ? 2 : beats);
}

/* A slot with n transactions of b bytes outstanding behind a memory of
 * latency l moves at most n * b / l bytes per cycle (each transaction
 * holds its place for the latency: Little's law); the cycles its bytes
 * need at that rate (0: no latency, no limit). */
static int64_t limited_cycles(uint64_t bytes, unsigned outstanding, unsigned split, unsigned latency)
{
    if (!bytes || !latency)
        return 0;
    return (int64_t)((double)bytes * latency / ((double)outstanding * split));
}

/* Per port, the longest any slot on it needs for its reads and for its
 * writes under its AXI_LIMIT. */
static void axi_limit_cycles(const ethosu_timing_t *t, const npu_op_info_t *in, int64_t rd[2], int64_t wr[2])
{
    rd[0] = rd[1] = wr[0] = wr[1] = 0;
    if (!t->limits_on)
        return;
    for (unsigned s = 0; s < 4; s++) {
        const ethosu_mem_timing_t *m = &t->axi[s >> 1];
        uint32_t v = t->axi_limit[s];
        unsigned split = limit_split_bytes(v);
        unsigned reads = ((v >> 16) & 0x1Fu) + 1, writes = ((v >> 24) & 0xFu) + 1;
        rd[s >> 1] = max64(rd[s >> 1], limited_cycles(in->slot_read_bytes[s], reads, split, m->read_latency));
        wr[s >> 1] = max64(wr[s >> 1], limited_cycles(in->slot_write_bytes[s], writes, split, m->write_latency));
    }
}

static uint64_t excess(int64_t limited, int64_t free_running)
{
    return limited > free_running ? (uint64_t)(limited - free_running) : 0;
}

void ethosu_op_cost(unsigned macs_per_cycle, const ethosu_timing_t *t, const npu_op_info_t *in, ethosu_op_cost_t *out)
{
    if (!t)
        t = &ethosu_timing_default;
    *out = (ethosu_op_cost_t){0};
    int64_t lim_rd[2], lim_wr[2];
    axi_limit_cycles(t, in, lim_rd, lim_wr);
    for (int p = 0; p < 2; p++) {
        int64_t base = mem_cycles(&t->axi[p], (int64_t)(in->read_bytes[p] + in->write_bytes[p]));
        out->rd_limit_stall[p] = excess(lim_rd[p], base);
        out->wr_limit_stall[p] = excess(lim_wr[p], base);
        out->mem[p] = (uint64_t)max64(base, max64(lim_rd[p], lim_wr[p]));
    }
    if (in->kind == NPU_OPK_DMA) {
        /* Read side and write side stream together; each pays its
         * latency once (Vela's MemToMemCycles), at the slower of the
         * memory's bandwidth and the slot's outstanding limit. */
        int64_t worst = 0;
        for (int p = 0; p < 2; p++) {
            int64_t rd = mem_cycles(&t->axi[p], (int64_t)in->read_bytes[p]);
            int64_t wr = mem_cycles(&t->axi[p], (int64_t)in->write_bytes[p]);
            out->rd_limit_stall[p] = excess(lim_rd[p], rd);
            out->wr_limit_stall[p] = excess(lim_wr[p], wr);
            if (in->read_bytes[p])
                worst = max64(worst, max64(rd, lim_rd[p]) + t->axi[p].read_latency);
            if (in->write_bytes[p])
                worst = max64(worst, max64(wr, lim_wr[p]) + t->axi[p].write_latency);
        }
        out->cycles = (uint64_t)worst;
        return;
    }
    if (in->kind != NPU_OPK_CONV && in->kind != NPU_OPK_DEPTHWISE && in->kind != NPU_OPK_POOL &&
        in->kind != NPU_OPK_ELEMENTWISE)
        return;
    op_view_t v = {.pi = perf_info_for(macs_per_cycle), .t = t, .in = in};
    v.ofm = (shape_t){in->ofm_h ? in->ofm_h : 1, in->ofm_w ? in->ofm_w : 1, in->ofm_c ? in->ofm_c : 1};
    v.ifm = (shape_t){in->ifm_h ? in->ifm_h : 1, in->ifm_w ? in->ifm_w : 1, in->ifm_c ? in->ifm_c : 1};
    v.ifm_bits = in->ifm_bits ? in->ifm_bits : 8;
    v.ofm_bits = in->ofm_bits ? in->ofm_bits : 8;
    v.ofm_blk = (shape_t){in->ofm_blk_h ? in->ofm_blk_h : 1, in->ofm_blk_w ? in->ofm_blk_w : 1,
                          in->ofm_blk_c_div8 ? in->ofm_blk_c_div8 * 8 : 8};
    /* The IFM block: the rows and columns the OFM block needs; its depth
     * 32 channels for 8-bit depth-first convolution, 16 for part-kernel
     * or 16-bit, the OFM block's for the rest (ETHOSU.md 6.2). */
    int64_t ibd = v.ofm_blk.c;
    if (in->kind == NPU_OPK_CONV)
        ibd = (in->part_kernel || v.ifm_bits == 16) ? 16 : 32;
    if (in->kind == NPU_OPK_ELEMENTWISE)
        v.ifm_blk = v.ofm_blk;
    else
        v.ifm_blk = (shape_t){(v.ofm_blk.h - 1) * (in->stride_y ? in->stride_y : 1) + (in->kernel_h ? in->kernel_h : 1),
                              (v.ofm_blk.w - 1) * (in->stride_x ? in->stride_x : 1) + (in->kernel_w ? in->kernel_w : 1),
                              ibd};
    int64_t c;
    if (in->kind == NPU_OPK_ELEMENTWISE)
        c = elementwise_cycles(&v, out);
    else
        c = kernel_cycles(&v, out);
    out->compute = (uint64_t)c;
    uint64_t worst = out->compute;
    for (int p = 0; p < 2; p++)
        if (out->mem[p] > worst)
            worst = out->mem[p];
    out->cycles = worst;
}

uint64_t ethosu_blockdep_overlap(const ethosu_op_cost_t *prev, const ethosu_op_cost_t *next, unsigned blockdep)
{
    if (!blockdep || prev->cycles != prev->compute || next->cycles != next->compute)
        return 0;
    /* The MAC array and the output stage are one block deep each in
     * Vela's two-stage pipeline, so one block of overlap is all BLOCKDEP
     * 1..3 can give here (assumption: deeper queues in the IFM fetch are
     * not modelled). */
    return prev->drain < next->fill ? prev->drain : next->fill;
}
