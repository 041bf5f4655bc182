/* Our Ethos-U driver (firmware/ethosu/) on the host, against a fake
 * register file that behaves as ETHOSU.md 2.4 says the hardware does
 * (reset handshake, PROT, run on CMD bit 0, STATUS and the IRQ at the
 * end).  Checks the register sequence of ETHOSU.md 1.2 with the real add
 * model's COP1 payload, the config check against its OPTIMIZER_CONFIG, the
 * STATUS errors, and absence detection. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "../../firmware/ethosu/ethosu_cop.c"
#include "../../firmware/ethosu/ethosu_driver.c"
#include "../../runtime/backends/vela_bin.h"
#include "rt_util.h"

/* ---- the fake NPU ----------------------------------------------------- */

#define FAKE_BASE 0x48102000u
#define MAX_LOG 256

typedef struct fake {
    uint32_t regs[1024];
    bool probe_faults;
    uint32_t id, config;
    uint32_t end_status;       /* STATUS bits the job ends with */
    bool irq_pending;
    int resets, runs;
    struct { uint32_t off, value; } log[MAX_LOG];
    int nlog;
    struct { uintptr_t addr; size_t bytes; } cleaned[8], invalidated[8];
    int ncleaned, ninvalidated;
} fake;

static fake F;

static void fake_setup(uint32_t id, uint32_t config)
{
    memset(&F, 0, sizeof F);
    F.id = id;
    F.config = config;
    F.end_status = ETHOSU_STATUS_CMD_END_REACHED;
    F.regs[ETHOSU_ID / 4] = id;
    F.regs[ETHOSU_CONFIG / 4] = config;
    F.regs[ETHOSU_STATUS / 4] = ETHOSU_STATUS_RESET_STATUS;
    F.regs[ETHOSU_CMD / 4] = ETHOSU_CMD_Q_MASK;
}

uint32_t ethosu_plat_read(uintptr_t addr)
{
    cr_assert(addr >= FAKE_BASE && addr < FAKE_BASE + 4096, "read outside the NPU: 0x%lx", (unsigned long)addr);
    return F.regs[(addr - FAKE_BASE) / 4];
}

void ethosu_plat_write(uintptr_t addr, uint32_t v)
{
    cr_assert(addr >= FAKE_BASE && addr < FAKE_BASE + 4096, "write outside the NPU: 0x%lx", (unsigned long)addr);
    uint32_t off = (uint32_t)(addr - FAKE_BASE);
    if (F.nlog < MAX_LOG) {
        F.log[F.nlog].off = off;
        F.log[F.nlog++].value = v;
    }
    switch (off) {
    case ETHOSU_RESET:  /* reset completes at once: STATUS 0, PROT = requested levels, CMD reads 0xC */
        F.resets++;
        F.regs[ETHOSU_STATUS / 4] = 0;
        F.regs[ETHOSU_PROT / 4] = v & 3u;
        F.regs[ETHOSU_CMD / 4] = ETHOSU_CMD_Q_MASK;
        F.irq_pending = false;
        break;
    case ETHOSU_CMD:
        F.regs[ETHOSU_CMD / 4] = v & ETHOSU_CMD_Q_MASK;
        if (v & ETHOSU_CMD_CLEAR_IRQ) {
            F.regs[ETHOSU_STATUS / 4] &= ~ETHOSU_STATUS_IRQ_RAISED;
            F.irq_pending = false;
        }
        if (v & ETHOSU_CMD_TRANSITION_TO_RUN) {  /* the job runs to its end at once */
            F.runs++;
            F.regs[ETHOSU_STATUS / 4] = F.end_status | ETHOSU_STATUS_IRQ_RAISED;
            F.regs[ETHOSU_QREAD / 4] = F.regs[ETHOSU_QSIZE / 4];
            F.irq_pending = true;
        }
        break;
    case ETHOSU_ID: case ETHOSU_STATUS: case ETHOSU_CONFIG: case ETHOSU_PROT: case ETHOSU_QREAD:
        cr_assert_fail("write to read-only register 0x%03x", (unsigned)off);
        break;
    default:
        F.regs[off / 4] = v;
    }
}

