/* The JSON report's "npu" object (docs/report.md): the NPU's counters over
 * the run and its last job, operation by operation.  Apart from the rest of
 * the report so that the NPU's figures can grow here. */
#include "report_format.h"

const char *report_npu_kind_name(npu_op_kind_t k)
{
    switch (k) {
    case NPU_OPK_CONV: return "conv";
    case NPU_OPK_DEPTHWISE: return "depthwise";
    case NPU_OPK_POOL: return "pool";
    case NPU_OPK_ELEMENTWISE: return "elementwise";
    case NPU_OPK_DMA: return "dma";
    default: return "other";
    }
}

/* The last job, operation by operation: what each kernel operation and
 * DMA cost in the timing model and what it moved. */
static json_object *npu_last_job_json(const analysis_t *a, const ethosu_device_t *d)
{
    json_object *arr = json_object_new_array();
    uint64_t kernel_free = 0;   /* when the kernel pipeline finished the operation before */
    for (uint32_t i = 0; i < d->nlog; i++) {
        const ethosu_cmd_rec_t *r = &d->log[i];
        json_object *o = json_object_new_object();
        if (r->kind != NPU_OPK_DMA) {
            /* The pipeline idle before this operation: waiting for the
             * command processor, held by a DMA_WAIT for its weights. */
            uint64_t idle = kernel_free && r->start > kernel_free ? r->start - kernel_free : 0;
            json_object_object_add(o, "stall_cycles", u64(idle));
            if (r->end > kernel_free)
                kernel_free = r->end;
        }
        json_object_object_add(o, "offset", json_object_new_int((int)r->offset));
        json_object_object_add(o, "kind", json_object_new_string(report_npu_kind_name(r->kind)));
        json_object_object_add(o, "mode", json_object_new_int(r->param));
        json_object_object_add(o, "start", u64(r->start));
        json_object_object_add(o, "cycles", u64(r->end - r->start));
        json_object_object_add(o, "compute_cycles", u64(r->cost.compute));
        if (r->kind != NPU_OPK_DMA) {
            json_object_object_add(o, "blockdep", json_object_new_int(r->blockdep));
            json_object_object_add(o, "blockdep_saved_cycles", u64(r->blockdep_saved));
        }
        json_object_object_add(o, "mac_cycles", u64(r->cost.mac_cycles));
        json_object_object_add(o, "macs", u64(r->macs));
        double util = r->end > r->start ? (double)r->macs / ((double)(r->end - r->start) * d->cfg->macs_per_cycle) : 0;
        json_object_object_add(o, "mac_utilisation", json_object_new_double(util));
        json_object *rd = json_object_new_array(), *wr = json_object_new_array(), *mc = json_object_new_array();
        for (int p = 0; p < 2; p++) {
            json_object_array_add(rd, u64(r->read_bytes[p]));
            json_object_array_add(wr, u64(r->write_bytes[p]));
            json_object_array_add(mc, u64(r->cost.mem[p]));
        }
        json_object_object_add(o, "axi_read_bytes", rd);
        json_object_object_add(o, "axi_write_bytes", wr);
        json_object_object_add(o, "axi_access_cycles", mc);
        json_object *mem = json_object_new_array();
        for (unsigned i = 0; i < r->nmem && i < (unsigned)a->nregions; i++) {
            if (!r->mem_read[i] && !r->mem_write[i])
                continue;
            json_object *mo = json_object_new_object();
            json_object_object_add(mo, "region", json_object_new_string(a->regions[i].name));
            json_object_object_add(mo, "read_bytes", u64(r->mem_read[i]));
            json_object_object_add(mo, "write_bytes", u64(r->mem_write[i]));
            json_object_array_add(mem, mo);
        }
        json_object_object_add(o, "memory", mem);
        json_object *ofm = json_object_new_array();
        json_object_array_add(ofm, json_object_new_int(r->ofm_h));
        json_object_array_add(ofm, json_object_new_int(r->ofm_w));
        json_object_array_add(ofm, json_object_new_int(r->ofm_c));
        json_object_object_add(o, "ofm", ofm);
        json_object_array_add(arr, o);
    }
    return arr;
}

/* A figure per AXI port: [AXI0, AXI1]. */
static json_object *per_port(const uint64_t v[2])
{
    json_object *a = json_object_new_array();
    json_object_array_add(a, u64(v[0]));
    json_object_array_add(a, u64(v[1]));
    return a;
}

json_object *report_npu_json(const analysis_t *a)
{
    const ethosu_device_t *d = a->npu;
    if (!d)
        return NULL;
    const ethosu_counters_t *n = &d->counters;
    json_object *o = json_object_new_object();
    json_object_object_add(o, "config", json_object_new_string(d->cfg->name));
    json_object_object_add(o, "macs_per_cycle", json_object_new_int((int)d->cfg->macs_per_cycle));
    json_object_object_add(o, "jobs", u64(n->jobs));
    json_object_object_add(o, "commands", u64(n->commands));
    json_object_object_add(o, "active_cycles", u64(n->active_cycles));
    json_object_object_add(o, "mac_cycles", u64(n->mac_cycles));
    json_object_object_add(o, "macs", u64(n->macs));
    json_object *rd = json_object_new_array(), *wr = json_object_new_array();
    for (int p = 0; p < 2; p++) {
        json_object_array_add(rd, u64(n->read_bytes[p]));
        json_object_array_add(wr, u64(n->write_bytes[p]));
    }
    json_object_object_add(o, "axi_read_bytes", rd);
    json_object_object_add(o, "axi_write_bytes", wr);
    json_object *rb = json_object_new_array(), *wb = json_object_new_array();
    for (int p = 0; p < 2; p++) {
        json_object_array_add(rb, u64(n->read_beats[p]));
        json_object_array_add(wb, u64(n->write_beats[p]));
    }
    json_object_object_add(o, "axi_read_beats", rb);
    json_object_object_add(o, "axi_write_beats", wb);
    json_object_object_add(o, "axi_read_limit_stall_cycles", per_port(n->rd_limit_stall));
    json_object_object_add(o, "axi_write_limit_stall_cycles", per_port(n->wr_limit_stall));
    json_object_object_add(o, "bus_errors", u64(a->npu_bus_errors));
    json_object_object_add(o, "last_error", d->last_error[0] ? json_object_new_string(d->last_error) : NULL);
    json_object_object_add(o, "stall_cycles", u64(d->stall_cycles));
    json_object_object_add(o, "wait_cycles", u64(d->wait_cycles));
    json_object_object_add(o, "blockdep_saved_cycles", u64(d->blockdep_saved));
    json_object_object_add(o, "contention_cpu_stall_cycles", u64(n->contention_cpu_cycles));
    json_object_object_add(o, "contention_npu_cycles", u64(n->contention_npu_cycles));
    json_object_object_add(o, "last_job_operations", npu_last_job_json(a, d));
    return o;
}
