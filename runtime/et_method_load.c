/* Method loading: turns one ExecutionPlan into checked runtime objects.
 * Every index read from the file is range-checked here, once, so that the
 * executor and the kernels can use them without further checks. */
#include <string.h>

#include "et_method.h"
#include "et_data_map.h"
#include "pte_schema.h"

typedef struct loader {
    const et_program *p;
    et_method *m;
    et_pool *pool;
    et_pool *scratch_pool;  /* NULL: the kernels' scratch comes from pool */
    et_error *err;
    uint32_t index;  /* the method's, for messages */
    fb_table plan;
    fb_vec values;   /* the plan's value tables (alloc_values) */
    /* Resolved argument positions, shared by the KernelCalls of one
     * operator with the same argument count (direct-mapped by op index). */
    struct {
        uint32_t op, nargs;
        const uint8_t *pos;
    } arg_pos_cache[16];
} loader;

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "tensor shapes are read in place from the little-endian .pte"
#endif

#define OOR(ld, ...) et_fail((ld)->err, ET_ERR_OUT_OF_RANGE, __VA_ARGS__)

/* A field, table or vector that lies outside the file: "value 3:
 * allocation_info is out of range" (one message for all of them). */
static et_err oor_at(loader *ld, const char *kind, uint32_t i, const char *what)
{
    return OOR(ld, "%s %u: %s is out of range", kind, (unsigned)i, what);
}

/* A selective runner (runtime.mk's runner-for) leaves out what its model
 * does not use, as `pte_run --info` says: ET_NO_CONTROL_FLOW (no "control
 * flow: yes": MoveCall, JumpFalseCall and FreeCall are refused by name),
 * ET_NO_TENSOR_LISTS (no "tensor lists: yes": a (Optional)TensorList
 * value is refused by name), ET_NO_BOXES (no "boxes: yes": a value that
 * needs a box is refused by name). */
#define built_without(ld, kind, i, what) et_fail_built_without((ld)->err, kind, i, what)
#ifdef ET_NO_CONTROL_FLOW
#define IS_FLOW(kind) false
#else
#define IS_FLOW(kind) ((kind) >= INSTR_MOVE_CALL)
#endif
#ifdef ET_NO_TENSOR_LISTS
#define IS_TENSOR_LIST(tag) false
#else
#define IS_TENSOR_LIST(tag) ((tag) == ET_TAG_TENSOR_LIST || (tag) == ET_TAG_OPT_TENSOR_LIST)
#endif

/* The mark a value record holds before load_value fills it: an
 * instruction, input or output can reach the value (mark_reachable). */
#define REACHABLE 0xffu

static et_err open_plan(const et_program *p, uint32_t index, fb_table *plan, et_error *err)
{
    if (index >= p->plans.count)
        return et_fail(err, ET_ERR_OUT_OF_RANGE, "method index %u, the program has %u methods",
                       (unsigned)index, (unsigned)p->plans.count);
    if (!fb_vec_table(&p->plans, index, plan))
        return et_fail(err, ET_ERR_OUT_OF_RANGE, "execution_plan[%u] is out of range", (unsigned)index);
    return ET_OK;
}

et_err et_method_arena_sizes(const et_program *p, uint32_t method_index, uint64_t *sizes,
                             uint32_t max, uint32_t *count, et_error *err)
{
    fb_table plan;
    fb_vec v;
    bool present;
    if (open_plan(p, method_index, &plan, err) != ET_OK)
        return err->code;
    if (!fb_vector(&plan, PLAN_NON_CONST_BUFFER_SIZES, 8, &v, &present))
        return et_fail(err, ET_ERR_OUT_OF_RANGE, "non_const_buffer_sizes is out of range");
    if (!present)
        return et_fail(err, ET_ERR_MALFORMED, "method has no non_const_buffer_sizes");
    *count = v.count > 0 ? v.count - 1 : 0;  /* entry 0 is reserved */
    if (*count > max)
        return et_fail(err, ET_ERR_UNSUPPORTED, "%u planned arenas, at most %u supported",
                       (unsigned)*count, (unsigned)max);
    for (uint32_t i = 0; i < *count; i++) {
        sizes[i] = fb_vec_u64(&v, i + 1);
        if (sizes[i] > (uint64_t)SIZE_MAX / 2 || sizes[i] > UINT32_MAX)
            return et_fail(err, ET_ERR_MALFORMED, "arena %u size %llu is impossible", (unsigned)i + 1,
                           (unsigned long long)sizes[i]);
    }
    return ET_OK;
}

/* An i32 index vector from the file, checked against `limit`: read in
 * place (every index is in range, so its bits are the u32's) when it is
 * 4-aligned, as FlatBuffers vectors are; else copied (and the calls that
 * parse their arguments per run get a copy anyway: args_to_ram). */
/* An index from the file, in range: "instruction 3: op_index 9, must be
 * below 8". */
static et_err check_index(loader *ld, const char *kind, uint32_t i, int32_t v, uint32_t limit, const char *what)
{
    if (v < 0 || (uint32_t)v >= limit)
        return OOR(ld, "%s %u: %s %d, must be below %u", kind, (unsigned)i, what, (int)v, (unsigned)limit);
    return ET_OK;
}

static et_err read_indices(loader *ld, const fb_vec *v, uint32_t limit, const char *kind, uint32_t ki,
                           const char *what, uint32_t **out)
{
    for (uint32_t i = 0; i < v->count; i++) {
        int32_t x = fb_vec_i32(v, i);
        if (x < 0 || (uint32_t)x >= limit)  /* the test inline: this loop runs for every argument */
            return check_index(ld, kind, ki, x, limit, what);
    }
    if ((uintptr_t)fb_vec_bytes(v) % _Alignof(uint32_t) == 0) {
        *out = (uint32_t *)(uintptr_t)fb_vec_bytes(v);  /* read-only: nothing writes an index vector */
        return ET_OK;
    }
    *out = et_pool_alloc_aligned(ld->pool, (size_t)v->count * sizeof **out + 4, _Alignof(uint32_t), ld->err);
    if (*out == NULL)
        return ld->err->code;
    for (uint32_t i = 0; i < v->count; i++)
        (*out)[i] = (uint32_t)fb_vec_i32(v, i);
    return ET_OK;
}

/* ---- tensors ---------------------------------------------------------- */

