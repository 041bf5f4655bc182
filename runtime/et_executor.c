/* The executor: runs a loaded method's instructions in order. */
#include <string.h>

#include "et_method.h"
#include "pte_schema.h"

const et_value *et_method_input(const et_method *m, uint32_t index)
{
    return index < m->ninputs ? &m->values[m->inputs[index]] : NULL;
}

const et_value *et_method_output(const et_method *m, uint32_t index)
{
    return index < m->noutputs ? &m->values[m->outputs[index]] : NULL;
}

et_err et_method_set_input(et_method *m, uint32_t index, const void *data, size_t nbytes, et_error *err)
{
    if (index >= m->ninputs)
        return et_fail(err, ET_ERR_INVALID_ARGUMENT, "input %u, the method has %u inputs", (unsigned)index,
                       (unsigned)m->ninputs);
    et_value *v = &m->values[m->inputs[index]];
    if (v->tag != ET_TAG_TENSOR)
        return et_fail(err, ET_ERR_INVALID_ARGUMENT, "input %u is not a tensor", (unsigned)index);
    et_tensor *t = v->u.t;
    if (nbytes != t->nbytes)
        return et_fail(err, ET_ERR_INVALID_ARGUMENT, "input %u takes %lu bytes (%s), %lu given", (unsigned)index,
                       (unsigned long)t->nbytes, et_dtype_name(t->dtype), (unsigned long)nbytes);
    if (t->is_planned)
        memcpy(t->data, data, nbytes);
    else if (t->is_constant)
        return et_fail(err, ET_ERR_INVALID_ARGUMENT, "input %u is a constant", (unsigned)index);
    else
        t->data = (void *)(uintptr_t)data;  /* the reference runtime also borrows the buffer */
    return ET_OK;
}

/* A selective runner (runtime.mk's runner-for) is compiled without what
 * its loader refuses: ET_NO_CONTROL_FLOW (MoveCall, JumpFalseCall,
 * FreeCall), ET_NO_BACKENDS (delegate calls). */
#ifdef ET_NO_BACKENDS
#define IS_KERNEL(kind) true
#else
#define IS_KERNEL(kind) ((kind) == INSTR_KERNEL_CALL)
#endif

#ifndef ET_NO_CONTROL_FLOW
/* JumpFalseCall's condition: a Bool, or a bool tensor that is true only if
 * every element is. */
static et_err condition(const et_method *m, uint32_t vi, bool *out, et_error *err)
{
    const et_value *v = &m->values[vi];
    if (v->tag == ET_TAG_BOOL) {
        *out = v->u.b;
        return ET_OK;
    }
    if (v->tag == ET_TAG_TENSOR && v->u.t->dtype == ET_BOOL && v->u.t->data != NULL) {
        const uint8_t *b = v->u.t->data;
        *out = true;
        for (size_t i = 0; i < v->u.t->nbytes; i++)
            *out = *out && b[i] != 0;
        return ET_OK;
    }
    return et_fail(err, ET_ERR_INVALID_ARGUMENT, "jump condition value %u is not a bool", (unsigned)vi);
}
#endif

/* A kernel failed: say where, keeping its own message.  Out of line, so
 * that the message copy is not on the stack while the kernel runs. */
static __attribute__((noinline)) et_err kernel_failed(const et_kernel_entry *k, uint32_t pc, et_err e, et_error *err)
{
    if (err->code == ET_OK)
        et_fail(err, e, "%s failed", k->name);
    char msg[ET_ERROR_MSG_LEN];
    memcpy(msg, err->msg, sizeof msg);
    err->code = ET_OK;
    return et_fail(err, e, "instruction %u: %s", (unsigned)pc, msg);
}

/* a: the run's argument view (et_method_kargs_common), completed here
 * for this call */
static et_err run_kernel(et_method *m, uint32_t pc, const et_instr *in, et_kargs *a, et_error *err)
{
    const et_kernel_entry *k = m->ops[in->a];
    et_method_kargs_call(a, m, in);
    /* in->state is only set for the kernel the loader resolved (a DSP
     * placement may have replaced the entry since) */
    et_err e = in->state && k->extra ? k->extra->run(a, in->state) : k->fn(a);
    return e == ET_OK ? ET_OK : kernel_failed(k, pc, e, err);
}

static et_err run_delegate(et_method *m, uint32_t pc, const et_instr *in, et_error *err)
{
    const et_delegate *d = &m->delegates[in->a];
    et_backend_exec_ctx ctx = {m->temp, m->platform};
    size_t temp_mark = m->temp ? m->temp->used : 0;
    et_err e = d->backend->execute(&ctx, d->handle, m->values, in->args, in->nargs, err);
    if (m->temp)
        m->temp->used = temp_mark;  /* the call's temporary memory is free again */
    if (e != ET_OK && err->code == ET_OK)
        et_fail(err, e, "instruction %u: delegate %s failed", (unsigned)pc, d->backend->name);
    return e;
}

et_err et_method_execute(et_method *m, const et_observer *obs, et_error *err)
{
    uint32_t seq = 0;
    uint32_t pc = 0;
    /* Chains run in order and jumps stay in their chain, so a chain starts
     * where the chain number changes. */
    uint32_t chain = 0, chain_base = 0;
    et_kargs a;
    et_method_kargs_common(&a, m, err);
    while (pc < m->ninstrs) {
        const et_instr *in = &m->instrs[pc];
        if (in->chain != chain) {
            chain = in->chain;
            chain_base = pc;
        }
        et_err e = ET_OK;
        switch (in->kind) {
        case INSTR_KERNEL_CALL:
        case INSTR_DELEGATE_CALL: {
            bool is_kernel = IS_KERNEL(in->kind);
            const char *name = is_kernel ? m->ops[in->a]->name : m->delegates[in->a].backend->name;
            if (obs && obs->op_where)
                obs->op_where(obs->ctx, seq, chain, pc - chain_base);
            if (obs && obs->op_begin)
                obs->op_begin(obs->ctx, seq, name, is_kernel ? 0 : m->delegates[in->a].backend->engine);
            e = is_kernel ? run_kernel(m, pc, in, &a, err) : run_delegate(m, pc, in, err);
            if (obs && obs->op_end)
                obs->op_end(obs->ctx, seq);
            seq++;
            break;
        }
#ifndef ET_NO_CONTROL_FLOW
        case INSTR_MOVE_CALL:
            if (!et_value_copy(&m->values[in->b], &m->values[in->a], m->boxes))
                e = et_fail(err, ET_ERR_UNSUPPORTED, "instruction %u moves a 64-bit number into value %u, which has no room for one",
                            (unsigned)pc, (unsigned)in->b);
            break;
        case INSTR_JUMP_FALSE_CALL: {
            bool jump = true;
            e = condition(m, in->a, &jump, err);
            if (e == ET_OK && !jump) {
                pc = in->b;
                continue;
            }
            break;
        }
        case INSTR_FREE_CALL:
            /* A MoveCall may have replaced the value since load time. */
            if (m->values[in->a].tag != ET_TAG_TENSOR)
                return et_fail(err, ET_ERR_INVALID_ARGUMENT, "instruction %u frees value %u, not a tensor",
                               (unsigned)pc, (unsigned)in->a);
            m->values[in->a].u.t->data = NULL;
            break;
#endif
        }
        if (e != ET_OK)
            return e;
        pc++;
    }
    return ET_OK;
}
