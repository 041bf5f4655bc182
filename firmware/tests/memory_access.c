/* Loads and stores of every width and addressing mode, in every memory of
 * the AN547: LDRB/LDRSB/LDRH/LDRSH/LDR/LDRD and the stores, immediate and
 * register offsets (with LSL), pre- and post-indexed writeback, negative
 * offsets, LDM/STM (IA and DB, with writeback), PUSH/POP of many
 * registers, unaligned halfword and word accesses (allowed with
 * CCR.UNALIGN_TRP = 0), packed structures, literal-pool loads, and the
 * same pattern run through ITCM, DTCM, SRAM (0x01000000 and 0x21000000)
 * and DDR (0x60000000), plus reads of QSPI flash.
 */
#include <stdint.h>

#include "an547.h"
#include "check.h"

struct __attribute__((packed)) packet {
    uint8_t tag;
    uint32_t word;   /* at offset 1: unaligned */
    uint16_t half;   /* at offset 5 */
    int64_t big;     /* at offset 7 */
};

/* Writes and reads back a pattern of mixed widths at base + offset. */
static uint32_t exercise(volatile uint8_t *base)
{
    uint32_t h = 0;
    for (int off = 0; off < 8; off++) {
        volatile uint8_t *p = base + off;
        for (int i = 0; i < 64; i++)
            p[i] = (uint8_t)(i * 37 + off);
        /* halfword and word reads at this (possibly unaligned) offset */
        h = h * 31u + *(volatile uint16_t *)(uintptr_t)p;
        h = h * 31u + *(volatile uint32_t *)(uintptr_t)(p + 4);
        h = h * 31u + (uint32_t)*(volatile int16_t *)(uintptr_t)(p + 10);
        h = h * 31u + (uint32_t)*(volatile int8_t *)(p + 63);
        *(volatile uint32_t *)(uintptr_t)(p + 16) = 0x89ABCDEFu;
        *(volatile uint16_t *)(uintptr_t)(p + 21) = 0x1357u;
        for (int i = 0; i < 64; i++)
            h = h * 31u + p[i];
    }
    return h;
}

/* Addressing modes through inline assembly. */
static uint32_t addressing_modes(uint32_t *buf)
{
    uint32_t a, b, c, d, e;
    uint32_t *p = buf;
    for (int i = 0; i < 16; i++)
        buf[i] = 0x11111111u * (uint32_t)i;
    __asm volatile("ldr %0, [%5, #8]!\n\t"          /* pre-index writeback: p = buf+2 */
                   "ldr %1, [%5], #4\n\t"           /* post-index: reads buf[2], p = buf+3 */
                   "ldr %2, [%5, #-4]\n\t"          /* negative offset: buf[2] */
                   "ldrd %3, %4, [%5, #4]\n\t"      /* buf[4], buf[5] */
                   : "=&r"(a), "=&r"(b), "=&r"(c), "=&r"(d), "=&r"(e), "+r"(p)
                   :
                   : "memory");
    uint32_t sum = a + b + c + d + e + (uint32_t)(p - buf);
    uint32_t idx = 3, r;
    __asm volatile("ldr %0, [%1, %2, lsl #2]" : "=r"(r) : "r"(buf), "r"(idx) : "memory");
    sum += r;
    uint16_t hv;
    uint32_t hv32;
    __asm volatile("ldrh %0, [%1, #6]" : "=r"(hv32) : "r"(buf) : "memory");
    hv = (uint16_t)hv32;
    sum += hv;
    /* STM/LDM with writeback, DB and IA */
    uint32_t *q = buf + 12;
    __asm volatile("mov r0, #0xA0\n\t"
                   "mov r1, #0xA1\n\t"
                   "mov r2, #0xA2\n\t"
                   "stmdb %0!, {r0, r1, r2}\n\t"   /* buf[9..11], q = buf+9 */
                   "ldmia %0!, {r1, r2}\n\t"       /* r1 = buf[9], r2 = buf[10], q = buf+11 */
                   "add %1, r1, r2"
                   : "+r"(q), "=r"(r)
                   :
                   : "r0", "r1", "r2", "memory");
    sum += r + (uint32_t)(q - buf);
    /* STRD, STRB, STRH with offsets */
    __asm volatile("strd %1, %2, [%0, #48]\n\t"
                   "strb %1, [%0, #56]\n\t"
                   "strh %2, [%0, #58]"
                   :
                   : "r"(buf), "r"(0x01020304u), "r"(0x05060708u)
                   : "memory");
    sum += buf[12] + buf[13] + buf[14];
    return sum;
}