static et_err bad_dim_order(loader *ld, uint32_t vi, uint32_t rank)
{
    return et_fail(ld->err, ET_ERR_UNSUPPORTED_DIM_ORDER, "value %u: dim_order is not a permutation of rank %u",
                   (unsigned)vi, (unsigned)rank);
}

static et_err tensor_shape(loader *ld, uint32_t vi, const fb_table *tt, et_tensor *t)
{
    int8_t dtype, dynamism;
    int32_t storage_offset;
    fb_vec sizes, order;
    bool has_sizes, has_order;
    if (!fb_i8(tt, TENSOR_SCALAR_TYPE, ET_BYTE, &dtype) || !fb_i32(tt, TENSOR_STORAGE_OFFSET, 0, &storage_offset) ||
        !fb_i8(tt, TENSOR_SHAPE_DYNAMISM, SHAPE_STATIC, &dynamism) ||
        !fb_vector(tt, TENSOR_SIZES, 4, &sizes, &has_sizes) || !fb_vector(tt, TENSOR_DIM_ORDER, 1, &order, &has_order))
        return oor_at(ld, "value", vi, "a tensor field");
    if (sizes.count > ET_MAX_RANK)
        return et_fail(ld->err, ET_ERR_UNSUPPORTED, "value %u: rank %u, at most %d supported", (unsigned)vi,
                       (unsigned)sizes.count, ET_MAX_RANK);
    if (!has_order || order.count != sizes.count)
        return bad_dim_order(ld, vi, sizes.count);
    /* Shapes stay in the file: a little-endian int32 vector, 4-aligned
     * when the file is (as constants already require). */
    if (sizes.count && (uintptr_t)fb_vec_bytes(&sizes) % 4 != 0)
        return et_fail(ld->err, ET_ERR_MALFORMED, "value %u: sizes vector is misaligned", (unsigned)vi);
    t->dtype = dtype;
    t->rank = (uint8_t)sizes.count;
    t->sizes = (const int32_t *)(const void *)fb_vec_bytes(&sizes);
    t->dim_order = fb_vec_bytes(&order);
    uint64_t numel = 1;
    unsigned seen = 0;
    for (uint32_t i = 0; i < sizes.count; i++) {
        int32_t s = fb_vec_i32(&sizes, i);
        uint8_t d = fb_vec_u8(&order, i);
        if (s < 0)
            return et_fail(ld->err, ET_ERR_MALFORMED, "value %u: negative size %d", (unsigned)vi, (int)s);
        if (d >= sizes.count || (seen & (1u << d)))
            return bad_dim_order(ld, vi, sizes.count);
        seen |= 1u << d;
        numel *= (uint64_t)s;
        if (numel > 0x7fffffffu)
            return et_fail(ld->err, ET_ERR_MALFORMED, "value %u: tensor too large", (unsigned)vi);
    }
    /* What no kernel could use is refused only if an instruction uses it. */
    if (et_dtype_size(dtype) == 0)
        t->unusable = ET_UNUSABLE_DTYPE;
    else if (storage_offset != 0)
        t->unusable = ET_UNUSABLE_STORAGE_OFFSET;
    else if (dynamism == SHAPE_DYNAMIC_UNBOUND)
        t->unusable = ET_UNUSABLE_DYNAMIC_UNBOUND;
    t->nbytes = (size_t)numel * et_dtype_size(dtype);
    return ET_OK;
}

static et_err check_alignment(loader *ld, uint32_t vi, const et_tensor *t)
{
    if ((uintptr_t)t->data % et_dtype_size(t->dtype) != 0)
        return et_fail(ld->err, ET_ERR_MALFORMED,
                       "value %u: %s data at 0x%lx is misaligned (place the .pte 16-byte aligned)",
                       (unsigned)vi, et_dtype_name(t->dtype), (unsigned long)(uintptr_t)t->data);
    return ET_OK;
}

/* The arena address of a planned tensor (allocation_info), checked. */
static et_err planned_address(loader *ld, uint32_t vi, const fb_table *alloc, et_tensor *t)
{
    uint32_t id, lo, hi;
    if (!fb_u32(alloc, ALLOC_MEMORY_ID, 0, &id) || !fb_u32(alloc, ALLOC_OFFSET_LOW, 0, &lo) ||
        !fb_u32(alloc, ALLOC_OFFSET_HIGH, 0, &hi))
        return oor_at(ld, "value", vi, "allocation_info");
    uint64_t off = (uint64_t)lo | ((uint64_t)hi << 32);
    if (id == 0 || id > ld->m->arenas.count)
        return OOR(ld, "value %u: memory_id %u, the method has %u arenas", (unsigned)vi, (unsigned)id,
                   (unsigned)ld->m->arenas.count);
    uint64_t arena_size = ld->m->arenas.size[id - 1];
    if (off > arena_size || t->nbytes > arena_size - off)
        return OOR(ld, "value %u: %lu bytes at offset %llu overflow arena %u (%llu bytes)", (unsigned)vi,
                   (unsigned long)t->nbytes,
                   (unsigned long long)off, (unsigned)id, (unsigned long long)arena_size);
    t->data = ld->m->arenas.base[id - 1] + off;
    t->is_planned = true;
    return ET_OK;
}

#ifdef ET_NO_DATA_MAP
/* A selective runner without the .ptd reader (runtime.mk's runner-for
 * without PTD=): an EXTERNAL tensor is unusable, refused if used. */
static et_err external_data(loader *ld, uint32_t vi, const fb_table *extra, const fb_table *alloc, et_tensor *t)
{
    (void)ld, (void)vi, (void)extra, (void)alloc;
    t->unusable = ET_UNUSABLE_NO_EXTERNAL;
    return ET_OK;
}
#else
/* EXTERNAL data: the .ptd entry named by fully_qualified_name, read in
 * place (a constant) or copied into the arena (a planned tensor, e.g.
 * trainable weights).  Without a .ptd the tensor is unusable: refused
 * only if an instruction uses it. */
