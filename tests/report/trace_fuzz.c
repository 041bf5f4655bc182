/* The trace reader on every truncation and byte flip of real traces, in
 * one process (built with ASan+UBSan: a crash, leak or undefined behaviour
 * fails the test).
 *
 *   trace-fuzz TRACE...
 *
 * For each trace: the trace itself must parse; every truncation and every
 * single-byte flip (x ^ 0xFF) must be rejected (the checksum); then flips
 * of each byte by 0xFF, 0x01 and 0x80 with the checksum repaired, which
 * reach the reader's own checks, must be rejected with a message naming
 * the byte, or parse into a trace whose records all read back.  Exit 0
 * when all hold, 1 otherwise (each failure printed). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../sim/trace.h"

static int failures;

static void fail(const char *path, const char *what, size_t at, const char *err)
{
    if (failures++ < 20)
        fprintf(stderr, "trace-fuzz: %s: %s %zu: %s\n", path, what, at, err);
}

/* Parse; when it parses, walk every instruction record.  Returns whether it
 * was accepted; err holds the reason otherwise. */
static bool accepts(const uint8_t *buf, size_t len, char *err, size_t errlen)
{
    trace_t t;
    if (!trace_parse(buf, len, &t, err, errlen))
        return false;
    if (t.level >= TRACE_LEVEL_INSTRUCTION) {
        trace_iter_t it;
        trace_insn_t r;
        uint64_t n = 0;
        if (trace_iter_start(&it, &t)) {
            while (trace_iter_next(&it, &r))
                n++;
            if (it.err[0] || n != t.ninsns)
                snprintf(err, errlen, "parsed, but the walk disagrees: %s", it.err);
            trace_iter_free(&it);
        }
    }
    trace_free(&t);
    return true;
}

static bool names_byte(const char *err)
{
    return strstr(err, "at byte ") != NULL || strstr(err, "version") != NULL;
}

static void resum(trace_crc_t *crc, uint8_t *b, size_t len)
{
    uint32_t c = trace_crc_update(crc, 0, b, len - 4);
    for (int i = 0; i < 4; i++)
        b[len - 4 + i] = (uint8_t)(c >> (8 * i));
}

static void fuzz(const char *path, const uint8_t *data, size_t len, trace_crc_t *crc)
{
    char err[512];
    err[0] = '\0';
    if (!accepts(data, len, err, sizeof err) || err[0]) {
        fail(path, "the trace itself is rejected, length", len, err);
        return;
    }
    uint8_t *b = malloc(len);
    if (!b) {
        fail(path, "out of memory at length", len, "");
        return;
    }
    unsigned rejected = 0, accepted = 0;
    for (size_t n = 0; n < len; n++) {
        /* An exact-size copy, so ASan sees any read past the end. */
        uint8_t *cut = malloc(n ? n : 1);
        memcpy(cut, data, n);
        if (accepts(cut, n, err, sizeof err))
            fail(path, "truncation accepted, length", n, "");
        else if (!names_byte(err))
            fail(path, "truncation rejected without a byte offset, length", n, err);
        free(cut);
    }
    for (size_t i = 0; i < len; i++) {
        memcpy(b, data, len);
        b[i] ^= 0xFF;
        if (accepts(b, len, err, sizeof err))
            fail(path, "byte flip accepted at", i, "");
    }
    static const uint8_t flips[] = {0xFF, 0x01, 0x80};
    for (size_t i = 0; i + 4 < len; i++) {
        for (size_t f = 0; f < sizeof flips; f++) {
            memcpy(b, data, len);
            b[i] ^= flips[f];
            resum(crc, b, len);
            err[0] = '\0';
            if (accepts(b, len, err, sizeof err)) {
                accepted++;
                if (err[0])
                    fail(path, "accepted but unreadable after a flip at", i, err);
            } else {
                rejected++;
                if (!names_byte(err))
                    fail(path, "rejected without a byte offset, flip at", i, err);
            }
        }
    }
    printf("trace-fuzz: %s: %zu bytes, %zu truncations and %zu flips rejected; with a repaired checksum "
           "%u rejected, %u still valid\n", path, len, len, len, rejected, accepted);
    free(b);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: trace-fuzz TRACE...\n");
        return 2;
    }
    trace_crc_t *crc = malloc(sizeof *crc);
    if (!crc)
        return 2;
    trace_crc_init(crc);
    for (int i = 1; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) {
            fprintf(stderr, "trace-fuzz: %s: cannot open\n", argv[i]);
            free(crc);
            return 2;
        }
        fseek(f, 0, SEEK_END);
        long len = ftell(f);
        rewind(f);
        uint8_t *data = malloc(len > 0 ? (size_t)len : 1);
        if (!data || len <= 0 || fread(data, 1, (size_t)len, f) != (size_t)len) {
            fprintf(stderr, "trace-fuzz: %s: cannot read\n", argv[i]);
            fclose(f);
            free(data);
            free(crc);
            return 2;
        }
        fclose(f);
        fuzz(argv[i], data, (size_t)len, crc);
        free(data);
    }
    free(crc);
    if (failures)
        fprintf(stderr, "trace-fuzz: %d failure%s\n", failures, failures == 1 ? "" : "s");
    return failures ? 1 : 0;
}
