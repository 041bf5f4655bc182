/* The HTML page (docs/report.md): one self-contained file with inline SVG
 * charts, from the analysis. */
#include "report_format.h"

#include "../firmware/include/etsim_profport.h"

/* ---- HTML: one self-contained page, inline SVG charts ------------------------ */

static const char *engine_color(uint32_t e)
{
    return e == ETSIM_ENGINE_NPU ? "#d95f02" : e == ETSIM_ENGINE_DSP ? "#7570b3" : "#1b9e77";
}

static void html_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f); break;
        }
    }
}

/* A horizontal bar chart: one row per item, bar split into segments. */
typedef struct bar_seg {
    double value;
    const char *color;
    const char *what;
} bar_seg_t;

static void svg_row(FILE *f, int y, const char *label, const bar_seg_t *segs, int nsegs, double max,
                    const char *value_text)
{
    const int x0 = 330, width = 520;
    fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", x0 - 6, y + 12);
    html_text(f, label);
    fputs("</text>\n", f);
    double x = x0;
    for (int s = 0; s < nsegs; s++) {
        double w = max > 0 ? segs[s].value / max * width : 0;
        fprintf(f, "<rect x=\"%.2f\" y=\"%d\" width=\"%.2f\" height=\"14\" fill=\"%s\"><title>", x, y, w,
                segs[s].color);
        html_text(f, segs[s].what);
        fputs("</title></rect>\n", f);
        x += w;
    }
    fprintf(f, "<text x=\"%.2f\" y=\"%d\">%s</text>\n", x + 4, y + 12, value_text);
}

static void svg_open(FILE *f, const char *title, int rows)
{
    fprintf(f, "<h2>%s</h2>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"960\" height=\"%d\" "
            "font-family=\"sans-serif\" font-size=\"11\">\n", title, rows * 18 + 10);
}

static void html_operators(FILE *f, const analysis_t *a)
{
    double max = 0;
    int rows = 0;
    for (uint32_t i = 0; i < a->nops; i++) {
        if (a->ops[i].calls)
            rows++;
        if ((double)a->ops[i].cycles > max)
            max = (double)a->ops[i].cycles;
    }
    svg_open(f, "Latency per operator (ms per inference; colour = engine: cpu green, npu orange, dsp purple; "
             "grey = waiting for memory)", rows);
    int y = 4;
    for (uint32_t i = 0; i < a->nops; i++) {
        const op_stat_t *o = &a->ops[i];
        if (!o->calls)
            continue;
        char label[96], val[64], what[256], stall[64];
        uint64_t stalled = op_stall_cycles(o);
        stalled = stalled < o->cycles ? stalled : o->cycles;
        snprintf(label, sizeof label, "%u %s", i, o->name);
        snprintf(val, sizeof val, "%.3f ms", ms_of(a, per_inf(a, (double)o->cycles)));
        snprintf(what, sizeof what, "%s: %.0f cycles", report_engine_name(o->engine),
                 per_inf(a, (double)(o->cycles - stalled)));
        if (o->engine == ETSIM_ENGINE_NPU)
            snprintf(what + strlen(what), sizeof what - strlen(what),
                     "; NPU %.0f active cycles, %.0f MACs, AXI0 %.0f/%.0f B, AXI1 %.0f/%.0f B read/written; "
                     "contention: CPU +%.0f, NPU +%.0f cycles",
                     per_inf(a, (double)o->npu.active_cycles), per_inf(a, (double)o->npu.macs),
                     per_inf(a, (double)o->npu.read_bytes[0]), per_inf(a, (double)o->npu.write_bytes[0]),
                     per_inf(a, (double)o->npu.read_bytes[1]), per_inf(a, (double)o->npu.write_bytes[1]),
                     per_inf(a, (double)o->npu.contention_cpu_cycles),
                     per_inf(a, (double)o->npu.contention_npu_cycles));
        snprintf(stall, sizeof stall, "waiting for memory: %.0f cycles", per_inf(a, (double)stalled));
        bar_seg_t segs[] = {{(double)(o->cycles - stalled), engine_color(o->engine), what},
                            {(double)stalled, "#999999", stall}};
        svg_row(f, y, label, segs, 2, max, val);
        y += 18;
    }
    fputs("</svg>\n", f);
}