static et_err external_data(loader *ld, uint32_t vi, const fb_table *extra, const fb_table *alloc, et_tensor *t)
{
    const char *fqn;
    uint32_t fqn_len;
    bool has_fqn;
    const uint8_t *blob;
    uint64_t size;
    if (!fb_string(extra, EXTRA_INFO_FQN, &fqn, &fqn_len, &has_fqn))
        return oor_at(ld, "value", vi, "fully_qualified_name");
    if (!has_fqn)
        return et_fail(ld->err, ET_ERR_MALFORMED, "value %u: EXTERNAL data without a fully_qualified_name",
                       (unsigned)vi);
    if (ld->p->external == NULL) {
        t->unusable = ET_UNUSABLE_NO_EXTERNAL;
        return ET_OK;
    }
    if (et_data_map_get(ld->p->external, fqn, fqn_len, &blob, &size, ld->err) != ET_OK)
        return ld->err->code;
    if (size < t->nbytes)
        return et_fail(ld->err, ET_ERR_OUT_OF_RANGE, "value %u: external data '%.*s' has %llu bytes, the tensor %lu",
                       (unsigned)vi, (int)(fqn_len > 60 ? 60 : fqn_len), fqn, (unsigned long long)size,
                       (unsigned long)t->nbytes);
    if (alloc) {
        if (planned_address(ld, vi, alloc, t) != ET_OK)
            return ld->err->code;
        memcpy(t->data, blob, t->nbytes);
        ld->m->planned_init = true;
    } else {
        t->data = (void *)(uintptr_t)blob;  /* read-only */
        t->is_constant = true;
    }
    return check_alignment(ld, vi, t);
}
#endif

static et_err tensor_data(loader *ld, uint32_t vi, const fb_table *tt, et_tensor *t)
{
    uint32_t buffer_idx;
    fb_table alloc, extra;
    bool planned, has_extra;
    if (!fb_u32(tt, TENSOR_DATA_BUFFER_IDX, 0, &buffer_idx) ||
        !fb_subtable(tt, TENSOR_ALLOCATION_INFO, &alloc, &planned) ||
        !fb_subtable(tt, TENSOR_EXTRA_INFO, &extra, &has_extra))
        return oor_at(ld, "value", vi, "a tensor data field");
    if (has_extra) {
        int8_t location;
        if (!fb_i8(&extra, EXTRA_INFO_LOCATION, 0, &location))
            return oor_at(ld, "value", vi, "extra_tensor_info");
        if (location == TENSOR_DATA_EXTERNAL)
            return external_data(ld, vi, &extra, planned ? &alloc : NULL, t);
        if (location != TENSOR_DATA_SEGMENT)
            return et_fail(ld->err, ET_ERR_MALFORMED, "value %u: data location %d", (unsigned)vi, (int)location);
    }
    if (planned) {
        if (planned_address(ld, vi, &alloc, t) != ET_OK)
            return ld->err->code;
        if (buffer_idx != 0) {
            /* A mutable buffer (e.g. a KV cache or a counter) starts from
             * the initial value the exporter stored. */
            const uint8_t *init;
            if (et_program_mutable_data(ld->p, buffer_idx, t->nbytes, &init, ld->err) != ET_OK)
                return ld->err->code;
            memcpy(t->data, init, t->nbytes);
            ld->m->planned_init = true;
        }
        return check_alignment(ld, vi, t);
    }
    if (buffer_idx != 0) {
        const uint8_t *data;
        if (et_program_constant(ld->p, buffer_idx, t->nbytes, &data, ld->err) != ET_OK)
            return ld->err->code;
        t->data = (void *)(uintptr_t)data;  /* read-only: kernels never write inputs */
        t->is_constant = true;
        return check_alignment(ld, vi, t);
    }
    t->data = NULL;  /* set at run time (unplanned input) */
    return ET_OK;
}

/* reachable: an instruction, input or output can reach the value
 * (mark_reachable); the others are checked the same but get no record
 * (u.t stays NULL: nothing reads them). */
static et_err load_tensor(loader *ld, uint32_t vi, const fb_table *tt, et_value *v, bool reachable)
{
    et_tensor unreached;
    et_tensor *t = &unreached;
    if (reachable) {
        t = et_pool_alloc_aligned(ld->pool, sizeof *t, _Alignof(et_tensor), ld->err);
        if (t == NULL)
            return ld->err->code;
        v->u.t = t;
    } else {
        unreached = (et_tensor){0};
        v->u.t = NULL;
    }
    if (tensor_shape(ld, vi, tt, t) != ET_OK)
        return ld->err->code;
    if (t->unusable != ET_USABLE)
        return ET_OK;  /* no data bound; refused if an instruction refers to it */
    return tensor_data(ld, vi, tt, t);
}

/* ---- values ----------------------------------------------------------- */

/* What an absent list or string reads as: a zero length. */
static const uint8_t empty_fb[4];

static et_err load_list(loader *ld, uint32_t vi, const fb_table *member, uint32_t elem, et_value *v)
{
    fb_vec items;
    bool present;
    if (!fb_vector(member, SCALAR_VAL, elem, &items, &present))
        return oor_at(ld, "value", vi, "list");
    /* the vector stays in the .pte, its length word before the items */
    v->u.fb = present ? fb_vec_bytes(&items) - 4 : empty_fb;
    return ET_OK;
}

static et_err load_value(loader *ld, uint32_t vi, const fb_table *ev, et_value *v)
{
    uint8_t tag;
    fb_table member;
    bool present;
    if (!fb_u8(ev, EVALUE_TYPE, 0, &tag) || !fb_subtable(ev, EVALUE_VAL, &member, &present))
        return oor_at(ld, "value", vi, "table");
    bool reachable = v->tag == REACHABLE;
    v->tag = tag;
    v->box = ET_NO_BOX;
    if (tag == ET_TAG_NULL)
        return ET_OK;
    if (tag == ET_TAG_NONE || tag > ET_TAG_OPT_TENSOR_LIST)
        return et_fail(ld->err, ET_ERR_MALFORMED, "value %u has unknown type tag %u", (unsigned)vi, (unsigned)tag);
    if (!present)
        return et_fail(ld->err, ET_ERR_MALFORMED, "value %u (tag %u) has no member table", (unsigned)vi,
                       (unsigned)tag);
    uint8_t b;
    bool ok = true;
    int64_t i;
    double d;
    const char *s;
    uint32_t len;
    switch (tag) {
    case ET_TAG_INT:
        /* a wide one gets its box, and its number, in assign_boxes */
        ok = fb_i64(&member, SCALAR_VAL, 0, &i);
        v->wide = i < INT32_MIN || i > INT32_MAX;
        v->u.i = v->wide ? 0 : (int32_t)i;
        break;
    case ET_TAG_BOOL: ok = fb_u8(&member, SCALAR_VAL, 0, &b); v->u.b = b != 0; break;
    case ET_TAG_DOUBLE:
        ok = fb_f64(&member, SCALAR_VAL, 0.0, &d);
        v->wide = (double)(float)d != d;  /* NaN too: kept in a box, bit for bit */
        v->u.f = v->wide ? 0.0f : (float)d;
        break;
    case ET_TAG_STRING:
        ok = fb_string(&member, SCALAR_VAL, &s, &len, &present);
        v->u.fb = present ? (const uint8_t *)s - 4 : empty_fb;  /* the length word before the bytes */
        break;
    case ET_TAG_TENSOR: return load_tensor(ld, vi, &member, v, reachable);
    case ET_TAG_INT_LIST: case ET_TAG_DOUBLE_LIST: return load_list(ld, vi, &member, 8, v);
    case ET_TAG_BOOL_LIST: return load_list(ld, vi, &member, 1, v);
    default:  /* (Optional)TensorList */
#ifdef ET_NO_TENSOR_LISTS
        return built_without(ld, "value", vi, "tensor lists");
#else
        return load_list(ld, vi, &member, 4, v);
#endif
    }
    return ok ? ET_OK : oor_at(ld, "value", vi, "scalar");
}

