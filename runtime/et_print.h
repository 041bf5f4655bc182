/* Printing of output tensors, shared by the firmware runner and the host
 * tools so that their stdout can be compared byte for byte. */
#ifndef ET_PRINT_H
#define ET_PRINT_H

#include <stdint.h>

#include "et_types.h"

/* Tensors of up to this many elements are printed in full; larger ones as
 * their top 5 elements. */
#define ET_PRINT_ALL_LIMIT 64

/* Prints one output value on stdout, e.g.
 *   output 0: float32 [1, 12] = [-9.411880, ...]
 *   output 0: int8 [1, 1000] top5 = [17:127, 3:99, ...]
 * Floats are printed with %.6f. */
void et_print_value(uint32_t index, const et_value *v);

/* Value of element i as a double (any supported dtype). */
double et_tensor_element(const et_tensor *t, size_t i);

#endif