/* Lanes cpu / npu / dsp over the first inference (simulated microseconds). */
static void html_timeline(FILE *f, const analysis_t *a)
{
    uint64_t t0 = a->first_begin, t1 = t0;
    for (uint32_t i = 0; i < a->ncalls && a->calls[i].iteration == 0; i++)
        if (a->calls[i].start + a->calls[i].cycles > t1)
            t1 = a->calls[i].start + a->calls[i].cycles;
    double span = (double)(t1 - t0);
    fprintf(f, "<h2>Timeline of the first inference (%.1f us)</h2>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
            "width=\"960\" height=\"90\" font-family=\"sans-serif\" font-size=\"11\">\n",
            span / a->soc->cpu_mhz);
    static const char *lanes[] = {"cpu", "npu", "dsp"};
    for (int l = 0; l < 3; l++)
        fprintf(f, "<text x=\"40\" y=\"%d\" text-anchor=\"end\">%s</text>"
                "<rect x=\"50\" y=\"%d\" width=\"880\" height=\"20\" fill=\"#f0f0f0\"/>\n", 16 + l * 26, lanes[l], 3 + l * 26);
    for (uint32_t i = 0; i < a->ncalls && a->calls[i].iteration == 0 && span > 0; i++) {
        const op_call_t *c = &a->calls[i];
        uint32_t lane = c->engine < 3 ? c->engine : 0;
        double x = 50 + (double)(c->start - t0) / span * 880, w = (double)c->cycles / span * 880;
        fprintf(f, "<rect x=\"%.2f\" y=\"%u\" width=\"%.2f\" height=\"20\" fill=\"%s\" stroke=\"#fff\" "
                "stroke-width=\"0.5\"><title>%u ", x, 3 + lane * 26, w < 0.5 ? 0.5 : w, engine_color(c->engine),
                c->index);
        html_text(f, c->name);
        fprintf(f, ": %.1f us</title></rect>\n", (double)c->cycles / a->soc->cpu_mhz);
    }
    fputs("</svg>\n", f);
}

/* Per tier: what the image reserves (stacked by kind) and, below it,
 * what the firmware changed (how small its pools could be). */
static void html_ram(FILE *f, const analysis_t *a)
{
    const ram_info_t *r = a->ri->ram;
    if (!r)
        return;
    double max = 0;
    int rows = 0;
    for (int i = 0; i < r->ntiers; i++) {
        const ram_tier_t *t = &r->tiers[i];
        if (t->ram_bytes || t->touched_bytes) {
            rows += r->touched_known ? 2 : 1;
            max = (double)t->ram_bytes > max ? (double)t->ram_bytes : max;
            max = (double)t->touched_bytes > max ? (double)t->touched_bytes : max;
        }
    }
    svg_open(f, r->touched_known ? "RAM per memory tier: reserved by the image (data, bss used, arenas outside "
                                   "sections, stack, heap) and touched (32-byte lines the firmware changed)"
                                 : "RAM per memory tier (data, bss used, arenas outside sections, stack, heap)",
             rows ? rows : 1);
    int y = 4;
    for (int i = 0; i < r->ntiers; i++) {
        const ram_tier_t *t = &r->tiers[i];
        if (!t->ram_bytes && !t->touched_bytes)
            continue;
        bar_seg_t segs[] = {
            {(double)t->data_bytes, "#66a61e", "data"}, {(double)t->bss_used, "#e6ab02", "bss (used)"},
            {(double)t->arena_outside, "#a6761d", "arenas"}, {(double)t->stack_bytes, "#e7298a", "stack"},
            {(double)t->heap_bytes, "#1f78b4", "heap"},
        };
        char val[64];
        snprintf(val, sizeof val, "%.1f KiB reserved", t->ram_bytes / 1024.0);
        svg_row(f, y, t->name, segs, 5, max, val);
        y += 18;
        if (r->touched_known) {
            bar_seg_t seg = {(double)t->touched_bytes, "#7570b3", "touched"};
            char label[SOC_NAME_LEN + 12];
            snprintf(label, sizeof label, "%s touched", t->name);
            snprintf(val, sizeof val, "%.1f KiB touched", t->touched_bytes / 1024.0);
            svg_row(f, y, label, &seg, 1, max, val);
            y += 18;
        }
    }
    fputs("</svg>\n", f);
}