/* ---- which values the method can reach -------------------------------- */

/* The values inputs, outputs and instructions name (all checked by
 * now), marked before the values load: a tensor no one can reach (KWS
 * has 45 of its 111) is checked but gets no record (the items of tensor
 * lists get theirs in load_list_items). */
static void mark_reachable(loader *ld)
{
    et_method *m = ld->m;
    for (uint32_t i = 0; i < m->ninputs; i++)
        m->values[m->inputs[i]].tag = REACHABLE;
    for (uint32_t i = 0; i < m->noutputs; i++)
        m->values[m->outputs[i]].tag = REACHABLE;
    for (uint32_t pc = 0; pc < m->ninstrs; pc++) {
        const et_instr *in = &m->instrs[pc];
        for (uint32_t k = 0; k < in->nargs; k++)
            m->values[in->args[k]].tag = REACHABLE;
        if (IS_FLOW(in->kind))
            m->values[in->a].tag = REACHABLE;  /* move_from, cond_value_index, value_index */
        if (IS_FLOW(in->kind) && in->kind == INSTR_MOVE_CALL)
            m->values[in->b].tag = REACHABLE;
    }
}

/* A reachable tensor list reaches its items: marked, and true when one
 * was already loaded without its record (a list before its items is
 * loaded in order, as the exporter writes them, and costs nothing). */
static bool mark_list_items(loader *ld, uint32_t vi)
{
    bool again = false;
    et_list l = et_value_list(&ld->m->values[vi]);
    for (uint32_t k = 0; k < l.count; k++) {
        int32_t item = (int32_t)fb_le32(l.items + 4 * k);
        if (item < 0 || (uint32_t)item >= ld->m->nvalues)
            continue;  /* check_list_refs says so */
        et_value *iv = &ld->m->values[item];
        if ((uint32_t)item > vi)
            iv->tag = REACHABLE;
        else if (iv->tag == ET_TAG_TENSOR && iv->u.t == NULL) {
            iv->tag = REACHABLE;
            again = true;
        }
    }
    return again;
}

/* Lists refer to other values: checked once all values are known. */
static et_err check_list_refs(loader *ld, uint32_t vi, const et_value *v)
{
    const et_value *vals = ld->m->values;
    uint32_t n = ld->m->nvalues;
    et_list l = et_value_list(v);
    for (uint32_t k = 0; k < l.count; k++) {
        if (v->tag == ET_TAG_INT_LIST) {
            uint64_t idx = fb_le64(l.items + 8 * k);
            if (idx >= n || vals[idx].tag != ET_TAG_INT)
                return OOR(ld, "value %u: int list item %u refers to value %llu, not an Int", (unsigned)vi,
                           (unsigned)k, (unsigned long long)idx);
        } else if (IS_TENSOR_LIST(v->tag)) {
            int32_t idx = (int32_t)fb_le32(l.items + 4 * k);
            if (v->tag == ET_TAG_OPT_TENSOR_LIST && idx == -1)
                continue;
            if (idx < 0 || (uint32_t)idx >= n ||
                (vals[idx].tag != ET_TAG_TENSOR && !(v->tag == ET_TAG_OPT_TENSOR_LIST && vals[idx].tag == ET_TAG_NULL)))
                return OOR(ld, "value %u: tensor list item %u refers to value %d, not a Tensor", (unsigned)vi,
                           (unsigned)k, (int)idx);
        }
    }
    return ET_OK;
}

/* The value table, zeroed: its size is what the instructions' indices
 * are checked against; it is filled by load_values, after them. */
static et_err alloc_values(loader *ld)
{
    if (!fb_vector(&ld->plan, PLAN_VALUES, 4, &ld->values, NULL))
        return oor_at(ld, "method", ld->index, "values");
    ld->m->nvalues = ld->values.count;
    ld->m->values = et_pool_alloc_aligned(ld->pool, (size_t)ld->values.count * sizeof(et_value) + 1, _Alignof(et_value),
                                          ld->err);
    return ld->m->values == NULL ? ld->err->code : ET_OK;
}

static et_err load_values(loader *ld)
{
    const fb_vec vals = ld->values;
    mark_reachable(ld);
    /* a second pass only for the tensors a list reached after they were
     * loaded without a record */
    bool again = false;
    for (int pass = 0; pass == 0 || (pass == 1 && again); pass++)
        for (uint32_t i = 0; i < vals.count; i++) {
            et_value *v = &ld->m->values[i];
            bool reachable = v->tag == REACHABLE;
            fb_table ev;
            if (pass == 1 && !reachable)
                continue;
            if (!fb_vec_table(&vals, i, &ev))
                return oor_at(ld, "value", i, "table");
            if (load_value(ld, i, &ev, v) != ET_OK)
                return ld->err->code;
            if (reachable && IS_TENSOR_LIST(v->tag))
                again |= mark_list_items(ld, i);
        }
    for (uint32_t i = 0; i < vals.count; i++) {
        uint8_t tag = ld->m->values[i].tag;
        if ((tag == ET_TAG_INT_LIST || IS_TENSOR_LIST(tag)) &&
            check_list_refs(ld, i, &ld->m->values[i]) != ET_OK)
            return ld->err->code;
    }
    return ET_OK;
}

