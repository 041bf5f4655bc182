/* Runs the real models on the host.  Expected values come from outside our
 * code: simple arithmetic computed here, the KWS labels and reference
 * logits (MODELS.md, kws_inputs/), the MLPerf expected int8 outputs. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rt_util.h"

static void set_f32_input(rt_model *m, uint32_t index, const float *v, size_t n)
{
    et_error err = {0};
    cr_assert_eq(et_method_set_input(&m->s.method, index, v, n * sizeof *v, &err), ET_OK, "%s", err.msg);
}

static void run(rt_model *m)
{
    et_error err = {0};
    cr_assert_eq(et_method_execute(&m->s.method, NULL, &err), ET_OK, "%s", err.msg);
}

Test(models, add_arduino_adds_one)
{
    rt_model m;
    et_error err = {0};
    const float x[3] = {1.0f, -2.5f, 1e6f};
    const float *y;
    cr_assert_eq(rt_open(&m, "models/add_arduino.pte", &err), ET_OK, "%s", err.msg);
    set_f32_input(&m, 0, x, 3);
    run(&m);
    cr_assert_eq(rt_output_f32(&m, &y), 3);
    for (int i = 0; i < 3; i++)
        cr_expect_eq(y[i], x[i] + 1.0f, "y[%d] = %f", i, y[i]);
    rt_close(&m);
}

Test(models, add_apple_adds_two_inputs)
{
    rt_model m;
    et_error err = {0};
    const float x = 3.25f, y = -1.5f;
    const float *z;
    cr_assert_eq(rt_open(&m, "models/add_apple.pte", &err), ET_OK, "%s", err.msg);
    set_f32_input(&m, 0, &x, 1);
    set_f32_input(&m, 1, &y, 1);
    run(&m);
    cr_assert_eq(rt_output_f32(&m, &z), 1);
    cr_expect_eq(z[0], 1.75f);
    rt_close(&m);
}

Test(models, module_linear_is_3x_plus_2)
{
    rt_model m;
    et_error err = {0};
    const float x[4] = {0.5f, -2.0f, 3.0f, 7.0f};
    const float *y;
    cr_assert_eq(rt_open(&m, "models/module_linear.pte", &err), ET_OK, "%s", err.msg);
    set_f32_input(&m, 0, x, 4);
    run(&m);
    cr_assert_eq(rt_output_f32(&m, &y), 4);
    for (int i = 0; i < 4; i++)
        cr_expect_eq(y[i], 3.0f * x[i] + 2.0f, "y[%d] = %f", i, y[i]);
    /* The plan reuses the input's bytes for the output, so the input must
     * be set again; then a second run gives the same result. */
    set_f32_input(&m, 0, x, 4);
    run(&m);
    for (int i = 0; i < 4; i++)
        cr_expect_eq(y[i], 3.0f * x[i] + 2.0f);
    rt_close(&m);
}

Test(models, input_size_mismatch_is_an_error)
{
    rt_model m;
    et_error err = {0};
    float x[2] = {0};
    cr_assert_eq(rt_open(&m, "models/add_arduino.pte", &err), ET_OK, "%s", err.msg);
    cr_expect_eq(et_method_set_input(&m.s.method, 0, x, sizeof x, &err), ET_ERR_INVALID_ARGUMENT);
    cr_expect(strstr(err.msg, "12 bytes") != NULL, "%s", err.msg);
    rt_close(&m);
}

Test(models, ethos_u_delegate_reports_missing_driver)
{
    rt_model m;
    et_error err = {0};
    cr_assert_eq(rt_open(&m, "models/ethos_u55_128_add.pte", &err), ET_OK, "%s", err.msg);
    cr_assert_eq(m.s.method.ndelegates, 1);
    for (uint32_t i = 0; i < 2; i++)
        cr_assert_eq(et_session_default_input(&m.s, i, &err), ET_OK);
    cr_expect_eq(et_method_execute(&m.s.method, NULL, &err), ET_ERR_UNSUPPORTED);
    cr_expect(strstr(err.msg, "NPU") != NULL, "%s", err.msg);
    rt_close(&m);
}

/* ---- KWS ----------------------------------------------------------------- */

#define KWS_SCALE 0.15429316461086273
#define KWS_ZP 23

