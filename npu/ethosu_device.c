/* The Ethos-U55 APB register file, state machine and interrupt
 * (ETHOSU.md 2.1, 2.2, 2.4), and the first timing model of its commands;
 * the PMU is ethosu_pmu.c. */
#include "ethosu_device.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- configurations ------------------------------------------------------ */

/* CONFIG = log2(MACs) | SHRAM KB << 8, product 0 (U55), cmd_stream_version 0
 * (ETHOSU.md 2.1, 6.1). */
static const ethosu_config_t configs[] = {
    {"ethos-u55-32", 32, 16, 0x1005},
    {"ethos-u55-64", 64, 16, 0x1006},
    {"ethos-u55-128", 128, 24, 0x1807},
    {"ethos-u55-256", 256, 48, 0x3008},
};

const char *const ethosu_config_names[] = {"ethos-u55-32", "ethos-u55-64", "ethos-u55-128", "ethos-u55-256",
                                           NULL};

const ethosu_config_t *ethosu_config_find(const char *name)
{
    for (size_t i = 0; i < sizeof configs / sizeof configs[0]; i++)
        if (strcmp(configs[i].name, name) == 0)
            return &configs[i];
    return NULL;
}

/* ---- registers (ETHOSU.md 2.1-2.3) --------------------------------------- */

enum {
    REG_ID = 0x000, REG_STATUS = 0x004, REG_CMD = 0x008, REG_RESET = 0x00C,
    REG_QBASE = 0x010, REG_QBASE_HI = 0x014, REG_QREAD = 0x018, REG_QCONFIG = 0x01C,
    REG_QSIZE = 0x020, REG_PROT = 0x024, REG_CONFIG = 0x028, REG_LOCK = 0x02C,
    REG_REGIONCFG = 0x03C, REG_AXI_LIMIT0 = 0x040, REG_BASEP0 = 0x080,
    REG_DMA_CMD_SRC = 0x260, REG_CURRENT_QREAD = 0x27C,   /* the debug block's cheap part */
    REG_CMD_STATE_FIRST = 0x800, REG_CMD_STATE_LAST = 0xBFC,
    REG_REVISION = 0xFC0, REG_PID4 = 0xFD0,
};

/* The U55 header's ID reset value: arch 1.1.0, product_major 4, r2p0. */
#define ETHOSU55_ID 0x10104201u
/* PID4-7, PID0-3, CID0-3 at 0xFD0..0xFFC (ETHOSU.md 2.2). */
static const uint32_t ident_regs[12] = {0x04, 0, 0, 0, 0x80, 0xB5, 0x0B, 0, 0x0D, 0xF0, 0x05, 0xB1};

#define CMD_GO            (1u << 0)
#define CMD_CLEAR_IRQ     (1u << 1)
#define CMD_Q_ENABLES     (3u << 2)
#define CMD_STOP_REQUEST  (1u << 4)
#define CMD_RESET_VALUE   0xCu

/* Errors clear only on reset (ETHOSU.md 2.1). */
#define STATUS_ERRORS (ETHOSU_STATUS_BUS_STATUS | ETHOSU_STATUS_CMD_PARSE_ERROR | ETHOSU_STATUS_WD_FAULT)

/* Assumption: a soft reset keeps STATUS.reset_status set this long (the
 * driver polls it; hardware takes a few cycles to reset its units). */
#define SOFT_RESET_CYCLES 16u

/* ---- time ------------------------------------------------------------------ */

/* Assumption: a register-setting or synchronisation command (and STOP,
 * IRQ, PMU_MASK, and the issue of a kernel operation or DMA) occupies the
 * command processor one cycle. */
#define REGISTER_COMMAND_CYCLES 1u
/* The U55's AXI ports are 64 bits wide (ETHOSU.md 1.1): a beat is 8 bytes. */
#define AXI_BYTES_PER_BEAT 8u

static uint64_t div_up(uint64_t a, uint64_t b)
{
    return (a + b - 1) / b;
}

static uint64_t max_u64(uint64_t a, uint64_t b)
{
    return a > b ? a : b;
}

uint64_t ethosu_command_cycles(const ethosu_config_t *cfg, const npu_op_info_t *info)
{
    ethosu_op_cost_t cost;
    ethosu_op_cost(cfg->macs_per_cycle, NULL, info, &cost);
    return cost.cycles > REGISTER_COMMAND_CYCLES ? cost.cycles : REGISTER_COMMAND_CYCLES;
}

