/* The etsim profiling port: how firmware tells the simulator where an
 * inference and each operator start and end.
 *
 * This is the one header shared by the simulator (sim/profport.c) and the
 * target code (runtime/, firmware/).  The port is a 4 KiB window at
 * ETSIM_PROFPORT_BASE; etsim puts a device there (sim/socs/an547.json
 * names the same address: keep them in step).  Firmware may read
 * ETSIM_PP_MAGIC to learn whether it runs on etsim (reads
 * ETSIM_PROFPORT_MAGIC there, 0 elsewhere).
 *
 * Why 0xE00F0000: the same ELF must run unchanged on QEMU's mps3-an547
 * and must not lose stores to the port where a firmware keeps data.  It
 * used to sit at 0x7FFF0000, inside the AN547's DDR (0x60000000, 2 GiB),
 * where ExecuTorch's Corstone-300 linker script places its pools
 * (0x70000000 + 1.5 GiB): a large pool there would have had its stores
 * taken by the port.  0xE00F0000 is in the Private Peripheral Bus, in the
 * part of the Cortex-M55's external PPB that no component uses (its
 * TPIU, ETM, CTI and EWIC sit at 0xE0040000-0xE0047FFF, the ROM tables at
 * 0xE00FE000-0xE00FFFFF); no AN547 memory or peripheral is mapped there
 * either (its RAMs end at 0xDFFFFFFF, its peripherals lie in
 * 0x40000000-0x5FFFFFFF).  QEMU answers unassigned PPB addresses read-as-
 * zero / writes-ignored for privileged code (hw/arm/armv7m.c,
 * ppb_default_ops), so on QEMU the runner's events are simply dropped.
 * Like every PPB access the port needs privileged code: unprivileged
 * accesses fault on QEMU and on hardware.
 *
 * Protocol: write the arguments (ARG0..ARG2), then the event code to EVENT.
 * The write to EVENT is the moment the event happens (its cycle count).
 */
#ifndef ETSIM_PROFPORT_H
#define ETSIM_PROFPORT_H

#include <stdint.h>

#define ETSIM_PROFPORT_BASE  0xE00F0000u
#define ETSIM_PROFPORT_SIZE  0x1000u
#define ETSIM_PROFPORT_MAGIC 0x50535445u  /* "ETSP" little endian */

/* Register offsets. */
#define ETSIM_PP_MAGIC 0x00u  /* RO: ETSIM_PROFPORT_MAGIC on etsim */
#define ETSIM_PP_ARG0  0x04u
#define ETSIM_PP_ARG1  0x08u
#define ETSIM_PP_ARG2  0x0Cu
#define ETSIM_PP_EVENT 0x10u  /* WO: event code; triggers the event */

/* Event codes and their arguments. */
enum etsim_pp_event {
    /* arg0 = iteration number (0-based) */
    ETSIM_EV_INFER_BEGIN = 1,
    ETSIM_EV_INFER_END = 2,
    /* arg0 = operator index in execution order within the inference,
     * arg1 = address of the operator name (NUL-terminated, e.g.
     *        "cortex_m::quantized_conv2d.out"),
     * arg2 = engine: 0 cpu, 1 npu, 2 dsp */
    ETSIM_EV_OP_BEGIN = 3,
    /* arg0 = operator index (as in OP_BEGIN) */
    ETSIM_EV_OP_END = 4,
    /* A memory arena the runtime planned: arg0 = arena id,
     * arg1 = base address, arg2 = size in bytes */
    ETSIM_EV_ARENA = 5,
    /* An output tensor after the last inference: arg0 = output index,
     * arg1 = address of a struct etsim_pp_tensor */
    ETSIM_EV_OUTPUT = 6,
    /* Model loaded: arg0 = model address, arg1 = model size in bytes */
    ETSIM_EV_MODEL = 7,
    /* Optional, just before an OP_BEGIN: where the call is in the program.
     * arg0 = operator index (as in OP_BEGIN), arg1 = instruction index
     * within its chain, arg2 = chain index.  Without it (older runners)
     * the instruction index is taken to be the operator index. */
    ETSIM_EV_OP_WHERE = 8,
    /* Optional, around loading the method (program, method, arenas, kernel
     * lookup, scratch planning): LOAD_BEGIN has no arguments; LOAD_END:
     * arg0 = runtime metadata bytes (the pool, with the kernel scratch when
     * it sits there), arg1 = kernel scratch bytes (wherever it sits). */
    ETSIM_EV_LOAD_BEGIN = 9,
    ETSIM_EV_LOAD_END = 10,
};

/* Engines for ETSIM_EV_OP_BEGIN arg2. */
enum { ETSIM_ENGINE_CPU = 0, ETSIM_ENGINE_NPU = 1, ETSIM_ENGINE_DSP = 2 };

/* Tensor descriptor for ETSIM_EV_OUTPUT (all fields 32-bit, little endian). */
struct etsim_pp_tensor {
    uint32_t dtype;      /* ExecuTorch ScalarType code: 1 int8 (Char), 6 float, ... */
    uint32_t ndim;       /* number of dimensions used in sizes[] (at most 8) */
    uint32_t sizes[8];
    uint32_t data;       /* address of the elements (contiguous) */
    uint32_t nbytes;     /* bytes at data */
};

#endif
