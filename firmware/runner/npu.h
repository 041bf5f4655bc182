/* The runner's NPU: our Ethos-U driver (firmware/ethosu/) lent to the
 * runtime's EthosUBackend as its platform NPU. */
#ifndef RUNNER_NPU_H
#define RUNNER_NPU_H

#include "../../runtime/et_method.h"

/* Gives the method's backends the NPU, when it has delegates: the
 * driver's state comes from `pool` (no static RAM for a model that runs
 * on the CPU).  The NPU is probed at the first job, so models without an
 * NPU delegate never touch its address (QEMU has no NPU there).  -1 (err
 * set) when the pool is full. */
int runner_npu_attach(et_method *m, et_pool *pool, et_error *err);

/* Prints the NPU's job count and the last job's PMU figures, if any jobs ran. */
void runner_npu_report(const et_method *m);

#endif
