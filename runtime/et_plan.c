#include "et_plan.h"

#include <string.h>

#include "et_format.h"
#include "pte_schema.h"

#define NONE UINT32_MAX

/* Planned tensors that the load fills: only through the readers of
 * mutable data and of a .ptd, which a selective runner may be built
 * without (ET_NO_MUTABLE_DATA, ET_NO_DATA_MAP). */
#if defined(ET_NO_MUTABLE_DATA) && defined(ET_NO_DATA_MAP)
#define PLANNED_INIT(m) ((void)(m), false)
#else
#define PLANNED_INIT(m) ((m)->planned_init)
#endif

/* A selective runner (runtime.mk's runner-for) compiles the planner
 * without what its model's plan does not use, as `pte_run --info` says:
 * ET_NO_PLAN_IN_PLACE (no output over its input: packed as with
 * et_plan_options.in_place = false) or ET_PLAN_IN_PLACE_ONLY (packed only
 * with the outputs in place, when that won for the model: no packing
 * without them to compare), ET_NO_PLAN_BORROW (every input in
 * the arena, as with borrow_inputs = 0), ET_NO_PLAN_VIEWS (a tensor read
 * before any call writes it keeps the .pte's plan, saying so).  Each is a
 * plan this planner would also make, so another model still runs.  What
 * the loader refuses (ET_NO_CONTROL_FLOW with ET_NO_BACKENDS: only kernel
 * calls; ET_NO_TENSOR_LISTS) is not looked for. */
#if defined(ET_NO_CONTROL_FLOW) && defined(ET_NO_BACKENDS)
#define KERNEL_CALLS_ONLY true
#else
#define KERNEL_CALLS_ONLY false
#endif

/* One planned tensor, or the group of tensors that share its bytes (an
 * output written over its dying input joins the input's group). */
typedef struct ptensor {
    uint32_t value;
    uint32_t first, last;   /* instructions that write it first and read it last (NONE: never used) */
    uint32_t group;         /* index of the group's first tensor; itself when alone */
    uint32_t size;          /* bytes (a group's: its largest member's) */
    uint32_t bytes;         /* its own bytes */
    uint32_t last_alone;    /* `last` before it heads a group */
    uint32_t pte_offset;    /* where the .pte put it */
    uint32_t offset;        /* the new one */
    uint8_t mem;            /* arena index */
    bool pinned;            /* a method input or output: never shares its bytes in place */
    bool read_first;        /* first met where the call does not return it */
    uint32_t borrowable;    /* its input bit: a float input only quantize calls read */
} ptensor;

/* A placed group as first_fit reads it. */
typedef struct span {
    uint32_t first, last, offset, end;  /* end: 16-aligned */
    uint8_t mem;
} span;

typedef struct planner {
    et_method *m;
    const et_arenas *old;
    const et_plan_options *opts;
    et_plan_report *r;
    ptensor *t;
    uint32_t n;
    uint32_t *index;        /* value -> ptensor, NONE */
    uint32_t *order;        /* groups, largest first */
    uint32_t *conflicts;    /* first_fit's work list */
    uint32_t *saved;        /* offsets of the packing without in-place groups */
    span *placed;           /* pack's groups in placing order */
    size_t scratch;         /* what the in-place calls need of the kernels' scratch */
} planner;

/* Keeps the .pte's plan, saying why. */
static bool keep(planner *pl, const char *fmt, uint32_t a, uint32_t b)
{
    et_format(pl->r->why, sizeof pl->r->why, fmt, (unsigned)a, (unsigned)b);
    return false;
}

static uint32_t align_arena(uint64_t v) { return (uint32_t)((v + ET_ARENA_ALIGN - 1) & ~(uint64_t)(ET_ARENA_ALIGN - 1)); }

/* ---- what is planned, and where the .pte put it ----------------------- */

