/* Minimal device header for the Arm MPS3 AN547 (Corstone-300, Cortex-M55).
 *
 * Only what our startup code and test programs use: the system control
 * block, NVIC, SysTick, DWT, the debug exception monitor control register,
 * the FPU context registers and the CMSDK UART0.  Register names follow the
 * Armv8-M Architecture Reference Manual; this is not CMSIS (which is not
 * installed here), so every name carries a prefix of its block.
 */
#ifndef AN547_H
#define AN547_H

#include <stdint.h>

#define AN547_REG32(addr) (*(volatile uint32_t *)(uintptr_t)(addr))
#define AN547_REG8(addr)  (*(volatile uint8_t *)(uintptr_t)(addr))

/* ---- Memory map ---- */
#define AN547_ITCM_BASE   0x00000000u  /* 512 KiB */
#define AN547_SRAM_BASE   0x01000000u  /* 2 MiB (FPGA SRAM) */
#define AN547_DTCM_BASE   0x20000000u  /* 512 KiB */
#define AN547_ISRAM_BASE  0x21000000u  /* 4 MiB (ISRAM0 + ISRAM1) */
#define AN547_QSPI_BASE   0x28000000u  /* 8 MiB flash, read-only */
#define AN547_MODEL_BASE  0x28000000u  /* lower 4 MiB of QSPI: the model */
#define AN547_DDR_BASE    0x60000000u

/* Interrupts of the NVIC on this board (external interrupts 0..95). */
#define AN547_NUM_IRQS    96
/* The Cortex-M55 of the AN547 implements 3 priority bits: priorities are
 * the top 3 bits of the 8-bit field (0x00, 0x20, ... 0xE0).  Programs that
 * must behave the same everywhere use only those values. */
#define AN547_PRIO_BITS   3

/* ---- System control block (SCB) ---- */
#define SCB_CPUID   AN547_REG32(0xE000ED00u)
#define SCB_ICSR    AN547_REG32(0xE000ED04u)
#define SCB_VTOR    AN547_REG32(0xE000ED08u)
#define SCB_AIRCR   AN547_REG32(0xE000ED0Cu)
#define SCB_SCR     AN547_REG32(0xE000ED10u)
#define SCB_CCR     AN547_REG32(0xE000ED14u)
#define SCB_SHPR1   AN547_REG32(0xE000ED18u)  /* MemManage, BusFault, UsageFault, SecureFault */
#define SCB_SHPR2   AN547_REG32(0xE000ED1Cu)  /* SVCall in bits 31:24 */
#define SCB_SHPR3   AN547_REG32(0xE000ED20u)  /* PendSV 23:16, SysTick 31:24 */
#define SCB_SHCSR   AN547_REG32(0xE000ED24u)
#define SCB_CFSR    AN547_REG32(0xE000ED28u)
#define SCB_HFSR    AN547_REG32(0xE000ED2Cu)
#define SCB_DFSR    AN547_REG32(0xE000ED30u)
#define SCB_MMFAR   AN547_REG32(0xE000ED34u)
#define SCB_BFAR    AN547_REG32(0xE000ED38u)
#define SCB_AFSR    AN547_REG32(0xE000ED3Cu)
#define SCB_CPACR   AN547_REG32(0xE000ED88u)
#define SCB_NSACR   AN547_REG32(0xE000ED8Cu)
#define SCB_STIR    AN547_REG32(0xE000EF00u)  /* software trigger interrupt */

/* ICSR bits */
#define SCB_ICSR_VECTACTIVE_MASK 0x1FFu
#define SCB_ICSR_PENDSTCLR  (1u << 25)
#define SCB_ICSR_PENDSTSET  (1u << 26)
#define SCB_ICSR_PENDSVCLR  (1u << 27)
#define SCB_ICSR_PENDSVSET  (1u << 28)

/* AIRCR: writes need the key in bits 31:16 */
#define SCB_AIRCR_VECTKEY   (0x05FAu << 16)
#define SCB_AIRCR_PRIGROUP_SHIFT 8

