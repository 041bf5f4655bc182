/* pte_run: runs a .pte on the host with the same runtime the firmware
 * uses, and prints the outputs exactly as the runner firmware does.
 *
 *   pte_run [--info] [--method NAME] [--ptd FILE] [--input FILE]... [--iterations N] MODEL.pte
 *
 * --info prints the program's methods, arenas, operators, delegates,
 * whether it has mutable data or inline constants (the deprecated
 * constant_buffer), control flow (MoveCall, JumpFalseCall, FreeCall),
 * tensor lists or boxes (64-bit numbers, scalar results), whether every
 * input is a float32 tensor, whether every output is one and has at most 64 elements (printed in full,
 * not as a top 5), and what the load-time planner used (outputs written
 * in place, views or a call's scratch, inputs read in place; planned as the runner plans when
 * given every input) instead of running.  --ptd: the model's
 * external tensor data (a FlatTensor .ptd).
 * Exit status: 0 ok, 1 runtime error, 2 usage or file error. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../runtime/et_print.h"
#include "../runtime/et_session.h"
#include "../runtime/pte_schema.h"

#define MAX_INPUTS 16
#define WORK_BYTES (64u << 20)

static void *read_file(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    void *buf = n >= 0 ? aligned_alloc(16, ((size_t)n + 16) & ~(size_t)15) : NULL;
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    *size = (size_t)n;
    return buf;
}

static void print_info(const et_session *s)
{
    const et_method *m = &s->method;
    uint32_t nm = et_program_method_count(&s->program);
    printf("methods: %u\n", (unsigned)nm);
    printf("method %.*s: %u values, %u instructions, %u inputs, %u outputs\n", (int)m->name_len, m->name,
           (unsigned)m->nvalues, (unsigned)m->ninstrs, (unsigned)m->ninputs, (unsigned)m->noutputs);
    for (uint32_t i = 0; i < m->arenas.count; i++)
        printf("arena %u: %llu bytes\n", (unsigned)i + 1, (unsigned long long)m->arenas.size[i]);
    printf("metadata: %zu bytes\n", s->pool.used);
    for (uint32_t i = 0; i < m->nops; i++)
        printf("operator %u: %s\n", (unsigned)i, m->ops[i]->name);
    for (uint32_t i = 0; i < m->ndelegates; i++)
        printf("delegate %u: %s\n", (unsigned)i, m->delegates[i].backend->name);
    if (et_program_has_mutable_data(&s->program))
        printf("mutable data: yes\n");
    if (s->program.constants == ET_CONSTANTS_INLINE)
        printf("inline constants: yes\n");
    /* what a selective runner may leave out (runtime.mk's runner-for) */
    bool flow = false, lists = false;
    for (uint32_t i = 0; i < m->ninstrs; i++)
        flow |= m->instrs[i].kind >= INSTR_MOVE_CALL;
    for (uint32_t i = 0; i < m->nvalues; i++)
        lists |= m->values[i].tag == ET_TAG_TENSOR_LIST || m->values[i].tag == ET_TAG_OPT_TENSOR_LIST;
    if (flow)
        printf("control flow: yes\n");
    if (lists)
        printf("tensor lists: yes\n");
    if (m->nboxes > 0)
        printf("boxes: yes\n");
    bool float_inputs = true, float_outputs = true, small_outputs = true;
    for (uint32_t i = 0; i < m->ninputs; i++) {
        const et_value *v = et_method_input(m, i);
        float_inputs &= v->tag == ET_TAG_TENSOR && v->u.t->dtype == ET_FLOAT;
    }
    if (float_inputs)
        printf("inputs: float32 tensors only\n");
    for (uint32_t i = 0; i < m->noutputs; i++) {
        const et_value *v = et_method_output(m, i);
        float_outputs &= v->tag == ET_TAG_TENSOR && v->u.t->dtype == ET_FLOAT;
        small_outputs &= v->tag != ET_TAG_TENSOR || et_tensor_numel(v->u.t) <= ET_PRINT_ALL_LIMIT;
    }
    if (float_outputs)
        printf("outputs: float32 tensors only\n");
    if (small_outputs)
        printf("outputs: at most %d elements each\n", ET_PRINT_ALL_LIMIT);
    printf("plan: %u in place, %u views or scratch, %u inputs read in place\n", (unsigned)s->plan.in_place,
           (unsigned)s->plan.views, (unsigned)__builtin_popcount(s->plan.borrowed));
}

