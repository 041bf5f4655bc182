/* Placement of operators on the HLD DSP (dsp_offload.h). */
#include "dsp_offload.h"

#include <string.h>

#include "et_kernel.h"
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

typedef struct fc_instance {
    const uint32_t *args;      /* the KernelCall's arguments: identifies the call */
    void *desc;                /* fc_desc or dw_desc */
    uint32_t op;               /* ET_DSP_OP_FC_S8_ROWS or ET_DSP_OP_DW_S8 */
    uint32_t rows;             /* fc: rows */
    uint32_t in_arg, out_arg;  /* argument positions of x and out */
    uint32_t in_bytes, out_bytes;
} fc_instance;

/* One method at a time (the runner's); rebuilt by each et_dsp_place. */
static const et_dsp_port *dsp;
static fc_instance fcs[MAX_INSTANCES];
static uint32_t nfcs;
/* The M55's kernels, for the calls that do not fit the DSP. */
static const et_kernel_entry *cpu_fc, *cpu_conv, *cpu_dw, *cpu_avg;
/* Which operator calls of an inference (the executor's seq) the DSP runs. */
static uint8_t on_dsp[MAX_SEQ / 8];

static const char fc_name[] = "cortex_m::quantized_linear.out";
static const char conv_name[] = "cortex_m::quantized_conv2d.out";
static const char dw_name[] = "cortex_m::quantized_depthwise_conv2d.out";
static const char avg_name[] = "cortex_m::quantized_avg_pool2d.out";
static et_err fc_on_dsp(et_kargs *a);
/* The argument layouts stay the CPU kernel's: the loader resolved each
 * call's slot -> position map (et_instr.arg_pos) with it, and the DSP's
 * descriptors read the arguments through that map by slot, so a .pte of
 * any release line places the same way. */
static const et_kernel_entry fc_entry = {fc_name, fc_on_dsp, NULL, NULL};
static const et_kernel_entry conv_entry = {conv_name, fc_on_dsp, NULL, NULL};
static const et_kernel_entry dw_entry = {dw_name, fc_on_dsp, NULL, NULL};
static const et_kernel_entry avg_entry = {avg_name, fc_on_dsp, NULL, NULL};

