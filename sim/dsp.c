/* The HLD DSP on the SoC (sim/dsp.h). */
#include "dsp.h"

#include <stdlib.h>
#include <string.h>

#include "machine.h"

/* ---- the two clocks ------------------------------------------------------ */

/* Split products so that no intermediate overflows 64 bits. */
static uint64_t scale_floor(uint64_t x, uint64_t num, uint64_t den)
{
    return x / den * num + x % den * num / den;
}

uint64_t sim_dsp_cycle_at(const sim_dsp_t *d, uint64_t core_cycle)
{
    return scale_floor(core_cycle, d->dsp_khz, d->cpu_khz);
}

uint64_t sim_dsp_core_cycle_of(const sim_dsp_t *d, uint64_t dsp_cycle)
{
    uint64_t t = scale_floor(dsp_cycle, d->cpu_khz, d->dsp_khz);
    while (sim_dsp_cycle_at(d, t) < dsp_cycle)
        t++;
    return t;
}

/* ---- the bus port: the DSP's accesses outside its own memories ---------- */

static bool in_range(uint32_t addr, uint32_t len, uint32_t base, uint64_t size)
{
    return addr >= base && (uint64_t)addr - base + len <= size;
}

/* A region's wait states are core cycles; the DSP waits the same time. */
static unsigned dsp_wait(const sim_dsp_t *d, unsigned core_wait)
{
    uint64_t w = (core_wait * d->dsp_khz + d->cpu_khz - 1) / d->cpu_khz;
    return w > 10000 ? 10000u : (unsigned)w;
}

/* The access in the region's and the DSP's counters, with the wait it cost. */
static void charge(sim_dsp_t *d, sim_region_t *r, uint32_t len, bool write, unsigned wait)
{
    machine_master_charge(d->m, r, d->stats, len, write);
    d->stats[r - d->m->regions].wait_cycles += wait;
}

static bool dsp_ctrl_read(const sim_dsp_t *d, uint32_t off, unsigned size, uint32_t *value);

static bool port_read(void *ctx, uint32_t addr, void *dst, uint32_t len, unsigned *wait)
{
    sim_dsp_t *d = ctx;
    uint32_t off, v;
    *wait = 0;
    if (in_range(addr, len, d->m->desc.dsp.mailbox, SOC_DSP_MAILBOX_SIZE)) {
        off = addr - d->m->desc.dsp.mailbox;
        bool ok = off < MBOX_REG_END ? mailbox_read(&d->mbox, MBOX_DSP, off, len, &v)
                                     : dsp_ctrl_read(d, off, len, &v);
        if (ok) {
            memcpy(dst, &v, 4);
            *wait = 1;
            return true;
        }
    } else {
        sim_region_t *r = machine_master_region(d->m, addr, len, false, &off);
        if (r) {
            memcpy(dst, r->host + off, len);
            *wait = dsp_wait(d, r->desc->read_wait);
            charge(d, r, len, false, *wait);
            return true;
        }
    }
    d->bus_errors++;
    return false;
}

static bool port_write(void *ctx, uint32_t addr, const void *src, uint32_t len, unsigned *wait)
{
    sim_dsp_t *d = ctx;
    uint32_t off, v;
    *wait = 0;
    if (in_range(addr, len, d->m->desc.dsp.mailbox, SOC_DSP_MAILBOX_SIZE)) {
        off = addr - d->m->desc.dsp.mailbox;
        if (len == 4 && off < DSP_CTRL_END) {
            memcpy(&v, src, 4);
            /* The control registers are the M55's: the DSP's writes are ignored. */
            if (off >= MBOX_REG_END || mailbox_write(&d->mbox, MBOX_DSP, off, len, v)) {
                *wait = 1;
                return true;
            }
        }
    } else {
        sim_region_t *r = machine_master_region(d->m, addr, len, true, &off);
        if (r) {
            /* Through the host-write path: it drops predecoded M55
             * instructions the DSP overwrites. */
            machine_write_bytes(d->m, addr, src, len);
            *wait = dsp_wait(d, r->desc->write_wait);
            charge(d, r, len, true, *wait);
            return true;
        }
    }
    d->bus_errors++;
    return false;
}

/* ---- running ------------------------------------------------------------- */

/* The job log: a job starts when the core starts running bundles and ends
 * when it stops (waiti, halt, fault, reset).  Past the log's limit (or
 * without memory) jobs are not logged, which only thins the ETDump. */
static void job_begin(sim_dsp_t *d)
{
    if (d->in_job)
        return;
    if (d->njobs == d->jobs_cap) {
        uint32_t cap = d->jobs_cap ? d->jobs_cap * 2 : 64;
        sim_dsp_job_t *p = cap <= SIM_DSP_MAX_JOB_LOG ? realloc(d->jobs, cap * sizeof *p) : NULL;
        if (!p)
            return;
        d->jobs = p;
        d->jobs_cap = cap;
    }
    d->jobs[d->njobs++] = (sim_dsp_job_t){d->now, d->now};
    d->in_job = true;
}

