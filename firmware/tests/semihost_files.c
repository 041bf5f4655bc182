/* Files on the host through semihosting: fopen "w+b" in the working
 * directory (etsim confines semihosting to it; tests/diff/run.sh runs
 * each program in a directory of its own), fwrite,
 * fseek/ftell (SEEK_END asks the host for the file length, SYS_FLEN),
 * fread back, reopen to append, fprintf/fgets/sscanf on a text file,
 * remove, opening a missing file (errno from SYS_ERRNO), the
 * ":semihosting-features" pseudo-file, and time()/clock() (SYS_TIME,
 * SYS_CLOCK) whose values depend on the host and are therefore only called,
 * never printed.
 *
 * The file names carry the optimisation level, so that the -O0, -O2 and
 * -Os builds of this program can run at the same time.
 *
 * Not tested: rename().  newlib builds it from link() and unlink(), and
 * librdimon's _link always fails (ENOSYS), so rename() never works with
 * this library, whatever the host does (SYS_RENAME is never used).
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#include "check.h"

#if !defined(__OPTIMIZE__)
#define LEVEL "O0"
#elif defined(__OPTIMIZE_SIZE__)
#define LEVEL "Os"
#else
#define LEVEL "O2"
#endif

#define BIN_PATH "etsim-semihost-files-" LEVEL ".bin"
#define TXT_PATH "etsim-semihost-files-" LEVEL ".txt"

static unsigned char data[3000], back[3000];

int main(void)
{
    for (int i = 0; i < 3000; i++)
        data[i] = (unsigned char)(i * 7 + (i >> 8));

    FILE *f = fopen(BIN_PATH, "w+b");
    CHECK(f != NULL);
    if (f == NULL)
        return check_done("semihost_files");
    CHECK_EQ(fwrite(data, 1, sizeof data, f), 3000);
    CHECK_EQ(fflush(f), 0);
    CHECK_EQ(fseek(f, 0, SEEK_END), 0);
    long size = ftell(f);
    rewind(f);
    CHECK_EQ(fread(back, 1, sizeof back, f), 3000);
    CHECK(memcmp(data, back, sizeof data) == 0);
    CHECK_EQ(fseek(f, 1000, SEEK_SET), 0);
    unsigned char ten[10];
    CHECK_EQ(fread(ten, 1, 10, f), 10);
    CHECK(memcmp(ten, data + 1000, 10) == 0);
    CHECK_EQ(ftell(f), 1010);
    CHECK_EQ(fseek(f, -500, SEEK_CUR), 0);
    CHECK_EQ(fgetc(f), data[510]);
    /* Overwrite in the middle, then read it back. */
    CHECK_EQ(fseek(f, 2000, SEEK_SET), 0);
    CHECK_EQ(fputc(0xA5, f), 0xA5);
    CHECK_EQ(fseek(f, 1999, SEEK_SET), 0);
    CHECK_EQ(fread(ten, 1, 3, f), 3);
    CHECK(ten[0] == data[1999] && ten[1] == 0xA5 && ten[2] == data[2001]);
    /* Reading at the end gives EOF. */
    CHECK_EQ(fseek(f, 0, SEEK_END), 0);
    CHECK_EQ(fgetc(f), EOF);
    CHECK(feof(f));
    CHECK_EQ(fclose(f), 0);
    printf("binary file: %ld bytes written and read back\n", size);
    CHECK_EQ(size, 3000);

    /* Append mode. */
    f = fopen(BIN_PATH, "ab");
    CHECK(f != NULL);
    if (f) {
        CHECK_EQ(fwrite("12345", 1, 5, f), 5);
        CHECK_EQ(fclose(f), 0);
    }
    f = fopen(BIN_PATH, "rb");
    CHECK(f != NULL);
    if (f) {
        CHECK_EQ(fseek(f, 0, SEEK_END), 0);
        size = ftell(f);
        CHECK_EQ(fseek(f, -5, SEEK_END), 0);
        char tail[6] = {0};
        CHECK_EQ(fread(tail, 1, 5, f), 5);
        printf("after append: %ld bytes, tail \"%s\"\n", size, tail);
        CHECK_EQ(size, 3005);
        CHECK_STR(tail, "12345");
        CHECK_EQ(fclose(f), 0);
    }

    /* Text I/O. */
    f = fopen(TXT_PATH, "w");
    CHECK(f != NULL);
    if (f) {
        for (int i = 1; i <= 5; i++)
            fprintf(f, "line %d: %d squared is %d\n", i, i, i * i);
        CHECK_EQ(fclose(f), 0);
    }
    f = fopen(TXT_PATH, "r");
    CHECK(f != NULL);
    if (f) {
        char line[64];
        int lines = 0, sum = 0, a, b, c;
        while (fgets(line, sizeof line, f)) {
            if (sscanf(line, "line %d: %d squared is %d", &a, &b, &c) == 3)
                sum += c;
            lines++;
        }
        printf("text file: %d lines, sum of squares %d\n", lines, sum);
        CHECK_EQ(lines, 5);
        CHECK_EQ(sum, 55);
        CHECK_EQ(fclose(f), 0);
    }

    /* remove (SYS_REMOVE); then opening the file fails with ENOENT. */
    CHECK_EQ(remove(TXT_PATH), 0);
    CHECK_EQ(remove(BIN_PATH), 0);
    errno = 0;
    f = fopen(TXT_PATH, "r");
    int e = errno;
    printf("after remove: %s, errno %s\n", f ? "opened" : "missing", e == ENOENT ? "ENOENT" : "other");
    CHECK(f == NULL);
    CHECK_EQ(e, ENOENT);
    CHECK(fopen(BIN_PATH, "rb") == NULL);
    CHECK(remove(BIN_PATH) != 0);

    /* The semihosting feature bits, as the debugger (QEMU, etsim) reports
     * them: "SHFB" then one byte, bit 0 = SYS_EXIT_EXTENDED, bit 1 = stdout
     * and stderr as separate ":tt" handles. */
    f = fopen(":semihosting-features", "rb");
    CHECK(f != NULL);
    if (f) {
        unsigned char feat[16];
        size_t n = fread(feat, 1, sizeof feat, f);
        printf("semihosting-features: %u bytes:", (unsigned)n);
        for (size_t i = 0; i < n; i++)
            printf(" %02x", feat[i]);
        printf("\n");
        CHECK(n == 5 && memcmp(feat, "SHFB", 4) == 0 && feat[4] == 3);
        fclose(f);
    }

    /* Host time: called, not printed. */
    time_t t = time(NULL);
    clock_t c = clock();
    CHECK(t != (time_t)-1);
    CHECK(c != (clock_t)-1);
    printf("time() and clock() answered\n");

    return check_done("semihost_files");
}
