/* Placement of operators on the HLD DSP (dsp_offload.h). */
#include "dsp_offload.h"

#include <stddef.h>
#include <string.h>

#include "et_kernel.h"
#include "kernels/cortex_m/arg_layouts.h"
#include "kernels/kernel_util.h"
#include "pte_schema.h"

#define MAX_INSTANCES 128   /* placed calls per method; later ones stay on the M55 */

/* The dispatcher's OP_FC_S8_ROWS descriptor: fc_s8's (dsp/kernels/fc_s8.s)
 * and the rows to run it on; 8-byte aligned, followed in the pool by
 * bias[N], mult[N] (int32) and shift[N] (int16).  The DSP advances x and
 * out and counts rows down: the call sets them again each time. */
typedef struct fc_desc {
    uint32_t x, w, bias, mult, shift, out, n, k;
    int16_t zp, act_min, act_max, zero;
    uint32_t rows, x_stride, out_stride;
} fc_desc;

#define MAX_SEQ 1024   /* operator calls per inference whose placement is recorded */

/* The dispatcher's OP_DW_S8 descriptor (dsp/kernels/dw_s8.s), followed in
 * the pool by bias[C], mult[C] (int32) and shift[C] (int16). */
typedef struct dw_desc {
    uint32_t x, w, bias, mult, shift, out, c, hin, win, hout, wout, kh, kw, sy, sx, py, px;
    int32_t input_offset;
    int16_t zp, act_min, act_max, zero;
} dw_desc;

/* The dispatcher's OP_CONV_S8 descriptor (dsp/kernels/conv_s8.s): fc_s8's
 * over the im2col row (row and out set per call on the DSP's copy), then
 * the window's geometry; followed in the pool by the kernel sums
 * bias + io * sum(w) (int32), mult[OC] (int32), shift[OC] (int16) and,
 * when the weights cannot be used in place, the weight rows padded with
 * zeros to K16. */
typedef struct conv_desc {
    uint32_t row, w, ksum, mult, shift, out, oc, k16;
    int16_t zp, act_min, act_max, zero;
    uint32_t x, ic, hin, win, hout, wout, kh, kw, sy, sx, py, px, dy, dx;
    int32_t pad_byte;   /* -input_offset */
    uint32_t row_buf, spare[2];   /* row_buf: set by the dispatcher */
} conv_desc;

_Static_assert(sizeof(conv_desc) == 112, "the dispatcher copies 112 bytes");

#define CONV_ROW_MAX 4096   /* the dispatcher's im2col row (dispatcher.s KERN_ROW_MAX) */

/* The dispatcher's OP_EW_S8 descriptor (dsp/kernels/ew_s8.s): the output
 * as 4 dimensions, each input's byte strides along them (0: broadcast). */
typedef struct ew_desc {
    uint32_t x, y, out, mode;   /* mode 0 add, 1 mul */
    uint32_t d[4], sx[4], sy[4];
    int32_t x_off, x_mult, x_shift, y_off, y_mult, y_shift, out_mult, out_shift;
    int16_t zp, act_min, act_max, zero;
    uint32_t tables, spare;     /* tables: set by the dispatcher */
} ew_desc;

_Static_assert(sizeof(ew_desc) == 112, "the dispatcher copies 112 bytes");

/* The dispatcher's OP_LUT_S8 and OP_MAXP_S8 descriptors
 * (dsp/kernels/lut_s8.s, maxp_s8.s). */
typedef struct lut_desc {
    uint32_t x, lut, out, n;
} lut_desc;

typedef struct maxp_desc {
    uint32_t x, out, c, hin, win, hout, wout, kh, kw, sy, sx, py, px, dy, dx;
    int32_t act_min, act_max, spare;
} maxp_desc;

_Static_assert(sizeof(maxp_desc) == 72, "the dispatcher copies 72 bytes");

/* The dispatcher's OP_BMM_S8 descriptor (dsp/kernels/bmm_s8.s). */
typedef struct bmm_desc {
    uint32_t lhs, rhs, out, b, m, n, k;
    int32_t lo, ro, mult, shift, zero;
    int16_t zp, act_min, act_max, zero2;
} bmm_desc;

_Static_assert(sizeof(bmm_desc) == 56, "the dispatcher copies 56 bytes");

/* The dispatcher's OP_SOFTMAX_S8 descriptor (dsp/kernels/softmax_s8.s). */
typedef struct smx_desc {
    uint32_t x, out, rows, n;
    int32_t mult, shift, diff_min, zero;
} smx_desc;

_Static_assert(sizeof(smx_desc) == 32, "the dispatcher copies 32 bytes");

#define SMX_ROW_MAX 256   /* softmax_s8's row (its e buffer, the sum's headroom) */

typedef struct fc_instance {
    const uint32_t *args;      /* the KernelCall's arguments: identifies the call */
    void *desc;                /* the operation's descriptor (fc_desc, dw_desc, ...) */
    uint32_t op;               /* the dispatcher's operation */
    uint32_t rows;             /* fc: rows */
    uint32_t in_arg, out_arg;  /* argument slots of x and out */
    uint32_t in_bytes, out_bytes;
    uint32_t in2_arg, in2_bytes;   /* ew, bmm: the second input (in2_bytes 0: none) */
} fc_instance;

static const char fc_name[] = "cortex_m::quantized_linear.out";
static const char conv_name[] = "cortex_m::quantized_conv2d.out";
static const char dw_name[] = "cortex_m::quantized_depthwise_conv2d.out";
static const char avg_name[] = "cortex_m::quantized_avg_pool2d.out";
static const char add_name[] = "cortex_m::quantized_add.out";
static const char mul_name[] = "cortex_m::quantized_mul.out";
static const char act_name[] = "cortex_m::quantized_activation.out";
static const char maxp_name[] = "cortex_m::quantized_max_pool2d.out";
static const char bmm_name[] = "cortex_m::quantized_batch_matmul.out";
static const char smx_name[] = "cortex_m::softmax.out";

/* The operators with a DSP kernel. */
enum { OP_FC, OP_CONV, OP_DW, OP_AVG, OP_ADD, OP_MUL, OP_ACT, OP_MAXP, OP_BMM, OP_SMX, OP_KINDS };
static const char *const op_names[OP_KINDS] = {fc_name,  conv_name, dw_name,   avg_name, add_name, mul_name,
                                               act_name, maxp_name, bmm_name, smx_name};

/* One operator's entry in the method's table while its calls are placed:
 * the executor calls entry.fn with a->op = entry.name (et_executor.c),
 * which points at `name` here, so on_dsp finds its operator and the
 * placement context from the call alone, without any process-wide state.
 * The argument layouts stay the CPU kernel's: the loader resolved each
 * call's slot -> position map (et_instr.arg_pos) with it, and the
 * descriptors read the arguments through that map by slot, so a .pte of
 * any release line places the same way. */
typedef struct dsp_op {
    et_kernel_entry entry;
    char name[48];
    const et_kernel_entry *cpu;   /* the M55's kernel, for the calls not placed */
    et_dsp_ctx *ctx;
} dsp_op;

/* One method's placement, in the pool it was given. */
struct et_dsp_ctx {
    const et_dsp_port *port;
    dsp_op ops[OP_KINDS];
    fc_instance calls[MAX_INSTANCES];
    uint32_t ncalls;
    uint8_t on_dsp[MAX_SEQ / 8];   /* which operator calls of an inference (the executor's seq) */
};

static et_err on_dsp(et_kargs *a);

bool et_dsp_runs(const et_dsp_ctx *ctx, uint32_t seq)
{
    return ctx && seq < MAX_SEQ && (ctx->on_dsp[seq / 8] >> (seq % 8) & 1u);
}

static bool aligned(const void *p, uintptr_t n)
{
    return ((uintptr_t)p & (n - 1)) == 0;
}

