/* EthosUBackend on the host: the VelaBinStream reader against the real
 * blobs (sizes and offsets from MODELS.md 5.1 and models/vela's
 * blob_info.json, written by Arm's tools, not by us), the delegate's data
 * path through a fake NPU that does the add model's job from the offsets
 * MODELS.md gives, and the I/O rules of upstream's backend (padded rows,
 * int4, dtypes, byte counts, bounds) on hand-made records. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../runtime/backends/ethosu_io.h"
#include "../../runtime/backends/vela_bin.h"
#include "rt_util.h"

/* ---- the reader on the real blobs ---------------------------------------- */

static const vela_bin *delegate0(rt_model *m)
{
    cr_assert_eq(m->s.method.ndelegates, 1);
    return m->s.method.delegates[0].handle;
}

Test(ethosu, add_blob_as_models_md_describes_it)
{
    rt_model m;
    et_error err = {0};
    cr_assert_eq(rt_open(&m, "models/ethos_u55_128_add.pte", &err), ET_OK, "%s", err.msg);
    const vela_bin *v = delegate0(&m);
    cr_expect_eq(v->cmd_size, 908);
    cr_expect_eq(v->weight_size, 32);
    cr_expect_eq(v->scratch_size, 144);
    cr_expect_eq(v->cmd_data, m.pte + 112 + 64, "cmd_data read in place at file offset 176");
    cr_expect_eq(v->weight_data[19], 0x40);
    cr_assert_eq(v->ninputs, 2);
    cr_assert_eq(v->noutputs, 1);
    cr_expect_eq(v->inputs[0].offset, 64);
    cr_expect_eq(v->inputs[1].offset, 16);
    cr_expect_eq(v->outputs[0].offset, 0);
    for (int d = 0; d < VELA_SHAPE_DIMS; d++)
        cr_expect_eq(v->inputs[0].shape[d], 1);
    cr_expect_eq(v->inputs[0].elem_size, 1);
    cr_expect_eq(v->inputs[0].region, 1);
    rt_close(&m);
}

/* The number after "key": at or after `from` in a JSON text. */
static long json_number(const char *json, const char *from, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\": ", key);
    const char *p = strstr(from ? from : json, pat);
    cr_assert(p != NULL, "%s not in blob_info.json", key);
    return strtol(p + strlen(pat), NULL, 10);
}

static void check_velabin(const char *dir, const char *name)
{
    char rel[256];
    size_t size, jsize;
    snprintf(rel, sizeof rel, "models/vela/ethos-u55-128/%s/%s.velabin", dir, name);
    uint8_t *blob = rt_read_shared(rel, &size);
    snprintf(rel, sizeof rel, "models/vela/ethos-u55-128/%s/blob_info.json", dir);
    char *json = (char *)rt_read_shared(rel, &jsize);
    json[jsize] = '\0';
    uint8_t mem[4096] __attribute__((aligned(16)));
    et_pool pool;
    et_pool_init(&pool, mem, sizeof mem);
    vela_bin v;
    et_error err = {0};
    cr_assert_eq(vela_bin_parse(blob, size, NULL, &pool, &v, &err), ET_OK, "%s", err.msg);
    cr_expect_eq(v.cmd_size, json_number(json, NULL, "cmd_data_bytes"));
    cr_expect_eq(v.weight_size, json_number(json, NULL, "weight_data_bytes"));
    cr_expect_eq(v.scratch_size, json_number(json, NULL, "scratch_size"));
    cr_assert_eq(v.ninputs, 1);
    cr_assert_eq(v.noutputs, 1);
    const char *in = strstr(json, "\"inputs\""), *out = strstr(json, "\"outputs\"");
    cr_expect_eq(v.inputs[0].offset, json_number(json, in, "offset"));
    cr_expect_eq(v.inputs[0].elem_size, json_number(json, in, "elem_size"));
    cr_expect_eq(v.outputs[0].offset, json_number(json, out, "offset"));
    cr_expect_eq(v.outputs[0].shape[5], strtol(strstr(out, "1, 1, 1, 1, 1, ") + 15, NULL, 10));
    free(blob);
    free(json);
}

