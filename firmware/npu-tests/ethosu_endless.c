/* An Ethos-U55 job that does not end in reasonable time: 1 Mi register
 * commands and no STOP.  Run with a small --max-cycles, etsim must stop it
 * with status 4 while the core sleeps in WFI; run to the end, the NPU
 * stops at the end of the queue (cmd_end_reached) and the program prints
 * the cycles the job took.  etsim only (tests/npu_device/run.sh). */
#include <stdint.h>

#include "an547.h"
#include "check.h"

#define NPU_REG(off) AN547_REG32(0x48102000u + (off))
#define COMMANDS (1u << 20)

static uint32_t stream[COMMANDS] __attribute__((section(".sram_bss"), aligned(16)));
static volatile int done;

void IRQ56_Handler(void)
{
    NPU_REG(0x008) = (NPU_REG(0x008) & 0xCu) | 2u;
    done = 1;
}

int main(void)
{
    for (uint32_t i = 0; i < COMMANDS; i++)
        stream[i] = 0x0100u | ((i & 7u) << 16);   /* NPU_SET_IFM_PAD_TOP */
    an547_nvic_enable(56);
    NPU_REG(0x00C) = 1u;
    while (NPU_REG(0x004) & 8u)
        ;
    NPU_REG(0x010) = (uint32_t)stream;
    NPU_REG(0x020) = sizeof stream;
    NPU_REG(0x180) = 1u;                 /* PMU on, cycle counter always */
    NPU_REG(0x184) = 1u << 31;
    NPU_REG(0x1A8) = 35u | (32u << 16);  /* from NPU_ACTIVE to NPU_IDLE */
    NPU_REG(0x008) = 0xDu;
    while (!done)
        __asm volatile("wfi");
    uint32_t st = NPU_REG(0x004), cycles = NPU_REG(0x1A0);
    printf("STATUS 0x%08" PRIx32 " PMU cycles %" PRIu32 "\n", st, cycles);
    CHECK_EQ(st & 0xFFFFu, 0x20u);
    CHECK(cycles >= COMMANDS);
    return check_done("ethosu_endless");
}
