/* The built-in SoC descriptions (sim/socs/NAME.json), embedded at build
 * time by tools/embed-socs.sh into build/gen/soc_builtin.c. */
#ifndef ETSIM_SIM_SOC_BUILTIN_H
#define ETSIM_SIM_SOC_BUILTIN_H

extern const char *const soc_builtin_names[];   /* NULL-terminated */
extern const char *const soc_builtin_texts[];   /* same order */

#endif