/* CCR bits */
#define SCB_CCR_UNALIGN_TRP (1u << 3)
#define SCB_CCR_DIV_0_TRP   (1u << 4)
#define SCB_CCR_BFHFNMIGN   (1u << 8)
#define SCB_CCR_STKOFHFNMIGN (1u << 10)
#define SCB_CCR_DC          (1u << 16)   /* L1 data cache enable */
#define SCB_CCR_IC          (1u << 17)   /* L1 instruction cache enable */
/* Cache maintenance (write only) */
#define SCB_ICIALLU AN547_REG32(0xE000EF50u)   /* invalidate the I-cache */
#define SCB_DCISW   AN547_REG32(0xE000EF60u)   /* invalidate a D-cache set/way */

/* SHCSR bits: enables of the configurable faults */
#define SCB_SHCSR_MEMFAULTENA   (1u << 16)
#define SCB_SHCSR_BUSFAULTENA   (1u << 17)
#define SCB_SHCSR_USGFAULTENA   (1u << 18)
#define SCB_SHCSR_SECUREFAULTENA (1u << 19)

/* CFSR = MMFSR (7:0) | BFSR (15:8) | UFSR (31:16) */
#define SCB_CFSR_IACCVIOL   (1u << 0)
#define SCB_CFSR_DACCVIOL   (1u << 1)
#define SCB_CFSR_MMARVALID  (1u << 7)
#define SCB_CFSR_IBUSERR    (1u << 8)
#define SCB_CFSR_PRECISERR  (1u << 9)
#define SCB_CFSR_IMPRECISERR (1u << 10)
#define SCB_CFSR_BFARVALID  (1u << 15)
#define SCB_CFSR_UNDEFINSTR (1u << 16)
#define SCB_CFSR_INVSTATE   (1u << 17)
#define SCB_CFSR_INVPC      (1u << 18)
#define SCB_CFSR_NOCP       (1u << 19)
#define SCB_CFSR_STKOF      (1u << 20)
#define SCB_CFSR_UNALIGNED  (1u << 24)
#define SCB_CFSR_DIVBYZERO  (1u << 25)

/* HFSR bits */
#define SCB_HFSR_VECTTBL    (1u << 1)
#define SCB_HFSR_FORCED     (1u << 30)

/* CPACR: CP10 and CP11 full access enables the FPU and MVE */
#define SCB_CPACR_CP10_CP11_FULL ((3u << 20) | (3u << 22))

/* ---- Floating-point context control ---- */
#define FPU_FPCCR   AN547_REG32(0xE000EF34u)
#define FPU_FPCAR   AN547_REG32(0xE000EF38u)
#define FPU_FPDSCR  AN547_REG32(0xE000EF3Cu)
#define FPU_FPCCR_LSPACT (1u << 0)
#define FPU_FPCCR_LSPEN  (1u << 30)
#define FPU_FPCCR_ASPEN  (1u << 31)

/* ---- NVIC: n = 0..95 ---- */
#define NVIC_ISER(n) AN547_REG32(0xE000E100u + 4u * ((unsigned)(n) >> 5))
#define NVIC_ICER(n) AN547_REG32(0xE000E180u + 4u * ((unsigned)(n) >> 5))
#define NVIC_ISPR(n) AN547_REG32(0xE000E200u + 4u * ((unsigned)(n) >> 5))
#define NVIC_ICPR(n) AN547_REG32(0xE000E280u + 4u * ((unsigned)(n) >> 5))
#define NVIC_IABR(n) AN547_REG32(0xE000E300u + 4u * ((unsigned)(n) >> 5))
#define NVIC_IPR8(n) AN547_REG8(0xE000E400u + (unsigned)(n))
#define NVIC_BIT(n)  (1u << ((unsigned)(n) & 31u))

/* ---- SysTick ---- */
#define SYST_CSR    AN547_REG32(0xE000E010u)
#define SYST_RVR    AN547_REG32(0xE000E014u)
#define SYST_CVR    AN547_REG32(0xE000E018u)
#define SYST_CALIB  AN547_REG32(0xE000E01Cu)
#define SYST_CSR_ENABLE    (1u << 0)
#define SYST_CSR_TICKINT   (1u << 1)
#define SYST_CSR_CLKSOURCE (1u << 2)  /* 1 = processor clock */
#define SYST_CSR_COUNTFLAG (1u << 16)