static et_err load_io(loader *ld)
{
    fb_vec in, out;
    bool has_in, has_out;
    if (!fb_vector(&ld->plan, PLAN_INPUTS, 4, &in, &has_in) || !fb_vector(&ld->plan, PLAN_OUTPUTS, 4, &out, &has_out))
        return oor_at(ld, "method", ld->index, "inputs/outputs");
    if (!has_in || !has_out)
        return et_fail(ld->err, ET_ERR_MALFORMED, "method has no %s list", has_in ? "outputs" : "inputs");
    ld->m->ninputs = in.count;
    ld->m->noutputs = out.count;
    if (read_indices(ld, &in, ld->m->nvalues, "method", ld->index, "input value", &ld->m->inputs) != ET_OK ||
        read_indices(ld, &out, ld->m->nvalues, "method", ld->index, "output value", &ld->m->outputs) != ET_OK)
        return ld->err->code;
    return ET_OK;
}

/* ---- operators and delegates ------------------------------------------ */

static et_err load_operators(loader *ld)
{
    fb_vec ops;
    if (!fb_vector(&ld->plan, PLAN_OPERATORS, 4, &ops, NULL))
        return oor_at(ld, "method", ld->index, "operators");
    ld->m->nops = ops.count;
    ld->m->ops = et_pool_alloc(ld->pool, (size_t)ops.count * sizeof *ld->m->ops + 1, ld->err);
    if (ld->m->ops == NULL)
        return ld->err->code;
    for (uint32_t i = 0; i < ops.count; i++) {
        fb_table op;
        const char *name, *overload;
        uint32_t name_len, overload_len;
        bool has_name, has_overload;
        if (!fb_vec_table(&ops, i, &op) || !fb_string(&op, OPERATOR_NAME, &name, &name_len, &has_name) ||
            !fb_string(&op, OPERATOR_OVERLOAD, &overload, &overload_len, &has_overload))
            return oor_at(ld, "operator", i, "table");
        ld->m->ops[i] = et_kernel_lookup(name, name_len, overload, overload_len);
        if (ld->m->ops[i] == NULL)
            return et_fail(ld->err, ET_ERR_UNKNOWN_OPERATOR, "operator %u '%.*s%s%.*s' has no kernel", (unsigned)i,
                           (int)(name_len > 80 ? 80 : name_len), name, overload_len ? "." : "",
                           (int)(overload_len > 40 ? 40 : overload_len), overload);
    }
    return ET_OK;
}

#ifdef ET_NO_BACKENDS
/* A selective runner for a model without delegates (runtime.mk's
 * runner-for) has no backends and no delegate reader. */
static et_err load_delegates(loader *ld)
{
    fb_vec dels;
    if (!fb_vector(&ld->plan, PLAN_DELEGATES, 4, &dels, NULL))
        return oor_at(ld, "method", ld->index, "delegates");
    if (dels.count > 0)
        return built_without(ld, "delegate", 0, "backends");
    return ET_OK;
}
#else
static et_err delegate_blob(loader *ld, uint32_t di, const fb_table *ref, const uint8_t **blob, uint64_t *size)
{
    int8_t location;
    uint32_t index;
    if (!fb_i8(ref, DATA_REF_LOCATION, DATA_LOCATION_INLINE, &location) || !fb_u32(ref, DATA_REF_INDEX, 0, &index))
        return oor_at(ld, "delegate", di, "processed");
    if (location == DATA_LOCATION_SEGMENT)
        return et_program_segment(ld->p, index, blob, size, ld->err);
    if (location != DATA_LOCATION_INLINE)
        return et_fail(ld->err, ET_ERR_MALFORMED, "delegate %u: data location %d", (unsigned)di, (int)location);
    fb_table inl;
    fb_vec data;
    if (index >= ld->p->delegate_data.count)
        return OOR(ld, "delegate %u: inline blob %u, the program has %u", (unsigned)di, (unsigned)index,
                   (unsigned)ld->p->delegate_data.count);
    if (!fb_vec_table(&ld->p->delegate_data, index, &inl) || !fb_vector(&inl, INLINE_DATA_DATA, 1, &data, NULL))
        return oor_at(ld, "delegate", di, "inline blob");
    *blob = fb_vec_bytes(&data);
    *size = data.count;
    return ET_OK;
}

static et_err load_delegates(loader *ld)
{
    fb_vec dels;
    if (!fb_vector(&ld->plan, PLAN_DELEGATES, 4, &dels, NULL))
        return oor_at(ld, "method", ld->index, "delegates");
    ld->m->ndelegates = dels.count;
    ld->m->delegates = et_pool_alloc(ld->pool, (size_t)dels.count * sizeof *ld->m->delegates + 1, ld->err);
    if (ld->m->delegates == NULL)
        return ld->err->code;
    for (uint32_t i = 0; i < dels.count; i++) {
        fb_table del, ref;
        fb_vec specs;
        const char *id;
        uint32_t id_len;
        bool has_id, has_ref;
        const uint8_t *blob = NULL;
        uint64_t size = 0;
        if (!fb_vec_table(&dels, i, &del) || !fb_string(&del, DELEGATE_ID, &id, &id_len, &has_id) ||
            !fb_subtable(&del, DELEGATE_PROCESSED, &ref, &has_ref) ||
            !fb_vector(&del, DELEGATE_COMPILE_SPECS, 4, &specs, NULL))
            return oor_at(ld, "delegate", i, "table");
        if (!has_ref)
            return et_fail(ld->err, ET_ERR_MALFORMED, "delegate %u has no processed blob", (unsigned)i);
        if (delegate_blob(ld, i, &ref, &blob, &size) != ET_OK)
            return ld->err->code;
        const et_backend *be = et_backend_lookup(id, id_len);
        if (be == NULL)
            return et_fail(ld->err, ET_ERR_NOT_FOUND, "delegate %u: no backend named '%.*s'", (unsigned)i,
                           (int)(id_len > 60 ? 60 : id_len), id);
        ld->m->delegates[i].backend = be;
        et_backend_init_ctx ctx = {ld->pool, ld->p};
        if (be->init(&ctx, blob, (size_t)size, &specs, &ld->m->delegates[i].handle, ld->err) != ET_OK)
            return ld->err->code;
    }
    return ET_OK;
}
#endif

/* ---- instructions ----------------------------------------------------- */

static et_err load_call_args(loader *ld, uint32_t ii, const fb_table *call, unsigned field, et_instr *in)
{
    fb_vec args;
    if (!fb_vector(call, field, 4, &args, NULL))
        return oor_at(ld, "instruction", ii, "args");
    in->nargs = args.count;
    return read_indices(ld, &args, ld->m->nvalues, "instruction", ii, "argument value", (uint32_t **)&in->args);
}

