/* executorch_prim:: and the aten:: symbolic-shape operators: arithmetic
 * and comparisons on Int / Double / Bool values (control flow and dynamic
 * shapes), and the two tensor helpers et_view and et_copy_index, with the
 * semantics of upstream's kernels/prim_ops.  The result replaces the last
 * argument's value, as the reference runtime does.
 *
 * Division or modulo by an integer 0 (and INT64_MIN / -1), undefined in
 * C, is an error here instead of a host crash. */
#include <math.h>
#include <string.h>

#include "../kernels.h"
#include "arg_layouts.h"

static et_value *out_value(et_kargs *a) { return et_arg_return(a); }

/* A result that needs a box where the loader gave none (the last
 * argument was not a number in the file): an error, not a lost value. */
static void no_box(et_kargs *a)
{
    et_check(a, false, ET_ERR_UNSUPPORTED, "the result value has no room for a 64-bit number");
}

static void set_int(et_kargs *a, int64_t v)
{
    if (!et_value_set_int(out_value(a), v, a->boxes))
        no_box(a);
}

static void set_double(et_kargs *a, double v)
{
    if (!et_value_set_double(out_value(a), v, a->boxes))
        no_box(a);
}

static void set_bool(et_kargs *a, bool v)
{
    et_value *o = out_value(a);
    o->tag = ET_TAG_BOOL;
    o->wide = 0;
    o->u.b = v;
}

static bool is_number(const et_value *v) { return v->tag == ET_TAG_INT || v->tag == ET_TAG_DOUBLE; }
static int64_t int_of(et_kargs *a, const et_value *v) { return et_value_int(v, a->boxes); }
static double double_of(et_kargs *a, const et_value *v) { return et_value_double(v, a->boxes); }
static double as_double(et_kargs *a, const et_value *v)
{
    return v->tag == ET_TAG_INT ? (double)int_of(a, v) : double_of(a, v);
}

static bool bad_types(et_kargs *a)
{
    return et_check(a, false, ET_ERR_INVALID_ARGUMENT, "unsupported argument types");
}

typedef enum { P_ADD, P_SUB, P_MUL, P_EQ, P_GT, P_LT, P_GE, P_LE } prim_binop;

static et_err binary(et_kargs *a, prim_binop op)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    const et_value *x = et_arg_value(a, PB_A), *y = et_arg_value(a, PB_B);
    bool cmp = op >= P_EQ;
    if (x->tag == ET_TAG_INT && y->tag == ET_TAG_INT) {
        /* two's-complement wrap like the target's int64 arithmetic, without UB */
        uint64_t p = (uint64_t)int_of(a, x), q = (uint64_t)int_of(a, y);
        int64_t i = int_of(a, x), j = int_of(a, y);
        switch (op) {
        case P_ADD: set_int(a, (int64_t)(p + q)); break;
        case P_SUB: set_int(a, (int64_t)(p - q)); break;
        case P_MUL: set_int(a, (int64_t)(p * q)); break;
        case P_EQ: set_bool(a, i == j); break;
        case P_GT: set_bool(a, i > j); break;
        case P_LT: set_bool(a, i < j); break;
        case P_GE: set_bool(a, i >= j); break;
        case P_LE: set_bool(a, i <= j); break;
        }
        return ET_OK;
    }
    if (is_number(x) && is_number(y)) {
        double u = as_double(a, x), v = as_double(a, y);
        switch (op) {
        case P_ADD: set_double(a, u + v); break;
        case P_SUB: set_double(a, u - v); break;
        case P_MUL: set_double(a, u * v); break;
        case P_EQ: set_bool(a, u == v); break;
        case P_GT: set_bool(a, u > v); break;
        case P_LT: set_bool(a, u < v); break;
        case P_GE: set_bool(a, u >= v); break;
        case P_LE: set_bool(a, u <= v); break;
        }
        return ET_OK;
    }
    if (cmp && x->tag == ET_TAG_BOOL && y->tag == ET_TAG_BOOL) {
        int u = x->u.b, v = y->u.b;
        set_bool(a, op == P_EQ ? u == v : op == P_GT ? u > v : op == P_LT ? u < v : op == P_GE ? u >= v : u <= v);
        return ET_OK;
    }
    bad_types(a);
    return et_kresult(a);
}

