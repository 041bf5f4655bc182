/* What the files of npu/ share behind npu_core.h: the core's state, the
 * per-command execution context, feature-map descriptions and the memory
 * helpers every executor uses.  Not for use outside npu/. */
#ifndef ETSIM_NPU_INTERNAL_H
#define ETSIM_NPU_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "npu_core.h"

#define NPU_SHRAM_MAX   (48u * 1024u)

/* Bounds that keep a hostile command stream from asking for a giant host
 * allocation or an endless loop.  Real U55 tensors live in on-chip SRAM
 * (a few MB at most), so these are far above anything Vela emits. */
#define NPU_MAX_FMAP_ELEMS   (1u << 22)   /* elements of one feature map */
#define NPU_MAX_WEIGHT_ELEMS (1u << 22)   /* decoded weights of one op */
#define NPU_MAX_STREAM_BYTES (1u << 24)   /* encoded weight / DMA bytes of one command */
#define NPU_MAX_MACS         (1ull << 30) /* default op_work_limit (3x a whole MobileNetV2) */

struct npu_core {
    npu_core_config_t cfg;
    npu_port_t port;
    /* Persistent command-state registers: the last parameter of every cmd0
     * opcode, and parameter + payload of every cmd1 opcode (ETHOSU.md 3.1:
     * the stream only emits changes). */
    uint16_t cmd0[1024];
    uint16_t cmd1_param[256];
    uint32_t cmd1_payload[256];
    uint8_t shram[NPU_SHRAM_MAX];
    int32_t lut_dma_base;   /* 1 KB bank of the last DMA into SHRAM, -1 if none */
    uint64_t work_limit;    /* cfg.op_work_limit or NPU_MAX_MACS */
    uint64_t fmap_limit;    /* elements of one feature map */
};

/* One command being executed: where errors and traffic go. */
typedef struct npu_exec {
    npu_core_t *c;
    const npu_bases_t *b;
    npu_op_info_t *info;
    npu_step_result_t err;   /* NPU_STEP_CONTINUE while all is well */
} npu_exec_t;

/* Mark the command failed (the first failure wins).  Returns false so
 * callers can write `return npu_fail(...)`. */