bool et_dsp_runs(uint32_t seq)
{
    return seq < MAX_SEQ && (on_dsp[seq / 8] >> (seq % 8) & 1u);
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
    et_kargs a = {.op = fc_name, .values = m->values, .args = in->args, .nargs = in->nargs, .pos = in->arg_pos, .err = &scratch,
                  .ok = true};
    int64_t mult[1], shift[1];
    if (in->nargs != 13 || !et_arg_count(&a, 13))
        return false;
    *x = et_arg_tensor(&a, 0);
    *w = et_arg_tensor(&a, 1);
    *bias = et_arg_tensor_or_null(&a, 2);
    *ksum = et_arg_tensor_or_null(&a, 3);
    q[0] = (int32_t)et_arg_int(&a, 4);   /* input offset */
    int64_t fo = et_arg_int(&a, 5);
    q[1] = (int32_t)et_arg_int(&a, 6);   /* output offset */
    uint32_t nm = et_arg_int_list(&a, 7, mult, 1), ns = et_arg_int_list(&a, 8, shift, 1);
    q[2] = (int32_t)et_arg_int(&a, 9);   /* act max */
    q[3] = (int32_t)et_arg_int(&a, 10);  /* act min */
    *out = et_arg_tensor(&a, 11);
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

/* One cortex_m::quantized_conv2d.out call that is a pointwise convolution
 * (1x1 kernel, stride 1, no padding, one group, channels-last): fc_s8 on
 * every pixel with per-channel requantisation.  Arguments as
 * quantized_conv2d_s8.c reads them. */
static bool conv_fits(et_method *m, const et_instr *in, et_tensor **x, et_tensor **w, et_tensor **bias,
                      et_tensor **out, int32_t q[7], const int32_t **mult, const int32_t **shift)
{
    et_error scratch = {0};
    et_kargs a = {.op = conv_name, .values = m->values, .args = in->args, .nargs = in->nargs, .pos = in->arg_pos, .err = &scratch,
                  .ok = true};
    int32_t stride[2], pad[2], dil[2];
    if (in->nargs != 15 || !et_arg_count(&a, 15))
        return false;
    *x = et_arg_tensor(&a, 0);
    *w = et_arg_tensor(&a, 1);
    *bias = et_arg_tensor_or_null(&a, 2);
    et_arg_ints(&a, 3, stride, 2);
    et_arg_ints(&a, 4, pad, 2);
    et_arg_ints(&a, 5, dil, 2);
    q[0] = (int32_t)et_arg_int(&a, 6);   /* input offset */
    q[1] = (int32_t)et_arg_int(&a, 7);   /* output offset */
    et_tensor *mt = et_arg_tensor(&a, 8), *st = et_arg_tensor(&a, 9);
    q[3] = (int32_t)et_arg_int(&a, 10);  /* act min */
    q[2] = (int32_t)et_arg_int(&a, 11);  /* act max */
    *out = et_arg_tensor(&a, 13);
    if (!a.ok || stride[0] != 1 || stride[1] != 1 || pad[0] || pad[1] || dil[0] != 1 || dil[1] != 1)
        return false;
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
    if (n <= 0 || k <= 0 || n % 4 || k % 16)
        return false;
    if ((*bias && (et_tensor_numel(*bias) != (size_t)n || (*bias)->dtype != ET_INT || !(*bias)->data)) ||
        et_tensor_numel(mt) != (size_t)n || mt->dtype != ET_INT || !mt->data ||
        et_tensor_numel(st) != (size_t)n || st->dtype != ET_INT || !st->data)
        return false;
    *mult = mt->data;
    *shift = st->data;
    for (int32_t o = 0; o < n; o++)
        if ((*shift)[o] < -32768 || (*shift)[o] > 32767)
            return false;
    if (!aligned((*x)->data, 8) || !aligned((*w)->data, 8) || !aligned((*out)->data, 4))
        return false;
    if (q[1] < -32768 || q[1] > 32767 || q[2] < -128 || q[2] > 127 || q[3] < -128 || q[3] > 127)
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
    et_error scratch = {0};
    et_kargs a = {.op = dw_name, .values = m->values, .args = in->args, .nargs = in->nargs, .pos = in->arg_pos, .err = &scratch,
                  .ok = true};
    int32_t stride[2], pad[2], dil[2];
    if (in->nargs != 16 || !et_arg_count(&a, 16))
        return NULL;
    et_tensor *x = et_arg_tensor(&a, 0), *w = et_arg_tensor(&a, 1), *bias = et_arg_tensor_or_null(&a, 2);
    et_arg_ints(&a, 3, stride, 2);
    et_arg_ints(&a, 4, pad, 2);
    et_arg_ints(&a, 5, dil, 2);
    int64_t mul = et_arg_int(&a, 6), io = et_arg_int(&a, 7), oo = et_arg_int(&a, 8);
    et_tensor *mt = et_arg_tensor(&a, 9), *st = et_arg_tensor(&a, 10);
    int64_t amin = et_arg_int(&a, 11), amax = et_arg_int(&a, 12);
    et_tensor *out = et_arg_tensor(&a, 14);
    if (!a.ok || mul != 1 || dil[0] != 1 || dil[1] != 1 || stride[0] < 1 || stride[1] < 1 || pad[0] < 0 ||
        pad[1] < 0 || io < -255 || io > 255 || oo < -32768 || oo > 32767 || amin < -128 || amax > 127 || amin > amax)
        return NULL;
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
        hout != (hin + 2 * pad[0] - kh) / stride[0] + 1 || wout != (win + 2 * pad[1] - kw) / stride[1] + 1)
        return NULL;
    if ((bias && (et_tensor_numel(bias) != (size_t)c || bias->dtype != ET_INT || !bias->data)) ||
        et_tensor_numel(mt) != (size_t)c || mt->dtype != ET_INT || !mt->data || et_tensor_numel(st) != (size_t)c ||
        st->dtype != ET_INT || !st->data)
        return NULL;
    const int32_t *sh = st->data;
    for (int32_t i = 0; i < c; i++)
        if (sh[i] < -32768 || sh[i] > 32767)
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
        b[i] = bias ? ((const int32_t *)bias->data)[i] : 0;
        mu[i] = ((const int32_t *)mt->data)[i];
        s[i] = (int16_t)sh[i];
    }
    *d = (dw_desc){(uint32_t)(uintptr_t)x->data, (uint32_t)(uintptr_t)w->data, (uint32_t)(uintptr_t)b,
                   (uint32_t)(uintptr_t)mu, (uint32_t)(uintptr_t)s, (uint32_t)(uintptr_t)out->data, (uint32_t)c,
                   (uint32_t)hin, (uint32_t)win, (uint32_t)hout, (uint32_t)wout, (uint32_t)kh, (uint32_t)kw,
                   (uint32_t)stride[0], (uint32_t)stride[1], (uint32_t)pad[0], (uint32_t)pad[1], (int32_t)io,
                   (int16_t)oo, (int16_t)amin, (int16_t)amax, 0};
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
    et_kargs a = {.op = avg_name, .values = m->values, .args = in->args, .nargs = in->nargs, .pos = in->arg_pos, .err = &scratch,
                  .ok = true};
    int32_t kernel[2], stride[2], pad[2];
    if (in->nargs != 11 || !et_arg_count(&a, 11))
        return NULL;
    et_tensor *x = et_arg_tensor(&a, 0), *out = et_arg_tensor(&a, 9);
    et_arg_ints(&a, 1, kernel, 2);
    et_arg_ints(&a, 2, stride, 2);
    et_arg_ints(&a, 3, pad, 2);
    bool ceil_mode = et_arg_bool(&a, 4);
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