et_err k_prim_add(et_kargs *a) { return binary(a, P_ADD); }
et_err k_prim_sub(et_kargs *a) { return binary(a, P_SUB); }
et_err k_prim_mul(et_kargs *a) { return binary(a, P_MUL); }
et_err k_prim_eq(et_kargs *a) { return binary(a, P_EQ); }
et_err k_prim_gt(et_kargs *a) { return binary(a, P_GT); }
et_err k_prim_lt(et_kargs *a) { return binary(a, P_LT); }
et_err k_prim_ge(et_kargs *a) { return binary(a, P_GE); }
et_err k_prim_le(et_kargs *a) { return binary(a, P_LE); }

static bool int_division_ok(et_kargs *a, int64_t i, int64_t j)
{
    return et_check(a, j != 0 && !(i == INT64_MIN && j == -1), ET_ERR_INVALID_ARGUMENT, "integer division by zero");
}

/* Python's floor division; doubles as upstream: (a - fmod(a, b)) / b with
 * the sign fix-up, +-inf for a zero divisor. */
et_err k_prim_floordiv(et_kargs *a)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    const et_value *x = et_arg_value(a, PB_A), *y = et_arg_value(a, PB_B);
    if (x->tag == ET_TAG_INT && y->tag == ET_TAG_INT) {
        int64_t i = int_of(a, x), j = int_of(a, y);
        if (!int_division_ok(a, i, j))
            return et_kresult(a);
        int64_t q = i / j;
        set_int(a, ((i < 0) != (j < 0)) && i % j != 0 ? q - 1 : q);
        return ET_OK;
    }
    if (!is_number(x) || !is_number(y)) {
        bad_types(a);
        return et_kresult(a);
    }
    double u = as_double(a, x), v = as_double(a, y);
    if (v == 0) {
        set_double(a, signbit(u) ? -INFINITY : INFINITY);
        return ET_OK;
    }
    double mod = fmod(u, v), div = (u - mod) / v;
    set_double(a, mod != 0 && signbit(v) != signbit(mod) ? div - 1 : div);
    return ET_OK;
}

et_err k_prim_truediv(et_kargs *a)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    const et_value *x = et_arg_value(a, PB_A), *y = et_arg_value(a, PB_B);
    if (!is_number(x) || !is_number(y)) {
        bad_types(a);
        return et_kresult(a);
    }
    set_double(a, as_double(a, x) / as_double(a, y));
    return ET_OK;
}

/* floordiv.int and mod.int / mod.Scalar: C's truncating / and %, as upstream. */
static et_err int_div_mod(et_kargs *a, bool mod)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    const et_value *x = et_arg_value(a, PB_A), *y = et_arg_value(a, PB_B);
    if (x->tag != ET_TAG_INT || y->tag != ET_TAG_INT) {
        bad_types(a);
        return et_kresult(a);
    }
    if (!int_division_ok(a, int_of(a, x), int_of(a, y)))
        return et_kresult(a);
    set_int(a, mod ? int_of(a, x) % int_of(a, y) : int_of(a, x) / int_of(a, y));
    return ET_OK;
}

et_err k_prim_floordiv_int(et_kargs *a) { return int_div_mod(a, false); }
et_err k_prim_mod(et_kargs *a) { return int_div_mod(a, true); }

static et_err min_max(et_kargs *a, bool want_max)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    const et_value *x = et_arg_value(a, PB_A), *y = et_arg_value(a, PB_B);
    if (x->tag != ET_TAG_INT || y->tag != ET_TAG_INT) {
        bad_types(a);
        return et_kresult(a);
    }
    set_int(a, (int_of(a, x) > int_of(a, y)) == want_max ? int_of(a, x) : int_of(a, y));
    return ET_OK;
}

et_err k_prim_sym_max(et_kargs *a) { return min_max(a, true); }
et_err k_prim_sym_min(et_kargs *a) { return min_max(a, false); }

typedef enum { U_NEG, U_FLOAT, U_INT, U_NOT, U_CEIL, U_ROUND, U_TRUNC } prim_unop;

/* An int64 from a double the way a C cast does, but defined for every
 * input: out-of-range values are an error. */
static bool to_int64(et_kargs *a, double d, int64_t *out)
{
    if (!et_check(a, d >= -9223372036854775808.0 && d < 9223372036854775808.0, ET_ERR_INVALID_ARGUMENT,
                  "value does not fit an int"))
        return false;
    *out = (int64_t)d;
    return true;
}

