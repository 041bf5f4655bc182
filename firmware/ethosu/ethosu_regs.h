/* Ethos-U55 APB registers the driver uses: byte offsets from the NPU's
 * base address and field bits, from ../shared/reference/ETHOSU.md section 2
 * (Arm's ethosu55_interface.h).  Target code: no simulator header. */
#ifndef ETHOSU_REGS_H
#define ETHOSU_REGS_H

/* Corstone-300 / AN547: the Non-secure alias TFLite Micro and ExecuTorch
 * use, and its interrupt (ETHOS_U55_IRQn). */
#define ETHOSU_AN547_BASE 0x48102000u
#define ETHOSU_AN547_IRQ  56u

/* ---- control and configuration (ETHOSU.md 2.1) ---- */
#define ETHOSU_ID          0x000u
#define ETHOSU_STATUS      0x004u
#define ETHOSU_CMD         0x008u
#define ETHOSU_RESET       0x00Cu
#define ETHOSU_QBASE       0x010u
#define ETHOSU_QBASE_HI    0x014u
#define ETHOSU_QREAD       0x018u
#define ETHOSU_QCONFIG     0x01Cu
#define ETHOSU_QSIZE       0x020u
#define ETHOSU_PROT        0x024u
#define ETHOSU_CONFIG      0x028u
#define ETHOSU_REGIONCFG   0x03Cu
#define ETHOSU_AXI_LIMIT(n) (0x040u + 4u * (unsigned)(n))
#define ETHOSU_BASEP(n)    (0x080u + 8u * (unsigned)(n))
#define ETHOSU_BASEP_HI(n) (0x084u + 8u * (unsigned)(n))
#define ETHOSU_NUM_BASEP   8

/* ID fields */
#define ETHOSU_ID_ARCH_MAJOR(id) (((id) >> 28) & 0xFu)
#define ETHOSU_ID_ARCH_MINOR(id) (((id) >> 20) & 0xFFu)
#define ETHOSU_ID_ARCH_PATCH(id) (((id) >> 16) & 0xFu)
#define ETHOSU_ID_PRODUCT(id)    (((id) >> 12) & 0xFu)

/* STATUS bits */
#define ETHOSU_STATUS_STATE           (1u << 0)
#define ETHOSU_STATUS_IRQ_RAISED      (1u << 1)
#define ETHOSU_STATUS_BUS_STATUS      (1u << 2)
#define ETHOSU_STATUS_RESET_STATUS    (1u << 3)
#define ETHOSU_STATUS_CMD_PARSE_ERROR (1u << 4)
#define ETHOSU_STATUS_CMD_END_REACHED (1u << 5)
#define ETHOSU_STATUS_PMU_IRQ_RAISED  (1u << 6)
#define ETHOSU_STATUS_WD_FAULT        (1u << 7)
#define ETHOSU_STATUS_ECC_FAULT       (1u << 8)
#define ETHOSU_STATUS_FAULTING_INTERFACE(s) (((s) >> 11) & 1u)
#define ETHOSU_STATUS_FAULTING_CHANNEL(s)   (((s) >> 12) & 0xFu)

/* CMD bits */
#define ETHOSU_CMD_TRANSITION_TO_RUN (1u << 0)
#define ETHOSU_CMD_CLEAR_IRQ         (1u << 1)
#define ETHOSU_CMD_CLOCK_Q_ENABLE    (1u << 2)
#define ETHOSU_CMD_POWER_Q_ENABLE    (1u << 3)
#define ETHOSU_CMD_Q_MASK            (ETHOSU_CMD_CLOCK_Q_ENABLE | ETHOSU_CMD_POWER_Q_ENABLE)

/* RESET (pending) and PROT (active) levels */
#define ETHOSU_PROT_CPL_PRIVILEGED (1u << 0)
#define ETHOSU_PROT_CSL_NONSECURE  (1u << 1)

/* CONFIG fields */
#define ETHOSU_CONFIG_MACS_LOG2(c)   ((c) & 0xFu)
#define ETHOSU_CONFIG_CMD_STREAM(c)  (((c) >> 4) & 0xFu)
#define ETHOSU_CONFIG_SHRAM_KB(c)    (((c) >> 8) & 0xFFu)
#define ETHOSU_CONFIG_CUSTOM_DMA(c)  (((c) >> 27) & 1u)
#define ETHOSU_CONFIG_PRODUCT(c)     (((c) >> 28) & 0xFu)

/* ---- PMU (ETHOSU.md 2.3) ---- */
#define ETHOSU_PMCR         0x180u
#define ETHOSU_PMCNTENSET   0x184u
#define ETHOSU_PMCNTENCLR   0x188u
#define ETHOSU_PMOVSCLR     0x190u
#define ETHOSU_PMCCNTR      0x1A0u
#define ETHOSU_PMCCNTR_HI   0x1A4u
#define ETHOSU_PMCCNTR_CFG  0x1A8u
#define ETHOSU_PMEVCNTR(n)  (0x300u + 4u * (unsigned)(n))
#define ETHOSU_PMEVTYPER(n) (0x380u + 4u * (unsigned)(n))
#define ETHOSU_PMU_NUM_EVENTS 4

#define ETHOSU_PMCR_CNT_EN        (1u << 0)
#define ETHOSU_PMCR_EVENT_CNT_RST (1u << 1)
#define ETHOSU_PMCR_CYCLE_CNT_RST (1u << 2)
#define ETHOSU_PMCNT_CYCLE        (1u << 31)

/* Hardware event numbers */
#define ETHOSU_PMU_NPU_IDLE              32u
#define ETHOSU_PMU_NPU_ACTIVE            35u
#define ETHOSU_PMU_AXI0_RD_DATA_BEAT_RECEIVED 130u
#define ETHOSU_PMU_AXI0_WR_DATA_BEAT_WRITTEN  135u
#define ETHOSU_PMU_AXI1_RD_DATA_BEAT_RECEIVED 386u

#endif
