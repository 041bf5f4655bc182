/* Ethos-U55 driver: register sequence (ETHOSU.md 1.2, registers section 2). */
#include "ethosu_driver.h"

#include "../../runtime/et_format.h"
#include <string.h>

#include "ethosu_cop.h"
#include "ethosu_platform.h"

/* The driver's defaults for the U55 (ethosu_config_u55.h, ETHOSU.md 1.1):
 * commands and weights (region 0) through AXI1, the scratch (region 1)
 * and everything else through AXI0; bursts split at 64 bytes, 32
 * outstanding reads and 16 writes per port. */
#define QCONFIG_VALUE   2u
#define REGIONCFG_VALUE (3u << 0 | 0u << 2 | 1u << 4 | 1u << 6 | 1u << 8 | 1u << 10 | 1u << 12 | 1u << 14)
#define AXI_LIMIT_VALUE ((32u - 1u) << 16 | (16u - 1u) << 24)
#define RESET_POLLS     100000
/* We run privileged and Secure (the AN547 boots Secure), as ExecuTorch's
 * Corstone-300 platform initialises the driver (secure 1, privileged 1). */
#define PENDING_LEVELS  ETHOSU_PROT_CPL_PRIVILEGED

static uint32_t rd(const ethosu_drv *d, uint32_t off) { return ethosu_plat_read(d->base + off); }
static void wr(const ethosu_drv *d, uint32_t off, uint32_t v) { ethosu_plat_write(d->base + off, v); }

/* Step 1-3 of initialisation, also the first "power request" of a job. */
static int soft_reset(ethosu_drv *d, char *msg, size_t len)
{
    wr(d, ETHOSU_RESET, PENDING_LEVELS);
    int polls = 0;
    while ((rd(d, ETHOSU_STATUS) & ETHOSU_STATUS_RESET_STATUS) != 0 && polls < RESET_POLLS)
        polls++;
    if ((rd(d, ETHOSU_STATUS) & ETHOSU_STATUS_RESET_STATUS) != 0) {
        et_format(msg, len, "Ethos-U soft reset did not finish (STATUS.reset_status still set after %d reads)",
                 RESET_POLLS);
        return -1;
    }
    uint32_t prot = rd(d, ETHOSU_PROT) & (ETHOSU_PROT_CPL_PRIVILEGED | ETHOSU_PROT_CSL_NONSECURE);
    if (prot != PENDING_LEVELS) {
        et_format(msg, len, "Ethos-U did not take the requested privilege/security level (PROT 0x%lx, wanted 0x%lx)",
                 (unsigned long)prot, (unsigned long)PENDING_LEVELS);
        return -1;
    }
    wr(d, ETHOSU_QCONFIG, QCONFIG_VALUE);
    wr(d, ETHOSU_REGIONCFG, REGIONCFG_VALUE);
    for (int i = 0; i < 4; i++)
        wr(d, ETHOSU_AXI_LIMIT(i), AXI_LIMIT_VALUE);
    return 0;
}

/* CMD keeps its clock/power Q-channel enables; `bits` is added. */
static void command(ethosu_drv *d, uint32_t keep_mask, uint32_t bits)
{
    wr(d, ETHOSU_CMD, (rd(d, ETHOSU_CMD) & keep_mask) | bits);
}

int ethosu_drv_init(ethosu_drv *d, uintptr_t base, char *msg, size_t len)
{
    memset(d, 0, sizeof *d);
    d->base = base;
    uint32_t id;
    /* An absent NPU either raises a bus error (etsim without --npu) or reads
     * as zero (QEMU's AN547): neither may crash the firmware. */
    if (!ethosu_plat_probe(base + ETHOSU_ID, &id)) {
        et_format(msg, len, "no Ethos-U NPU at 0x%08lx: reading its ID register raised a bus error",
                 (unsigned long)base);
        return -1;
    }
    if (id == 0) {
        et_format(msg, len, "no Ethos-U NPU at 0x%08lx: its ID register reads 0", (unsigned long)base);
        return -1;
    }
    if (ETHOSU_ID_ARCH_MAJOR(id) != 1) {
        et_format(msg, len, "the NPU at 0x%08lx has ID 0x%08lx: architecture %lu, this driver knows Ethos-U55/65 (1.x)",
                 (unsigned long)base, (unsigned long)id, (unsigned long)ETHOSU_ID_ARCH_MAJOR(id));
        return -1;
    }
    if (soft_reset(d, msg, len) != 0)
        return -1;
    d->id = rd(d, ETHOSU_ID);
    d->config = rd(d, ETHOSU_CONFIG);
    ethosu_plat_irq_attach(d);
    d->ready = true;
    return 0;
}