void ethosu_set_timing(ethosu_device_t *d, const ethosu_timing_t *t)
{
    d->timing = *t;
}

/* ---- interrupt -------------------------------------------------------------- */

static void update_irq(ethosu_device_t *d)
{
    bool level = (d->status & (ETHOSU_STATUS_IRQ_RAISED | ETHOSU_STATUS_PMU_IRQ_RAISED)) != 0;
    if (level != d->irq_level) {
        d->irq_level = level;
        if (d->irq.set)
            d->irq.set(d->irq.ctx, level);
    }
}

/* A PMU overflow with its interrupt enabled raises pmu_irq_raised. */
static void pmu_check_overflow_irq(ethosu_device_t *d)
{
    if (ethosu_pmu_irq(&d->pmu))
        d->status |= ETHOSU_STATUS_PMU_IRQ_RAISED;
}

/* ---- state machine (ETHOSU.md 2.4) ------------------------------------------ */

/* Time from d->now to until passes with the state unchanged. */
static void account(ethosu_device_t *d, uint64_t until)
{
    if (until <= d->now)
        return;
    uint64_t n = until - d->now;
    if (d->running)
        d->counters.active_cycles += n;
    ethosu_pmu_cycles(&d->pmu, n, d->running);
    pmu_check_overflow_irq(d);
    d->now = until;
}

/* Keep the command's record for the job's breakdown (the last job's);
 * NULL when the log is full. */
static ethosu_cmd_rec_t *log_command(ethosu_device_t *d, uint64_t start, uint64_t end)
{
    const npu_op_info_t *in = &d->cmd_info;
    if (d->nlog == d->log_cap) {
        uint32_t cap = d->log_cap ? d->log_cap * 2 : 64;
        ethosu_cmd_rec_t *n = cap <= ETHOSU_MAX_CMD_LOG ? realloc(d->log, cap * sizeof *n) : NULL;
        if (!n)
            return NULL;
        d->log = n;
        d->log_cap = cap;
    }
    ethosu_cmd_rec_t *r = &d->log[d->nlog++];
    *r = (ethosu_cmd_rec_t){.offset = in->cmd_offset, .kind = in->kind, .param = in->param, .blockdep = in->blockdep,
                            .start = start, .end = end, .cost = d->cmd_cost, .macs = in->macs};
    for (int p = 0; p < 2; p++) {
        r->read_bytes[p] = in->read_bytes[p];
        r->write_bytes[p] = in->write_bytes[p];
    }
    if (d->port.memory_bytes) {
        uint64_t rd[ETHOSU_MAX_MEMORIES] = {0}, wr[ETHOSU_MAX_MEMORIES] = {0};
        unsigned n = d->port.memory_bytes(d->port.ctx, rd, wr, ETHOSU_MAX_MEMORIES);
        r->nmem = (uint8_t)(n < d->nmem ? n : d->nmem);
        for (unsigned i = 0; i < r->nmem; i++) {
            r->mem_read[i] = rd[i] - d->mem_read0[i];
            r->mem_write[i] = wr[i] - d->mem_write0[i];
        }
    }
    r->ofm_h = in->ofm_h, r->ofm_w = in->ofm_w, r->ofm_c = in->ofm_c;
    return r;
}

/* Fetch and perform the next command at d->now (functionally, at once),
 * and place it in time.  The command processor issues a kernel operation
 * or a DMA and goes on: a DMA runs beside the kernel operations (one DMA
 * at a time), and two kernel operations may be in flight, the second
 * starting when the first ends (ETHOSU.md 6.1: max 2 outstanding kernel
 * ops, 1 outstanding DMA).  DMA_WAIT, KERNEL_WAIT and STOP hold the
 * command processor until what they wait for has ended. */
