/* Loader tests: every real file loads; corrupted copies are rejected with
 * the specific error, and never read out of bounds (ASan watches). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "../../runtime/flatbuffer.h"
#include "../../runtime/pte_schema.h"
#include "rt_util.h"

static const char *const real_files[] = {
    "models/add_arduino.pte", "models/add_apple.pte", "models/module_linear.pte",
    "models/ethos_u55_128_add.pte", "models/kws_dscnn_cortex_m.pte", "models/mlperf/ic_resnet8_cortex_m.pte",
    "models/mlperf/vww_mbv1_025_96_cortex_m.pte", "models/mlperf/vww_mbv1_025_96_cortex_m_mve.pte",
};

Test(loader, every_real_file_loads)
{
    for (size_t i = 0; i < sizeof real_files / sizeof real_files[0]; i++) {
        rt_model m;
        et_error err = {0};
        et_err e = rt_open(&m, real_files[i], &err);
        cr_expect_eq(e, ET_OK, "%s: %s", real_files[i], err.msg);
        rt_close(&m);
    }
}

/* Facts from MODELS.md, not from our reader. */
Test(loader, kws_structure_matches_the_inventory)
{
    rt_model m;
    et_error err = {0};
    cr_assert_eq(rt_open(&m, "models/kws_dscnn_cortex_m.pte", &err), ET_OK, "%s", err.msg);
    const et_method *me = &m.s.method;
    cr_expect(m.s.program.has_extended_header);
    cr_expect_eq(m.s.program.segment_base, 14976);
    cr_expect_eq(m.s.program.constants, ET_CONSTANTS_SEGMENT);
    cr_expect_eq(me->nvalues, 289);
    cr_expect_eq(me->ninstrs, 16);
    cr_expect_eq(me->nops, 8);
    cr_expect_eq(me->arenas.count, 1);
    cr_expect_eq(m.s.plan.pte_bytes, 16000);  /* the .pte's plan; re-planned at load: smaller */
    cr_expect_lt(me->arenas.size[0], 16000);
    cr_expect_eq(me->inputs[0], 83);
    cr_expect_eq(me->outputs[0], 283);
    cr_expect_str_eq(me->ops[2]->name, "dim_order_ops::_clone_dim_order.out");
    /* Constants are used in place: the first-layer weight lies in the file. */
    const et_tensor *w = me->values[me->instrs[1].args[1]].u.t;
    cr_expect(w->is_constant);
    cr_expect((const uint8_t *)w->data >= m.pte && (const uint8_t *)w->data < m.pte + m.pte_size);
    /* Views share their base's bytes: value 271 aliases 257. */
    cr_expect_eq(me->values[271].u.t->data, me->values[257].u.t->data);
    rt_close(&m);
}

Test(loader, deprecated_inline_constants)
{
    rt_model m;
    et_error err = {0};
    cr_assert_eq(rt_open(&m, "models/module_linear.pte", &err), ET_OK, "%s", err.msg);
    cr_expect_eq(m.s.program.constants, ET_CONSTANTS_INLINE);
    const et_tensor *a = m.s.method.values[0].u.t;  /* four 3.0f at file offset 144 */
    cr_expect_eq((const uint8_t *)a->data - m.pte, 144);
    cr_expect_eq(((const float *)a->data)[3], 3.0f);
    rt_close(&m);
}

Test(loader, bad_identifier)
{
    size_t n;
    uint8_t *buf = rt_read_shared("models/add_apple.pte", &n);
    et_error err = {0};
    buf[7] = '3';  /* "ET13" */
    cr_expect_eq(rt_load_bytes(buf, n, &err), ET_ERR_BAD_IDENTIFIER);
    cr_expect(strstr(err.msg, "ET12") != NULL, "%s", err.msg);
    free(buf);
}

Test(loader, bad_extended_header_magic)
{
    size_t n;
    uint8_t *buf = rt_read_shared("models/add_arduino.pte", &n);
    et_error err = {0};
    buf[11] = '9';  /* "eh09" */
    cr_expect_eq(rt_load_bytes(buf, n, &err), ET_ERR_BAD_IDENTIFIER);
    free(buf);
}

/* Every prefix of a file with an extended header is "truncated": the
 * header tells how long the file must be. */
