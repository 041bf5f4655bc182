/* The Ethos-U "mlw" weight codec, decoder side (ETHOSU.md 5.3): slices of
 * palette + Golomb-Rice coded weights interleaved with Golomb-Rice coded
 * zero runs, the remainders of each chunk sent one chunk late.  Every read
 * is bounds-checked: a hostile stream ends in MLW_TRUNCATED / MLW_BAD /
 * MLW_TOO_MANY, never outside buf or out. */
#include "npu_internal.h"

#include <stdlib.h>
#include <string.h>

#define ZDIV_NO_ZRUNS 6
#define ZDIV_EOS      7
#define WDIV_RAW      7
#define CHUNK_POS     12   /* unary positions per chunk */

typedef struct bitreader {
    const uint8_t *buf;
    size_t bits, pos;
    bool underrun;
} bitreader_t;

static uint32_t get_bits(bitreader_t *br, unsigned n)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < n; i++) {
        if (br->pos >= br->bits) {
            br->underrun = true;
            return 0;
        }
        v |= (uint32_t)((br->buf[br->pos >> 3] >> (br->pos & 7)) & 1u) << i;
        br->pos++;
    }
    return v;
}

/* The state of one symbol stream (weights or zero runs) across chunks. */
typedef struct symstream {
    unsigned total;              /* symbols the slice holds */
    unsigned started;            /* symbols whose quotient is complete */
    unsigned done;               /* symbols whose remainder was read */
    uint32_t carry;              /* quotient carried into the next chunk */
    unsigned nq, prev_nq;
    uint32_t q[CHUNK_POS], prev_q[CHUNK_POS];
    bool enabled, prev_enabled;
} symstream_t;

typedef struct slice_hdr {
    unsigned zdiv, wdiv, nweights;
    bool wtrunc, newpal, raw;
    unsigned raw_bits;
} slice_hdr_t;

/* Zero-run quotients: 12 bits (8 when ZDIV >= 3); 1 counts, 0 ends. */
static void read_zrun_unary(bitreader_t *br, const slice_hdr_t *h, symstream_t *s)
{
    unsigned n = h->zdiv < 3 ? 12 : 8;
    uint32_t bits = get_bits(br, n);
    s->nq = 0;
    uint32_t q = s->carry;
    for (unsigned i = 0; i < n; i++) {
        if ((bits >> i) & 1u) {
            q++;
        } else {
            s->q[s->nq++] = q;
            q = 0;
        }
    }
    s->carry = q;
    s->started += s->nq;
}

/* Remainders of the previous chunk's symbols: value = q << div | rem. */
static bool read_remainders(bitreader_t *br, symstream_t *s, unsigned div, uint32_t *vals)
{
    if (!s->prev_enabled)
        return true;
    for (unsigned i = 0; i < s->prev_nq && s->done < s->total; i++) {
        uint32_t rem = get_bits(br, div);
        if (s->prev_q[i] > (UINT32_MAX >> 10))
            return false;   /* a quotient no real stream has */
        vals[s->done++] = (s->prev_q[i] << div) + rem;
    }
    return true;
}

static void chunk_done(symstream_t *s)
{
    s->prev_enabled = s->enabled;
    s->prev_nq = s->enabled ? s->nq : 0;
    memcpy(s->prev_q, s->q, sizeof s->q);
}

