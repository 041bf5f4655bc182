/* The parameters of cortex_m::quantized_conv2d's compute functions,
 * shared with quantized_depthwise_conv2d, which runs a depthwise
 * convolution of a single input channel as an ordinary convolution. */
#ifndef ET_KERNELS_CORTEX_M_CONV_S8_H
#define ET_KERNELS_CORTEX_M_CONV_S8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../kernel_util.h"

typedef struct conv_s8_params {
    /* Set on every call (a prepared call keeps only the fields from `in`
     * on: CONV_S8_CHECKED) */
    const int8_t *input;
    const int8_t *weight;
    const int32_t *bias;          /* NULL: no bias */
    const int32_t *multiplier;
    const int32_t *shift;
    int8_t *output;
    /* Helium only: this call's piece of the method's scratch buffer
     * (conv2d_s8_mve_scratch bytes, 16-byte aligned) */
    int8_t *scratch;
    size_t scratch_size;
    /* Helium only: the output is on the input (et_plan.h): a 1x1
     * convolution takes its im2col rows, copied before each pass writes,
     * instead of reading its input where it is */
    bool in_place;
    /* Checked at load for a prepared call */
    nhwc_dims in, out;
    int32_t kh, kw, groups;
    int32_t depth_multiplier;     /* quantized_depthwise_conv2d only */
    int32_t stride[2], pad[2], dil[2];
    int32_t input_offset, output_offset, act_min, act_max;
    /* Helium only: bytes between weight rows when they are padded with
     * zeros to a multiple of 16 (then im2col rows, padded alike, are
     * multiplied whole: the padding adds 0); 0 = K, unpadded */
    int32_t w_row;
} conv_s8_params;

/* Where the fields checked at load begin. */
#define CONV_S8_CHECKED offsetof(conv_s8_params, in)

/* Where the two convolutions keep the arguments they share (slots of
 * their enums in arg_layouts.h). */
typedef struct conv_s8_slots {
    uint8_t input, weight, bias, stride, padding, dilation, input_offset, output_offset, multipliers, shifts,
        act_min, act_max, out;
} conv_s8_slots;

/* Reads and checks what quantized_conv2d and quantized_depthwise_conv2d
 * share: int8 NHWC input and output, a 4-D weight [*, KH, KW, *], window
 * parameters, the output extent, int32 bias/multipliers/shifts per output
 * channel.  Fills every field of p but groups and w_row; *weight gets the
 * weight tensor for the operator's own channel checks.  When b is given
 * (a call prepared at load) the tensors are bound there, in the order of
 * enum conv_s8_bound.  False (with the error recorded in a) when a check
 * fails. */
bool conv_s8_read_args(et_kargs *a, const conv_s8_slots *s, conv_s8_params *p, const et_tensor **weight,
                       et_bound_tensors *b);

enum conv_s8_bound { CONV_BOUND_INPUT, CONV_BOUND_WEIGHT, CONV_BOUND_BIAS, CONV_BOUND_MULTIPLIERS,
                     CONV_BOUND_SHIFTS, CONV_BOUND_OUT };

/* A prepared call of either convolution: its parameters as checked at
 * load (conv_s8_params from CONV_S8_CHECKED on: the data pointers and the
 * scratch are set on every call, 32 bytes a call not kept), the tensors
 * to take the data pointers from on each call, the scratch it needs. */
typedef struct conv_s8_prepared {
    uint8_t checked[sizeof(conv_s8_params) - CONV_S8_CHECKED];
    et_bound_tensors bound;
    size_t scratch;
} conv_s8_prepared;

/* p's data pointers from the bound tensors (et_bound_current checked). */
void conv_s8_refresh(conv_s8_params *p, const et_bound_tensors *b);

/* One convolution's steps, from which the entry points below are made:
 * its arguments read and checked (b: bound for a prepared call), the
 * scratch its shape needs, and the run of checked parameters (the
 * caller's copy, which it may change: its scratch). */
typedef struct conv_s8_kernel {
    bool (*read)(et_kargs *a, conv_s8_params *p, et_bound_tensors *b);
    size_t (*scratch)(const conv_s8_params *p);
    et_err (*exec)(et_kargs *a, conv_s8_params *p, size_t scratch);
} conv_s8_kernel;

/* The per-call path (the kernel_table.def function), and the
 * et_kernel_extra functions. */
et_err conv_s8_call(et_kargs *a, const conv_s8_kernel *k);
size_t conv_s8_scratch(et_kargs *a, const conv_s8_kernel *k);
bool conv_s8_prepare(et_kargs *a, void *state, const conv_s8_kernel *k);
et_err conv_s8_run(et_kargs *a, const void *state, const conv_s8_kernel *k);

/* Where a call's output lies against its input: apart, on exactly the
 * same bytes (the planner put it there: in place, et_plan.h), or partly
 * over it (no kernel supports that). */
typedef enum conv_s8_alias { CONV_APART, CONV_IN_PLACE, CONV_OVERLAP } conv_s8_alias;
conv_s8_alias conv_s8_alias_of(const conv_s8_params *p);
/* True for an alias the kernel can handle (in_place: its shape allows
 * it; asked only when the output is on the input), else false with the
 * error recorded in a. */
bool conv_s8_check_alias(et_kargs *a, conv_s8_alias alias, const conv_s8_params *p,
                         bool (*in_place)(const conv_s8_params *p));
/* The et_kernel_extra in_place function of either convolution: the
 * input slot its output may be on (the parameters from the prepared call
 * when there is one, else read from a), and the scratch that takes in
 * *scratch; ET_ARG_ABSENT when the shape does not allow it. */
uint32_t conv_s8_in_place(et_kargs *a, const void *state, const conv_s8_kernel *k,
                          bool (*shape)(const conv_s8_params *p), size_t (*scratch_of)(const conv_s8_params *p),
                          uint32_t input_slot, size_t *scratch);

#if defined(__ARM_FEATURE_MVE)
/* The Helium convolution (quantized_conv2d_s8.c), any shape; p->scratch
 * must hold conv2d_s8_mve_scratch(p) bytes. */
void conv2d_s8_mve(const conv_s8_params *p);
/* Bytes of stack the depthwise convolution's int16-lane path (depth
 * multiplier 1) uses for its ring of input rows, weights and tables: what
 * a planned scratch buffer would have to hold for it. */
size_t dw_conv_s8_mul1_scratch_bytes(void);

/* The scratch bytes conv2d_s8_mve needs for p's shape (its im2col
 * rows); 0 for the direct 1x1 form and the shapes it leaves to the
 * scalar loop. */
size_t conv2d_s8_mve_scratch(const conv_s8_params *p);
#endif


#endif