Test(ethosu, kws_velabin_matches_blob_info) { check_velabin("kws_ref_model", "kws_ref_model"); }
Test(ethosu, resnet8_velabin_matches_blob_info)
{
    check_velabin("pretrainedResnet_quant", "pretrainedResnet_quant");
}

/* ---- the delegate's data path through a fake NPU ------------------------- */

/* What the add model's command stream does (ETHOSU.md 8): z = x + y in the
 * quantized domain, x and y with scale 1/255 and zero point -128, z with
 * scale 2/255 and zero point -128; x at scratch+64, y at scratch+16, z at
 * scratch+0 (MODELS.md 5.1). */
typedef struct fake_npu {
    int jobs;
    bool fail;
    size_t scratch_seen;
} fake_npu;

static et_err fake_invoke(void *ctx, const et_npu_job *job, et_error *err)
{
    fake_npu *f = ctx;
    f->jobs++;
    cr_expect_eq(job->nbases, 3);
    cr_expect_eq(job->cop_size, 908);
    cr_expect(memcmp(job->cop, "COP1", 4) == 0);
    const uint8_t *weights = (const uint8_t *)(uintptr_t)job->base[0];
    cr_expect_eq(job->base_size[0], 32);
    cr_expect_eq(weights[19], 0x40, "base 0 is the weight_data block, in place");
    uint8_t *scratch = (uint8_t *)(uintptr_t)job->base[1];
    cr_expect_eq(job->base[1] % 16, 0, "scratch 16-byte aligned");
    cr_expect_eq(job->base_size[1], 144);
    cr_expect_eq(job->base[2], 0, "no fast scratch");
    cr_expect_eq(job->base_size[2], 0);
    f->scratch_seen = job->base_size[1];
    if (f->fail)
        return et_fail(err, ET_ERR_BACKEND, "EthosUBackend: Ethos-U job failed: STATUS 0x00000014: cmd_parse_error");
    int qx = (int8_t)scratch[64], qy = (int8_t)scratch[16];
    int sum = (qx + 128) + (qy + 128);   /* in units of 1/255 */
    int qz = (sum + 1) / 2 - 128;        /* units of 2/255, rounded half up */
    scratch[0] = (uint8_t)(int8_t)(qz > 127 ? 127 : qz);
    return ET_OK;
}

static void run_add(fake_npu *f, float x, float y, et_err want, float *z)
{
    rt_model m;
    et_error err = {0};
    cr_assert_eq(rt_open(&m, "models/ethos_u55_128_add.pte", &err), ET_OK, "%s", err.msg);
    et_npu npu = {f, fake_invoke};
    et_platform platform = {&npu};
    m.s.method.platform = &platform;
    cr_assert_eq(et_method_set_input(&m.s.method, 0, &x, sizeof x, &err), ET_OK, "%s", err.msg);
    cr_assert_eq(et_method_set_input(&m.s.method, 1, &y, sizeof y, &err), ET_OK, "%s", err.msg);
    size_t used = m.s.pool.used;
    et_err e = et_method_execute(&m.s.method, NULL, &err);
    cr_expect_eq(e, want, "%s", err.msg);
    cr_expect_eq(m.s.pool.used, used, "the scratch is given back after the call");
    if (e == ET_OK) {
        const float *out;
        cr_assert_eq(rt_output_f32(&m, &out), 1);
        *z = out[0];
    } else {
        cr_expect(strstr(err.msg, "cmd_parse_error") != NULL, "%s", err.msg);
    }
    rt_close(&m);
}