/* A 4-D activation whose bytes are NHWC: channels-last, or contiguous
 * where that is the same (C == 1 or H == W == 1), as k_nhwc accepts. */
static bool nhwc_bytes(const et_tensor *t)
{
    et_layout l = et_tensor_layout(t);
    return t->rank == 4 && (l == ET_LAYOUT_CHANNELS_LAST ||
                            (l == ET_LAYOUT_CONTIGUOUS && (t->sizes[1] == 1 || (t->sizes[2] == 1 && t->sizes[3] == 1))));
}

/* The arguments of one cortex_m::quantized_linear.out call (as
 * runtime/kernels/cortex_m/quantized_linear_s8.c reads them), if fc_s8 can
 * run it: N a multiple of 4, K of 16, filter offset 0, int8 contiguous
 * tensors with x, W 8-byte and out 4-byte aligned. */
static bool fc_fits(et_method *m, const et_instr *in, et_tensor **x, et_tensor **w, et_tensor **bias,
                    et_tensor **ksum, et_tensor **out, int32_t q[7])
{
    et_error scratch = {0};
    et_kargs a = {.op = fc_name, .values = m->values, .boxes = m->boxes, .args = in->args, .nargs = in->nargs, .pos = in->arg_pos, .err = &scratch,
                  .ok = true};
    int64_t mult[1], shift[1];
    /* (each operator here is placed with upstream main's list only: the
     * calls of older releases stay on the M55) */
    if (!a.pos || in->nargs != LIN_NSLOTS + 1)
        return false;
    *x = et_arg_tensor(&a, LIN_INPUT);
    *w = et_arg_tensor(&a, LIN_WEIGHTS);
    *bias = et_arg_tensor_or_null(&a, LIN_BIAS);
    *ksum = et_arg_tensor_or_null(&a, LIN_KERNEL_SUM);
    q[0] = (int32_t)et_arg_int(&a, LIN_INPUT_OFFSET);
    int64_t fo = et_arg_int(&a, LIN_FILTER_OFFSET);
    q[1] = (int32_t)et_arg_int(&a, LIN_OUTPUT_OFFSET);
    uint32_t nm = et_arg_int_list(&a, LIN_MULTIPLIERS, mult, 1), ns = et_arg_int_list(&a, LIN_SHIFTS, shift, 1);
    q[2] = (int32_t)et_arg_int(&a, LIN_ACT_MAX);
    q[3] = (int32_t)et_arg_int(&a, LIN_ACT_MIN);
    *out = et_arg_tensor(&a, LIN_OUT);
    if (!a.ok || nm != 1 || ns != 1 || fo != 0)
        return false;
    q[4] = (int32_t)mult[0];
    q[5] = (int32_t)shift[0];
    const et_tensor *t[3] = {*x, *w, *out};
    for (int i = 0; i < 3; i++)
        if (t[i]->dtype != ET_CHAR || !t[i]->data || et_tensor_layout(t[i]) != ET_LAYOUT_CONTIGUOUS)
            return false;
    if ((*w)->rank != 2 || (*x)->rank < 1)
        return false;
    int32_t n = (*w)->sizes[0], k = (*w)->sizes[1];
    if (n <= 0 || k <= 0 || n % 4 || k % 16 || (*x)->sizes[(*x)->rank - 1] != k)
        return false;
    size_t batches = et_tensor_numel(*x) / (size_t)k;
    if (et_tensor_numel(*out) != batches * (size_t)n)
        return false;
    if ((*bias && (et_tensor_numel(*bias) != (size_t)n || (*bias)->dtype != ET_INT || !(*bias)->data)) ||
        (*ksum && (et_tensor_numel(*ksum) != (size_t)n || (*ksum)->dtype != ET_INT || !(*ksum)->data)))
        return false;
    if (!aligned((*x)->data, 8) || !aligned((*w)->data, 8) || !aligned((*out)->data, 4))
        return false;
    if (q[1] < -32768 || q[1] > 32767 || q[2] < -128 || q[2] > 127 || q[3] < -128 || q[3] > 127 ||
        q[5] < -32768 || q[5] > 32767)
        return false;
    q[6] = (int32_t)batches;
    return true;
}

/* The arguments of a cortex_m::quantized_conv2d.out call, or of a
 * quantized_depthwise_conv2d.out one (dw: it has the depth multiplier at
 * 6, the rest one further), as conv_args_s8.c reads them. */
typedef struct conv_call {
    et_tensor *x, *w, *bias, *mult, *shift, *out;
    int32_t stride[2], pad[2], dil[2];
    int64_t depth_mul, io, oo, amin, amax;
} conv_call;

static bool conv_read(et_method *m, const et_instr *in, bool dw, conv_call *c)
{
    et_error scratch = {0};
    et_kargs a = {.op = dw ? dw_name : conv_name, .values = m->values, .boxes = m->boxes, .args = in->args, .nargs = in->nargs,
                  .pos = in->arg_pos, .err = &scratch, .ok = true};
    if (!a.pos || in->nargs != (dw ? DW_NSLOTS : CONV_NSLOTS) + 1u)
        return false;
    /* The two operators' lists are the same but for the depth multiplier
     * (conv_args_s8.c): each slot named by its own enum. */
    c->x = et_arg_tensor(&a, dw ? DW_INPUT : CONV_INPUT);
    c->w = et_arg_tensor(&a, dw ? DW_WEIGHT : CONV_WEIGHT);
    c->bias = et_arg_tensor_or_null(&a, dw ? DW_BIAS : CONV_BIAS);
    et_arg_ints(&a, dw ? DW_STRIDE : CONV_STRIDE, c->stride, 2);
    et_arg_ints(&a, dw ? DW_PADDING : CONV_PADDING, c->pad, 2);
    et_arg_ints(&a, dw ? DW_DILATION : CONV_DILATION, c->dil, 2);
    c->depth_mul = dw ? et_arg_int(&a, DW_DEPTH_MULTIPLIER) : 1;
    c->io = et_arg_int(&a, dw ? DW_INPUT_OFFSET : CONV_INPUT_OFFSET);
    c->oo = et_arg_int(&a, dw ? DW_OUTPUT_OFFSET : CONV_OUTPUT_OFFSET);
    c->mult = et_arg_tensor(&a, dw ? DW_MULTIPLIERS : CONV_MULTIPLIERS);
    c->shift = et_arg_tensor(&a, dw ? DW_SHIFTS : CONV_SHIFTS);
    c->amin = et_arg_int(&a, dw ? DW_ACT_MIN : CONV_ACT_MIN);
    c->amax = et_arg_int(&a, dw ? DW_ACT_MAX : CONV_ACT_MAX);
    c->out = et_arg_tensor(&a, dw ? DW_OUT : CONV_OUT);
    return a.ok;
}

/* Per-channel requantisation the DSP's aqnt.b takes: n int32 multipliers
 * and shifts that fit 16 bits, an int32 bias of n (or none), an output
 * offset that fits 16 bits and an int8 clamp. */
static bool requant_fits(const conv_call *c, int32_t n)
{
    if ((c->bias && (et_tensor_numel(c->bias) != (size_t)n || c->bias->dtype != ET_INT || !c->bias->data)) ||
        et_tensor_numel(c->mult) != (size_t)n || c->mult->dtype != ET_INT || !c->mult->data ||
        et_tensor_numel(c->shift) != (size_t)n || c->shift->dtype != ET_INT || !c->shift->data)
        return false;
    const int32_t *sh = c->shift->data;
    for (int32_t i = 0; i < n; i++)
        if (sh[i] < -32768 || sh[i] > 32767)
            return false;
    return c->oo >= -32768 && c->oo <= 32767 && c->amin >= -128 && c->amax <= 127 && c->amin <= c->amax;
}

/* The output extent of one window axis, or -1 when the window does not
 * fit (the CPU kernel's formula). */