void ethosu_drv_irq(ethosu_drv *d)
{
    command(d, ETHOSU_CMD_Q_MASK, ETHOSU_CMD_CLEAR_IRQ);
    d->irq_status = rd(d, ETHOSU_STATUS);
    d->irq_qread = rd(d, ETHOSU_QREAD);
    d->irq_seen = true;
}

static const char *channel_name(uint32_t status)
{
    static const char *const names[16] = {"cmd", "IFM", "weights", "scale/bias", "mem2mem read", "5", "6", "7",
                                          "OFM", "mem2mem write", "10", "11", "12", "13", "14", "15"};
    return names[ETHOSU_STATUS_FAULTING_CHANNEL(status)];
}

const char *ethosu_status_text(uint32_t s, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = '\0';
#define ADD(...) (n += (size_t)et_format(buf + n, n < len ? len - n : 0, __VA_ARGS__))
    if (s & ETHOSU_STATUS_BUS_STATUS)
        ADD("%sbus_status (AXI%lu, channel %s)", n ? ", " : "", (unsigned long)ETHOSU_STATUS_FAULTING_INTERFACE(s),
            channel_name(s));
    if (s & ETHOSU_STATUS_CMD_PARSE_ERROR)
        ADD("%scmd_parse_error", n ? ", " : "");
    if (s & ETHOSU_STATUS_WD_FAULT)
        ADD("%swd_fault", n ? ", " : "");
    if (s & ETHOSU_STATUS_ECC_FAULT)
        ADD("%secc_fault", n ? ", " : "");
    if (!(s & ETHOSU_STATUS_CMD_END_REACHED))
        ADD("%scmd_end_reached=0", n ? ", " : "");
#undef ADD
    return buf;
}

static bool job_failed(uint32_t status)
{
    return (status & (ETHOSU_STATUS_BUS_STATUS | ETHOSU_STATUS_CMD_PARSE_ERROR | ETHOSU_STATUS_WD_FAULT |
                      ETHOSU_STATUS_ECC_FAULT)) != 0 ||
           (status & ETHOSU_STATUS_CMD_END_REACHED) == 0;
}

/* ExecuTorch's example runner's ethosu_inference_begin: count active
 * cycles and the AXI beats (ETHOSU.md 2.3). */
static void pmu_begin(ethosu_drv *d)
{
    static const uint32_t events[ETHOSU_PMU_NUM_EVENTS] = {
        ETHOSU_PMU_AXI0_RD_DATA_BEAT_RECEIVED, ETHOSU_PMU_AXI1_RD_DATA_BEAT_RECEIVED,
        ETHOSU_PMU_AXI0_WR_DATA_BEAT_WRITTEN, ETHOSU_PMU_NPU_IDLE};
    wr(d, ETHOSU_PMCR, ETHOSU_PMCR_CNT_EN | ETHOSU_PMCR_EVENT_CNT_RST | ETHOSU_PMCR_CYCLE_CNT_RST);
    for (int i = 0; i < ETHOSU_PMU_NUM_EVENTS; i++)
        wr(d, ETHOSU_PMEVTYPER(i), events[i]);
    wr(d, ETHOSU_PMCCNTR_CFG, ETHOSU_PMU_NPU_ACTIVE | ETHOSU_PMU_NPU_IDLE << 16);
    wr(d, ETHOSU_PMOVSCLR, ETHOSU_PMCNT_CYCLE | 0xFu);
    wr(d, ETHOSU_PMCNTENSET, ETHOSU_PMCNT_CYCLE | 0xFu);
}

