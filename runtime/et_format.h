/* A small snprintf of our own, for the runtime's messages and printed
 * outputs, so that the firmware links none of newlib's printf family
 * (about 24 KB with its float conversion) and the host prints exactly
 * what the target prints.
 *
 * Only what the runtime, the runner and the Ethos-U driver use (every
 * byte of it is in each runner): the conversions d u x s f %, the flag
 * '0', a width (digits), a precision (digits or '*') and the length
 * modifiers l ll z; fields are right-aligned.  %f takes a precision only
 * (a width or flag is read and ignored) and is exact (the double's binary
 * value rounded half to even, as glibc and newlib print it), with a
 * precision of at most 17 digits (a larger one is printed as 17 digits
 * and zero-filled).  Anything else (%i, %X, %p, %-5d, %+f ...) is copied
 * as it stands. */
#ifndef ET_FORMAT_H
#define ET_FORMAT_H

#include <stdarg.h>
#include <stddef.h>

/* As vsnprintf: writes at most size bytes including the terminating NUL
 * (none when size is 0) and returns the length the whole text has. */
size_t et_vformat(char *buf, size_t size, const char *fmt, va_list ap);

size_t et_format(char *buf, size_t size, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

#endif