/* A kernel that reads its arguments by name: the layout of the release
 * that wrote this call, decided once here by the argument count. */
static et_err resolve_arg_names(loader *ld, uint32_t ii, et_instr *in)
{
    const et_kernel_entry *k = ld->m->ops[in->a];
    if (k->layouts == NULL)
        return ET_OK;
    uint32_t slot = in->a % 16;
    if (ld->arg_pos_cache[slot].pos && ld->arg_pos_cache[slot].op == in->a &&
        ld->arg_pos_cache[slot].nargs == in->nargs) {
        in->arg_pos = ld->arg_pos_cache[slot].pos;
        return ET_OK;
    }
    uint8_t *pos = et_pool_alloc_aligned(ld->pool, k->layouts->nslots, 1, ld->err);
    if (pos == NULL)
        return ld->err->code;
    if (et_arg_resolve(k, in->nargs, pos, ld->err) != ET_OK) {
        char msg[ET_ERROR_MSG_LEN];
        memcpy(msg, ld->err->msg, sizeof msg);
        ld->err->code = ET_OK;
        return et_fail(ld->err, ET_ERR_INVALID_ARGUMENT, "instruction %u: %s", (unsigned)ii, msg);
    }
    in->arg_pos = pos;
    ld->arg_pos_cache[slot].op = in->a;
    ld->arg_pos_cache[slot].nargs = in->nargs;
    ld->arg_pos_cache[slot].pos = pos;
    return ET_OK;
}

static et_err load_instruction(loader *ld, uint32_t ii, const fb_table *it, et_instr *in, uint32_t ninstr)
{
    uint8_t kind;
    fb_table call;
    bool present;
    int32_t a = 0, b = 0;
    if (!fb_u8(it, INSTR_ARGS_TYPE, 0, &kind) || !fb_subtable(it, INSTR_ARGS, &call, &present))
        return oor_at(ld, "instruction", ii, "table");
    if (kind < INSTR_KERNEL_CALL || kind > INSTR_FREE_CALL || !present)
        return et_fail(ld->err, ET_ERR_MALFORMED, "instruction %u has unknown kind %u", (unsigned)ii, (unsigned)kind);
#ifdef ET_NO_CONTROL_FLOW
    (void)ninstr;  /* a JumpFalseCall's bound */
    if (kind >= INSTR_MOVE_CALL)
        return built_without(ld, "instruction", ii, "MoveCall, JumpFalseCall and FreeCall");
#endif
    in->kind = kind;
    /* Every variant keeps its two fields in ids 0 and 1 (for Kernel- and
     * DelegateCall id 1 is the args vector, read below). */
    if (!fb_i32(&call, 0, 0, &a) || !fb_i32(&call, 1, 0, &b))
        return oor_at(ld, "instruction", ii, "a field");
    switch (kind) {
    case INSTR_KERNEL_CALL:
        if (check_index(ld, "instruction", ii, a, ld->m->nops, "op_index") != ET_OK)
            return ld->err->code;
        break;
    case INSTR_DELEGATE_CALL:
        if (check_index(ld, "instruction", ii, a, ld->m->ndelegates, "delegate_index") != ET_OK)
            return ld->err->code;
        break;
#ifndef ET_NO_CONTROL_FLOW
    case INSTR_MOVE_CALL:
        if (check_index(ld, "instruction", ii, a, ld->m->nvalues, "move_from") != ET_OK ||
            check_index(ld, "instruction", ii, b, ld->m->nvalues, "move_to") != ET_OK)
            return ld->err->code;
        break;
    case INSTR_JUMP_FALSE_CALL:
        if (check_index(ld, "instruction", ii, a, ld->m->nvalues, "cond_value_index") != ET_OK ||
            check_index(ld, "instruction", ii, b, ninstr, "destination_instruction") != ET_OK)
            return ld->err->code;
        break;
    case INSTR_FREE_CALL:  /* that it frees a tensor: checked in check_uses, once the values are loaded */
        if (check_index(ld, "instruction", ii, a, ld->m->nvalues, "value_index") != ET_OK)
            return ld->err->code;
        break;
#endif
    }
    in->a = (uint32_t)a;
    in->b = (uint32_t)b;
    if (kind == INSTR_KERNEL_CALL || kind == INSTR_DELEGATE_CALL) {
        if (load_call_args(ld, ii, &call, 1, in) != ET_OK)
            return ld->err->code;
        if (kind == INSTR_KERNEL_CALL)
            return resolve_arg_names(ld, ii, in);
    }
    return ET_OK;
}

/* Chains run one after the other (the reference runtime moves to the
 * next chain when one ends), so they are loaded as one instruction list;
 * a JumpFalseCall's destination is an index within its own chain. */
static bool chain_instrs(const fb_vec *chains, uint32_t c, fb_vec *instrs)
{
    fb_table chain;
    return fb_vec_table(chains, c, &chain) && fb_vector(&chain, CHAIN_INSTRUCTIONS, 4, instrs, NULL);
}

static et_err load_instructions(loader *ld)
{
    fb_vec chains;
    if (!fb_vector(&ld->plan, PLAN_CHAINS, 4, &chains, NULL))
        return oor_at(ld, "method", ld->index, "chains");
    uint64_t total = 0;
    for (uint32_t c = 0; c < chains.count; c++) {
        fb_vec instrs;
        if (!chain_instrs(&chains, c, &instrs))
            return oor_at(ld, "chain", c, "table");
        total += instrs.count;
    }
    if (total > UINT32_MAX / sizeof(et_instr))
        return et_fail(ld->err, ET_ERR_MALFORMED, "%llu instructions", (unsigned long long)total);
    ld->m->ninstrs = (uint32_t)total;  /* 0: e.g. a getter method that only returns a constant */
    ld->m->instrs = et_pool_alloc(ld->pool, (size_t)total * sizeof(et_instr) + 1, ld->err);
    if (ld->m->instrs == NULL)
        return ld->err->code;
    uint32_t base = 0;
    for (uint32_t c = 0; c < chains.count; c++) {
        fb_vec instrs;
        if (!chain_instrs(&chains, c, &instrs))
            return oor_at(ld, "chain", c, "table");
        for (uint32_t i = 0; i < instrs.count; i++) {
            fb_table it;
            et_instr *in = &ld->m->instrs[base + i];
            if (!fb_vec_table(&instrs, i, &it))
                return oor_at(ld, "instruction", base + i, "table");
            if (load_instruction(ld, base + i, &it, in, instrs.count) != ET_OK)
                return ld->err->code;
            if (c > UINT16_MAX)
                return et_fail(ld->err, ET_ERR_UNSUPPORTED, "more than %u chains", (unsigned)UINT16_MAX + 1);
            in->chain = (uint16_t)c;
            if (IS_FLOW(in->kind) && in->kind == INSTR_JUMP_FALSE_CALL)
                in->b += base;
        }
        base += instrs.count;
    }
    return ET_OK;
}

