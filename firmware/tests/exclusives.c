/* Exclusive access: LDREX/STREX (word, halfword, byte), CLREX, the
 * success/failure result of STREX, C11 atomics (which GCC builds from
 * LDREX/STREX loops with DMB), a compare-and-swap, and an interrupt taken
 * between LDREX and STREX (exception entry and return clear the local
 * monitor, so the STREX must fail and the loop retry).
 */
#include <stdatomic.h>
#include <stdint.h>

#include "an547.h"
#include "check.h"

static uint32_t ldrex(volatile uint32_t *p)
{
    uint32_t v;
    __asm volatile("ldrex %0, [%1]" : "=r"(v) : "r"(p) : "memory");
    return v;
}

/* Returns 0 on success, 1 on failure, like the instruction. */
static uint32_t strex(volatile uint32_t *p, uint32_t v)
{
    uint32_t fail;
    __asm volatile("strex %0, %2, [%1]" : "=&r"(fail) : "r"(p), "r"(v) : "memory");
    return fail;
}

static uint16_t ldrexh(volatile uint16_t *p)
{
    uint32_t v;
    __asm volatile("ldrexh %0, [%1]" : "=r"(v) : "r"(p) : "memory");
    return (uint16_t)v;
}

static uint32_t strexh(volatile uint16_t *p, uint16_t v)
{
    uint32_t fail;
    __asm volatile("strexh %0, %2, [%1]" : "=&r"(fail) : "r"(p), "r"((uint32_t)v) : "memory");
    return fail;
}

static uint8_t ldrexb(volatile uint8_t *p)
{
    uint32_t v;
    __asm volatile("ldrexb %0, [%1]" : "=r"(v) : "r"(p) : "memory");
    return (uint8_t)v;
}

static uint32_t strexb(volatile uint8_t *p, uint8_t v)
{
    uint32_t fail;
    __asm volatile("strexb %0, %2, [%1]" : "=&r"(fail) : "r"(p), "r"((uint32_t)v) : "memory");
    return fail;
}

static void clrex(void)
{
    __asm volatile("clrex" ::: "memory");
}

#define IRQ_TEST 94

static volatile uint32_t irq_runs;
static volatile uint32_t shared_word;

void IRQ94_Handler(void)
{
    irq_runs++;
}

static atomic_uint counter = 0;
static atomic_int flag = 0;

int main(void)
{
    static volatile uint32_t w = 100;
    static volatile uint16_t h = 0xABCD;
    static volatile uint8_t b = 7;

    /* A plain exclusive pair succeeds. */
    uint32_t v = ldrex(&w);
    uint32_t f = strex(&w, v + 1);
    CHECK(v == 100 && f == 0 && w == 101);

    /* STREX after CLREX fails and leaves memory alone. */
    v = ldrex(&w);
    clrex();
    f = strex(&w, 999);
    CHECK(f == 1 && w == 101);

    /* A second STREX without a new LDREX fails: the first one cleared the
     * monitor. */
    v = ldrex(&w);
    f = strex(&w, v + 1);
    uint32_t f2 = strex(&w, 555);
    CHECK(f == 0 && f2 == 1 && w == 102);

    /* Halfword and byte forms. */
    uint16_t hv = ldrexh(&h);
    f = strexh(&h, (uint16_t)(hv + 0x10));
    CHECK(hv == 0xABCD && f == 0 && h == 0xABDD);
    uint8_t bv = ldrexb(&b);
    f = strexb(&b, (uint8_t)(bv * 3));
    CHECK(bv == 7 && f == 0 && b == 21);
    printf("ldrex/strex: w=%" PRIu32 " h=%04x b=%u\n", w, h, b);

    /* An interrupt between LDREX and STREX clears the monitor. */
    an547_nvic_set_priority(IRQ_TEST, 0x80);
    an547_nvic_enable(IRQ_TEST);
    shared_word = 5;
    v = ldrex(&shared_word);
    an547_nvic_pend(IRQ_TEST);  /* taken here, before the STREX */
    f = strex(&shared_word, v + 1);
    printf("strex after an interrupt: %s (irq ran %" PRIu32 " time)\n", f ? "failed" : "succeeded", irq_runs);
    CHECK_EQ(irq_runs, 1);
    CHECK_EQ(f, 1);
    CHECK_EQ(shared_word, 5);

    /* The usual retry loop then succeeds. */
    int tries = 0;
    do {
        v = ldrex(&shared_word);
        tries++;
        if (tries == 1)
            an547_nvic_pend(IRQ_TEST);
    } while (strex(&shared_word, v * 10));
    CHECK(tries == 2 && shared_word == 50 && irq_runs == 2);

    /* C11 atomics. */
    for (int i = 0; i < 1000; i++)
        atomic_fetch_add(&counter, 3);
    unsigned old = atomic_fetch_sub(&counter, 1000);
    unsigned now = atomic_load(&counter);
    int expected = 0;
    int swapped = atomic_compare_exchange_strong(&flag, &expected, 42);
    int expected2 = 0;
    int swapped2 = atomic_compare_exchange_strong(&flag, &expected2, 43);
    int exch = atomic_exchange(&flag, -1);
    printf("atomics: old %u now %u cas %d/%d (saw %d) exchange %d flag %d\n", old, now, swapped,
           swapped2, expected2, exch, atomic_load(&flag));
    CHECK(old == 3000 && now == 2000);
    CHECK(swapped == 1 && swapped2 == 0 && expected2 == 42 && exch == 42 && atomic_load(&flag) == -1);
    atomic_fetch_or(&counter, 0x10000u);
    atomic_fetch_and(&counter, 0x1FFFFu);
    atomic_fetch_xor(&counter, 1u);
    CHECK_EQ(atomic_load(&counter), (2000u | 0x10000u) ^ 1u);

    return check_done("exclusives");
}
