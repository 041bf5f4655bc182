/* NVIC interrupts: enabling an IRQ, pending it through NVIC_ISPR and
 * through the software trigger register STIR, the handler running with the
 * right IPSR and active bit, masking with PRIMASK and BASEPRI, nesting by
 * priority (a higher-priority IRQ preempts a running handler, a lower one
 * waits and then tail-chains), PendSV at the lowest priority, and the
 * order of all of this, recorded in an event log and printed at the end.
 *
 * Priorities use only the top 3 bits (0x20 steps): the AN547's Cortex-M55
 * implements 3 priority bits, QEMU keeps all 8, and values with the low 5
 * bits clear mean the same on both.
 */
#include <stdint.h>

#include "an547.h"
#include "check.h"

/* External interrupts no device on the AN547 drives while these tests run
 * (the high end of the expansion range). */
#define IRQ_LOW  90
#define IRQ_MID  91
#define IRQ_HIGH 92
#define IRQ_STIR 93

static volatile char log_buf[128];
static volatile unsigned log_len;
static volatile uint32_t ipsr_seen[4];
static volatile uint32_t active_seen;
static volatile int stir_count;

static void log_event(char c)
{
    if (log_len < sizeof log_buf - 1)
        log_buf[log_len++] = c;
}

static int is_active(unsigned irq)
{
    return (NVIC_IABR(irq) & NVIC_BIT(irq)) != 0;
}

void IRQ90_Handler(void)
{
    log_event('L');
    ipsr_seen[0] = an547_get_ipsr();
    /* A higher priority interrupt preempts us right here. */
    an547_nvic_pend(IRQ_HIGH);
    log_event('l');
}

void IRQ91_Handler(void)
{
    log_event('M');
    ipsr_seen[1] = an547_get_ipsr();
    log_event('m');
}

void IRQ92_Handler(void)
{
    log_event('H');
    ipsr_seen[2] = an547_get_ipsr();
    /* Both the low handler (preempted) and we are active. */
    active_seen = (uint32_t)is_active(IRQ_LOW) | (uint32_t)is_active(IRQ_HIGH) << 1;
    /* MID has lower priority than us but higher than LOW: it runs when we
     * return, before LOW resumes (tail-chaining). */
    an547_nvic_pend(IRQ_MID);
    log_event('h');
}

void IRQ93_Handler(void)
{
    stir_count++;
    ipsr_seen[3] = an547_get_ipsr();
}

void PendSV_Handler(void)
{
    log_event('P');
}

static void log_print(const char *what)
{
    log_buf[log_len] = 0;
    printf("%s: %s\n", what, (const char *)log_buf);
}

static void log_reset(void)
{
    log_len = 0;
}

