/* The M55 <-> DSP mailbox (sim/mailbox.h). */
#include "mailbox.h"

#include <string.h>

static void set_a2d(mailbox_t *mb, bool level)
{
    mb->a2d_bell = level;
    if (mb->dsp_line)
        mb->dsp_line(mb->ctx, level);
}

static void set_d2a(mailbox_t *mb, bool level)
{
    mb->d2a_bell = level;
    if (mb->host_line)
        mb->host_line(mb->ctx, level);
}

void mailbox_reset(mailbox_t *mb)
{
    memset(mb->a2d_msg, 0, sizeof mb->a2d_msg);
    memset(mb->d2a_msg, 0, sizeof mb->d2a_msg);
    mb->a2d_rings = mb->d2a_rings = 0;
    set_a2d(mb, false);
    set_d2a(mb, false);
}

void mailbox_ring_host(mailbox_t *mb)
{
    mb->d2a_rings++;
    set_d2a(mb, true);
}

static bool reg_ok(uint32_t off, unsigned size)
{
    return size == 4 && (off & 3u) == 0 && off < MBOX_REG_END;
}

bool mailbox_read(const mailbox_t *mb, mbox_side_t side, uint32_t off, unsigned size, uint32_t *value)
{
    (void)side;   /* both sides read every register */
    if (!reg_ok(off, size))
        return false;
    if (off < MBOX_D2A_MSG0)
        *value = mb->a2d_msg[off / 4];
    else if (off < MBOX_A2D_SET)
        *value = mb->d2a_msg[(off - MBOX_D2A_MSG0) / 4];
    else if (off < MBOX_D2A_SET)
        *value = mb->a2d_bell;
    else
        *value = mb->d2a_bell;
    return true;
}

bool mailbox_write(mailbox_t *mb, mbox_side_t side, uint32_t off, unsigned size, uint32_t value)
{
    if (!reg_ok(off, size))
        return false;
    bool host = side == MBOX_HOST;
    if (off < MBOX_D2A_MSG0) {
        if (host)
            mb->a2d_msg[off / 4] = value;
    } else if (off < MBOX_A2D_SET) {
        if (!host)
            mb->d2a_msg[(off - MBOX_D2A_MSG0) / 4] = value;
    } else if (off == MBOX_A2D_SET) {
        if (host && (value & 1u)) {
            mb->a2d_rings++;
            set_a2d(mb, true);
        }
    } else if (off == MBOX_A2D_CLR) {
        if (!host && (value & 1u))
            set_a2d(mb, false);
    } else if (off == MBOX_D2A_SET) {
        if (!host && (value & 1u))
            mailbox_ring_host(mb);
    } else if (host && (value & 1u)) {   /* MBOX_D2A_CLR */
        set_d2a(mb, false);
    }
    return true;
}
