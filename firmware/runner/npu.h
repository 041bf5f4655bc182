/* The runner's NPU: our Ethos-U driver (firmware/ethosu/) lent to the
 * runtime's EthosUBackend as its platform NPU. */
#ifndef RUNNER_NPU_H
#define RUNNER_NPU_H

#include "../../runtime/et_method.h"

/* Gives the method's backends the NPU.  The NPU is probed at the first job,
 * so models without an NPU delegate never touch its address (QEMU has no
 * NPU there). */
void runner_npu_attach(et_method *m);

/* Prints the NPU's job count and the last job's PMU figures, if any jobs ran. */
void runner_npu_report(void);

#endif
