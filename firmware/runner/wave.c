/* The RIFF WAVE reader (wave.h): the "fmt " and "data" chunks, walked
 * with every length checked against the file. */
#include "wave.h"

#include "../../runtime/et_format.h"
#include <string.h>

static uint32_t le32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }
static uint16_t le16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }

bool wave_is_riff(const uint8_t *p, uint32_t size)
{
    return size >= 12 && memcmp(p, "RIFF", 4) == 0 && memcmp(p + 8, "WAVE", 4) == 0;
}

int wave_read(const uint8_t *p, uint32_t size, int16_t *pcm, uint32_t n, char *err, uint32_t errlen)
{
    bool have_fmt = false;
    uint32_t at = 12;
    while (size - at >= 8) {
        uint32_t len = le32(p + at + 4);
        const uint8_t *body = p + at + 8;
        if (len > size - at - 8) {
            et_format(err, errlen, "WAVE chunk '%.4s' runs past the end of the file", (const char *)(p + at));
            return -1;
        }
        if (memcmp(p + at, "fmt ", 4) == 0) {
            if (len < 16 || le16(body) != 1 || le16(body + 2) != 1 || le32(body + 4) != 16000 ||
                le16(body + 14) != 16) {
                et_format(err, errlen, "WAVE input: 16-bit PCM, 1 channel, 16000 Hz expected");
                return -1;
            }
            have_fmt = true;
        } else if (memcmp(p + at, "data", 4) == 0) {
            if (!have_fmt) {
                et_format(err, errlen, "WAVE input: no 'fmt ' chunk before the data");
                return -1;
            }
            uint32_t have = len / 2;
            for (uint32_t i = 0; i < n; i++)
                pcm[i] = i < have ? (int16_t)le16(body + 2 * i) : 0;
            return 0;
        }
        at += 8 + len + (len & 1);   /* chunks are padded to even sizes */
        if (at > size)
            break;
    }
    et_format(err, errlen, "WAVE input: no data chunk");
    return -1;
}
