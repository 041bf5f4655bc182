/* The summary on stderr (report_summary), from the analysis. */
#include "report_format.h"

#include "../firmware/include/etsim_profport.h"

/* ---- summary -------------------------------------------------------------- */

/* The engines the operators ran on ("cpu", "cpu + npu", ...; "cpu"
 * without operators), for the case-study row. */
static const char *engines_used(const analysis_t *a, char *buf, size_t len)
{
    bool used[3] = {a->nops == 0, false, false};
    for (uint32_t i = 0; i < a->nops; i++)
        if (a->ops[i].name && a->ops[i].engine < 3)
            used[a->ops[i].engine] = true;
    size_t n = 0;
    buf[0] = '\0';
    for (uint32_t e = 0; e < 3; e++)
        if (used[e])
            n += (size_t)snprintf(buf + n, n < len ? len - n : 0, "%s%s", n ? " + " : "", report_engine_name(e));
    return buf;
}

static void summary_case_study(FILE *f, const analysis_t *a)
{
    double per = per_inf(a, (double)a->cycles);
    char engines[32];
    fprintf(f, "  | model | hardware | flash (model) | flash (code) | RAM | latency | energy | avg power |\n");
    fprintf(f, "  | %s | %s (%s), %s | %.1f KiB | %.1f KiB | ", a->ri->model_path ? base_name(a->ri->model_path) : "-",
            a->soc->cpu, a->soc->name, engines_used(a, engines, sizeof engines), a->ri->model_bytes / 1024.0,
            (a->ri->elf.code_bytes + a->ri->elf.rodata_bytes + a->ri->elf.data_bytes) / 1024.0);
    if (a->ri->ram)
        fprintf(f, "%.1f KiB | ", a->ri->ram->ram_peak / 1024.0);
    else
        fprintf(f, "- | ");
    if (a->iterations)
        fprintf(f, "%.3f ms @ %.0f MHz | ", ms_of(a, per), a->soc->cpu_mhz);
    else
        fprintf(f, "- | ");
    if (a->have_power && a->iterations)
        fprintf(f, "%.1f uJ | %.2f mW |\n", per_inf(a, a->energy.total_pj) / 1e6,
                a->energy.total_pj / 1e6 / (ms_of(a, (double)a->cycles) * 1e3) * 1e3);
    else
        fprintf(f, "- | - |\n");
}

static void summary_ram(FILE *f, const analysis_t *a)
{
    const ram_info_t *r = a->ri->ram;
    if (!r)
        return;
    fprintf(f, "  RAM peak      %llu bytes (%.1f KiB):", (unsigned long long)r->ram_peak, r->ram_peak / 1024.0);
    for (int i = 0; i < r->ntiers; i++)
        if (r->tiers[i].ram_bytes)
            fprintf(f, " %s %.1f KiB", r->tiers[i].name, r->tiers[i].ram_bytes / 1024.0);
    fputs("  (reserved by the image)", f);
    if (r->touched_known) {
        fprintf(f, "\n  RAM touched   %llu bytes (%.1f KiB):", (unsigned long long)r->ram_touched,
                r->ram_touched / 1024.0);
        for (int i = 0; i < r->ntiers; i++)
            if (r->tiers[i].touched_bytes)
                fprintf(f, " %s %.1f KiB", r->tiers[i].name, r->tiers[i].touched_bytes / 1024.0);
        fputs("  (changed by the firmware)", f);
    }
    fprintf(f, "\n  stack peak    %llu bytes, heap peak %llu bytes\n", (unsigned long long)r->stack_peak,
            (unsigned long long)r->heap_peak);
}

/* The method load and the runtime's share of the RAM peak, when the
 * firmware marked its load (docs/report.md). */
static void summary_runtime(FILE *f, const analysis_t *a)
{
    if (!a->load_known)
        return;
    fprintf(f, "  load          %llu cycles = %.3f ms (the method: program, values, kernels, scratch plan)\n",
            (unsigned long long)a->load_cycles, ms_of(a, (double)a->load_cycles));
    const ram_info_t *r = a->ri->ram;
    if (r)
        fprintf(f, "  RAM parts     arena %llu, metadata %llu, scratch %llu, stack %llu, heap %llu, statics %llu bytes\n",
                (unsigned long long)a->arena_bytes, (unsigned long long)a->metadata_bytes,
                (unsigned long long)a->scratch_bytes, (unsigned long long)r->stack_peak,
                (unsigned long long)r->heap_peak, (unsigned long long)ram_statics(r, a));
}