bool ethosu_plat_probe(uintptr_t addr, uint32_t *value)
{
    if (F.probe_faults)
        return false;
    *value = ethosu_plat_read(addr);
    return true;
}

static ethosu_drv *attached;
void ethosu_plat_irq_attach(ethosu_drv *d) { attached = d; }

void ethosu_plat_wait(ethosu_drv *d)
{
    /* On the target WFI would sleep forever without the interrupt. */
    cr_assert(F.irq_pending, "the driver waits but the NPU was never started");
    cr_assert_eq(d, attached);
    ethosu_drv_irq(d);
    cr_assert(d->irq_seen);
}

void ethosu_plat_clean_dcache(uintptr_t addr, size_t bytes)
{
    if (F.ncleaned < 8) {
        F.cleaned[F.ncleaned].addr = addr;
        F.cleaned[F.ncleaned++].bytes = bytes;
    }
}

void ethosu_plat_invalidate_dcache(uintptr_t addr, size_t bytes)
{
    if (F.ninvalidated < 8) {
        F.invalidated[F.ninvalidated].addr = addr;
        F.invalidated[F.ninvalidated++].bytes = bytes;
    }
}

/* Index of the first logged write to `off` at or after `from`, -1 if none. */
static int written(uint32_t off, int from)
{
    for (int i = from; i < F.nlog; i++)
        if (F.log[i].off == off)
            return i;
    return -1;
}

/* ---- the real payload -------------------------------------------------- */

#define U55_128_ID     0x10104201u  /* ETHOSU.md 2.1: the U55 header's reset value */
#define U55_128_CONFIG 0x00001807u  /* 128 MACs, 24 KB SHRAM */

static const uint8_t *add_payload(rt_model *m, size_t *size)
{
    et_error err = {0};
    cr_assert_eq(rt_open(m, "models/ethos_u55_128_add.pte", &err), ET_OK, "%s", err.msg);
    const vela_bin *v = m->s.method.delegates[0].handle;
    *size = v->cmd_size;
    return v->cmd_data;
}

static const uint64_t bases[3] = {0x28000100u, 0x21000040u, 0};
static const size_t base_sizes[3] = {32, 144, 0};

static void init_ok(ethosu_drv *d)
{
    char msg[160];
    cr_assert_eq(ethosu_drv_init(d, FAKE_BASE, msg, sizeof msg), 0, "%s", msg);
}

Test(ethosu_driver, init_resets_and_sets_up_the_axi_ports)
{
    ethosu_drv d;
    fake_setup(U55_128_ID, U55_128_CONFIG);
    init_ok(&d);
    cr_expect_eq(F.log[0].off, ETHOSU_RESET, "the first write is the soft reset");
    cr_expect_eq(F.log[0].value, 1u, "privileged (CPL 1), Secure (CSL 0)");
    cr_expect_eq(F.regs[ETHOSU_QCONFIG / 4], 2u);
    cr_expect_eq(F.regs[ETHOSU_REGIONCFG / 4], 0x5553u, "region 0 on slot 3, 1 on 0, 2..7 on 1");
    for (int i = 0; i < 4; i++)
        cr_expect_eq(F.regs[ETHOSU_AXI_LIMIT(i) / 4], 0x0F1F0000u, "AXI_LIMIT%d: 32 reads, 16 writes", i);
    cr_expect_eq(d.id, U55_128_ID);
    cr_expect_eq(d.config, U55_128_CONFIG);
    cr_expect(d.ready);
}

Test(ethosu_driver, absent_npu_reading_zero)
{
    ethosu_drv d;
    char msg[160];
    fake_setup(0, 0);
    cr_expect_eq(ethosu_drv_init(&d, FAKE_BASE, msg, sizeof msg), -1);
    cr_expect(strstr(msg, "no Ethos-U NPU at 0x48102000") && strstr(msg, "reads 0"), "%s", msg);
    cr_expect_eq(F.nlog, 0, "nothing written where there is no NPU");
}

