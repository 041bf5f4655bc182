/* The runner's audio input: a WAVE file given as a model input becomes the
 * KWS model's MFCC features, computed on the DSP frame by frame at the
 * start of each inference (docs/dsp.md, "A spoken word end to end"). */
#ifndef RUNNER_AUDIO_H
#define RUNNER_AUDIO_H

#include <stddef.h>
#include <stdint.h>

#include "../../runtime/et_memory.h"
#include "cmdline.h"

typedef struct runner_audio runner_audio;

/* The name the front end's frames are reported under (operator 0). */
extern const char runner_audio_op_name[];

/* Finds the input that is a WAVE file and reads its samples into buffers
 * taken from mem (shared SRAM; a run without audio takes nothing), or sets
 * *out to NULL when no input is audio.  0, or -1 with a message on stderr
 * (a malformed file, two of them, or no DSP: engine must be dsp). */
int runner_audio_find(const runner_config *cfg, et_pool *mem, runner_audio **out);

/* The index of the audio input. */
uint32_t runner_audio_input(const runner_audio *a);

/* The front end: the 49 frames on the DSP, each reported as a call of
 * operator 0 on engine dsp, then the features as the model's floats.
 * 0, or -1 with a message on stderr. */
int runner_audio_front_end(runner_audio *a);

/* The features as the model's input (float[49][10]). */
const float *runner_audio_features(const runner_audio *a, size_t *nbytes);

/* Prints the features in Q8, one line per frame (the tests compare them
 * with the host reference, tools/mfcc_ref.c). */
void runner_audio_print(const runner_audio *a);

#endif