static int32_t out_extent(int32_t in, int32_t k, int32_t stride, int32_t pad, int32_t dil)
{
    int64_t span = (int64_t)in + 2 * (int64_t)pad - (int64_t)dil * (k - 1) - 1;
    return span < 0 ? -1 : (int32_t)(span / stride + 1);
}

/* One cortex_m::quantized_conv2d.out call that is a pointwise convolution
 * (1x1 kernel, stride 1, no padding, one group, channels-last): fc_s8 on
 * every pixel with per-channel requantisation.  Arguments as
 * quantized_conv2d_s8.c reads them. */
static bool conv_fits(et_method *m, const et_instr *in, et_tensor **x, et_tensor **w, et_tensor **bias,
                      et_tensor **out, int32_t q[7], const int32_t **mult, const int32_t **shift)
{
    conv_call c;
    if (!conv_read(m, in, false, &c) || c.stride[0] != 1 || c.stride[1] != 1 || c.pad[0] || c.pad[1] ||
        c.dil[0] != 1 || c.dil[1] != 1)
        return false;
    *x = c.x, *w = c.w, *bias = c.bias, *out = c.out;
    q[0] = (int32_t)c.io, q[1] = (int32_t)c.oo, q[2] = (int32_t)c.amax, q[3] = (int32_t)c.amin;
    const et_tensor *t[3] = {*x, *w, *out};
    for (int i = 0; i < 3; i++)
        if (t[i]->dtype != ET_CHAR || !t[i]->data || t[i]->rank != 4)
            return false;
    if (!nhwc_bytes(*x) || !nhwc_bytes(*out) || et_tensor_layout(*w) != ET_LAYOUT_CONTIGUOUS)
        return false;
    /* sizes in PyTorch order: x [N, C, H, W], w [OC, 1, 1, C] */
    int32_t n = (*w)->sizes[0], k = (*w)->sizes[3];
    if ((*w)->sizes[1] != 1 || (*w)->sizes[2] != 1 || (*x)->sizes[1] != k || (*out)->sizes[1] != n ||
        (*out)->sizes[0] != (*x)->sizes[0] || (*out)->sizes[2] != (*x)->sizes[2] || (*out)->sizes[3] != (*x)->sizes[3])
        return false;
    if (n <= 0 || k <= 0 || n % 4 || k % 16 || !requant_fits(&c, n))
        return false;
    *mult = c.mult->data;
    *shift = c.shift->data;
    if (!aligned((*x)->data, 8) || !aligned((*w)->data, 8) || !aligned((*out)->data, 4))
        return false;
    q[6] = (*x)->sizes[0] * (*x)->sizes[2] * (*x)->sizes[3];   /* pixels */
    return true;
}

/* Build the descriptor and the tables of one call in the pool; mult and
 * shift per channel, or NULL for q[4] / q[5] on every channel; w is
 * [N, K] (a pointwise convolution's [N, 1, 1, K] is the same bytes). */
static fc_desc *fc_build(uint8_t **pool, uint8_t *end, et_tensor *x, et_tensor *w, et_tensor *bias,
                         et_tensor *ksum, et_tensor *out, const int32_t q[7], const int32_t *pc_mult,
                         const int32_t *pc_shift)
{
    int32_t n = w->sizes[0], k = w->sizes[w->rank - 1];
    size_t need = sizeof(fc_desc) + (size_t)n * 10 + 16;
    uint8_t *p = (uint8_t *)(((uintptr_t)*pool + 7) & ~(uintptr_t)7);
    if (p > end || (size_t)(end - p) < need)
        return NULL;
    fc_desc *d = (fc_desc *)p;
    int32_t *b = (int32_t *)(p + sizeof *d);
    int32_t *mult = b + n;
    int16_t *shift = (int16_t *)(mult + n);
    *pool = (uint8_t *)(shift + n);
    const int8_t *wd = w->data;
    for (int32_t o = 0; o < n; o++) {
        /* fc_s8 takes the input offset folded into the bias, as the
         * export's kernel_sum holds it (filter offset 0). */
        if (ksum) {
            b[o] = ((const int32_t *)ksum->data)[o];
        } else {
            int32_t wsum = 0;
            for (int32_t i = 0; i < k; i++)
                wsum += wd[(size_t)o * (size_t)k + (size_t)i];
            b[o] = (bias ? ((const int32_t *)bias->data)[o] : 0) + q[0] * wsum;
        }
        mult[o] = pc_mult ? pc_mult[o] : q[4];
        shift[o] = (int16_t)(pc_shift ? pc_shift[o] : q[5]);
    }
    *d = (fc_desc){(uint32_t)(uintptr_t)x->data, (uint32_t)(uintptr_t)w->data, (uint32_t)(uintptr_t)b,
                   (uint32_t)(uintptr_t)mult, (uint32_t)(uintptr_t)shift, (uint32_t)(uintptr_t)out->data,
                   (uint32_t)n, (uint32_t)k, (int16_t)q[1], (int16_t)q[3], (int16_t)q[2], 0,
                   (uint32_t)q[6], (uint32_t)k, (uint32_t)n};
    return d;
}

/* One cortex_m::quantized_depthwise_conv2d.out call dw_s8 can run: depth
 * multiplier 1, dilation 1, one image, channels-last, C % 4 == 0, 4-byte
 * aligned tensors, shifts that fit 16 bits.  Arguments as
 * quantized_depthwise_conv2d_s8.c reads them. */
static dw_desc *dw_place(et_method *m, const et_instr *in, uint8_t **pool, uint8_t *end, uint32_t *in_bytes,
                         uint32_t *out_bytes)
{
    conv_call cc;
    if (!conv_read(m, in, true, &cc) || cc.depth_mul != 1 || cc.dil[0] != 1 || cc.dil[1] != 1 ||
        cc.stride[0] < 1 || cc.stride[1] < 1 || cc.pad[0] < 0 || cc.pad[1] < 0 || cc.io < -255 || cc.io > 255)
        return NULL;
    et_tensor *x = cc.x, *w = cc.w, *out = cc.out;
    const et_tensor *t[3] = {x, w, out};
    for (int i = 0; i < 3; i++)
        if (t[i]->dtype != ET_CHAR || !t[i]->data || t[i]->rank != 4 || !aligned(t[i]->data, 4))
            return NULL;
    if (!nhwc_bytes(x) || !nhwc_bytes(out) || et_tensor_layout(w) != ET_LAYOUT_CONTIGUOUS)
        return NULL;
    /* sizes in PyTorch order: x, out [N, C, H, W]; w [1, KH, KW, C] */
    int32_t c = x->sizes[1], hin = x->sizes[2], win = x->sizes[3], hout = out->sizes[2], wout = out->sizes[3];
    int32_t kh = w->sizes[1], kw = w->sizes[2];
    if (x->sizes[0] != 1 || out->sizes[0] != 1 || out->sizes[1] != c || w->sizes[0] != 1 || w->sizes[3] != c ||
        c <= 0 || c % 4 || kh <= 0 || kw <= 0 || hout <= 0 || wout <= 0 ||
        hout != out_extent(hin, kh, cc.stride[0], cc.pad[0], 1) ||
        wout != out_extent(win, kw, cc.stride[1], cc.pad[1], 1) || !requant_fits(&cc, c))
        return NULL;
    size_t need = sizeof(dw_desc) + (size_t)c * 10 + 16;
    uint8_t *p = (uint8_t *)(((uintptr_t)*pool + 7) & ~(uintptr_t)7);
    if (p > end || (size_t)(end - p) < need)
        return NULL;
    dw_desc *d = (dw_desc *)p;
    int32_t *b = (int32_t *)(p + sizeof *d), *mu = b + c;
    int16_t *s = (int16_t *)(mu + c);
    *pool = (uint8_t *)(s + c);
    for (int32_t i = 0; i < c; i++) {
        b[i] = cc.bias ? ((const int32_t *)cc.bias->data)[i] : 0;
        mu[i] = ((const int32_t *)cc.mult->data)[i];
        s[i] = (int16_t)((const int32_t *)cc.shift->data)[i];
    }
    *d = (dw_desc){(uint32_t)(uintptr_t)x->data, (uint32_t)(uintptr_t)w->data, (uint32_t)(uintptr_t)b,
                   (uint32_t)(uintptr_t)mu, (uint32_t)(uintptr_t)s, (uint32_t)(uintptr_t)out->data, (uint32_t)c,
                   (uint32_t)hin, (uint32_t)win, (uint32_t)hout, (uint32_t)wout, (uint32_t)kh, (uint32_t)kw,
                   (uint32_t)cc.stride[0], (uint32_t)cc.stride[1], (uint32_t)cc.pad[0], (uint32_t)cc.pad[1],
                   (int32_t)cc.io, (int16_t)cc.oo, (int16_t)cc.amin, (int16_t)cc.amax, 0};
    *in_bytes = (uint32_t)(hin * win * c);
    *out_bytes = (uint32_t)(hout * wout * c);
    return d;
}

