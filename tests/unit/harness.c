/* A bare core on flat RAM for unit tests; see harness.h. */
#include "harness.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define VECTOR_HANDLER 0x800u   /* every exception vector points here: bkpt #1 */

typedef struct harness_mem {
    bus_page_t pages[2 * (TCPU_RAM_SIZE / BUS_PAGE_SIZE)];
    bus_stats_t stats[2];
} harness_mem_t;

static bool harness_bkpt(void *ctx, cpu_t *cpu, uint32_t imm)
{
    tcpu_t *t = ctx;
    t->bkpt_imm = (int)imm;
    cpu_request_stop(cpu, STOP_REQUEST, 0);
    return true;
}

static void map_ram(tcpu_t *t, harness_mem_t *m, int index, uint32_t base, uint8_t *host)
{
    uint32_t npages = TCPU_RAM_SIZE / BUS_PAGE_SIZE;
    for (uint32_t i = 0; i < npages; i++) {
        bus_page_t *p = &m->pages[index * npages + i];
        p->host = host + i * BUS_PAGE_SIZE;
        p->stats = &m->stats[index];
        p->writable = true;
        t->bus.page[(base >> BUS_PAGE_BITS) + i] = p;
    }
}

tcpu_t *tcpu_new(void)
{
    tcpu_t *t = calloc(1, sizeof *t);
    harness_mem_t *m = calloc(1, sizeof *m);
    cr_assert(t && m);
    t->code_ram = calloc(1, TCPU_RAM_SIZE);
    t->data_ram = calloc(1, TCPU_RAM_SIZE);
    cr_assert(t->code_ram && t->data_ram);
    t->bus.ctx = m;   /* owned by the harness; no slow path: unmapped faults */
    map_ram(t, m, 0, 0x00000000u, t->code_ram);
    map_ram(t, m, 1, TCPU_DATA_ADDR, t->data_ram);
    cpu_hooks_t hooks = {.ctx = t, .bkpt = harness_bkpt};
    t->cpu = cpu_create(&t->bus, &hooks);
    cr_assert(t->cpu);
    /* Vector table: SP, reset, then every exception to the bkpt #1 stub. */
    tcpu_poke32(t, 0, TCPU_DATA_ADDR + TCPU_RAM_SIZE);
    tcpu_poke32(t, 4, TCPU_CODE_ADDR | 1u);
    for (uint32_t e = 2; e < CPU_NUM_EXC; e++)
        tcpu_poke32(t, 4 * e, VECTOR_HANDLER | 1u);
    t->code_ram[VECTOR_HANDLER] = 0x01;      /* bkpt #1 = 0xBE01 */
    t->code_ram[VECTOR_HANDLER + 1] = 0xBE;
    cr_assert(cpu_reset(t->cpu, 0));
    t->cpu->scb.cpacr = 0xFu << 20;           /* CP10/CP11 full access */
    t->cpu->scb.shcsr = 7u << 16;             /* MemManage, BusFault, UsageFault on */
    t->bkpt_imm = -1;
    return t;
}

void tcpu_free(tcpu_t *t)
{
    if (!t)
        return;
    cpu_destroy(t->cpu);
    free(t->bus.ctx);
    free(t->code_ram);
    free(t->data_ram);
    free(t);
}

static enum tcpu_result run_from_code(tcpu_t *t)
{
    cpu_t *cpu = t->cpu;
    cpu_icache_flush(cpu);
    cpu->pc = TCPU_CODE_ADDR;
    cpu->epsr_t = true;
    cpu->itstate = 0;
    cpu->stop = STOP_NONE;
    t->bkpt_imm = -1;
    cpu_run(cpu, cpu->cycles + 1000000u);
    if (cpu->stop == STOP_REQUEST && t->bkpt_imm == 0)
        return TCPU_DONE;
    if (cpu->stop == STOP_REQUEST && t->bkpt_imm == 1)
        return TCPU_FAULT;
    return TCPU_OTHER;
}

