/* Executor semantics on a hand-built method (no file): JumpFalseCall,
 * MoveCall, FreeCall and error propagation with the instruction number. */
#include <criterion/criterion.h>
#include <string.h>

#include "../../runtime/et_method.h"
#include "../../runtime/pte_schema.h"

typedef struct fixture {
    float x[2], y[2], out[2];
    et_tensor tx, ty, tout;
    et_value values[5];
    const et_kernel_entry *ops[1];
    uint32_t add_args[5];
    uint8_t add_pos[ET_MAX_ARG_SLOTS];  /* add.out's argument positions, as the loader resolves them */
    et_method m;
} fixture;

static et_tensor f32_vec2(float *data)
{
    static const int32_t sizes[1] = {2};
    static const uint8_t dim_order[1] = {0};
    et_tensor t = {.dtype = ET_FLOAT, .rank = 1, .sizes = sizes, .dim_order = dim_order, .data = data, .nbytes = 8};
    return t;
}

static void setup(fixture *f, et_instr *instrs, uint32_t n)
{
    memset(f, 0, sizeof *f);
    f->x[0] = 1.0f, f->x[1] = 2.0f;
    f->y[0] = 10.0f, f->y[1] = 20.0f;
    f->tx = f32_vec2(f->x);
    f->ty = f32_vec2(f->y);
    f->tout = f32_vec2(f->out);
    f->values[0] = (et_value){.tag = ET_TAG_TENSOR, .u.t = &f->tx};
    f->values[1] = (et_value){.tag = ET_TAG_TENSOR, .u.t = &f->ty};
    f->values[2] = (et_value){.tag = ET_TAG_TENSOR, .u.t = &f->tout};
    f->values[3] = (et_value){.tag = ET_TAG_BOOL, .u.b = false};
    f->values[4] = (et_value){.tag = ET_TAG_INT, .u.i = 1};
    f->ops[0] = et_kernel_lookup("aten::add", 9, "out", 3);
    cr_assert(f->ops[0] != NULL);
    static const uint32_t args[5] = {0, 1, 4, 2, 2};  /* out = values[0] + values[1] */
    memcpy(f->add_args, args, sizeof args);
    et_error err = {0};
    cr_assert_eq(et_arg_resolve(f->ops[0], 5, f->add_pos, &err), ET_OK, "%s", err.msg);
    for (uint32_t i = 0; i < n; i++)
        if (instrs[i].kind == INSTR_KERNEL_CALL) {
            instrs[i].args = f->add_args;
            instrs[i].nargs = 5;
            instrs[i].arg_pos = f->add_pos;
        }
    f->m.values = f->values;
    f->m.nvalues = 5;
    f->m.instrs = instrs;
    f->m.ninstrs = n;
    f->m.ops = f->ops;
    f->m.nops = 1;
}

Test(executor, jump_false_skips_and_move_rebinds)
{
    fixture f;
    et_instr instrs[] = {
        {.kind = INSTR_JUMP_FALSE_CALL, .a = 3, .b = 2},  /* false: jump over the next add */
        {.kind = INSTR_KERNEL_CALL, .a = 0},
        {.kind = INSTR_MOVE_CALL, .a = 1, .b = 0},        /* values[0] = values[1] */
        {.kind = INSTR_KERNEL_CALL, .a = 0},              /* out = y + y */
    };
    setup(&f, instrs, 4);
    et_error err = {0};
    cr_assert_eq(et_method_execute(&f.m, NULL, &err), ET_OK, "%s", err.msg);
    cr_expect_eq(f.out[0], 20.0f);
    cr_expect_eq(f.out[1], 40.0f);
}

Test(executor, jump_not_taken_when_true)
{
    fixture f;
    et_instr instrs[] = {
        {.kind = INSTR_JUMP_FALSE_CALL, .a = 3, .b = 2},
        {.kind = INSTR_KERNEL_CALL, .a = 0},  /* out = x + y */
    };
    setup(&f, instrs, 2);
    f.values[3].u.b = true;
    et_error err = {0};
    cr_assert_eq(et_method_execute(&f.m, NULL, &err), ET_OK, "%s", err.msg);
    cr_expect_eq(f.out[0], 11.0f);
    cr_expect_eq(f.out[1], 22.0f);
}

