/* string.h on buffers of every alignment and length: newlib's memcpy,
 * memmove, memset, memcmp, strlen, strcmp and friends have word-at-a-time
 * fast paths (LDRD/STRD, LDM/STM, unaligned LDR) that only run for some
 * alignments and sizes, so each is compared with a byte-by-byte reference.
 */
#include <stdint.h>
#include <string.h>

#include "check.h"

#define BUF 160

static unsigned char src[BUF + 16], dst[BUF + 16], ref[BUF + 16];

static void pattern(unsigned char *p, size_t n, unsigned seed)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (unsigned char)(seed + i * 7u + (i >> 3));
}

static int sign(int x)
{
    return (x > 0) - (x < 0);
}

int main(void)
{
    int bad_cpy = 0, bad_move = 0, bad_set = 0, bad_cmp = 0, bad_len = 0;

    for (size_t s_off = 0; s_off < 8; s_off++) {
        for (size_t d_off = 0; d_off < 8; d_off++) {
            for (size_t n = 0; n < 100; n += (n < 20 ? 1 : 13)) {
                pattern(src, sizeof src, (unsigned)(s_off * 8 + d_off));
                memset(dst, 0xEE, sizeof dst);
                memset(ref, 0xEE, sizeof ref);
                for (size_t i = 0; i < n; i++)
                    ref[d_off + i] = src[s_off + i];
                memcpy(dst + d_off, src + s_off, n);
                if (memcmp(dst, ref, sizeof dst) != 0)
                    bad_cpy++;

                /* memmove within one buffer, both directions */
                pattern(dst, sizeof dst, 3);
                pattern(ref, sizeof ref, 3);
                unsigned char tmp[BUF];
                for (size_t i = 0; i < n; i++)
                    tmp[i] = ref[s_off + i];
                for (size_t i = 0; i < n; i++)
                    ref[d_off + i] = tmp[i];
                memmove(dst + d_off, dst + s_off, n);
                if (memcmp(dst, ref, sizeof dst) != 0)
                    bad_move++;

                memset(dst, 0, sizeof dst);
                memset(dst + d_off, (int)(0x100 + s_off), n);  /* value is converted to unsigned char */
                for (size_t i = 0; i < sizeof dst; i++) {
                    unsigned char want = (i >= d_off && i < d_off + n) ? (unsigned char)s_off : 0;
                    if (dst[i] != want)
                        bad_set++;
                }

                /* memcmp sign with a difference at the last byte */
                pattern(src, sizeof src, 9);
                memcpy(dst + d_off, src + s_off, n);
                if (n > 0) {
                    dst[d_off + n - 1] ^= 0x80;
                    int want = src[s_off + n - 1] < dst[d_off + n - 1] ? -1 : 1;
                    if (sign(memcmp(src + s_off, dst + d_off, n)) != want)
                        bad_cmp++;
                } else if (memcmp(src + s_off, dst + d_off, 0) != 0) {
                    bad_cmp++;
                }
            }
            /* strlen at every alignment and length */
            for (size_t n = 0; n < 40; n++) {
                memset(dst, 'x', sizeof dst);
                dst[d_off + n] = 0;
                if (strlen((char *)dst + d_off) != n)
                    bad_len++;
            }
        }
    }
    printf("bad: memcpy %d memmove %d memset %d memcmp %d strlen %d\n", bad_cpy, bad_move, bad_set,
           bad_cmp, bad_len);
    CHECK_EQ(bad_cpy + bad_move + bad_set + bad_cmp + bad_len, 0);

    /* The rest of string.h with known answers */
    char s[64];
    strcpy(s, "Hello");
    strcat(s, ", world");
    CHECK_STR(s, "Hello, world");
    const char *volatile suffix = "!!!???";  /* volatile: GCC warns on a literal */
    strncat(s, suffix, 3);
    CHECK_STR(s, "Hello, world!!!");
    CHECK(strcmp("abc", "abd") < 0 && strcmp("abd", "abc") > 0 && strcmp("abc", "abc") == 0);
    CHECK(strcmp("a", "a\xff") < 0);  /* bytes compare as unsigned char */
    CHECK(strncmp("abcdef", "abcxyz", 3) == 0 && strncmp("abcdef", "abcxyz", 4) < 0);
    CHECK_STR(strchr(s, 'w'), "world!!!");
    CHECK_STR(strrchr(s, 'o'), "orld!!!");
    CHECK(strchr(s, 'z') == NULL);
    CHECK(strchr(s, 0) == s + strlen(s));
    CHECK_STR(strstr(s, "lo, w"), "lo, world!!!");
    CHECK(strstr(s, "worlds") == NULL);
    CHECK_EQ(strspn("aabbccdd", "abc"), 6);
    CHECK_EQ(strcspn("hello world", " "), 5);
    CHECK_STR(strpbrk("hello world", "ow"), "o world");
    char n8[8];
    strncpy(n8, "ab", sizeof n8);
    CHECK(n8[1] == 'b' && n8[2] == 0 && n8[7] == 0);  /* strncpy pads with NULs */
    CHECK(memchr("abcdef", 'd', 6) != NULL && memchr("abcdef", 'd', 3) == NULL);

    char text[] = "  one, two;three ,,four  ";
    const char *want[] = {"one", "two", "three", "four"};
    int k = 0;
    printf("tokens:");
    for (char *t = strtok(text, " ,;"); t; t = strtok(NULL, " ,;")) {
        printf(" [%s]", t);
        if (k < 4)
            CHECK_STR(t, want[k]);
        k++;
    }
    printf("\n");
    CHECK_EQ(k, 4);

    /* Overlapping memmove of a large block, both directions, checked by
     * checksum. */
    static unsigned char big[4096];
    for (int i = 0; i < 4096; i++)
        big[i] = (unsigned char)(i * 13 + 1);
    memmove(big + 3, big, 4000);
    memmove(big + 100, big + 101, 3000);
    uint32_t h = 0;
    for (int i = 0; i < 4096; i++)
        h = h * 31u + big[i];
    printf("memmove checksum %08" PRIx32 "\n", h);
    CHECK_EQ(h, 0x986a8780u);  /* from the host (glibc) */

    return check_done("string_ops");
}
