/* Whole input files in memory (sim/file_io.h). */
#include "file_io.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* Everything fd holds up to its end (a pipe has no size to ask for), at
 * most max bytes, followed by a NUL. */
static bool read_to_end(int fd, const char *path, uint64_t max, const char *what, file_data_t *out,
                        char *err, size_t errlen)
{
    size_t cap = 1 << 16, n = 0;
    uint8_t *buf = malloc(cap + 1);
    while (buf) {
        ssize_t got = read(fd, buf + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            snprintf(err, errlen, "%s: read error: %s", path, strerror(errno));
            free(buf);
            return false;
        }
        if (got == 0)
            break;
        n += (size_t)got;
        if (n > max) {
            snprintf(err, errlen, "%s: larger than %llu MiB, too large for %s", path,
                     (unsigned long long)(max >> 20), what);
            free(buf);
            return false;
        }
        if (n == cap) {
            uint8_t *nb = realloc(buf, cap * 2 + 1);
            if (!nb)
                free(buf);
            buf = nb;
            cap *= 2;
        }
    }
    if (!buf) {
        snprintf(err, errlen, "%s: out of memory", path);
        return false;
    }
    buf[n] = '\0';
    out->bytes = buf;
    out->size = n;
    return true;
}

/* A regular file's st_size bytes, followed by a NUL. */
static bool read_regular(int fd, const char *path, size_t size, file_data_t *out, char *err, size_t errlen)
{
    uint8_t *buf = malloc(size + 1);
    if (!buf) {
        snprintf(err, errlen, "%s: out of memory", path);
        return false;
    }
    size_t got = 0;
    while (got < size) {
        ssize_t n = read(fd, buf + got, size - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {   /* an error, or the file shrank while we read it */
            snprintf(err, errlen, "%s: read error", path);
            free(buf);
            return false;
        }
        got += (size_t)n;
    }
    buf[size] = '\0';
    out->bytes = buf;
    out->size = size;
    return true;
}

/* How load() gives a regular file: read into memory, mapped, or left open
 * (file_open()). */
enum load_how { LOAD_READ, LOAD_MAP, LOAD_OPEN };

static bool load(const char *path, enum load_how how, uint64_t max_bytes, const char *what, file_data_t *out,
                 int *fd_out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (fd_out)
        *fd_out = -1;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return false;
    }
    struct stat st;
    bool ok = false;
    if (fstat(fd, &st) != 0 || S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "%s: not a regular file", path);
    } else if (!S_ISREG(st.st_mode)) {
        ok = read_to_end(fd, path, max_bytes, what, out, err, errlen);
    } else if ((uint64_t)st.st_size > max_bytes) {
        snprintf(err, errlen, "%s: larger than %llu MiB, too large for %s", path,
                 (unsigned long long)(max_bytes >> 20), what);
    } else if (how == LOAD_OPEN) {
        out->size = (size_t)st.st_size;
        *fd_out = fd;
        return true;
    } else if (how == LOAD_MAP && st.st_size > 0) {
        void *p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (p == MAP_FAILED) {
            snprintf(err, errlen, "%s: cannot map: %s", path, strerror(errno));
        } else {
            *out = (file_data_t){p, (size_t)st.st_size, true};
            ok = true;
        }
    } else {
        ok = read_regular(fd, path, (size_t)st.st_size, out, err, errlen);
    }
    close(fd);
    return ok;
}

bool file_read(const char *path, uint64_t max_bytes, const char *what, file_data_t *out, char *err,
               size_t errlen)
{
    return load(path, LOAD_READ, max_bytes, what, out, NULL, err, errlen);
}

bool file_map(const char *path, file_data_t *out, char *err, size_t errlen)
{
    return load(path, LOAD_MAP, SIZE_MAX / 2, "a trace", out, NULL, err, errlen);
}

bool file_open(const char *path, uint64_t max_bytes, const char *what, int *fd, file_data_t *out, char *err,
               size_t errlen)
{
    return load(path, LOAD_OPEN, max_bytes, what, out, fd, err, errlen);
}

void file_data_free(file_data_t *f)
{
    if (f->mapped)
        munmap(f->bytes, f->size);
    else
        free(f->bytes);
    memset(f, 0, sizeof *f);
}
