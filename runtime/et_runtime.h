/* The runtime's public API in one include.
 *
 *   et_program_load()      check the .pte and find its parts (zero copy)
 *   et_method_arena_sizes() how much planned memory a method needs
 *   et_arenas_layout()     carve those arenas out of a RAM region
 *   et_method_load()       bind values, constants, kernels, delegates
 *   et_plan_method()       plan the arenas again from the lifetimes (et_plan.h)
 *   et_method_set_input()  raw bytes in
 *   et_method_execute()    run the instructions
 *   et_method_output()     values out
 */
#ifndef ET_RUNTIME_H
#define ET_RUNTIME_H

#include "et_error.h"
#include "et_kernel.h"
#include "et_memory.h"
#include "et_method.h"
#include "et_plan.h"
#include "et_program.h"
#include "et_types.h"

#endif
