/* The mlw weight decoder (npu/weight_decode.c) against Vela's own
 * encodings: every stream in reference/ethosu/mlw_vectors decodes to the
 * original weights, whichever of Vela's two encoders wrote it; cut or
 * corrupted streams end in an error, never out of bounds. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "npu_test_util.h"
#include "../../npu/npu_internal.h"

static void check_vector(const char *bin, const char *enc)
{
    char path[256];
    size_t nbin, nenc;
    snprintf(path, sizeof path, "reference/ethosu/mlw_vectors/%s", bin);
    uint8_t *want = nt_read_shared(path, &nbin);
    snprintf(path, sizeof path, "reference/ethosu/mlw_vectors/%s", enc);
    uint8_t *stream = nt_read_shared(path, &nenc);
    cr_assert(want && stream, "missing vector %s / %s (set ETSIM_SHARED)", bin, enc);
    size_t count = nbin / 2, n = 0;
    int16_t *out = calloc(count + 16, sizeof *out);
    mlw_status_t st = npu_mlw_decode(stream, nenc, out, count + 16, &n);
    cr_assert_eq(st, MLW_OK, "%s: status %d", enc, st);
    cr_assert_eq(n, count, "%s: %zu values, want %zu", enc, n, count);
    for (size_t i = 0; i < count; i++) {
        int16_t w = (int16_t)(want[2 * i] | want[2 * i + 1] << 8);
        cr_assert_eq(out[i], w, "%s: value %zu is %d, want %d", enc, i, out[i], w);
    }
    /* Every truncation fails cleanly or decodes fewer values. */
    for (size_t cut = 0; cut + 1 < nenc && cut < 64; cut++) {
        mlw_status_t s2 = npu_mlw_decode(stream, cut, out, count + 16, &n);
        cr_assert(s2 != MLW_OK || n < count || cut >= nenc - 16, "%s cut at %zu decoded everything", enc, cut);
    }
    free(out);
    free(want);
    free(stream);
}

static const char *const sets[] = {"allzero", "one", "fewvals", "gauss", "sparse", "uniform", "large"};

Test(npu_mlw, python_vela_encoder)
{
    char bin[64], enc[64];
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        snprintf(bin, sizeof bin, "%s.bin", sets[i]);
        snprintf(enc, sizeof enc, "%s.mlw", sets[i]);
        check_vector(bin, enc);
    }
}

Test(npu_mlw, regor_encoder)
{
    char bin[64], enc[64];
    for (size_t i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        snprintf(bin, sizeof bin, "%s.bin", sets[i]);
        snprintf(enc, sizeof enc, "%s.rmlw", sets[i]);
        check_vector(bin, enc);
        snprintf(bin, sizeof bin, "r_%s.bin", sets[i]);
        snprintf(enc, sizeof enc, "r_%s.mlw", sets[i]);
        check_vector(bin, enc);
    }
}

/* Flipped bits anywhere: a status, never a crash (ASan watches). */
Test(npu_mlw, corrupted_streams)
{
    size_t nenc;
    uint8_t *stream = nt_read_shared("reference/ethosu/mlw_vectors/gauss.mlw", &nenc);
    cr_assert(stream);
    int16_t *out = calloc(20000, sizeof *out);
    size_t n;
    unsigned failures = 0;
    for (size_t bit = 0; bit < nenc * 8; bit += 7) {
        stream[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        if (npu_mlw_decode(stream, nenc, out, 20000, &n) != MLW_OK)
            failures++;
        stream[bit / 8] ^= (uint8_t)(1u << (bit % 8));
    }
    cr_assert_gt(failures, 0);
    cr_assert_eq(npu_mlw_decode(stream, nenc, out, 100, &n), MLW_TOO_MANY);
    free(out);
    free(stream);
}
