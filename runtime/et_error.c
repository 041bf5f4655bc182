#include "et_error.h"

#include <stdarg.h>
#include <string.h>

#include "et_format.h"

et_err et_fail(et_error *err, et_err code, const char *fmt, ...)
{
    if (err == NULL || err->code != ET_OK)
        return code;
    err->code = code;
    va_list ap;
    va_start(ap, fmt);
    et_vformat(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return code;
}

et_err et_fail_built_without(et_error *err, const char *kind, uint32_t index, const char *what)
{
    return et_fail(err, ET_ERR_UNSUPPORTED, "%s %u: this runner was built without %s", kind, (unsigned)index, what);
}

void et_error_clear(et_error *err)
{
    err->code = ET_OK;
    err->msg[0] = '\0';
}

const char *et_err_name(et_err code)
{
    /* The names in one string, in et_err's order, found by counting the
     * NULs: no table of pointers. */
    static const char names[] = "ok\0bad identifier\0truncated\0out of range\0malformed\0unknown operator\0"
                                "unsupported dtype\0unsupported dim order\0unsupported\0out of memory\0"
                                "invalid argument\0not found\0backend error\0unknown error";
    unsigned n = (unsigned)code <= ET_ERR_BACKEND ? (unsigned)code : ET_ERR_BACKEND + 1;
    const char *p = names;
    for (; n > 0; n--)
        p += strlen(p) + 1;
    return p;
}