static void run_kws(const char *file, float scores[12])
{
    rt_model m;
    et_error err = {0};
    char rel[256];
    size_t n;
    const float *y;
    snprintf(rel, sizeof rel, "models/kws_inputs/%s", file);
    uint8_t *input = rt_read_shared(rel, &n);
    cr_assert_eq(n, 1960);
    cr_assert_eq(rt_open(&m, "models/kws_dscnn_cortex_m.pte", &err), ET_OK, "%s", err.msg);
    cr_assert_eq(et_method_set_input(&m.s.method, 0, input, n, &err), ET_OK, "%s", err.msg);
    run(&m);
    cr_assert_eq(rt_output_f32(&m, &y), 12);
    memcpy(scores, y, 12 * sizeof *y);
    free(input);
    rt_close(&m);
}

Test(models, kws_classifies_all_ten_inputs)
{
    size_t n;
    uint8_t *labels = rt_read_shared("models/kws_inputs/labels.txt", &n);
    char *text = calloc(1, n + 1), *save = NULL;
    memcpy(text, labels, n);
    int checked = 0;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char file[64], word[32];
        int label;
        if (line[0] == '#' || sscanf(line, "%63s %d %31s", file, &label, word) != 3)
            continue;
        float s[12];
        run_kws(file, s);
        int best = 0;
        for (int i = 1; i < 12; i++)
            if (s[i] > s[best])
                best = i;
        cr_expect_eq(best, label, "%s: class %d, expected %d (%s)", file, best, label, word);
        checked++;
    }
    cr_expect_eq(checked, 10);
    free(text);
    free(labels);
}

/* The int8 logits of the reference trace for mfcc_yes (instruction 14),
 * within +-1 LSB as MODELS.md allows. */
Test(models, kws_yes_matches_reference_logits)
{
    static const int reference[12] = {-38, -47, 81, 9, -32, -19, 18, -37, -73, 20, -12, -23};
    float s[12];
    run_kws("mfcc_yes.f32", s);
    for (int i = 0; i < 12; i++) {
        long q = lround(s[i] / KWS_SCALE) + KWS_ZP;
        cr_expect(labs(q - reference[i]) <= 1, "logit %d: %ld vs %d", i, q, reference[i]);
    }
}

/* ---- MLPerf Tiny ----------------------------------------------------------- */

Test(models, mlperf_match_expected_int8_outputs, .timeout = 120)
{
    size_t n;
    uint8_t *tsv = rt_read_shared("models/mlperf/expected/expected.tsv", &n);
    char *text = calloc(1, n + 1), *save = NULL;
    memcpy(text, tsv, n);
    int checked = 0;
    for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char model[128], input[128], values[512];
        int argmax, zp;
        double scale;
        if (line[0] == '#' || sscanf(line, "%127s %127s %d %lf %d %511s", model, input, &argmax, &scale, &zp,
                                     values) != 6)
            continue;
        char rel[300];
        size_t in_size;
        rt_model m;
        et_error err = {0};
        const float *y;
        snprintf(rel, sizeof rel, "models/mlperf/inputs/%s", input);
        uint8_t *in = rt_read_shared(rel, &in_size);
        snprintf(rel, sizeof rel, "models/mlperf/%s", model);
        cr_assert_eq(rt_open(&m, rel, &err), ET_OK, "%s: %s", model, err.msg);
        cr_assert_eq(et_method_set_input(&m.s.method, 0, in, in_size, &err), ET_OK, "%s", err.msg);
        run(&m);
        size_t count = rt_output_f32(&m, &y);
        char *vsave = NULL;
        size_t i = 0;
        int best = 0;
        for (char *tok = strtok_r(values, ",", &vsave); tok; tok = strtok_r(NULL, ",", &vsave), i++) {
            cr_assert(i < count, "%s: more expected values than outputs", model);
            long q = lround(y[i] / scale) + zp;
            cr_expect(labs(q - atol(tok)) <= 1, "%s %s: output %zu is %ld, expected %s", model, input, i, q, tok);
            if (y[i] > y[best])
                best = (int)i;
        }
        cr_expect_eq(i, count, "%s: output count", model);
        cr_expect_eq(best, argmax, "%s %s: class %d, expected %d", model, input, best, argmax);
        free(in);
        rt_close(&m);
        checked++;
    }
    cr_expect_eq(checked, 6);
    free(text);
    free(tsv);
}