Test(ethosu, add_model_through_a_fake_npu)
{
    static const float cases[][2] = {{0.25f, 0.5f}, {0.0f, 0.0f}, {1.0f, 1.0f}, {0.1f, 0.7f}, {0.9f, 0.05f}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        fake_npu f = {0};
        float z = -1;
        run_add(&f, cases[i][0], cases[i][1], ET_OK, &z);
        cr_expect_eq(f.jobs, 1);
        /* quantization: 1/255 per input, 2/255 on the output */
        cr_expect(fabsf(z - (cases[i][0] + cases[i][1])) <= 2.5f / 255, "%g + %g = %g", cases[i][0], cases[i][1], z);
    }
}

Test(ethosu, npu_failure_is_reported)
{
    fake_npu f = {.fail = true};
    float z;
    run_add(&f, 0.5f, 0.25f, ET_ERR_BACKEND, &z);
    cr_expect_eq(f.jobs, 1);
}

/* ---- I/O rules on hand-made records --------------------------------------- */

static vela_io io_record(const int32_t shape[6], int32_t elem_size, int32_t offset)
{
    vela_io io = {.elem_size = elem_size, .offset = offset, .region = 1};
    memcpy(io.shape, shape, sizeof io.shape);
    return io;
}

static et_tensor tensor(int dtype, int32_t rows, int32_t cols, void *data)
{
    /* A loaded tensor's shape stays in the .pte; a hand-made one keeps it
     * here (a few at a time: a test may hold several). */
    static int32_t shapes[8][2];
    static unsigned next;
    static const uint8_t order[2] = {0, 1};
    int32_t *sizes = shapes[next++ % 8];
    sizes[0] = rows;
    sizes[1] = cols;
    et_tensor t = {.dtype = (int8_t)dtype, .rank = 2, .sizes = sizes, .dim_order = order, .data = data};
    t.nbytes = (size_t)rows * (size_t)cols * et_dtype_size(dtype);
    return t;
}

Test(ethosu, padded_innermost_dimension_is_copied_row_by_row)
{
    /* Vela's rows are 5 bytes, the tensor's 4 (3 rows). */
    uint8_t scratch[32];
    for (int i = 0; i < 32; i++)
        scratch[i] = (uint8_t)i;
    vela_io io = io_record((int32_t[]){1, 1, 1, 1, 3, 5}, 1, 8);
    int8_t out[12];
    et_tensor t = tensor(ET_CHAR, 3, 4, out);
    ethosu_totals tot = {0, 0};
    et_error err = {0};
    cr_assert_eq(ethosu_check_output(0, &t, &io, &err), ET_OK, "%s", err.msg);
    cr_assert_eq(ethosu_copy_output(0, &t, &io, scratch, sizeof scratch, &tot, &err), ET_OK, "%s", err.msg);
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 4; c++)
            cr_expect_eq(out[r * 4 + c], 8 + r * 5 + c, "row %d col %d", r, c);
    cr_expect_eq(ethosu_check_totals(&tot, &err), ET_OK);
}

Test(ethosu, plain_output_copy)
{
    uint8_t scratch[16] = {0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 0, 0, 0, 0, 0, 0};
    vela_io io = io_record((int32_t[]){1, 1, 1, 1, 2, 3}, 1, 4);
    int8_t out[6];
    et_tensor t = tensor(ET_CHAR, 2, 3, out);
    ethosu_totals tot = {0, 0};
    et_error err = {0};
    cr_assert_eq(ethosu_copy_output(0, &t, &io, scratch, sizeof scratch, &tot, &err), ET_OK, "%s", err.msg);
    cr_expect_arr_eq(out, ((int8_t[]){1, 2, 3, 4, 5, 6}), 6);
    cr_expect_eq(tot.io_bytes, 6);
    cr_expect_eq(tot.tensor_bytes, 6);
}

