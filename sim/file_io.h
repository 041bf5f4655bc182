/* Whole input files in memory: the one reader of every file etsim and its
 * tools are given (firmware ELF, model, .ptd, inputs, --data files, SoC
 * descriptions, traces), so that each is opened once and every kind fails
 * with the same messages. */
#ifndef ETSIM_SIM_FILE_IO_H
#define ETSIM_SIM_FILE_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct file_data {
    uint8_t *bytes;   /* size bytes; copied ones are followed by a NUL */
    size_t size;
    bool mapped;      /* file_map of a regular file: bytes is the mapping */
} file_data_t;

/* Read path whole into memory, followed by a NUL (text can be parsed in
 * place).  A regular file, or a pipe or device read to its end; not a
 * directory.  Larger than max_bytes is refused; what names the kind of
 * file in that message ("a SoC description").  On failure: false, out
 * empty, and a message naming the file (cannot open, not a regular file,
 * too large, read error). */
bool file_read(const char *path, uint64_t max_bytes, const char *what, file_data_t *out, char *err,
               size_t errlen);

/* The same for files that may be gigabytes (traces): a regular file is
 * mapped read-only, without the NUL; others are read. */
bool file_map(const char *path, file_data_t *out, char *err, size_t errlen);

/* The same checks and messages, for a reader that takes only the parts it
 * needs (a firmware ELF of 1 MiB, mostly debug sections nothing reads): a
 * regular file is left open, *fd its descriptor (the caller closes it) and
 * out->size its size, out->bytes NULL; anything else is read whole into out
 * as file_read() does, *fd -1. */
bool file_open(const char *path, uint64_t max_bytes, const char *what, int *fd, file_data_t *out, char *err,
               size_t errlen);

void file_data_free(file_data_t *f);

#endif
