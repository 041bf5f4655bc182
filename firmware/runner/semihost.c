#include "semihost.h"

#include <stdint.h>

#define SYS_OPEN 0x01
#define SYS_WRITE 0x05
#define SYS_EXIT_EXTENDED 0x20
#define ADP_STOPPED_APPLICATION_EXIT 0x20026u
/* SYS_OPEN modes of ":tt": 4 ("w") is the host's stdout, 8 ("a") its stderr */
#define OPEN_MODE_W 4
#define OPEN_MODE_A 8

/* librdimon's heap end, which the startup code sets for its sbrk: the
 * runner links no sbrk (nothing allocates), but the variable must exist. */
char *__heap_limit;

/* The host's handles of the two streams (-1: not open). */
static int stream_handle[3] = {-1, -1, -1};

int semihost_call(int op, void *block)
{
    register int r0 __asm__("r0") = op;
    register void *r1 __asm__("r1") = block;
    __asm__ volatile("bkpt 0xab" : "+r"(r0) : "r"(r1) : "memory");
    return r0;
}

static int open_tt(uint32_t mode)
{
    struct {
        const char *name;
        uint32_t mode;
        uint32_t len;
    } block = {":tt", mode, 3};
    return semihost_call(SYS_OPEN, &block);
}

void initialise_monitor_handles(void)
{
    stream_handle[SEMIHOST_STDOUT] = open_tt(OPEN_MODE_W);
    stream_handle[SEMIHOST_STDERR] = open_tt(OPEN_MODE_A);
}

void semihost_write(int stream, const char *text, size_t len)
{
    int handle = stream == SEMIHOST_STDOUT || stream == SEMIHOST_STDERR ? stream_handle[stream] : -1;
    if (handle < 0 || len == 0)
        return;
    struct {
        uint32_t handle;
        const char *text;
        uint32_t len;
    } block = {(uint32_t)handle, text, (uint32_t)len};
    semihost_call(SYS_WRITE, &block); /* returns the bytes not written: the host takes them all */
}

void _exit(int status)
{
    struct {
        uint32_t reason;
        uint32_t status;
    } block = {ADP_STOPPED_APPLICATION_EXIT, (uint32_t)status};
    for (;;)
        semihost_call(SYS_EXIT_EXTENDED, &block);
}

/* newlib's exit() runs the atexit handlers and flushes stdio through its
 * per-thread data (impure_data: 1 KiB of .data, the largest of the
 * runner's statics).  The runner registers no handlers and has no stdio
 * to flush (it prints with semihost_write), so the startup code's
 * exit(main()) goes straight to _exit, and its atexit() registers
 * nothing (newlib's keeps the handler list in that data too): the runner
 * links with -Wl,--wrap=exit,--wrap=atexit. */
void __wrap_exit(int status)
{
    _exit(status);
}

int __wrap_atexit(void (*handler)(void))
{
    (void)handler;
    return 0;
}

/* libm reports domain errors in errno, which newlib keeps in that same
 * per-thread data; the runner's is one int of its own. */
int *__errno(void)
{
    static int error_number;
    return &error_number;
}
