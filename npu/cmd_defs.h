/* Ethos-U55 command-stream encoding: opcodes and field extractors, the one
 * place that knows bit positions (ETHOSU.md 3.1-3.5). */
#ifndef ETSIM_NPU_CMD_DEFS_H
#define ETSIM_NPU_CMD_DEFS_H

#include <stdbool.h>
#include <stdint.h>

/* Word 0: opcode in bits 0..9, control in 14..15, parameter in 16..31. */
#define NPU_CMD_OPCODE(w)  ((unsigned)((w) & 0x3FFu))
#define NPU_CMD_CTRL(w)    ((unsigned)(((w) >> 14) & 3u))
#define NPU_CMD_PARAM(w)   ((uint16_t)((w) >> 16))
#define NPU_CTRL_CMD0      0u
#define NPU_CTRL_CMD1      1u

/* cmd0 operations (opcode < 0x100). */
enum {
    OP_STOP = 0x000,
    OP_IRQ = 0x001,
    OP_CONV = 0x002,
    OP_DEPTHWISE = 0x003,
    OP_POOL = 0x005,
    OP_ELEMENTWISE = 0x006,
    OP_DMA_START = 0x010,
    OP_DMA_WAIT = 0x011,
    OP_KERNEL_WAIT = 0x012,
    OP_PMU_MASK = 0x013,
};

/* cmd0 register settings (16-bit parameter). */
enum {
    C0_IFM_PAD_TOP = 0x100,
    C0_IFM_PAD_LEFT = 0x101,
    C0_IFM_PAD_RIGHT = 0x102,
    C0_IFM_PAD_BOTTOM = 0x103,
    C0_IFM_DEPTH_M1 = 0x104,
    C0_IFM_PRECISION = 0x105,
    C0_IFM_UPSCALE = 0x107,
    C0_IFM_ZERO_POINT = 0x109,
    C0_IFM_WIDTH0_M1 = 0x10A,
    C0_IFM_HEIGHT0_M1 = 0x10B,
    C0_IFM_HEIGHT1_M1 = 0x10C,
    C0_IFM_IB_END = 0x10D,
    C0_IFM_REGION = 0x10F,
    C0_OFM_WIDTH_M1 = 0x111,
    C0_OFM_HEIGHT_M1 = 0x112,
    C0_OFM_DEPTH_M1 = 0x113,
    C0_OFM_PRECISION = 0x114,
    C0_OFM_BLK_WIDTH_M1 = 0x115,
    C0_OFM_BLK_HEIGHT_M1 = 0x116,
    C0_OFM_BLK_DEPTH_M1 = 0x117,
    C0_OFM_ZERO_POINT = 0x118,
    C0_OFM_WIDTH0_M1 = 0x11A,
    C0_OFM_HEIGHT0_M1 = 0x11B,
    C0_OFM_HEIGHT1_M1 = 0x11C,
    C0_OFM_REGION = 0x11F,
    C0_KERNEL_WIDTH_M1 = 0x120,
    C0_KERNEL_HEIGHT_M1 = 0x121,
    C0_KERNEL_STRIDE = 0x122,
    C0_ACC_FORMAT = 0x124,
    C0_ACTIVATION = 0x125,
    C0_ACTIVATION_MIN = 0x126,
    C0_ACTIVATION_MAX = 0x127,
    C0_WEIGHT_REGION = 0x128,
    C0_SCALE_REGION = 0x129,
    C0_AB_START = 0x12D,
    C0_BLOCKDEP = 0x12F,
    C0_DMA0_SRC_REGION = 0x130,
    C0_DMA0_DST_REGION = 0x131,
    C0_DMA0_SIZE0 = 0x132,
    C0_DMA0_SIZE1 = 0x133,
    C0_IFM2_BROADCAST = 0x180,
    C0_IFM2_SCALAR = 0x181,
    C0_IFM2_PRECISION = 0x185,
    C0_IFM2_ZERO_POINT = 0x189,
    C0_IFM2_WIDTH0_M1 = 0x18A,
    C0_IFM2_HEIGHT0_M1 = 0x18B,
    C0_IFM2_HEIGHT1_M1 = 0x18C,
    C0_IFM2_IB_START = 0x18D,
    C0_IFM2_REGION = 0x18F,
};