/* The boxes (et_value.box): for the Doubles and wide Ints of the file,
 * and for the values the program writes numbers into at run time: a
 * kernel's scalar result (its last argument), a MoveCall's destination
 * (number_written). */
static et_value *number_written(et_method *m, const et_instr *in)
{
    if (IS_FLOW(in->kind) && in->kind == INSTR_MOVE_CALL)
        return &m->values[in->b];
    if (in->kind == INSTR_KERNEL_CALL && in->nargs > 0) {
        et_value *last = &m->values[in->args[in->nargs - 1]];
        if (last->tag == ET_TAG_INT || last->tag == ET_TAG_DOUBLE || last->tag == ET_TAG_BOOL)
            return last;
    }
    return NULL;
}

#ifdef ET_NO_BOXES
/* A selective runner for a model without boxes (runtime.mk's runner-for:
 * no "boxes: yes" from pte_run --info): a value that needs one is
 * refused by name; m->boxes stays NULL. */
static et_err no_box(loader *ld, uint32_t vi)
{
    return built_without(ld, "value", vi, "boxes (64-bit Ints, Doubles, scalar results)");
}

static et_err assign_boxes(loader *ld)
{
    et_method *m = ld->m;
    for (uint32_t i = 0; i < m->nvalues; i++)
        if (m->values[i].wide)
            return no_box(ld, i);
    for (uint32_t pc = 0; pc < m->ninstrs; pc++) {
        const et_value *v = number_written(m, &m->instrs[pc]);
        if (v)
            return no_box(ld, (uint32_t)(v - m->values));
    }
    return ET_OK;
}
#else
#define BOX_WANTED 0xfffeu

static void want_box(et_value *v)
{
    if (v->box == ET_NO_BOX)
        v->box = BOX_WANTED;
}

static et_err assign_boxes(loader *ld)
{
    et_method *m = ld->m;
    for (uint32_t i = 0; i < m->nvalues; i++)
        if (m->values[i].wide)
            want_box(&m->values[i]);
    for (uint32_t pc = 0; pc < m->ninstrs; pc++) {
        et_value *v = number_written(m, &m->instrs[pc]);
        if (v)
            want_box(v);
    }
    uint32_t n = 0;
    for (uint32_t i = 0; i < m->nvalues; i++)
        if (m->values[i].box == BOX_WANTED) {
            if (n == BOX_WANTED)
                return et_fail(ld->err, ET_ERR_UNSUPPORTED, "more than %u Double, 64-bit Int or scalar result values",
                               (unsigned)BOX_WANTED);
            m->values[i].box = (uint16_t)n++;
        }
    m->nboxes = n;
    m->boxes = et_pool_alloc_aligned(ld->pool, (size_t)n * sizeof(et_box) + 1, _Alignof(et_box), ld->err);
    if (m->boxes == NULL)
        return ld->err->code;
    /* the file's numbers, read again (load_value checked them) */
    for (uint32_t i = 0; i < m->nvalues; i++) {
        et_value *v = &m->values[i];
        fb_table ev, member;
        bool present;
        if (!v->wide)
            continue;
        if (!fb_vec_table(&ld->values, i, &ev) || !fb_subtable(&ev, EVALUE_VAL, &member, &present) ||
            (v->tag == ET_TAG_INT ? !fb_i64(&member, SCALAR_VAL, 0, &m->boxes[v->box].i)
                                  : !fb_f64(&member, SCALAR_VAL, 0.0, &m->boxes[v->box].d)))
            return oor_at(ld, "value", i, "scalar");
    }
    return ET_OK;
}
#endif

/* A value some instruction, input or output refers to must be usable. */
static et_err check_usable(loader *ld, uint32_t vi, const char *where, uint32_t n)
{
    const et_value *v = &ld->m->values[vi];
    if (v->tag == ET_TAG_TENSOR && v->u.t->unusable != ET_USABLE)
        return et_fail(ld->err, v->u.t->unusable == ET_UNUSABLE_DTYPE ? ET_ERR_UNSUPPORTED_DTYPE : ET_ERR_UNSUPPORTED,
                       "%s %u uses value %u: %s (scalar type %d)",
                       where, (unsigned)n, (unsigned)vi, et_tensor_unusable_reason(v->u.t->unusable),
                       (int)v->u.t->dtype);
    et_list l = IS_TENSOR_LIST(v->tag) ? et_value_list(v) : (et_list){0};
    for (uint32_t k = 0; k < l.count; k++) {
        int32_t item = (int32_t)fb_le32(l.items + 4 * k);
        const et_value *iv = item >= 0 ? &ld->m->values[item] : NULL;
        if (iv && iv->tag == ET_TAG_TENSOR && iv->u.t->unusable != ET_USABLE)
            return et_fail(ld->err, iv->u.t->unusable == ET_UNUSABLE_DTYPE ? ET_ERR_UNSUPPORTED_DTYPE : ET_ERR_UNSUPPORTED,
                           "%s %u uses value %d (in list %u): %s", where,
                           (unsigned)n, (int)item, (unsigned)vi, et_tensor_unusable_reason(iv->u.t->unusable));
    }
    return ET_OK;
}

