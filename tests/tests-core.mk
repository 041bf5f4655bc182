# Core tests: robustness of the CLI and the ELF loader, fuzz targets (short
# runs here; see docs/testing.md for long runs).
FUZZ_CC    := clang
FUZZ_FLAGS := -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
              -D_DEFAULT_SOURCE -D_POSIX_C_SOURCE=200809L $(PKG_CFLAGS)
FUZZ_SRCS  := $(ISA_SRCS) $(SIM_SRCS) $(NPU_SRCS) $(DSP_SRCS) $(GEN_SOC)
# Each execution builds a whole SoC (tens of ms under the sanitizers), so
# the runs in make test are short; `make test-fuzz FUZZ_ELF_RUNS=1000000
# FUZZ_INSN_RUNS=1000000` is the long run.
FUZZ_ELF_RUNS  ?= 2000
FUZZ_INSN_RUNS ?= 1000
FUZZ_NPU_RUNS  ?= 20000

$(BUILD)/fuzz/%: tests/fuzz/%.c $(FUZZ_SRCS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $< $(FUZZ_SRCS) $(LDLIBS)

.PHONY: test-robustness test-fuzz
test-robustness: $(ETSIM_SAN) firmware
	bash tests/cli/robustness.sh $(ETSIM_SAN) $(BUILD)/firmware/tests/int_arith-O2.elf

# Short, deterministic fuzz runs (fixed seed) seeded with real firmware.
test-fuzz: $(BUILD)/fuzz/fuzz_elf $(BUILD)/fuzz/fuzz_insn $(BUILD)/fuzz/fuzz_npu_cmd firmware
	@mkdir -p $(BUILD)/fuzz/corpus-elf $(BUILD)/fuzz/corpus-insn
	cp $(BUILD)/firmware/tests/int_arith-O2.elf $(BUILD)/fuzz/corpus-elf/
	$(BUILD)/fuzz/fuzz_elf -seed=1 -runs=$(FUZZ_ELF_RUNS) -max_len=65536 $(BUILD)/fuzz/corpus-elf
	$(BUILD)/fuzz/fuzz_insn -seed=1 -runs=$(FUZZ_INSN_RUNS) -max_len=1024 $(BUILD)/fuzz/corpus-insn
	python3 tests/fuzz/npu_seeds.py $(BUILD)/fuzz/corpus-npu $(wildcard $(SHARED)/models/vela/*/*/*.velabin) \
	    $(SHARED)/models/decoded/ethos_u55_128_add.delegate0.vela.bin
	$(BUILD)/fuzz/fuzz_npu_cmd -seed=1 -runs=$(FUZZ_NPU_RUNS) -max_len=8192 $(BUILD)/fuzz/corpus-npu

test-rest: test-robustness test-fuzz

# CLI behaviour tests with firmware of their own (tests/cli/fw/*.c, built
# -O2 into build/firmware/cli/): not in the differential suite, because
# they show where etsim differs from QEMU on purpose (semihosting root) or
# check etsim's own figures (RAM touched); and each input read once
# (tests/cli/read_once.sh, with the runner).
CLI_FW_SRCS := $(wildcard tests/cli/fw/*.c)
CLI_FW_ELFS := $(CLI_FW_SRCS:tests/cli/fw/%.c=$(FW_BUILD)/cli/%.elf)

$(FW_BUILD)/cli/%.elf: tests/cli/fw/%.c $(FW_STARTUP_OBJ) $(FW_LDSCRIPT) $(FW_COMMON)/an547.h
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) -Werror -O2 -o $@ $< $(FW_STARTUP_OBJ) $(FW_LDFLAGS) $(FW_LDLIBS)

.PHONY: test-cli
test-cli: $(ETSIM_SAN) $(CLI_FW_ELFS) $(RUNNER_ELF)
	bash tests/cli/semihost_root.sh $(ETSIM_SAN) $(FW_BUILD)/cli/semihost_root.elf
	bash tests/cli/output_streams.sh $(ETSIM_SAN) $(FW_BUILD)/cli/tt_stderr.elf
	bash tests/cli/ram_touched.sh $(ETSIM_SAN) $(FW_BUILD)/cli/ram_touched.elf
	bash tests/cli/read_once.sh $(ETSIM_SAN) $(RUNNER_ELF) $(SHARED)

test-rest: test-cli
