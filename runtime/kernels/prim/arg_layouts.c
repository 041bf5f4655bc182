/* The argument lists of arg_layouts.h, one constant per operator family. */
#include "arg_layouts.h"

ET_ARGS_DEFINE(et_args_prim_binary, PB_NSLOTS, PRIM_BINARY_LAYOUTS)
ET_ARGS_DEFINE(et_args_prim_unary, PU_NSLOTS, PRIM_UNARY_LAYOUTS)
ET_ARGS_DEFINE(et_args_prim_sym_ite, ITE_NSLOTS, PRIM_SYM_ITE_LAYOUTS)
ET_ARGS_DEFINE(et_args_sym_size, SSZ_NSLOTS, SYM_SIZE_LAYOUTS)
ET_ARGS_DEFINE(et_args_self_only, SELF_ONLY_NSLOTS, SELF_ONLY_LAYOUTS)
ET_ARGS_DEFINE(et_args_et_view, VIEW_NSLOTS, ET_VIEW_LAYOUTS)
ET_ARGS_DEFINE_NO_RETURN(et_args_et_copy_index, CPI_NSLOTS, ET_COPY_INDEX_LAYOUTS)
