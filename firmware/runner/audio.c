/* The runner's audio input (audio.h). */
#include "audio.h"
#include "console.h"


#include "dsp.h"
#include "profport.h"
#include "wave.h"

#define FEATURES (RUNNER_MFCC_FRAMES * RUNNER_MFCC_COEFFS)

struct runner_audio {
    struct etsim_dsp_mfcc_desc desc;   /* first: 32-byte aligned like the block */
    int32_t q8[FEATURES];              /* the DSP's output, Q8 */
    int16_t pcm[RUNNER_MFCC_SAMPLES];
    float features[FEATURES];
    uint32_t input;
};

const char runner_audio_op_name[] = "dsp::mfcc_frame";

int runner_audio_find(const runner_config *cfg, et_pool *mem, runner_audio **out)
{
    char msg[96];
    *out = NULL;
    for (uint32_t i = 0; i < cfg->ninputs; i++) {
        const uint8_t *p = (const uint8_t *)(uintptr_t)cfg->inputs[i].addr;
        if (!wave_is_riff(p, cfg->inputs[i].size))
            continue;
        if (*out) {
            runner_err("runner: more than one WAVE input\n");
            return -1;
        }
        if (cfg->engine != ETSIM_ENGINE_DSP) {
            runner_err("runner: input %lu is audio: its MFCC front end runs on the DSP (--engine dsp)\n",
                    (unsigned long)i);
            return -1;
        }
        et_error err = {0};
        /* 32 bytes more, to align the block to a cache line */
        uint8_t *raw = et_pool_alloc_uninit(mem, sizeof(runner_audio) + 32, &err);
        if (!raw) {
            runner_err("runner: audio input: %s\n", err.msg);
            return -1;
        }
        runner_audio *a = (runner_audio *)(((uintptr_t)raw + 31) & ~(uintptr_t)31);
        if (wave_read(p, cfg->inputs[i].size, a->pcm, RUNNER_MFCC_SAMPLES, msg, sizeof msg) != 0) {
            runner_err("runner: input %lu: %s\n", (unsigned long)i, msg);
            return -1;
        }
        a->input = i;
        *out = a;
    }
    return 0;
}

uint32_t runner_audio_input(const runner_audio *a) { return a->input; }

int runner_audio_front_end(runner_audio *a)
{
    char msg[96];
    for (uint32_t t = 0; t < RUNNER_MFCC_FRAMES; t++) {
        pp_event(ETSIM_EV_OP_BEGIN, 0, (uint32_t)(uintptr_t)runner_audio_op_name, ETSIM_ENGINE_DSP);
        int r = runner_dsp_mfcc_frame(&a->desc, a->pcm, a->q8, t, msg, sizeof msg);
        pp_event(ETSIM_EV_OP_END, 0, 0, 0);
        if (r != 0) {
            runner_err("runner: %s, frame %lu: %s\n", runner_audio_op_name, (unsigned long)t, msg);
            return -1;
        }
    }
    for (uint32_t i = 0; i < FEATURES; i++)
        a->features[i] = (float)a->q8[i] / 256.0f;   /* exact: Q8 */
    return 0;
}

const float *runner_audio_features(const runner_audio *a, size_t *nbytes)
{
    *nbytes = sizeof a->features;
    return a->features;
}

void runner_audio_print(const runner_audio *a)
{
    for (uint32_t t = 0; t < RUNNER_MFCC_FRAMES; t++) {
        runner_out("mfcc frame %2lu (Q8):", (unsigned long)t);
        for (uint32_t c = 0; c < RUNNER_MFCC_COEFFS; c++)
            runner_out(" %ld", (long)a->q8[t * RUNNER_MFCC_COEFFS + c]);
        runner_out("\n");
    }
}
