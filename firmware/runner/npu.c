/* The runner's NPU glue: et_npu (runtime/et_backend.h) over our driver.
 * A selective runner without the Ethos-U backend (ET_NO_ETHOSU_BACKEND,
 * runtime.mk's runner-for) has no NPU and links no driver. */
#include "npu.h"
#include "console.h"


#ifdef ET_NO_ETHOSU_BACKEND
void runner_npu_attach(et_method *m) { (void)m; }
void runner_npu_report(void) {}
#else

#include "../ethosu/ethosu_driver.h"

static ethosu_drv driver;
static bool tried_init;
static char init_error[ET_ERROR_MSG_LEN];

static et_err invoke(void *ctx, const et_npu_job *job, et_error *err)
{
    (void)ctx;
    char msg[ET_ERROR_MSG_LEN];
    if (!tried_init) {
        tried_init = true;
        if (ethosu_drv_init(&driver, ETHOSU_AN547_BASE, init_error, sizeof init_error) != 0)
            driver.ready = false;
    }
    if (!driver.ready)
        return et_fail(err, ET_ERR_BACKEND, "EthosUBackend: %s (on etsim: --npu ethos-u55-128)", init_error);
    if (ethosu_drv_invoke(&driver, job->cop, job->cop_size, job->base, job->base_size, job->nbases, msg, sizeof msg) !=
        0)
        return et_fail(err, ET_ERR_BACKEND, "EthosUBackend: %s", msg);
    return ET_OK;
}

static const et_npu npu = {NULL, invoke};
static const et_platform platform = {&npu};

void runner_npu_attach(et_method *m) { m->platform = &platform; }

void runner_npu_report(void)
{
    if (driver.jobs == 0)
        return;
    const ethosu_pmu_counts *c = &driver.last;
    runner_out("npu: %lu jobs; last job: %llu active cycles, AXI0 %lu read / %lu write beats, AXI1 %lu read beats\n",
           (unsigned long)driver.jobs, (unsigned long long)c->active_cycles, (unsigned long)c->axi0_read_beats,
           (unsigned long)c->axi0_write_beats, (unsigned long)c->axi1_read_beats);
}
#endif