static void start_command(ethosu_device_t *d)
{
    memset(&d->cmd_info, 0, sizeof d->cmd_info);
    d->cur_offset = d->qread;
    if (d->port.memory_bytes)
        d->nmem = (uint8_t)d->port.memory_bytes(d->port.ctx, d->mem_read0, d->mem_write0, ETHOSU_MAX_MEMORIES);
    d->cmd_result = npu_core_step(d->core, &d->bases, &d->qread, &d->cmd_info);
    const npu_op_info_t *in = &d->cmd_info;
    /* The memories behind the ports with the AXI_LIMITs as programmed
     * (the reset value 0 is one outstanding read and write per slot;
     * Arm's driver programs them at start-up). */
    ethosu_timing_t timing = d->timing;
    timing.limits_on = true;
    memcpy(timing.axi_limit, d->axi_limit, sizeof timing.axi_limit);
    ethosu_op_cost(d->cfg->macs_per_cycle, &timing, in, &d->cmd_cost);
    uint64_t t = d->now;
    bool ok = d->cmd_result == NPU_STEP_CONTINUE;
    switch (in->kind) {
    case NPU_OPK_CONV:
    case NPU_OPK_DEPTHWISE:
    case NPU_OPK_POOL:
    case NPU_OPK_ELEMENTWISE:
        if (ok) {
            t = max_u64(t, d->kernel_end[0]);   /* a third one waits for the first */
            /* BLOCKDEP (ETHOSU.md 4.6): its first block may go while the
             * previous operation's last one drains. */
            uint64_t ready = d->kernel_end[1];
            uint64_t ov = ethosu_blockdep_overlap(&d->last_kernel_cost, &d->cmd_cost, in->blockdep);
            uint64_t start = max_u64(t, ready - (ov < ready ? ov : ready));
            uint64_t saved = max_u64(t, ready) - start;
            d->kernel_end[0] = d->kernel_end[1];
            d->kernel_end[1] = start + d->cmd_cost.cycles;
            d->last_kernel_cost = d->cmd_cost;
            d->stall_cycles += start - d->now;
            d->blockdep_saved += saved;
            ethosu_cmd_rec_t *r = log_command(d, start, d->kernel_end[1]);
            if (r)
                r->blockdep_saved = saved;
        }
        break;
    case NPU_OPK_DMA:
        if (ok) {
            t = max_u64(t, d->dma_end);
            d->dma_end = t + d->cmd_cost.cycles;
            log_command(d, t, d->dma_end);
        }
        break;
    case NPU_OPK_DMA_WAIT:
        if ((in->param & 0xFu) == 0)
            t = max_u64(t, d->dma_end);
        break;
    case NPU_OPK_KERNEL_WAIT:
        t = max_u64(t, (in->param & 0xFFu) == 0 ? d->kernel_end[1] : d->kernel_end[0]);
        break;
    default:
        break;
    }
    if (d->cmd_result == NPU_STEP_STOP || d->cmd_result == NPU_STEP_END_OF_QUEUE)
        t = max_u64(t, max_u64(d->kernel_end[1], d->dma_end));
    d->wait_cycles += t - d->now;
    d->cmd_done = t + REGISTER_COMMAND_CYCLES;
}

/* The job log: a job starts at CMD go and ends when the NPU stops. */
static void job_begin(ethosu_device_t *d)
{
    if (d->njobs == d->jobs_cap) {
        uint32_t cap = d->jobs_cap ? d->jobs_cap * 2 : 16;
        ethosu_job_t *n = cap <= ETHOSU_MAX_JOB_LOG ? realloc(d->jobs, cap * sizeof *n) : NULL;
        if (!n)
            return;   /* only counted (counters.jobs) */
        d->jobs = n;
        d->jobs_cap = cap;
    }
    d->jobs[d->njobs++] = (ethosu_job_t){.start = d->now, .end = d->now};
    d->nlog = 0;   /* the breakdown keeps the last job */
}

/* The job being run, if it is in the log (counters.jobs counts it already). */
static ethosu_job_t *current_job(ethosu_device_t *d)
{
    return d->njobs && d->counters.jobs == d->njobs ? &d->jobs[d->njobs - 1] : NULL;
}

static void job_end(ethosu_device_t *d, uint32_t status)
{
    ethosu_job_t *j = current_job(d);
    if (j) {
        j->end = d->now;
        j->status = status & 0xFFFFu;
    }
}

static void stop(ethosu_device_t *d, uint32_t status_bits)
{
    d->running = false;
    d->stop_requested = false;
    d->status |= status_bits | ETHOSU_STATUS_IRQ_RAISED;
    job_end(d, d->status);
}

