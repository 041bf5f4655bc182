/* Timing for firmware without profiling-port markers: an unmodified
 * ExecuTorch runner (C++ runtime, e.g. upstream's examples/arm executor
 * runner) is recognised by the mangled names of its runtime's functions,
 * and etsim records the inference and operator events the profiling port
 * would have recorded (sim/profport.h), at the moments the runtime enters
 * and leaves Method::execute() and Method::execute_instruction().  The
 * report, CSV, HTML, timeline and traces are then built exactly as for a
 * runner with markers (docs/report.md, "Timing from ExecuTorch's symbols").
 *
 * Operator names come from the runtime's kernel registry in the
 * firmware's memory: the kernel function an instruction calls is looked
 * up among the registered kernels, whose name is the operator's
 * ("cortex_m::quantized_conv2d.out").  No debug info and no change to the
 * firmware are needed. */
#ifndef ETSIM_SIM_EXEC_SYMBOLS_H
#define ETSIM_SIM_EXEC_SYMBOLS_H

#include <stdbool.h>
#include <stddef.h>

#include "elf_load.h"
#include "machine.h"
#include "power.h"

typedef struct exec_symbols exec_symbols_t;

/* From the ELF's symbols (elf_load's tables).  Returns NULL with err empty
 * when the ELF holds no ExecuTorch runtime we recognise, NULL with a
 * message on a real error (out of memory). */
exec_symbols_t *exec_symbols_open(const elf_tables_t *elf, char *err, size_t errlen);
void exec_symbols_free(exec_symbols_t *x);

/* Watch the run: chains itself after the machine's current on_insn hook
 * (attach after any instruction trace).  probe (may be NULL) gets a
 * snapshot per recorded event, as for the profiling port's. */
void exec_symbols_attach(exec_symbols_t *x, machine_t *m, power_probe_t *probe);

/* What was recognised, for the report: e.g. "ExecuTorch C++ runtime:
 * Method::execute, Method::execute_instruction, kernel registry".  NULL
 * once the firmware turned out to write profiling-port markers itself:
 * those are used, and the symbols stand down (no double marks). */
const char *exec_symbols_describe(const exec_symbols_t *x);

/* A backend's execute() (BackendInterface::execute(BackendExecutionContext&,
 * ...) const, overridden by e.g. EthosUBackend) by its mangled name: writes
 * "Class::execute" to out; false for any other symbol. */
bool exec_symbols_delegate_name(const char *mangled, char *out, size_t cap);

#endif