static et_err unary(et_kargs *a, prim_unop op)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    const et_value *x = et_arg_value(a, PU_A);
    int64_t i;
    switch (op) {
    case U_NEG:
        if (x->tag == ET_TAG_INT)
            set_int(a, (int64_t)(0 - (uint64_t)int_of(a, x)));
        else if (x->tag == ET_TAG_DOUBLE)
            set_double(a, -double_of(a, x));
        else
            bad_types(a);
        break;
    case U_FLOAT:
        if (is_number(x) || x->tag == ET_TAG_BOOL)
            set_double(a, x->tag == ET_TAG_BOOL ? (double)x->u.b : as_double(a, x));
        else
            bad_types(a);
        break;
    case U_INT:
        if (x->tag == ET_TAG_INT || x->tag == ET_TAG_BOOL)
            set_int(a, x->tag == ET_TAG_INT ? int_of(a, x) : x->u.b);
        else if (x->tag == ET_TAG_DOUBLE && to_int64(a, double_of(a, x), &i))
            set_int(a, i);
        else
            bad_types(a);
        break;
    case U_NOT:
        if (x->tag == ET_TAG_BOOL)
            set_bool(a, !x->u.b);
        else
            bad_types(a);
        break;
    case U_CEIL:
    case U_ROUND:
    case U_TRUNC: {
        if (x->tag != ET_TAG_DOUBLE) {
            bad_types(a);
            break;
        }
        double d = double_of(a, x);
        /* round: half to even, as upstream's fix-up of round() */
        double r = op == U_CEIL ? ceil(d) : op == U_TRUNC ? trunc(d) : round(d);
        if (op == U_ROUND && fabs(r - d) == 0.5 && fmod(r, 2.0) != 0.0)
            r = d - (r - d);
        if (to_int64(a, r, &i))
            set_int(a, i);
        break;
    }
    }
    return et_kresult(a);
}

et_err k_prim_neg(et_kargs *a) { return unary(a, U_NEG); }
et_err k_prim_sym_float(et_kargs *a) { return unary(a, U_FLOAT); }
et_err k_prim_sym_int(et_kargs *a) { return unary(a, U_INT); }
et_err k_prim_sym_not(et_kargs *a) { return unary(a, U_NOT); }
et_err k_prim_ceil(et_kargs *a) { return unary(a, U_CEIL); }
et_err k_prim_round(et_kargs *a) { return unary(a, U_ROUND); }
et_err k_prim_trunc(et_kargs *a) { return unary(a, U_TRUNC); }

et_err k_prim_sym_ite(et_kargs *a)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    bool cond = et_arg_bool(a, ITE_COND);
    if (!a->ok)
        return et_kresult(a);
    const et_value *v = et_arg_value(a, cond ? ITE_THEN : ITE_ELSE);
    if (v->tag != ET_TAG_INT && v->tag != ET_TAG_DOUBLE && v->tag != ET_TAG_BOOL)
        bad_types(a);
    else if (!et_value_copy(out_value(a), v, a->boxes))
        no_box(a);
    return et_kresult(a);
}

/* aten::sym_size.int(Tensor self, int dim) -> SymInt */
et_err k_aten_sym_size(et_kargs *a)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *t = et_arg_tensor(a, SSZ_SELF);
    int64_t dim = et_arg_int(a, SSZ_DIM);
    if (a->ok && dim < 0)
        dim += t->rank;
    if (!et_check(a, dim >= 0 && dim < (int64_t)t->rank, ET_ERR_INVALID_ARGUMENT, "dim out of range"))
        return et_kresult(a);
    set_int(a, t->sizes[dim]);
    return ET_OK;
}

et_err k_aten_sym_numel(et_kargs *a)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *t = et_arg_tensor(a, SELF_ONLY);
    if (a->ok)
        set_int(a, (int64_t)et_tensor_numel(t));
    return et_kresult(a);
}

