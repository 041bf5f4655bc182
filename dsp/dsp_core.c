/* The HLD core: fetch through the predecode cache, issue one bundle per
 * step with the timing of HIFI.md 5.4 (scoreboard interlocks, accumulator
 * forwarding, zero-overhead loop back-edges, memory costs, taken-branch
 * bubbles), interrupts, the DMA engine and the counters. */
#include <stdlib.h>
#include <string.h>

#include "dsp_internal.h"

#define BRANCH_BUBBLES 2   /* taken branch / call / return / interrupt: no predictor */

void dsp_config_default(dsp_config_t *cfg)
{
    *cfg = (dsp_config_t){
        .iram_bytes = 64 * 1024, .dram_bytes = 128 * 1024, .dram_banks = 2,
        .iram_wait = 0, .dram_wait = 0, .dma_bytes_per_cycle = 8, .dma_setup_cycles = 4,
    };
}

dsp_core_t *dsp_core_create(const dsp_config_t *cfg, dsp_port_t port, char *err, size_t errlen)
{
    const char *bad = NULL;
    if (cfg->iram_bytes == 0 || cfg->iram_bytes % 8 || cfg->iram_bytes > DSP_DRAM_BASE - DSP_IRAM_BASE)
        bad = "instruction memory size must be a non-zero multiple of 8, at most 1 MiB";
    else if (cfg->dram_banks < 1 || cfg->dram_banks > 2)
        bad = "data memory must have 1 or 2 banks";
    else if (cfg->dram_bytes == 0 || cfg->dram_bytes % (8 * cfg->dram_banks) || cfg->dram_bytes > 0x40000000u)
        bad = "data memory size must be a non-zero multiple of 8 per bank, at most 1 GiB";
    else if (cfg->dma_bytes_per_cycle == 0)
        bad = "DMA bandwidth must be at least 1 byte per cycle";
    if (bad) {
        snprintf(err, errlen, "dsp: %s", bad);
        return NULL;
    }
    dsp_core_t *c = calloc(1, sizeof *c);
    if (!c || !(c->iram = calloc(1, cfg->iram_bytes)) || !(c->dram = calloc(1, cfg->dram_bytes)) ||
        !(c->decoded = calloc(cfg->iram_bytes / 8, sizeof *c->decoded))) {
        dsp_core_destroy(c);
        snprintf(err, errlen, "dsp: out of memory");
        return NULL;
    }
    c->cfg = *cfg;
    c->port = port;
    dsp_core_reset(c, DSP_IRAM_BASE);
    return c;
}

void dsp_core_destroy(dsp_core_t *c)
{
    if (!c)
        return;
    free(c->iram);
    free(c->dram);
    free(c->decoded);
    free(c);
}

void dsp_core_reset(dsp_core_t *c, uint32_t entry)
{
    memset(&c->st, 0, sizeof c->st);
    memset(c->loop, 0, sizeof c->loop);
    memset(c->sr, 0, sizeof c->sr);
    c->loop_depth = 0;
    c->pc = entry;
    c->sleeping = c->halted = false;
    c->cycle = 0;
    memset(c->ready_r, 0, sizeof c->ready_r);
    memset(c->ready_v, 0, sizeof c->ready_v);
    memset(c->ready_a, 0, sizeof c->ready_a);
    memset(c->fwd_a, 0, sizeof c->fwd_a);
    memset(c->ready_p, 0, sizeof c->ready_p);
    memset(c->ready_u, 0, sizeof c->ready_u);
    c->dma_done_at = 0;
    memset(&c->stats, 0, sizeof c->stats);
}

bool dsp_core_write_local(dsp_core_t *c, uint32_t addr, const void *src, uint32_t len)
{
    if (addr >= DSP_DRAM_BASE && (uint64_t)addr - DSP_DRAM_BASE + len <= c->cfg.dram_bytes) {
        memcpy(c->dram + (addr - DSP_DRAM_BASE), src, len);
        return true;
    }
    if ((uint64_t)addr + len <= c->cfg.iram_bytes) {
        memcpy(c->iram + addr, src, len);
        for (uint32_t a = addr & ~7u; a < addr + len; a += 8)
            c->decoded[a / 8].state = 0;
        return true;
    }
    return false;
}