et_err et_dsp_place(et_method *m, const et_dsp_port *port, void *pool, size_t pool_size, uint32_t *placed,
                    et_error *err)
{
    (void)err;
    *placed = 0;
    nfcs = 0;
    dsp = port;
    memset(on_dsp, 0, sizeof on_dsp);
    /* The executor numbers the calls in instruction order; with jumps that
     * order is not the execution order, so nothing is placed. */
    for (uint32_t i = 0; i < m->ninstrs; i++)
        if (m->instrs[i].kind == INSTR_JUMP_FALSE_CALL)
            return ET_OK;
    uint8_t *p = pool, *end = (uint8_t *)pool + pool_size;
    uint32_t seq = 0;
    bool fc_used = false, conv_used = false, dw_used = false, avg_used = false;
    for (uint32_t i = 0; i < m->ninstrs; i++) {
        const et_instr *in = &m->instrs[i];
        if (in->kind != INSTR_KERNEL_CALL && in->kind != INSTR_DELEGATE_CALL)
            continue;
        uint32_t this_seq = seq++;
        if (in->kind != INSTR_KERNEL_CALL || !m->ops[in->a])
            continue;
        const char *name = m->ops[in->a]->name;
        bool is_fc = name == fc_entry.name || strcmp(name, fc_name) == 0;
        bool is_conv = name == conv_entry.name || strcmp(name, conv_name) == 0;
        bool is_dw = name == dw_entry.name || strcmp(name, dw_name) == 0;
        bool is_avg = name == avg_entry.name || strcmp(name, avg_name) == 0;
        if ((!is_fc && !is_conv && !is_dw && !is_avg) || nfcs == MAX_INSTANCES || this_seq >= MAX_SEQ)
            continue;
        if (is_avg) {
            uint32_t ib, ob;
            dw_desc *dd = avg_place(m, in, &p, end, &ib, &ob);
            if (!dd)
                continue;   /* this call stays on the M55 */
            fcs[nfcs++] = (fc_instance){in->args, dd, ET_DSP_OP_AVG_S8, 0, 0, 9, ib, ob};
            on_dsp[this_seq / 8] |= (uint8_t)(1u << (this_seq % 8));
            avg_used = true;
            (*placed)++;
            continue;
        }
        if (is_dw) {
            uint32_t ib, ob;
            dw_desc *dd = dw_place(m, in, &p, end, &ib, &ob);
            if (!dd)
                continue;   /* this call stays on the M55 */
            fcs[nfcs++] = (fc_instance){in->args, dd, ET_DSP_OP_DW_S8, 0, 0, 14, ib, ob};
            on_dsp[this_seq / 8] |= (uint8_t)(1u << (this_seq % 8));
            dw_used = true;
            (*placed)++;
            continue;
        }
        et_tensor *x, *w, *bias, *ksum = NULL, *out;
        const int32_t *mult = NULL, *shift = NULL;
        int32_t q[7] = {0};
        uint8_t *mark = p;
        fc_desc *d = NULL;
        if (!(is_fc ? fc_fits(m, in, &x, &w, &bias, &ksum, &out, q)
                    : conv_fits(m, in, &x, &w, &bias, &out, q, &mult, &shift)) ||
            !(d = fc_build(&p, end, x, w, bias, ksum, out, q, mult, shift))) {
            p = mark;
            continue;   /* this call stays on the M55 */
        }
        fcs[nfcs++] = (fc_instance){in->args, d, ET_DSP_OP_FC_S8_ROWS, (uint32_t)q[6], 0, is_fc ? 11u : 13u,
                                    (uint32_t)q[6] * d->k, (uint32_t)q[6] * d->n};
        on_dsp[this_seq / 8] |= (uint8_t)(1u << (this_seq % 8));
        fc_used |= is_fc;
        conv_used |= is_conv;
        (*placed)++;
    }
    /* The operator's entry becomes the DSP's, which runs the placed calls
     * and hands the others to the M55's kernel. */
    for (uint32_t op = 0; op < m->nops; op++) {
        if (!m->ops[op])
            continue;
        if (fc_used && m->ops[op] != &fc_entry && strcmp(m->ops[op]->name, fc_name) == 0) {
            cpu_fc = m->ops[op];
            m->ops[op] = &fc_entry;
        } else if (conv_used && m->ops[op] != &conv_entry && strcmp(m->ops[op]->name, conv_name) == 0) {
            cpu_conv = m->ops[op];
            m->ops[op] = &conv_entry;
        } else if (dw_used && m->ops[op] != &dw_entry && strcmp(m->ops[op]->name, dw_name) == 0) {
            cpu_dw = m->ops[op];
            m->ops[op] = &dw_entry;
        } else if (avg_used && m->ops[op] != &avg_entry && strcmp(m->ops[op]->name, avg_name) == 0) {
            cpu_avg = m->ops[op];
            m->ops[op] = &avg_entry;
        }
    }
    if (nfcs)
        port->clean(port->ctx, pool, (size_t)(p - (uint8_t *)pool));
    return ET_OK;
}