Test(ethosu_driver, absent_npu_bus_error)
{
    ethosu_drv d;
    char msg[160];
    fake_setup(U55_128_ID, U55_128_CONFIG);
    F.probe_faults = true;
    cr_expect_eq(ethosu_drv_init(&d, FAKE_BASE, msg, sizeof msg), -1);
    cr_expect(strstr(msg, "bus error") != NULL, "%s", msg);
    cr_expect_eq(F.nlog, 0);
}

Test(ethosu_driver, unknown_architecture)
{
    ethosu_drv d;
    char msg[160];
    fake_setup(0x20000000u, U55_128_CONFIG);
    cr_expect_eq(ethosu_drv_init(&d, FAKE_BASE, msg, sizeof msg), -1);
    cr_expect(strstr(msg, "architecture 2") != NULL, "%s", msg);
}

Test(ethosu_driver, job_register_sequence)
{
    rt_model m;
    size_t size;
    const uint8_t *cop = add_payload(&m, &size);
    ethosu_drv d;
    char msg[160];
    fake_setup(U55_128_ID, U55_128_CONFIG);
    init_ok(&d);
    int start = F.nlog;
    cr_assert_eq(ethosu_drv_invoke(&d, cop, size, bases, base_sizes, 3, msg, sizeof msg), 0, "%s", msg);
    /* COP1 word 7 says 219 words of commands follow (MODELS.md 5). */
    cr_expect_eq(F.regs[ETHOSU_QBASE / 4], (uint32_t)(uintptr_t)(cop + 32));
    cr_expect_eq(F.regs[ETHOSU_QSIZE / 4], 219u * 4);
    for (int i = 0; i < 3; i++)
        cr_expect_eq(F.regs[ETHOSU_BASEP(i) / 4], (uint32_t)bases[i], "BASEP%d", i);
    cr_expect_eq(written(ETHOSU_BASEP(3), start), -1, "BASEP3..7 are not programmed");
    /* Order: soft reset, Q-channels off, PMU, QBASE, QSIZE, BASEPn, run. */
    int reset = written(ETHOSU_RESET, start), qbase = written(ETHOSU_QBASE, start);
    int qsize = written(ETHOSU_QSIZE, start), basep = written(ETHOSU_BASEP(2), start);
    int pmu = written(ETHOSU_PMCCNTR_CFG, start), run = -1;
    for (int i = start; i < F.nlog; i++)
        if (F.log[i].off == ETHOSU_CMD && (F.log[i].value & ETHOSU_CMD_TRANSITION_TO_RUN))
            run = i;
    cr_expect(reset >= 0 && reset < pmu && pmu < qbase && qbase < qsize && qsize < basep && basep < run,
              "order: reset %d pmu %d qbase %d qsize %d basep %d run %d", reset, pmu, qbase, qsize, basep, run);
    cr_expect_eq(F.log[run].value, ETHOSU_CMD_TRANSITION_TO_RUN, "Q-channel enables kept off while running");
    cr_expect_eq(F.runs, 1);
    /* The interrupt was cleared and power released afterwards. */
    cr_expect_eq(F.regs[ETHOSU_STATUS / 4] & ETHOSU_STATUS_IRQ_RAISED, 0u);
    cr_expect_eq(F.regs[ETHOSU_CMD / 4], ETHOSU_CMD_Q_MASK);
    /* PMU as ExecuTorch's example runner sets it up (ETHOSU.md 2.3). */
    cr_expect_eq(F.regs[ETHOSU_PMEVTYPER(0) / 4], 130u);
    cr_expect_eq(F.regs[ETHOSU_PMEVTYPER(1) / 4], 386u);
    cr_expect_eq(F.regs[ETHOSU_PMEVTYPER(2) / 4], 135u);
    cr_expect_eq(F.regs[ETHOSU_PMEVTYPER(3) / 4], 32u);
    cr_expect_eq(F.regs[ETHOSU_PMCCNTR_CFG / 4], 35u | 32u << 16);
    /* Caches: the stream and the regions cleaned before, regions invalidated after. */
    cr_expect_eq(F.ncleaned, 3);
    cr_expect_eq(F.cleaned[0].addr, (uintptr_t)(cop + 32));
    cr_expect_eq(F.cleaned[0].bytes, 876u);
    cr_expect_eq(F.cleaned[2].addr, 0x21000040u);
    cr_expect_eq(F.cleaned[2].bytes, 144u);
    cr_expect_eq(F.ninvalidated, 2, "weights and scratch; the empty fast scratch has nothing");
    cr_expect_eq(F.invalidated[1].addr, 0x21000040u);
    cr_expect_eq(d.jobs, 1u);
    rt_close(&m);
}

