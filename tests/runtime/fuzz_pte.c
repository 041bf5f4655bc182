/* libFuzzer target for the .pte loader: program load, arena layout and
 * method load (values, tensors, constants, operators, delegates,
 * instructions) on arbitrary bytes, and one execution of small programs.  ASan/UBSan turn any out-of-bounds
 * read or undefined behaviour into a crash.
 *
 *   make runtime-fuzz FUZZ_SECONDS=3600     (seeded with the real files) */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "../../runtime/et_session.h"

#define WORK_BYTES (1u << 20)
#define FUZZ_EXECUTE_MAX_BYTES 4096

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static uint8_t *work;
    static et_session s;
    if (work == NULL)
        work = aligned_alloc(16, WORK_BYTES);
    /* An exact-size, 16-aligned copy: the loader may assume the .pte is
     * placed 16-aligned, and ASan flags any byte read past its end. */
    uint8_t *copy = aligned_alloc(16, (size + 15) & ~(size_t)15);
    if (copy == NULL && size)
        return 0;
    if (size)
        memcpy(copy, data, size);
    et_error err = {0};
    et_err e = et_session_open(&s, copy, size, NULL, work, WORK_BYTES, &err);
    if (e != ET_OK && err.msg[0] == '\0')
        abort();  /* every failure must say why */
    /* Small programs (mutations of add_arduino, add_apple, module_linear)
     * also run once on default inputs: kernels must refuse, not crash on,
     * whatever arguments the loader let through. */
    if (e == ET_OK && size <= FUZZ_EXECUTE_MAX_BYTES) {
        bool inputs_ok = true;
        for (uint32_t i = 0; i < s.method.ninputs && inputs_ok; i++)
            inputs_ok = et_session_default_input(&s, i, &err) == ET_OK;
        err = (et_error){0};
        if (inputs_ok && et_method_execute(&s.method, NULL, &err) != ET_OK && err.msg[0] == '\0')
            abort();
    }
    free(copy);
    return 0;
}
