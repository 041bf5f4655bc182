/* Bundle decoding: split a 64-bit bundle into its operations with the
 * table (dsp_isa.c), check the rules of a bundle, and list the registers
 * it reads and writes for the scoreboard.  The result is cached per
 * instruction-memory dword by the core. */
#include <stdio.h>
#include <string.h>

#include "dsp_internal.h"

static const char *const slot_names[DSP_SLOTS] = { "A", "B", "C" };

static void illegal(dsp_bundle_t *b, const char *fmt, const char *a, const char *c)
{
    b->state = 2;
    snprintf(b->why, sizeof b->why, fmt, a, c);
}

/* Register file and number of the k-th register an operand names. */
static unsigned operand_regs(const dsp_operand_t *o, int64_t v, uint8_t file[4], uint8_t idx[4])
{
    unsigned n = 1;
    switch (o->kind) {
    case DSP_OPND_R: file[0] = DSP_RF_R; break;
    case DSP_OPND_V: file[0] = DSP_RF_V; break;
    case DSP_OPND_VP: file[0] = file[1] = DSP_RF_V; n = 2; break;
    case DSP_OPND_VQ: file[0] = file[1] = file[2] = file[3] = DSP_RF_V; n = 4; break;
    case DSP_OPND_A: file[0] = DSP_RF_A; break;
    case DSP_OPND_AQ: file[0] = file[1] = file[2] = file[3] = DSP_RF_A; n = 4; break;
    case DSP_OPND_P: file[0] = DSP_RF_P; break;
    case DSP_OPND_U: file[0] = DSP_RF_U; break;
    default: return 0;
    }
    for (unsigned k = 0; k < n; k++)
        idx[k] = (uint8_t)(v + k);
    return n;
}

static const char *const file_prefix = "rvapu";

static bool add_uses(dsp_bundle_t *b, const dsp_op_t *op)
{
    const dsp_op_desc_t *d = op->desc;
    for (int k = 0; k < 4 && d->opnd[k].kind; k++) {
        uint8_t file[4], idx[4];
        unsigned n = operand_regs(&d->opnd[k], op->x[k], file, idx);
        for (unsigned j = 0; j < n; j++) {
            uint8_t role = d->opnd[k].role;
            if (file[j] == DSP_RF_R && idx[j] == 0)
                continue;   /* r0 reads as zero, writes to it are dropped */
            if (role != DSP_USE) {
                for (unsigned u = 0; u < b->nuse; u++)
                    if (b->use[u].role != DSP_USE && b->use[u].file == file[j] && b->use[u].index == idx[j]) {
                        char reg[8];
                        snprintf(reg, sizeof reg, "%c%u", file_prefix[file[j]], idx[j]);
                        illegal(b, "%s is written twice (by two slots, or a load into its own post-incremented base)%s", reg, "");
                        return false;
                    }
            }
            if (b->nuse == DSP_MAX_REGUSE) {   /* cannot happen with the table's operands */
                illegal(b, "%s%s", "too many register operands", "");
                return false;
            }
            /* A post-incremented base (or alignment register) is ready for the
             * next bundle; only the loaded data takes the load latency. */
            uint8_t latency = role == DSP_MOD && d->mem_bytes ? 1 : d->latency;
            b->use[b->nuse++] = (dsp_reguse_t){ file[j], idx[j], role, latency };
        }
    }
    return true;
}

void dsp_decode_bundle(uint64_t bits, uint32_t pc, dsp_bundle_t *b)
{
    memset(b, 0, sizeof *b);
    unsigned fmt = (unsigned)(bits >> 60);
    uint64_t words[DSP_SLOTS];
    unsigned slot_bits[DSP_SLOTS], nslots;
    const char *names[DSP_SLOTS];
    if (fmt == 0) {
        for (int s = 0; s < DSP_SLOTS; s++) {
            words[s] = (bits >> (40 - 20 * s)) & 0xFFFFF;
            slot_bits[s] = 1u << s;
            names[s] = slot_names[s];
        }
        nslots = 3;
    } else if (fmt == 1) {
        words[0] = (bits >> 20) & 0xFFFFFFFFFFull;
        slot_bits[0] = DSP_SLOT_AB;
        names[0] = "A+B";
        words[1] = bits & 0xFFFFF;
        slot_bits[1] = DSP_SLOT_C;
        names[1] = "C";
        nslots = 2;
    } else {
        b->state = 2;
        snprintf(b->why, sizeof b->why, "reserved bundle format %u", fmt);
        return;
    }
    unsigned mem_ops = 0, stores = 0;
    for (unsigned s = 0; s < nslots; s++) {
        const char *why;
        const dsp_op_desc_t *d = dsp_isa_lookup(words[s], slot_bits[s], &why);
        if (!d) {
            illegal(b, "slot %s: %s", names[s], why);
            return;
        }
        dsp_op_t *op = &b->op[b->op_count++];
        op->desc = d;
        for (int k = 0; k < 4 && d->opnd[k].kind; k++) {
            const dsp_operand_t *o = &d->opnd[k];
            int64_t v = dsp_operand_value(o, words[s]);
            if (o->kind == DSP_OPND_PCREL || o->kind == DSP_OPND_LOOPEND)
                v = (int64_t)(uint32_t)(pc + (uint32_t)(v * DSP_BUNDLE_BYTES));
            op->x[k] = v;
        }
        if (d->mem_bytes)
            mem_ops++;
        if (d->cls == DSP_CL_STORE)
            stores++;
        if (!add_uses(b, op))
            return;
    }
    if (mem_ops > 2 || stores > 1) {
        illegal(b, "%s%s", mem_ops > 2 ? "more than two memory operations" : "more than one store", "");
        return;
    }
    b->state = 1;
}