Test(loader, truncated_at_every_offset)
{
    size_t n;
    uint8_t *buf = rt_read_shared("models/add_arduino.pte", &n);
    cr_assert_eq(n, 1156);
    for (size_t len = 0; len < n; len++) {
        et_error err = {0};
        et_err e = rt_load_bytes(buf, len, &err);
        cr_expect_eq(e, ET_ERR_TRUNCATED, "length %zu: %s (%s)", len, et_err_name(e), err.msg);
    }
    et_error err = {0};
    cr_expect_eq(rt_load_bytes(buf, n, &err), ET_OK, "%s", err.msg);
    free(buf);
}

/* Without a header the truncation shows as offsets out of range.  Only
 * the few bytes of trailing padding may be cut without harm. */
Test(loader, truncated_plain_flatbuffer_is_rejected)
{
    size_t n, accepted = 0;
    uint8_t *buf = rt_read_shared("models/module_linear.pte", &n);
    for (size_t len = 0; len < n; len++) {
        et_error err = {0};
        et_err e = rt_load_bytes(buf, len, &err);
        if (e == ET_OK)
            accepted++;
        else
            cr_expect(e == ET_ERR_TRUNCATED || e == ET_ERR_OUT_OF_RANGE, "length %zu: %s", len, et_err_name(e));
    }
    cr_expect(accepted <= 16, "%zu truncated copies accepted", accepted);
    free(buf);
}

/* Flip every bit of two files: the loader must survive (ASan/UBSan) and
 * either accept the file or name a specific error. */
static void flip_every_bit(const char *rel, size_t stride)
{
    size_t n, accepted = 0;
    uint8_t *buf = rt_read_shared(rel, &n);
    for (size_t byte = 0; byte < n; byte += stride)
        for (int bit = 0; bit < 8; bit++) {
            et_error err = {0};
            buf[byte] ^= (uint8_t)(1u << bit);
            et_err e = rt_load_bytes(buf, n, &err);
            buf[byte] ^= (uint8_t)(1u << bit);
            if (e == ET_OK)
                accepted++;
            else
                cr_expect(err.msg[0] != '\0', "%s: byte %zu bit %d: error without message", rel, byte, bit);
        }
    cr_expect(accepted < n * 8 / stride, "some flips must be rejected");
    free(buf);
}

Test(loader, bit_flips_add_arduino) { flip_every_bit("models/add_arduino.pte", 1); }
Test(loader, bit_flips_ethos_u) { flip_every_bit("models/ethos_u55_128_add.pte", 1); }
Test(loader, bit_flips_kws_program) { flip_every_bit("models/kws_dscnn_cortex_m.pte", 7); }

/* Locates a tensor value's table in a file with the generic reader, to
 * corrupt one field on purpose. */
static bool tensor_field(const uint8_t *data, size_t size, uint32_t value, unsigned field, uint32_t width,
                         uint32_t *pos)
{
    fb_buf b = {data, (uint32_t)size};
    fb_table root, plan, ev, t;
    fb_vec plans, values;
    bool present;
    return fb_root(&b, &root) && fb_vector(&root, PROGRAM_EXECUTION_PLAN, 4, &plans, &present) &&
           fb_vec_table(&plans, 0, &plan) && fb_vector(&plan, PLAN_VALUES, 4, &values, &present) &&
           fb_vec_table(&values, value, &ev) && fb_subtable(&ev, EVALUE_VAL, &t, &present) &&
           fb_field(&t, field, width, pos) && *pos != 0;
}

Test(loader, unsupported_dtype)
{
    size_t n;
    uint32_t pos;
    uint8_t *buf = rt_read_shared("models/module_linear.pte", &n);
    cr_assert(tensor_field(buf, n, 2, TENSOR_SCALAR_TYPE, 1, &pos));
    cr_assert_eq(buf[pos], ET_FLOAT);
    buf[pos] = 99;  /* no such scalar type; the value is an operator's argument */
    et_error err = {0};
    cr_expect_eq(rt_load_bytes(buf, n, &err), ET_ERR_UNSUPPORTED_DTYPE, "%s", err.msg);
    cr_expect(strstr(err.msg, "uses value 2") != NULL, "%s", err.msg);
    free(buf);
}

/* A scalar type the format knows but no kernel computes with loads; the
 * kernel that gets it names it when it runs. */