bool npu_fail(npu_exec_t *x, npu_step_result_t why, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Reads/writes at BASEP[region] + offset through the port, counting bytes
 * per AXI port; a refused access is a bus error on `channel`. */
bool npu_mem_read(npu_exec_t *x, unsigned region, uint32_t offset, void *dst, uint32_t len, unsigned channel);
bool npu_mem_write(npu_exec_t *x, unsigned region, uint32_t offset, const void *src, uint32_t len, unsigned channel);

/* A feature map as the registers describe it (ETHOSU.md 4.1). */
typedef struct npu_fmap {
    unsigned region;
    uint32_t base[4];
    int32_t h0, h1, w0;            /* tile split: HEIGHT0/1, WIDTH0 (+1) */
    int32_t stride_x, stride_y, stride_c;
    unsigned esize;                /* bytes per element: 1, 2, 4 */
    bool is_signed;
    bool brick;                    /* NHCWB16 */
    int32_t zero_point;
    int32_t h, w, c;               /* extent this op touches */
} npu_fmap_t;

typedef enum { FMAP_IFM, FMAP_IFM2, FMAP_OFM } npu_fmap_which_t;

/* Fill f from the registers (extent left 0 for the caller); false with a
 * parse error for precisions the U55 does not have. */
bool npu_fmap_from_regs(npu_exec_t *x, npu_fmap_which_t which, npu_fmap_t *f);
/* Read the whole extent into out[(y*w + x)*c + ch] (sign/zero-extended,
 * zero point NOT removed). */
bool npu_fmap_read(npu_exec_t *x, const npu_fmap_t *f, int32_t *out, unsigned channel);
/* Write the whole extent from vals (already in the element's range). */
bool npu_fmap_write(npu_exec_t *x, const npu_fmap_t *f, const int32_t *vals);
/* Allocate an element buffer for f's extent, or fail with a parse error
 * when the extent is empty or absurd. */
int32_t *npu_fmap_alloc(npu_exec_t *x, const npu_fmap_t *f, const char *what);

/* The output stage (ETHOSU.md 4.3). */
typedef struct npu_out_stage {
    unsigned round_mode;
    int32_t ofm_zp;
    unsigned ofm_bits;          /* 8, 16, 32 */
    bool ofm_signed;
    int32_t act_min, act_max;   /* in the OFM domain */
    unsigned act_func;
    unsigned clip_range;
    const uint8_t *lut;         /* TABLE_n: the slot in SHRAM, else NULL */
    unsigned lut_bytes;         /* bytes available from lut */
} npu_out_stage_t;

int64_t npu_apply_scale(int64_t v, uint32_t scale, unsigned shift, unsigned round_mode);
int64_t npu_round_shift(int64_t v, unsigned shift, unsigned round_mode);
bool npu_out_stage_init(npu_exec_t *x, npu_out_stage_t *os);
/* Scaled value (before the zero point) to the stored OFM element. */
int32_t npu_out_stage_finish(const npu_out_stage_t *os, int64_t scaled);

/* Weight codec (weight_decode.c) and ordering (weight_order.c). */
typedef enum { MLW_OK = 0, MLW_TRUNCATED, MLW_BAD, MLW_TOO_MANY } mlw_status_t;
/* Decode an mlw stream into out (at most cap values); *n gets the count. */
mlw_status_t npu_mlw_decode(const uint8_t *buf, size_t len, int16_t *out, size_t cap, size_t *n);

typedef struct npu_weight_shape {
    unsigned ofm_depth, ifm_depth;   /* O, I (depthwise: I = 1) */
    unsigned kh, kw;                 /* undilated kernel */
    unsigned dil_y, dil_x;           /* 1 or 2 */
    unsigned blk_depth;              /* OFM block depth (OFM_BLK_DEPTH_M1 + 1) */
    unsigned ofm_ublock;             /* 8, 4 on U55-32 */
    bool depthwise, part_kernel, ifm16;
} npu_weight_shape_t;

/* Number of values the stream of shape s holds (including padding). */
uint64_t npu_weight_stream_count(const npu_weight_shape_t *s);
/* Scatter the stream order back into OHWI (w[((o*kh + y)*kw + x)*I + i]). */
void npu_weight_unshuffle(const npu_weight_shape_t *s, const int16_t *stream, int16_t *ohwi);

/* Executors. */
void npu_exec_conv(npu_exec_t *x, bool depthwise);
void npu_exec_pool(npu_exec_t *x, unsigned mode);
void npu_exec_elementwise(npu_exec_t *x, unsigned mode);
void npu_exec_dma(npu_exec_t *x);

/* Register shorthands. */
static inline uint16_t npu_r0(const npu_core_t *c, unsigned op) { return c->cmd0[op & 0x3FF]; }
static inline uint32_t npu_r1(const npu_core_t *c, unsigned op) { return c->cmd1_payload[op & 0xFF]; }
static inline uint16_t npu_r1p(const npu_core_t *c, unsigned op) { return c->cmd1_param[op & 0xFF]; }

/* Kernel geometry shared by CONV, DEPTHWISE and POOL. */
typedef struct npu_kernel {
    int32_t kh_d, kw_d;            /* dilated extents (KERNEL_*_M1 + 1) */
    int32_t sy, sx, dy, dx;
    int32_t pt, pl, pb, pr;
    unsigned upscale;              /* 0 none, 1 nearest, 2 zeros */
} npu_kernel_t;

void npu_kernel_from_regs(const npu_core_t *c, npu_kernel_t *k);
/* OFM extent from the registers, checked.  Fills the info geometry. */
bool npu_ofm_setup(npu_exec_t *x, npu_fmap_t *ofm);
/* The IFM rows/columns a kernel op reads (ETHOSU.md 4.2). */
bool npu_kernel_ifm_extent(npu_exec_t *x, const npu_kernel_t *k, const npu_fmap_t *ofm, int32_t *ih, int32_t *iw);
/* Refuse kernels larger than the hardware's (parse error). */
bool npu_kernel_check(npu_exec_t *x, const npu_kernel_t *k);

/* The IFM as a kernel op sees it: zero point removed, on the (upscaled)
 * grid of h x w logical rows and columns. */
typedef struct npu_ifm_view {
    const int32_t *v;           /* stored rows x columns x depth */
    int32_t h, w, c;            /* logical rows and columns; depth */
    int32_t sw;                 /* stored columns */
    unsigned upscale;           /* 0 none, 1 nearest, 2 zeros */
    unsigned esize;
} npu_ifm_view_t;

/* Read the IFM area of a kernel op (depth channels, elements of at most
 * max_esize bytes); returns the buffer to free, NULL on an error. */
int32_t *npu_ifm_view_load(npu_exec_t *x, const npu_kernel_t *k, const npu_fmap_t *ofm, int32_t depth,
                           unsigned max_esize, npu_ifm_view_t *iv);

/* The channels at logical (y, x), inside the extent; NULL where upscaling
 * inserted a zero.  ETHOSU.md 4.2 [?] on the phase of zero insertion: the
 * stored element sits at even positions, zeros at odd rows and columns. */
static inline const int32_t *npu_ifm_at(const npu_ifm_view_t *iv, int32_t y, int32_t x)
{
    if (iv->upscale == 2 && ((y | x) & 1))
        return NULL;
    if (iv->upscale) {
        y >>= 1;
        x >>= 1;
    }
    return iv->v + ((size_t)y * iv->sw + x) * iv->c;
}

#endif
