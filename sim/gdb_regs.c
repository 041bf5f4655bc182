/* The registers GDB sees (sim/gdb.h): the target description XML and the
 * register numbers of the 'g'/'p' packets, from the core's state. */
#include "gdb_regs.h"

#include <string.h>

/* Register numbers, in the order of the target description below. */
enum {
    REG_R0 = 0, REG_SP = 13, REG_LR = 14, REG_PC = 15, REG_XPSR = 16,
    REG_D0 = 17, REG_FPSCR = 33, REG_VPR = 34,
    REG_MSP = 35, REG_PSP = 36, REG_PRIMASK = 37, REG_BASEPRI = 38, REG_FAULTMASK = 39,
    REG_CONTROL = 40, REG_MSPLIM = 41, REG_PSPLIM = 42,
    REG_COUNT = 43
};

/* GDB's own feature names, so that it knows the registers (and makes the
 * s0-s31 and q0-q7 pseudo registers from d0-d15, with MVE). */
const char gdb_target_xml[] =
    "<?xml version=\"1.0\"?>\n"
    "<!DOCTYPE target SYSTEM \"gdb-target.dtd\">\n"
    "<target version=\"1.0\">\n"
    "<architecture>armv8.1-m.main</architecture>\n"
    "<feature name=\"org.gnu.gdb.arm.m-profile\">\n"
    "<reg name=\"r0\" bitsize=\"32\" regnum=\"0\"/>\n"
    "<reg name=\"r1\" bitsize=\"32\"/>\n<reg name=\"r2\" bitsize=\"32\"/>\n"
    "<reg name=\"r3\" bitsize=\"32\"/>\n<reg name=\"r4\" bitsize=\"32\"/>\n"
    "<reg name=\"r5\" bitsize=\"32\"/>\n<reg name=\"r6\" bitsize=\"32\"/>\n"
    "<reg name=\"r7\" bitsize=\"32\"/>\n<reg name=\"r8\" bitsize=\"32\"/>\n"
    "<reg name=\"r9\" bitsize=\"32\"/>\n<reg name=\"r10\" bitsize=\"32\"/>\n"
    "<reg name=\"r11\" bitsize=\"32\"/>\n<reg name=\"r12\" bitsize=\"32\"/>\n"
    "<reg name=\"sp\" bitsize=\"32\" type=\"data_ptr\"/>\n"
    "<reg name=\"lr\" bitsize=\"32\"/>\n"
    "<reg name=\"pc\" bitsize=\"32\" type=\"code_ptr\"/>\n"
    "<reg name=\"xpsr\" bitsize=\"32\"/>\n"
    "</feature>\n"
    "<feature name=\"org.gnu.gdb.arm.vfp\">\n"
    "<reg name=\"d0\" bitsize=\"64\" type=\"ieee_double\" regnum=\"17\"/>\n"
    "<reg name=\"d1\" bitsize=\"64\" type=\"ieee_double\"/>\n<reg name=\"d2\" bitsize=\"64\" type=\"ieee_double\"/>\n"
    "<reg name=\"d3\" bitsize=\"64\" type=\"ieee_double\"/>\n<reg name=\"d4\" bitsize=\"64\" type=\"ieee_double\"/>\n"
    "<reg name=\"d5\" bitsize=\"64\" type=\"ieee_double\"/>\n<reg name=\"d6\" bitsize=\"64\" type=\"ieee_double\"/>\n"
    "<reg name=\"d7\" bitsize=\"64\" type=\"ieee_double\"/>\n<reg name=\"d8\" bitsize=\"64\" type=\"ieee_double\"/>\n"
    "<reg name=\"d9\" bitsize=\"64\" type=\"ieee_double\"/>\n<reg name=\"d10\" bitsize=\"64\" type=\"ieee_double\"/>\n"
    "<reg name=\"d11\" bitsize=\"64\" type=\"ieee_double\"/>\n<reg name=\"d12\" bitsize=\"64\" type=\"ieee_double\"/>\n"
    "<reg name=\"d13\" bitsize=\"64\" type=\"ieee_double\"/>\n<reg name=\"d14\" bitsize=\"64\" type=\"ieee_double\"/>\n"
    "<reg name=\"d15\" bitsize=\"64\" type=\"ieee_double\"/>\n"
    "<reg name=\"fpscr\" bitsize=\"32\" type=\"int\" group=\"float\"/>\n"
    "</feature>\n"
    "<feature name=\"org.gnu.gdb.arm.m-profile-mve\">\n"
    "<flags id=\"vpr_reg\" size=\"4\">\n"
    "<field name=\"P0\" start=\"0\" end=\"15\"/>\n"
    "<field name=\"MASK01\" start=\"16\" end=\"19\"/>\n"
    "<field name=\"MASK23\" start=\"20\" end=\"23\"/>\n"
    "</flags>\n"
    "<reg name=\"vpr\" bitsize=\"32\" type=\"vpr_reg\" regnum=\"34\"/>\n"
    "</feature>\n"
    "<feature name=\"org.gnu.gdb.arm.m-system\">\n"
    "<reg name=\"msp\" bitsize=\"32\" type=\"data_ptr\" regnum=\"35\"/>\n"
    "<reg name=\"psp\" bitsize=\"32\" type=\"data_ptr\"/>\n"
    "</feature>\n"
    "<feature name=\"org.etsim.m-system-extra\">\n"
    "<reg name=\"primask\" bitsize=\"32\" regnum=\"37\" group=\"system\"/>\n"
    "<reg name=\"basepri\" bitsize=\"32\" group=\"system\"/>\n"
    "<reg name=\"faultmask\" bitsize=\"32\" group=\"system\"/>\n"
    "<reg name=\"control\" bitsize=\"32\" group=\"system\"/>\n"
    "<reg name=\"msplim\" bitsize=\"32\" group=\"system\"/>\n"
    "<reg name=\"psplim\" bitsize=\"32\" group=\"system\"/>\n"
    "</feature>\n"
    "</target>\n";