/* aten::_local_scalar_dense: the one element of a tensor as a scalar. */
et_err k_aten_local_scalar_dense(et_kargs *a)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *t = et_arg_tensor(a, SELF_ONLY);
    et_check_data(a, t, "self");
    if (!a->ok || !et_check(a, et_tensor_numel(t) >= 1, ET_ERR_INVALID_ARGUMENT, "tensor has no element"))
        return et_kresult(a);
    const void *d = t->data;
    int8_t i8;
    uint8_t u8;
    int16_t i16;
    int32_t i32;
    int64_t i64;
    float f;
    double g;
    switch (t->dtype) {
    case ET_BOOL: memcpy(&u8, d, 1); set_bool(a, u8 != 0); break;
    case ET_BYTE: memcpy(&u8, d, 1); set_int(a, u8); break;
    case ET_CHAR: memcpy(&i8, d, 1); set_int(a, i8); break;
    case ET_SHORT: memcpy(&i16, d, 2); set_int(a, i16); break;
    case ET_INT: memcpy(&i32, d, 4); set_int(a, i32); break;
    case ET_LONG: memcpy(&i64, d, 8); set_int(a, i64); break;
    case ET_FLOAT: memcpy(&f, d, 4); set_double(a, f); break;
    case ET_DOUBLE: memcpy(&g, d, 8); set_double(a, g); break;
    default:
        et_check(a, false, ET_ERR_UNSUPPORTED_DTYPE, "unsupported dtype");
    }
    return et_kresult(a);
}

/* The return value as a tensor (et_view's result), or an error and an
 * empty stand-in. */
static et_tensor *return_tensor(et_kargs *a)
{
    et_value *v = et_arg_return(a);
    if (et_check(a, v->tag == ET_TAG_TENSOR, ET_ERR_INVALID_ARGUMENT, "the return value should be a tensor"))
        return v->u.t;
    a->dummy = (et_tensor){0};
    return &a->dummy;
}

/* executorch_prim::et_view.default(Tensor self, int[] size) -> Tensor:
 * out shares self's bytes (shapes are static here: out's planned shape
 * must hold self's elements). */
et_err k_prim_et_view(et_kargs *a)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *self = et_arg_tensor(a, VIEW_SELF), *out = return_tensor(a);
    et_check_dtype(a, out, self->dtype, "out");
    et_check(a, et_tensor_numel(self) == et_tensor_numel(out), ET_ERR_INVALID_ARGUMENT,
             "out's shape does not have self's element count");
    et_check(a, et_tensor_layout(self) == ET_LAYOUT_CONTIGUOUS && et_tensor_layout(out) == ET_LAYOUT_CONTIGUOUS,
             ET_ERR_UNSUPPORTED_DIM_ORDER, "view of a non-contiguous tensor");
    if (a->ok)
        out->data = self->data;
    return et_kresult(a);
}

/* executorch_prim::et_copy_index.tensor(Tensor copy_to, Tensor copy_from,
 * int index): copy_to[index] = copy_from.  Upstream grows copy_to's first
 * dim to index + 1; shapes are static here, so copy_to's planned first
 * dim must already hold it. */
et_err k_prim_et_copy_index(et_kargs *a)
{
    if (!et_arg_named(a))
        return et_kresult(a);
    et_tensor *to = et_arg_tensor(a, CPI_TO), *from = et_arg_tensor(a, CPI_FROM);
    int64_t index = et_arg_int(a, CPI_INDEX);
    et_check_data(a, to, "copy_to");
    et_check_data(a, from, "copy_from");
    et_check_dtype(a, to, from->dtype, "copy_to");
    if (!a->ok)
        return et_kresult(a);
    bool shape_ok = to->rank == from->rank + 1;
    for (uint32_t i = 0; shape_ok && i < from->rank; i++)
        shape_ok = to->sizes[i + 1] == from->sizes[i];
    et_check(a, shape_ok, ET_ERR_INVALID_ARGUMENT, "copy_to must be copy_from's shape with one leading dim");
    et_check(a, index >= 0 && index < (int64_t)(to->rank ? to->sizes[0] : 0), ET_ERR_INVALID_ARGUMENT,
             "index outside copy_to's planned first dim");
    et_check(a, et_tensor_layout(to) == ET_LAYOUT_CONTIGUOUS && et_tensor_layout(from) == ET_LAYOUT_CONTIGUOUS,
             ET_ERR_UNSUPPORTED_DIM_ORDER, "tensors must be contiguous");
    if (!a->ok)
        return et_kresult(a);
    memcpy((uint8_t *)to->data + (size_t)index * from->nbytes, from->data, from->nbytes);
    return ET_OK;
}
