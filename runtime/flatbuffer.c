#include "flatbuffer.h"

#include <string.h>

bool fb_table_at(const fb_buf *b, uint32_t pos, fb_table *out)
{
    if (!fb_in_range(b, pos, 4))
        return false;
    int32_t soff = (int32_t)fb_le32(b->data + pos);
    int64_t vt = (int64_t)pos - soff;
    if (vt < 0 || !fb_in_range(b, (uint64_t)vt, 4))
        return false;
    uint16_t vt_bytes = fb_le16(b->data + vt);
    uint16_t inline_bytes = fb_le16(b->data + vt + 2);
    if (vt_bytes < 4 || (vt_bytes & 1) || !fb_in_range(b, (uint64_t)vt, vt_bytes))
        return false;
    if (!fb_in_range(b, pos, inline_bytes < 4 ? 4 : inline_bytes))
        return false;
    out->buf = b;
    out->pos = pos;
    out->vtable = (uint32_t)vt;
    out->vt_bytes = vt_bytes;
    return true;
}

bool fb_root(const fb_buf *b, fb_table *out)
{
    if (!fb_in_range(b, 0, 8))
        return false;
    return fb_table_at(b, fb_le32(b->data), out);
}

bool fb_field(const fb_table *t, unsigned id, uint32_t width, uint32_t *pos)
{
    uint32_t slot = 4u + 2u * id;
    *pos = 0;
    if (slot + 2u > t->vt_bytes)
        return true;
    uint16_t off = fb_le16(t->buf->data + t->vtable + slot);
    if (off == 0)
        return true;
    if (!fb_in_range(t->buf, (uint64_t)t->pos + off, width))
        return false;
    *pos = t->pos + off;
    return true;
}

#define FB_SCALAR(name, type, width, load)                                     \
    bool name(const fb_table *t, unsigned id, type dflt, type *out)            \
    {                                                                          \
        uint32_t p;                                                            \
        if (!fb_field(t, id, width, &p))                                       \
            return false;                                                      \
        *out = p ? (type)(load) : dflt;                                        \
        return true;                                                           \
    }

FB_SCALAR(fb_u8, uint8_t, 1, t->buf->data[p])
FB_SCALAR(fb_u32, uint32_t, 4, fb_le32(t->buf->data + p))
FB_SCALAR(fb_u64, uint64_t, 8, fb_le64(t->buf->data + p))

bool fb_f64(const fb_table *t, unsigned id, double dflt, double *out)
{
    uint64_t bits;
    memcpy(&bits, &dflt, sizeof bits);
    if (!fb_u64(t, id, bits, &bits))
        return false;
    memcpy(out, &bits, sizeof *out);
    return true;
}

/* Follows the uoffset stored at `pos`. */
static bool follow(const fb_buf *b, uint32_t pos, uint32_t *target)
{
    if (!fb_in_range(b, pos, 4))
        return false;
    uint64_t t = (uint64_t)pos + fb_le32(b->data + pos);
    if (t >= b->size)
        return false;
    *target = (uint32_t)t;
    return true;
}

bool fb_subtable(const fb_table *t, unsigned id, fb_table *out, bool *present)
{
    uint32_t p, target;
    *present = false;
    if (!fb_field(t, id, 4, &p))
        return false;
    if (!p)
        return true;
    if (!follow(t->buf, p, &target) || !fb_table_at(t->buf, target, out))
        return false;
    *present = true;
    return true;
}

static bool vector_at(const fb_buf *b, uint32_t pos, uint32_t elem_size, fb_vec *out)
{
    if (!fb_in_range(b, pos, 4))
        return false;
    uint32_t count = fb_le32(b->data + pos);
    if (!fb_in_range(b, (uint64_t)pos + 4, (uint64_t)count * elem_size))
        return false;
    out->buf = b;
    out->pos = pos + 4;
    out->count = count;
    out->elem_size = elem_size;
    return true;
}

bool fb_vector(const fb_table *t, unsigned id, uint32_t elem_size, fb_vec *out, bool *present)
{
    uint32_t p, target;
    out->buf = t->buf;
    out->pos = 0;
    out->count = 0;
    out->elem_size = elem_size;
    if (present)
        *present = false;
    if (!fb_field(t, id, 4, &p))
        return false;
    if (!p)
        return true;
    if (!follow(t->buf, p, &target) || !vector_at(t->buf, target, elem_size, out))
        return false;
    if (present)
        *present = true;
    return true;
}

static bool string_at(const fb_buf *b, uint32_t pos, const char **s, uint32_t *len)
{
    fb_vec v;
    if (!vector_at(b, pos, 1, &v))
        return false;
    *s = (const char *)b->data + v.pos;
    *len = v.count;
    return true;
}

bool fb_string(const fb_table *t, unsigned id, const char **s, uint32_t *len, bool *present)
{
    uint32_t p, target;
    *s = "";
    *len = 0;
    *present = false;
    if (!fb_field(t, id, 4, &p))
        return false;
    if (!p)
        return true;
    if (!follow(t->buf, p, &target) || !string_at(t->buf, target, s, len))
        return false;
    *present = true;
    return true;
}

bool fb_vec_table(const fb_vec *v, uint32_t i, fb_table *out)
{
    uint32_t target;
    if (i >= v->count || v->elem_size != 4)
        return false;
    return follow(v->buf, v->pos + 4 * i, &target) && fb_table_at(v->buf, target, out);
}

bool fb_vec_string(const fb_vec *v, uint32_t i, const char **s, uint32_t *len)
{
    uint32_t target;
    if (i >= v->count || v->elem_size != 4)
        return false;
    return follow(v->buf, v->pos + 4 * i, &target) && string_at(v->buf, target, s, len);
}

/* Element reads: the whole vector was range-checked when it was opened. */
uint8_t fb_vec_u8(const fb_vec *v, uint32_t i) { return v->buf->data[v->pos + i]; }
int32_t fb_vec_i32(const fb_vec *v, uint32_t i) { return (int32_t)fb_le32(v->buf->data + v->pos + 4 * i); }
uint64_t fb_vec_u64(const fb_vec *v, uint32_t i) { return fb_le64(v->buf->data + v->pos + 8 * i); }
const uint8_t *fb_vec_bytes(const fb_vec *v) { return v->buf->data + v->pos; }
