/* GDB remote serial protocol stub (docs/gdb.md): etsim --gdb PORT listens on
 * the loopback interface before reset, and the run is then driven by the
 * debugger: registers (core, FP, MVE, the M-profile system registers through
 * a target description), memory, software and hardware breakpoints,
 * watchpoints, single step, continue, Ctrl-C and monitor commands.
 *
 * Debugging does not change the simulation: breakpoints and steps are
 * checked after each retired instruction through the core's on_insn hook
 * (so the core runs its traced loop only while a debugger is attached) and
 * watchpoints through on_mem; nothing is patched into the firmware's
 * memory, and a halted core's clock stands still. */
#ifndef ETSIM_SIM_GDB_H
#define ETSIM_SIM_GDB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "machine.h"

typedef struct gdb_stub gdb_stub_t;

/* Parse "PORT" or ":PORT" (1..65535); false when it is neither. */
bool gdb_parse_port(const char *s, int *port);

/* Listen on 127.0.0.1:port (before reset); the connection is accepted by
 * gdb_run().  NULL with a message when the port cannot be opened. */
gdb_stub_t *gdb_open(int port, char *err, size_t errlen);
void gdb_close(gdb_stub_t *g);

/* What `monitor report` prints: the summary of the run so far. */
typedef void (*gdb_report_fn)(void *ctx, FILE *f);

/* Wait for the debugger, then serve it until the firmware ends (and the
 * debugger is told), the debugger detaches (the run then goes on to its
 * end without it) or kills the run.  Returns the core's stop reason;
 * STOP_REQUEST when the debugger killed the run.  max_cycles bounds the run
 * as cpu_run()'s limit does.  Chains its hooks after the trace's and
 * exec_symbols' (attach those first). */
enum cpu_stop gdb_run(gdb_stub_t *g, machine_t *m, uint64_t max_cycles, gdb_report_fn report,
                      void *report_ctx);

#endif
