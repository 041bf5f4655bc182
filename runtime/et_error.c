#include "et_error.h"

#include <stdarg.h>

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

void et_error_clear(et_error *err)
{
    err->code = ET_OK;
    err->msg[0] = '\0';
}

const char *et_err_name(et_err code)
{
    switch (code) {
    case ET_OK: return "ok";
    case ET_ERR_BAD_IDENTIFIER: return "bad identifier";
    case ET_ERR_TRUNCATED: return "truncated";
    case ET_ERR_OUT_OF_RANGE: return "out of range";
    case ET_ERR_MALFORMED: return "malformed";
    case ET_ERR_UNKNOWN_OPERATOR: return "unknown operator";
    case ET_ERR_UNSUPPORTED_DTYPE: return "unsupported dtype";
    case ET_ERR_UNSUPPORTED_DIM_ORDER: return "unsupported dim order";
    case ET_ERR_UNSUPPORTED: return "unsupported";
    case ET_ERR_NO_MEMORY: return "out of memory";
    case ET_ERR_INVALID_ARGUMENT: return "invalid argument";
    case ET_ERR_NOT_FOUND: return "not found";
    case ET_ERR_BACKEND: return "backend error";
    }
    return "unknown error";
}