/* cmd1 register settings (32-bit payload; some use the parameter too). */
enum {
    C1_IFM_BASE0 = 0x00, /* ..3 */
    C1_IFM_STRIDE_X = 0x04,
    C1_IFM_STRIDE_Y = 0x05,
    C1_IFM_STRIDE_C = 0x06,
    C1_OFM_BASE0 = 0x10, /* ..3 */
    C1_OFM_STRIDE_X = 0x14,
    C1_OFM_STRIDE_Y = 0x15,
    C1_OFM_STRIDE_C = 0x16,
    C1_WEIGHT_BASE = 0x20,
    C1_WEIGHT_LENGTH = 0x21,
    C1_SCALE_BASE = 0x22,
    C1_SCALE_LENGTH = 0x23,
    C1_OFM_SCALE = 0x24,
    C1_OPA_SCALE = 0x25,
    C1_OPB_SCALE = 0x26,
    C1_DMA0_SRC = 0x30,
    C1_DMA0_DST = 0x31,
    C1_DMA0_LEN = 0x32,
    C1_IFM2_BASE0 = 0x80, /* ..3 */
    C1_IFM2_STRIDE_X = 0x84,
    C1_IFM2_STRIDE_Y = 0x85,
    C1_IFM2_STRIDE_C = 0x86,
    C1_USER_DEFINED0 = 0xA0, /* ..7 */
};

/* Which opcodes exist on the U55 (everything else is a parse error). */
static inline bool npu_cmd0_is_op(unsigned op)
{
    switch (op) {
    case OP_STOP: case OP_IRQ: case OP_CONV: case OP_DEPTHWISE: case OP_POOL:
    case OP_ELEMENTWISE: case OP_DMA_START: case OP_DMA_WAIT: case OP_KERNEL_WAIT:
    case OP_PMU_MASK:
        return true;
    default:
        return false;
    }
}

static inline bool npu_cmd0_is_reg(unsigned op)
{
    switch (op) {
    case 0x100: case 0x101: case 0x102: case 0x103: case 0x104: case 0x105: case 0x107:
    case 0x109: case 0x10A: case 0x10B: case 0x10C: case 0x10D: case 0x10F:
    case 0x111: case 0x112: case 0x113: case 0x114: case 0x115: case 0x116: case 0x117:
    case 0x118: case 0x11A: case 0x11B: case 0x11C: case 0x11F:
    case 0x120: case 0x121: case 0x122: case 0x124: case 0x125: case 0x126: case 0x127:
    case 0x128: case 0x129: case 0x12D: case 0x12F:
    case 0x130: case 0x131: case 0x132: case 0x133:
    case 0x180: case 0x181: case 0x185: case 0x189: case 0x18A: case 0x18B: case 0x18C:
    case 0x18D: case 0x18F:
        return true;
    default:
        return false;
    }
}

static inline bool npu_cmd1_is_reg(unsigned op)
{
    return op <= 0x06 || (op >= 0x10 && op <= 0x16) || (op >= 0x20 && op <= 0x26) ||
           (op >= 0x30 && op <= 0x32) || (op >= 0x80 && op <= 0x86) || (op >= 0xA0 && op <= 0xA7);
}

/* APB offset (0x800..0xBFF) where a register command's value reads back,
 * 0 if it has none (ETHOSU.md 3.3, 3.4). */
static inline uint32_t npu_cmd0_reg_offset(unsigned op)
{
    if (op >= 0x100 && op < 0x140)
        return 0x800u + 4u * (op - 0x100u);
    if (op >= 0x180 && op < 0x1C0)
        return 0x900u + 4u * (op - 0x180u);
    return 0;
}

