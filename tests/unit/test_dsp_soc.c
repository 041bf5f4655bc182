/* The HLD DSP on the SoC (sim/dsp.c, sim/mailbox.c): the an547
 * description's DSP, driven the way the M55 drives it (bus accesses at a
 * core cycle): the image written through the window, release from reset,
 * a job passed through the mailbox and shared SRAM, both doorbells and
 * their interrupts, the DSP's clock against the core's, its accesses
 * charged to the SRAM region, and hostile cases (a faulting DSP, bad
 * register accesses, a DSP that never answers). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "../../dsp/dsp_asm.h"
#include "../../sim/dsp.h"
#include "../../sim/machine.h"
#include "../../sim/power.h"

#define MBOX SOC_DSP_DEFAULT_MAILBOX
#define WINDOW SOC_DSP_DEFAULT_WINDOW
#define JOB 0x21000100u   /* in sram2 */

static machine_t *new_machine(void)
{
    soc_desc_t desc;
    char err[256];
    cr_assert(soc_desc_load(&desc, "an547", err, sizeof err), "%s", err);
    cr_assert(desc.dsp.present);
    machine_t *m = machine_create(&desc, 0, err, sizeof err);
    cr_assert(m, "%s", err);
    cr_assert(m->dsp);
    return m;
}

/* An M55 access at core cycle now (the device first catches up). */
static bool wr(machine_t *m, uint64_t now, uint32_t addr, uint32_t value)
{
    uint32_t wait;
    m->cpu->cycles = now;
    return m->bus.write(m, addr, 4, value, &wait);
}

static uint32_t rd(machine_t *m, uint64_t now, uint32_t addr)
{
    uint32_t wait, v = 0xDEADBEEFu;
    m->cpu->cycles = now;
    cr_assert(m->bus.read(m, addr, 4, &v, &wait), "read 0x%08x", addr);
    return v;
}

/* What the scheduler does: advance the devices whose event is due, up to
 * cycle end. */
static void run_until(machine_t *m, uint64_t end)
{
    for (int guard = 0; guard < 10000000; guard++) {
        uint64_t next = UINT64_MAX;
        sim_device_t *due = NULL;
        for (int i = 0; i < m->ndevices; i++)
            if (m->devices[i].next_event && m->devices[i].ctx == m->dsp) {
                next = m->devices[i].next_event(m->dsp);
                due = &m->devices[i];
            }
        if (next > end)
            break;
        m->cpu->cycles = next;
        due->advance(due->ctx, next);
    }
    m->cpu->cycles = end;
}

/* Assemble src and write the image's sections through the M55's window. */
static uint32_t load_through_window(machine_t *m, const char *src)
{
    dsp_program_t p;
    char err[512];
    cr_assert(dsp_assemble(src, "test.s", &p, err, sizeof err), "%s", err);
    for (uint32_t i = 0; i < p.text.size; i += 4) {
        uint32_t w;
        memcpy(&w, p.text.bytes + i, 4);
        cr_assert(wr(m, 0, WINDOW + p.text.addr + i, w));
    }
    for (uint32_t i = 0; i < p.data.size; i++) {
        uint32_t wait;
        cr_assert(m->bus.write(m, WINDOW + p.data.addr + i, 1, p.data.bytes[i], &wait));
    }
    uint32_t entry = p.entry;
    dsp_program_free(&p);
    return entry;
}

/* The dispatcher of the test: sleep; on the doorbell, the handler clears
 * it; then add the two words of the job whose address is in message 0,
 * store the sum after them and in message 0 back, ring the M55, sleep. */
