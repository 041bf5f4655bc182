#include "et_kernel.h"

#include "et_convert.h"
#include "et_format.h"
#include <string.h>

#include "flatbuffer.h"

et_err et_arg_resolve(const et_kernel_entry *k, uint32_t nargs, uint8_t *pos, et_error *err)
{
    const et_arg_layouts *ls = k->layouts;
    for (uint32_t l = 0; l < ls->count; l++) {
        const et_arg_layout *lay = &ls->list[l];
        if ((uint32_t)lay->count + (ls->no_return ? 0u : 1u) != nargs)
            continue;
        memset(pos, ET_ARG_ABSENT, ls->nslots);
        for (uint8_t p = 0; p < lay->count; p++)
            pos[lay->slots[p]] = p;
        return ET_OK;
    }
    char known[96];
    size_t used = 0;
    for (uint32_t l = 0; l < ls->count && used + 32 < sizeof known; l++)
        used += (size_t)et_format(known + used, sizeof known - used, "%s%u (%s)", l ? ", " : "",
                                 (unsigned)ls->list[l].count + (ls->no_return ? 0u : 1u), ls->list[l].releases);
    known[used] = 0;
    return et_fail(err, ET_ERR_INVALID_ARGUMENT, "%s: %u arguments match no ExecuTorch release; known: %s", k->name,
                   (unsigned)nargs, known);
}

bool et_arg_named(et_kargs *a)
{
    if (a->pos == NULL && a->ok) {
        et_fail(a->err, ET_ERR_INVALID_ARGUMENT, "%s: called without its argument layout", a->op);
        a->ok = false;
    }
    return a->ok;
}

/* A slot's position when the arguments come by name. */
static uint32_t position(const et_kargs *a, uint32_t i)
{
    if (a->pos == NULL)
        return i;
    return a->pos[i] != ET_ARG_ABSENT ? a->pos[i] : UINT32_MAX;
}

static const et_value *arg(et_kargs *a, uint32_t i)
{
    static const et_value none = {.tag = ET_TAG_NONE};
    uint32_t slot = i;
    i = position(a, i);
    if (i == UINT32_MAX) {
        if (a->ok)
            et_fail(a->err, ET_ERR_INVALID_ARGUMENT, "%s: argument slot %u is not in this release's argument list",
                    a->op, (unsigned)slot);
        a->ok = false;
        return &none;
    }
    if (i >= a->nargs) {
        if (a->ok)
            et_fail(a->err, ET_ERR_INVALID_ARGUMENT, "%s: argument %u missing (%u given)", a->op,
                    (unsigned)i, (unsigned)a->nargs);
        a->ok = false;
        return &none;
    }
    return &a->values[a->args[i]];
}

const et_value *et_arg_value(et_kargs *a, uint32_t i) { return arg(a, i); }

static void mismatch(et_kargs *a, uint32_t i, const char *want, int tag)
{
    i = position(a, i);
    if (a->ok)
        et_fail(a->err, ET_ERR_INVALID_ARGUMENT, "%s: argument %u should be %s (value #%u has tag %d)",
                a->op, (unsigned)i, want, i < a->nargs ? (unsigned)a->args[i] : 0u, tag);
    a->ok = false;
}

bool et_arg_count(et_kargs *a, uint32_t expected)
{
    if (a->nargs != expected) {
        if (a->ok)
            et_fail(a->err, ET_ERR_INVALID_ARGUMENT, "%s: %u arguments, expected %u", a->op,
                    (unsigned)a->nargs, (unsigned)expected);
        a->ok = false;
    }
    return a->ok;
}

et_tensor *et_arg_tensor(et_kargs *a, uint32_t i)
{
    const et_value *v = arg(a, i);
    if (v->tag == ET_TAG_TENSOR)
        return v->u.t;
    if (a->ok)
        mismatch(a, i, "a tensor", v->tag);
    /* An empty stand-in so that the kernel can read on until it checks ok. */
    a->dummy = (et_tensor){0};
    return &a->dummy;
}

et_tensor *et_arg_tensor_or_null(et_kargs *a, uint32_t i)
{
    const et_value *v = arg(a, i);
    if (v->tag == ET_TAG_NULL)
        return NULL;
    return et_arg_tensor(a, i);
}