static void job_end(sim_dsp_t *d)
{
    if (!d->in_job)
        return;
    d->jobs[d->njobs - 1].end = d->now;
    d->in_job = false;
}

bool sim_dsp_job(const sim_dsp_t *d, uint32_t i, uint64_t *start, uint64_t *end)
{
    if (i >= d->njobs)
        return false;
    const sim_dsp_job_t *j = &d->jobs[i];
    bool running = d->in_job && i == d->njobs - 1;
    *start = sim_dsp_core_cycle_of(d, j->start);
    *end = sim_dsp_core_cycle_of(d, running ? d->now : j->end);
    return true;
}

static void release(sim_dsp_t *d)
{
    job_end(d);
    dsp_core_reset(d->core, d->entry);
    d->running = true;
    d->halted = d->faulted = d->asleep = false;
    d->fault_pc = 0;
    d->released_at = d->now;
    d->releases++;
    job_begin(d);
}

void sim_dsp_advance(sim_dsp_t *d, uint64_t core_now)
{
    uint64_t target = sim_dsp_cycle_at(d, core_now);
    dsp_step_info_t info;
    while (d->now < target) {
        if (!d->running || d->halted || d->faulted) {
            d->now = target;
            break;
        }
        if (d->asleep && !d->mbox.a2d_bell) {
            /* Nothing can wake it before the M55 writes the mailbox,
             * which advances the DSP first. */
            d->sleep_cycles += target - d->now;
            d->now = target;
            break;
        }
        dsp_step_result_t res = dsp_core_step(d->core, &info);
        if (res == DSP_STEP_SLEEP)
            job_end(d);
        else
            job_begin(d);
        d->now += info.cycles;
        for (int k = 0; k < DSP_CL_COUNT; k++)
            d->class_ops[k] += info.class_ops[k];
        if (res == DSP_STEP_SLEEP) {
            d->asleep = true;
            d->sleep_cycles += info.cycles;
            continue;
        }
        d->asleep = false;
        d->active_cycles += info.cycles;
        if (res == DSP_STEP_OK || res == DSP_STEP_HALT)
            d->bundles++;
        if (info.doorbell)
            mailbox_ring_host(&d->mbox);
        if (res == DSP_STEP_HALT || res == DSP_STEP_FAULT)
            job_end(d);
        if (res == DSP_STEP_HALT) {
            d->halted = true;
        } else if (res == DSP_STEP_FAULT) {
            /* The M55 learns of it from STATUS; the doorbell wakes it if it
             * waits for the DSP. */
            d->faulted = true;
            d->fault_pc = info.pc;
            snprintf(d->fault, sizeof d->fault, "%s", info.message);
            mailbox_ring_host(&d->mbox);
        }
    }
}

static uint64_t dsp_next_event(void *ctx)
{
    const sim_dsp_t *d = ctx;
    if (!d->running || d->halted || d->faulted || (d->asleep && !d->mbox.a2d_bell))
        return UINT64_MAX;
    return sim_dsp_core_cycle_of(d, d->now + SIM_DSP_QUANTUM);
}

static void dsp_advance_dev(void *ctx, uint64_t now)
{
    sim_dsp_advance(ctx, now);
}

/* ---- the M55's side: mailbox, control registers, window ------------------ */

static uint32_t status_bits(const sim_dsp_t *d)
{
    return (d->running && !d->halted && !d->faulted ? DSP_STATUS_RUNNING : 0) |
           (d->halted ? DSP_STATUS_HALTED : 0) | (d->faulted ? DSP_STATUS_FAULTED : 0) |
           (d->running && d->asleep ? DSP_STATUS_ASLEEP : 0);
}

static bool dsp_ctrl_read(const sim_dsp_t *d, uint32_t off, unsigned size, uint32_t *value)
{
    if (size != 4 || (off & 3u) || off < MBOX_REG_END || off >= DSP_CTRL_END)
        return false;
    uint64_t ccount = d->running ? d->now - d->released_at : 0;
    switch (off) {
    case DSP_CTRL: *value = d->ctrl; break;
    case DSP_ENTRY: *value = d->entry; break;
    case DSP_STATUS: *value = status_bits(d); break;
    case DSP_CCOUNT_LO: *value = (uint32_t)ccount; break;
    case DSP_CCOUNT_HI: *value = d->ccount_hi_latch; break;
    case DSP_FAULT_PC: *value = d->fault_pc; break;
    default: *value = 0; break;   /* 0x30-0x3C: reserved, read as zero */
    }
    return true;
}

static bool mbox_dev_read(void *ctx, uint64_t now, uint32_t off, unsigned size, uint32_t *value)
{
    sim_dsp_t *d = ctx;
    sim_dsp_advance(d, now);
    if (off < MBOX_REG_END)
        return mailbox_read(&d->mbox, MBOX_HOST, off, size, value);
    bool ok = dsp_ctrl_read(d, off, size, value);
    if (ok && off == DSP_CCOUNT_LO)
        d->ccount_hi_latch = (uint32_t)((d->running ? d->now - d->released_at : 0) >> 32);
    return ok;
}

