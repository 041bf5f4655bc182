/* Disassembly: Capstone for what it knows, our table for Armv8.1-M. */
#include <criterion/criterion.h>
#include <string.h>

#include "../../isa/disasm.h"

Test(disasm, capstone_for_classic_thumb)
{
    char buf[96];
    isa_disasm(0x1888, 2, 0x1000, buf, sizeof buf);   /* adds r0, r1, r2 */
    cr_assert_str_eq(buf, "adds r0, r1, r2");
}

Test(disasm, own_table_for_v81m_csel)
{
    char buf[96];
    /* csel r0, r1, r2, eq = ea51 8002 (Capstone 4 would say orr.w) */
    isa_disasm(0xEA518002u, 4, 0x1000, buf, sizeof buf);
    cr_assert(strncmp(buf, "csel", 4) == 0, "got '%s'", buf);
    cr_assert(strstr(buf, "r0") && strstr(buf, "r1") && strstr(buf, "r2"), "got '%s'", buf);
}

Test(disasm, own_table_for_low_overhead_loop)
{
    char buf[96];
    /* dls lr, r0 = f040 e001 */
    isa_disasm(0xF040E001u, 4, 0x1000, buf, sizeof buf);
    cr_assert(strncmp(buf, "dls", 3) == 0, "got '%s'", buf);
}

Test(disasm, own_table_for_helium_with_data_type)
{
    char buf[96];
    /* vadd.i16 q0, q1, q2 = ef12 0844 */
    isa_disasm(0xEF120844u, 4, 0x1000, buf, sizeof buf);
    cr_assert(strncmp(buf, "vadd.", 5) == 0, "got '%s'", buf);
    cr_assert(strstr(buf, "q0") && strstr(buf, "q1") && strstr(buf, "q2"), "got '%s'", buf);
}
