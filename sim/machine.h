/* One simulated SoC instance: memory, bus, devices and the core, built from
 * a SoC description.  Everything mutable lives here (no globals). */
#ifndef ETSIM_SIM_MACHINE_H
#define ETSIM_SIM_MACHINE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../isa/cpu.h"
#include "cmsdk_timer.h"
#include "fpgaio.h"
#include "sse_counter.h"
#include "sse_timer.h"
#include "profport.h"
#include "scs.h"
#include "semihost.h"
#include "soc.h"

typedef struct sim_region {
    const soc_region_t *desc;
    uint8_t *host;            /* mmap'ed storage (zero-filled on demand) */
    uint64_t map_size;        /* bytes mapped (size rounded up to pages) */
    bus_stats_t stats;
    bus_page_t *pages;        /* one per 64 KiB page of the region and its aliases */
    uint32_t npages;
    uint64_t ignored_writes;  /* CPU writes to flash (ignored, as QEMU does) */
    /* What the firmware changed (machine_track_writes): per 64 KiB chunk of
     * the storage, NULL until the firmware first writes there. */
    struct touch_chunk **touch;
    uint32_t nchunks;
    /* The chunks that have one, in the order written: the scans walk
     * these, not the whole table (a 2 GiB DRAM has 32,768 entries). */
    uint32_t *noted;
    uint32_t nnoted;
    /* One bit per 4 KiB of the storage: set where it may hold a non-zero
     * byte (written through the machine, or by the core while the writes
     * are tracked), clear where it is known zero (machine_known_zero). */
    uint64_t *nonzero;
} sim_region_t;

struct machine;

typedef struct sim_uart {
    struct machine *m;
    uint32_t base;
    uint32_t ctrl;
    uint32_t bauddiv;
    uint32_t intstatus;
    bool shutdown_on_eot;     /* EOT (0x04) written ends the run, status 0 */
    bool warned;              /* an undocumented offset was logged */
    char name[SOC_NAME_LEN];
} sim_uart_t;

/* A memory-mapped device: its address ranges (the same registers at every
 * base: Secure and Non-secure aliases), its registers, and, for devices
 * and engines that act by themselves (SysTick, the NPU), their next event
 * in core cycles and how to advance them to a cycle.  The scheduler
 * (machine.c) runs the core until the earliest next_event of all devices,
 * then advances the ones that are due.  Register accesses happen at the
 * core's cycle `now`; a device that acts by itself catches up to now first. */
#define DEVICE_MAX_RANGES (1 + SOC_MAX_ALIASES)
#define MACHINE_MAX_DEVICES (SOC_MAX_DEVICES + 4 + SOC_MAX_ALIASES)   /* + SCS, NPU, timing adapters, DSP mailbox and window */
#define MACHINE_MAX_UARTS 6
#define MACHINE_MAX_TIMERS 8
#define MACHINE_MAX_PLAIN 24   /* fpgaio and reserved blocks */

/* A CMSDK timer on the bus and its interrupt line. */
typedef struct sim_timer {
    struct machine *m;
    cmsdk_timer_t t;
    int irq;
    bool warned;              /* an undocumented offset was logged */
    char name[SOC_NAME_LEN];
} sim_timer_t;

/* The SSE-300 system counter and the system timers that compare against
 * it (the counter is declared before them in the SoC description). */
#define MACHINE_MAX_SSE_TIMERS 4
typedef struct sim_sse_counter {
    struct machine *m;
    sse_counter_t c;
    bool present, warned;
    char name[SOC_NAME_LEN];
} sim_sse_counter_t;

typedef struct sim_sse_timer {
    struct machine *m;
    sse_timer_t t;
    int irq;
    bool warned;
    char name[SOC_NAME_LEN];
} sim_sse_timer_t;

/* A register block with no events of its own: the FPGA I/O block, or a
 * known peripheral block etsim does not model ("reserved"). */
typedef struct sim_plain {
    struct machine *m;
    char name[SOC_NAME_LEN];
    fpgaio_t *fpgaio;         /* NULL: reserved */
    fpgaio_t fpgaio_regs;
    bool warned;
} sim_plain_t;