int64_t et_arg_int(et_kargs *a, uint32_t i)
{
    const et_value *v = arg(a, i);
    uint16_t tag_wide;  /* tag and wide in one load: the common case, a narrow Int, tests both at once */
    memcpy(&tag_wide, v, sizeof tag_wide);
    if (tag_wide == ET_TAG_INT)
        return v->u.i;
    if (v->tag == ET_TAG_INT)
        return et_value_int(v, a->boxes);
    if (v->tag == ET_TAG_BOOL)
        return v->u.b;
    /* 1.0/1.1 typed some cortex_m arguments `Scalar`: a whole number may
     * arrive as a Double there (kernels with named arguments only). */
    if (v->tag == ET_TAG_DOUBLE && a->pos != NULL) {
        double d = et_value_double(v, a->boxes);
        if (d >= -9.2e18 && d <= 9.2e18 && d == __builtin_trunc(d))
            return et_f64_to_i64(d);
    }
    if (a->ok)
        mismatch(a, i, "an int", v->tag);
    return 0;
}

double et_arg_double(et_kargs *a, uint32_t i)
{
    const et_value *v = arg(a, i);
    uint16_t tag_wide;  /* as in et_arg_int: a Double held as a float, in one test */
    memcpy(&tag_wide, v, sizeof tag_wide);
    if (tag_wide == ET_TAG_DOUBLE)
        return v->u.f;
    if (v->tag == ET_TAG_DOUBLE)
        return et_value_double(v, a->boxes);
    if (v->tag == ET_TAG_INT)
        return et_i64_to_f64(et_value_int(v, a->boxes));
    if (a->ok)
        mismatch(a, i, "a float", v->tag);
    return 0.0;
}

bool et_arg_bool(et_kargs *a, uint32_t i)
{
    const et_value *v = arg(a, i);
    if (v->tag == ET_TAG_BOOL)
        return v->u.b;
    if (a->ok)
        mismatch(a, i, "a bool", v->tag);
    return false;
}

bool et_arg_is_null(et_kargs *a, uint32_t i)
{
    return arg(a, i)->tag == ET_TAG_NULL;
}

uint32_t et_arg_int_list(et_kargs *a, uint32_t i, int64_t *out, uint32_t max)
{
    const et_value *v = arg(a, i);
    if (v->tag != ET_TAG_INT_LIST) {
        if (a->ok)
            mismatch(a, i, "an int list", v->tag);
        return 0;
    }
    et_list l = et_value_list(v);
    if (l.count > max) {
        if (a->ok)
            et_fail(a->err, ET_ERR_INVALID_ARGUMENT, "%s: argument %u has %u entries, at most %u allowed",
                    a->op, (unsigned)i, (unsigned)l.count, (unsigned)max);
        a->ok = false;
        return 0;
    }
    /* The items are indices of Int values (boxed); the loader checked them. */
    const et_value *values = a->values;
    for (const uint8_t *item = l.items, *end = l.items + 8 * l.count; item != end; item += 8) {
        const et_value *x = &values[fb_le32(item)];  /* below the value count: the high word is 0 */
        *out++ = __builtin_expect(ET_VALUE_WIDE(x), 0) ? a->boxes[x->box].i : x->u.i;
    }
    return l.count;
}

bool et_arg_ints(et_kargs *a, uint32_t i, int32_t *out, uint32_t n)
{
    if (n > ET_MAX_RANK)
        return false;
    const et_value *v = arg(a, i);
    if (v->tag != ET_TAG_INT_LIST) {
        int64_t none[1];
        et_arg_int_list(a, i, none, 0);  /* its error */
        return false;
    }
    et_list l = et_value_list(v);
    if (l.count != n) {
        if (a->ok && l.count > ET_MAX_RANK)
            et_fail(a->err, ET_ERR_INVALID_ARGUMENT, "%s: argument %u has %u entries, at most %u allowed",
                    a->op, (unsigned)i, (unsigned)l.count, (unsigned)ET_MAX_RANK);
        else if (a->ok)
            et_fail(a->err, ET_ERR_INVALID_ARGUMENT, "%s: argument %u has %u entries, expected %u", a->op,
                    (unsigned)i, (unsigned)l.count, (unsigned)n);
        a->ok = false;
        return false;
    }
    /* Straight from the items' Int values: a wide one (a box) is outside
     * 32 bits, so no box is read here. */
    for (uint32_t k = 0; k < n; k++) {
        const et_value *x = &a->values[fb_le64(l.items + 8 * k)];
        if (ET_VALUE_WIDE(x)) {
            if (a->ok)
                et_fail(a->err, ET_ERR_INVALID_ARGUMENT, "%s: argument %u entry %u out of range", a->op,
                        (unsigned)i, (unsigned)k);
            a->ok = false;
            return false;
        }
        out[k] = x->u.i;
    }
    return a->ok;
}