Test(ethosu, int4_output_is_unpacked_low_nibble_first_sign_extended)
{
    /* 2 rows of 3 packed bytes -> 2 rows of 6 int8 values. */
    uint8_t scratch[16] = {0x21, 0x8F, 0x7A, 0x00, 0xF0, 0x08};
    vela_io io = io_record((int32_t[]){1, 1, 1, 1, 2, 3}, 1, 0);
    int8_t out[12];
    et_tensor t = tensor(ET_CHAR, 2, 6, out);
    ethosu_totals tot = {0, 0};
    et_error err = {0};
    cr_assert_eq(ethosu_copy_output(0, &t, &io, scratch, sizeof scratch, &tot, &err), ET_OK, "%s", err.msg);
    cr_expect_arr_eq(out, ((int8_t[]){1, 2, -1, -8, -6, 7, 0, 0, 0, -1, -8, 0}), 12);
    cr_expect_eq(ethosu_check_totals(&tot, &err), ET_OK);
}

Test(ethosu, int4_into_uint8_is_refused)
{
    uint8_t scratch[16] = {0};
    vela_io io = io_record((int32_t[]){1, 1, 1, 1, 2, 3}, 1, 0);
    uint8_t out[12];
    et_tensor t = tensor(ET_BYTE, 2, 6, out);
    ethosu_totals tot = {0, 0};
    et_error err = {0};
    cr_expect_eq(ethosu_copy_output(0, &t, &io, scratch, sizeof scratch, &tot, &err), ET_ERR_UNSUPPORTED);
    cr_expect(strstr(err.msg, "int4") != NULL, "%s", err.msg);
}

Test(ethosu, output_rows_must_divide_the_tensor)
{
    uint8_t scratch[32] = {0};
    vela_io io = io_record((int32_t[]){1, 1, 1, 1, 4, 5}, 1, 0);
    int8_t out[6];
    et_tensor t = tensor(ET_CHAR, 2, 3, out);  /* 6 bytes over 4 rows */
    ethosu_totals tot = {0, 0};
    et_error err = {0};
    cr_expect_eq(ethosu_copy_output(0, &t, &io, scratch, sizeof scratch, &tot, &err), ET_ERR_INVALID_ARGUMENT);
}

Test(ethosu, padded_rows_must_stay_in_the_scratch)
{
    uint8_t scratch[16] = {0};
    vela_io io = io_record((int32_t[]){1, 1, 1, 1, 3, 5}, 1, 4);  /* 15 bytes from 4: past 16 */
    int8_t out[12];
    et_tensor t = tensor(ET_CHAR, 3, 4, out);
    ethosu_totals tot = {0, 0};
    et_error err = {0};
    cr_expect_eq(ethosu_copy_output(0, &t, &io, scratch, sizeof scratch, &tot, &err), ET_ERR_INVALID_ARGUMENT);
}

Test(ethosu, output_element_size_must_match)
{
    vela_io io = io_record((int32_t[]){1, 1, 1, 1, 2, 3}, 1, 0);
    int16_t out[6];
    et_tensor t = tensor(ET_SHORT, 2, 3, out);
    et_error err = {0};
    cr_expect_eq(ethosu_check_output(0, &t, &io, &err), ET_ERR_INVALID_ARGUMENT);
}

