/* Fixed part of the MVE random differential tester (see README.md).
 *
 * The generated program (gen.py) supplies:
 *   mvr_init_q/r/apsr/fpscr/vpr  the initial architectural state,
 *   mvr_buf_init                 the initial contents of the memory buffer,
 *   mvr_run()                    for each step: fix-ups of the saved state
 *                                (pointers, gather offsets), a call of the
 *                                step's assembly function, mvr_dump(step).
 * Each step function (steps.S) loads the whole state from mvr_st, runs its
 * instruction (or VPST/VPT group, or tail-predicated loop), stores the whole
 * state back into mvr_st and returns; the C code in between never sees the
 * random state.
 *
 * Output: one line per step, "S <step> q0=w0:w1:w2:w3 ... r0=... apsr=...
 * fpscr=... vpr=... mem=<FNV-1a of the buffer>", all in hex.  A fault
 * prints "FAULT ..." and exits with status 99, on QEMU and on etsim alike.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MVR_BUF_SIZE 2048

struct mvr_state {
    uint32_t q[32];   /* offset 0: Q0..Q7, word 0 of each first */
    uint32_t r[13];   /* offset 128 */
    uint32_t apsr;    /* offset 180 */
    uint32_t fpscr;   /* offset 184 */
    uint32_t vpr;     /* offset 188 */
};

struct mvr_state mvr_st;
uint8_t mvr_buf[MVR_BUF_SIZE] __attribute__((aligned(16)));

extern const uint32_t mvr_init_q[32], mvr_init_r[13];
extern const uint32_t mvr_init_apsr, mvr_init_fpscr, mvr_init_vpr;
extern const uint8_t mvr_buf_init[MVR_BUF_SIZE];
extern void mvr_run(void);

static char line[1024];

static char *put_hex(char *p, uint32_t v)
{
    static const char digits[] = "0123456789abcdef";
    for (int i = 7; i >= 0; i--)
        *p++ = digits[(v >> (4 * i)) & 15u];
    return p;
}

static char *put_str(char *p, const char *s)
{
    while (*s)
        *p++ = *s++;
    return p;
}

static uint32_t mem_hash(void)
{
    uint32_t h = 0x811c9dc5u;
    for (int i = 0; i < MVR_BUF_SIZE; i++)
        h = (h ^ mvr_buf[i]) * 0x01000193u;
    return h;
}

void mvr_dump(int step)
{
    static const char *const rname[13] = {"r0", "r1", "r2", "r3", "r4", "r5", "r6",
                                          "r7", "r8", "r9", "r10", "r11", "r12"};
    char num[16];
    char *p = line;
    snprintf(num, sizeof num, "S %d", step);
    p = put_str(p, num);
    for (int q = 0; q < 8; q++) {
        *p++ = ' ';
        *p++ = 'q';
        *p++ = (char)('0' + q);
        *p++ = '=';
        for (int w = 0; w < 4; w++) {
            if (w)
                *p++ = ':';
            p = put_hex(p, mvr_st.q[4 * q + w]);
        }
    }
    for (int r = 0; r < 13; r++) {
        *p++ = ' ';
        p = put_str(p, rname[r]);
        *p++ = '=';
        p = put_hex(p, mvr_st.r[r]);
    }
    p = put_hex(put_str(p, " apsr="), mvr_st.apsr);
    p = put_hex(put_str(p, " fpscr="), mvr_st.fpscr);
    p = put_hex(put_str(p, " vpr="), mvr_st.vpr);
    p = put_hex(put_str(p, " mem="), mem_hash());
    *p++ = '\n';
    *p = 0;
    fputs(line, stdout);
}

/* Any fault (UsageFault is not enabled, so an UNDEFINED instruction, an
 * unaligned vector access... all escalate to HardFault). */
static void fault(const char *what)
{
    volatile uint32_t *cfsr = (volatile uint32_t *)0xE000ED28u;
    printf("FAULT %s cfsr=%08lx\n", what, (unsigned long)*cfsr);
    exit(99);
}

void HardFault_Handler(void) { fault("hardfault"); }
void UsageFault_Handler(void) { fault("usagefault"); }
void BusFault_Handler(void) { fault("busfault"); }
void MemManage_Handler(void) { fault("memmanage"); }

int main(void)
{
    memcpy(mvr_st.q, mvr_init_q, sizeof mvr_st.q);
    memcpy(mvr_st.r, mvr_init_r, sizeof mvr_st.r);
    mvr_st.apsr = mvr_init_apsr;
    mvr_st.fpscr = mvr_init_fpscr;
    mvr_st.vpr = mvr_init_vpr;
    memcpy(mvr_buf, mvr_buf_init, MVR_BUF_SIZE);
    printf("B %08lx\n", (unsigned long)(uintptr_t)mvr_buf);
    mvr_dump(-1);
    mvr_run();
    printf("END\n");
    return 0;
}