static void count_command(ethosu_device_t *d, const npu_op_info_t *in)
{
    ethosu_counters_t *c = &d->counters;
    uint64_t macc = d->cmd_cost.mac_cycles;
    c->commands++;
    ethosu_job_t *j = current_job(d);
    if (j) {
        j->commands++;
        j->end = d->now;   /* so far */
    }
    c->macs += in->macs;
    c->mac_cycles += macc;
    for (int p = 0; p < 2; p++) {
        c->read_bytes[p] += in->read_bytes[p];
        c->write_bytes[p] += in->write_bytes[p];
        c->read_beats[p] += div_up(in->read_bytes[p], AXI_BYTES_PER_BEAT);
        c->write_beats[p] += div_up(in->write_bytes[p], AXI_BYTES_PER_BEAT);
    }
    ethosu_pmu_t *p = &d->pmu;
    ethosu_pmu_event(p, ETHOSU_EV_MAC_ACTIVE, macc);
    ethosu_pmu_event(p, ETHOSU_EV_AXI0_RD_DATA_BEAT_RECEIVED, div_up(in->read_bytes[0], AXI_BYTES_PER_BEAT));
    ethosu_pmu_event(p, ETHOSU_EV_AXI1_RD_DATA_BEAT_RECEIVED, div_up(in->read_bytes[1], AXI_BYTES_PER_BEAT));
    ethosu_pmu_event(p, ETHOSU_EV_AXI0_WR_DATA_BEAT_WRITTEN, div_up(in->write_bytes[0], AXI_BYTES_PER_BEAT));
    ethosu_pmu_event(p, ETHOSU_EV_AXI1_WR_DATA_BEAT_WRITTEN, div_up(in->write_bytes[1], AXI_BYTES_PER_BEAT));
    const ethosu_op_cost_t *k = &d->cmd_cost;
    ethosu_pmu_event(p, ETHOSU_EV_AXI0_RD_STALL_LIMIT, k->rd_limit_stall[0]);
    ethosu_pmu_event(p, ETHOSU_EV_AXI0_WR_STALL_LIMIT, k->wr_limit_stall[0]);
    ethosu_pmu_event(p, ETHOSU_EV_AXI1_RD_STALL_LIMIT, k->rd_limit_stall[1]);
    ethosu_pmu_event(p, ETHOSU_EV_AXI1_WR_STALL_LIMIT, k->wr_limit_stall[1]);
    for (int q = 0; q < 2; q++) {
        c->rd_limit_stall[q] += k->rd_limit_stall[q];
        c->wr_limit_stall[q] += k->wr_limit_stall[q];
    }
    pmu_check_overflow_irq(d);
}

static void note_error(ethosu_device_t *d, const char *what)
{
    const npu_op_info_t *in = &d->cmd_info;
    snprintf(d->last_error, sizeof d->last_error, "%.40s at QREAD 0x%x%s%.96s", what, d->cur_offset,
             in->message[0] ? ": " : "", in->message);
}

/* The command in flight has taken its cycles: show its outcome, then go
 * on with the next one unless the NPU stops. */
static void complete_command(ethosu_device_t *d)
{
    const npu_op_info_t *in = &d->cmd_info;
    count_command(d, in);
    if (in->kind == NPU_OPK_PMU_MASK)
        d->pmu.mask_gate = (in->param & 1u) != 0;
    switch (d->cmd_result) {
    case NPU_STEP_CONTINUE:
        break;
    case NPU_STEP_IRQ:
        /* [?] ETHOSU.md 2.4: the IRQ's mask goes into irq_history_mask. */
        d->irq_history |= in->param;
        d->status |= ETHOSU_STATUS_IRQ_RAISED;
        break;
    case NPU_STEP_STOP:
        d->irq_history |= in->param;
        stop(d, ETHOSU_STATUS_CMD_END_REACHED);
        return;
    case NPU_STEP_END_OF_QUEUE:
        stop(d, ETHOSU_STATUS_CMD_END_REACHED);
        return;
    case NPU_STEP_PARSE_ERROR:
        note_error(d, "command stream parse error");
        stop(d, ETHOSU_STATUS_CMD_PARSE_ERROR);
        return;
    case NPU_STEP_BUS_ERROR:
        note_error(d, "bus error");
        d->faulting = (uint32_t)(in->faulting_channel & 0xFu) << 12;
        stop(d, ETHOSU_STATUS_BUS_STATUS);
        return;
    case NPU_STEP_WD_FAULT:
        note_error(d, "weight decoder fault");
        stop(d, ETHOSU_STATUS_WD_FAULT);
        return;
    }
    if (d->stop_requested) {
        /* [?] CMD.stop_request: stop after the command already started,
         * without cmd_end_reached (the stream did not end); raise the IRQ
         * so that a driver waiting for it wakes. */
        stop(d, 0);
        return;
    }
    start_command(d);
}