/* The last NPU job operation by operation (the timing model's view). */
static void html_npu_ops(FILE *f, const analysis_t *a)
{
    const ethosu_device_t *d = a->npu;
    if (!d || !d->nlog)
        return;
    const ethosu_counters_t *n = &d->counters;
    fprintf(f, "<h2>NPU: the last job's operations (%s; docs/npu_device.md)</h2>\n", d->cfg->name);
    fprintf(f, "<p>Whole run: BLOCKDEP overlap saved %llu cycles; AXI_LIMIT stalls %llu read, %llu write cycles; "
            "contention: the CPU stalled %llu cycles by the NPU's traffic, the NPU %llu cycles by the CPU's.</p>\n",
            (unsigned long long)d->blockdep_saved, (unsigned long long)(n->rd_limit_stall[0] + n->rd_limit_stall[1]),
            (unsigned long long)(n->wr_limit_stall[0] + n->wr_limit_stall[1]),
            (unsigned long long)n->contention_cpu_cycles, (unsigned long long)n->contention_npu_cycles);
    fputs("<table><tr><th>#</th><th>offset</th><th>kind</th><th>OFM</th><th>start</th><th>cycles</th><th>compute</th>"
          "<th>BLOCKDEP (saved)</th><th>MACs</th><th>MAC util.</th><th>AXI0 read / write B</th>"
          "<th>AXI1 read / write B</th></tr>\n", f);
    uint64_t t0 = d->log[0].start;
    for (uint32_t i = 0; i < d->nlog; i++) {
        const ethosu_cmd_rec_t *r = &d->log[i];
        uint64_t cyc = r->end - r->start;
        double util = cyc ? (double)r->macs / ((double)cyc * d->cfg->macs_per_cycle) : 0;
        char dep[32] = "";
        if (r->kind != NPU_OPK_DMA)
            snprintf(dep, sizeof dep, "%u (%llu)", r->blockdep, (unsigned long long)r->blockdep_saved);
        fprintf(f, "<tr><td>%u</td><td>0x%x</td><td>%s</td><td>%ux%ux%u</td><td>%llu</td><td>%llu</td><td>%llu</td>"
                "<td>%s</td><td>%llu</td><td>%.1f%%</td><td>%llu / %llu</td><td>%llu / %llu</td></tr>\n",
                i, r->offset, report_npu_kind_name(r->kind), r->ofm_h, r->ofm_w, r->ofm_c,
                (unsigned long long)(r->start - t0), (unsigned long long)cyc, (unsigned long long)r->cost.compute, dep,
                (unsigned long long)r->macs, 100.0 * util, (unsigned long long)r->read_bytes[0],
                (unsigned long long)r->write_bytes[0], (unsigned long long)r->read_bytes[1],
                (unsigned long long)r->write_bytes[1]);
    }
    fputs("</table>\n", f);
}

static void html_energy(FILE *f, const analysis_t *a)
{
    if (!a->have_power || !a->iterations)
        return;
    const power_energy_t *e = &a->energy;
    const char *names[SOC_MAX_REGIONS + 5] = {"core", "static", "sleep", "datapath", "npu"};
    double vals[SOC_MAX_REGIONS + 5] = {e->core_pj, e->static_pj, e->sleep_pj, e->datapath_pj, e->npu_pj};
    char memnames[SOC_MAX_REGIONS][SOC_NAME_LEN + 8];
    int n = 5;
    for (int i = 0; i < a->nregions; i++) {
        snprintf(memnames[i], sizeof memnames[i], "mem.%s", a->regions[i].name);
        names[n] = memnames[i];
        vals[n++] = e->mem_pj[i];
    }
    double max = 0;
    for (int i = 0; i < n; i++)
        max = vals[i] > max ? vals[i] : max;
    svg_open(f, "Energy per inference by component (uJ)", n);
    for (int i = 0; i < n; i++) {
        char val[64];
        snprintf(val, sizeof val, "%.2f uJ", per_inf(a, vals[i]) / 1e6);
        bar_seg_t seg = {vals[i], i == 0 || i == 3 ? "#1b9e77" : i == 4 ? "#d95f02" : i < 3 ? "#999999" : "#1f78b4",
                         names[i]};
        svg_row(f, 4 + i * 18, names[i], &seg, 1, max, val);
    }
    fputs("</svg>\n", f);
}

