/* The MFCC front end in double precision (mfcc_ref.h).  Written for
 * clarity, not speed: a direct DFT per frame (49 x 321 x 640 terms). */
#include "mfcc_ref.h"

#include <math.h>

static double hz_to_mel(double f) { return 2595.0 * log10(1.0 + f / 700.0); }
static double mel_to_hz(double m) { return 700.0 * (pow(10.0, m / 2595.0) - 1.0); }

/* Triangular filters between mel-spaced edges over 0 .. rate/2, the weight
 * of bin k in band m (torchaudio's melscale_fbanks, htk, norm None). */
static void filterbank(double fb[MFCC_BANDS][MFCC_BINS])
{
    double edge[MFCC_BANDS + 2];
    double top = hz_to_mel(MFCC_RATE / 2.0);
    for (int i = 0; i < MFCC_BANDS + 2; i++)
        edge[i] = mel_to_hz(top * i / (MFCC_BANDS + 1));
    for (int m = 0; m < MFCC_BANDS; m++) {
        for (int k = 0; k < MFCC_BINS; k++) {
            double f = k * (MFCC_RATE / 2.0) / (MFCC_BINS - 1);
            double rise = (f - edge[m]) / (edge[m + 1] - edge[m]);
            double fall = (edge[m + 2] - f) / (edge[m + 2] - edge[m + 1]);
            fb[m][k] = fmax(0.0, fmin(rise, fall));
        }
    }
}

/* Sample i of the signal padded by MFCC_NFFT/2 on each side by reflection
 * (sample -j is sample j), as a centred STFT does. */
static double padded(const int16_t *pcm, int i)
{
    int n = i - MFCC_NFFT / 2;
    if (n < 0)
        n = -n;
    if (n >= MFCC_SAMPLES)
        n = 2 * (MFCC_SAMPLES - 1) - n;
    return pcm[n] / 32768.0;
}

void mfcc_ref(const int16_t pcm[MFCC_SAMPLES], double out[MFCC_FRAMES][MFCC_COEFFS])
{
    static double fb[MFCC_BANDS][MFCC_BINS];
    double cosv[MFCC_NFFT], sinv[MFCC_NFFT], window[MFCC_NFFT];
    filterbank(fb);
    for (int n = 0; n < MFCC_NFFT; n++) {
        cosv[n] = cos(2 * M_PI * n / MFCC_NFFT);
        sinv[n] = sin(2 * M_PI * n / MFCC_NFFT);
        window[n] = 0.5 - 0.5 * cosv[n];   /* periodic Hann */
    }
    for (int t = 0; t < MFCC_FRAMES; t++) {
        double x[MFCC_NFFT], power[MFCC_BINS], logmel[MFCC_BANDS];
        for (int n = 0; n < MFCC_NFFT; n++)
            x[n] = padded(pcm, t * MFCC_HOP + n) * window[n];
        for (int k = 0; k < MFCC_BINS; k++) {
            double re = 0, im = 0;
            for (int n = 0; n < MFCC_NFFT; n++) {
                int a = (n * k) % MFCC_NFFT;
                re += x[n] * cosv[a];
                im -= x[n] * sinv[a];
            }
            power[k] = re * re + im * im;
        }
        for (int m = 0; m < MFCC_BANDS; m++) {
            double s = 0;
            for (int k = 0; k < MFCC_BINS; k++)
                s += fb[m][k] * power[k];
            logmel[m] = log(s + 1e-6);
        }
        for (int c = 0; c < MFCC_COEFFS; c++) {
            double s = 0;
            for (int m = 0; m < MFCC_BANDS; m++)
                s += logmel[m] * cos(M_PI * c * (m + 0.5) / MFCC_BANDS);
            out[t][c] = 2 * s;
        }
    }
}

int mfcc_ref_quantize(double c, double scale, int zero_point)
{
    double q = nearbyint(c / scale) + zero_point;
    return q < -128 ? -128 : q > 127 ? 127 : (int)q;
}