static void pmu_end(ethosu_drv *d, ethosu_pmu_counts *c)
{
    c->active_cycles = (uint64_t)(rd(d, ETHOSU_PMCCNTR_HI) & 0xFFFFu) << 32 | rd(d, ETHOSU_PMCCNTR);
    c->axi0_read_beats = rd(d, ETHOSU_PMEVCNTR(0));
    c->axi1_read_beats = rd(d, ETHOSU_PMEVCNTR(1));
    c->axi0_write_beats = rd(d, ETHOSU_PMEVCNTR(2));
    c->idle_cycles = rd(d, ETHOSU_PMEVCNTR(3));
    wr(d, ETHOSU_PMCNTENCLR, ETHOSU_PMCNT_CYCLE | 0xFu);
}

static int check_job(const ethosu_drv *d, const ethosu_cop *cop, const uint64_t *base, int n, char *msg, size_t len)
{
    if (!d->ready) {
        et_format(msg, len, "the Ethos-U driver is not initialised");
        return -1;
    }
    if (n < 0 || n > ETHOSU_NUM_BASEP) {
        et_format(msg, len, "%d base addresses, the NPU has %d", n, ETHOSU_NUM_BASEP);
        return -1;
    }
    for (int i = 0; i < n; i++)
        if ((base[i] & 15u) != 0 || base[i] > UINT32_MAX) {
            et_format(msg, len, "base address %d (0x%08llx) is not a 16-byte aligned 32-bit address", i,
                     (unsigned long long)base[i]);
            return -1;
        }
    if (cop->has_opt_config &&
        ethosu_cop_check_config(d->config, d->id, cop->opt_config, cop->opt_id, msg, len) != 0)
        return -1;
    return 0;
}

int ethosu_drv_invoke(ethosu_drv *d, const void *payload, size_t size, const uint64_t *base, const size_t *base_size,
                      int n, char *msg, size_t len)
{
    ethosu_cop cop;
    if (ethosu_cop_parse(payload, size, &cop, msg, len) != 0 || check_job(d, &cop, base, n, msg, len) != 0)
        return -1;
    /* The NPU reads memory behind the CPU's data cache. */
    ethosu_plat_clean_dcache((uintptr_t)cop.stream, cop.stream_bytes);
    for (int i = 0; i < n; i++)
        if (base_size[i] != 0)
            ethosu_plat_clean_dcache((uintptr_t)base[i], base_size[i]);
    /* Power request: a soft reset into a known state, then keep the clock
     * and power on (Q-channel enables cleared) while the job runs. */
    if (soft_reset(d, msg, len) != 0)
        return -1;
    command(d, 0, 0);
    pmu_begin(d);
    d->irq_seen = false;
    wr(d, ETHOSU_QBASE, (uint32_t)(uintptr_t)cop.stream);
    wr(d, ETHOSU_QSIZE, cop.stream_bytes);
    for (int i = 0; i < n; i++)
        wr(d, ETHOSU_BASEP(i), (uint32_t)base[i]);
    command(d, ETHOSU_CMD_Q_MASK, ETHOSU_CMD_TRANSITION_TO_RUN);
    ethosu_plat_wait(d);
    ethosu_pmu_counts counts;
    pmu_end(d, &counts);
    /* Release power: the Q-channels may gate the NPU again. */
    command(d, 0, ETHOSU_CMD_Q_MASK);
    uint32_t status = d->irq_status;
    if (job_failed(status)) {
        char what[96];
        et_format(msg, len, "Ethos-U job failed: STATUS 0x%08lx: %s, command stream offset 0x%lx",
                 (unsigned long)status, ethosu_status_text(status, what, sizeof what), (unsigned long)d->irq_qread);
        char ignored[8];
        (void)soft_reset(d, ignored, sizeof ignored);  /* errors clear only by reset */
        command(d, 0, ETHOSU_CMD_Q_MASK);
        return -1;
    }
    /* The NPU wrote the regions: drop what the cache held of them. */
    for (int i = 0; i < n; i++)
        if (base_size[i] != 0)
            ethosu_plat_invalidate_dcache((uintptr_t)base[i], base_size[i]);
    d->last = counts;
    d->jobs++;
    return 0;
}