bool dsp_core_read_local(const dsp_core_t *c, uint32_t addr, void *dst, uint32_t len)
{
    if (addr >= DSP_DRAM_BASE && (uint64_t)addr - DSP_DRAM_BASE + len <= c->cfg.dram_bytes) {
        memcpy(dst, c->dram + (addr - DSP_DRAM_BASE), len);
        return true;
    }
    if ((uint64_t)addr + len <= c->cfg.iram_bytes) {
        memcpy(dst, c->iram + addr, len);
        return true;
    }
    return false;
}

void dsp_core_set_irq(dsp_core_t *c, bool level) { c->irq_line = level; }

#define PS_IE 1u    /* interrupts enabled */
#define PS_EIE 2u   /* IE before the interrupt was taken */

uint32_t dsp_sr_read(const struct dsp_core *c, unsigned sr)
{
    switch (sr) {
    case DSP_SR_LBEG0: return c->loop[0].beg;
    case DSP_SR_LEND0: return c->loop[0].end;
    case DSP_SR_LCOUNT0: return c->loop[0].count;
    case DSP_SR_LBEG1: return c->loop[1].beg;
    case DSP_SR_LEND1: return c->loop[1].end;
    case DSP_SR_LCOUNT1: return c->loop[1].count;
    case DSP_SR_CCOUNT: return (uint32_t)c->cycle;
    case DSP_SR_IRQ_PEND: return c->irq_line ? 1u : 0u;
    case DSP_SR_DMA_STATUS: return c->dma_done_at > c->cycle ? 1u : 0u;
    default: return c->sr[sr];
    }
}

void dsp_sr_write(struct dsp_core *c, unsigned sr, uint32_t v)
{
    switch (sr) {
    case DSP_SR_LBEG0: c->loop[0].beg = v; break;
    case DSP_SR_LEND0: c->loop[0].end = v; break;
    case DSP_SR_LCOUNT0: c->loop[0].count = v; break;
    case DSP_SR_LBEG1: c->loop[1].beg = v; break;
    case DSP_SR_LEND1: c->loop[1].end = v; break;
    case DSP_SR_LCOUNT1: c->loop[1].count = v; break;
    case DSP_SR_CCOUNT: case DSP_SR_IRQ_PEND: case DSP_SR_DMA_STATUS: break;   /* read-only */
    case DSP_SR_DOORBELL:
        c->sr[sr] = v;
        if ((v & 1) && c->info)
            c->info->doorbell = true;
        break;
    default: c->sr[sr] = v; break;
    }
}

static uint64_t *ready_of(dsp_core_t *c, unsigned file)
{
    switch (file) {
    case DSP_RF_R: return c->ready_r;
    case DSP_RF_V: return c->ready_v;
    case DSP_RF_A: return c->ready_a;
    case DSP_RF_P: return c->ready_p;
    default: return c->ready_u;
    }
}

/* The cycle at which every operand of b is available. */
static uint64_t issue_cycle(dsp_core_t *c, const dsp_bundle_t *b)
{
    uint64_t t = c->cycle;
    for (unsigned i = 0; i < b->nuse; i++) {
        const dsp_reguse_t *u = &b->use[i];
        if (u->role == DSP_DEF)
            continue;
        uint64_t r = u->role == DSP_ACC ? c->fwd_a[u->index] : ready_of(c, u->file)[u->index];
        if (r > t)
            t = r;
    }
    return t;
}

static void mark_results(dsp_core_t *c, const dsp_bundle_t *b, uint64_t done)
{
    for (unsigned i = 0; i < b->nuse; i++) {
        const dsp_reguse_t *u = &b->use[i];
        if (u->role == DSP_USE)
            continue;
        ready_of(c, u->file)[u->index] = done + u->latency;
        if (u->file == DSP_RF_A)   /* a MAC into the same a: no wait (forwarding) */
            c->fwd_a[u->index] = done + (u->role == DSP_ACC ? 1 : u->latency);
    }
}