void ethosu_advance(ethosu_device_t *d, uint64_t now)
{
    if (d->reset_until && d->reset_until <= now) {
        account(d, d->reset_until);
        d->reset_until = 0;
    }
    while (d->running && d->cmd_done <= now) {
        account(d, d->cmd_done);
        complete_command(d);
    }
    account(d, now);
    update_irq(d);
}

/* Contention (docs/npu_device.md): an assumption, we found no published
 * arbitration figures for the SSE-300 bus matrix.  While an operation is
 * in flight it keeps memory mem busy for a fraction f of its duration: its
 * AXI time (cost.mem of both ports, shared out by the bytes that went to
 * mem) over its cycles, at most CONTENTION_MAX_SHARE.  A CPU access then
 * gets the rest of the bandwidth: wait / (1 - f) instead of wait.  The
 * operation is lengthened by the time its own traffic to mem would take
 * to move the CPU's bytes, and everything placed at or after its end
 * moves with it. */
#define CONTENTION_MAX_SHARE 0.9
#define CONTENTION_SCAN 4u   /* in-flight operations are among the last few (2 kernel, 1 DMA) */

static void delay_from(ethosu_device_t *d, uint64_t from, uint64_t n)
{
    for (uint32_t i = d->nlog > CONTENTION_SCAN ? d->nlog - CONTENTION_SCAN : 0; i < d->nlog; i++) {
        ethosu_cmd_rec_t *r = &d->log[i];
        if (r->start >= from) {
            r->start += n;
            r->end += n;
        } else if (r->end == from) {
            r->end += n;
        }
    }
    for (int k = 0; k < 2; k++)
        if (d->kernel_end[k] >= from)
            d->kernel_end[k] += n;
    if (d->dma_end >= from)
        d->dma_end += n;
    if (d->cmd_done >= from)
        d->cmd_done += n;
}

/* n cycles the core's accesses to memory mem added to operation r: in the
 * counters, the job's, and the PMU's AXI request stalls (the NPU's
 * requests wait while the core holds the memory).  Assumption: the stall
 * is on reads when r read at least as much from mem as it wrote to it,
 * on the port that carried most of r's reads (writes). */
static void count_contention_stall(ethosu_device_t *d, const ethosu_cmd_rec_t *r, unsigned mem, uint64_t n)
{
    d->counters.contention_npu_cycles += n;
    ethosu_job_t *j = current_job(d);
    if (j)
        j->contention_npu_cycles += n;
    bool reads = r->mem_read[mem] >= r->mem_write[mem];
    const uint64_t *bytes = reads ? r->read_bytes : r->write_bytes;
    bool axi1 = bytes[1] > bytes[0];
    static const unsigned events[2][2] = {
        {ETHOSU_EV_AXI0_WR_TRAN_REQ_STALLED, ETHOSU_EV_AXI0_RD_TRAN_REQ_STALLED},
        {ETHOSU_EV_AXI1_WR_TRAN_REQ_STALLED, ETHOSU_EV_AXI1_RD_TRAN_REQ_STALLED},
    };
    ethosu_pmu_event(&d->pmu, events[axi1][reads], n);
    pmu_check_overflow_irq(d);
}

uint32_t ethosu_contend(ethosu_device_t *d, unsigned mem, uint64_t now, uint32_t wait, unsigned bytes)
{
    if (!d->running || mem >= ETHOSU_MAX_MEMORIES)
        return 0;
    uint32_t first = d->nlog > CONTENTION_SCAN ? d->nlog - CONTENTION_SCAN : 0;
    for (uint32_t i = d->nlog; i-- > first;) {
        ethosu_cmd_rec_t *r = &d->log[i];
        if (r->start > now || r->end <= now || mem >= r->nmem)
            continue;
        uint64_t to_mem = r->mem_read[mem] + r->mem_write[mem];
        uint64_t all = r->read_bytes[0] + r->read_bytes[1] + r->write_bytes[0] + r->write_bytes[1];
        if (!to_mem || !all || r->end == r->start)
            continue;
        double busy = (double)(r->cost.mem[0] + r->cost.mem[1]) * (double)to_mem / (double)all;
        double f = busy / (double)(r->end - r->start);
        if (f > CONTENTION_MAX_SHARE)
            f = CONTENTION_MAX_SHARE;
        uint32_t extra = (uint32_t)ceil(wait * f / (1.0 - f));
        /* The NPU's own rate to mem: to_mem bytes in busy cycles. */
        d->contention_carry += busy > 0 ? bytes * busy / (double)to_mem : 0;
        uint64_t n = (uint64_t)d->contention_carry;
        if (n) {
            d->contention_carry -= (double)n;
            delay_from(d, r->end, n);
            count_contention_stall(d, r, mem, n);
        }
        d->counters.contention_cpu_cycles += extra;
        ethosu_job_t *j = current_job(d);
        if (j)
            j->contention_cpu_cycles += extra;
        return extra;
    }
    return 0;
}

