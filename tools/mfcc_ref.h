/* The KWS model's MFCC front end in double precision: the host reference
 * the DSP's fixed-point kernel (dsp/kernels/mfcc.s) is measured against.
 * ../shared/models/MODELS.md 3.4 gives the parameters; where it leaves a
 * choice open this follows torchaudio's defaults (docs/dsp.md, "The MFCC
 * front end"): a centred STFT (reflect padding), a periodic Hann window,
 * the HTK mel scale without filter normalisation, and an unnormalised
 * DCT-II with its factor 2. */
#ifndef ETSIM_TOOLS_MFCC_REF_H
#define ETSIM_TOOLS_MFCC_REF_H

#include <stdint.h>

#define MFCC_RATE    16000
#define MFCC_SAMPLES 16000   /* one second */
#define MFCC_NFFT    640     /* 40 ms */
#define MFCC_HOP     320     /* 20 ms */
#define MFCC_BINS    (MFCC_NFFT / 2 + 1)
#define MFCC_BANDS   40
#define MFCC_COEFFS  10
#define MFCC_FRAMES  49

/* The KWS model's input quantisation (the first operator of
 * kws_dscnn_cortex_m.pte, cortex_m::quantize_per_tensor). */
#define MFCC_KWS_SCALE 2.822781801224
#define MFCC_KWS_ZERO_POINT 68

/* The features of one second of audio (pcm as int16 = float * 32768):
 * out[frame][coefficient]. */
void mfcc_ref(const int16_t pcm[MFCC_SAMPLES], double out[MFCC_FRAMES][MFCC_COEFFS]);

/* A feature as the model's int8 input: round(c / scale) + zero point,
 * clamped to -128..127. */
int mfcc_ref_quantize(double c, double scale, int zero_point);

#endif