static void collect(planner *pl)
{
    et_method *m = pl->m;
    pl->n = 0;
    for (uint32_t v = 0; v < m->nvalues; v++) {
        pl->index[v] = NONE;
        /* (a tensor nothing reaches has no record: et_method_load) */
        if (m->values[v].tag != ET_TAG_TENSOR || m->values[v].u.t == NULL || !m->values[v].u.t->is_planned)
            continue;
        const uint8_t *d = m->values[v].u.t->data;
        uint32_t id = 0;
        while (id + 1 < pl->old->count && !(d >= pl->old->base[id] && d < pl->old->base[id] + pl->old->size[id]))
            id++;
        ptensor *p = &pl->t[pl->n];
        const uint32_t bytes = (uint32_t)m->values[v].u.t->nbytes, at = (uint32_t)(d - pl->old->base[id]);
        *p = (ptensor){v, NONE, NONE, pl->n, bytes, bytes, NONE, at, at, (uint8_t)id, false, false, 0};
        pl->index[v] = pl->n++;
    }
}

/* ---- lifetimes --------------------------------------------------------- */

static ptensor *planned(planner *pl, uint32_t v) { return pl->index[v] == NONE ? NULL : &pl->t[pl->index[v]]; }

#ifndef ET_NO_PLAN_BORROW
/* cortex_m:: or quantized_decomposed::quantize_per_tensor.out (the
 * kernel table's only names with this end) */
static bool is_quantize(const et_kernel_entry *k)
{
    static const char tail[] = "::quantize_per_tensor.out";
    const size_t n = strlen(k->name);
    return n >= sizeof tail - 1 && !strcmp(k->name + n - (sizeof tail - 1), tail);
}

/* A float input that only quantize calls read (not their return value). */
static bool only_quantized(const et_method *m, uint32_t v)
{
    const et_value *val = &m->values[v];
    if (val->u.t->dtype != ET_FLOAT)
        return false;
    for (uint32_t i = 0; i < m->noutputs; i++)
        if (m->outputs[i] == v)
            return false;
    bool read = false;
    for (uint32_t pc = 0; pc < m->ninstrs; pc++) {
        const et_instr *in = &m->instrs[pc];
        for (uint32_t k = 0; k < in->nargs; k++)
            if (in->args[k] == v) {
                if (in->kind != INSTR_KERNEL_CALL || !is_quantize(m->ops[in->a]) || k == in->nargs - 1)
                    return false;
                read = true;
            }
    }
    return read;
}
#endif

/* Inputs live from the start. */
static void mark_inputs(planner *pl)
{
    et_method *m = pl->m;
    for (uint32_t i = 0; i < m->ninputs; i++) {
        ptensor *p = planned(pl, m->inputs[i]);
        if (p == NULL)
            continue;
        p->first = 0;
        p->last = 0;
        p->pinned = true;
    }
}

/* The used tensors by first use, ties by index, into pl->order: an
 * insertion sort (the values come about in the order the calls use them,
 * so it moves little); their count. */
static uint32_t by_first(planner *pl)
{
    uint32_t used = 0;
    for (uint32_t i = 0; i < pl->n; i++) {
        const uint32_t first = pl->t[i].first;
        if (first == NONE)
            continue;
        uint32_t at = used++;
        while (at > 0 && pl->t[pl->order[at - 1]].first > first) {
            pl->order[at] = pl->order[at - 1];
            at--;
        }
        pl->order[at] = i;
    }
    return used;
}

/* One sweep over the calls with the tensors live at each (a handful):
 * two tensors the .pte put on the same bytes while both live are views of
 * one another, which planned apart would no longer be (the .pte's plan is
 * kept); *all and *kept: the most bytes live at one call with every
 * tensor and without the inputs in `skip` (a bound the packing cannot
 * beat). */