/* One cortex_m::quantized_avg_pool2d.out call avg_s8 can run: one image,
 * channels-last, C % 4 == 0, input 4-byte aligned, no ceil mode, padding
 * smaller than the window (no empty window).  Arguments as
 * quantized_avg_pool2d_s8.c reads them; the descriptor is dw_s8's layout. */
static dw_desc *avg_place(et_method *m, const et_instr *in, uint8_t **pool, uint8_t *end, uint32_t *in_bytes,
                          uint32_t *out_bytes)
{
    et_error scratch = {0};
    et_kargs a = {.op = avg_name, .values = m->values, .boxes = m->boxes, .args = in->args, .nargs = in->nargs, .pos = in->arg_pos, .err = &scratch,
                  .ok = true};
    int32_t kernel[2], stride[2], pad[2];
    if (!a.pos || in->nargs != AVG_NSLOTS + 1)
        return NULL;
    et_tensor *x = et_arg_tensor(&a, AVG_INPUT), *out = et_arg_tensor(&a, AVG_OUT);
    et_arg_ints(&a, AVG_KERNEL, kernel, 2);
    et_arg_ints(&a, AVG_STRIDE, stride, 2);
    et_arg_ints(&a, AVG_PADDING, pad, 2);
    bool ceil_mode = et_arg_bool(&a, AVG_CEIL_MODE);
    if (!a.ok || ceil_mode || kernel[0] < 1 || kernel[1] < 1 || stride[0] < 1 || stride[1] < 1 || pad[0] < 0 ||
        pad[1] < 0 || pad[0] >= kernel[0] || pad[1] >= kernel[1] || kernel[0] * kernel[1] > (1 << 20))
        return NULL;
    if (x->dtype != ET_CHAR || out->dtype != ET_CHAR || !x->data || !out->data || x->rank != 4 || out->rank != 4 ||
        !aligned(x->data, 4) || !nhwc_bytes(x) || !nhwc_bytes(out))
        return NULL;
    int32_t c = x->sizes[1], hin = x->sizes[2], win = x->sizes[3], hout = out->sizes[2], wout = out->sizes[3];
    if (x->sizes[0] != 1 || out->sizes[0] != 1 || out->sizes[1] != c || c <= 0 || c % 4 || hout <= 0 ||
        wout <= 0 || hout != (hin + 2 * pad[0] - kernel[0]) / stride[0] + 1 ||
        wout != (win + 2 * pad[1] - kernel[1]) / stride[1] + 1)
        return NULL;
    uint8_t *p = (uint8_t *)(((uintptr_t)*pool + 7) & ~(uintptr_t)7);
    if (p > end || (size_t)(end - p) < sizeof(dw_desc))
        return NULL;
    dw_desc *d = (dw_desc *)p;
    *pool = p + sizeof *d;
    *d = (dw_desc){(uint32_t)(uintptr_t)x->data, 0, 0, 0, 0, (uint32_t)(uintptr_t)out->data, (uint32_t)c,
                   (uint32_t)hin, (uint32_t)win, (uint32_t)hout, (uint32_t)wout, (uint32_t)kernel[0],
                   (uint32_t)kernel[1], (uint32_t)stride[0], (uint32_t)stride[1], (uint32_t)pad[0], (uint32_t)pad[1],
                   0, 0, 0, 0, 0};
    *in_bytes = (uint32_t)(hin * win * c);
    *out_bytes = (uint32_t)(hout * wout * c);
    return d;
}

/* A convolution conv_s8 runs (one group, one image, channels-last, OC %
 * 4 == 0, an im2col row of at most CONV_ROW_MAX bytes, -input_offset an
 * int8, out 4-byte aligned; any kernel, stride, padding, dilation), or,
 * dw, a depthwise convolution of one input channel (its OC weights per
 * tap are the convolution's weight columns: transposed here). */
static conv_desc *conv_place(et_method *m, const et_instr *in, bool dw, uint8_t **pool, uint8_t *end,
                             uint32_t *in_bytes, uint32_t *out_bytes)
{
    conv_call c;
    if (!conv_read(m, in, dw, &c))
        return NULL;
    const et_tensor *t[3] = {c.x, c.w, c.out};
    for (int i = 0; i < 3; i++)
        if (t[i]->dtype != ET_CHAR || !t[i]->data || t[i]->rank != 4)
            return NULL;
    if (!nhwc_bytes(c.x) || !nhwc_bytes(c.out) || et_tensor_layout(c.w) != ET_LAYOUT_CONTIGUOUS ||
        !aligned(c.out->data, 4))
        return NULL;
    /* sizes in PyTorch order: x, out [N, C, H, W]; w [OC, KH, KW, IC], or [1, KH, KW, OC] (dw) */
    int32_t ic = c.x->sizes[1], hin = c.x->sizes[2], win = c.x->sizes[3];
    int32_t oc = c.out->sizes[1], hout = c.out->sizes[2], wout = c.out->sizes[3];
    int32_t kh = c.w->sizes[1], kw = c.w->sizes[2];
    bool shape_ok = dw ? ic == 1 && c.depth_mul == oc && c.w->sizes[0] == 1 && c.w->sizes[3] == oc
                       : c.w->sizes[0] == oc && c.w->sizes[3] == ic;
    if (!shape_ok || c.x->sizes[0] != 1 || c.out->sizes[0] != 1 || ic <= 0 || oc <= 0 || oc % 4 || kh <= 0 ||
        kw <= 0 || c.stride[0] < 1 || c.stride[1] < 1 || c.pad[0] < 0 || c.pad[1] < 0 || c.dil[0] < 1 ||
        c.dil[1] < 1 || c.io < -127 || c.io > 128 || !requant_fits(&c, oc))
        return NULL;
    if (hout != out_extent(hin, kh, c.stride[0], c.pad[0], c.dil[0]) ||
        wout != out_extent(win, kw, c.stride[1], c.pad[1], c.dil[1]))
        return NULL;
    int64_t k = (int64_t)kh * kw * ic, k16 = (k + 15) & ~(int64_t)15;
    if (k16 > CONV_ROW_MAX)
        return NULL;
    /* the model's weights in place when they are already fc_s8's rows */
    bool in_place = !dw && k == k16 && aligned(c.w->data, 8);
    size_t wbytes = in_place ? 0 : (size_t)oc * (size_t)k16 + 8;
    size_t need = sizeof(conv_desc) + (size_t)oc * 10 + 16 + wbytes;
    uint8_t *p = (uint8_t *)(((uintptr_t)*pool + 7) & ~(uintptr_t)7);
    if (p > end || (size_t)(end - p) < need)
        return NULL;
    conv_desc *d = (conv_desc *)p;
    int32_t *ks = (int32_t *)(p + sizeof *d), *mu = ks + oc;
    int16_t *sh = (int16_t *)(mu + oc);
    int8_t *wp = (int8_t *)(((uintptr_t)(sh + oc) + 7) & ~(uintptr_t)7);
    *pool = (uint8_t *)wp + wbytes;
    const int8_t *w = c.w->data;
    for (int32_t o = 0; o < oc; o++) {
        uint32_t wsum = 0;
        for (int64_t i = 0; i < k; i++) {
            int8_t v = dw ? w[i * oc + o] : w[(int64_t)o * k + i];
            wsum += (uint32_t)(int32_t)v;
            if (!in_place)
                wp[(int64_t)o * k16 + i] = v;
        }
        for (int64_t i = k; i < k16 && !in_place; i++)
            wp[(int64_t)o * k16 + i] = 0;
        /* bias + io * sum(w) over every tap, wrapping as the CPU kernel's sums */
        ks[o] = (int32_t)((c.bias ? (uint32_t)((const int32_t *)c.bias->data)[o] : 0u) + (uint32_t)c.io * wsum);
        mu[o] = ((const int32_t *)c.mult->data)[o];
        sh[o] = (int16_t)((const int32_t *)c.shift->data)[o];
    }
    *d = (conv_desc){0, (uint32_t)(uintptr_t)(in_place ? c.w->data : (void *)wp), (uint32_t)(uintptr_t)ks,
                     (uint32_t)(uintptr_t)mu, (uint32_t)(uintptr_t)sh, (uint32_t)(uintptr_t)c.out->data,
                     (uint32_t)oc, (uint32_t)k16, (int16_t)c.oo, (int16_t)c.amin, (int16_t)c.amax, 0,
                     (uint32_t)(uintptr_t)c.x->data, (uint32_t)ic, (uint32_t)hin, (uint32_t)win, (uint32_t)hout,
                     (uint32_t)wout, (uint32_t)kh, (uint32_t)kw, (uint32_t)c.stride[0], (uint32_t)c.stride[1],
                     (uint32_t)c.pad[0], (uint32_t)c.pad[1], (uint32_t)c.dil[0], (uint32_t)c.dil[1],
                     (int32_t)-c.io, 0, {0, 0}};
    *in_bytes = (uint32_t)(hin * win * ic);
    *out_bytes = (uint32_t)(hout * wout * oc);
    return d;
}

