/* The runner's stdout and stderr without newlib's stdio: each message is
 * formatted by et_format into a buffer on the stack and written with one
 * semihosting SYS_WRITE (semihost.c), so the runner links neither printf
 * nor the stdio buffers it would take from the heap. */
#ifndef RUNNER_CONSOLE_H
#define RUNNER_CONSOLE_H

#include <stddef.h>

/* Messages longer than this are cut (the longest, the command line's
 * usage, is about 200 bytes). */
#define RUNNER_CONSOLE_LINE 320

void runner_out(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

void runner_err(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* An et_write_fn for et_print_value: ctx unused, the text to stdout. */
void runner_write_stdout(void *ctx, const char *text, size_t len);

#endif