/* Many live values: the compiler saves and restores r4-r11 with PUSH/POP. */
__attribute__((noinline)) static uint32_t many_registers(const uint32_t *v)
{
    uint32_t a = v[0], b = v[1], c = v[2], d = v[3], e = v[4], f = v[5], g = v[6], h = v[7];
    for (int i = 0; i < 10; i++) {
        a += b ^ h;
        b += c ^ a;
        c += d ^ b;
        d += e ^ c;
        e += f ^ d;
        f += g ^ e;
        g += h ^ f;
        h += a ^ g;
    }
    return a ^ b ^ c ^ d ^ e ^ f ^ g ^ h;
}

static uint8_t dtcm_buf[128];
static uint8_t isram_buf[128] AN547_SRAM_BSS;

int main(void)
{
    volatile uint8_t *regions[] = {
        (volatile uint8_t *)(uintptr_t)(AN547_ITCM_BASE + 0x7F000u),  /* top of ITCM, above the code */
        dtcm_buf,
        (volatile uint8_t *)(uintptr_t)AN547_SRAM_BASE,               /* 0x01000000 */
        isram_buf,                                                     /* 0x21000000 */
        (volatile uint8_t *)(uintptr_t)(AN547_DDR_BASE + 0x100000u),   /* DDR */
    };
    static const char *const names[] = {"ITCM", "DTCM", "SRAM", "ISRAM", "DDR"};
    uint32_t first = 0;
    for (int i = 0; i < 5; i++) {
        uint32_t h = exercise(regions[i]);
        printf("%-5s at %08lx: %08" PRIx32 "\n", names[i], (unsigned long)(uintptr_t)regions[i], h);
        if (i == 0)
            first = h;
        CHECK_EQ(h, first);  /* same pattern, same answer, wherever it runs */
    }
    CHECK_EQ(first, 0x0966ae40u);  /* the same C code on the host */

    static uint32_t buf[16];
    uint32_t am = addressing_modes(buf);
    printf("addressing modes: %08" PRIx32 "\n", am);
    CHECK_EQ(am, 0x40443da2u);  /* worked out by hand, see the comments */

    struct packet pk;
    volatile struct packet *vp = &pk;
    vp->tag = 0x7E;
    vp->word = 0x12345678u;
    vp->half = 0xBEEF;
    vp->big = -0x123456789ALL;
    uint8_t raw[15];
    memcpy(raw, &pk, sizeof raw);
    printf("packed (%u bytes):", (unsigned)sizeof pk);
    for (unsigned i = 0; i < sizeof raw; i++)
        printf(" %02x", raw[i]);
    printf("\n");
    CHECK_EQ(sizeof pk, 15);
    CHECK(vp->word == 0x12345678u && vp->half == 0xBEEF && vp->big == -0x123456789ALL);
    CHECK(raw[1] == 0x78 && raw[4] == 0x12 && raw[5] == 0xEF && raw[14] == 0xFF);

    static const uint32_t vals[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    uint32_t mr = many_registers(vals);
    printf("many registers: %08" PRIx32 "\n", mr);
    CHECK_EQ(mr, 0x00dac884u);  /* the same C code on the host */

    /* QSPI flash reads: the model area is empty (zero) unless something was
     * loaded there; read it without printing it. */
    volatile uint32_t *model = (volatile uint32_t *)(uintptr_t)AN547_MODEL_BASE;
    uint32_t x = model[0] ^ model[1024];
    (void)x;
    return check_done("memory_access");
}