/* The output of an elementwise call as at most 4 dimensions (outermost
 * first; leading ones of extent 1) with each input's strides, from the
 * CPU kernel's own broadcasting (k_bcast: the output's memory order):
 * dimensions of extent 1 dropped, neighbours merged where both inputs
 * step through them as one.  False if more than 4 remain. */
static bool ew_dims(const k_bcast *bx, const k_bcast *by, ew_desc *d)
{
    uint32_t n = 0, size[ET_MAX_RANK];
    size_t sx[ET_MAX_RANK], sy[ET_MAX_RANK];
    for (uint32_t i = 0; i < bx->rank; i++) {
        if (bx->size[i] == 1)
            continue;
        if (n > 0 && sx[n - 1] == bx->stride[i] * (size_t)bx->size[i] &&
            sy[n - 1] == by->stride[i] * (size_t)bx->size[i]) {
            size[n - 1] *= (uint32_t)bx->size[i];
            sx[n - 1] = bx->stride[i];
            sy[n - 1] = by->stride[i];
            continue;
        }
        size[n] = (uint32_t)bx->size[i];
        sx[n] = bx->stride[i];
        sy[n] = by->stride[i];
        n++;
    }
    if (n > 4)
        return false;
    for (uint32_t k = 0; k < 4; k++) {
        bool pad = k < 4 - n;
        d->d[k] = pad ? 1 : size[k - (4 - n)];
        d->sx[k] = pad ? 0 : (uint32_t)sx[k - (4 - n)];
        d->sy[k] = pad ? 0 : (uint32_t)sy[k - (4 - n)];
    }
    return true;
}

static bool shift_ok(int64_t s) { return s >= -31 && s <= 31; }

/* A cortex_m::quantized_add.out (mul false) or quantized_mul.out call
 * ew_s8 runs: int8 tensors, broadcasting the CPU kernel accepts that
 * folds into 4 dimensions, positive multipliers, shifts -31..31, an
 * output zero point of 16 bits and an int8 clamp.  Arguments by slot as
 * quantized_add_s8.c / quantized_mul_s8.c read them. */
static ew_desc *ew_place(et_method *m, const et_instr *in, bool mul, uint8_t **pool, uint8_t *end, fc_instance *f)
{
    et_error scratch = {0};
    et_kargs a = {.op = mul ? mul_name : add_name, .values = m->values, .boxes = m->boxes, .args = in->args, .nargs = in->nargs,
                  .pos = in->arg_pos, .err = &scratch, .ok = true};
    if (!in->arg_pos)
        return NULL;
    ew_desc q = {.mode = mul, .act_min = -128, .act_max = 127};
    et_tensor *x, *y, *out;
    if (mul) {
        x = et_arg_tensor(&a, MUL_SELF), y = et_arg_tensor(&a, MUL_OTHER), out = et_arg_tensor(&a, MUL_OUT);
        q.x_off = -(int32_t)et_arg_int(&a, MUL_SELF_ZP);
        q.y_off = -(int32_t)et_arg_int(&a, MUL_OTHER_ZP);
        q.zp = (int16_t)et_arg_int(&a, MUL_OUT_ZP);
        q.out_mult = (int32_t)et_arg_int(&a, MUL_OUT_MULT);
        q.out_shift = (int32_t)et_arg_int(&a, MUL_OUT_SHIFT);
        if (!a.ok || et_arg_int(&a, MUL_OUT_ZP) != q.zp)
            return NULL;
        f->in2_arg = MUL_OTHER, f->out_arg = MUL_OUT;
    } else {
        x = et_arg_tensor(&a, ADD_SELF), y = et_arg_tensor(&a, ADD_OTHER), out = et_arg_tensor(&a, ADD_OUT);
        q.x_off = -(int32_t)et_arg_int(&a, ADD_SELF_ZP);
        q.x_mult = (int32_t)et_arg_int(&a, ADD_SELF_MULT);
        q.x_shift = (int32_t)et_arg_int(&a, ADD_SELF_SHIFT);
        q.y_off = -(int32_t)et_arg_int(&a, ADD_OTHER_ZP);
        q.y_mult = (int32_t)et_arg_int(&a, ADD_OTHER_MULT);
        q.y_shift = (int32_t)et_arg_int(&a, ADD_OTHER_SHIFT);
        q.zp = (int16_t)et_arg_int(&a, ADD_OUT_ZP);
        q.out_mult = (int32_t)et_arg_int(&a, ADD_OUT_MULT);
        q.out_shift = (int32_t)et_arg_int(&a, ADD_OUT_SHIFT);
        if (et_arg_present(&a, ADD_ACT_MIN)) {
            int64_t lo = et_arg_int(&a, ADD_ACT_MIN), hi = et_arg_int(&a, ADD_ACT_MAX);
            if (lo < -128 || hi > 127 || lo > hi)
                return NULL;
            q.act_min = (int16_t)lo, q.act_max = (int16_t)hi;
        }
        if (!a.ok || et_arg_int(&a, ADD_OUT_ZP) != q.zp || q.x_mult <= 0 || q.y_mult <= 0 ||
            !shift_ok(q.x_shift) || !shift_ok(q.y_shift) || q.x_off < -255 || q.x_off > 255 || q.y_off < -255 ||
            q.y_off > 255)
            return NULL;
        f->in2_arg = ADD_OTHER, f->out_arg = ADD_OUT;
    }
    const et_tensor *t[3] = {x, y, out};
    for (int i = 0; i < 3; i++)
        if (t[i]->dtype != ET_CHAR || !t[i]->data)
            return NULL;
    if (q.out_mult <= 0 || !shift_ok(q.out_shift) || et_tensor_numel(out) == 0)
        return NULL;
    k_bcast bx, by;
    if (!k_bcast_init(&a, &bx, out, x, "self") || !k_bcast_init(&a, &by, out, y, "other") || !ew_dims(&bx, &by, &q))
        return NULL;
    uint8_t *p = (uint8_t *)(((uintptr_t)*pool + 7) & ~(uintptr_t)7);
    if (p > end || (size_t)(end - p) < sizeof(ew_desc))
        return NULL;
    ew_desc *d = (ew_desc *)p;
    *pool = p + sizeof *d;
    *d = q;
    d->x = (uint32_t)(uintptr_t)x->data;
    d->y = (uint32_t)(uintptr_t)y->data;
    d->out = (uint32_t)(uintptr_t)out->data;
    f->in_bytes = (uint32_t)et_tensor_numel(x);
    f->in2_bytes = (uint32_t)et_tensor_numel(y);
    f->out_bytes = (uint32_t)et_tensor_numel(out);
    return d;
}