int gdb_reg_count(void)
{
    return REG_COUNT;
}

unsigned gdb_reg_size(int n)
{
    return n >= REG_D0 && n < REG_D0 + 16 ? 8 : 4;
}

/* Thread mode with CONTROL.SPSEL: r13 is the process stack. */
static bool using_psp(const cpu_t *cpu)
{
    return cpu->ipsr == 0 && (cpu->control & CONTROL_SPSEL);
}

bool gdb_reg_read(const cpu_t *cpu, int n, uint8_t *out)
{
    uint32_t v;
    if (n < 0 || n >= REG_COUNT)
        return false;
    if (n >= REG_D0 && n < REG_D0 + 16) {
        memcpy(out, &cpu->fp.d[n - REG_D0], 8);
        return true;
    }
    switch (n) {
    case REG_PC: v = cpu->pc; break;
    case REG_XPSR: v = cpu_xpsr(cpu); break;
    /* FPSCR.LTPSIZE (bits 18:16) lives apart in the core, as the stacked
     * FPSCR shows it. */
    case REG_FPSCR: v = (cpu->fpscr & ~(7u << 16)) | (cpu->lo_ltpsize & 7u) << 16; break;
    case REG_VPR: v = cpu->vpr; break;
    case REG_MSP: v = using_psp(cpu) ? cpu->msp : cpu->r[13]; break;
    case REG_PSP: v = using_psp(cpu) ? cpu->r[13] : cpu->psp; break;
    case REG_PRIMASK: v = cpu->primask; break;
    case REG_BASEPRI: v = cpu->basepri; break;
    case REG_FAULTMASK: v = cpu->faultmask; break;
    case REG_CONTROL: v = cpu->control; break;
    case REG_MSPLIM: v = cpu->msplim; break;
    case REG_PSPLIM: v = cpu->psplim; break;
    default: v = cpu->r[n]; break;
    }
    memcpy(out, &v, 4);   /* little endian host, as the target */
    return true;
}

bool gdb_reg_write(cpu_t *cpu, int n, const uint8_t *in)
{
    uint32_t v;
    if (n < 0 || n >= REG_COUNT)
        return false;
    if (n >= REG_D0 && n < REG_D0 + 16) {
        memcpy(&cpu->fp.d[n - REG_D0], in, 8);
        return true;
    }
    memcpy(&v, in, 4);
    switch (n) {
    case REG_PC:
        /* The run loop picks the new PC up at its next events check. */
        cpu->pc = v & ~1u;
        cpu->event_cycle = 0;
        break;
    case REG_XPSR:
        /* The flags; mode, Thumb and IT state stay the core's. */
        cpu->n = v >> 31 & 1;
        cpu->z = v >> 30 & 1;
        cpu->c = v >> 29 & 1;
        cpu->v = v >> 28 & 1;
        cpu->q = v >> 27 & 1;
        cpu->ge = v >> 16 & 0xF;
        break;
    case REG_FPSCR:
        cpu->fpscr = v & ~(7u << 16);
        cpu->lo_ltpsize = (v >> 16) & 7u;
        break;
    case REG_VPR: cpu->vpr = v; break;
    case REG_MSP:
        if (using_psp(cpu))
            cpu->msp = v;
        else
            cpu->r[13] = v;
        break;
    case REG_PSP:
        if (using_psp(cpu))
            cpu->r[13] = v;
        else
            cpu->psp = v;
        break;
    case REG_PRIMASK: case REG_BASEPRI: case REG_FAULTMASK: case REG_CONTROL:
    case REG_MSPLIM: case REG_PSPLIM:
        return false;   /* mode and masking changes are the firmware's */
    default: cpu->r[n] = v; break;
    }
    return true;
}
