/* SoC description: cores and clocks, memory regions, devices, where the
 * simulator places a model and its inputs.  Read from JSON (json-c): a
 * built-in description by name, or a user's file copied from
 * `etsim --print-soc` and edited. */
#ifndef ETSIM_SIM_SOC_H
#define ETSIM_SIM_SOC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../dsp/dsp_isa.h"
#include "../npu/ethosu_timing.h"

#define SOC_MAX_REGIONS 16
#define SOC_MAX_ALIASES 4
#define SOC_MAX_DEVICES 40
#define SOC_NAME_LEN 32

typedef enum mem_kind { MEM_TCM, MEM_SRAM, MEM_FLASH, MEM_DRAM } mem_kind_t;

typedef struct soc_region {
    char name[SOC_NAME_LEN];
    mem_kind_t kind;
    uint32_t base;
    uint64_t size;
    uint32_t aliases[SOC_MAX_ALIASES];   /* other bases of the same storage */
    int naliases;
    uint16_t read_wait, write_wait;      /* wait states per data access */
    uint16_t fetch_wait;                 /* wait states per 32-bit instruction fetch */
    uint16_t width_bits;                 /* data bus width */
    bool cacheable;                      /* through the L1 caches (default: not for TCMs) */
    double read_pj_per_byte, write_pj_per_byte;
} soc_region_t;

typedef struct soc_device {
    /* "uart-cmsdk", "profport", "timer-cmsdk", "sse-counter", "sse-timer",
     * "fpgaio", or "reserved" (a
     * known peripheral block not modelled: accesses are accepted, read
     * zero, and logged once; docs/platform.md) */
    char type[SOC_NAME_LEN];
    char name[SOC_NAME_LEN];
    uint32_t base, size;
    uint32_t aliases[SOC_MAX_ALIASES];   /* the same registers (Secure alias) */
    int naliases;
    int irq;                   /* NVIC line (timer-cmsdk, sse-timer), -1: none */
    uint64_t clock_hz;         /* timer-cmsdk, sse-counter, fpgaio: the counting clock */
    /* uart-cmsdk: a byte 0x04 (EOT) written ends the run with status 0,
     * as the FVP's mps3_board.uart0.shutdown_on_eot (--exit-on-eot). */
    bool shutdown_on_eot;
} soc_device_t;

/* The NPU ("npu" object; null or absent: none).  Defaults: the
 * Corstone-300 addresses and interrupt (ETHOSU.md 1.1). */
typedef struct soc_npu {
    bool present;
    char config[SOC_NAME_LEN];           /* "ethos-u55-128": npu/ethosu_device.h */
    uint32_t base;                       /* APB registers, 4 KiB */
    uint32_t aliases[SOC_MAX_ALIASES];   /* the same registers (Secure alias) */
    int naliases;
    int irq;                             /* NVIC line */
    /* The AXI timing adapters beside it (ETHOSU.md 1.1): register files
     * that keep what the platform code writes; each also appears at the
     * same offset from every NPU alias. */
    uint32_t timing_adapters[SOC_MAX_ALIASES];
    int ntiming_adapters;
    ethosu_timing_t timing;              /* the memories behind its AXI ports ("axi") */
} soc_npu_t;

#define SOC_NPU_DEFAULT_BASE 0x48102000u
#define SOC_NPU_DEFAULT_ALIAS 0x58102000u
#define SOC_NPU_DEFAULT_IRQ 56
#define SOC_NPU_TIMING_ADAPTER_SIZE 0x200u

/* The HiFi-like DSP ("dsp" object; null or absent: none): its clock, its
 * memories (dsp/dsp_core.h's configuration), the mailbox it shares with
 * the M55 (sim/mailbox.c) and the M55's window on its memories. */
typedef struct soc_dsp {
    bool present;
    double mhz;                          /* the DSP's own clock */
    uint32_t mailbox;                    /* mailbox and control registers, 4 KiB */
    int irq;                             /* NVIC line of the DSP -> M55 doorbell */
    uint32_t window;                     /* the M55's view of IRAM (+0) and DRAM (+0x100000) */
    uint32_t iram_bytes, dram_bytes, dram_banks;
    uint32_t iram_wait, dram_wait;       /* DSP cycles */
    uint32_t dma_bytes_per_cycle, dma_setup_cycles;
} soc_dsp_t;

#define SOC_DSP_DEFAULT_MAILBOX 0x48104000u
#define SOC_DSP_DEFAULT_IRQ 57
#define SOC_DSP_DEFAULT_WINDOW 0x48200000u
#define SOC_DSP_MAILBOX_SIZE 0x1000u