/* Takes an aligned descriptor of `size` bytes from the pool, NULL when it
 * is full. */
static void *pool_take(uint8_t **pool, uint8_t *end, size_t size)
{
    uint8_t *p = (uint8_t *)(((uintptr_t)*pool + 7) & ~(uintptr_t)7);
    if (p > end || (size_t)(end - p) < size)
        return NULL;
    *pool = p + size;
    return p;
}

/* A cortex_m::quantized_activation.out call (its table, positional
 * arguments as quantized_activation_s8.c reads them): int8 input and
 * output of the same layout, a 256-byte int8 table. */
static lut_desc *lut_place(et_method *m, const et_instr *in, uint8_t **pool, uint8_t *end, fc_instance *f)
{
    et_error scratch = {0};
    et_kargs a = {.op = act_name, .values = m->values, .boxes = m->boxes, .args = in->args, .nargs = in->nargs, .pos = in->arg_pos,
                  .err = &scratch, .ok = true};
    if (!a.pos || in->nargs != ACT_NSLOTS + 1)
        return NULL;
    et_tensor *x = et_arg_tensor(&a, ACT_INPUT), *lut = et_arg_tensor(&a, ACT_LUT), *out = et_arg_tensor(&a, ACT_OUT);
    if (!a.ok || x->dtype != ET_CHAR || lut->dtype != ET_CHAR || out->dtype != ET_CHAR || !x->data || !lut->data ||
        !out->data || et_tensor_numel(lut) != 256 || !et_tensor_same_layout(x, out) || et_tensor_numel(x) == 0)
        return NULL;
    lut_desc *d = pool_take(pool, end, sizeof *d);
    if (!d)
        return NULL;
    *d = (lut_desc){(uint32_t)(uintptr_t)x->data, (uint32_t)(uintptr_t)lut->data, (uint32_t)(uintptr_t)out->data,
                    (uint32_t)et_tensor_numel(x)};
    f->out_arg = 2;
    /* the table is the model's constant data, never written by the M55:
     * nothing to clean */
    f->in_bytes = f->out_bytes = d->n;
    return d;
}

/* A cortex_m::quantized_max_pool2d.out call maxp_s8 runs: one image,
 * channels-last, C % 4 == 0, 4-byte aligned tensors, equal zero points
 * (the CPU kernel's own rule), an int8 clamp.  Arguments by slot as
 * quantized_max_pool2d_s8.c reads them. */
static maxp_desc *maxp_place(et_method *m, const et_instr *in, uint8_t **pool, uint8_t *end, fc_instance *f)
{
    et_error scratch = {0};
    et_kargs a = {.op = maxp_name, .values = m->values, .boxes = m->boxes, .args = in->args, .nargs = in->nargs, .pos = in->arg_pos,
                  .err = &scratch, .ok = true};
    int32_t kernel[2], stride[2], pad[2], dil[2];
    if (!in->arg_pos)
        return NULL;
    et_tensor *x = et_arg_tensor(&a, MAXP_INPUT), *out = et_arg_tensor(&a, MAXP_OUT);
    et_arg_ints(&a, MAXP_KERNEL, kernel, 2);
    et_arg_ints(&a, MAXP_STRIDE, stride, 2);
    et_arg_ints(&a, MAXP_PADDING, pad, 2);
    et_arg_ints(&a, MAXP_DILATION, dil, 2);
    bool ceil_mode = et_arg_bool(&a, MAXP_CEIL_MODE);
    int64_t izp = et_arg_int(&a, MAXP_INPUT_ZP), ozp = et_arg_int(&a, MAXP_OUTPUT_ZP);
    int64_t amin = et_arg_int(&a, MAXP_ACT_MIN), amax = et_arg_int(&a, MAXP_ACT_MAX);
    if (!a.ok || izp != ozp || amin < -128 || amax > 127 || amin > amax || kernel[0] < 1 || kernel[1] < 1 ||
        stride[0] < 1 || stride[1] < 1 || pad[0] < 0 || pad[1] < 0 || dil[0] < 1 || dil[1] < 1)
        return NULL;
    if (x->dtype != ET_CHAR || out->dtype != ET_CHAR || !x->data || !out->data || x->rank != 4 || out->rank != 4 ||
        !aligned(x->data, 4) || !aligned(out->data, 4) || !nhwc_bytes(x) || !nhwc_bytes(out))
        return NULL;
    int32_t c = x->sizes[1], hin = x->sizes[2], win = x->sizes[3], hout = out->sizes[2], wout = out->sizes[3];
    if (x->sizes[0] != 1 || out->sizes[0] != 1 || out->sizes[1] != c || c <= 0 || c % 4 || hout <= 0 || wout <= 0 ||
        hout != k_window_out(hin, kernel[0], stride[0], pad[0], dil[0], ceil_mode) ||
        wout != k_window_out(win, kernel[1], stride[1], pad[1], dil[1], ceil_mode))
        return NULL;
    maxp_desc *d = pool_take(pool, end, sizeof *d);
    if (!d)
        return NULL;
    *d = (maxp_desc){(uint32_t)(uintptr_t)x->data, (uint32_t)(uintptr_t)out->data, (uint32_t)c, (uint32_t)hin,
                     (uint32_t)win, (uint32_t)hout, (uint32_t)wout, (uint32_t)kernel[0], (uint32_t)kernel[1],
                     (uint32_t)stride[0], (uint32_t)stride[1], (uint32_t)pad[0], (uint32_t)pad[1], (uint32_t)dil[0],
                     (uint32_t)dil[1], (int32_t)amin, (int32_t)amax, 0};
    f->out_arg = MAXP_OUT;
    f->in_bytes = (uint32_t)(hin * win * c);
    f->out_bytes = (uint32_t)(hout * wout * c);
    return d;
}

/* A cortex_m::quantized_batch_matmul.out call (arguments by slot as
 * quantized_batch_matmul_s8.c reads them): contiguous int8 tensors of
 * rank 3, offsets of at most 16 bits, a shift -31..31. */