Test(loader, known_dtype_without_kernel_fails_at_its_instruction)
{
    size_t n;
    uint32_t pos;
    uint8_t *buf = rt_read_shared("models/module_linear.pte", &n);
    cr_assert(tensor_field(buf, n, 2, TENSOR_SCALAR_TYPE, 1, &pos));
    buf[pos] = ET_BFLOAT16;
    static et_session s;
    void *work = aligned_alloc(16, RT_WORK_BYTES);
    et_error err = {0};
    cr_assert_eq(et_session_open(&s, buf, n, NULL, work, RT_WORK_BYTES, &err), ET_OK, "%s", err.msg);
    static uint8_t zeros[4096];
    for (uint32_t i = 0; i < s.method.ninputs; i++)
        cr_assert_eq(et_method_set_input(&s.method, i, zeros, et_method_input(&s.method, i)->u.t->nbytes, &err),
                     ET_OK, "%s", err.msg);
    cr_expect_eq(et_method_execute(&s.method, NULL, &err), ET_ERR_UNSUPPORTED_DTYPE, "%s", err.msg);
    cr_expect(strstr(err.msg, "bfloat16") != NULL, "%s", err.msg);
    free(work);
    free(buf);
}

/* A tensor no input, output or instruction reaches gets no record (KWS:
 * 45 of 111) but is checked as any other: a negative size in one still
 * refuses the file. */
Test(loader, unreachable_tensors_are_checked_without_a_record)
{
    rt_model m;
    et_error err = {0};
    cr_assert_eq(rt_open(&m, "models/kws_dscnn_cortex_m.pte", &err), ET_OK, "%s", err.msg);
    uint32_t unreached = 0, first = 0;
    for (uint32_t i = 0; i < m.s.method.nvalues; i++)
        if (m.s.method.values[i].tag == ET_TAG_TENSOR && m.s.method.values[i].u.t == NULL && unreached++ == 0)
            first = i;
    cr_expect_eq(unreached, 45);
    rt_close(&m);
    size_t n;
    uint32_t pos;
    uint8_t *buf = rt_read_shared("models/kws_dscnn_cortex_m.pte", &n);
    cr_assert(tensor_field(buf, n, first, TENSOR_SIZES, 4, &pos));
    uint32_t vec = pos + fb_le32(buf + pos);
    cr_assert(fb_le32(buf + vec) >= 1, "value %u has rank 0", (unsigned)first);
    memset(buf + vec + 4, 0xff, 4);  /* size -1 */
    cr_expect_eq(rt_load_bytes(buf, n, &err), ET_ERR_MALFORMED, "%s", err.msg);
    cr_expect(strstr(err.msg, "negative size") != NULL, "%s", err.msg);
    free(buf);
}

/* Index vectors are read in the file (inputs, outputs, the prepared
 * convolutions' arguments); the calls that parse their arguments on every
 * run have them in RAM (the pool), not in the flash. */
Test(loader, index_vectors_in_place_for_prepared_calls)
{
    rt_model m;
    et_error err = {0};
    cr_assert_eq(rt_open(&m, "models/kws_dscnn_cortex_m.pte", &err), ET_OK, "%s", err.msg);
    const et_method *me = &m.s.method;
    const uint8_t *lo = m.pte, *hi = m.pte + m.pte_size;
    cr_expect((const uint8_t *)me->inputs >= lo && (const uint8_t *)me->inputs < hi);
    cr_expect((const uint8_t *)me->outputs >= lo && (const uint8_t *)me->outputs < hi);
    unsigned prepared = 0;
    for (uint32_t pc = 0; pc < me->ninstrs; pc++) {
        const uint8_t *args = (const uint8_t *)me->instrs[pc].args;
        bool in_file = args >= lo && args < hi;
        cr_expect_eq(in_file, me->instrs[pc].state != NULL, "instruction %u", (unsigned)pc);
        prepared += me->instrs[pc].state != NULL;
    }
    cr_expect_eq(prepared, 9);  /* the four pointwise and five depthwise convolutions */
    rt_close(&m);
}

Test(loader, unsupported_dim_order)
{
    size_t n;
    uint32_t pos;
    uint8_t *buf = rt_read_shared("models/module_linear.pte", &n);
    cr_assert(tensor_field(buf, n, 2, TENSOR_DIM_ORDER, 4, &pos));
    uint32_t vec = pos + fb_le32(buf + pos);
    cr_assert_eq(fb_le32(buf + vec), 2);
    buf[vec + 4] = 1;  /* [1, 1]: not a permutation */
    et_error err = {0};
    cr_expect_eq(rt_load_bytes(buf, n, &err), ET_ERR_UNSUPPORTED_DIM_ORDER, "%s", err.msg);
    free(buf);
}

/* Any permutation loads (the reference runtime's rule); a kernel that
 * needs a particular layout refuses the others when it runs. */
