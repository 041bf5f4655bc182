# etsim: the one entry point.  make | make test | make demo | make bench
#
# Host code builds twice: optimised into build/ (the tools users run) and with
# ASan+UBSan into build/san/ (what the tests run).  Target code (firmware,
# runtime) is built with Debian's gcc-arm-none-eabi and newlib.

BUILD     := build
SAN       := $(BUILD)/san
SHARED    ?= ../shared

CC        := gcc
PKGS      := libelf json-c capstone
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS  := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
WARN      := -std=c11 -Wall -Wextra -Werror -Wno-unused-parameter
DEFS      := -D_DEFAULT_SOURCE -D_POSIX_C_SOURCE=200809L
CFLAGS    := $(WARN) $(DEFS) -O2 -g -fno-strict-aliasing $(PKG_CFLAGS) -MMD -MP
SANFLAGS  := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
SAN_CFLAGS := $(WARN) $(DEFS) -O1 -g -fno-strict-aliasing $(SANFLAGS) $(PKG_CFLAGS) -MMD -MP
LDLIBS    := $(PKG_LIBS) -lm

ISA_SRCS  := $(wildcard isa/*.c)
SIM_SRCS  := $(filter-out sim/main.c,$(wildcard sim/*.c))
NPU_SRCS  := $(wildcard npu/*.c)
SOC_JSON  := $(wildcard sim/socs/*.json)
GEN_SOC   := $(BUILD)/gen/soc_builtin.c
DSP_SRCS  := $(wildcard dsp/*.c)
CORE_SRCS := $(ISA_SRCS) $(SIM_SRCS) $(NPU_SRCS) $(DSP_SRCS) $(GEN_SOC)

CORE_OBJS     := $(CORE_SRCS:%.c=$(BUILD)/obj/%.o)
CORE_SAN_OBJS := $(CORE_SRCS:%.c=$(SAN)/obj/%.o)

ETSIM     := $(BUILD)/bin/etsim
ETSIM_SAN := $(SAN)/bin/etsim

UNIT_SRCS := $(wildcard tests/unit/*.c)
UNIT_BIN  := $(SAN)/bin/unit-tests

.PHONY: all deps test demo bench clean unit-test firmware
all: $(ETSIM) $(ETSIM_SAN) $(BUILD)/bin/etsim-trace firmware

deps:
	@sh tools/install-deps.sh

# The built-in SoC descriptions, embedded as strings.
$(GEN_SOC): $(SOC_JSON) tools/embed-socs.sh
	@mkdir -p $(dir $@)
	sh tools/embed-socs.sh $(SOC_JSON) > $@

$(BUILD)/obj/$(BUILD)/gen/%.o: $(BUILD)/gen/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(SAN)/obj/$(BUILD)/gen/%.o: $(BUILD)/gen/%.c
	@mkdir -p $(dir $@)
	$(CC) $(SAN_CFLAGS) -c $< -o $@

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

# The core is built for link-time optimisation, so the run loop (isa/cpu.c)
# inlines the execute functions it calls directly (isa/exec_*.c): scalar
# KWS 42 -> 48 MIPS.  Fat objects: the other programs linking the core
# (etsim-trace) link them without LTO.
ISA_LTO := -flto -ffat-lto-objects
$(BUILD)/obj/isa/%.o: isa/%.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(ISA_LTO) -c $< -o $@

$(SAN)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(SAN_CFLAGS) -c $< -o $@

# etsim itself: a static executable where every library's archive is
# installed (the -dev packages and libc6-dev ship them), so that no
# dynamic loader runs at start-up: it mapped and relocated five shared
# libraries, 0.25 ms of a 0.6 ms `etsim --help` and of every run
# (docs/speed.md).  Else Capstone linked statically where its archive is
# and no PIE, so the dynamic loader has nothing to relocate:
# libcapstone.so's 77,000 relative relocations (1.3 MB of tables for
# every architecture) cost a short run ~320 page faults and ~1 ms.
STATIC_ARCHIVES := libelf.a libz.a libjson-c.a libcapstone.a libc.a libm.a
STATIC_FOUND := $(foreach a,$(STATIC_ARCHIVES),$(filter /%,$(shell $(CC) -print-file-name=$(a))))
CAPSTONE_A := $(wildcard $(shell pkg-config --variable=libdir capstone 2>/dev/null)/libcapstone.a)
ifeq ($(words $(STATIC_FOUND)),$(words $(STATIC_ARCHIVES)))
ETSIM_LDFLAGS := -static
ETSIM_LDLIBS := $(shell pkg-config --static --libs $(PKGS) 2>/dev/null) -lm
else
ETSIM_LDFLAGS := -no-pie
ETSIM_LDLIBS := $(if $(CAPSTONE_A),$(filter-out -lcapstone,$(LDLIBS)) $(CAPSTONE_A),$(LDLIBS))
endif
$(ETSIM): $(BUILD)/obj/sim/main.o $(CORE_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -flto=2 $(ETSIM_LDFLAGS) -o $@ $^ $(ETSIM_LDLIBS)

$(ETSIM_SAN): $(SAN)/obj/sim/main.o $(CORE_SAN_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(SAN_CFLAGS) -o $@ $^ $(LDLIBS)

$(UNIT_BIN): $(UNIT_SRCS:%.c=$(SAN)/obj/%.o) $(CORE_SAN_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(SAN_CFLAGS) -o $@ $^ $(LDLIBS) -lcriterion

unit-test: $(UNIT_BIN)
	ASAN_OPTIONS=detect_leaks=1 $(UNIT_BIN) --jobs 2

# Fragments owned by the parts of the tree they build.  Every one must
# exist (plain include: a missing one stops make instead of silently
# dropping its targets).  Ordered so that a fragment comes after the ones
# whose variables it expands while make reads it (in a target, a
# prerequisite or a := assignment; recipes are expanded later):
#   firmware.mk    FW_* (the cross compiler, startup code, test firmware)
#   runtime.mk     RUNNER_ELF and the runner builds; uses FW_*
#   tests-core.mk  FUZZ_CC, FUZZ_FLAGS (libFuzzer builds); uses FW_*
#   the rest       use the above (dsp.mk the fuzz flags, dsp_offload.mk
#                  RUNNER_ELF and dsp.mk's offload_hld.h)
include firmware/firmware.mk
include runtime/runtime.mk
include tests/tests-core.mk
include tests/tests.mk
include tests/intmark.mk
include tests/report.mk
include tests/npu_device/npu_device.mk
include dsp/dsp.mk
include tests/dsp/dsp_offload.mk
include tests/etdump/etdump.mk
include tests/ptd/ptd.mk
include tests/strict/strict.mk
include tests/exec_modes/exec_modes.mk

test: deps
	$(MAKE) all
	$(MAKE) unit-test
	$(MAKE) test-rest

# test-rest is extended by the fragments (differential, robustness, runtime).
.PHONY: test-rest
test-rest:

# The demo: the runner firmware classifies a real spoken "yes" (MFCC
# features) with the real DS-CNN keyword-spotting model exported by
# ExecuTorch for the Cortex-M backend.
DEMO_ARGS ?= $(BUILD)/firmware/runner.elf $(SHARED)/models/kws_dscnn_cortex_m.pte \
             --input $(SHARED)/models/kws_inputs/mfcc_yes.f32

demo: deps
	$(MAKE) all
	$(ETSIM) $(DEMO_ARGS)

bench: all
	sh tests/bench/run.sh

clean:
	rm -rf $(BUILD)

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