static const char *const adder =
    ".equ MBOX, 0x48104000\n"
    ".entry main\n"
    "handler: li r1, MBOX\n movi r2, 1\n st.w r2, [r1+0x24]\n rfi\n"
    "main: li r1, handler\n wsr irq_vec, r1\n movi r1, 1\n wsr irq_en, r1\n"
    "loop: waiti\n"
    " li r1, MBOX\n ld.w r2, [r1+0]\n ld.w r3, [r2+0]\n ld.w r4, [r2+4]\n"
    " add r5, r3, r4\n st.w r5, [r2+8]\n st.w r5, [r1+0x10]\n"
    " movi r6, 1\n wsr doorbell, r6\n j loop\n";

static void start(machine_t *m, uint32_t entry)
{
    cr_assert(wr(m, 0, MBOX + DSP_ENTRY, entry));
    cr_assert(wr(m, 0, MBOX + DSP_CTRL, 1));
}

Test(hld_soc, job_through_the_mailbox_and_both_interrupts)
{
    machine_t *m = new_machine();
    int irq = m->desc.dsp.irq;
    start(m, load_through_window(m, adder));
    run_until(m, 1000);
    cr_assert_eq(rd(m, 1000, MBOX + DSP_STATUS), DSP_STATUS_RUNNING | DSP_STATUS_ASLEEP);
    /* Asleep, the DSP is no event at all. */
    cr_assert_eq(m->devices[0].next_event ? 0 : 0, 0);
    uint32_t job[3] = {40000, 2026, 0};
    char err[128];
    cr_assert(machine_load(m, JOB, job, sizeof job, "job", err, sizeof err), "%s", err);
    uint64_t sram_reads = m->dsp->stats[3].reads;
    cr_assert(wr(m, 1000, MBOX + MBOX_A2D_MSG0, JOB));
    cr_assert(wr(m, 1000, MBOX + MBOX_A2D_SET, 1));
    cr_assert_eq(rd(m, 1000, MBOX + MBOX_A2D_SET), 1u, "the DSP's doorbell is set");
    cr_assert_not(m->cpu->exc.pending[EXC_IRQ0 + irq]);
    run_until(m, 2000);
    cr_assert(m->cpu->exc.pending[EXC_IRQ0 + irq], "the DSP rang the M55");
    cr_assert_eq(rd(m, 2000, MBOX + MBOX_A2D_SET), 0u, "the handler cleared its doorbell");
    cr_assert_eq(rd(m, 2000, MBOX + MBOX_D2A_SET), 1u);
    cr_assert_eq(rd(m, 2000, MBOX + MBOX_D2A_MSG0), 42026u);
    uint32_t out;
    cr_assert(machine_read_bytes(m, JOB + 8, &out, 4));
    cr_assert_eq(out, 42026u);
    /* Charged to sram2 (region 3 of an547) in the DSP's counters and the region's. */
    cr_assert_eq(strcmp(m->regions[3].desc->name, "sram2"), 0);
    cr_assert_eq(m->dsp->stats[3].reads - sram_reads, 2u);
    cr_assert_eq(m->dsp->stats[3].writes, 1u);
    cr_assert_geq(m->regions[3].stats.writes, 1u);
    cr_assert(wr(m, 2000, MBOX + MBOX_D2A_CLR, 1));
    cr_assert_eq(rd(m, 2000, MBOX + MBOX_D2A_SET), 0u);
    cr_assert_eq(rd(m, 2000, MBOX + DSP_STATUS), DSP_STATUS_RUNNING | DSP_STATUS_ASLEEP);
    cr_assert_eq(m->dsp->mbox.a2d_rings, 1u);
    cr_assert_eq(m->dsp->mbox.d2a_rings, 1u);
    machine_destroy(m);
}

/* 500 MHz DSP beside a 400 MHz core: 5 DSP cycles per 4 core cycles,
 * counted exactly; CCOUNT is the DSP's own count since the release. */