typedef struct sim_device {
    char name[SOC_NAME_LEN];
    uint32_t base[DEVICE_MAX_RANGES];
    int nranges;
    uint32_t size;
    int irq;                  /* the NVIC line it drives, -1: none (for listings: the device
                               * raises it with machine_set_irq) */
    /* A background window (the PPB): other devices may sit in it and are
     * found first (e.g. a device in the PPB's unused external space). */
    bool background;
    void *ctx;
    /* Register access at byte offset off; false is a bus error. */
    bool (*read)(void *ctx, uint64_t now, uint32_t off, unsigned size, uint32_t *value);
    bool (*write)(void *ctx, uint64_t now, uint32_t off, unsigned size, uint32_t value);
    /* Optional (both or neither): the cycle of the next event, UINT64_MAX
     * for none; advance the device to cycle now. */
    uint64_t (*next_event)(void *ctx);
    void (*advance)(void *ctx, uint64_t now);
} sim_device_t;

/* The NPU and its traffic (sim/npu.c). */
typedef struct sim_npu {
    struct ethosu_device *dev;          /* NULL: no NPU */
    int irq;
    bus_stats_t stats[SOC_MAX_REGIONS]; /* the NPU's accesses per region */
    uint64_t bus_errors;
    /* The timing adapters' registers: kept, nothing else (the model's AXI
     * timing comes from the memory regions). */
    uint32_t ta_regs[SOC_MAX_ALIASES][SOC_NPU_TIMING_ADAPTER_SIZE / 4];
} sim_npu_t;

typedef struct machine {
    soc_desc_t desc;
    bus_t bus;
    cpu_t *cpu;
    sim_region_t regions[SOC_MAX_REGIONS];
    int nregions;
    bus_stats_t mmio_stats;
    bus_page_t mmio_page;     /* shared by every page that has a device */
    scs_t scs;
    sim_device_t devices[MACHINE_MAX_DEVICES];
    int ndevices;
    sim_uart_t uarts[MACHINE_MAX_UARTS];
    int nuarts;
    sim_timer_t timers[MACHINE_MAX_TIMERS];
    int ntimers;
    sim_plain_t plain[MACHINE_MAX_PLAIN];
    int nplain;
    sim_sse_counter_t sse_counter;
    sim_sse_timer_t sse_timers[MACHINE_MAX_SSE_TIMERS];
    int nsse_timers;
    /* An access to an undocumented offset of a known peripheral block is
     * a bus error (--strict-mmio) rather than accepted and logged once. */
    bool strict_mmio;
    sim_npu_t npu;
    struct sim_dsp *dsp;      /* NULL: no DSP (sim/dsp.h) */
    profport_t prof;
    semihost_t semi;
    FILE *out;                /* firmware output (stdout) */
    bool flash_write_warned;
    bool tracking_writes;     /* machine_track_writes() was called */
    void *trace_ctx;          /* for the tracing hooks (machine_set_on_insn, machine_set_on_mem) */
    struct exec_symbols *exec_symbols;   /* timing from ExecuTorch's symbols, NULL: none */
    struct gdb_stub *gdb;                /* the debugger's stub (--gdb), NULL: none */
    /* The machine's own block (host_pages_alloc): this struct, then every
     * region's bus page descriptors and known-zero bitmap
     * (sim_region_t.pages, .nonzero point into it). */
    size_t alloc_bytes;
    /* sim_region_t.nonzero holds: nothing has written the storage unseen
     * (false once the core was reset, so could run, without the write
     * tracking). */
    bool zero_known;
} machine_t;

/* Build the SoC.  cpu_mhz overrides the description when > 0.  Returns
 * NULL with a message on failure. */
machine_t *machine_create(const soc_desc_t *desc, double cpu_mhz, char *err, size_t errlen);
void machine_destroy(machine_t *m);

/* Copy bytes into simulated memory (ELF segments, --data files, models),
 * bypassing permissions.  False (with a message) when any byte would fall
 * outside RAM/flash, e.g. on a device or in unmapped space. */
bool machine_load(machine_t *m, uint32_t addr, const void *data, uint64_t len, const char *what,
                  char *err, size_t errlen);
/* The same for len bytes from offset of a file as file_open() (sim/file_io.h)
 * gave it: read straight into simulated memory from fd, or where fd is -1
 * copied from bytes; also false (with a message) on a read error or a file
 * shorter than offset + len. */
bool machine_load_file(machine_t *m, uint32_t addr, int fd, const uint8_t *bytes, uint64_t offset, uint64_t len,
                       const char *what, char *err, size_t errlen);