void report_summary(FILE *f, const analysis_t *a)
{
    double mips = a->ri->host_seconds > 0 ? (double)a->run_instret / a->ri->host_seconds / 1e6 : 0;
    fprintf(f, "etsim: %s, %s @ %.0f MHz\n", a->soc->name, a->soc->cpu, a->soc->cpu_mhz);
    fprintf(f, "  instructions  %llu\n", (unsigned long long)a->run_instret);
    fprintf(f, "  cycles        %llu  (%.3f ms simulated, CPI %.2f)\n", (unsigned long long)a->run_cycles,
            ms_of(a, (double)a->run_cycles),
            a->run_instret ? (double)a->run_cycles / (double)a->run_instret : 0.0);
    fprintf(f, "  host          %.3f s, %.1f MIPS\n", a->ri->host_seconds, mips);
    const ethosu_device_t *npu = a->npu;
    if (npu && npu->counters.jobs) {
        fprintf(f, "  npu           %s: %llu jobs, %llu commands, %llu active cycles, %llu MACs\n", npu->cfg->name,
                (unsigned long long)npu->counters.jobs, (unsigned long long)npu->counters.commands,
                (unsigned long long)npu->counters.active_cycles, (unsigned long long)npu->counters.macs);
        if (npu->counters.contention_cpu_cycles || npu->counters.contention_npu_cycles)
            fprintf(f, "  contention    CPU stalled %llu cycles by the NPU's traffic, NPU %llu cycles by the CPU's\n",
                    (unsigned long long)npu->counters.contention_cpu_cycles,
                    (unsigned long long)npu->counters.contention_npu_cycles);
        if (npu->last_error[0])
            fprintf(f, "  npu error     %s\n", npu->last_error);
    }
    const analysis_dsp_t *dsp = &a->dsp;
    if (dsp->releases) {
        fprintf(f, "  dsp           %.0f MHz: %llu releases, %llu bundles, %llu active cycles, %llu asleep, "
                "%llu mailbox jobs\n", a->dsp.mhz, (unsigned long long)dsp->releases,
                (unsigned long long)dsp->bundles, (unsigned long long)dsp->active_cycles,
                (unsigned long long)dsp->sleep_cycles, (unsigned long long)dsp->mailbox_jobs);
        if (dsp->fault[0])
            fprintf(f, "  dsp fault     %s\n", dsp->fault);   /* names the bundle's address */
    }
    summary_ram(f, a);
    summary_runtime(f, a);
    if (a->have_power && a->iterations) {
        const power_energy_t *e = &a->energy;
        fprintf(f, "  energy        %.1f uJ per inference (core %.1f, datapath %.1f, memory %.1f, static %.1f, sleep %.1f, "
                "npu %.1f)\n",
                per_inf(a, e->total_pj) / 1e6, per_inf(a, e->core_pj) / 1e6, per_inf(a, e->datapath_pj) / 1e6,
                per_inf(a, mem_total(e)) / 1e6,
                per_inf(a, e->static_pj) / 1e6, per_inf(a, e->sleep_pj) / 1e6, per_inf(a, e->npu_pj) / 1e6);
        if (a->dsp.releases)
            fprintf(f, "  energy of DSP %.1f uJ per inference (in the total above)\n", per_inf(a, e->dsp_pj) / 1e6);
    }
    if (a->ri->runtime_symbols)
        fprintf(f, "  timing        from the firmware's symbols (%s)\n", a->ri->runtime_symbols);
    else if (!a->iterations)
        fprintf(f, "  timing        none: no profiling-port markers, and no ExecuTorch runtime recognised "
                "in the ELF's symbols\n");
    if (!a->iterations)
        return;
    double per = per_inf(a, (double)a->cycles);
    fprintf(f, "  inference     %.0f cycles = %.3f ms @ %.0f MHz (mean of %u)\n", per, ms_of(a, per),
            a->soc->cpu_mhz, a->iterations);
    fprintf(f, "  %-4s %-44s %-6s %12s %7s %6s %10s\n", "#", "operator", "engine", "cycles", "share", "stall",
            "energy uJ");
    for (uint32_t i = 0; i < a->nops; i++) {
        const op_stat_t *o = &a->ops[i];
        if (!o->calls)
            continue;
        double oc = per_inf(a, (double)o->cycles);
        /* stall: the share of the operator's cycles spent waiting for memory. */
        fprintf(f, "  %-4u %-44s %-6s %12.0f %6.1f%% %5.1f%% ", i, o->name, report_engine_name(o->engine), oc,
                per > 0 ? 100.0 * oc / per : 0.0, o->cycles ? 100.0 * (double)op_stall_cycles(o) / (double)o->cycles : 0.0);
        if (a->have_power)
            fprintf(f, "%10.2f\n", per_inf(a, o->energy_pj) / 1e6);
        else
            fprintf(f, "%10s\n", "-");
        if (o->engine == ETSIM_ENGINE_NPU) {
            const ethosu_counters_t *n = &o->npu;
            fprintf(f, "  %-4s npu: %.0f active cycles, %.0f MACs, AXI0 %.0f B read %.0f B written, "
                    "AXI1 %.0f B read %.0f B written; contention: CPU +%.0f, NPU +%.0f cycles\n", "",
                    per_inf(a, (double)n->active_cycles), per_inf(a, (double)n->macs),
                    per_inf(a, (double)n->read_bytes[0]), per_inf(a, (double)n->write_bytes[0]),
                    per_inf(a, (double)n->read_bytes[1]), per_inf(a, (double)n->write_bytes[1]),
                    per_inf(a, (double)n->contention_cpu_cycles), per_inf(a, (double)n->contention_npu_cycles));
        }
        if (o->engine == ETSIM_ENGINE_DSP)
            fprintf(f, "  %-4s dsp: %.0f active DSP cycles at %.0f MHz, %.2f uJ of DSP energy (in the operator's)\n", "",
                    per_inf(a, (double)o->dsp_active_cycles), a->dsp.mhz, per_inf(a, o->dsp_pj) / 1e6);
    }
    summary_case_study(f, a);
}