static et_err check_uses(loader *ld)
{
    const et_method *m = ld->m;
    for (uint32_t i = 0; i < m->ninputs; i++)
        if (check_usable(ld, m->inputs[i], "input", i) != ET_OK)
            return ld->err->code;
    for (uint32_t i = 0; i < m->noutputs; i++)
        if (check_usable(ld, m->outputs[i], "output", i) != ET_OK)
            return ld->err->code;
    for (uint32_t pc = 0; pc < m->ninstrs; pc++) {
        const et_instr *in = &m->instrs[pc];
        if (IS_FLOW(in->kind) && in->kind == INSTR_FREE_CALL && m->values[in->a].tag != ET_TAG_TENSOR)
            return et_fail(ld->err, ET_ERR_MALFORMED, "instruction %u frees value %d, not a tensor", (unsigned)pc,
                           (int)in->a);
        for (uint32_t k = 0; k < in->nargs; k++)
            if (check_usable(ld, in->args[k], "instruction", pc) != ET_OK)
                return ld->err->code;
        if (!IS_FLOW(in->kind))
            continue;
        if ((in->kind == INSTR_MOVE_CALL && (check_usable(ld, in->a, "instruction", pc) != ET_OK ||
                                             check_usable(ld, in->b, "instruction", pc) != ET_OK)) ||
            (in->kind == INSTR_FREE_CALL && check_usable(ld, in->a, "instruction", pc) != ET_OK))
            return ld->err->code;
    }
    return ET_OK;
}

/* One call's load-time work (et_kernel_extra): its arguments read and
 * checked into a state when the kernel can; its scratch need. */
static et_err prepare_call(loader *ld, et_instr *in, size_t *need)
{
    const et_kernel_extra *x = ld->m->ops[in->a]->extra;
    et_error ignored = {0};  /* the kernel reports bad arguments when it runs */
    et_kargs a;
    et_method_kargs(&a, ld->m, in, &ignored);
    a.sizing = true;
    size_t n = x->scratch ? x->scratch(&a) : 0;
    *need = n > *need ? n : *need;
    if (!x->prepare)
        return ET_OK;
    size_t mark = ld->pool->used;
    void *state = et_pool_alloc_aligned(ld->pool, x->state_size, 8, ld->err);  /* any scalar */
    if (state == NULL)
        return ld->err->code;
    et_method_kargs(&a, ld->m, in, &ignored);
    a.sizing = true;
    if (x->prepare(&a, state) && a.ok)
        in->state = state;
    else
        ld->pool->used = mark;  /* not prepared: the call parses its arguments and says what is wrong */
    return ET_OK;
}

/* Every KernelCall's load-time work, then one scratch buffer for all, as
 * large as the largest call needs (the calls run one after the other). */
/* A call that reads its arguments on every run gets them in RAM (one
 * word each); a prepared one keeps reading them in the .pte (it does not,
 * but to fall back to its full path): flash costs the per-call readers
 * wait states (KWS's quantized_linear 26 cycles a call). */
static et_err args_to_ram(loader *ld, et_instr *in)
{
    const uint8_t *p = (const uint8_t *)in->args;
    if (in->nargs == 0 || (p >= ld->pool->base && p < ld->pool->base + ld->pool->size))
        return ET_OK;  /* none, or copied already (a misaligned vector) */
    uint32_t *copy = et_pool_alloc_aligned_uninit(ld->pool, (size_t)in->nargs * sizeof *copy, _Alignof(uint32_t),
                                                  ld->err);
    if (copy == NULL)
        return ld->err->code;
    memcpy(copy, in->args, (size_t)in->nargs * sizeof *copy);
    in->args = copy;
    return ET_OK;
}

static et_err prepare_calls(loader *ld)
{
    et_method *m = ld->m;
    size_t need = 0;
    for (uint32_t pc = 0; pc < m->ninstrs; pc++) {
        et_instr *in = &m->instrs[pc];
        if (in->kind == INSTR_KERNEL_CALL && m->ops[in->a]->extra && prepare_call(ld, in, &need) != ET_OK)
            return ld->err->code;
        if ((in->kind == INSTR_KERNEL_CALL || in->kind == INSTR_DELEGATE_CALL) && in->state == NULL &&
            args_to_ram(ld, in) != ET_OK)
            return ld->err->code;
    }
    if (need == 0)
        return ET_OK;
    et_error ignored = {0};  /* the fast pool too small: the metadata pool */
    m->scratch = ld->scratch_pool ? et_pool_alloc_uninit(ld->scratch_pool, need, &ignored) : NULL;
    if (m->scratch == NULL)
        m->scratch = et_pool_alloc_uninit(ld->pool, need, ld->err);
    if (m->scratch == NULL)
        return ld->err->code;
    m->scratch_size = need;
    return ET_OK;
}

et_err et_method_load(et_method *m, const et_program *p, uint32_t method_index, et_pool *pool,
                      et_pool *scratch_pool, const et_arenas *arenas, et_error *err)
{
    uint64_t sizes[ET_MAX_ARENAS];
    uint32_t count;
    bool has_name;
    loader ld = {.p = p, .m = m, .pool = pool, .scratch_pool = scratch_pool, .err = err, .index = method_index};
    memset(m, 0, sizeof *m);
    m->program = p;
    if (open_plan(p, method_index, &ld.plan, err) != ET_OK ||
        et_method_arena_sizes(p, method_index, sizes, ET_MAX_ARENAS, &count, err) != ET_OK)
        return err->code;
    if (!fb_string(&ld.plan, PLAN_NAME, &m->name, &m->name_len, &has_name))
        return oor_at(&ld, "method", method_index, "name");
    if (!has_name)
        return et_fail(err, ET_ERR_MALFORMED, "method %u has no name", (unsigned)method_index);
    if (arenas->count < count)
        return et_fail(err, ET_ERR_NO_MEMORY, "method needs %u arenas, %u given", (unsigned)count,
                       (unsigned)arenas->count);
    for (uint32_t i = 0; i < count; i++)
        if (arenas->size[i] < sizes[i])
            return et_fail(err, ET_ERR_NO_MEMORY, "arena %u has %llu bytes, the method needs %llu", (unsigned)i + 1,
                           (unsigned long long)arenas->size[i], (unsigned long long)sizes[i]);
    m->arenas = *arenas;
    m->arenas.count = count;
    for (uint32_t i = 0; i < count; i++)
        m->arenas.size[i] = sizes[i];  /* bound tensors by the plan, not the buffer */
    /* the instructions before the values: only the tensors they reach get
     * a record (mark_reachable) */
    if (alloc_values(&ld) != ET_OK || load_io(&ld) != ET_OK || load_operators(&ld) != ET_OK ||
        load_delegates(&ld) != ET_OK || load_instructions(&ld) != ET_OK || load_values(&ld) != ET_OK ||
        assign_boxes(&ld) != ET_OK || check_uses(&ld) != ET_OK ||
        prepare_calls(&ld) != ET_OK)
        return err->code;
    return ET_OK;
}
