/* The command processor: fetch and decode command words, keep the
 * persistent command-state registers, start each operation against the
 * registers as they stand at its kick (ETHOSU.md 3, 4.5). */
#include "npu_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmd_defs.h"

npu_core_t *npu_core_create(const npu_core_config_t *cfg, npu_port_t port)
{
    npu_core_t *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->cfg = *cfg;
    if (c->cfg.shram_kb == 0 || c->cfg.shram_kb > NPU_SHRAM_MAX / 1024)
        c->cfg.shram_kb = c->cfg.macs_per_cycle >= 256 ? 48 : c->cfg.macs_per_cycle >= 128 ? 24 : 16;
    c->port = port;
    c->work_limit = cfg->op_work_limit ? cfg->op_work_limit : NPU_MAX_MACS;
    c->fmap_limit = c->work_limit < NPU_MAX_FMAP_ELEMS ? c->work_limit : NPU_MAX_FMAP_ELEMS;
    npu_core_reset(c);
    return c;
}

void npu_core_destroy(npu_core_t *c)
{
    free(c);
}

void npu_core_reset(npu_core_t *c)
{
    memset(c->cmd0, 0, sizeof c->cmd0);
    memset(c->cmd1_param, 0, sizeof c->cmd1_param);
    memset(c->cmd1_payload, 0, sizeof c->cmd1_payload);
    memset(c->shram, 0, sizeof c->shram);
    c->lut_dma_base = -1;
}

bool npu_fail(npu_exec_t *x, npu_step_result_t why, const char *fmt, ...)
{
    if (x->err != NPU_STEP_CONTINUE)
        return false;
    x->err = why;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(x->info->message, sizeof x->info->message, fmt, ap);
    va_end(ap);
    return false;
}

/* The memory-attribute slot of a region (REGIONCFG); slot 0/1 is AXI0,
 * 2/3 AXI1 (ETHOSU.md 1.1). */
static unsigned slot_of_region(const npu_bases_t *b, unsigned region)
{
    return (b->regioncfg >> (2 * (region & 7))) & 3u;
}

static unsigned axi_port_of_region(const npu_bases_t *b, unsigned region)
{
    return slot_of_region(b, region) >> 1;
}

static bool bus_error(npu_exec_t *x, uint32_t addr, unsigned channel, const char *dir)
{
    if (x->err == NPU_STEP_CONTINUE) {
        x->info->faulting_channel = (uint8_t)channel;
        x->info->fault_addr = addr;
    }
    return npu_fail(x, NPU_STEP_BUS_ERROR, "NPU %s refused at 0x%08x (channel %u)", dir, addr, channel);
}

bool npu_mem_read(npu_exec_t *x, unsigned region, uint32_t offset, void *dst, uint32_t len, unsigned channel)
{
    if (x->err != NPU_STEP_CONTINUE)
        return false;
    uint32_t addr = x->b->basep[region & 7] + offset;
    unsigned port = axi_port_of_region(x->b, region);
    /* An access that wraps the 32-bit address space is refused as a whole. */
    if ((uint64_t)addr + len > 0x100000000ull || !x->c->port.read(x->c->port.ctx, addr, dst, len, port))
        return bus_error(x, addr, channel, "read");
    x->info->read_bytes[port] += len;
    x->info->slot_read_bytes[slot_of_region(x->b, region)] += len;
    return true;
}

bool npu_mem_write(npu_exec_t *x, unsigned region, uint32_t offset, const void *src, uint32_t len, unsigned channel)
{
    if (x->err != NPU_STEP_CONTINUE)
        return false;
    uint32_t addr = x->b->basep[region & 7] + offset;
    unsigned port = axi_port_of_region(x->b, region);
    if ((uint64_t)addr + len > 0x100000000ull || !x->c->port.write(x->c->port.ctx, addr, src, len, port))
        return bus_error(x, addr, channel, "write");
    x->info->write_bytes[port] += len;
    x->info->slot_write_bytes[slot_of_region(x->b, region)] += len;
    return true;
}

