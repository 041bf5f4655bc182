/* The runner's NPU glue: et_npu (runtime/et_backend.h) over our driver.
 * A selective runner without the Ethos-U backend (ET_NO_ETHOSU_BACKEND,
 * runtime.mk's runner-for) has no NPU and links no driver. */
#include "npu.h"
#include "console.h"


#ifdef ET_NO_ETHOSU_BACKEND
int runner_npu_attach(et_method *m, et_pool *pool, et_error *err)
{
    (void)m, (void)pool, (void)err;
    return 0;
}
void runner_npu_report(const et_method *m) { (void)m; }
#else

#include "../ethosu/ethosu_driver.h"

/* The driver, its first error and the platform the backends get: in the
 * metadata pool, for a method with delegates only. */
typedef struct npu_state {
    ethosu_drv driver;
    bool tried_init;
    char init_error[ET_ERROR_MSG_LEN];
    et_npu npu;
    et_platform platform;
} npu_state;

static et_err invoke(void *ctx, const et_npu_job *job, et_error *err)
{
    npu_state *s = ctx;
    char msg[ET_ERROR_MSG_LEN];
    if (!s->tried_init) {
        s->tried_init = true;
        if (ethosu_drv_init(&s->driver, ETHOSU_AN547_BASE, s->init_error, sizeof s->init_error) != 0)
            s->driver.ready = false;
    }
    if (!s->driver.ready)
        return et_fail(err, ET_ERR_BACKEND, "EthosUBackend: %s (on etsim: --npu ethos-u55-128)", s->init_error);
    if (ethosu_drv_invoke(&s->driver, job->cop, job->cop_size, job->base, job->base_size, job->nbases, msg,
                          sizeof msg) != 0)
        return et_fail(err, ET_ERR_BACKEND, "EthosUBackend: %s", msg);
    return ET_OK;
}

int runner_npu_attach(et_method *m, et_pool *pool, et_error *err)
{
    if (m->ndelegates == 0)
        return 0;  /* no backend to ask for the NPU */
    npu_state *s = et_pool_alloc(pool, sizeof *s, err);
    if (s == NULL)
        return -1;
    s->npu = (et_npu){s, invoke};
    s->platform = (et_platform){&s->npu};
    m->platform = &s->platform;
    return 0;
}

void runner_npu_report(const et_method *m)
{
    const npu_state *s = m->platform ? m->platform->npu->ctx : NULL;
    if (s == NULL || s->driver.jobs == 0)
        return;
    const ethosu_pmu_counts *c = &s->driver.last;
    runner_out("npu: %lu jobs; last job: %llu active cycles, AXI0 %lu read / %lu write beats, AXI1 %lu read beats\n",
           (unsigned long)s->driver.jobs, (unsigned long long)c->active_cycles, (unsigned long)c->axi0_read_beats,
           (unsigned long)c->axi0_write_beats, (unsigned long)c->axi1_read_beats);
}
#endif
