/* The model runner: runs a .pte placed in memory by the simulator (or by
 * QEMU's loader device) and prints its outputs.
 *
 *   semihosting command line: runner --model=ADDR:SIZE [--ptd=ADDR:SIZE] [--input=ADDR:SIZE]...
 *                                    [--iterations=N] [--engine=cpu|dsp] [--strict] [--plan=load|pte]
 *
 * The arenas are planned again at load (runtime/et_plan.h; --plan=pte:
 * as the .pte planned them), and a float input that only a quantize call
 * reads is read where the simulator put it (--input's region stays
 * valid for the whole run), taking no arena bytes.
 *
 * An input that is a WAVE file (16-bit PCM, mono, 16 kHz) is audio: with
 * --engine=dsp each inference first runs the KWS model's MFCC front end on
 * the DSP, frame by frame (operator "dsp::mfcc_frame" in the reports), and
 * gives the model the features as that input.
 *
 * Exit status 0 on success, 1 with a message on stderr on any error. */
#include <string.h>

#include "../../runtime/et_print.h"
#include "../../runtime/et_session.h"
#include "audio.h"
#include "cmdline.h"
#include "console.h"
#include "dsp.h"
#include "npu.h"
#include "profport.h"

/* Planned arenas and runtime metadata, in SRAM (see an547.ld). */
#define WORK_BYTES (2u << 20)
static uint8_t work[WORK_BYTES] __attribute__((section(".sram_bss"), aligned(16)));
/* The kernels' scratch buffer (im2col rows, transposed weights, kernel
 * sums), sized by the method at load time, in the zero-wait DTCM; a
 * method that needs more takes it from `work`. */
#define FAST_BYTES (32u << 10)
static uint8_t fast[FAST_BYTES] __attribute__((section(".dtcm_bss"), aligned(16)));

static et_session session;

/* ctx: the DSP's placement (NULL: none) */
static void on_op_begin(void *ctx, uint32_t seq, const char *name, int engine)
{
    if (et_dsp_runs(ctx, seq))
        engine = ETSIM_ENGINE_DSP;
    pp_event(ETSIM_EV_OP_BEGIN, seq, (uint32_t)(uintptr_t)name, (uint32_t)engine);
}

/* Where the call is (the ETDump's chain and instruction ids). */
static void on_op_where(void *ctx, uint32_t seq, uint32_t chain, uint32_t instr)
{
    (void)ctx;
    pp_event(ETSIM_EV_OP_WHERE, seq, instr, chain);
}

static void on_op_end(void *ctx, uint32_t seq)
{
    (void)ctx;
    pp_event(ETSIM_EV_OP_END, seq, 0, 0);
}

/* The same with a WAVE input, whose front end is operator 0 of each
 * inference: the model's calls are reported one further on.  (Separate
 * functions: the plain path's callbacks stay as they were, to the
 * instruction.) */
static void on_op_begin_after_mfcc(void *ctx, uint32_t seq, const char *name, int engine)
{
    if (et_dsp_runs(ctx, seq))
        engine = ETSIM_ENGINE_DSP;
    pp_event(ETSIM_EV_OP_BEGIN, seq + 1, (uint32_t)(uintptr_t)name, (uint32_t)engine);
}

static void on_op_where_after_mfcc(void *ctx, uint32_t seq, uint32_t chain, uint32_t instr)
{
    (void)ctx;
    pp_event(ETSIM_EV_OP_WHERE, seq + 1, instr, chain);
}

static void on_op_end_after_mfcc(void *ctx, uint32_t seq)
{
    (void)ctx;
    pp_event(ETSIM_EV_OP_END, seq + 1, 0, 0);
}

static int fail(const char *what, const et_error *err)
{
    runner_err("runner: %s: %s: %s\n", what, et_err_name(err->code), err->msg);
    return 1;
}