Test(loader, any_dim_order_permutation_loads)
{
    size_t n;
    uint32_t pos;
    uint8_t *buf = rt_read_shared("models/module_linear.pte", &n);
    cr_assert(tensor_field(buf, n, 2, TENSOR_DIM_ORDER, 4, &pos));
    uint32_t vec = pos + fb_le32(buf + pos);
    cr_assert_eq(fb_le32(buf + vec), 2);
    buf[vec + 4] = 1;  /* [1, 0]: transposed */
    buf[vec + 5] = 0;
    et_error err = {0};
    cr_expect_eq(rt_load_bytes(buf, n, &err), ET_OK, "%s", err.msg);
    free(buf);
}

static void patch_string(uint8_t *buf, size_t n, const char *from, const char *to)
{
    size_t len = strlen(from);
    for (size_t i = 0; i + len <= n; i++)
        if (memcmp(buf + i, from, len) == 0) {
            memcpy(buf + i, to, len);
            return;
        }
    cr_assert_fail("'%s' not found", from);
}

Test(loader, unknown_operator)
{
    size_t n;
    uint8_t *buf = rt_read_shared("models/add_arduino.pte", &n);
    patch_string(buf, n, "aten::add", "aten::abs");
    et_error err = {0};
    cr_expect_eq(rt_load_bytes(buf, n, &err), ET_ERR_UNKNOWN_OPERATOR);
    cr_expect(strstr(err.msg, "aten::abs.out") != NULL, "%s", err.msg);
    free(buf);
}

Test(loader, unknown_backend)
{
    size_t n;
    uint8_t *buf = rt_read_shared("models/ethos_u55_128_add.pte", &n);
    patch_string(buf, n, "EthosUBackend", "VulkanBackend");
    et_error err = {0};
    cr_expect_eq(rt_load_bytes(buf, n, &err), ET_ERR_NOT_FOUND, "%s", err.msg);
    free(buf);
}

Test(loader, constant_offset_out_of_range)
{
    size_t n;
    uint32_t pos;
    uint8_t *buf = rt_read_shared("models/add_arduino.pte", &n);
    cr_assert(tensor_field(buf, n, 0, TENSOR_DATA_BUFFER_IDX, 4, &pos));
    cr_assert_eq(fb_le32(buf + pos), 1);
    buf[pos] = 7;  /* only constant 1 exists */
    et_error err = {0};
    cr_expect_eq(rt_load_bytes(buf, n, &err), ET_ERR_OUT_OF_RANGE, "%s", err.msg);
    free(buf);
}

Test(loader, arena_offset_out_of_range)
{
    size_t n;
    uint8_t *buf = rt_read_shared("models/add_apple.pte", &n);
    /* Value 2 (the output) is planned at offset 32 of the 48-byte arena. */
    fb_buf b = {buf, (uint32_t)n};
    fb_table root, plan, ev, t, alloc;
    fb_vec plans, values;
    bool present;
    uint32_t pos;
    cr_assert(fb_root(&b, &root) && fb_vector(&root, PROGRAM_EXECUTION_PLAN, 4, &plans, &present) &&
              fb_vec_table(&plans, 0, &plan) && fb_vector(&plan, PLAN_VALUES, 4, &values, &present) &&
              fb_vec_table(&values, 2, &ev) && fb_subtable(&ev, EVALUE_VAL, &t, &present) &&
              fb_subtable(&t, TENSOR_ALLOCATION_INFO, &alloc, &present) && present &&
              fb_field(&alloc, ALLOC_OFFSET_LOW, 4, &pos) && pos);
    cr_assert_eq(fb_le32(buf + pos), 32);
    buf[pos] = 46;  /* 4 bytes at 46 overflow the 48-byte arena */
    et_error err = {0};
    cr_expect_eq(rt_load_bytes(buf, n, &err), ET_ERR_OUT_OF_RANGE, "%s", err.msg);
    free(buf);
}

Test(loader, method_lookup_by_name)
{
    rt_model m;
    et_error err = {0};
    uint32_t index = 99;
    cr_assert_eq(rt_open(&m, "models/add_apple.pte", &err), ET_OK, "%s", err.msg);
    cr_expect_eq(et_program_method_count(&m.s.program), 1);
    cr_expect_eq(et_program_find_method(&m.s.program, "forward", &index, &err), ET_OK);
    cr_expect_eq(index, 0);
    cr_expect_eq(et_program_find_method(&m.s.program, "backward", &index, &err), ET_ERR_NOT_FOUND);
    rt_close(&m);
}