Test(hld_soc, the_dsp_runs_at_its_own_clock)
{
    machine_t *m = new_machine();
    cr_assert_eq(sim_dsp_cycle_at(m->dsp, 4000000), 5000000u);
    cr_assert_eq(sim_dsp_cycle_at(m->dsp, 3), 3u);
    cr_assert_eq(sim_dsp_core_cycle_of(m->dsp, 5), 4u);
    cr_assert_eq(sim_dsp_core_cycle_of(m->dsp, 6), 5u);
    /* A counting loop of 100000 iterations, one bundle each, then halt. */
    start(m, load_through_window(m, "li r2, 100000\n loop r2, end\n addi r1, r1, 1\nend: halt\n"));
    run_until(m, 79000);
    cr_assert_eq(rd(m, 79000, MBOX + DSP_STATUS), DSP_STATUS_RUNNING, "still counting at 79000 core cycles");
    run_until(m, 82000);
    cr_assert_eq(rd(m, 82000, MBOX + DSP_STATUS), DSP_STATUS_HALTED);
    uint32_t lo = rd(m, 82000, MBOX + DSP_CCOUNT_LO);
    cr_assert_eq(rd(m, 82000, MBOX + DSP_CCOUNT_HI), 0u);
    /* 82000 core cycles are 102500 DSP cycles: CCOUNT counts until now. */
    cr_assert_eq(lo, 102500u);
    cr_assert_geq(m->dsp->active_cycles, 100000u);
    cr_assert_leq(m->dsp->active_cycles, 100010u);
    cr_assert_eq(dsp_core_r(m->dsp->core, 1), 100000u);
    machine_destroy(m);
}

/* A DSP that faults tells the M55 (STATUS, FAULT_PC, the doorbell); its
 * bad access is counted and the host keeps running. */
Test(hld_soc, a_fault_stops_the_dsp_and_rings_the_m55)
{
    machine_t *m = new_machine();
    start(m, load_through_window(m, "nop\n li r1, 0xF0000000\n ld.w r2, [r1+0]\n halt\n"));
    run_until(m, 500);
    cr_assert_eq(rd(m, 500, MBOX + DSP_STATUS), DSP_STATUS_FAULTED);
    cr_assert_eq(rd(m, 500, MBOX + DSP_FAULT_PC), 16u);
    cr_assert_eq(rd(m, 500, MBOX + MBOX_D2A_SET), 1u);
    cr_assert(m->cpu->exc.pending[EXC_IRQ0 + m->desc.dsp.irq]);
    cr_assert(strstr(m->dsp->fault, "0xf0000000"), "%s", m->dsp->fault);
    cr_assert_eq(m->dsp->bus_errors, 1u);
    /* Held in reset and released again: it runs from the entry anew. */
    cr_assert(wr(m, 600, MBOX + DSP_CTRL, 0));
    cr_assert_eq(rd(m, 600, MBOX + DSP_STATUS), 0u);
    cr_assert(wr(m, 600, MBOX + DSP_ENTRY, 24));   /* straight to the halt */
    cr_assert(wr(m, 600, MBOX + DSP_CTRL, 1));
    run_until(m, 700);
    cr_assert_eq(rd(m, 700, MBOX + DSP_STATUS), DSP_STATUS_HALTED);
    machine_destroy(m);
}

/* The DSP may not reach its own memories or devices other than the
 * mailbox over the bus, nor write the control registers; the M55's bad
 * register and window accesses are bus errors. */
