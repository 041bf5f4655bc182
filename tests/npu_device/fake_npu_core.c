/* A stand-in for the Ethos-U55 command processor (npu/npu_core.h) while
 * the real one (branch npu-core) is not merged: the Makefile links it only
 * when npu/npu_core.c does not exist, and it disappears by itself then.
 *
 * It knows what the device's state machine needs to be tested: fetching
 * words through the port (a refused fetch is a bus error on the command
 * channel), the end of the queue, NPU_OP_STOP, NPU_OP_IRQ, NPU_OP_PMU_MASK,
 * NPU_OP_DMA_WAIT / KERNEL_WAIT, and register-setting commands (kept, so
 * the command-state registers read back).  Every other operation is a
 * parse error naming it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../npu/npu_core.h"

struct npu_core {
    npu_port_t port;
    uint32_t cmd0[256];     /* last parameter of each cmd0 register command 0x100..0x1FF */
    uint32_t cmd1[256];     /* last payload of each cmd1 register command 0x400.. */
};

npu_core_t *npu_core_create(const npu_core_config_t *cfg, npu_port_t port)
{
    (void)cfg;
    npu_core_t *c = calloc(1, sizeof *c);
    if (c)
        c->port = port;
    return c;
}

void npu_core_destroy(npu_core_t *c)
{
    free(c);
}

void npu_core_reset(npu_core_t *c)
{
    memset(c->cmd0, 0, sizeof c->cmd0);
    memset(c->cmd1, 0, sizeof c->cmd1);
}

/* QCONFIG's slot: 0 and 1 are AXI0, 2 and 3 AXI1 (ETHOSU.md 1.1). */
static unsigned cmd_port(const npu_bases_t *b)
{
    return (b->qconfig & 3u) >= 2 ? 1u : 0u;
}

static bool fetch(npu_core_t *c, const npu_bases_t *b, uint32_t off, uint32_t *w, npu_op_info_t *info)
{
    unsigned p = cmd_port(b);
    if (!c->port.read(c->port.ctx, b->qbase + off, w, 4, p)) {
        info->faulting_channel = 0;   /* command channel */
        info->fault_addr = b->qbase + off;
        snprintf(info->message, sizeof info->message, "command fetch at 0x%08x refused", b->qbase + off);
        return false;
    }
    info->read_bytes[p] += 4;
    return true;
}

npu_step_result_t npu_core_step(npu_core_t *c, const npu_bases_t *b, uint32_t *qread, npu_op_info_t *info)
{
    info->cmd_offset = *qread;
    if (*qread >= b->qsize || b->qsize - *qread < 4)
        return NPU_STEP_END_OF_QUEUE;
    uint32_t w;
    if (!fetch(c, b, *qread, &w, info))
        return NPU_STEP_BUS_ERROR;
    uint32_t op = w & 0x3FFu, ctrl = (w >> 14) & 3u;
    info->param = (uint16_t)(w >> 16);
    info->cmd_words = 1;
    *qread += 4;
    if (ctrl == 1) {
        uint32_t payload;
        if (b->qsize - *qread < 4)
            return NPU_STEP_END_OF_QUEUE;
        if (!fetch(c, b, *qread, &payload, info))
            return NPU_STEP_BUS_ERROR;
        *qread += 4;
        info->cmd_words = 2;
        info->kind = NPU_OPK_REGISTER;
        c->cmd1[op & 0xFFu] = payload;
        return NPU_STEP_CONTINUE;
    }
    if (ctrl != 0 || op >= 0x200u) {
        snprintf(info->message, sizeof info->message, "bad command word 0x%08x", w);
        return NPU_STEP_PARSE_ERROR;
    }
    if (op >= 0x100u) {
        info->kind = NPU_OPK_REGISTER;
        c->cmd0[op & 0xFFu] = info->param;
        return NPU_STEP_CONTINUE;
    }
    switch (op) {
    case 0: info->kind = NPU_OPK_STOP; return NPU_STEP_STOP;
    case 1: info->kind = NPU_OPK_IRQ; return NPU_STEP_IRQ;
    case 17: info->kind = NPU_OPK_DMA_WAIT; return NPU_STEP_CONTINUE;
    case 18: info->kind = NPU_OPK_KERNEL_WAIT; return NPU_STEP_CONTINUE;
    case 19: info->kind = NPU_OPK_PMU_MASK; return NPU_STEP_CONTINUE;
    default:
        snprintf(info->message, sizeof info->message, "operation %u is not in the test fake", op);
        return NPU_STEP_PARSE_ERROR;
    }
}

/* The fake does not know where each command's register lives; it shows
 * the cmd0 parameters at 0x800 + 4 * (opcode - 0x100) as a stand-in. */
uint32_t npu_core_state_reg(const npu_core_t *c, uint32_t offset)
{
    uint32_t i = (offset - 0x800u) / 4u;
    return i < 256 ? c->cmd0[i] : 0;
}
