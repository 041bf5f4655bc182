# The ExecuTorch-compatible runtime (runtime/), its host tools (tools/pte_*),
# its tests (tests/runtime/) and the runner firmware (firmware/runner/).
# Included by the top-level Makefile; uses its BUILD, SAN, CC, CFLAGS,
# SAN_CFLAGS and SHARED.

RT_SRCS      := $(wildcard runtime/*.c runtime/kernels/*.c runtime/kernels/*/*.c runtime/backends/*.c)
RT_OBJS      := $(RT_SRCS:%.c=$(BUILD)/obj/%.o)
RT_SAN_OBJS  := $(RT_SRCS:%.c=$(SAN)/obj/%.o)

PTE_RUN      := $(BUILD)/bin/pte_run
PTE_RUN_SAN  := $(SAN)/bin/pte_run
RT_TEST_SRCS := $(filter-out tests/runtime/fuzz_pte.c,$(wildcard tests/runtime/*.c))
RT_TEST_BIN  := $(SAN)/bin/runtime-tests
FUZZ_PTE     := $(BUILD)/fuzz/fuzz_pte
FUZZ_SECONDS ?= 30

.PHONY: runtime-test runtime-fuzz runtime-qemu-test
all: $(PTE_RUN) $(PTE_RUN_SAN)

$(PTE_RUN): $(BUILD)/obj/tools/pte_run.o $(RT_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm

$(PTE_RUN_SAN): $(SAN)/obj/tools/pte_run.o $(RT_SAN_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(SAN_CFLAGS) -o $@ $^ -lm

$(RT_TEST_BIN): $(RT_TEST_SRCS:%.c=$(SAN)/obj/%.o) $(RT_SAN_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(SAN_CFLAGS) -o $@ $^ -lcriterion -lm

# The tests find the real models through ETSIM_SHARED (../shared in CI).
runtime-test: $(RT_TEST_BIN) $(PTE_RUN_SAN)
	ETSIM_SHARED=$(SHARED) ASAN_OPTIONS=detect_leaks=1 $(RT_TEST_BIN) --jobs 2

# libFuzzer target for the loader, seeded with the real files.  A short run
# is part of `make test`; run longer with: make runtime-fuzz FUZZ_SECONDS=3600
$(FUZZ_PTE): tests/runtime/fuzz_pte.c $(RT_SRCS)
	@mkdir -p $(dir $@)
	clang -std=c11 -g -O1 -D_DEFAULT_SOURCE -fsanitize=fuzzer,address,undefined \
	    -fno-sanitize-recover=undefined -o $@ tests/runtime/fuzz_pte.c $(RT_SRCS) -lm

runtime-fuzz: $(FUZZ_PTE)
	@mkdir -p $(BUILD)/fuzz/corpus
	cp $(wildcard $(SHARED)/models/*.pte $(SHARED)/models/mlperf/*.pte) $(BUILD)/fuzz/corpus/ 2>/dev/null || true
	$(FUZZ_PTE) -max_total_time=$(FUZZ_SECONDS) -max_len=300000 -print_final_stats=1 \
	    -artifact_prefix=$(BUILD)/fuzz/ $(BUILD)/fuzz/corpus

# The runner firmware on QEMU's AN547 against the same expected outputs.
runtime-qemu-test: $(BUILD)/firmware/runner.elf $(PTE_RUN)
	SHARED=$(SHARED) PTE_RUN=$(PTE_RUN) sh tests/runtime/qemu_models.sh $(BUILD)/firmware/runner.elf

test-rest: runtime-test runtime-fuzz runtime-qemu-test

# ---- runner firmware: build/firmware/runner.elf ------------------------------
# The runtime compiled for the Cortex-M55 (-O2, hard float) with the
# firmware base's startup code and linker script (firmware/firmware.mk).
RUNNER_ELF    := $(BUILD)/firmware/runner.elf
RUNNER_SRCS   := $(wildcard firmware/runner/*.c) $(RT_SRCS)
RUNNER_OBJS   := $(RUNNER_SRCS:%.c=$(BUILD)/firmware/runner-obj/%.o)

firmware: $(RUNNER_ELF)

# Until the simulator executes Helium (MVE, the next core issue) the runner
# is built for the M55 without MVE, so GCC's auto-vectoriser emits none;
# `make RUNNER_MVE=1` builds it with MVE (runs on QEMU today).
RUNNER_MVE    ?= 0
RUNNER_ARCH   := $(if $(filter 1,$(RUNNER_MVE)),,-mcpu=cortex-m55+nomve.fp+nomve)

$(BUILD)/firmware/runner-obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) $(RUNNER_ARCH) -O2 -MMD -MP -c $< -o $@

$(RUNNER_ELF): $(RUNNER_OBJS) $(FW_STARTUP_OBJ) $(FW_LDSCRIPT)
	@mkdir -p $(dir $@)
	$(FW_CC) -o $@ $(RUNNER_OBJS) $(FW_STARTUP_OBJ) $(FW_LDFLAGS) -Wl,-Map=$(@:.elf=.map) $(FW_LDLIBS)
