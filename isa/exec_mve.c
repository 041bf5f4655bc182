/* Helium (MVE) instructions.  Not decoded yet: the MVE issue adds them.
 * Until then every MVE encoding falls through to UNDEFINED, which the core
 * reports as a UsageFault naming the instruction. */
#include "insn.h"

const isa_pattern_t isa_patterns_mve[] = {
    {0},
};