static bool scan_live(planner *pl, uint32_t skip, uint64_t *all, uint64_t *kept)
{
    const uint32_t used = by_first(pl);
    uint32_t next = 0, k = 0;  /* the live tensors: pl->conflicts[0, k) */
    uint64_t sum = 0, without = 0;
    *all = *kept = 0;
    for (uint32_t pc = 0; pc <= pl->m->ninstrs; pc++) {
        for (uint32_t c = 0; c < k;) {
            const ptensor *o = &pl->t[pl->conflicts[c]];
            if (o->last >= pc) {
                c++;
                continue;
            }
            sum -= o->bytes;
            without -= o->borrowable & skip ? 0 : o->bytes;
            pl->conflicts[c] = pl->conflicts[--k];
        }
        for (; next < used && pl->t[pl->order[next]].first == pc; next++) {
            const ptensor *a = &pl->t[pl->order[next]];
            for (uint32_t c = 0; c < k && a->size; c++) {
                const ptensor *b = &pl->t[pl->conflicts[c]];
                if (b->size && a->mem == b->mem && a->pte_offset < b->pte_offset + b->size &&
                    b->pte_offset < a->pte_offset + a->size)
                    return keep(pl, "values %u and %u share bytes", b->value, a->value);
            }
            pl->conflicts[k++] = pl->order[next];
            sum += a->bytes;
            without += a->borrowable & skip ? 0 : a->bytes;
        }
        *all = sum > *all ? sum : *all;
        *kept = without > *kept ? without : *kept;
    }
    return true;
}

#ifndef ET_NO_PLAN_BORROW
/* Float inputs that only quantize calls read: their input bits. */
static uint32_t borrowable_inputs(planner *pl)
{
    et_method *m = pl->m;
    uint32_t want = 0;
    for (uint32_t i = 0; i < m->ninputs && i < 32; i++) {
        ptensor *p = planned(pl, m->inputs[i]);
        if ((pl->opts->borrow_inputs & (1u << i)) && p && only_quantized(m, p->value)) {
            p->borrowable = 1u << i;
            want |= 1u << i;
        }
    }
    return want;
}

/* Those inputs read in the caller's buffer (et_method_set_input then
 * borrows it): done when that lowers the most bytes live at one call
 * (VWW's input, live beside its int8 copy at the first call; not KWS's
 * or ResNet-8's, whose peaks come later: their quantize would only read
 * slower memory). */
static void borrow(planner *pl, uint32_t want)
{
    et_method *m = pl->m;
    for (uint32_t i = 0; i < m->ninputs && i < 32; i++) {
        ptensor *p = planned(pl, m->inputs[i]);
        if (!p || !(want & (1u << i)))
            continue;
        et_tensor *t = m->values[p->value].u.t;
        t->is_planned = false;
        t->data = NULL;
        pl->index[p->value] = NONE;
        p->size = p->bytes = 0;
        p->first = p->last = p->last_alone = NONE;
        pl->r->borrowed |= 1u << i;
    }
}
#endif

/* Outputs live to the end (after the instructions' lifetimes). */
static void mark_outputs(planner *pl)
{
    et_method *m = pl->m;
    for (uint32_t i = 0; i < m->noutputs; i++) {
        ptensor *p = planned(pl, m->outputs[i]);
        if (p == NULL)
            continue;
        if (p->first == NONE)
            p->first = m->ninstrs;
        p->last = m->ninstrs;
        p->pinned = true;
    }
}

static bool lifetimes(planner *pl)
{
    et_method *m = pl->m;
    for (uint32_t pc = 0; pc < m->ninstrs; pc++) {
        const et_instr *in = &m->instrs[pc];
        if (!KERNEL_CALLS_ONLY && in->kind != INSTR_KERNEL_CALL)
            return keep(pl, "instruction %u is not a kernel call", pc, 0);
        for (uint32_t k = 0; k < in->nargs; k++) {
#ifndef ET_NO_TENSOR_LISTS
            const et_value *v = &m->values[in->args[k]];
            if (v->tag == ET_TAG_TENSOR_LIST || v->tag == ET_TAG_OPT_TENSOR_LIST)
                return keep(pl, "value %u is a tensor list", in->args[k], 0);
#endif
            ptensor *p = planned(pl, in->args[k]);
            if (p == NULL)
                continue;
            if (p->first == NONE) {
                /* the emitter puts the value an out-variant writes last
                 * (after the same value as its `out` argument) */
                p->read_first = in->args[in->nargs - 1] != in->args[k];
                p->first = pc;
            }
            if (p->last == NONE || p->last < pc)
                p->last = pc;
        }
    }
    return true;
}