static void html_table(FILE *f, const analysis_t *a)
{
    fputs("<table><tr><th>model</th><th>hardware</th><th>flash (model)</th><th>flash (code)</th><th>RAM</th>"
          "<th>latency</th><th>energy</th><th>avg power</th></tr>\n<tr><td>", f);
    html_text(f, a->ri->model_path ? base_name(a->ri->model_path) : "-");
    fputs("</td><td>", f);
    html_text(f, a->soc->cpu);
    fprintf(f, " (%s)</td><td>%.1f KiB</td><td>%.1f KiB</td>", a->soc->name, a->ri->model_bytes / 1024.0,
            (a->ri->elf.code_bytes + a->ri->elf.rodata_bytes + a->ri->elf.data_bytes) / 1024.0);
    if (a->ri->ram && a->ri->ram->touched_known)
        fprintf(f, "<td>%.1f KiB reserved, %.1f KiB touched</td>", a->ri->ram->ram_peak / 1024.0,
                a->ri->ram->ram_touched / 1024.0);
    else if (a->ri->ram)
        fprintf(f, "<td>%.1f KiB</td>", a->ri->ram->ram_peak / 1024.0);
    else
        fputs("<td>-</td>", f);
    if (a->iterations)
        fprintf(f, "<td>%.3f ms @ %.0f MHz</td>", ms_of(a, per_inf(a, (double)a->cycles)), a->soc->cpu_mhz);
    else
        fputs("<td>-</td>", f);
    if (a->have_power && a->iterations)
        fprintf(f, "<td>%.1f uJ</td><td>%.2f mW</td>", per_inf(a, a->energy.total_pj) / 1e6,
                a->energy.total_pj / 1e6 / ms_of(a, (double)a->cycles));
    else
        fputs("<td>-</td><td>-</td>", f);
    fputs("</tr></table>\n", f);
}

bool report_write_html(const char *path, const analysis_t *a,
                       char *err, size_t errlen)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, errlen, "%s: cannot write", path);
        return false;
    }
    fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>etsim: ", f);
    html_text(f, a->ri->model_path ? base_name(a->ri->model_path) : base_name(a->ri->firmware_path));
    fputs("</title>\n<style>body{font-family:sans-serif;margin:20px;background:#fff;color:#222}"
          "table{border-collapse:collapse}td,th{border:1px solid #bbb;padding:3px 8px;font-size:13px}"
          "th{background:#eef}h2{font-size:15px;margin-top:22px}</style></head><body>\n<h1>etsim report</h1>\n<p>", f);
    html_text(f, a->ri->firmware_path);
    fprintf(f, " on %s, %s @ %.0f MHz; %llu instructions, %llu cycles (whole run)</p>\n", a->soc->name, a->soc->cpu,
            a->soc->cpu_mhz, (unsigned long long)a->run_instret, (unsigned long long)a->run_cycles);
    html_table(f, a);
    if (a->iterations) {
        html_operators(f, a);
        html_timeline(f, a);
    }
    html_ram(f, a);
    html_energy(f, a);
    html_npu_ops(f, a);
    fputs("<p>Energy figures rest on the assumptions in docs/power.md.</p>\n</body></html>\n", f);
    bool ok = fclose(f) == 0;
    if (!ok)
        snprintf(err, errlen, "%s: write error", path);
    return ok;
}