uint64_t ethosu_next_event(const ethosu_device_t *d)
{
    return d->running ? d->cmd_done : UINT64_MAX;
}

/* Registers to their reset values (both resets); PROT from RESET. */
static void reset_state(ethosu_device_t *d, uint64_t now, uint32_t prot)
{
    ethosu_counters_t keep = d->counters;
    const ethosu_config_t *cfg = d->cfg;
    npu_core_t *core = d->core;
    ethosu_irq_t irq = d->irq;
    bool level = d->irq_level;
    if (d->running) {
        d->now = now;
        job_end(d, 0);   /* cut short */
    }
    ethosu_job_t *jobs = d->jobs;
    uint32_t njobs = d->njobs, jobs_cap = d->jobs_cap;
    ethosu_cmd_rec_t *log = d->log;
    uint32_t nlog = d->nlog, log_cap = d->log_cap;
    ethosu_timing_t timing = d->timing;
    npu_port_t port = d->port;
    uint64_t stall = d->stall_cycles, wait = d->wait_cycles, saved = d->blockdep_saved;
    char last_error[sizeof d->last_error];
    memcpy(last_error, d->last_error, sizeof last_error);
    memset(d, 0, sizeof *d);
    memcpy(d->last_error, last_error, sizeof last_error);
    d->jobs = jobs;
    d->njobs = njobs;
    d->jobs_cap = jobs_cap;
    d->log = log;
    d->nlog = nlog;
    d->log_cap = log_cap;
    d->timing = timing;
    d->port = port;
    d->stall_cycles = stall;
    d->wait_cycles = wait;
    d->blockdep_saved = saved;
    d->cfg = cfg;
    d->core = core;
    d->irq = irq;
    d->irq_level = level;
    d->counters = keep;
    d->cmd_q = CMD_RESET_VALUE;
    d->prot = prot & 3u;
    ethosu_pmu_reset(&d->pmu);
    d->now = now;
    npu_core_reset(core);
    update_irq(d);
}

void ethosu_reset(ethosu_device_t *d, uint64_t now)
{
    reset_state(d, now, 0);
}

ethosu_device_t *ethosu_create(const ethosu_config_t *cfg, npu_port_t port, ethosu_irq_t irq)
{
    ethosu_device_t *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    npu_core_config_t cc = {.macs_per_cycle = cfg->macs_per_cycle, .shram_kb = cfg->shram_kb};
    d->core = npu_core_create(&cc, port);
    if (!d->core) {
        free(d);
        return NULL;
    }
    d->cfg = cfg;
    d->port = port;
    d->timing = ethosu_timing_default;
    d->irq = irq;
    reset_state(d, 0, 0);
    return d;
}

void ethosu_destroy(ethosu_device_t *d)
{
    if (!d)
        return;
    npu_core_destroy(d->core);
    free(d->jobs);
    free(d->log);
    free(d);
}

/* ---- register access ------------------------------------------------------ */

static uint32_t status_reg(const ethosu_device_t *d)
{
    return (d->running ? ETHOSU_STATUS_STATE : 0) | d->status | d->faulting | (d->irq_history << 16);
}