static uint32_t group_of(const planner *pl, uint32_t i)
{
    while (pl->t[i].group != i)
        i = pl->t[i].group;
    return i;
}

#if !defined(ET_NO_PLAN_VIEWS) || !defined(ET_NO_PLAN_IN_PLACE)
/* Puts tensor i in group g (same bytes; the group lives as long as its
 * members). */
static void join(planner *pl, uint32_t i, uint32_t g)
{
    pl->t[i].group = g;
    if (pl->t[g].last < pl->t[i].last)
        pl->t[g].last = pl->t[i].last;
}
#endif

/* A tensor met first where the call does not return it is either a view
 * the exporter gave the bytes of a tensor written before (the same offset
 * and size in the .pte's plan: a reshape it did not copy; it then shares
 * that tensor's bytes), or a call's scratch (the 1.4 operators' `scratch`
 * argument: one call only).  Anything else carries bytes from one run to
 * the next. */
static bool merge_views(planner *pl)
{
    uint32_t views = 0;
    for (uint32_t i = 0; i < pl->n; i++) {
        const ptensor *r = &pl->t[i];
        if (!r->read_first || !r->size)
            continue;  /* (a zero-byte scratch has no bytes to share) */
        views++;
#ifdef ET_NO_PLAN_VIEWS
        /* without the search, a view read by one call would pass for
         * scratch */
        return keep(pl, "value %u: views not built in", r->value, 0);
#else
        uint32_t w = NONE;
        for (uint32_t j = 0; j < pl->n; j++) {
            const ptensor *o = &pl->t[j];
            if (o->first != NONE && o->first < r->first && o->mem == r->mem && o->pte_offset == r->pte_offset &&
                o->bytes == r->bytes && (w == NONE || o->first > pl->t[w].first))
                w = j;
        }
        if (w != NONE)
            join(pl, i, group_of(pl, w));
        else if (r->last != r->first)
            return keep(pl, "value %u is read before written", r->value, 0);
#endif
    }
    pl->r->views = views;
    return true;
}

/* ---- in place ---------------------------------------------------------- */

#ifndef ET_NO_PLAN_IN_PLACE

/* The call at pc may write its output over input `in`: it dies there, it
 * is not the caller's, and the output fits in its bytes. */
/* Output d, born at call pc, may take the bytes of input s: s dies there
 * (nor is it read later through a view), it is not the caller's, and d
 * fits in it, in the same arena. */
static bool can_take(const planner *pl, const ptensor *s, const ptensor *d, uint32_t pc)
{
    return s != NULL && d != NULL && s != d && !s->pinned && !d->read_first && d->group == (uint32_t)(d - pl->t) &&
           d->first == pc && s->mem == d->mem && d->size <= s->size &&
           pl->t[group_of(pl, (uint32_t)(s - pl->t))].last == pc;
}

static void try_in_place(planner *pl, uint32_t pc, const et_instr *in)
{
    const et_kernel_extra *x = pl->m->ops[in->a]->extra;
    if (!pl->opts->in_place || x == NULL || x->in_place == NULL || in->nargs == 0)
        return;
    /* (the kernel is asked first: in these models nearly every call has
     * an output born at it over an input that dies there, and a check
     * before it cost more load time and code than it saved) */
    ptensor *d = planned(pl, in->args[in->nargs - 1]);
    et_error ignored = {0};
    et_kargs a;
    et_method_kargs(&a, pl->m, in, &ignored);
    a.sizing = true;
    size_t need = 0;
    uint32_t slot = x->in_place(&a, in->state, &need);
    if (slot == ET_ARG_ABSENT || !a.ok || in->arg_pos == NULL || in->arg_pos[slot] == ET_ARG_ABSENT)
        return;
    const uint32_t src = in->args[in->arg_pos[slot]];
    for (uint32_t k = 0; k + 1 < in->nargs; k++)
        if (k != in->arg_pos[slot] && in->args[k] == src)
            return;  /* read through another argument too */
    const ptensor *s = planned(pl, src);
    if (!can_take(pl, s, d, pc))
        return;
    join(pl, (uint32_t)(d - pl->t), group_of(pl, (uint32_t)(s - pl->t)));
    pl->r->in_place++;
    pl->scratch = need > pl->scratch ? need : pl->scratch;
}
#endif

