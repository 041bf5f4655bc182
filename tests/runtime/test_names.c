/* et_dtype_name and et_err_name: every name, read from one string (at a
 * byte offset per type; by counting NULs), so that one off shows here. */
#include <criterion/criterion.h>

#include "../../runtime/et_error.h"
#include "../../runtime/et_types.h"

Test(dtype_name, each_type_and_the_unknown)
{
    static const struct {
        int dtype;
        const char *name;
    } expect[] = {
        {ET_BYTE, "uint8"},     {ET_CHAR, "int8"},     {ET_SHORT, "int16"},       {ET_INT, "int32"},
        {ET_LONG, "int64"},     {ET_HALF, "float16"},  {ET_FLOAT, "float32"},     {ET_DOUBLE, "float64"},
        {ET_BOOL, "bool"},      {ET_BFLOAT16, "bfloat16"}, {ET_UINT16, "uint16"}, {ET_UINT32, "uint32"},
        {ET_UINT64, "uint64"},
        /* complex float, qint8, bits16: a size, no kernels */
        {9, "a scalar type without kernels"}, {12, "a scalar type without kernels"},
        {22, "a scalar type without kernels"},
        {-1, "unsupported"},    {30, "unsupported"},   {1000, "unsupported"},
    };
    for (size_t i = 0; i < sizeof expect / sizeof expect[0]; i++)
        cr_expect_str_eq(et_dtype_name(expect[i].dtype), expect[i].name, "dtype %d", expect[i].dtype);
}

Test(err_name, each_code_and_the_unknown)
{
    static const char *const expect[] = {
        "ok", "bad identifier", "truncated", "out of range", "malformed", "unknown operator", "unsupported dtype",
        "unsupported dim order", "unsupported", "out of memory", "invalid argument", "not found", "backend error",
    };
    for (int i = 0; i < (int)(sizeof expect / sizeof expect[0]); i++)
        cr_expect_str_eq(et_err_name((et_err)i), expect[i], "code %d", i);
    cr_expect_str_eq(et_err_name((et_err)(ET_ERR_BACKEND + 1)), "unknown error");
    cr_expect_str_eq(et_err_name((et_err)-1), "unknown error");
}