static void write_stdout(void *file, const char *text, size_t len)
{
    fwrite(text, 1, len, file);
}

int main(int argc, char **argv)
{
    const char *inputs[MAX_INPUTS], *model = NULL, *method = NULL, *ptd_path = NULL;
    int ninputs = 0, iterations = 1, info = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--info"))
            info = 1;
        else if (!strcmp(argv[i], "--input") && i + 1 < argc && ninputs < MAX_INPUTS)
            inputs[ninputs++] = argv[++i];
        else if (!strcmp(argv[i], "--method") && i + 1 < argc)
            method = argv[++i];
        else if (!strcmp(argv[i], "--ptd") && i + 1 < argc)
            ptd_path = argv[++i];
        else if (!strcmp(argv[i], "--iterations") && i + 1 < argc)
            iterations = atoi(argv[++i]);
        else if (argv[i][0] != '-' && !model)
            model = argv[i];
        else {
            fprintf(stderr, "usage: pte_run [--info] [--method NAME] [--ptd FILE] [--input FILE]... [--iterations N] MODEL.pte\n");
            return 2;
        }
    }
    if (!model) {
        fprintf(stderr, "pte_run: no model given\n");
        return 2;
    }
    size_t size;
    void *pte = read_file(model, &size);
    if (!pte) {
        fprintf(stderr, "pte_run: cannot read %s\n", model);
        return 2;
    }
    size_t ptd_size = 0;
    void *ptd = ptd_path ? read_file(ptd_path, &ptd_size) : NULL;
    if (ptd_path && !ptd) {
        fprintf(stderr, "pte_run: cannot read %s\n", ptd_path);
        return 2;
    }
    void *work = aligned_alloc(16, WORK_BYTES);
    static et_session s;
    et_error err = {0};
    int rc = 0;
    et_plan_options plan;
    et_session_plan_options(&plan);
    if (info)  /* as the runner given its inputs plans (tools/pte_select.sh's choices) */
        plan.borrow_inputs = UINT32_MAX;
    if (et_session_open_fast(&s, pte, size, ptd, ptd_size, method, work, WORK_BYTES, NULL, 0, &plan, &err) != ET_OK) {
        fprintf(stderr, "pte_run: %s: %s: %s\n", model, et_err_name(err.code), err.msg);
        return 1;
    }
    if (info) {
        print_info(&s);
        return 0;
    }
    void *bufs[MAX_INPUTS] = {0};
    for (uint32_t i = 0; i < s.method.ninputs && rc == 0; i++) {
        et_err e;
        if ((int)i < ninputs) {
            size_t n;
            bufs[i] = read_file(inputs[i], &n);
            if (!bufs[i]) {
                fprintf(stderr, "pte_run: cannot read %s\n", inputs[i]);
                return 2;
            }
            e = et_method_set_input(&s.method, i, bufs[i], n, &err);
        } else {
            e = et_session_default_input(&s, i, &err);
        }
        if (e != ET_OK)
            rc = 1;
    }
    for (int it = 0; it < iterations && rc == 0; it++)
        if (et_method_execute(&s.method, NULL, &err) != ET_OK)
            rc = 1;
    if (rc) {
        fprintf(stderr, "pte_run: %s: %s\n", et_err_name(err.code), err.msg);
        return rc;
    }
    for (uint32_t i = 0; i < s.method.noutputs; i++)
        et_print_value(i, et_method_output(&s.method, i), s.method.boxes, write_stdout, stdout);
    for (int i = 0; i < MAX_INPUTS; i++)
        free(bufs[i]);
    free(work);
    free(ptd);
    free(pte);
    return 0;
}
