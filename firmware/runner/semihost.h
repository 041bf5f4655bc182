/* The runner's own semihosting (ARM's semihosting interface: BKPT 0xAB,
 * operation in r0, parameter block in r1), instead of librdimon: what the
 * runner needs is the command line, two output streams and the exit
 * status, and librdimon's syscalls bring newlib's stdio core and malloc
 * with them (about 7.5 KB of code and its heap). */
#ifndef RUNNER_SEMIHOST_H
#define RUNNER_SEMIHOST_H

#include <stddef.h>

#define SEMIHOST_STDOUT 1
#define SEMIHOST_STDERR 2

/* One semihosting call; returns r0. */
int semihost_call(int op, void *block);

/* Writes len bytes to SEMIHOST_STDOUT or SEMIHOST_STDERR (the host's
 * ":tt" streams, opened by initialise_monitor_handles at reset). */
void semihost_write(int stream, const char *text, size_t len);

/* Replace librdimon's, which the startup code (firmware/common/startup.c)
 * and newlib's exit() call: open the two streams; end the run with the
 * status (SYS_EXIT_EXTENDED, which QEMU and etsim both implement). */
extern char *__heap_limit;
void initialise_monitor_handles(void);
void _exit(int status) __attribute__((noreturn));

/* newlib's exit(), atexit() and errno, replaced (-Wl,--wrap=exit,
 * --wrap=atexit) so that its per-thread data (1 KiB of .data) is not
 * linked. */
void __wrap_exit(int status) __attribute__((noreturn));
int __wrap_atexit(void (*handler)(void));
int *__errno(void);

#endif