enum tcpu_result tcpu_run_code(tcpu_t *t, const uint16_t *hw, size_t count)
{
    cr_assert(count * 2 + 2 < TCPU_RAM_SIZE - TCPU_CODE_ADDR);
    for (size_t i = 0; i < count; i++) {
        t->code_ram[TCPU_CODE_ADDR + 2 * i] = (uint8_t)hw[i];
        t->code_ram[TCPU_CODE_ADDR + 2 * i + 1] = (uint8_t)(hw[i] >> 8);
    }
    t->code_ram[TCPU_CODE_ADDR + 2 * count] = 0x00;   /* bkpt #0 */
    t->code_ram[TCPU_CODE_ADDR + 2 * count + 1] = 0xBE;
    return run_from_code(t);
}

/* Assemble src with arm-none-eabi-as into a flat binary. */
static size_t assemble(const char *src, uint8_t *out, size_t cap)
{
    char dir[] = "/tmp/etsim-asm-XXXXXX";
    cr_assert(mkdtemp(dir), "mkdtemp failed");
    char path_s[64], path_o[64], path_b[64], cmd[512];
    snprintf(path_s, sizeof path_s, "%s/t.s", dir);
    snprintf(path_o, sizeof path_o, "%s/t.o", dir);
    snprintf(path_b, sizeof path_b, "%s/t.bin", dir);
    FILE *f = fopen(path_s, "w");
    cr_assert(f);
    fprintf(f, ".syntax unified\n.thumb\n.text\n%s\nbkpt #0\n", src);
    fclose(f);
    snprintf(cmd, sizeof cmd,
             "arm-none-eabi-as -march=armv8.1-m.main+mve.fp+fp.dp -mfloat-abi=hard -mthumb "
             "-o %s %s && arm-none-eabi-objcopy -O binary -j .text %s %s",
             path_o, path_s, path_o, path_b);
    int rc = system(cmd);
    cr_assert_eq(rc, 0, "assembler failed on:\n%s", src);
    f = fopen(path_b, "rb");
    cr_assert(f);
    size_t n = fread(out, 1, cap, f);
    fclose(f);
    unlink(path_s);
    unlink(path_o);
    unlink(path_b);
    rmdir(dir);
    return n;
}

enum tcpu_result tcpu_run_asm(tcpu_t *t, const char *src)
{
    size_t cap = TCPU_RAM_SIZE - TCPU_CODE_ADDR;
    size_t n = assemble(src, t->code_ram + TCPU_CODE_ADDR, cap);
    cr_assert(n >= 2);
    return run_from_code(t);
}

static uint8_t *host_addr(tcpu_t *t, uint32_t addr, size_t len)
{
    if (addr + len <= TCPU_RAM_SIZE)
        return t->code_ram + addr;
    if (addr >= TCPU_DATA_ADDR && addr - TCPU_DATA_ADDR + len <= TCPU_RAM_SIZE)
        return t->data_ram + (addr - TCPU_DATA_ADDR);
    cr_assert_fail("address 0x%08x is outside the harness RAM", addr);
    return NULL;
}

void tcpu_poke32(tcpu_t *t, uint32_t addr, uint32_t value)
{
    memcpy(host_addr(t, addr, 4), &value, 4);
}

uint32_t tcpu_peek32(tcpu_t *t, uint32_t addr)
{
    uint32_t v;
    memcpy(&v, host_addr(t, addr, 4), 4);
    return v;
}

void tcpu_poke8(tcpu_t *t, uint32_t addr, uint8_t value)
{
    *host_addr(t, addr, 1) = value;
}

uint8_t tcpu_peek8(tcpu_t *t, uint32_t addr)
{
    return *host_addr(t, addr, 1);
}

unsigned tcpu_nzcv(const tcpu_t *t)
{
    const cpu_t *c = t->cpu;
    return c->n << 3 | c->z << 2 | c->c << 1 | c->v;
}

void tcpu_set_nzcv(tcpu_t *t, unsigned nzcv)
{
    cpu_t *c = t->cpu;
    c->n = (nzcv >> 3) & 1u;
    c->z = (nzcv >> 2) & 1u;
    c->c = (nzcv >> 1) & 1u;
    c->v = nzcv & 1u;
}