static const dsp_bundle_t *fetch(dsp_core_t *c, uint32_t pc)
{
    if ((pc & 7) || (uint64_t)pc + 8 > (uint64_t)DSP_IRAM_BASE + c->cfg.iram_bytes) {
        dsp_fault(c, "fetch at 0x%08x: outside instruction memory or not 8-byte aligned", pc);
        return NULL;
    }
    dsp_bundle_t *b = &c->decoded[(pc - DSP_IRAM_BASE) / 8];
    if (b->state == 0) {
        uint64_t bits = 0;
        for (int i = 7; i >= 0; i--)
            bits = bits << 8 | c->iram[pc - DSP_IRAM_BASE + (uint32_t)i];
        dsp_decode_bundle(bits, pc, b);
    }
    if (b->state == 2) {
        dsp_fault(c, "illegal bundle at 0x%08x: %s", pc, b->why);
        return NULL;
    }
    return b;
}

/* Zero-overhead loops: the bundle after the body's last one goes back to
 * the beginning while the count lasts; levels that end together unwind. */
static uint32_t loop_back_edge(dsp_core_t *c, uint32_t next)
{
    while (c->loop_depth > 0) {
        struct dsp_loop *l = &c->loop[c->loop_depth - 1];
        if (next != l->end)
            break;
        if (--l->count > 0)
            return l->beg;
        c->loop_depth--;
    }
    return next;
}

static bool take_interrupt(dsp_core_t *c)
{
    if (!c->irq_line || !(c->sr[DSP_SR_IRQ_EN] & 1))
        return false;
    if (!c->sleeping && !(c->sr[DSP_SR_PS] & PS_IE))
        return false;
    c->sleeping = false;
    c->sr[DSP_SR_EPC] = c->pc;
    c->sr[DSP_SR_PS] = (c->sr[DSP_SR_PS] & PS_IE) ? PS_EIE : 0;
    c->pc = c->sr[DSP_SR_IRQ_VEC];
    return true;
}

static dsp_step_result_t end_step(dsp_core_t *c, dsp_step_info_t *info, dsp_step_result_t r)
{
    c->stats.cycles += info->cycles;
    c->stats.stall_cycles += info->stall_cycles;
    c->stats.mem_cycles += info->mem_cycles;
    c->stats.bubble_cycles += info->bubble_cycles;
    c->stats.bus_read_bytes += info->bus_read_bytes;
    c->stats.bus_write_bytes += info->bus_write_bytes;
    for (int k = 0; k < DSP_CL_COUNT; k++)
        c->stats.class_ops[k] += info->class_ops[k];
    c->info = NULL;
    return r;
}