static bmm_desc *bmm_place(et_method *m, const et_instr *in, uint8_t **pool, uint8_t *end, fc_instance *f)
{
    et_error scratch = {0};
    et_kargs a = {.op = bmm_name, .values = m->values, .boxes = m->boxes, .args = in->args, .nargs = in->nargs, .pos = in->arg_pos,
                  .err = &scratch, .ok = true};
    if (!in->arg_pos)
        return NULL;
    et_tensor *l = et_arg_tensor(&a, BMM_LHS), *r = et_arg_tensor(&a, BMM_RHS_T), *out = et_arg_tensor(&a, BMM_OUT);
    int64_t lo = et_arg_int(&a, BMM_LHS_ZP), ro = et_arg_int(&a, BMM_RHS_ZP), zp = et_arg_int(&a, BMM_OUT_ZP);
    int64_t mult = et_arg_int(&a, BMM_OUT_MULT), shift = et_arg_int(&a, BMM_OUT_SHIFT);
    if (!a.ok || lo < -32768 || lo > 32767 || ro < -32768 || ro > 32767 || zp < -32768 || zp > 32767 ||
        mult < INT32_MIN || mult > INT32_MAX || !shift_ok(shift))
        return NULL;
    const et_tensor *t[3] = {l, r, out};
    for (int i = 0; i < 3; i++)
        if (t[i]->dtype != ET_CHAR || !t[i]->data || t[i]->rank != 3 || et_tensor_layout(t[i]) != ET_LAYOUT_CONTIGUOUS)
            return NULL;
    int32_t B = l->sizes[0], M = l->sizes[1], K = l->sizes[2], N = r->sizes[1];
    if (r->sizes[0] != B || r->sizes[2] != K || out->sizes[0] != B || out->sizes[1] != M || out->sizes[2] != N ||
        et_tensor_numel(out) == 0 || K == 0)
        return NULL;
    bmm_desc *d = pool_take(pool, end, sizeof *d);
    if (!d)
        return NULL;
    *d = (bmm_desc){(uint32_t)(uintptr_t)l->data, (uint32_t)(uintptr_t)r->data, (uint32_t)(uintptr_t)out->data,
                    (uint32_t)B, (uint32_t)M, (uint32_t)N, (uint32_t)K, (int32_t)lo, (int32_t)ro, (int32_t)mult,
                    (int32_t)shift, 0, (int16_t)zp, -128, 127, 0};
    f->in_arg = BMM_LHS, f->in2_arg = BMM_RHS_T, f->out_arg = BMM_OUT;
    f->in_bytes = (uint32_t)et_tensor_numel(l);
    f->in2_bytes = (uint32_t)et_tensor_numel(r);
    f->out_bytes = (uint32_t)et_tensor_numel(out);
    return d;
}

/* A cortex_m::softmax.out call (arguments by slot as softmax_s8.c reads
 * them): int8 contiguous tensors of one shape, over the last dimension,
 * rows of 1..SMX_ROW_MAX, output zero point -128, an input shift 0..32. */
static smx_desc *smx_place(et_method *m, const et_instr *in, uint8_t **pool, uint8_t *end, fc_instance *f)
{
    et_error scratch = {0};
    et_kargs a = {.op = smx_name, .values = m->values, .boxes = m->boxes, .args = in->args, .nargs = in->nargs, .pos = in->arg_pos,
                  .err = &scratch, .ok = true};
    if (!in->arg_pos)
        return NULL;
    et_tensor *x = et_arg_tensor(&a, SMX_INPUT), *out = et_arg_tensor(&a, SMX_OUT);
    int64_t dim = et_arg_int(&a, SMX_DIM), zp = et_arg_int(&a, SMX_OUTPUT_ZP);
    int64_t mult = et_arg_int(&a, SMX_MULT), shift = et_arg_int(&a, SMX_SHIFT), diff_min = et_arg_int(&a, SMX_DIFF_MIN);
    if (!a.ok || x->dtype != ET_CHAR || out->dtype != ET_CHAR || !x->data || !out->data || x->rank < 1 ||
        !et_tensor_same_shape(x, out) || (dim != -1 && dim != x->rank - 1) || zp != -128 || shift < 0 ||
        shift > 32 || diff_min > 0 || diff_min < INT32_MIN || mult < INT32_MIN || mult > INT32_MAX ||
        et_tensor_layout(x) != ET_LAYOUT_CONTIGUOUS || et_tensor_layout(out) != ET_LAYOUT_CONTIGUOUS)
        return NULL;
    int32_t row = x->sizes[x->rank - 1];
    if (row < 1 || row > SMX_ROW_MAX)
        return NULL;
    smx_desc *d = pool_take(pool, end, sizeof *d);
    if (!d)
        return NULL;
    *d = (smx_desc){(uint32_t)(uintptr_t)x->data, (uint32_t)(uintptr_t)out->data,
                    (uint32_t)(et_tensor_numel(x) / (size_t)row), (uint32_t)row, (int32_t)mult, (int32_t)shift,
                    (int32_t)diff_min, 0};
    f->out_arg = SMX_OUT;
    f->in_bytes = f->out_bytes = (uint32_t)et_tensor_numel(x);
    return d;
}

/* Builds one call's descriptor in the pool if the DSP has a kernel for
 * it (kind: its operator); *f describes it.  False: it stays on the M55. */
static bool place_call(et_method *m, const et_instr *in, int kind, uint8_t **p, uint8_t *end, fc_instance *f)
{
    uint32_t ib = 0, ob = 0;
    *f = (fc_instance){.args = in->args};
    if (kind == OP_ACT) {
        f->op = ET_DSP_OP_LUT_S8;
        return (f->desc = lut_place(m, in, p, end, f)) != NULL;
    }
    if (kind == OP_SMX) {
        f->op = ET_DSP_OP_SOFTMAX_S8;
        return (f->desc = smx_place(m, in, p, end, f)) != NULL;
    }
    if (kind == OP_BMM) {
        f->op = ET_DSP_OP_BMM_S8;
        return (f->desc = bmm_place(m, in, p, end, f)) != NULL;
    }
    if (kind == OP_MAXP) {
        f->op = ET_DSP_OP_MAXP_S8;
        return (f->desc = maxp_place(m, in, p, end, f)) != NULL;
    }
    if (kind == OP_ADD || kind == OP_MUL) {
        f->op = ET_DSP_OP_EW_S8;
        f->desc = ew_place(m, in, kind == OP_MUL, p, end, f);
        return f->desc != NULL;
    }
    if (kind == OP_AVG) {
        f->desc = avg_place(m, in, p, end, &ib, &ob);
        f->op = ET_DSP_OP_AVG_S8;
        f->out_arg = 9;
    } else if (kind == OP_DW) {
        f->op = ET_DSP_OP_DW_S8;
        if (!(f->desc = dw_place(m, in, p, end, &ib, &ob))) {
            f->desc = conv_place(m, in, true, p, end, &ib, &ob);
            f->op = ET_DSP_OP_CONV_S8;
        }
        f->out_arg = 14;
    } else {
        et_tensor *x, *w, *bias, *ksum = NULL, *out;
        const int32_t *mult = NULL, *shift = NULL;
        int32_t q[7] = {0};
        uint8_t *mark = *p;
        fc_desc *d = NULL;
        f->out_arg = kind == OP_FC ? 11 : 13;
        if ((kind == OP_FC ? fc_fits(m, in, &x, &w, &bias, &ksum, &out, q)
                           : conv_fits(m, in, &x, &w, &bias, &out, q, &mult, &shift)) &&
            (d = fc_build(p, end, x, w, bias, ksum, out, q, mult, shift))) {
            *f = (fc_instance){in->args, d, ET_DSP_OP_FC_S8_ROWS, (uint32_t)q[6], 0, f->out_arg,
                               (uint32_t)q[6] * d->k, (uint32_t)q[6] * d->n, 0, 0};
            return true;
        }
        *p = mark;
        if (kind == OP_CONV) {
            f->desc = conv_place(m, in, false, p, end, &ib, &ob);
            f->op = ET_DSP_OP_CONV_S8;
        }
    }
    f->in_bytes = ib;
    f->out_bytes = ob;
    return f->desc != NULL;
}

/* The M55's kernel behind an entry of the method's table: the entry
 * itself, or, when an earlier placement put a DSP entry there, the
 * kernel that one kept. */
static const et_kernel_entry *cpu_kernel(const et_kernel_entry *e)
{
    if (e->fn != on_dsp)
        return e;
    const dsp_op *o = (const dsp_op *)(const void *)(e->name - offsetof(dsp_op, name));
    return o->cpu;
}