Test(hld_soc, hostile_accesses)
{
    machine_t *m = new_machine();
    uint32_t v, wait;
    cr_assert_not(m->bus.read(m, MBOX + 0x02, 4, &v, &wait), "misaligned");
    cr_assert_not(m->bus.read(m, MBOX + 0x00, 2, &v, &wait), "halfword");
    cr_assert_not(m->bus.read(m, MBOX + 0x100, 4, &v, &wait), "past the registers");
    cr_assert_not(m->bus.write(m, WINDOW + 0x10000, 4, 1, &wait), "between IRAM and DRAM");
    cr_assert_not(m->bus.write(m, WINDOW + 0x100000 + 0x20000, 4, 1, &wait), "past DRAM");
    cr_assert(m->bus.write(m, WINDOW + 0x100000 + 0x1FFFC, 4, 0x12345678, &wait));
    cr_assert(m->bus.read(m, WINDOW + 0x100000 + 0x1FFFE, 2, &v, &wait));
    cr_assert_eq(v, 0x1234u);
    start(m, load_through_window(m,
        ".equ MBOX, 0x48104000\n"
        "li r1, MBOX\n movi r2, 1\n st.w r2, [r1+0x40]\n"   /* CTRL: ignored */
        "st.w r2, [r1+0x00]\n"                              /* the M55's message: ignored */
        "li r3, 0x48200000\n ld.w r4, [r3+0]\n halt\n"));   /* its own IRAM through the SoC: refused */
    cr_assert(wr(m, 0, MBOX + MBOX_A2D_MSG0, 77));
    run_until(m, 500);
    cr_assert_eq(rd(m, 500, MBOX + DSP_STATUS), DSP_STATUS_FAULTED, "%s", m->dsp->fault);
    cr_assert_eq(rd(m, 500, MBOX + DSP_CTRL), 1u);
    cr_assert_eq(rd(m, 500, MBOX + MBOX_A2D_MSG0), 77u);
    cr_assert(strstr(m->dsp->fault, "0x48200000"), "%s", m->dsp->fault);
    machine_destroy(m);
}

/* A DSP that never answers costs nothing while it sleeps, and a runaway
 * one is an event every quantum: the host's run ends by its own limit. */
Test(hld_soc, sleeping_dsp_is_no_event)
{
    machine_t *m = new_machine();
    start(m, load_through_window(m, adder));
    run_until(m, 1000);
    for (int i = 0; i < m->ndevices; i++)
        if (m->devices[i].ctx == m->dsp && m->devices[i].next_event)
            cr_assert_eq(m->devices[i].next_event(m->dsp), UINT64_MAX);
    sim_dsp_advance(m->dsp, 4000000000ull);
    cr_assert_geq(m->dsp->sleep_cycles, 4999990000ull);
    machine_destroy(m);
}

/* An SoC reset holds the DSP in reset and clears the mailbox. */
Test(hld_soc, soc_reset)
{
    machine_t *m = new_machine();
    start(m, load_through_window(m, adder));
    cr_assert(wr(m, 10, MBOX + MBOX_A2D_MSG0, 5));
    sim_dsp_reset(m->dsp, 20);
    cr_assert_eq(rd(m, 30, MBOX + DSP_STATUS), 0u);
    cr_assert_eq(rd(m, 30, MBOX + DSP_CTRL), 0u);
    cr_assert_eq(rd(m, 30, MBOX + MBOX_A2D_MSG0), 0u);
    machine_destroy(m);
}

/* The DSP's energy (sim/power.c, an547's "dsp_*" coefficients): its
 * running cycles at 80 pJ and each operation at its class's figure, taken
 * between two snapshots as for the core. */