int main(void)
{
    an547_nvic_set_priority(IRQ_LOW, 0xC0);
    an547_nvic_set_priority(IRQ_MID, 0x80);
    an547_nvic_set_priority(IRQ_HIGH, 0x40);
    an547_nvic_set_priority(IRQ_STIR, 0x60);
    SCB_SHPR3 = (SCB_SHPR3 & ~0x00FF0000u) | (0xE0u << 16);  /* PendSV lowest */

    CHECK_EQ(an547_get_ipsr(), 0);  /* thread mode */
    CHECK_EQ(NVIC_IPR8(IRQ_MID) & 0xE0u, 0x80u);

    /* 1. Pending while disabled: nothing runs; enabling lets it run. */
    an547_nvic_pend(IRQ_MID);
    log_event('a');
    CHECK((NVIC_ISPR(IRQ_MID) & NVIC_BIT(IRQ_MID)) != 0);
    an547_nvic_enable(IRQ_MID);
    log_event('b');
    CHECK((NVIC_ISPR(IRQ_MID) & NVIC_BIT(IRQ_MID)) == 0);
    log_print("pend then enable");
    CHECK_STR((const char *)log_buf, "aMmb");

    /* 2. Nesting: LOW runs, HIGH preempts it, MID tail-chains after HIGH. */
    an547_nvic_enable(IRQ_LOW);
    an547_nvic_enable(IRQ_HIGH);
    log_reset();
    an547_nvic_pend(IRQ_LOW);
    log_event('.');
    log_print("nested");
    CHECK_STR((const char *)log_buf, "LHhMml.");
    printf("IPSR in handlers: %" PRIu32 " %" PRIu32 " %" PRIu32 ", active bits %" PRIu32 "\n",
           ipsr_seen[0], ipsr_seen[1], ipsr_seen[2], active_seen);
    CHECK_EQ(ipsr_seen[0], 16 + IRQ_LOW);
    CHECK_EQ(ipsr_seen[1], 16 + IRQ_MID);
    CHECK_EQ(ipsr_seen[2], 16 + IRQ_HIGH);
    CHECK_EQ(active_seen, 3);
    CHECK(!is_active(IRQ_LOW) && !is_active(IRQ_HIGH));

    /* 3. PRIMASK holds everything back until cleared. */
    log_reset();
    an547_irq_disable();
    CHECK_EQ(an547_get_primask(), 1);
    an547_nvic_pend(IRQ_MID);
    log_event('x');
    an547_irq_enable();
    an547_isb();
    log_event('y');
    log_print("primask");
    CHECK_STR((const char *)log_buf, "xMmy");

    /* 4. BASEPRI 0x80 masks priorities 0x80..0xFF: MID (0x80) waits, HIGH
     * (0x40) does not. */
    log_reset();
    an547_set_basepri(0x80);
    an547_isb();
    an547_nvic_pend(IRQ_MID);
    log_event('1');
    an547_nvic_disable(IRQ_LOW);  /* keep HIGH alone: its handler pends LOW */
    an547_nvic_pend(IRQ_HIGH);    /* HIGH pends MID again: still masked */
    log_event('2');
    CHECK_EQ(an547_get_basepri(), 0x80);
    an547_set_basepri(0);
    an547_isb();
    log_event('3');
    log_print("basepri");
    CHECK_STR((const char *)log_buf, "1Hh2Mm3");
    an547_nvic_unpend(IRQ_LOW);

    /* 5. PendSV runs once the thread re-enables interrupts, and only at
     * the end of a handler that pended it. */
    log_reset();
    an547_irq_disable();
    SCB_ICSR = SCB_ICSR_PENDSVSET;
    log_event('s');
    CHECK((SCB_ICSR & SCB_ICSR_PENDSVSET) != 0);
    an547_irq_enable();
    an547_isb();
    log_event('t');
    log_print("pendsv");
    CHECK_STR((const char *)log_buf, "sPt");

    /* 6. STIR: software trigger by interrupt number. */
    an547_nvic_enable(IRQ_STIR);
    for (int i = 0; i < 5; i++) {
        SCB_STIR = IRQ_STIR;
        an547_dsb();
        an547_isb();
    }
    printf("STIR: %d runs, IPSR %" PRIu32 "\n", stir_count, ipsr_seen[3]);
    CHECK_EQ(stir_count, 5);
    CHECK_EQ(ipsr_seen[3], 16 + IRQ_STIR);

    /* 7. A disabled, pending IRQ can be cleared with ICPR and never runs. */
    an547_nvic_disable(IRQ_STIR);
    an547_nvic_pend(IRQ_STIR);
    an547_nvic_unpend(IRQ_STIR);
    an547_nvic_enable(IRQ_STIR);
    CHECK_EQ(stir_count, 5);

    /* 8. ICSR.VECTPENDING/ISRPENDING reflect a pending, masked IRQ. */
    an547_irq_disable();
    an547_nvic_pend(IRQ_MID);
    uint32_t icsr = SCB_ICSR;
    an547_irq_enable();
    an547_isb();
    printf("ICSR with IRQ %d pending: VECTPENDING=%" PRIu32 " ISRPENDING=%" PRIu32 "\n", IRQ_MID,
           (icsr >> 12) & 0x1FFu, (icsr >> 22) & 1u);
    CHECK_EQ((icsr >> 12) & 0x1FFu, 16 + IRQ_MID);
    CHECK_EQ((icsr >> 22) & 1u, 1);

    return check_done("interrupts");
}