/* ---- packing ------------------------------------------------------------ */

/* Largest first; ties by first use, then value: deterministic. */
static bool before(const ptensor *a, const ptensor *b)
{
    if (a->size != b->size)
        return a->size > b->size;
    if (a->first != b->first)
        return a->first < b->first;
    return a->value < b->value;
}

/* The lowest 16-aligned offset where group g overlaps no placed group
 * that lives at the same time: those groups sorted by offset, the first
 * gap between them that is large enough.  (The placed groups are read
 * from a compact copy: this is the planner's inner loop.) */
static uint32_t first_fit(const planner *pl, const ptensor *g, uint32_t placed)
{
    uint32_t k = 0;
    for (uint32_t c = 0; c < placed; c++) {
        const span *o = &pl->placed[c];
        if (o->mem != g->mem || o->first > g->last || g->first > o->last)
            continue;
        uint32_t at = k++;  /* insertion by offset: a handful live at once */
        while (at > 0 && pl->placed[pl->conflicts[at - 1]].offset > o->offset) {
            pl->conflicts[at] = pl->conflicts[at - 1];
            at--;
        }
        pl->conflicts[at] = c;
    }
    uint32_t at = 0;
    for (uint32_t c = 0; c < k; c++) {
        const span *o = &pl->placed[pl->conflicts[c]];
        if ((uint64_t)at + g->size <= o->offset)
            break;
        at = o->end > at ? o->end : at;
    }
    return at;
}

static void pack(planner *pl, uint64_t *sizes)
{
    uint32_t ngroups = 0;
    for (uint32_t i = 0; i < pl->n; i++) {
        ptensor *p = &pl->t[i], *g = &pl->t[group_of(pl, i)];
        g->size = p->size > g->size ? p->size : g->size;
    }
    for (uint32_t i = 0; i < pl->n; i++) {
        ptensor *p = &pl->t[i];
        if (p->group != i)
            continue;
        uint32_t at = ngroups++;  /* insertion sort: a few dozen groups */
        while (at > 0 && before(p, &pl->t[pl->order[at - 1]])) {
            pl->order[at] = pl->order[at - 1];
            at--;
        }
        pl->order[at] = i;
    }
    for (uint32_t c = 0; c < ngroups; c++) {
        ptensor *g = &pl->t[pl->order[c]];
        const bool used = g->size && g->first != NONE;
        g->offset = used ? first_fit(pl, g, c) : 0;
        if ((uint64_t)g->offset + g->size > sizes[g->mem])
            sizes[g->mem] = (uint64_t)g->offset + g->size;
        /* an unused or empty group conflicts with nothing */
        pl->placed[c] = (span){used ? g->first : NONE, used ? g->last : 0, g->offset,
                               align_arena((uint64_t)g->offset + g->size), g->mem};
    }
    for (uint32_t i = 0; i < pl->n; i++)
        pl->t[i].offset = pl->t[group_of(pl, i)].offset;
}

static uint64_t arenas_bytes(const uint64_t *sizes, uint32_t count);

#if defined(ET_NO_PLAN_IN_PLACE) || defined(ET_PLAN_IN_PLACE_ONLY)
/* One packing: without outputs in place, or only with them (no packing
 * without to compare). */
static void pack_best(planner *pl, uint64_t *sizes, uint64_t bound)
{
    (void)bound;
#ifndef ET_NO_PLAN_IN_PLACE
    for (uint32_t pc = 0; pc < pl->m->ninstrs; pc++)
        try_in_place(pl, pc, &pl->m->instrs[pc]);
#endif
    memset(sizes, 0, sizeof(uint64_t) * ET_MAX_ARENAS);
    pack(pl, sizes);
}
#else
/* Every tensor on its own again (views and in-place groups undone). */
static void ungroup(planner *pl)
{
    for (uint32_t i = 0; i < pl->n; i++) {
        ptensor *p = &pl->t[i];
        p->group = i;
        p->size = p->bytes;
        p->last = p->last_alone;
    }
}