static bool mbox_dev_write(void *ctx, uint64_t now, uint32_t off, unsigned size, uint32_t value)
{
    sim_dsp_t *d = ctx;
    sim_dsp_advance(d, now);
    if (off < MBOX_REG_END)
        return mailbox_write(&d->mbox, MBOX_HOST, off, size, value);
    if (size != 4 || (off & 3u) || off >= DSP_CTRL_END)
        return false;
    if (off == DSP_CTRL) {
        bool run = value & 1u;
        if (run && !(d->ctrl & 1u))
            release(d);
        else if (!run) {   /* held in reset: STATUS reads 0; the fault message stays for the report */
            job_end(d);
            d->running = d->halted = d->faulted = d->asleep = false;
        }
        d->ctrl = value & 1u;
    } else if (off == DSP_ENTRY) {
        d->entry = value;
    }
    return true;   /* the status registers ignore writes */
}

static bool window_dev_read(void *ctx, uint64_t now, uint32_t off, unsigned size, uint32_t *value)
{
    sim_dsp_t *d = ctx;
    sim_dsp_advance(d, now);
    *value = 0;
    return dsp_core_read_local(d->core, off, value, size);   /* little-endian host */
}

static bool window_dev_write(void *ctx, uint64_t now, uint32_t off, unsigned size, uint32_t value)
{
    sim_dsp_t *d = ctx;
    sim_dsp_advance(d, now);
    return dsp_core_write_local(d->core, off, &value, size);
}

/* ---- lines ---------------------------------------------------------------- */

static void line_to_dsp(void *ctx, bool level)
{
    sim_dsp_t *d = ctx;
    dsp_core_set_irq(d->core, level);
}

static void line_to_host(void *ctx, bool level)
{
    sim_dsp_t *d = ctx;
    machine_set_irq(d->m, d->m->desc.dsp.irq, level);
}

/* ---- life cycle ------------------------------------------------------------ */

bool sim_dsp_attach(machine_t *m, char *err, size_t errlen)
{
    const soc_dsp_t *sd = &m->desc.dsp;
    sim_dsp_t *d = calloc(1, sizeof *d);
    if (!d) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    d->m = m;
    m->dsp = d;
    d->cpu_khz = (uint64_t)(m->desc.cpu_mhz * 1000.0 + 0.5);
    d->dsp_khz = (uint64_t)(sd->mhz * 1000.0 + 0.5);
    if (d->cpu_khz == 0 || d->dsp_khz == 0) {
        snprintf(err, errlen, "dsp: the cpu and dsp clocks must be at least 1 kHz");
        return false;
    }
    dsp_config_t cfg = {.iram_bytes = sd->iram_bytes, .dram_bytes = sd->dram_bytes, .dram_banks = sd->dram_banks,
                        .iram_wait = sd->iram_wait, .dram_wait = sd->dram_wait,
                        .dma_bytes_per_cycle = sd->dma_bytes_per_cycle, .dma_setup_cycles = sd->dma_setup_cycles};
    char why[160];
    d->core = dsp_core_create(&cfg, (dsp_port_t){d, port_read, port_write}, why, sizeof why);
    if (!d->core) {
        snprintf(err, errlen, "dsp: %s", why);
        return false;
    }
    d->mbox.ctx = d;
    d->mbox.dsp_line = line_to_dsp;
    d->mbox.host_line = line_to_host;
    mailbox_reset(&d->mbox);
    sim_device_t mb = {.name = "dsp_mailbox", .base = {sd->mailbox}, .nranges = 1, .size = SOC_DSP_MAILBOX_SIZE,
                       .irq = sd->irq, .ctx = d, .read = mbox_dev_read, .write = mbox_dev_write,
                       .next_event = dsp_next_event, .advance = dsp_advance_dev};
    uint32_t window = (DSP_DRAM_BASE + sd->dram_bytes + 0xFFFu) & ~0xFFFu;
    sim_device_t win = {.name = "dsp_memory", .base = {sd->window}, .nranges = 1, .size = window, .irq = -1,
                        .ctx = d, .read = window_dev_read, .write = window_dev_write};
    return machine_add_device(m, &mb, err, errlen) && machine_add_device(m, &win, err, errlen);
}

void sim_dsp_destroy(sim_dsp_t *d)
{
    if (!d)
        return;
    dsp_core_destroy(d->core);
    free(d->jobs);
    free(d);
}

void sim_dsp_reset(sim_dsp_t *d, uint64_t core_now)
{
    sim_dsp_advance(d, core_now);
    job_end(d);
    d->running = d->halted = d->faulted = d->asleep = false;
    d->ctrl = d->entry = d->fault_pc = 0;
    mailbox_reset(&d->mbox);
}