uint32_t ethosu_read(ethosu_device_t *d, uint64_t now, uint32_t off)
{
    ethosu_advance(d, now);
    off &= (ETHOSU_REG_SIZE - 1u) & ~3u;
    if (d->reset_until)
        return off == REG_STATUS ? ETHOSU_STATUS_RESET_STATUS : 0;   /* "other regs read 0" */
    if (off >= REG_BASEP0 && off < REG_BASEP0 + 8 * 8)
        return (off & 4u) ? d->basep_hi[(off - REG_BASEP0) / 8] : d->bases.basep[(off - REG_BASEP0) / 8];
    if (off >= REG_AXI_LIMIT0 && off < REG_AXI_LIMIT0 + 16)
        return d->axi_limit[(off - REG_AXI_LIMIT0) / 4];
    if (ethosu_pmu_is_reg(off))
        return ethosu_pmu_read(&d->pmu, off);
    if (off >= REG_CMD_STATE_FIRST && off <= REG_CMD_STATE_LAST)
        return npu_core_state_reg(d->core, off);
    if (off >= REG_PID4)
        return ident_regs[(off - REG_PID4) / 4];
    switch (off) {
    case REG_ID: return ETHOSU55_ID;
    case REG_STATUS: return status_reg(d);
    case REG_CMD: return d->cmd_q;
    case REG_QBASE: return d->bases.qbase;
    case REG_QBASE_HI: return d->qbase_hi;
    case REG_QREAD:
    case REG_CURRENT_QREAD: return d->running ? d->cur_offset : d->qread;
    case REG_DMA_CMD_SRC: return d->bases.qbase + (d->running ? d->cur_offset : d->qread);
    case REG_QCONFIG: return d->bases.qconfig;
    case REG_QSIZE: return d->bases.qsize;
    case REG_PROT: return d->prot;
    case REG_CONFIG: return d->cfg->config_reg;
    case REG_LOCK: return d->lock;
    case REG_REGIONCFG: return d->bases.regioncfg;
    default: return 0;   /* RESET, REVISION, the rest of the debug block: nothing to show */
    }
}

static void cmd_write(ethosu_device_t *d, uint32_t v)
{
    d->cmd_q = v & CMD_Q_ENABLES;
    if (v & CMD_CLEAR_IRQ)
        d->status &= ~(ETHOSU_STATUS_IRQ_RAISED | ETHOSU_STATUS_PMU_IRQ_RAISED);
    d->irq_history &= ~(v >> 16);
    if ((v & CMD_STOP_REQUEST) && d->running)
        d->stop_requested = true;
    /* [?] Go is refused while an error is latched: those bits clear only
     * on reset (ETHOSU.md 2.1), and the driver soft-resets after an error. */
    if ((v & CMD_GO) && !d->running && !(d->status & STATUS_ERRORS)) {
        d->running = true;
        job_begin(d);
        d->counters.jobs++;
        start_command(d);
    }
}

/* QBASE, QSIZE and QCONFIG only while stopped ([?]: the running stream is
 * not moved under the command processor); the region registers at any
 * time (the command processor latches them at each kick). */
void ethosu_write(ethosu_device_t *d, uint64_t now, uint32_t off, uint32_t v)
{
    ethosu_advance(d, now);
    off &= (ETHOSU_REG_SIZE - 1u) & ~3u;
    if (off == REG_RESET) {
        reset_state(d, now, v);
        d->reset_until = now + SOFT_RESET_CYCLES;
        return;
    }
    if (d->reset_until)
        return;
    if (off >= REG_BASEP0 && off < REG_BASEP0 + 8 * 8) {
        if (off & 4u)
            d->basep_hi[(off - REG_BASEP0) / 8] = v;
        else
            d->bases.basep[(off - REG_BASEP0) / 8] = v;
    } else if (off >= REG_AXI_LIMIT0 && off < REG_AXI_LIMIT0 + 16) {
        d->axi_limit[(off - REG_AXI_LIMIT0) / 4] = v & 0x0F1F00F3u;
    } else if (ethosu_pmu_is_reg(off)) {
        ethosu_pmu_write(&d->pmu, off, v);
        if (!ethosu_pmu_irq(&d->pmu))
            d->status &= ~ETHOSU_STATUS_PMU_IRQ_RAISED;
        pmu_check_overflow_irq(d);
    } else {
        switch (off) {
        case REG_CMD: cmd_write(d, v); break;
        case REG_QBASE:
        case REG_QSIZE:
            if (!d->running) {
                *(off == REG_QBASE ? &d->bases.qbase : &d->bases.qsize) = v;
                d->qread = 0;
                d->status &= ~ETHOSU_STATUS_CMD_END_REACHED;
            }
            break;
        case REG_QBASE_HI: if (!d->running) d->qbase_hi = v; break;
        case REG_QCONFIG: if (!d->running) d->bases.qconfig = v & 3u; break;
        case REG_LOCK: d->lock = v; break;
        case REG_REGIONCFG: d->bases.regioncfg = v & 0xFFFFu; break;
        default: break;   /* read-only registers */
        }
    }
    update_irq(d);
}