Test(hld_soc, energy_of_the_dsp)
{
    machine_t *m = new_machine();
    soc_desc_t desc;
    power_coeffs_t pc;
    char err[256];
    cr_assert(soc_desc_load_with_power(&desc, &pc, "an547", err, sizeof err), "%s", err);
    cr_assert_float_eq(pc.dsp_pj_per_cycle, 80.0, 1e-9);
    cr_assert_float_eq(pc.dsp_class_pj[DSP_CL_ALU], 0.1, 1e-9);
    cr_assert_float_eq(pc.dsp_class_pj[DSP_CL_MAC], 1.8, 1e-9);
    power_snap_t a, b;
    power_snap_now(m, &a);
    start(m, load_through_window(m, "li r2, 100000\n loop r2, end\n addi r1, r1, 1\nend: halt\n"));
    run_until(m, 100000);
    power_snap_now(m, &b);
    power_energy_t e;
    power_between(m, &pc, &a, &b, &e);
    /* 100000 addi and the li (alu), the loop and the halt (branch), about
     * 100003 cycles; the M55 did nothing but the bus accesses. */
    cr_assert_eq(b.dsp_class_ops[DSP_CL_ALU] - a.dsp_class_ops[DSP_CL_ALU], 100001u);
    cr_assert_eq(b.dsp_class_ops[DSP_CL_BRANCH] - a.dsp_class_ops[DSP_CL_BRANCH], 2u);
    double cycles = (double)(b.dsp_cycles - a.dsp_cycles);
    cr_assert(cycles >= 100002 && cycles <= 100010, "%.0f", cycles);
    cr_assert_float_eq(e.dsp_pj, cycles * 80.0 + 100001 * 0.1 + 2 * 0.1, 1e-6);
    cr_assert_float_eq(e.total_pj, e.core_pj + e.sleep_pj + e.static_pj + e.datapath_pj + e.npu_pj + e.dsp_pj, 1e-3);
    machine_destroy(m);
}

/* The job log (the ETDump's DSP delegate events): a job from the release
 * or the wake-up to the next waiti or halt; the jobs' DSP cycles are the
 * DSP's active cycles, and sim_dsp_job gives them in core cycles. */
Test(hld_soc, job_log)
{
    machine_t *m = new_machine();
    start(m, load_through_window(m, adder));
    run_until(m, 1000);
    cr_assert_eq(m->dsp->njobs, 1u, "the set-up up to the first waiti");
    cr_assert_not(m->dsp->in_job);
    uint32_t job[3] = {1, 2, 0};
    char err[128];
    cr_assert(machine_load(m, JOB, job, sizeof job, "job", err, sizeof err), "%s", err);
    cr_assert(wr(m, 1000, MBOX + MBOX_A2D_MSG0, JOB));
    cr_assert(wr(m, 1000, MBOX + MBOX_A2D_SET, 1));
    run_until(m, 2000);
    cr_assert_eq(rd(m, 2000, MBOX + MBOX_D2A_MSG0), 3u);
    cr_assert_eq(m->dsp->njobs, 2u, "one job per doorbell");
    const sim_dsp_job_t *j = m->dsp->jobs;
    cr_assert_eq((j[0].end - j[0].start) + (j[1].end - j[1].start), m->dsp->active_cycles);
    cr_assert_geq(j[1].start, sim_dsp_cycle_at(m->dsp, 1000), "woken by the doorbell at core cycle 1000");
    uint64_t s, e;
    cr_assert(sim_dsp_job(m->dsp, 1, &s, &e));
    cr_assert_eq(s, sim_dsp_core_cycle_of(m->dsp, j[1].start));
    cr_assert_eq(e, sim_dsp_core_cycle_of(m->dsp, j[1].end));
    cr_assert_not(sim_dsp_job(m->dsp, 2, &s, &e));
    /* Held in reset and released to a counting loop: a third job, to its halt. */
    cr_assert(wr(m, 2000, MBOX + DSP_CTRL, 0));
    uint32_t entry = load_through_window(m, "li r2, 1000\n loop r2, end\n addi r1, r1, 1\nend: halt\n");
    cr_assert(wr(m, 2000, MBOX + DSP_ENTRY, entry));
    cr_assert(wr(m, 2000, MBOX + DSP_CTRL, 1));
    run_until(m, 10000);
    cr_assert_eq(rd(m, 10000, MBOX + DSP_STATUS), DSP_STATUS_HALTED);
    cr_assert_eq(m->dsp->njobs, 3u);
    cr_assert_geq(m->dsp->jobs[2].end - m->dsp->jobs[2].start, 1000u);
    cr_assert_leq(m->dsp->jobs[2].end - m->dsp->jobs[2].start, 1010u);
    machine_destroy(m);
}
