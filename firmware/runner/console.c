#include "console.h"

#include <stdarg.h>

#include "../../runtime/et_format.h"
#include "semihost.h"

static void vwrite_fd(int fd, const char *fmt, va_list ap)
{
    char line[RUNNER_CONSOLE_LINE];
    size_t n = et_vformat(line, sizeof line, fmt, ap);
    semihost_write(fd, line, n < sizeof line ? n : sizeof line - 1);
}

void runner_out(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vwrite_fd(SEMIHOST_STDOUT, fmt, ap);
    va_end(ap);
}

void runner_err(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vwrite_fd(SEMIHOST_STDERR, fmt, ap);
    va_end(ap);
}

void runner_write_stdout(void *ctx, const char *text, size_t len)
{
    (void)ctx;
    semihost_write(SEMIHOST_STDOUT, text, len);
}