bool et_check(et_kargs *a, bool cond, et_err code, const char *what)
{
    if (!cond && a->ok) {
        et_fail(a->err, code, "%s: %s", a->op, what);
        a->ok = false;
    }
    return a->ok;
}

bool et_permissive(et_kargs *a, const char *what)
{
    et_warnings *w = a->warnings;
    if (!w || !a->ok)
        return a->ok;
    if (w->strict) {
        et_fail(a->err, ET_ERR_UNSUPPORTED, "%s: %s (upstream refuses it; strict)", a->op, what);
        a->ok = false;
        return false;
    }
    if (w->count++ == 0) {
        w->first_op = a->op;
        w->first_what = what;
    }
    return true;
}

bool et_check_dtype(et_kargs *a, const et_tensor *t, int dtype, const char *name)
{
    if (a->ok && t->dtype != dtype) {
        et_fail(a->err, ET_ERR_UNSUPPORTED_DTYPE, "%s: %s is %s, expected %s", a->op, name,
                et_dtype_name(t->dtype), et_dtype_name(dtype));
        a->ok = false;
    }
    return a->ok;
}

bool et_check_data(et_kargs *a, const et_tensor *t, const char *name)
{
    if (a->ok && !a->sizing && t->data == NULL && t->nbytes != 0) {
        et_fail(a->err, ET_ERR_INVALID_ARGUMENT, "%s: %s has no data (input not set, or freed)", a->op, name);
        a->ok = false;
    }
    return a->ok;
}

uint32_t et_arg_tensor_list(et_kargs *a, uint32_t i, et_tensor **out, uint32_t max)
{
    const et_value *v = arg(a, i);
    if (v->tag != ET_TAG_TENSOR_LIST) {
        if (a->ok)
            mismatch(a, i, "a tensor list", v->tag);
        return 0;
    }
    et_list l = et_value_list(v);
    if (l.count > max) {
        if (a->ok)
            et_fail(a->err, ET_ERR_INVALID_ARGUMENT, "%s: argument %u has %u tensors, at most %u allowed", a->op,
                    (unsigned)i, (unsigned)l.count, (unsigned)max);
        a->ok = false;
        return 0;
    }
    /* i32 indices of Tensor values; the loader checked them. */
    for (uint32_t k = 0; k < l.count; k++)
        out[k] = a->values[(uint32_t)fb_le32(l.items + 4 * k)].u.t;
    return l.count;
}

const et_tensor *et_bind_tensor(et_kargs *a, et_bound_tensors *b, uint32_t slot)
{
    const et_tensor *t = et_arg_tensor_or_null(a, slot);
    if (!a->ok)
        return t;
    if (b->count >= ET_MAX_BOUND) {
        et_fail(a->err, ET_ERR_INVALID_ARGUMENT, "%s: more than %u tensors to bind", a->op, (unsigned)ET_MAX_BOUND);
        a->ok = false;
        return t;
    }
    uint32_t vi = a->args[position(a, slot)];
    if (vi > UINT16_MAX) {
        et_fail(a->err, ET_ERR_UNSUPPORTED, "%s: value %u is past the bound tensors' 16-bit indices", a->op,
                (unsigned)vi);
        a->ok = false;
        return t;
    }
    b->value[b->count] = (uint16_t)vi;
    b->t[b->count++] = t;
    return t;
}

bool et_bound_current(const et_kargs *a, const et_bound_tensors *b)
{
    for (uint32_t i = 0; i < b->count; i++) {
        const et_value *v = &a->values[b->value[i]];
        if (b->t[i] == NULL) {
            if (v->tag != ET_TAG_NULL)
                return false;
        } else if (v->tag != ET_TAG_TENSOR || v->u.t != b->t[i] || (v->u.t->data == NULL && v->u.t->nbytes != 0)) {
            return false;
        }
    }
    return true;
}