static void expect_job_error(uint32_t end_status, const char *want)
{
    rt_model m;
    size_t size;
    const uint8_t *cop = add_payload(&m, &size);
    ethosu_drv d;
    char msg[192];
    fake_setup(U55_128_ID, U55_128_CONFIG);
    init_ok(&d);
    F.end_status = end_status;
    int resets = F.resets;
    cr_expect_eq(ethosu_drv_invoke(&d, cop, size, bases, base_sizes, 3, msg, sizeof msg), -1);
    cr_expect(strstr(msg, want) != NULL, "'%s' not in: %s", want, msg);
    cr_expect_eq(F.resets, resets + 2, "the power request's reset and the reset after the error");
    cr_expect_eq(F.ninvalidated, 0);
    cr_expect_eq(d.jobs, 0u);
    rt_close(&m);
}

Test(ethosu_driver, status_errors_are_named)
{
    expect_job_error(ETHOSU_STATUS_CMD_END_REACHED | ETHOSU_STATUS_BUS_STATUS | 1u << 12, "bus_status (AXI0, channel IFM)");
    expect_job_error(ETHOSU_STATUS_CMD_END_REACHED | ETHOSU_STATUS_BUS_STATUS | 1u << 11 | 8u << 12,
                     "bus_status (AXI1, channel OFM)");
    expect_job_error(ETHOSU_STATUS_CMD_PARSE_ERROR, "cmd_parse_error, cmd_end_reached=0");
    expect_job_error(ETHOSU_STATUS_CMD_END_REACHED | ETHOSU_STATUS_WD_FAULT, "wd_fault");
    expect_job_error(ETHOSU_STATUS_CMD_END_REACHED | ETHOSU_STATUS_ECC_FAULT, "ecc_fault");
    expect_job_error(0, "STATUS 0x00000000: cmd_end_reached=0");  /* read after clear_irq */
}

Test(ethosu_driver, stream_for_another_mac_count_is_refused)
{
    rt_model m;
    size_t size;
    const uint8_t *cop = add_payload(&m, &size);
    ethosu_drv d;
    char msg[192];
    fake_setup(U55_128_ID, 0x00001006u);  /* an Ethos-U55-64 */
    init_ok(&d);
    cr_expect_eq(ethosu_drv_invoke(&d, cop, size, bases, base_sizes, 3, msg, sizeof msg), -1);
    cr_expect(strstr(msg, "128 MACs/cycle, the NPU has 64") != NULL, "%s", msg);
    cr_expect_eq(F.runs, 0);
    rt_close(&m);
}

Test(ethosu_driver, older_architecture_is_refused)
{
    rt_model m;
    size_t size;
    const uint8_t *cop = add_payload(&m, &size);
    ethosu_drv d;
    char msg[192];
    /* The add stream was compiled for arch 1.0.6 (MODELS.md 5: ID word
     * 0x10066001); a 1.0.x NPU is fine, a 0.x or 2.x one is not. */
    fake_setup(0x10006001u, U55_128_CONFIG);
    init_ok(&d);
    cr_expect_eq(ethosu_drv_invoke(&d, cop, size, bases, base_sizes, 3, msg, sizeof msg), 0, "%s", msg);
    rt_close(&m);
}

