/* The argument lists of the executorch_prim:: and aten:: symbolic-shape
 * operators (prim_ops.c), as named lists (et_kernel.h).  Source: the
 * operator comments in kernels/prim_ops/register_prim_ops.cpp of
 * github.com/pytorch/executorch (unchanged from 1.0.0 to main), which give
 * the argument types; where they give no names, the names are ours.  The
 * result is the KernelCall's return value (et_arg_return), not a slot. */
#ifndef ET_KERNELS_PRIM_ARG_LAYOUTS_H
#define ET_KERNELS_PRIM_ARG_LAYOUTS_H

#include "../../et_kernel.h"

extern const et_arg_layouts et_args_prim_binary, et_args_prim_unary, et_args_prim_sym_ite, et_args_sym_size,
    et_args_self_only, et_args_et_view, et_args_et_copy_index;

/* add / sub / mul / floordiv / truediv / mod / sym_max / sym_min / eq /
 * gt / lt / ge / le .Scalar(Scalar a, Scalar b) -> Scalar, floordiv.int(int
 * a, int b) -> int, mod.int(SymInt a, SymInt b) -> SymInt. */
enum { PB_A, PB_B, PB_NSLOTS };
#define PRIM_BINARY_LAYOUTS ET_LAYOUT("1.0.0-main", PB_A, PB_B)

/* neg / sym_float / sym_int / sym_not / ceil / round / trunc .Scalar(Scalar
 * a) -> Scalar. */
enum { PU_A, PU_NSLOTS };
#define PRIM_UNARY_LAYOUTS ET_LAYOUT("1.0.0-main", PU_A)

/* sym_ite.Scalar(bool cond, Scalar then, Scalar else) -> Scalar. */
enum { ITE_COND, ITE_THEN, ITE_ELSE, ITE_NSLOTS };
#define PRIM_SYM_ITE_LAYOUTS ET_LAYOUT("1.0.0-main", ITE_COND, ITE_THEN, ITE_ELSE)

/* aten::sym_size.int(Tensor self, int dim) -> SymInt. */
enum { SSZ_SELF, SSZ_DIM, SSZ_NSLOTS };
#define SYM_SIZE_LAYOUTS ET_LAYOUT("1.0.0-main", SSZ_SELF, SSZ_DIM)

/* aten::sym_numel(Tensor self) -> SymInt and
 * aten::_local_scalar_dense(Tensor self) -> Scalar. */
enum { SELF_ONLY, SELF_ONLY_NSLOTS };
#define SELF_ONLY_LAYOUTS ET_LAYOUT("1.0.0-main", SELF_ONLY)

/* et_view.default(Tensor self, int[] size) -> Tensor: the view is the
 * return value; `size` is its planned shape, which that tensor carries
 * (shapes are static here): not read. */
enum { VIEW_SELF, VIEW_SIZE, VIEW_NSLOTS };
#define ET_VIEW_LAYOUTS ET_LAYOUT("1.0.0-main", VIEW_SELF, VIEW_SIZE)

/* et_copy_index.tensor(Tensor copy_to, Tensor copy_from, int index): the
 * emitter writes the lowered loop's call without a return value
 * (ET_ARGS_DEFINE_NO_RETURN); copy_to is the result. */
enum { CPI_TO, CPI_FROM, CPI_INDEX, CPI_NSLOTS };
#define ET_COPY_INDEX_LAYOUTS ET_LAYOUT("1.0.0-main", CPI_TO, CPI_FROM, CPI_INDEX)

#endif