#define POWER_MAX_DOMAINS (SOC_MAX_REGIONS + 4)

/* Groups of timing classes (isa/timing.h) with one datapath energy each. */
enum power_class_group {
    POWER_ALU, POWER_MUL, POWER_LOAD_STORE, POWER_BRANCH, POWER_FP32, POWER_FP64, POWER_MVE_BEAT,
    POWER_CLASS_GROUPS
};
extern const char *const power_class_group_name[POWER_CLASS_GROUPS];

typedef struct power_domain {
    char name[SOC_NAME_LEN];
    double static_uw;
} power_domain_t;

/* The power model's coefficients (sim/power.h): the description's "power"
 * object, read with the rest of it (sim/soc_power.c). */
typedef struct power_coeffs {
    bool present;                  /* the SoC description has a "power" object */
    double core_pj_per_cycle;      /* active core, dynamic (uW/MHz) */
    double sleep_pj_per_cycle;     /* core in WFI/WFE */
    power_domain_t domains[POWER_MAX_DOMAINS];
    int ndomains;
    double static_uw;              /* sum over the domains */
    /* Instruction fetches, while the core does not count them in the bus
     * statistics: instructions x bytes each, charged to the region holding
     * the code (set by the caller from the ELF entry point; -1: none). */
    double fetch_bytes_per_insn;
    int fetch_region;
    /* Datapath energy per instruction, by group of timing classes
     * (enum power_class_group); Helium per 64-bit beat. */
    double class_pj[POWER_CLASS_GROUPS];
    /* The NPU ("npu" object inside "power"; all 0 without one). */
    double npu_pj_per_mac;         /* MAC array, per 8x8-bit MAC */
    double npu_pj_per_axi_byte;    /* the NPU's side of a byte over AXI (SHRAM, DMA, interface);
                                    * the memory's own energy is in mem.<region> */
    double npu_active_pj_per_cycle;/* clock, control, SHRAM while running (uW/MHz) */
    double npu_idle_uw;            /* static while idle or clock-gated */
    /* The DSP (sim/dsp.h), in its own cycles: running, asleep in waiti
     * (held in reset or halted: clock gated, nothing), and per operation
     * by class (dsp/dsp_isa.h's DSP_CL_*, names in dsp_class_pj_names). */
    double dsp_pj_per_cycle, dsp_sleep_pj_per_cycle;
    double dsp_class_pj[DSP_CL_COUNT];
} power_coeffs_t;

extern const char *const dsp_class_pj_names[DSP_CL_COUNT];

typedef struct soc_desc {
    char name[64];
    char cpu[SOC_NAME_LEN];
    double cpu_mhz;
    int prio_bits;
    uint32_t reset_vtor;
    uint32_t icache_bytes, icache_ways;  /* 0 bytes: no instruction cache */
    uint32_t dcache_bytes, dcache_ways;
    soc_region_t regions[SOC_MAX_REGIONS];
    int nregions;
    soc_device_t devices[SOC_MAX_DEVICES];
    int ndevices;
    soc_npu_t npu;
    soc_dsp_t dsp;
    uint32_t model_address;    /* where a MODEL.pte argument is placed */
    uint32_t input_address;    /* where --input files are placed, one after another */
} soc_desc_t;

/* Load a description: a built-in name ("an547") or a path to a JSON file,
 * read and parsed once, its "power" object into power (present = false
 * without one; power may be NULL: checked, not kept).  The coefficients
 * are not part of soc_desc_t: the machine holds a copy of the description
 * next to its hot state, which they would push apart.  On error returns
 * false with a message naming the file and the problem. */
bool soc_desc_load_with_power(soc_desc_t *d, power_coeffs_t *power, const char *name_or_path, char *err,
                              size_t errlen);
/* The same without the coefficients. */
bool soc_desc_load(soc_desc_t *d, const char *name_or_path, char *err, size_t errlen);

/* Choose the NPU configuration (--npu): "none" removes it; a configuration
 * name adds it (at the description's or the default addresses).  False
 * with a message for an unknown name. */
bool soc_desc_set_npu(soc_desc_t *d, const char *config, char *err, size_t errlen);

/* The JSON text of a built-in description, or NULL for an unknown name. */
const char *soc_builtin_json(const char *name);

/* Names of the built-in descriptions, NULL-terminated. */
extern const char *const soc_builtin_names[];

const char *mem_kind_name(mem_kind_t k);

#endif