/* Packed with the outputs in place where the kernels allow, and without:
 * the smaller (in place when equal: no copies).  Groups of different
 * sizes can leave holes that separate tensors would not.  `bound`: the
 * most bytes live at one call, which no packing without in place beats
 * (then it is not tried).  The views are merged already. */
static void pack_best(planner *pl, uint64_t *sizes, uint64_t bound)
{
    et_method *m = pl->m;
    uint64_t with[ET_MAX_ARENAS] = {0};
    for (uint32_t pc = 0; pc < m->ninstrs; pc++)
        try_in_place(pl, pc, &m->instrs[pc]);
    memset(sizes, 0, sizeof(uint64_t) * ET_MAX_ARENAS);
    pack(pl, sizes);
    if (pl->r->in_place == 0 ||
        (pl->old->count == 1 && arenas_bytes(sizes, 1) <= arenas_bytes(&bound, 1)))
        return;
    memcpy(with, sizes, sizeof with);
    for (uint32_t i = 0; i < pl->n; i++)
        pl->saved[i] = pl->t[i].offset;
    ungroup(pl);
    merge_views(pl);
    memset(sizes, 0, sizeof(uint64_t) * ET_MAX_ARENAS);
    pack(pl, sizes);
    if (arenas_bytes(sizes, pl->old->count) < arenas_bytes(with, pl->old->count)) {
        pl->r->in_place = 0;
        pl->scratch = 0;
        return;
    }
    memcpy(sizes, with, sizeof with);
    for (uint32_t i = 0; i < pl->n; i++)
        pl->t[i].offset = pl->saved[i];
}
#endif

static bool replan(planner *pl, uint64_t *sizes)
{
    et_method *m = pl->m;
    if (!pl->opts->replan)
        return keep(pl, "--plan pte", 0, 0);
    if (PLANNED_INIT(m))
        return keep(pl, "tensors hold bytes from the load", 0, 0);
    mark_inputs(pl);
    if (!lifetimes(pl))
        return false;
    mark_outputs(pl);
#if !defined(ET_NO_PLAN_IN_PLACE) && !defined(ET_PLAN_IN_PLACE_ONLY)
    for (uint32_t i = 0; i < pl->n; i++)  /* (for ungroup) */
        pl->t[i].last_alone = pl->t[i].last;
#endif
#ifdef ET_NO_PLAN_BORROW
    const uint32_t want = 0;
#else
    const uint32_t want = borrowable_inputs(pl);
#endif
    uint64_t all, kept;
    if (!scan_live(pl, want, &all, &kept))
        return false;
#ifndef ET_NO_PLAN_BORROW
    if (kept < all)
        borrow(pl, want);
#endif
    if (!merge_views(pl))
        return false;
    pack_best(pl, sizes, kept < all ? kept : all);
    return true;
}

/* ---- binding ----------------------------------------------------------- */

/* The bytes the load put in the old arenas (mutable buffers' initial
 * values, a .ptd's tensors) moved to the new ones, and the old ones
 * cleared where the new ones are not: left there, they would count as
 * memory the firmware uses. */
static void move_arenas(const et_arenas *old, const et_arenas *now)
{
    for (uint32_t i = 0; i < old->count; i++)
        memmove(now->base[i], old->base[i], (size_t)old->size[i]);
    for (uint32_t i = 0; i < old->count; i++) {
        uint8_t *lo = old->base[i], *hi = old->base[i] + old->size[i];
        for (uint32_t j = 0; j < now->count; j++) {  /* what the new arenas hold stays */
            uint8_t *nlo = now->base[j], *nhi = now->base[j] + now->size[j];
            if (nlo <= lo && lo < nhi)
                lo = nhi;
            if (nlo < hi && hi <= nhi)
                hi = nlo;
        }
        if (lo < hi)
            memset(lo, 0, (size_t)(hi - lo));
    }
}

