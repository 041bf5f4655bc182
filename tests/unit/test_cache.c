/* The cache tags (isa/cache.c) against a plain model of the same cache
 * written here: set-associative, least recently used, a miss fills the
 * last invalid way or else the least recently used one, a probe never
 * fills, a hit on any way makes it the set's most recently used line.
 * Random address streams (sequential streams that collide in their sets,
 * random lines, re-use), checked after every access: the hit or miss, the
 * counters, and every set's lines in LRU order and its MRU line. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "../../isa/cache.h"
#include "../../isa/mem_access.h"
#include "harness.h"

#define MODEL_MAX_SETS 1024u

/* Per set, its lines (line address + 1) from most to least recently
 * used; 0 = an invalid way, which comes after every valid one.  The
 * invalid ways are filled from the highest way down, so the model keeps
 * them as way numbers: order[set][i] of a valid line, free_ways[set]. */
typedef struct {
    uint32_t sets, ways;
    uint32_t line[MODEL_MAX_SETS][CACHE_MAX_WAYS];   /* by recency, most recent first */
    uint32_t way[MODEL_MAX_SETS][CACHE_MAX_WAYS];    /* the way each of those lines is in */
    uint32_t valid[MODEL_MAX_SETS];
    uint64_t hits, misses;
} model_t;

static void model_init(model_t *m, uint32_t sets, uint32_t ways)
{
    memset(m, 0, sizeof *m);
    m->sets = sets;
    m->ways = ways;
}

/* Move entry i of set s to the front (most recent). */
static void model_touch(model_t *m, uint32_t s, uint32_t i)
{
    uint32_t line = m->line[s][i], way = m->way[s][i];
    memmove(&m->line[s][1], &m->line[s][0], i * sizeof m->line[s][0]);
    memmove(&m->way[s][1], &m->way[s][0], i * sizeof m->way[s][0]);
    m->line[s][0] = line;
    m->way[s][0] = way;
}

static bool model_access(model_t *m, uint32_t addr, bool fill)
{
    uint32_t key = (addr >> CACHE_LINE_BITS) + 1, s = (key - 1) & (m->sets - 1);
    for (uint32_t i = 0; i < m->valid[s]; i++) {
        if (m->line[s][i] == key) {
            model_touch(m, s, i);
            m->hits++;
            return true;
        }
    }
    m->misses++;
    if (!fill)
        return false;
    uint32_t i;
    if (m->valid[s] < m->ways) {
        /* the highest-numbered invalid way: the ways fill from the top */
        i = m->valid[s]++;
        m->way[s][i] = m->ways - m->valid[s];
    } else {
        i = m->ways - 1;   /* the least recently used */
    }
    m->line[s][i] = key;
    model_touch(m, s, i);
    return false;
}

/* The cache's set s in recency order (by its age stamps) equals the
 * model's, way by way, and its MRU line is the model's first. */
