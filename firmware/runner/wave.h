/* A RIFF WAVE file as the runner's audio input (docs/dsp.md, "A spoken
 * word end to end"): 16-bit PCM, one channel, 16 kHz. */
#ifndef RUNNER_WAVE_H
#define RUNNER_WAVE_H

#include <stdbool.h>
#include <stdint.h>

/* Whether the bytes start like a RIFF WAVE file (what makes an --input
 * audio rather than a tensor). */
bool wave_is_riff(const uint8_t *p, uint32_t size);

/* Copies the samples into pcm[n] (little endian int16, any alignment in
 * the file), the rest zero when the file is shorter, cut when longer.
 * Returns 0, or -1 with a message in err for a malformed file or another
 * format. */
int wave_read(const uint8_t *p, uint32_t size, int16_t *pcm, uint32_t n, char *err, uint32_t errlen);

#endif