static uint64_t arenas_bytes(const uint64_t *sizes, uint32_t count)
{
    uint64_t total = 0;
    for (uint32_t i = 0; i < count; i++)
        total += align_arena(sizes[i]);
    return total;
}

et_err et_plan_method(et_method *m, const et_arenas *old, et_pool *pool, const et_plan_options *opts,
                      et_plan_report *report, et_error *err)
{
    planner pl = {.m = m, .old = old, .opts = opts, .r = report};
    uint64_t sizes[ET_MAX_ARENAS];
    memset(report, 0, sizeof *report);
    report->pte_bytes = arenas_bytes(old->size, old->count);
    size_t mark = pool->used;
    uint32_t nplanned = 0;
    for (uint32_t v = 0; v < m->nvalues; v++)
        nplanned += m->values[v].tag == ET_TAG_TENSOR && m->values[v].u.t != NULL && m->values[v].u.t->is_planned;
    /* the work arrays in one piece: ptensors and spans first (8- and
     * 4-byte aligned), then the uint32_t arrays */
    const size_t np = nplanned,
                 work_size = np * (sizeof *pl.t + sizeof *pl.placed + 3 * sizeof(uint32_t)) +
                             (size_t)m->nvalues * sizeof(uint32_t);
    uint8_t *work = et_pool_alloc_aligned_uninit(pool, work_size, 8, err);
    if (work == NULL)
        return err->code;
    pl.t = (ptensor *)work;
    pl.placed = (span *)(pl.t + np);
    pl.index = (uint32_t *)(pl.placed + np);
    pl.order = pl.index + m->nvalues;
    pl.conflicts = pl.order + np;
    pl.saved = pl.conflicts + np;
    collect(&pl);
    report->replanned = replan(&pl, sizes);
    if (report->replanned && arenas_bytes(sizes, old->count) >= report->pte_bytes && !report->borrowed) {
        report->replanned = false;
        et_format(report->why, sizeof report->why, "re-planned, it is no smaller");
    }
    if (!report->replanned) {
        memcpy(sizes, old->size, sizeof sizes);
        report->in_place = report->views = report->borrowed = 0;
    }
    /* The new arenas start at the pool's used end (the work memory above
     * is read while binding and free afterwards, before anything writes
     * the arenas), after a larger kernel scratch if the in-place calls
     * need one. */
    pool->used = mark;
    if (report->replanned && pl.scratch > m->scratch_size) {
        m->scratch = pool->base + ((mark + 15) & ~(size_t)15);
        m->scratch_size = pl.scratch;
        mark = (size_t)((uint8_t *)m->scratch - pool->base) + pl.scratch;
        if (mark > pool->size)
            return et_fail(err, ET_ERR_NO_MEMORY, "no room for %lu bytes of kernel scratch",
                           (unsigned long)pl.scratch);
    }
    et_arenas now;
    if (et_arenas_layout(&now, pool->base + mark, pool->size - mark, sizes, old->count, err) != ET_OK)
        return err->code;
    for (uint32_t i = 0; i < pl.n; i++) {
        const ptensor *p = &pl.t[i];
        et_tensor *t = m->values[p->value].u.t;
        if (report->replanned && pl.index[p->value] == NONE)
            continue;  /* read in the caller's buffer */
        t->is_planned = true;  /* (again where a borrow is undone: the .pte's plan places it) */
        t->data = now.base[p->mem] + (report->replanned ? p->offset : p->pte_offset);
    }
    if (!report->replanned && PLANNED_INIT(m)) {
        move_arenas(old, &now);
        /* and the work memory above them: the same */
        uint8_t *end = pool->base + mark + now.total;
        if (end < work + work_size)
            memset(end, 0, (size_t)(work + work_size - end));
    }
    pool->used = mark + now.total;
    m->arenas = now;
    report->bytes = arenas_bytes(sizes, old->count);
    return ET_OK;
}