et_err et_dsp_place(et_method *m, const et_dsp_port *port, void *pool, size_t pool_size, et_dsp_ctx **ctx,
                    uint32_t *placed, et_error *err)
{
    *placed = 0;
    *ctx = NULL;
    uint8_t *p = (uint8_t *)(((uintptr_t)pool + 7) & ~(uintptr_t)7), *end = (uint8_t *)pool + pool_size;
    if (p > end || (size_t)(end - p) < sizeof(et_dsp_ctx))
        return et_fail(err, ET_ERR_NO_MEMORY, "the DSP's placement needs %lu bytes of pool, %lu given",
                       (unsigned long)sizeof(et_dsp_ctx), (unsigned long)pool_size);
    et_dsp_ctx *c = (et_dsp_ctx *)(void *)p;
    memset(c, 0, sizeof *c);
    c->port = port;
    p += sizeof *c;
    *ctx = c;
    /* The executor numbers the calls in instruction order; with jumps that
     * order is not the execution order, so nothing is placed. */
    for (uint32_t i = 0; i < m->ninstrs; i++)
        if (m->instrs[i].kind == INSTR_JUMP_FALSE_CALL)
            return ET_OK;
    bool used[OP_KINDS] = {false};
    uint32_t seq = 0;
    for (uint32_t i = 0; i < m->ninstrs; i++) {
        const et_instr *in = &m->instrs[i];
        if (in->kind != INSTR_KERNEL_CALL && in->kind != INSTR_DELEGATE_CALL)
            continue;
        uint32_t this_seq = seq++;
        if (in->kind != INSTR_KERNEL_CALL || !m->ops[in->a] || c->ncalls == MAX_INSTANCES || this_seq >= MAX_SEQ)
            continue;
        int kind = 0;
        while (kind < OP_KINDS && strcmp(m->ops[in->a]->name, op_names[kind]) != 0)
            kind++;
        if (kind == OP_KINDS || !place_call(m, in, kind, &p, end, &c->calls[c->ncalls]))
            continue;   /* this call stays on the M55 */
        c->ncalls++;
        c->on_dsp[this_seq / 8] |= (uint8_t)(1u << (this_seq % 8));
        used[kind] = true;
        (*placed)++;
    }
    /* The operator's entry becomes the DSP's, which runs the placed calls
     * and hands the others to the M55's kernel. */
    for (int kind = 0; kind < OP_KINDS; kind++) {
        dsp_op *o = &c->ops[kind];
        strcpy(o->name, op_names[kind]);
        o->entry = (et_kernel_entry){o->name, on_dsp, NULL, NULL};
        o->ctx = c;
        for (uint32_t op = 0; used[kind] && op < m->nops; op++) {
            if (!m->ops[op] || strcmp(m->ops[op]->name, op_names[kind]) != 0)
                continue;
            o->cpu = cpu_kernel(m->ops[op]);
            m->ops[op] = &o->entry;
        }
    }
    port->clean(port->ctx, c, (size_t)(p - (uint8_t *)c));
    return ET_OK;
}

/* The call on the DSP: the tensors may have moved since placement (an
 * input set by the application), so x and out are taken again. */
static et_err on_dsp(et_kargs *a)
{
    const dsp_op *o = (const dsp_op *)(const void *)(a->op - offsetof(dsp_op, name));
    const et_dsp_ctx *c = o->ctx;
    const fc_instance *f = NULL;
    for (uint32_t i = 0; i < c->ncalls && !f; i++)
        if (c->calls[i].args == a->args)
            f = &c->calls[i];
    if (!f) {
        /* A call that did not fit: the M55's kernel. */
        if (!o->cpu)
            return et_fail(a->err, ET_ERR_BACKEND, "%s: no kernel for a call not placed on the DSP", a->op);
        return o->cpu->fn(a);
    }
    et_tensor *x = et_arg_tensor(a, f->in_arg), *out = et_arg_tensor(a, f->out_arg);
    if (!a->ok)
        return et_kresult(a);
    bool ew_op = f->op == ET_DSP_OP_EW_S8 || f->op == ET_DSP_OP_LUT_S8 || f->op == ET_DSP_OP_BMM_S8 ||
                 f->op == ET_DSP_OP_SOFTMAX_S8;
    bool pool_op = f->op == ET_DSP_OP_AVG_S8 || ew_op, conv_op = f->op == ET_DSP_OP_CONV_S8;
    uint32_t xa = conv_op || ew_op ? 1 : f->op == ET_DSP_OP_DW_S8 || pool_op || f->op == ET_DSP_OP_MAXP_S8 ? 4 : 8;
    if (!x->data || !out->data || !aligned(x->data, xa) || !aligned(out->data, pool_op ? 1 : 4))
        return et_fail(a->err, ET_ERR_INVALID_ARGUMENT, "%s: input or output moved off the DSP's alignment", a->op);
    size_t desc_bytes;
    if (f->op == ET_DSP_OP_LUT_S8) {
        lut_desc *d = f->desc;
        d->x = (uint32_t)(uintptr_t)x->data;
        d->out = (uint32_t)(uintptr_t)out->data;
        desc_bytes = sizeof *d;
    } else if (f->op == ET_DSP_OP_MAXP_S8 || f->op == ET_DSP_OP_SOFTMAX_S8) {
        /* x, then out: the same first two words */
        uint32_t *d = f->desc;
        d[0] = (uint32_t)(uintptr_t)x->data;
        d[1] = (uint32_t)(uintptr_t)out->data;
        desc_bytes = f->op == ET_DSP_OP_MAXP_S8 ? sizeof(maxp_desc) : sizeof(smx_desc);
    } else if (f->op == ET_DSP_OP_EW_S8 || f->op == ET_DSP_OP_BMM_S8) {
        /* two inputs, then out: the same first three words */
        uint32_t *d = f->desc;
        et_tensor *y = et_arg_tensor(a, f->in2_arg);
        if (!a->ok || !y->data)
            return et_fail(a->err, ET_ERR_INVALID_ARGUMENT, "%s: its second input has no data", a->op);
        d[0] = (uint32_t)(uintptr_t)x->data;
        d[1] = (uint32_t)(uintptr_t)y->data;
        d[2] = (uint32_t)(uintptr_t)out->data;
        desc_bytes = f->op == ET_DSP_OP_EW_S8 ? sizeof(ew_desc) : sizeof(bmm_desc);
        c->port->clean(c->port->ctx, y->data, f->in2_bytes);
    } else if (conv_op) {
        conv_desc *d = f->desc;
        d->x = (uint32_t)(uintptr_t)x->data;
        d->out = (uint32_t)(uintptr_t)out->data;
        desc_bytes = sizeof *d;
    } else if (f->op == ET_DSP_OP_DW_S8 || pool_op) {
        dw_desc *d = f->desc;
        d->x = (uint32_t)(uintptr_t)x->data;
        d->out = (uint32_t)(uintptr_t)out->data;
        desc_bytes = sizeof *d;
    } else {
        fc_desc *d = f->desc;
        d->x = (uint32_t)(uintptr_t)x->data;
        d->out = (uint32_t)(uintptr_t)out->data;
        d->rows = f->rows;
        desc_bytes = sizeof *d;
    }
    const et_dsp_port *dsp = c->port;
    dsp->clean(dsp->ctx, f->desc, desc_bytes);
    dsp->clean(dsp->ctx, x->data, f->in_bytes);
    char msg[96];
    if (dsp->call(dsp->ctx, f->op, f->desc, msg, sizeof msg) != 0)
        return et_fail(a->err, ET_ERR_BACKEND, "%s on the DSP: %s", a->op, msg);
    dsp->invalidate(dsp->ctx, out->data, f->out_bytes);
    return ET_OK;
}