Test(ethosu_driver, unaligned_base_is_refused)
{
    rt_model m;
    size_t size;
    const uint8_t *cop = add_payload(&m, &size);
    ethosu_drv d;
    char msg[192];
    fake_setup(U55_128_ID, U55_128_CONFIG);
    init_ok(&d);
    const uint64_t bad[3] = {0x28000100u, 0x21000048u, 0};
    cr_expect_eq(ethosu_drv_invoke(&d, cop, size, bad, base_sizes, 3, msg, sizeof msg), -1);
    cr_expect(strstr(msg, "base address 1") != NULL, "%s", msg);
    cr_expect_eq(F.runs, 0);
    rt_close(&m);
}

/* ---- COP1 payloads ------------------------------------------------------ */

static uint32_t cop_words[64] __attribute__((aligned(16)));

static int parse(size_t nwords, char *msg, size_t len)
{
    ethosu_cop c;
    return ethosu_cop_parse(cop_words, nwords * 4, &c, msg, len);
}

Test(ethosu_driver, cop_payload_errors)
{
    char msg[160];
    memset(cop_words, 0, sizeof cop_words);
    cop_words[0] = 0x31504F43u;                       /* COP1 */
    cop_words[1] = 5; cop_words[2] = 5; cop_words[3] = 2u | 4u << 16;  /* NOP NOP STREAM(4) */
    cr_expect_eq(parse(8, msg, sizeof msg), 0, "%s", msg);
    cr_expect_eq(parse(7, msg, sizeof msg), -1);
    cr_expect(strstr(msg, "says 4 words, 3 follow") != NULL, "%s", msg);
    cr_expect_eq(ethosu_cop_parse(cop_words, 30, &(ethosu_cop){0}, msg, sizeof msg), -1);
    cr_expect(strstr(msg, "whole number of words") != NULL, "%s", msg);
    cr_expect_eq(parse(3, msg, sizeof msg), -1);
    cr_expect(strstr(msg, "no COMMAND_STREAM") != NULL, "%s", msg);
    cop_words[2] = 4;                                  /* DUMP_SHRAM: Vela writes it, the driver refuses */
    cr_expect_eq(parse(8, msg, sizeof msg), -1);
    cr_expect(strstr(msg, "unsupported driver action 4") != NULL, "%s", msg);
    cop_words[2] = 2u | 0u << 16;
    cr_expect_eq(parse(8, msg, sizeof msg), -1);
    cop_words[2] = 5;
    cop_words[0] = 0x32504F43u;                       /* COP2 */
    cr_expect_eq(parse(8, msg, sizeof msg), -1);
    cr_expect(strstr(msg, "Ethos-U85") != NULL, "%s", msg);
    cop_words[0] = 0x31504F43u;
    cop_words[1] = 2u | 1u << 16;                     /* stream at word 2: not 16-byte aligned */
    cr_expect_eq(parse(8, msg, sizeof msg), -1);
    cr_expect(strstr(msg, "not 16-byte aligned") != NULL, "%s", msg);
    cop_words[1] = 5; cop_words[2] = 5; cop_words[3] = 2u | 1u << 16; cop_words[4] = 0xFFFF0000u;
    cop_words[5] = 5; cop_words[6] = 5; cop_words[7] = 2u | 1u << 16; cop_words[8] = 0xFFFF0000u;
    cr_expect_eq(parse(9, msg, sizeof msg), -1);
    cr_expect(strstr(msg, "second COMMAND_STREAM") != NULL, "%s", msg);
}

Test(ethosu_driver, cop_of_the_add_model)
{
    rt_model m;
    size_t size;
    const uint8_t *payload = add_payload(&m, &size);
    ethosu_cop c;
    char msg[160];
    cr_assert_eq(ethosu_cop_parse(payload, size, &c, msg, sizeof msg), 0, "%s", msg);
    cr_expect(c.has_opt_config);
    cr_expect_eq(c.opt_config, 0x00001807u);  /* MODELS.md 5: words 2 and 3 */
    cr_expect_eq(c.opt_id, 0x10066001u);
    cr_expect_eq(c.stream, payload + 32);
    cr_expect_eq(c.stream_bytes, 876u);
    rt_close(&m);
}