static void expect_same_set(const cache_t *c, const model_t *m, uint32_t s, unsigned step)
{
    uint32_t order[CACHE_MAX_WAYS], n = 0;
    for (uint32_t w = 0; w < c->ways; w++)
        if (c->tag[s * c->ways + w] != 0)
            order[n++] = w;
    for (uint32_t i = 1; i < n; i++)   /* by age, newest first */
        for (uint32_t j = i; j > 0 && c->age[s * c->ways + order[j]] > c->age[s * c->ways + order[j - 1]]; j--) {
            uint32_t t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    cr_assert_eq(n, m->valid[s], "step %u set %u: %u valid lines, the model %u", step, s, n, m->valid[s]);
    for (uint32_t i = 0; i < n; i++) {
        cr_assert_eq(order[i], m->way[s][i], "step %u set %u: recency %u in way %u, the model %u", step, s, i,
                     order[i], m->way[s][i]);
        cr_assert_eq(c->tag[s * c->ways + order[i]], m->line[s][i], "step %u set %u: recency %u line", step, s, i);
    }
    cr_assert_eq(c->mru[s], n ? m->line[s][0] : 0u, "step %u set %u: MRU line", step, s);
}

static uint32_t next_random(uint64_t *state)
{
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(*state >> 33);
}

static void check_stream(uint32_t size, uint32_t ways, uint64_t seed, unsigned steps)
{
    cache_t *c = cache_create(size, ways);
    cr_assert_not_null(c);
    cr_assert_leq(c->sets, MODEL_MAX_SETS);
    model_t *m = malloc(sizeof *m);
    cr_assert_not_null(m);
    model_init(m, c->sets, c->ways);
    uint64_t rng = seed;
    /* Four sequential streams whose bases are a multiple of the cache's
     * way size apart (so they meet in the same sets), plus random lines. */
    uint32_t way_bytes = c->sets * CACHE_LINE_BYTES, stream[4];
    for (unsigned k = 0; k < 4; k++)
        stream[k] = 0x20000000u + k * way_bytes * (1u + next_random(&rng) % 3u);
    for (unsigned step = 0; step < steps; step++) {
        uint32_t r = next_random(&rng), addr;
        if (r % 8u < 5u) {   /* a stream steps 4, 8 or 16 bytes */
            unsigned k = (r >> 3) % 4u;
            addr = stream[k];
            stream[k] += 4u << ((r >> 5) % 3u);
        } else if (r % 8u == 5u) {   /* a random line of a small region: re-use */
            addr = 0x20000000u + (next_random(&rng) % (4u * way_bytes));
        } else {   /* anywhere */
            addr = next_random(&rng) << 2;
        }
        bool fill = (r >> 12) % 4u != 0;
        bool hit = fill ? cache_access(c, addr) : cache_probe(c, addr);
        bool want = model_access(m, addr, fill);
        cr_assert_eq(hit, want, "step %u: %s of 0x%08x: %s, the model %s", step, fill ? "access" : "probe", addr,
                     hit ? "hit" : "miss", want ? "hit" : "miss");
        cr_assert_eq(c->hits, m->hits, "step %u: hits", step);
        cr_assert_eq(c->misses, m->misses, "step %u: misses", step);
        expect_same_set(c, m, (addr >> CACHE_LINE_BITS) & (c->sets - 1), step);
    }
    for (uint32_t s = 0; s < c->sets; s++)
        expect_same_set(c, m, s, steps);
    free(m);
    cache_destroy(c);
}

Test(cache, four_ways_match_the_lru_model_on_random_streams)
{
    for (uint64_t seed = 1; seed <= 4; seed++)
        check_stream(32 * 1024, 4, seed, 40000);
}

Test(cache, other_geometries_match_the_lru_model)
{
    check_stream(1024, 2, 7, 20000);    /* 16 sets of 2 (the instruction cache's ways) */
    check_stream(4096, 8, 8, 20000);    /* 16 sets of 8 */
    check_stream(512, 1, 9, 20000);     /* direct mapped */
    check_stream(8192, 3, 10, 20000);   /* 3 ways (not a power of two) */
}

/* cpu_data_wait_slow()'s common case (one line of a cacheable page, no
 * MPU, no contention model: one lookup) against its general path, taken
 * by the same machine with a contention model that adds nothing (called
 * only when there is a wait: it must not change anything).  Random
 * accesses of 1-16 bytes, some across a line, reads and writes, in
 * write-allocate and in write-through memory: the same cycles, wait
 * cycles, hits, misses and cache state after every access. */
static uint32_t no_contention(void *ctx, const struct bus_page *page, uint64_t now, uint32_t wait, unsigned moved)
{
    (void)ctx, (void)page, (void)now, (void)wait, (void)moved;
    return 0;
}

static tcpu_t *waiting_machine(bool write_allocate, bool contention)
{
    tcpu_t *t = tcpu_new();
    bus_page_t *p = t->bus.page[TCPU_DATA_ADDR >> BUS_PAGE_BITS];
    p->read_wait = 2;
    p->write_wait = 3;
    p->fill_wait = 7;
    p->beat_bytes = 8;
    p->cacheable = true;
    p->write_allocate = write_allocate;
    t->cpu->l1d = cache_create(4 * 1024, 4);   /* 32 sets: streams meet often */
    t->cpu->scb.ccr |= CCR_DC;
    cpu_caches_changed(t->cpu);
    if (contention)
        t->cpu->hooks.bus_contention = no_contention;
    return t;
}

Test(cache, one_line_wait_matches_the_general_path)
{
    for (int wa = 0; wa < 2; wa++) {
        tcpu_t *a = waiting_machine(wa, false), *b = waiting_machine(wa, true);
        bus_page_t *pa = a->bus.page[TCPU_DATA_ADDR >> BUS_PAGE_BITS];
        bus_page_t *pb = b->bus.page[TCPU_DATA_ADDR >> BUS_PAGE_BITS];
        uint64_t rng = 99 + (uint64_t)wa;
        for (unsigned step = 0; step < 20000; step++) {
            uint32_t r = next_random(&rng);
            static const unsigned sizes[] = {1, 2, 4, 8, 16};
            unsigned size = sizes[r % 5u];
            uint32_t addr = TCPU_DATA_ADDR + (next_random(&rng) % 0x3000u);
            bool write = (r >> 8) & 1u;
            cpu_data_wait_slow(a->cpu, pa, addr, size, write);
            cpu_data_wait_slow(b->cpu, pb, addr, size, write);
            cr_assert_eq(a->cpu->cycles, b->cpu->cycles, "step %u (%s of %u at 0x%08x): cycles", step,
                         write ? "write" : "read", size, addr);
            cr_assert_eq(pa->stats->wait_cycles, pb->stats->wait_cycles, "step %u: wait cycles", step);
            cr_assert_eq(a->cpu->l1d->hits, b->cpu->l1d->hits, "step %u: hits", step);
            cr_assert_eq(a->cpu->l1d->misses, b->cpu->l1d->misses, "step %u: misses", step);
        }
        const cache_t *ca = a->cpu->l1d, *cb = b->cpu->l1d;
        cr_expect_arr_eq(ca->tag, cb->tag, ca->sets * ca->ways * sizeof *ca->tag, "tags");
        cr_expect_arr_eq(ca->age, cb->age, ca->sets * ca->ways * sizeof *ca->age, "LRU stamps");
        cr_expect_arr_eq(ca->mru, cb->mru, ca->sets * sizeof *ca->mru, "MRU lines");
        cr_expect_gt(a->cpu->cycles, 0u);
        cache_destroy(a->cpu->l1d);
        cache_destroy(b->cpu->l1d);
        a->cpu->l1d = b->cpu->l1d = NULL;
        tcpu_free(a);
        tcpu_free(b);
    }
}