/* Zero-fill, same rules (ELF .bss). */
bool machine_zero(machine_t *m, uint32_t addr, uint64_t len, const char *what, char *err, size_t errlen);
/* The memory region that holds addr, or NULL. */
const sim_region_t *machine_region_at(const machine_t *m, uint32_t addr, uint32_t *offset);

/* For the SoC's other bus masters (the NPU's AXI ports, the DSP's bus
 * port): the region one access of len bytes at addr hits, whole or not at
 * all -- every byte in one region (flash only for reads) and none on a
 * device, which overlays memory -- or NULL (a bus error).  *offset
 * receives the offset in the region. */
sim_region_t *machine_master_region(machine_t *m, uint32_t addr, uint32_t len, bool write, uint32_t *offset);
/* Count such an access in the region's counters and in the master's own
 * per-region counters (own: indexed like m->regions). */
void machine_master_charge(machine_t *m, sim_region_t *r, bus_stats_t *own, uint32_t len, bool write);

/* Read bytes of simulated memory (for the semihosting and profiling port);
 * false if any byte is outside RAM/flash. */
bool machine_read_bytes(machine_t *m, uint32_t addr, void *out, uint32_t len);
bool machine_write_bytes(machine_t *m, uint32_t addr, const void *data, uint32_t len);
/* Whether host bytes [p, p+n) are all zero: by blocks the compiler
 * vectorises, so a 2 MiB pool is checked in a fraction of a millisecond. */
bool machine_all_zero(const uint8_t *p, uint64_t n);
/* [addr, addr+len) lies in one region and is known to hold only zeros
 * without reading it: nothing wrote there since it was mapped or last
 * cleared (the loader's .bss).  False when unknown.  It assumes the core
 * runs only after machine_reset(). */
bool machine_known_zero(const machine_t *m, uint32_t addr, uint32_t len);
/* A NUL-terminated string from simulated memory (at most max-1 bytes). */
bool machine_read_string(machine_t *m, uint32_t addr, char *out, size_t max);

/* Call fn after every retired instruction (cpu_hooks_t.on_insn); fn gets
 * the machine as ctx and finds fn_ctx in m->trace_ctx.  NULL turns it off
 * (the core then runs its untraced loop). */
void machine_set_on_insn(machine_t *m, void (*fn)(void *ctx, const cpu_t *cpu, uint32_t pc, const struct insn *in),
                         void *fn_ctx);
/* Call fn after every data memory access of the core (cpu_hooks_t.on_mem,
 * cpu_trace_memory()), with m->trace_ctx as for machine_set_on_insn.  NULL
 * turns it off.  False when out of memory. */
bool machine_set_on_mem(machine_t *m,
                        void (*fn)(void *ctx, const cpu_t *cpu, uint32_t addr, unsigned size, const void *bytes,
                                   unsigned flags, uint32_t wait),
                        void *fn_ctx);

/* From now on, note which RAM the firmware changes: every RAM page's
 * first write takes the slow path once (bus_page_t.write_trap), which
 * keeps a copy of the page as it was; later writes cost nothing extra.
 * Call after loading and painting, before the run.  False when out of
 * memory. */
bool machine_track_writes(machine_t *m);
/* Compare every page the firmware wrote with its copy and remember the
 * 32-byte lines that differ (a line changed once stays counted, even if
 * it is later restored).  Called at each inference end and after the run. */
void machine_scan_writes(machine_t *m);
/* Bytes of region i in the lines found changed so far (0 without tracking). */
uint64_t machine_touched_bytes(const machine_t *m, int i);

/* Put a device on the bus (it must not overlap another); false with a
 * message when the table is full or it overlaps. */
bool machine_add_device(machine_t *m, const sim_device_t *dev, char *err, size_t errlen);
/* A device's interrupt line changed level (NVIC: a rising line pends). */
void machine_set_irq(machine_t *m, int line, bool level);

/* The NPU of the description (sim/npu.c): create it and put it on the bus. */
bool sim_npu_attach(machine_t *m, char *err, size_t errlen);

/* --exit-on-eot: UART0 (the description's first uart-cmsdk) ends the run
 * with status 0 when the firmware writes EOT (0x04), as the FVP's
 * mps3_board.uart0.shutdown_on_eot=1.  False when the SoC has no UART. */
bool machine_set_exit_on_eot(machine_t *m);

/* Reset the core from the vector table (and the devices). */
bool machine_reset(machine_t *m);

#endif