/* out of line: its frame is not main's, under the kernels */
static __attribute__((noinline)) void report_output(uint32_t index, const et_value *v, const et_box *boxes)
{
    et_print_value(index, v, boxes, runner_write_stdout, NULL);
    if (v->tag != ET_TAG_TENSOR)
        return;
    /* etsim reads the descriptor when the run has ended: it stays in the
     * pool (one per output, no static table) */
    et_error full = {0};
    struct etsim_pp_tensor *d = et_pool_alloc(&session.pool, sizeof *d, &full);
    if (d == NULL)
        return;  /* the report then has no output values; stdout has them */
    const et_tensor *t = v->u.t;
    d->dtype = (uint32_t)t->dtype;
    d->ndim = t->rank;
    for (unsigned i = 0; i < t->rank && i < 8; i++)
        d->sizes[i] = (uint32_t)t->sizes[i];
    d->data = (uint32_t)(uintptr_t)t->data;
    d->nbytes = (uint32_t)t->nbytes;
    pp_event(ETSIM_EV_OUTPUT, index, (uint32_t)(uintptr_t)d, 0);
}

/* audio: the audio input, whose features replace it, or NULL. */
static int set_inputs(const runner_config *cfg, const runner_audio *audio, et_error *err)
{
    et_method *m = &session.method;
    size_t nfeatures = 0;
    const float *features = audio ? runner_audio_features(audio, &nfeatures) : NULL;
    for (uint32_t i = 0; i < m->ninputs; i++) {
        et_err e = audio && i == runner_audio_input(audio) ? et_method_set_input(m, i, features, nfeatures, err)
                   : i < cfg->ninputs
                       ? et_method_set_input(m, i, (const void *)(uintptr_t)cfg->inputs[i].addr, cfg->inputs[i].size, err)
                       : et_session_default_input(&session, i, err);
        if (e != ET_OK)
            return -1;
    }
    if (cfg->ninputs > m->ninputs) {
        et_fail(err, ET_ERR_INVALID_ARGUMENT, "%u inputs given, the method takes %u", (unsigned)cfg->ninputs,
                (unsigned)m->ninputs);
        return -1;
    }
    return 0;
}

/* The command line and its parser's message live in this frame only,
 * which is gone before the model runs (not static RAM, not under the
 * kernels' stack). */
static __attribute__((noinline)) int read_config(runner_config *cfg)
{
    char line[512];
    char msg[160];
    if (cmdline_fetch(line, sizeof line) != 0) {
        runner_err("runner: the host gives no semihosting command line\n");
        return -1;
    }
    if (cmdline_parse(line, cfg, msg, sizeof msg) != 0) {
        runner_err("runner: %s\n", msg);
        return -1;
    }
    return 0;
}