mlw_status_t npu_mlw_decode(const uint8_t *buf, size_t len, int16_t *out, size_t cap, size_t *n)
{
    bitreader_t br = {.buf = buf, .bits = len * 8, .pos = 0, .underrun = false};
    int16_t palette[32];
    unsigned palsize = 0, palbits = 2, dirofs = 0;
    bool have_pal = false;
    bool prev_zruns = false;
    size_t count = 0;
    /* Scratch for one slice: at most 2^15 weights and 2^15 + 1 runs. */
    static const unsigned max_slice = 1u << 15;
    uint32_t *wv = NULL, *zv = NULL;
    mlw_status_t st = MLW_OK;
    *n = 0;
    wv = malloc(sizeof *wv * max_slice);
    zv = malloc(sizeof *zv * (max_slice + 1));
    if (!wv || !zv) {
        st = MLW_TOO_MANY;
        goto out;
    }
    for (;;) {
        slice_hdr_t h = {0};
        if (br.bits - br.pos < 3)
            break;   /* nothing but padding left */
        h.zdiv = get_bits(&br, 3);
        if (h.zdiv == ZDIV_EOS) {
            /* End of a stream: byte-align; 0xFF padding reads as more end
             * markers; another stream may follow (Vela's decoder allows it). */
            br.pos = (br.pos + 7) & ~(size_t)7;
            have_pal = false;
            continue;
        }
        if (h.zdiv > 3 && h.zdiv != ZDIV_NO_ZRUNS) {
            st = MLW_BAD;
            goto out;
        }
        h.nweights = get_bits(&br, 15) + 1;
        h.wdiv = get_bits(&br, 3);
        h.wtrunc = get_bits(&br, 1);
        h.newpal = get_bits(&br, 1);
        bool zruns = h.zdiv != ZDIV_NO_ZRUNS;
        if (!h.newpal && (!have_pal || zruns != prev_zruns)) {
            st = MLW_BAD;   /* the first slice must set the palette */
            goto out;
        }
        prev_zruns = zruns;
        if (h.newpal) {
            dirofs = get_bits(&br, 5);
            palsize = get_bits(&br, 5);
            if (palsize)
                palsize++;
            palbits = get_bits(&br, 3) + 2;
            for (unsigned i = 0; i < palsize; i++)
                palette[i] = (int16_t)get_bits(&br, palbits);
            have_pal = true;
        }
        if (h.wdiv == WDIV_RAW) {
            h.raw = true;
            unsigned b = 0;
            if (palsize) {
                while ((1u << b) < palsize)
                    b++;
            } else {
                b = palbits;
            }
            h.raw_bits = b;
        } else if (h.wdiv > 5) {
            st = MLW_BAD;
            goto out;
        }
        unsigned wdiv = h.raw ? h.raw_bits : h.wdiv;
        if (br.underrun) {
            st = MLW_TRUNCATED;
            goto out;
        }

        symstream_t ws = {.total = h.nweights}, zs = {.total = zruns ? h.nweights + (h.newpal ? 1u : 0u) : 0};
        do {
            /* Flow control (ETHOSU.md 5.3 step 1). */
            int64_t balance = zruns ? (int64_t)ws.started - (int64_t)zs.started : 0;
            ws.enabled = (balance < 8 || !zruns) && ws.started < ws.total;
            zs.enabled = zruns && balance >= 0 && zs.started < zs.total;
            /* Order in the stream: weight first field, zero-run unary,
             * weight second field, then the previous chunk's remainders. */
            uint32_t wfirst = 0;
            if (ws.enabled && !h.raw)
                wfirst = get_bits(&br, CHUNK_POS);
            if (zs.enabled)
                read_zrun_unary(&br, &h, &zs);
            if (ws.enabled) {
                /* Weight quotients: one more bit per set first bit; a
                 * position value 0/1 ends a symbol, 2 continues it unless
                 * WTRUNC (ETHOSU.md 5.3 step 2).  Raw mode has no unary
                 * part: every position is a symbol with quotient 0 (8 of
                 * them when wider than 5 bits). */
                unsigned npos = h.raw && h.raw_bits > 5 ? 8 : CHUNK_POS;
                unsigned ones = 0;
                for (unsigned i = 0; i < npos; i++)
                    ones += (wfirst >> i) & 1u;
                uint32_t second = get_bits(&br, ones);
                ws.nq = 0;
                uint32_t q = ws.carry;
                for (unsigned i = 0; i < npos; i++) {
                    unsigned code = 0;
                    if ((wfirst >> i) & 1u) {
                        code = 1 + (second & 1u);
                        second >>= 1;
                    }
                    q += code;
                    if (code < 2 || h.wtrunc) {
                        ws.q[ws.nq++] = q;
                        q = 0;
                    }
                }
                ws.carry = q;
                ws.started += ws.nq;
            }
            if (!read_remainders(&br, &ws, wdiv, wv) || !read_remainders(&br, &zs, h.zdiv, zv)) {
                st = MLW_BAD;
                goto out;
            }
            if (br.underrun) {
                st = MLW_TRUNCATED;
                goto out;
            }
            chunk_done(&ws);
            chunk_done(&zs);
        } while (ws.prev_enabled || zs.prev_enabled);

        /* Map, un-fold and interleave with the zero runs (steps 5, 6). */
        unsigned zi = 0;
        if (zruns && h.newpal) {
            if (zv[0] > cap - count) {
                st = MLW_TOO_MANY;
                goto out;
            }
            memset(out + count, 0, sizeof *out * zv[0]);
            count += zv[0];
            zi = 1;
        }
        for (unsigned i = 0; i < h.nweights; i++) {
            uint32_t v = wv[i];
            if (v >= 512) {
                st = MLW_BAD;
                goto out;
            }
            uint32_t folded = v < palsize ? (uint16_t)palette[v] : v - palsize + dirofs;
            if (count >= cap) {
                st = MLW_TOO_MANY;
                goto out;
            }
            out[count++] = (int16_t)((folded & 1u) ? -(int32_t)(folded >> 1) : (int32_t)(folded >> 1));
            if (zruns) {
                uint32_t z = zv[zi + i];
                if (z > cap - count) {
                    st = MLW_TOO_MANY;
                    goto out;
                }
                memset(out + count, 0, sizeof *out * z);
                count += z;
            }
        }
    }
out:
    free(wv);
    free(zv);
    *n = count;
    return st;
}