Test(ethosu, accepted_input_dtypes)
{
    static const struct { int dtype; int32_t elem; et_err want; } cases[] = {
        {ET_CHAR, 1, ET_OK}, {ET_BYTE, 1, ET_OK}, {ET_BOOL, 1, ET_OK}, {ET_SHORT, 2, ET_OK}, {ET_INT, 4, ET_OK},
        {ET_FLOAT, 4, ET_ERR_UNSUPPORTED_DTYPE}, {ET_SHORT, 1, ET_ERR_UNSUPPORTED_DTYPE},
        {ET_INT, 1, ET_ERR_UNSUPPORTED_DTYPE}, {ET_LONG, 8, ET_ERR_UNSUPPORTED_DTYPE},
        {ET_CHAR, 2, ET_ERR_UNSUPPORTED_DTYPE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        uint8_t scratch[64] = {0};
        int64_t data[6] = {0x0102030405060708ll, 0x1112131415161718ll, 0x2122232425262728ll};
        vela_io io = io_record((int32_t[]){1, 1, 1, 1, 2, 3}, cases[i].elem, 16);
        et_tensor t = tensor(cases[i].dtype, 2, 3, data);
        et_error err = {0};
        cr_expect_eq(ethosu_copy_input(0, &t, &io, scratch, sizeof scratch, &err), cases[i].want, "case %zu: %s", i,
                     err.msg);
        if (cases[i].want == ET_OK)
            cr_expect(memcmp(scratch + 16, data, t.nbytes) == 0, "case %zu: bytes at the offset", i);
    }
}

Test(ethosu, input_element_count_must_match)
{
    uint8_t scratch[64] = {0};
    int8_t data[8] = {0};
    vela_io io = io_record((int32_t[]){1, 1, 1, 1, 2, 3}, 1, 0);
    et_tensor t = tensor(ET_CHAR, 2, 4, data);
    et_error err = {0};
    cr_expect_eq(ethosu_copy_input(0, &t, &io, scratch, sizeof scratch, &err), ET_ERR_INVALID_ARGUMENT);
    cr_expect(strstr(err.msg, "8 elements") != NULL, "%s", err.msg);
}

Test(ethosu, input_must_fit_the_scratch)
{
    uint8_t scratch[16] = {0};
    int8_t data[6] = {0};
    vela_io io = io_record((int32_t[]){1, 1, 1, 1, 2, 3}, 1, 12);
    et_tensor t = tensor(ET_CHAR, 2, 3, data);
    et_error err = {0};
    cr_expect_eq(ethosu_copy_input(0, &t, &io, scratch, sizeof scratch, &err), ET_ERR_INVALID_ARGUMENT);
}

Test(ethosu, output_byte_totals_are_checked)
{
    ethosu_totals tot = {.tensor_bytes = 12, .io_bytes = 10};
    et_error err = {0};
    cr_expect_eq(ethosu_check_totals(&tot, &err), ET_ERR_INVALID_ARGUMENT);
}

/* ---- blocks kept in the program's named data ------------------------------ */

/* A program whose only content is one named-data entry (key -> segment 0
 * of `seg_bytes` bytes at segment offset `seg_off`), as hand-built
 * FlatBuffers tables: the two vectors, their vtables, the tables, the key.
 * The file is `file`; segment data starts at byte 256. */
static uint8_t file[1024] __attribute__((aligned(16)));

static void put32(uint32_t pos, uint32_t v) { for (int i = 0; i < 4; i++) file[pos + i] = (uint8_t)(v >> 8 * i); }
static void put16(uint32_t pos, uint16_t v) { file[pos] = (uint8_t)v; file[pos + 1] = (uint8_t)(v >> 8); }

static void named_data_program(et_program *p, const char key[64], uint32_t seg_off, uint32_t seg_bytes)
{
    memset(file, 0, sizeof file);
    put32(0, 1); put32(4, 32 - 4);        /* [NamedData]: one, table at 32 */
    put32(8, 1); put32(12, 64 - 12);      /* [DataSegment]: one, table at 64 */
    put16(16, 8); put16(18, 12); put16(20, 4); put16(22, 8);   /* NamedData vtable: key @4, segment_index @8 */
    put16(24, 8); put16(26, 20); put16(28, 4); put16(30, 12);  /* DataSegment vtable: offset @4, size @12 */
    put32(32, 32 - 16); put32(36, 96 - 36); put32(40, 0);      /* NamedData{key, segment 0} */
    put32(64, 64 - 24); put32(68, seg_off); put32(76, seg_bytes); /* DataSegment{offset, size} */
    put32(96, 64);
    memcpy(file + 100, key, 64);          /* the key string, NUL after it */
    memset(p, 0, sizeof *p);
    p->file = file;
    p->file_size = sizeof file;
    p->fb.data = file;
    p->fb.size = 256;
    p->has_extended_header = true;
    p->segment_base = 256;
    p->named_data = (fb_vec){&p->fb, 4, 1, 4};
    p->segments = (fb_vec){&p->fb, 12, 1, 4};
}

static uint8_t blob[512] __attribute__((aligned(16)));
static size_t blob_len;

static void block(const char *name, uint8_t external, const void *payload, uint32_t len)
{
    uint8_t *b = blob + blob_len;
    memset(b, 0, 32 + ((len + 15) & ~15u));
    memcpy(b, name, strlen(name));
    b[16] = (uint8_t)len; b[17] = (uint8_t)(len >> 8);
    b[20] = external;
    if (len != 0)
        memcpy(b + 32, payload, len);
    blob_len += 32 + ((len + 15) & ~15u);
}

static const char KEY[65] = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

/* A blob whose weight_data is external under `key` (key_len bytes). */
static void blob_with_external_weights(const char *key, uint32_t key_len)
{
    static const uint8_t cop[8] = {'C', 'O', 'P', '1', 5, 0, 0, 0};
    static const uint8_t scratch[4] = {64, 0, 0, 0};
    static const uint8_t io[40] = {1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0,
                                   1, 0, 0, 0, 4, 0, 0, 0, 1, 0, 0, 0, 16, 0, 0, 0, 1, 0, 0, 0};
    blob_len = 0;
    block("vela_bin_stream", 0, NULL, 0);
    block("cmd_data", 0, cop, sizeof cop);
    block("weight_data", 1, key, key_len);
    block("scratch_size", 0, scratch, sizeof scratch);
    block("inputs", 0, io, sizeof io);
    block("outputs", 0, io, sizeof io);
    block("vela_end_stream", 0, NULL, 0);
}

static et_err parse_blob(const et_program *p, vela_bin *v, et_error *err)
{
    static uint8_t mem[1024] __attribute__((aligned(16)));
    et_pool pool;
    et_pool_init(&pool, mem, sizeof mem);
    return vela_bin_parse(blob, blob_len, p, &pool, v, err);
}

Test(ethosu, external_block_comes_from_named_data)
{
    et_program p;
    vela_bin v;
    et_error err = {0};
    named_data_program(&p, KEY, 16, 48);
    blob_with_external_weights(KEY, 64);
    cr_assert_eq(parse_blob(&p, &v, &err), ET_OK, "%s", err.msg);
    cr_expect_eq(v.weight_data, file + 256 + 16, "weights in place in the segment");
    cr_expect_eq(v.weight_size, 48);
    cr_expect_eq(v.scratch_size, 64);
    cr_expect_eq(v.inputs[0].offset, 16);
}

Test(ethosu, external_block_errors)
{
    et_program p;
    vela_bin v;
    et_error err = {0};
    named_data_program(&p, KEY, 16, 48);
    blob_with_external_weights("f123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef", 64);
    cr_expect_eq(parse_blob(&p, &v, &err), ET_ERR_NOT_FOUND, "unknown key: %s", err.msg);
    et_error_clear(&err);
    blob_with_external_weights(KEY, 63);
    cr_expect_eq(parse_blob(&p, &v, &err), ET_ERR_MALFORMED, "short key: %s", err.msg);
    et_error_clear(&err);
    blob_with_external_weights(KEY, 64);
    cr_expect_eq(parse_blob(NULL, &v, &err), ET_ERR_UNSUPPORTED, "no program: %s", err.msg);
    et_error_clear(&err);
    named_data_program(&p, KEY, 8, 48);
    cr_expect_eq(parse_blob(&p, &v, &err), ET_ERR_MALFORMED, "unaligned data: %s", err.msg);
    cr_expect(strstr(err.msg, "16-byte aligned") != NULL, "%s", err.msg);
}

Test(ethosu, unaligned_blob_is_refused)
{
    vela_bin v;
    et_error err = {0};
    uint8_t mem[256] __attribute__((aligned(16)));
    et_pool pool;
    et_pool_init(&pool, mem, sizeof mem);
    blob_with_external_weights(KEY, 64);
    memmove(blob + 8, blob, blob_len);
    cr_expect_eq(vela_bin_parse(blob + 8, blob_len, NULL, &pool, &v, &err), ET_ERR_MALFORMED);
    cr_expect(strstr(err.msg, "16-byte aligned") != NULL, "%s", err.msg);
}

Test(ethosu, io_record_outside_the_scratch_is_refused_at_load)
{
    vela_bin v;
    et_error err = {0};
    et_program p;
    named_data_program(&p, KEY, 16, 48);
    blob_with_external_weights(KEY, 64);
    /* A 16-byte scratch, and the records want 4 bytes at offset 16. */
    for (size_t pos = 0; pos < blob_len; pos += 32 + ((blob[pos + 16] + 15u) & ~15u))
        if (memcmp(blob + pos, "scratch_size", 12) == 0)
            blob[pos + 32] = 16;
    cr_expect_eq(parse_blob(&p, &v, &err), ET_ERR_MALFORMED);
    cr_expect(strstr(err.msg, "exceeds the 16-byte scratch") != NULL, "%s", err.msg);
}

/* ---- corrupted blobs through load and execute ----------------------------- */

static et_err quiet_npu(void *ctx, const et_npu_job *job, et_error *err)
{
    (void)err;
    int *jobs = ctx;
    (*jobs)++;
    cr_assert(job->nbases == 3 && job->base[1] % 16 == 0);
    return ET_OK;
}

/* Opens `pte` in a work buffer that ends exactly where the delegate's
 * scratch ends, so that ASan sees any access past the scratch. */
static et_err open_tight(et_session *s, const uint8_t *pte, size_t size, void **work, et_error *err)
{
    static uint8_t big[1u << 16] __attribute__((aligned(16)));
    if (et_session_open(s, pte, size, NULL, big, sizeof big, err) != ET_OK)
        return err->code;
    const vela_bin *v = s->method.delegates[0].handle;
    size_t need = s->arenas.total + ((s->pool.used + 15) & ~(size_t)15) + v->scratch_size;
    if (posix_memalign(work, 16, need) != 0)
        return et_fail(err, ET_ERR_NO_MEMORY, "no %zu bytes on the host", need);
    return et_session_open(s, pte, size, NULL, *work, need, err);
}

/* Every single-bit flip of the add model's delegate blob (file bytes 112 to
 * 1424): whatever still loads must run without reading or writing outside
 * its buffers (ASan; the work buffer ends with the scratch) and fail, if it
 * fails, with a message. */
Test(ethosu, bit_flips_of_the_blob_load_and_execute_safely)
{
    size_t size;
    uint8_t *orig = rt_read_shared("models/ethos_u55_128_add.pte", &size);
    uint8_t *copy = aligned_alloc(16, (size + 15) & ~(size_t)15);
    static et_session s;
    int jobs = 0, loaded = 0, ran = 0;
    et_npu npu = {&jobs, quiet_npu};
    et_platform platform = {&npu};
    for (size_t byte = 112; byte < 112 + 1312; byte++)
        for (int bit = 0; bit < 8; bit++) {
            memcpy(copy, orig, size);
            copy[byte] ^= (uint8_t)(1u << bit);
            et_error err = {0};
            void *work = NULL;
            if (open_tight(&s, copy, size, &work, &err) != ET_OK) {
                cr_assert(err.msg[0] != '\0', "byte %zu bit %d: failure without a message", byte, bit);
                free(work);
                continue;
            }
            loaded++;
            s.method.platform = &platform;
            for (uint32_t i = 0; i < s.method.ninputs; i++)
                (void)et_session_default_input(&s, i, &err);
            et_error_clear(&err);
            if (et_method_execute(&s.method, NULL, &err) == ET_OK)
                ran++;
            else
                cr_assert(err.msg[0] != '\0', "byte %zu bit %d: failure without a message", byte, bit);
            free(work);
        }
    cr_expect(loaded > 0 && ran > 0 && jobs > 0, "loaded %d, ran %d, jobs %d", loaded, ran, jobs);
    free(orig);
    free(copy);
}
