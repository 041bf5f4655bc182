/* Whole input files read into memory (sim/file_io.h). */
#include "file_io.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool read_fd(int fd, uint8_t *buf, size_t size)
{
    size_t got = 0;
    while (got < size) {
        ssize_t n = read(fd, buf + got, size - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)   /* an error, or the file shrank while we read it */
            return false;
        got += (size_t)n;
    }
    return true;
}

bool file_read(const char *path, uint64_t max_bytes, const char *what, file_data_t *out, char *err,
               size_t errlen)
{
    memset(out, 0, sizeof *out);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return false;
    }
    /* Only regular files: a directory or a pipe has no size to read up to. */
    struct stat st;
    bool ok = false;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
        snprintf(err, errlen, "%s: not a regular file", path);
    else if ((uint64_t)st.st_size > max_bytes)
        snprintf(err, errlen, "%s: larger than %llu MiB, too large for %s", path,
                 (unsigned long long)(max_bytes >> 20), what);
    else if (!(out->bytes = malloc((size_t)st.st_size + 1)))
        snprintf(err, errlen, "%s: out of memory", path);
    else if (!read_fd(fd, out->bytes, (size_t)st.st_size))
        snprintf(err, errlen, "%s: read error", path);
    else
        ok = true;
    close(fd);
    if (!ok) {
        file_data_free(out);
        return false;
    }
    out->size = (size_t)st.st_size;
    out->bytes[out->size] = '\0';
    return true;
}

void file_data_free(file_data_t *f)
{
    free(f->bytes);
    f->bytes = NULL;
    f->size = 0;
}