int main(void)
{
    runner_config cfg;
    et_error err = {0};
    if (read_config(&cfg) != 0)
        return 1;
    const void *model = (const void *)(uintptr_t)cfg.model.addr;
    pp_event(ETSIM_EV_MODEL, cfg.model.addr, cfg.model.size, 0);
    /* The .ptd, if any, is read in place like the model. */
    const void *ptd = cfg.ptd.size ? (const void *)(uintptr_t)cfg.ptd.addr : NULL;
    et_plan_options plan;
    et_session_plan_options(&plan);
    plan.replan = !cfg.plan_pte;
    /* the inputs given by --input stay where they are for the whole run
     * (without one, an input borrowed would need a buffer of its own) */
    plan.borrow_inputs = cfg.plan_pte ? 0 : (uint32_t)((1ull << cfg.ninputs) - 1);
    plan.in_place = cfg.engine != ETSIM_ENGINE_DSP;  /* the DSP's kernels do not write in place */
    pp_event(ETSIM_EV_LOAD_BEGIN, 0, 0, 0);
    if (et_session_open_fast(&session, model, cfg.model.size, ptd, cfg.ptd.size, NULL, work, sizeof work, fast,
                             sizeof fast, &plan, &err) != ET_OK)
        return fail("loading the model", &err);
    /* Not on stdout: the scratch differs between the Helium and the
     * scalar runner, whose outputs must be equal. */
    pp_event(ETSIM_EV_LOAD_END, (uint32_t)session.metadata, (uint32_t)session.method.scratch_size, 0);
    /* Static: it outlives main's frame like the session (exit handlers). */
    static et_warnings warnings;
    warnings.strict = cfg.strict != 0;
    session.method.warnings = &warnings;
    if (runner_npu_attach(&session.method, &session.pool, &err) != 0)
        return fail("giving the NPU to the backends", &err);
    et_dsp_ctx *dsp = NULL;
    if (cfg.engine == ETSIM_ENGINE_DSP && runner_dsp_attach(&session.method, &session.pool, &dsp) != 0)
        return 1;
    runner_audio *audio = NULL;
    if (runner_audio_find(&cfg, &session.pool, &audio) != 0)
        return 1;
    const et_method *m = &session.method;
    runner_out("model: %lu bytes at 0x%08lx, method %.*s, %lu instructions\n", (unsigned long)cfg.model.size,
           (unsigned long)cfg.model.addr, (int)m->name_len, m->name, (unsigned long)m->ninstrs);
    for (uint32_t i = 0; i < m->arenas.count; i++) {
        runner_out("arena %lu: %lu bytes\n", (unsigned long)i + 1, (unsigned long)m->arenas.size[i]);
        pp_event(ETSIM_EV_ARENA, i + 1, (uint32_t)(uintptr_t)m->arenas.base[i], (uint32_t)m->arenas.size[i]);
    }
    if (session.plan.replanned)
        runner_out("memory plan: re-planned at load, %lu bytes (the .pte's: %lu; %lu in place, %lu inputs read in "
                   "place)\n", (unsigned long)session.plan.bytes, (unsigned long)session.plan.pte_bytes,
                   (unsigned long)session.plan.in_place, (unsigned long)__builtin_popcount(session.plan.borrowed));
    else
        runner_out("memory plan: the .pte's, %lu bytes (%s)\n", (unsigned long)session.plan.bytes, session.plan.why);
    runner_out("runtime metadata: %lu bytes\n", (unsigned long)session.metadata);
    et_observer obs = {on_op_begin, on_op_end, dsp, on_op_where};
    if (audio)
        obs = (et_observer){on_op_begin_after_mfcc, on_op_end_after_mfcc, dsp, on_op_where_after_mfcc};
    for (uint32_t it = 0; it < cfg.iterations; it++) {
        /* The inputs again before every inference, as an application does
         * with each new sample: the .pte's memory plan may reuse an input's
         * bytes for later activations, so the previous run overwrote them.
         * Outside the inference markers: copying a sample in is not part of
         * the model's latency. */
        if (!audio && set_inputs(&cfg, NULL, &err) != 0)
            return fail("setting the inputs", &err);
        pp_event(ETSIM_EV_INFER_BEGIN, it, 0, 0);
        /* With audio, the front end is part of the inference; the copy of
         * the features into the arena too (1960 bytes). */
        if (audio && (runner_audio_front_end(audio) != 0 || set_inputs(&cfg, audio, &err) != 0))
            return err.code != ET_OK ? fail("setting the inputs", &err) : 1;
        et_err e = et_method_execute(&session.method, &obs, &err);
        pp_event(ETSIM_EV_INFER_END, it, 0, 0);
        if (e != ET_OK)
            return fail("running the model", &err);
    }
    /* On stderr: the run is right but an upstream
     * build would have refused it (--strict makes it an error). */
    if (warnings.count)
        runner_err("runner: warning: %lu call(s) that upstream ExecuTorch refuses, first: %s: %s\n",
                (unsigned long)warnings.count, warnings.first_op, warnings.first_what);
    if (audio)
        runner_audio_print(audio);
    for (uint32_t i = 0; i < m->noutputs; i++)
        report_output(i, et_method_output(m, i), m->boxes);
    runner_npu_report(m);
    return 0;
}