/* ---- DWT and debug ---- */
#define DWT_CTRL    AN547_REG32(0xE0001000u)
#define DWT_CYCCNT  AN547_REG32(0xE0001004u)
#define DWT_CTRL_CYCCNTENA (1u << 0)
#define DCB_DEMCR   AN547_REG32(0xE000EDFCu)  /* CoreDebug DEMCR */
#define DCB_DEMCR_TRCENA   (1u << 24)

/* ---- CMSDK APB UART0 ---- */
#define UART0_BASE      0x49303000u
#define UART0_DATA      AN547_REG32(UART0_BASE + 0x000u)
#define UART0_STATE     AN547_REG32(UART0_BASE + 0x004u)
#define UART0_CTRL      AN547_REG32(UART0_BASE + 0x008u)
#define UART0_INTSTATUS AN547_REG32(UART0_BASE + 0x00Cu)
#define UART0_BAUDDIV   AN547_REG32(UART0_BASE + 0x010u)
#define UART_STATE_TXFULL (1u << 0)
#define UART_STATE_RXFULL (1u << 1)
#define UART_CTRL_TXEN    (1u << 0)
#define UART_CTRL_RXEN    (1u << 1)
/* UART interrupt lines on the AN547 */
#define UART0_RX_IRQn   33
#define UART0_TX_IRQn   34

/* ---- Placing code and data ---- */
/* A function that runs from QSPI flash (0x28400000 and up). */
#define AN547_FLASH_TEXT   __attribute__((section(".flash_text"), noinline))
/* A constant table in QSPI flash. */
#define AN547_FLASH_RODATA __attribute__((section(".flash_rodata")))
/* A zero-initialised buffer in SRAM (0x21000000 and up). */
#define AN547_SRAM_BSS     __attribute__((section(".sram_bss")))
/* An initialised variable in SRAM (copied there at reset). */
#define AN547_SRAM_DATA    __attribute__((section(".sram_data")))

/* ---- Core helpers ---- */
static inline void an547_dsb(void) { __asm volatile("dsb" ::: "memory"); }
static inline void an547_isb(void) { __asm volatile("isb" ::: "memory"); }
static inline void an547_irq_enable(void) { __asm volatile("cpsie i" ::: "memory"); }
static inline void an547_irq_disable(void) { __asm volatile("cpsid i" ::: "memory"); }

static inline uint32_t an547_get_ipsr(void)
{
    uint32_t v;
    __asm volatile("mrs %0, ipsr" : "=r"(v));
    return v;
}

static inline uint32_t an547_get_primask(void)
{
    uint32_t v;
    __asm volatile("mrs %0, primask" : "=r"(v));
    return v;
}

static inline uint32_t an547_get_basepri(void)
{
    uint32_t v;
    __asm volatile("mrs %0, basepri" : "=r"(v));
    return v;
}

static inline void an547_set_basepri(uint32_t v)
{
    __asm volatile("msr basepri, %0" : : "r"(v) : "memory");
}

static inline uint32_t an547_get_control(void)
{
    uint32_t v;
    __asm volatile("mrs %0, control" : "=r"(v));
    return v;
}

static inline void an547_nvic_enable(unsigned irq)  { NVIC_ISER(irq) = NVIC_BIT(irq); an547_dsb(); an547_isb(); }
static inline void an547_nvic_disable(unsigned irq) { NVIC_ICER(irq) = NVIC_BIT(irq); an547_dsb(); an547_isb(); }
static inline void an547_nvic_pend(unsigned irq)    { NVIC_ISPR(irq) = NVIC_BIT(irq); an547_dsb(); an547_isb(); }
static inline void an547_nvic_unpend(unsigned irq)  { NVIC_ICPR(irq) = NVIC_BIT(irq); an547_dsb(); an547_isb(); }
static inline void an547_nvic_set_priority(unsigned irq, uint8_t prio) { NVIC_IPR8(irq) = prio; }

/* Provided by startup.c: the vector table and the default handler ("b ."). */
typedef void (*an547_vector)(void);
extern const an547_vector __vector_table[16 + AN547_NUM_IRQS];
void Default_Handler(void);

#endif /* AN547_H */
