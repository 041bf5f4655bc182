/* Test harness for unit tests of the SoC model (sim/): a whole machine
 * built from a built-in SoC description, as `etsim --soc NAME` builds it.
 * A failure to build it fails the test. */
#ifndef ETSIM_TESTS_MACHINE_HARNESS_H
#define ETSIM_TESTS_MACHINE_HARNESS_H

#include "../../sim/machine.h"

machine_t *tmachine_new(const char *soc);

#endif
