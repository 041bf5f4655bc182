/* Printing of output tensors, shared by the firmware runner and the host
 * tools so that their stdout can be compared byte for byte. */
#ifndef ET_PRINT_H
#define ET_PRINT_H

#include <stddef.h>
#include <stdint.h>

#include "et_types.h"

/* Tensors of up to this many elements are printed in full; larger ones as
 * their top 5 elements. */
#define ET_PRINT_ALL_LIMIT 64

/* Where the printed text goes (the host: stdout's FILE; the firmware: a
 * semihosting write), a line or less at a time. */
typedef void (*et_write_fn)(void *ctx, const char *text, size_t len);

/* Prints one output value through write, e.g.
 *   output 0: float32 [1, 12] = [-9.411880, ...]
 *   output 0: int8 [1, 1000] top5 = [17:127, 3:99, ...]
 * Floats are printed as %.6f prints them (et_format's exact conversion).
 * boxes: the method's (et_method.boxes), where a Double or a wide Int is. */
void et_print_value(uint32_t index, const et_value *v, const et_box *boxes, et_write_fn write, void *ctx);

/* Value of element i as a double (any supported dtype). */
double et_tensor_element(const et_tensor *t, size_t i);

#endif
