/* Recognising a backend's execute() by its mangled name
 * (sim/exec_symbols.c): the delegate operators of an unmodified ExecuTorch
 * runner are named after the backend class. */
#include <criterion/criterion.h>

#include "../../sim/exec_symbols.h"

static const char *name_of(const char *mangled)
{
    static char out[64];
    return exec_symbols_delegate_name(mangled, out, sizeof out) ? out : NULL;
}

Test(exec_symbols, backend_execute_names)
{
    /* executorch::backends::arm::EthosUBackend::execute(BackendExecutionContext&,
     * DelegateHandle*, Span<EValue*>) const: in the executorch namespace the
     * runtime's types are substitutions (NS_). */
    const char *n = name_of("_ZNK10executorch8backends3arm13EthosUBackend7executeERNS_7runtime"
                            "23BackendExecutionContextEPvNS4_4SpanIPNS4_6EValueEEE");
    cr_assert_not_null(n);
    cr_expect_str_eq(n, "EthosUBackend::execute");
    /* A backend outside the executorch namespace spells the type out. */
    n = name_of("_ZNK6vendor10NpuBackend7executeERN10executorch7runtime23BackendExecutionContextEPvNS2_4SpanIPNS2_6EValueEEE");
    cr_assert_not_null(n);
    cr_expect_str_eq(n, "NpuBackend::execute");
}

Test(exec_symbols, other_symbols_are_not_backends)
{
    /* Method::execute(), not const, no context. */
    cr_expect_null(name_of("_ZN10executorch7runtime6Method7executeEv"));
    /* The interface's own (pure) execute is no backend. */
    cr_expect_null(name_of("_ZNK10executorch7runtime16BackendInterface7executeERNS0_23BackendExecutionContextEPvNS0_4SpanIPNS0_6EValueEEE"));
    /* init(), a different member of a backend. */
    cr_expect_null(name_of("_ZNK10executorch8backends3arm13EthosUBackend4initERNS_7runtime18BackendInitContextEPNS3_13FreeableBufferENS3_8ArrayRefINS3_19CompileSpecEEE"));
    /* Hostile lengths. */
    cr_expect_null(name_of("_ZNK999999999999executeERBackendExecutionContext23BackendExecutionContext"));
    cr_expect_null(name_of("_ZNK"));
}
