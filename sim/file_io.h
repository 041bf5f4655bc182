/* Whole input files read into memory: the one reader of every file etsim
 * is given (firmware ELF, model, .ptd, inputs, --data files, SoC
 * descriptions), so that each is opened once and every kind fails with the
 * same messages. */
#ifndef ETSIM_SIM_FILE_IO_H
#define ETSIM_SIM_FILE_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct file_data {
    uint8_t *bytes;   /* size bytes, then a NUL (text can be parsed in place) */
    size_t size;
} file_data_t;

/* Read the regular file path whole.  A file larger than max_bytes is
 * refused; what names the kind of file in that message ("a SoC
 * description").  On failure: false, out empty, and a message naming the
 * file (cannot open, not a regular file, too large, read error). */
bool file_read(const char *path, uint64_t max_bytes, const char *what, file_data_t *out, char *err,
               size_t errlen);
void file_data_free(file_data_t *f);

#endif