/* The call on the DSP: the tensors may have moved since placement (an
 * input set by the application), so x and out are taken again. */
static et_err fc_on_dsp(et_kargs *a)
{
    const fc_instance *f = NULL;
    for (uint32_t i = 0; i < nfcs && !f; i++)
        if (fcs[i].args == a->args)
            f = &fcs[i];
    if (!f) {
        /* A call that did not fit: the M55's kernel. */
        const et_kernel_entry *cpu = strcmp(a->op, fc_name) == 0     ? cpu_fc
                                     : strcmp(a->op, conv_name) == 0 ? cpu_conv
                                     : strcmp(a->op, dw_name) == 0   ? cpu_dw
                                                                     : cpu_avg;
        if (!cpu)
            return et_fail(a->err, ET_ERR_BACKEND, "%s: no kernel for a call not placed on the DSP", a->op);
        return cpu->fn(a);
    }
    et_tensor *x = et_arg_tensor(a, f->in_arg), *out = et_arg_tensor(a, f->out_arg);
    if (!a->ok)
        return et_kresult(a);
    bool pool_op = f->op == ET_DSP_OP_AVG_S8;
    uint32_t xa = f->op == ET_DSP_OP_DW_S8 || pool_op ? 4 : 8;
    if (!x->data || !out->data || !aligned(x->data, xa) || !aligned(out->data, pool_op ? 1 : 4))
        return et_fail(a->err, ET_ERR_INVALID_ARGUMENT, "%s: input or output moved off the DSP's alignment", a->op);
    size_t desc_bytes;
    if (f->op == ET_DSP_OP_DW_S8 || pool_op) {
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
    dsp->clean(dsp->ctx, f->desc, desc_bytes);
    dsp->clean(dsp->ctx, x->data, f->in_bytes);
    char msg[96];
    if (dsp->call(dsp->ctx, f->op, f->desc, msg, sizeof msg) != 0)
        return et_fail(a->err, ET_ERR_BACKEND, "%s on the DSP: %s", a->op, msg);
    dsp->invalidate(dsp->ctx, out->data, f->out_bytes);
    return ET_OK;
}