Test(executor, freed_tensor_is_an_error_naming_the_instruction)
{
    fixture f;
    et_instr instrs[] = {
        {.kind = INSTR_FREE_CALL, .a = 1},
        {.kind = INSTR_KERNEL_CALL, .a = 0},
    };
    setup(&f, instrs, 2);
    et_error err = {0};
    cr_expect_eq(et_method_execute(&f.m, NULL, &err), ET_ERR_INVALID_ARGUMENT);
    cr_expect(strstr(err.msg, "instruction 1") != NULL, "%s", err.msg);
    cr_expect(strstr(err.msg, "aten::add.out") != NULL, "%s", err.msg);
    cr_expect(strstr(err.msg, "no data") != NULL, "%s", err.msg);
}

static uint32_t begins, ends;
static void count_begin(void *ctx, uint32_t seq, const char *name, int engine)
{
    (void)ctx, (void)name, (void)engine;
    cr_expect_eq(seq, begins);
    begins++;
}
static void count_end(void *ctx, uint32_t seq) { (void)ctx, (void)seq, ends++; }
/* (chain << 16 | instruction) of each call, in order */
static uint32_t wheres[4], nwheres;
static void note_where(void *ctx, uint32_t seq, uint32_t chain, uint32_t instr)
{
    (void)ctx;
    cr_expect_eq(seq, nwheres);
    if (nwheres < 4)
        wheres[nwheres++] = chain << 16 | instr;
}

Test(executor, observer_sees_each_kernel_once)
{
    fixture f;
    et_instr instrs[] = {
        {.kind = INSTR_KERNEL_CALL, .a = 0},
        {.kind = INSTR_MOVE_CALL, .a = 1, .b = 0},
        {.kind = INSTR_KERNEL_CALL, .a = 0},
    };
    setup(&f, instrs, 3);
    et_observer obs = {.op_begin = count_begin, .op_end = count_end};
    et_error err = {0};
    cr_assert_eq(et_method_execute(&f.m, &obs, &err), ET_OK, "%s", err.msg);
    cr_expect_eq(begins, 2);
    cr_expect_eq(ends, 2);
}

/* op_where names the chain and the index within it: the second chain's
 * first call is its instruction 0, not the method's instruction 2. */
Test(executor, observer_sees_chain_and_instruction)
{
    fixture f;
    et_instr instrs[] = {
        {.kind = INSTR_KERNEL_CALL, .a = 0},
        {.kind = INSTR_MOVE_CALL, .a = 1, .b = 0},
        {.kind = INSTR_KERNEL_CALL, .a = 0, .chain = 1},
        {.kind = INSTR_MOVE_CALL, .a = 1, .b = 0, .chain = 1},
        {.kind = INSTR_KERNEL_CALL, .a = 0, .chain = 1},
    };
    setup(&f, instrs, 5);
    et_observer obs = {.op_where = note_where};
    et_error err = {0};
    cr_assert_eq(et_method_execute(&f.m, &obs, &err), ET_OK, "%s", err.msg);
    cr_assert_eq(nwheres, 3);
    cr_expect_eq(wheres[0], 0u);
    cr_expect_eq(wheres[1], 1u << 16 | 0);
    cr_expect_eq(wheres[2], 1u << 16 | 2);
}

Test(executor, arenas_layout_is_aligned_and_bounded)
{
    static uint8_t region[256] __attribute__((aligned(16)));
    const uint64_t sizes[2] = {100, 60};
    et_arenas a;
    et_error err = {0};
    cr_assert_eq(et_arenas_layout(&a, region, sizeof region, sizes, 2, &err), ET_OK, "%s", err.msg);
    cr_expect_eq(a.base[0], region);
    cr_expect_eq(a.base[1], region + 112);  /* 100 rounded up to 16 */
    cr_expect_eq(a.total, 172);
    const uint64_t too_big[2] = {100, 200};
    cr_expect_eq(et_arenas_layout(&a, region, sizeof region, too_big, 2, &err), ET_ERR_NO_MEMORY);
}
