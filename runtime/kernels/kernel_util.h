/* Small helpers shared by kernels: shape checks that every NHWC kernel
 * would otherwise repeat. */
#ifndef ET_KERNEL_UTIL_H
#define ET_KERNEL_UTIL_H

#include <stdbool.h>
#include <stdint.h>

#include "../et_kernel.h"

typedef struct nhwc_dims {
    int32_t n, h, w, c;
} nhwc_dims;

/* A 4-D activation whose bytes are NHWC: channels-last, or a contiguous
 * tensor where that is the same thing (C == 1 or H == W == 1). */
bool k_nhwc(et_kargs *a, const et_tensor *t, const char *name, nhwc_dims *d);

/* Output extent of a sliding window (conv/pool) along one axis. */
int32_t k_window_out(int32_t in, int32_t kernel, int32_t stride, int32_t pad, int32_t dilation, bool ceil_mode);

/* Checks an int32 per-channel tensor (bias, multipliers, shifts). */
bool k_per_channel_i32(et_kargs *a, const et_tensor *t, int32_t channels, const char *name);

/* Checks that `t` is an int8 tensor with data. */
bool k_s8(et_kargs *a, const et_tensor *t, const char *name);

/* This call's piece of the method's scratch buffer (et_kargs.scratch):
 * `need` bytes at *at (NULL when need is 0); an error when the loader
 * planned less, which only a kernel whose size function disagrees with it
 * can cause. */
bool k_scratch(et_kargs *a, size_t need, int8_t **at, size_t *size);

/* Checks a 2-element window parameter (stride/dilation > 0, padding >= 0). */
bool k_window_params(et_kargs *a, const int32_t stride[2], const int32_t pad[2], const int32_t dil[2]);

/* Broadcasting: for each element of `out`, in memory order, the element
 * offset of the matching element of an input whose logical shape is
 * right-aligned against out's and has equal or size-1 dims. */
typedef struct k_bcast {
    uint32_t rank;
    int32_t size[ET_MAX_RANK];     /* out's physical dims */
    size_t stride[ET_MAX_RANK];    /* input element stride per out physical dim */
    int32_t idx[ET_MAX_RANK];
    size_t offset;
} k_bcast;

bool k_bcast_init(et_kargs *a, k_bcast *b, const et_tensor *out, const et_tensor *in, const char *name);

/* True when the input's elements are read in memory order, one after the
 * other (same shape and layout as out: no broadcasting). */
bool k_bcast_is_identity(const k_bcast *b);

/* Offset for the current element, then steps to the next one. */
static inline size_t k_bcast_next(k_bcast *b)
{
    size_t cur = b->offset;
    for (int i = (int)b->rank - 1; i >= 0; i--) {
        b->offset += b->stride[i];
        if (++b->idx[i] < b->size[i])
            break;
        b->offset -= b->stride[i] * (size_t)b->size[i];
        b->idx[i] = 0;
    }
    return cur;
}

/* Element i (in memory order) of a numeric tensor (bool, uint8, int8,
 * int16, int32, int64, float32, float64) as a double, and the store that
 * converts back as a C cast would, but defined for every value: NaN gives
 * 0, out-of-range values saturate (int64 beyond 2^53 loses precision). */
bool k_numeric(et_kargs *a, const et_tensor *t, const char *name);
double k_get(const et_tensor *t, size_t i);
void k_set(et_tensor *t, size_t i, double v);

/* Integer dtypes: true for bool/uint8/int8/int16/int32/int64. */
bool k_is_integer(int dtype);
/* An integer result into an integer tensor, wrapping to its width as
 * C++ integer arithmetic does in upstream's portable kernels. */
void k_set_wrap(et_tensor *t, size_t i, int64_t v);
int64_t k_get_int(const et_tensor *t, size_t i);

/* A Scalar argument (Int, Double or Bool) as a double. */
double k_arg_scalar(et_kargs *a, uint32_t i);

/* A kernel's et_kernel_extra.in_place function, or none in a selective
 * runner whose planner never puts an output over its input
 * (ET_NO_PLAN_IN_PLACE, runtime.mk's runner-for): the kernels' in-place
 * paths are then left out, and an output on its input is refused like a
 * partial overlap. */
#ifdef ET_NO_PLAN_IN_PLACE
#define K_IN_PLACE(fn) NULL
#else
#define K_IN_PLACE(fn) fn
#endif

/* The in_place answer of a kernel whose output, on its input, holds the
 * input's bytes as they are (a clone into the same layout, a pad of
 * nothing): slot `in` when the two have one dtype, shape and byte order,
 * else ET_ARG_ABSENT; no scratch. */
uint32_t k_same_bytes_in_place(et_kargs *a, uint32_t in, uint32_t out, size_t *scratch);

#endif
