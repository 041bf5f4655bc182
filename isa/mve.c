/* Helium (MVE) predication: VPT blocks and tail predication.
 *
 * VPR holds P0 (bits 15:0, one bit per byte lane), MASK01 (bits 19:16,
 * for beats 0-1, byte lanes 0-7) and MASK23 (bits 23:20, beats 2-3, byte
 * lanes 8-15).  VPST/VPT load both masks with the block's mask field; a
 * zero mask means "not in a VPT block" and leaves that half unpredicated.
 * After each vector instruction in the block the masks shift left by one
 * (4 bits kept): the block ends when they reach zero.  When a mask is
 * above 0b1000 before the shift, its next instruction is an "else" slot
 * (the mask's next bit differs from the one that started the block), so
 * P0's half is inverted: the Arm ARM's VPTAdvance, as QEMU's
 * mve_advance_vpt does it.
 *
 * Tail predication: inside a DLSTP/WLSTP loop FPSCR.LTPSIZE (lo_ltpsize)
 * is below 4 and LR counts the elements still to process; when LR is less
 * than a vector's worth of elements, lanes of element index >= LR are off.
 * Outside such a loop LTPSIZE is 4 (LETP leaving the loop, LCTP, reset).
 *
 * Instructions run all four beats at once, so ECI is always zero.
 */
#include "insn.h"
#include "mve.h"

#define VPR_P0      0x0000FFFFu
#define VPR_MASK01  0x000F0000u
#define VPR_MASK23  0x00F00000u

/* The byte lanes this instruction may write. */
static inline uint16_t lane_mask(const cpu_t *cpu)
{
    uint32_t vpr = cpu->vpr;
    uint32_t mask = 0xFFFFu;
    if (vpr & (VPR_MASK01 | VPR_MASK23)) {
        mask = vpr & VPR_P0;
        if (!(vpr & VPR_MASK01))
            mask |= 0x00FFu;
        if (!(vpr & VPR_MASK23))
            mask |= 0xFF00u;
    }
    uint32_t ltp = cpu->lo_ltpsize;
    if (ltp < 4u) {
        uint32_t lr = cpu->r[14];
        if (lr < (16u >> ltp))   /* the last, partial, iteration */
            mask &= (1u << (lr << ltp)) - 1u;
    }
    return (uint16_t)mask;
}

/* One vector instruction of a VPT block has executed. */
static inline void advance_vpt(cpu_t *cpu)
{
    uint32_t vpr = cpu->vpr;
    if (!(vpr & (VPR_MASK01 | VPR_MASK23)))
        return;
    uint32_t mask01 = (vpr >> 16) & 0xFu, mask23 = (vpr >> 20) & 0xFu;
    uint32_t inv = 0;
    if (mask01 > 8u)
        inv |= 0x00FFu;
    if (mask23 > 8u)
        inv |= 0xFF00u;
    vpr ^= inv;
    vpr &= ~(VPR_MASK01 | VPR_MASK23);
    vpr |= ((mask01 << 1) & 0xFu) << 16 | ((mask23 << 1) & 0xFu) << 20;
    cpu->vpr = vpr;
}

uint16_t mve_begin_slow(cpu_t *cpu)
{
    cpu_fp_enter(cpu);
    uint16_t mask = lane_mask(cpu);
    advance_vpt(cpu);
    return mask;
}

uint16_t mve_begin_unpredicated_slow(cpu_t *cpu)
{
    cpu_fp_enter(cpu);
    advance_vpt(cpu);
    return 0xFFFFu;
}
