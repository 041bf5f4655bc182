/* EthosUBackend: runs a VelaBinStream on the Ethos-U NPU, as upstream
 * ExecuTorch's backend does (ETHOSU.md 1.3).  At load time the blob is
 * checked and indexed (vela_bin.c).  At execute time: a 16-byte aligned
 * scratch buffer from the method's temporary memory, inputs copied into
 * it (ethosu_io.c), one job for the platform's NPU driver with the bases
 * {weights, scratch, no fast scratch} (the command stream and weights read
 * in place from the .pte), outputs copied back. */
#include <string.h>

#include "../et_backend.h"
#include "ethosu_io.h"
#include "vela_bin.h"

/* Base pointer indices the command stream uses (regor's region numbers). */
enum { BASE_WEIGHTS = 0, BASE_SCRATCH = 1, BASE_FAST_SCRATCH = 2, NUM_BASES = 3 };

static et_err ethosu_init(const et_backend_init_ctx *ctx, const uint8_t *blob, size_t size, const fb_vec *specs,
                          void **handle, et_error *err)
{
    (void)specs;
    vela_bin *v = et_pool_alloc(ctx->pool, sizeof *v, err);
    if (v == NULL)
        return err->code;
    if (vela_bin_parse(blob, size, ctx->program, ctx->pool, v, err) != ET_OK)
        return err->code;
    *handle = v;
    return ET_OK;
}

static et_err arg_tensor(et_value *values, const uint32_t *args, uint32_t i, et_tensor **t, et_error *err)
{
    const et_value *val = &values[args[i]];
    if (val->tag != ET_TAG_TENSOR)
        return et_fail(err, ET_ERR_INVALID_ARGUMENT, "EthosUBackend: argument %u is not a tensor", (unsigned)i);
    *t = val->u.t;
    return ET_OK;
}

static et_err run_job(const et_backend_exec_ctx *ctx, const vela_bin *v, uint8_t *scratch, et_error *err)
{
    const et_npu *npu = ctx->platform ? ctx->platform->npu : NULL;
    if (npu == NULL)
        return et_fail(err, ET_ERR_UNSUPPORTED,
                       "EthosUBackend: no NPU driver on this platform (command stream of %u bytes, %u bytes scratch)",
                       (unsigned)v->cmd_size, (unsigned)v->scratch_size);
    et_npu_job job;
    memset(&job, 0, sizeof job);
    job.cop = v->cmd_data;
    job.cop_size = v->cmd_size;
    job.base[BASE_WEIGHTS] = (uint64_t)(uintptr_t)v->weight_data;
    job.base_size[BASE_WEIGHTS] = v->weight_size;
    job.base[BASE_SCRATCH] = (uint64_t)(uintptr_t)scratch;
    job.base_size[BASE_SCRATCH] = v->scratch_size;
    /* No fast scratch: an Ethos-U55 system without a separate fast memory
     * (upstream's weak ethosu_fast_scratch is NULL with size 0). */
    job.base[BASE_FAST_SCRATCH] = 0;
    job.base_size[BASE_FAST_SCRATCH] = 0;
    job.nbases = NUM_BASES;
    return npu->invoke(npu->ctx, &job, err);
}

static et_err ethosu_execute(const et_backend_exec_ctx *ctx, void *handle, et_value *values, const uint32_t *args,
                             uint32_t nargs, et_error *err)
{
    const vela_bin *v = handle;
    if (nargs != (uint32_t)(v->ninputs + v->noutputs))
        return et_fail(err, ET_ERR_BACKEND, "EthosUBackend: %u args for %d inputs and %d outputs", (unsigned)nargs,
                       (int)v->ninputs, (int)v->noutputs);
    et_tensor *t = NULL;
    for (int32_t i = 0; i < v->noutputs; i++)
        if (arg_tensor(values, args, (uint32_t)(v->ninputs + i), &t, err) != ET_OK ||
            ethosu_check_output(i, t, &v->outputs[i], err) != ET_OK)
            return err->code;
    uint8_t *scratch = NULL;
    if (v->scratch_size > 0) {
        if (ctx->temp == NULL)
            return et_fail(err, ET_ERR_NO_MEMORY, "EthosUBackend: no temporary memory for %u bytes of scratch",
                           (unsigned)v->scratch_size);
        scratch = et_pool_alloc_uninit(ctx->temp, v->scratch_size, err);  /* 16-byte aligned */
        if (scratch == NULL)
            return err->code;
    }
    for (int32_t i = 0; i < v->ninputs; i++)
        if (arg_tensor(values, args, (uint32_t)i, &t, err) != ET_OK ||
            ethosu_copy_input(i, t, &v->inputs[i], scratch, v->scratch_size, err) != ET_OK)
            return err->code;
    if (run_job(ctx, v, scratch, err) != ET_OK)
        return err->code;
    ethosu_totals totals = {0, 0};
    for (int32_t i = 0; i < v->noutputs; i++)
        if (arg_tensor(values, args, (uint32_t)(v->ninputs + i), &t, err) != ET_OK ||
            ethosu_copy_output(i, t, &v->outputs[i], scratch, v->scratch_size, &totals, err) != ET_OK)
            return err->code;
    return ethosu_check_totals(&totals, err);
}

/* Engine 1 = npu in the profiling port's numbering (etsim_profport.h). */
const et_backend et_backend_ethosu = {"EthosUBackend", 1, ethosu_init, ethosu_execute};
