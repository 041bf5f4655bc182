/* etsim-mfcc-ref WAVE: the KWS model's MFCC features of a WAVE file (16-bit
 * PCM, mono, 16 kHz; the first second, zero-padded) by the double-precision
 * reference (tools/mfcc_ref.c), one line per frame:
 *
 *   mfcc frame T: C0 .. C9
 *
 * The WAVE reader is the runner's (firmware/runner/wave.c), so the host and
 * the firmware read a file the same way.  Exit status 0, or 2 with a
 * message for bad input. */
#include <stdio.h>
#include <stdlib.h>

#include "../firmware/runner/wave.h"
#include "mfcc_ref.h"

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: etsim-mfcc-ref FILE.wav\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        fprintf(stderr, "etsim-mfcc-ref: cannot open %s\n", argv[1]);
        return 2;
    }
    static uint8_t bytes[4u << 20];
    size_t n = fread(bytes, 1, sizeof bytes, f);
    int too_big = !feof(f);
    fclose(f);
    if (too_big) {
        fprintf(stderr, "etsim-mfcc-ref: %s: larger than 4 MiB\n", argv[1]);
        return 2;
    }
    static int16_t pcm[MFCC_SAMPLES];
    char err[128];
    if (!wave_is_riff(bytes, (uint32_t)n)) {
        fprintf(stderr, "etsim-mfcc-ref: %s: not a RIFF WAVE file\n", argv[1]);
        return 2;
    }
    if (wave_read(bytes, (uint32_t)n, pcm, MFCC_SAMPLES, err, sizeof err) != 0) {
        fprintf(stderr, "etsim-mfcc-ref: %s: %s\n", argv[1], err);
        return 2;
    }
    static double out[MFCC_FRAMES][MFCC_COEFFS];
    mfcc_ref(pcm, out);
    for (int t = 0; t < MFCC_FRAMES; t++) {
        printf("mfcc frame %d:", t);
        for (int c = 0; c < MFCC_COEFFS; c++)
            printf(" %.6f", out[t][c]);
        printf("\n");
    }
    return 0;
}
