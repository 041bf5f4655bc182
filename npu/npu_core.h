/* The Ethos-U55 command processor and executors: everything behind the
 * register file.  This header is the contract between the two halves of
 * npu/:
 *
 *   npu_core.c and its executors (this interface): fetch a command word,
 *     keep the persistent command-state registers, latch them at a kick,
 *     run the operation against memory through the port below;
 *   ethosu_device.c: the APB register file, reset/run/stop state machine,
 *     interrupt line, PMU and the time each command takes; it calls
 *     npu_core_step() while the NPU is running.
 *
 * Facts come from ../shared/reference/ETHOSU.md (section numbers cited
 * where used).  Nothing here knows the SoC: memory is reached through
 * npu_port_t, which sim/ implements over the memory map. */
#ifndef ETSIM_NPU_CORE_H
#define ETSIM_NPU_CORE_H

#include <stdbool.h>
#include <stdint.h>

/* An AXI access of the NPU at a physical address, charged by the SoC to
 * the region it hits.  axi_port is 0 or 1 (from REGIONCFG / QCONFIG,
 * ETHOSU.md 1.1).  Returns false on a bus error: any byte outside every
 * memory region or over a device. */
typedef struct npu_port {
    void *ctx;
    bool (*read)(void *ctx, uint32_t addr, void *dst, uint32_t len, unsigned axi_port);
    bool (*write)(void *ctx, uint32_t addr, const void *src, uint32_t len, unsigned axi_port);
    /* Optional, for reports: the bytes the NPU has read and written so far
     * in each memory of the SoC (up to n of them, cumulative); returns how
     * many memories there are. */
    unsigned (*memory_bytes)(void *ctx, uint64_t *read, uint64_t *write, unsigned n);
} npu_port_t;

/* The MAC configuration (ETHOSU.md 2.1, 6.1). */
typedef struct npu_core_config {
    unsigned macs_per_cycle; /* 32, 64, 128 or 256 */
    unsigned shram_kb;       /* 16, 16, 24, 48 */
    /* Largest operation accepted, in MACs (pooling: window elements read;
     * also caps the elements of one feature map); a larger one is a parse
     * error.  0: the default, 2^30, far above any U55 network's layer.
     * Fuzzers lower it to stay fast. */
    uint64_t op_work_limit;
} npu_core_config_t;

/* The registers the driver programs that the command processor needs. */
typedef struct npu_bases {
    uint32_t qbase, qsize;   /* command stream address and size in bytes */
    uint32_t basep[8];       /* region base addresses (BASEP0..7) */
    uint32_t regioncfg;      /* 2 bits per region: memory-attribute slot */
    uint32_t qconfig;        /* slot used to fetch commands */
} npu_bases_t;

typedef enum npu_op_kind {
    NPU_OPK_REGISTER = 0,    /* a register-setting command (cmd0 >= 0x100, cmd1) */
    NPU_OPK_CONV,
    NPU_OPK_DEPTHWISE,
    NPU_OPK_POOL,
    NPU_OPK_ELEMENTWISE,
    NPU_OPK_DMA,
    NPU_OPK_DMA_WAIT,
    NPU_OPK_KERNEL_WAIT,
    NPU_OPK_PMU_MASK,
    NPU_OPK_IRQ,
    NPU_OPK_STOP,
} npu_op_kind_t;

/* How a step ended. */
typedef enum npu_step_result {
    NPU_STEP_CONTINUE,       /* command done, fetch the next one */
    NPU_STEP_IRQ,            /* NPU_OP_IRQ: raise the interrupt, continue */
    NPU_STEP_STOP,           /* NPU_OP_STOP executed */
    NPU_STEP_END_OF_QUEUE,   /* QREAD reached QSIZE without a STOP */
    NPU_STEP_PARSE_ERROR,    /* unknown opcode or invalid parameters */
    NPU_STEP_BUS_ERROR,      /* an access the port refused */
    NPU_STEP_WD_FAULT,       /* weight stream could not be decoded */
} npu_step_result_t;

/* What one command did: what the device needs for time, PMU and reports. */
typedef struct npu_op_info {
    npu_op_kind_t kind;
    uint32_t cmd_offset;     /* QREAD of the command's first word */
    uint32_t cmd_words;      /* 1 or 2 */
    uint16_t param;          /* the 16-bit parameter (mode, mask, k, n) */
    uint64_t macs;           /* multiply-accumulates performed (kernel ops) */
    uint64_t ofm_elements;   /* output elements written */
    uint64_t read_bytes[2];  /* bytes read per AXI port (incl. the command words) */
    uint64_t write_bytes[2]; /* bytes written per AXI port */
    /* The same per memory-attribute slot of REGIONCFG / QCONFIG (0, 1 on
     * AXI0; 2, 3 on AXI1), whose AXI_LIMIT applies (ETHOSU.md 1.1). */
    uint64_t slot_read_bytes[4], slot_write_bytes[4];
    uint64_t weight_bytes;   /* encoded weight + scale stream bytes read */
    /* Geometry for a timing model (kernel and elementwise ops). */
    uint16_t ofm_h, ofm_w, ofm_c;
    uint16_t ifm_c;
    uint8_t kernel_h, kernel_w, stride_x, stride_y;
    uint8_t ofm_blk_h, ofm_blk_w, ofm_blk_c_div8; /* block config registers + 1 (depth in units of 8) */
    uint8_t ifm_bits, ofm_bits;                   /* 8, 16 or 32 */
    uint8_t blockdep;
    /* Timing inputs (npu/ethosu_timing.c), from the registers at the kick. */
    uint16_t ifm_h, ifm_w;   /* IFM extent the kernel reads (elementwise: the OFM's) */
    uint8_t ifm_b16, ifm2_b16, ofm_b16; /* NHCWB16 layouts */
    uint8_t part_kernel;     /* weights in part-kernel-first order */
    uint8_t acc40;           /* 40-bit accumulators */
    uint8_t act_class;       /* Vela's activation column: 0 LUT/tanh/sigmoid or nothing fused, 1 ReLU family, 2 none */
    uint8_t ifm2_kind;       /* elementwise: 0 unary, 1 scalar, 2 feature map */
    uint8_t ifm_port, ifm2_port, ofm_port, scale_port; /* AXI port of each operand's region */
    uint8_t faulting_channel; /* on BUS_ERROR: STATUS.faulting_channel code (ETHOSU.md 2.1) */
    uint32_t fault_addr;      /* on BUS_ERROR: the address refused */
    char message[96];         /* on an error: what went wrong, for the runner's log */
} npu_op_info_t;

typedef struct npu_core npu_core_t;

/* Create / destroy (the executors keep SHRAM and scratch here; no globals). */
npu_core_t *npu_core_create(const npu_core_config_t *cfg, npu_port_t port);
void npu_core_destroy(npu_core_t *c);
/* Hardware reset: command-state registers and SHRAM cleared. */
void npu_core_reset(npu_core_t *c);

/* Fetch, decode and perform the command at b->qbase + *qread, advancing
 * *qread past it.  Kernel and DMA operations run to completion here
 * (functionally); the device charges their time from info. */
npu_step_result_t npu_core_step(npu_core_t *c, const npu_bases_t *b, uint32_t *qread, npu_op_info_t *info);

/* A command-state register as the APB shows it (offsets 0x800..0xBFF,
 * ETHOSU.md 2.2 and the register column of section 3). */
uint32_t npu_core_state_reg(const npu_core_t *c, uint32_t offset);

#endif