/* Fetch one command word at QBASE + off through the QCONFIG slot. */
static bool fetch_word(npu_exec_t *x, uint32_t off, uint32_t *w)
{
    uint32_t addr = x->b->qbase + off;
    unsigned slot = x->b->qconfig & 3u, port = slot >> 1;
    uint8_t bytes[4];
    if ((uint64_t)addr + 4 > 0x100000000ull || !x->c->port.read(x->c->port.ctx, addr, bytes, 4, port))
        return bus_error(x, addr, FAULT_CH_CMD, "command fetch");
    x->info->read_bytes[port] += 4;
    x->info->slot_read_bytes[slot] += 4;
    *w = (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
    return true;
}

static npu_step_result_t finish(npu_exec_t *x, npu_step_result_t ok)
{
    return x->err != NPU_STEP_CONTINUE ? x->err : ok;
}

/* What the timing model needs beyond what the executors recorded; read
 * from the registers the operation was kicked with. */
static void note_timing_inputs(const npu_core_t *c, const npu_bases_t *b, npu_op_info_t *in)
{
    uint16_t ks = npu_r0(c, C0_KERNEL_STRIDE);
    in->part_kernel = (uint8_t)KSTRIDE_PART_KERNEL(ks);
    in->acc40 = (npu_r0(c, C0_ACC_FORMAT) & 3u) == 1;
    in->ifm_b16 = (uint8_t)PREC_FORMAT_B16(npu_r0(c, C0_IFM_PRECISION));
    in->ifm2_b16 = (uint8_t)PREC_FORMAT_B16(npu_r0(c, C0_IFM2_PRECISION));
    in->ofm_b16 = (uint8_t)PREC_FORMAT_B16(npu_r0(c, C0_OFM_PRECISION));
    in->ifm_port = (uint8_t)axi_port_of_region(b, npu_r0(c, C0_IFM_REGION));
    in->ifm2_port = (uint8_t)axi_port_of_region(b, npu_r0(c, C0_IFM2_REGION));
    in->ofm_port = (uint8_t)axi_port_of_region(b, npu_r0(c, C0_OFM_REGION));
    in->scale_port = (uint8_t)axi_port_of_region(b, npu_r0(c, C0_SCALE_REGION));
    /* The activation, as Vela prices it (ETHOSU.md 6.1): a LUT or
     * transcendental function; a fused ReLU-family clamp (its lower bound
     * at the OFM zero point, i.e. real 0, or a bound inside the OFM type's
     * range); or nothing fused, which regor prices at the LUT column too
     * (its activation index starts there; kept so that etsim costs what
     * Vela costs). */
    unsigned fn = npu_r0(c, C0_ACTIVATION) & 0x1Fu;
    in->act_class = 0;
    if (fn == 0) {
        int bits = in->ofm_bits ? in->ofm_bits : 8;
        bool is_signed = (npu_r0(c, C0_OFM_PRECISION) & 1u) != 0;
        int32_t lo = is_signed ? -(1 << (bits > 16 ? 15 : bits - 1)) : 0;
        int32_t hi = is_signed ? (1 << (bits > 16 ? 15 : bits - 1)) - 1 : (bits >= 16 ? 0xFFFF : (1 << bits) - 1);
        int32_t amin = is_signed ? (int16_t)npu_r0(c, C0_ACTIVATION_MIN) : npu_r0(c, C0_ACTIVATION_MIN);
        int32_t amax = is_signed ? (int16_t)npu_r0(c, C0_ACTIVATION_MAX) : npu_r0(c, C0_ACTIVATION_MAX);
        int32_t zp = is_signed ? (int16_t)npu_r0(c, C0_OFM_ZERO_POINT) : npu_r0(c, C0_OFM_ZERO_POINT);
        if (amin > lo || amax < hi || amin == zp)
            in->act_class = 1;
    }
    if (in->kind == NPU_OPK_ELEMENTWISE) {
        in->ifm_h = in->ofm_h;
        in->ifm_w = in->ofm_w;
        unsigned mode = in->param & 0x3Fu;
        bool unary = mode == EW_LRELU || mode == EW_ABS || mode == EW_CLZ;
        in->ifm2_kind = unary ? 0 : BCAST_SCALAR(npu_r0(c, C0_IFM2_BROADCAST)) ? 1 : 2;
    } else {
        npu_kernel_t k;
        npu_kernel_from_regs(c, &k);
        int64_t h = (int64_t)(in->ofm_h - 1) * k.sy + k.kh_d - k.pt - k.pb;
        int64_t w = (int64_t)(in->ofm_w - 1) * k.sx + k.kw_d - k.pl - k.pr;
        in->ifm_h = (uint16_t)(h < 1 ? 1 : h > 0xFFFF ? 0xFFFF : h);
        in->ifm_w = (uint16_t)(w < 1 ? 1 : w > 0xFFFF ? 0xFFFF : w);
    }
}

npu_step_result_t npu_core_step(npu_core_t *c, const npu_bases_t *b, uint32_t *qread, npu_op_info_t *info)
{
    memset(info, 0, sizeof *info);
    npu_exec_t x = {.c = c, .b = b, .info = info, .err = NPU_STEP_CONTINUE};
    info->cmd_offset = *qread;
    if ((uint64_t)*qread + 4 > b->qsize)
        return NPU_STEP_END_OF_QUEUE;
    uint32_t w0;
    if (!fetch_word(&x, *qread, &w0))
        return x.err;
    unsigned op = NPU_CMD_OPCODE(w0), ctrl = NPU_CMD_CTRL(w0);
    uint16_t param = NPU_CMD_PARAM(w0);
    info->param = param;
    info->cmd_words = 1;

    if (ctrl == NPU_CTRL_CMD1) {
        info->cmd_words = 2;
        if ((uint64_t)*qread + 8 > b->qsize) {
            npu_fail(&x, NPU_STEP_PARSE_ERROR, "two-word command 0x%03x cut by the end of the queue", op);
            return x.err;
        }
        uint32_t w1;
        if (!fetch_word(&x, *qread + 4, &w1))
            return x.err;
        if (!npu_cmd1_is_reg(op)) {
            npu_fail(&x, NPU_STEP_PARSE_ERROR, "unknown cmd1 opcode 0x%03x at 0x%x", op, *qread);
            return x.err;
        }
        c->cmd1_param[op] = param;
        c->cmd1_payload[op] = w1;
        *qread += 8;
        info->kind = NPU_OPK_REGISTER;
        return NPU_STEP_CONTINUE;
    }
    if (ctrl != NPU_CTRL_CMD0) {
        npu_fail(&x, NPU_STEP_PARSE_ERROR, "invalid control field %u in word 0x%08x at 0x%x", ctrl, w0, *qread);
        return x.err;
    }
    if (npu_cmd0_is_reg(op)) {
        c->cmd0[op] = param;
        *qread += 4;
        info->kind = NPU_OPK_REGISTER;
        return NPU_STEP_CONTINUE;
    }
    if (!npu_cmd0_is_op(op)) {
        npu_fail(&x, NPU_STEP_PARSE_ERROR, "unknown cmd0 opcode 0x%03x at 0x%x", op, *qread);
        return x.err;
    }
    *qread += 4;
    info->blockdep = (uint8_t)(npu_r0(c, C0_BLOCKDEP) & 3u);
    switch (op) {
    case OP_STOP:
        info->kind = NPU_OPK_STOP;
        return NPU_STEP_STOP;
    case OP_IRQ:
        info->kind = NPU_OPK_IRQ;
        return NPU_STEP_IRQ;
    case OP_CONV:
        info->kind = NPU_OPK_CONV;
        npu_exec_conv(&x, false);
        note_timing_inputs(c, b, info);
        return finish(&x, NPU_STEP_CONTINUE);
    case OP_DEPTHWISE:
        info->kind = NPU_OPK_DEPTHWISE;
        npu_exec_conv(&x, true);
        note_timing_inputs(c, b, info);
        return finish(&x, NPU_STEP_CONTINUE);
    case OP_POOL:
        info->kind = NPU_OPK_POOL;
        npu_exec_pool(&x, param & 7u);
        note_timing_inputs(c, b, info);
        return finish(&x, NPU_STEP_CONTINUE);
    case OP_ELEMENTWISE:
        info->kind = NPU_OPK_ELEMENTWISE;
        npu_exec_elementwise(&x, param & 0x3Fu);
        note_timing_inputs(c, b, info);
        return finish(&x, NPU_STEP_CONTINUE);
    case OP_DMA_START:
        info->kind = NPU_OPK_DMA;
        npu_exec_dma(&x);
        return finish(&x, NPU_STEP_CONTINUE);
    case OP_DMA_WAIT:
        /* Every operation completes inside its step, so waits are already
         * satisfied; the device model charges the time. */
        info->kind = NPU_OPK_DMA_WAIT;
        return NPU_STEP_CONTINUE;
    case OP_KERNEL_WAIT:
        info->kind = NPU_OPK_KERNEL_WAIT;
        return NPU_STEP_CONTINUE;
    default: /* OP_PMU_MASK */
        info->kind = NPU_OPK_PMU_MASK;
        return NPU_STEP_CONTINUE;
    }
}

uint32_t npu_core_state_reg(const npu_core_t *c, uint32_t offset)
{
    offset &= ~3u;
    if (offset >= 0x800 && offset < 0xA00) {
        unsigned op = offset < 0x900 ? 0x100 + (offset - 0x800) / 4 : 0x180 + (offset - 0x900) / 4;
        return npu_cmd0_is_reg(op) ? c->cmd0[op] : 0;
    }
    if (offset >= 0xA00 && offset < 0xC00) {
        for (unsigned op = 0; op < 0x90; op++) {
            uint32_t r = npu_cmd1_reg_offset(op);
            if (!r || !npu_cmd1_is_reg(op))
                continue;
            if (offset == r)
                return c->cmd1_payload[op];
            if (offset == r + 4)   /* OFM/OPA scale shift; 0 for addresses on U55 */
                return (op == C1_OFM_SCALE || op == C1_OPA_SCALE) ? (c->cmd1_param[op] & 0x3Fu) : 0;
        }
    }
    return 0;
}