static inline uint32_t npu_cmd1_reg_offset(unsigned op)
{
    static const uint16_t group_base[9] = {0xA00, 0xA40, 0xA80, 0xAC0, 0, 0, 0, 0, 0xB00};
    unsigned g = op >> 4;
    if (op >= 0x90 || (op & 0xF) > 7 || !group_base[g])
        return 0;
    return group_base[g] + 8u * (op & 7u);
}

/* Field extractors on 16-bit parameters. */
#define PREC_TYPE_SIGNED(p)   ((p) & 1u)                /* IFM/IFM2/OFM */
#define IFM_PREC_BITS(p)      (((p) >> 2) & 3u)         /* 0 8-bit, 1 16, 2 32, 3 64 */
#define OFM_PREC_BITS(p)      (((p) >> 1) & 3u)
#define PREC_FORMAT_B16(p)    (((p) >> 6) & 1u)         /* 1 = NHCWB16 (bits 6..7) */
#define PREC_FORMAT(p)        (((p) >> 6) & 3u)
#define IFM_SCALE_MODE(p)     (((p) >> 8) & 3u)         /* 0 OPA_OPB_16, 1 OPA_32, 2 OPB_32 */
#define OFM_SCALE_GLOBAL(p)   (((p) >> 8) & 1u)
#define PREC_ROUND_MODE(p)    (((p) >> 14) & 3u)        /* 0 DBL, 1 TRUNCATE, 2 NATURAL */

#define KSTRIDE_X(p)          (1u + ((p) & 1u) + 2u * (((p) >> 6) & 1u))
#define KSTRIDE_Y(p)          (1u + (((p) >> 1) & 1u) + 2u * (((p) >> 9) & 1u))
#define KSTRIDE_PART_KERNEL(p) (((p) >> 2) & 1u)
#define KSTRIDE_DIL_X(p)      (1u + (((p) >> 3) & 1u))
#define KSTRIDE_DIL_Y(p)      (1u + (((p) >> 4) & 1u))

#define ACT_FUNCTION(p)       ((p) & 0x1Fu)
#define ACT_CLIP_RANGE(p)     (((p) >> 12) & 7u)

#define BCAST_H(p)            ((p) & 1u)
#define BCAST_W(p)            (((p) >> 1) & 1u)
#define BCAST_C(p)            (((p) >> 2) & 1u)
#define BCAST_ORDER_A(p)      (((p) >> 6) & 1u)
#define BCAST_SCALAR(p)       (((p) >> 7) & 1u)

#define REGION_OF(p)          ((p) & 7u)
#define DMA_REGION_INTERNAL(p) (((p) >> 8) & 1u)

enum { ROUND_DBL = 0, ROUND_TRUNCATE = 1, ROUND_NATURAL = 2 };
enum { POOL_MAX = 0, POOL_AVERAGE = 1, POOL_REDUCE_SUM = 2 };
enum {
    EW_MUL = 0, EW_ADD = 1, EW_SUB = 2, EW_MIN = 3, EW_MAX = 4, EW_LRELU = 5,
    EW_ABS = 6, EW_CLZ = 7, EW_SHR = 8, EW_SHL = 9,
};
enum { ACTF_RELU = 0, ACTF_TANH = 3, ACTF_SIGMOID = 4, ACTF_TABLE0 = 16 };
enum { CLIP_OFM = 0, CLIP_UINT8 = 2, CLIP_INT8 = 3, CLIP_INT16 = 5 };

/* STATUS.faulting_channel codes (ETHOSU.md 2.1). */
enum {
    FAULT_CH_CMD = 0, FAULT_CH_IFM = 1, FAULT_CH_WEIGHTS = 2, FAULT_CH_SCALE = 3,
    FAULT_CH_M2M_READ = 4, FAULT_CH_OFM = 8, FAULT_CH_M2M_WRITE = 9,
};

#endif