dsp_step_result_t dsp_core_step(dsp_core_t *c, dsp_step_info_t *info)
{
    memset(info, 0, sizeof *info);
    c->info = info;
    info->pc = c->pc;
    if (c->halted) {   /* an idle cycle, like sleep */
        info->cycles = 1;
        c->cycle++;
        c->stats.sleep_cycles++;
        return end_step(c, info, DSP_STEP_HALT);
    }
    unsigned bubbles = 0;
    if (take_interrupt(c))
        bubbles = BRANCH_BUBBLES;
    else if (c->sleeping) {
        info->cycles = 1;
        c->cycle++;
        c->stats.sleep_cycles++;
        return end_step(c, info, DSP_STEP_SLEEP);
    }
    info->pc = c->pc;
    c->fault = false;
    const dsp_bundle_t *b = fetch(c, c->pc);
    if (!b) {
        snprintf(info->message, sizeof info->message, "%s", c->fault_msg);
        info->cycles = 1;
        c->cycle++;
        return end_step(c, info, DSP_STEP_FAULT);
    }
    uint64_t issue = issue_cycle(c, b);
    info->stall_cycles = (uint32_t)(issue - c->cycle);
    c->cycle = issue;
    c->in = c->st;
    c->next_pc = c->pc + DSP_BUNDLE_BYTES;
    c->taken = false;
    c->mem_wait = c->cfg.iram_wait;
    c->bank_used[0] = c->bank_used[1] = 0;
    c->store.pending = false;
    for (unsigned i = 0; i < b->op_count && !c->fault; i++) {
        b->op[i].desc->exec(c, &b->op[i]);
        info->class_ops[b->op[i].desc->cls]++;
    }
    if (!c->fault)
        dsp_mem_commit(c);
    if (c->fault) {
        snprintf(info->message, sizeof info->message, "at 0x%08x: %s", c->pc, c->fault_msg);
        info->cycles = 1 + info->stall_cycles;
        c->cycle++;
        return end_step(c, info, DSP_STEP_FAULT);
    }
    if (c->taken)
        bubbles += BRANCH_BUBBLES;
    else
        c->next_pc = loop_back_edge(c, c->next_pc);
    mark_results(c, b, issue + c->mem_wait);
    info->mem_cycles = c->mem_wait;
    info->bubble_cycles = bubbles;
    info->cycles = info->stall_cycles + 1 + c->mem_wait + bubbles;
    c->cycle = issue + 1 + c->mem_wait + bubbles;
    c->pc = c->next_pc;
    c->stats.bundles++;
    if (c->halted)
        return end_step(c, info, DSP_STEP_HALT);
    return end_step(c, info, DSP_STEP_OK);
}

dsp_run_result_t dsp_core_run(dsp_core_t *c, uint64_t max_cycles, char *msg, size_t msglen)
{
    dsp_step_info_t info;
    if (msglen)
        msg[0] = 0;
    while (c->stats.cycles < max_cycles) {
        switch (dsp_core_step(c, &info)) {
        case DSP_STEP_OK:
            break;
        case DSP_STEP_HALT:
            return DSP_RUN_HALT;
        case DSP_STEP_SLEEP:
            if (!c->irq_line || !(c->sr[DSP_SR_IRQ_EN] & 1)) {
                snprintf(msg, msglen, "asleep in waiti at 0x%08x with no interrupt to wake it", c->pc - 8);
                return DSP_RUN_SLEEP;
            }
            break;
        case DSP_STEP_FAULT:
            snprintf(msg, msglen, "%s", info.message);
            return DSP_RUN_FAULT;
        }
    }
    snprintf(msg, msglen, "cycle limit %llu reached at 0x%08x", (unsigned long long)max_cycles, c->pc);
    return DSP_RUN_CYCLE_LIMIT;
}

uint32_t dsp_core_pc(const dsp_core_t *c) { return c->pc; }
uint32_t dsp_core_r(const dsp_core_t *c, unsigned i) { return i < DSP_NUM_R && i ? c->st.r[i] : 0; }
void dsp_core_set_r(dsp_core_t *c, unsigned i, uint32_t v) { if (i && i < DSP_NUM_R) c->st.r[i] = v; }
uint64_t dsp_core_v(const dsp_core_t *c, unsigned i) { return c->st.v[i % DSP_NUM_V]; }
void dsp_core_set_v(dsp_core_t *c, unsigned i, uint64_t v) { c->st.v[i % DSP_NUM_V] = v; }
int64_t dsp_core_acc(const dsp_core_t *c, unsigned i, unsigned lane) { return c->st.a[i % DSP_NUM_A][lane % 4]; }
uint8_t dsp_core_p(const dsp_core_t *c, unsigned i) { return c->st.p[i % DSP_NUM_P]; }
uint32_t dsp_core_sr(const dsp_core_t *c, unsigned sr) { return sr < DSP_SR_COUNT ? dsp_sr_read(c, sr) : 0; }
const dsp_stats_t *dsp_core_stats(const dsp_core_t *c) { return &c->stats; }
