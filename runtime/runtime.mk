# The ExecuTorch-compatible runtime (runtime/), its host tools (tools/pte_*),
# its tests (tests/runtime/) and the runner firmware (firmware/runner/).
# Included by the top-level Makefile; uses its BUILD, SAN, CC, CFLAGS,
# SAN_CFLAGS and SHARED.

RT_SRCS      := $(wildcard runtime/*.c runtime/kernels/*.c runtime/kernels/*/*.c runtime/backends/*.c)
RT_OBJS      := $(RT_SRCS:%.c=$(BUILD)/obj/%.o)
RT_SAN_OBJS  := $(RT_SRCS:%.c=$(SAN)/obj/%.o)

# (defined before the test rules, whose prerequisites expand immediately)
RUNNER_ELF    := $(BUILD)/firmware/runner.elf
RUNNER_SCALAR_ELF := $(BUILD)/firmware/runner-scalar.elf
RUNNER_MVE_ELF    := $(BUILD)/firmware/runner-mve.elf

PTE_RUN      := $(BUILD)/bin/pte_run
PTE_RUN_SAN  := $(SAN)/bin/pte_run
RT_TEST_SRCS := $(filter-out tests/runtime/fuzz_pte.c tests/runtime/mve_requant.c tests/runtime/mve_kernels.c,$(wildcard tests/runtime/*.c))
RT_TEST_BIN  := $(SAN)/bin/runtime-tests
FUZZ_PTE     := $(BUILD)/fuzz/fuzz_pte
FUZZ_SECONDS ?= 30

.PHONY: runtime-test runtime-fuzz runtime-qemu-test runtime-etsim-test runtime-float-test runtime-release-test \
        runtime-npu-test
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
runtime-test: $(RT_TEST_BIN) $(PTE_RUN_SAN) tools/pte_write.py tests/runtime/gen_external.py
	python3 tests/runtime/gen_external.py $(BUILD)/runtime-generated
	ETSIM_SHARED=$(SHARED) ETSIM_GENERATED=$(BUILD)/runtime-generated ASAN_OPTIONS=detect_leaks=1 $(RT_TEST_BIN) --jobs 2

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
# The MVE build must print exactly what the scalar build prints, and the
# vector requantization must equal the scalar one on every lane.
RUNNER_MVE_TEST := $(BUILD)/firmware/runtime-tests/mve_requant.elf
$(RUNNER_MVE_TEST): tests/runtime/mve_requant.c runtime/kernels/quant_math_mve.h runtime/kernels/quant_math.h $(FW_STARTUP_OBJ)
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) -Werror -O2 -Ifirmware/tests -o $@ $< $(FW_STARTUP_OBJ) $(FW_LDFLAGS) $(FW_LDLIBS)

# The Helium convolution kernels against the scalar loops on random shapes
# (the test includes the two kernel files, so it links every other runtime
# object of the MVE runner).
MVE_KERNELS_TEST := $(BUILD)/firmware/runtime-tests/mve_kernels.elf
MVE_KERNELS_SRCS := runtime/kernels/cortex_m/quantized_conv2d_s8.c runtime/kernels/cortex_m/quantized_depthwise_conv2d_s8.c \
                    runtime/kernels/cortex_m/quantized_add_s8.c \
                    runtime/kernels/cortex_m/quantized_avg_pool2d_s8.c \
                    runtime/kernels/cortex_m/quantize_per_tensor_f32.c
MVE_KERNELS_OBJS := $(filter-out $(MVE_KERNELS_SRCS:%.c=$(BUILD)/firmware/runner-mve-obj/%.o), \
                      $(RT_SRCS:%.c=$(BUILD)/firmware/runner-mve-obj/%.o))
$(MVE_KERNELS_TEST): tests/runtime/mve_kernels.c $(MVE_KERNELS_SRCS) $(MVE_KERNELS_OBJS) $(FW_STARTUP_OBJ)
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) -Werror -O2 -Ifirmware/tests -o $@ $< $(MVE_KERNELS_OBJS) $(FW_STARTUP_OBJ) $(FW_LDFLAGS) $(FW_LDLIBS)

runtime-qemu-test: $(RUNNER_SCALAR_ELF) $(RUNNER_MVE_ELF) $(RUNNER_MVE_TEST) $(MVE_KERNELS_TEST) $(PTE_RUN)
	timeout 300 qemu-system-arm -M mps3-an547 -nographic -monitor none -serial none \
	    -semihosting-config enable=on,target=native -kernel $(RUNNER_MVE_TEST) < /dev/null
	timeout 300 qemu-system-arm -M mps3-an547 -nographic -monitor none -serial none \
	    -semihosting-config enable=on,target=native -kernel $(MVE_KERNELS_TEST) < /dev/null
	SHARED=$(SHARED) PTE_RUN=$(PTE_RUN) MVE_ELF=$(RUNNER_MVE_ELF) sh tests/runtime/qemu_models.sh $(RUNNER_SCALAR_ELF)

# The runner on etsim must print what it prints on QEMU (issue 4.7).
# The kernel test runs there too: etsim executes the Helium code itself.
runtime-etsim-test: $(RUNNER_ELF) $(BUILD)/bin/etsim $(MVE_KERNELS_TEST)
	timeout 300 $(BUILD)/bin/etsim -q $(MVE_KERNELS_TEST) < /dev/null
	SHARED=$(SHARED) ETSIM=$(BUILD)/bin/etsim sh tests/runtime/etsim_models.sh $(RUNNER_ELF)
	SHARED=$(SHARED) ETSIM=$(BUILD)/bin/etsim sh tests/runtime/iterations.sh $(RUNNER_ELF)

# The runner's Ethos-U driver end to end: a clear error without an NPU (QEMU,
# etsim --npu none); with --npu ethos-u55-128 the real Ethos-U .pte files
# against values from outside our code.  Prints SKIP for the NPU runs while
# etsim rejects that option.  npu_vela.sh: the NPU timing against Vela's
# estimate (+-10 %), PMU = report, determinism.
runtime-npu-test: $(RUNNER_ELF) $(BUILD)/bin/etsim $(BUILD)/bin/etsim-trace $(SAN)/bin/trace-fuzz
	SHARED=$(SHARED) ETSIM=$(BUILD)/bin/etsim sh tests/runtime/etsim_npu.sh $(RUNNER_ELF)
	SHARED=$(SHARED) ETSIM=$(BUILD)/bin/etsim ETSIM_TRACE=$(BUILD)/bin/etsim-trace TRACE_FUZZ=$(SAN)/bin/trace-fuzz \
	    sh tests/runtime/npu_vela.sh $(RUNNER_ELF)

# Portable float operators end to end: .pte files written by tools/pte_write.py
# with expected values computed by the generator, on the host (ASan build)
# and on QEMU; etsim must print what QEMU prints.
FLOAT_OPS_DIR := $(BUILD)/float_ops
runtime-float-test: $(PTE_RUN_SAN) $(RUNNER_ELF) $(BUILD)/bin/etsim tools/pte_write.py tests/runtime/gen_float_ops.py
	rm -rf $(FLOAT_OPS_DIR)
	python3 tests/runtime/gen_float_ops.py $(FLOAT_OPS_DIR)
	ETSIM=$(BUILD)/bin/etsim sh tests/runtime/float_ops.sh $(FLOAT_OPS_DIR) $(PTE_RUN_SAN) $(RUNNER_ELF)

# The cortex_m operators in each ExecuTorch release's argument layout
# (tests/runtime/gen_release_ops.py), host, QEMU and etsim, exact int8 outputs;
# on QEMU with the Helium runner and the scalar one.
RELEASE_OPS_DIR := $(BUILD)/release_ops
runtime-release-test: $(PTE_RUN_SAN) $(RUNNER_ELF) $(RUNNER_SCALAR_ELF) $(BUILD)/bin/etsim tools/pte_write.py \
                      tests/runtime/gen_release_ops.py
	rm -rf $(RELEASE_OPS_DIR)
	python3 tests/runtime/gen_release_ops.py $(RELEASE_OPS_DIR)
	ETSIM=$(BUILD)/bin/etsim sh tests/runtime/float_ops.sh $(RELEASE_OPS_DIR) $(PTE_RUN_SAN) $(RUNNER_ELF)
	sh tests/runtime/float_ops.sh $(RELEASE_OPS_DIR) $(PTE_RUN_SAN) $(RUNNER_SCALAR_ELF)

test-rest: runtime-test runtime-fuzz runtime-qemu-test runtime-etsim-test runtime-float-test runtime-release-test \
           runtime-npu-test

# ---- runner firmware: build/firmware/runner.elf ------------------------------
# The runtime compiled for the Cortex-M55 (-O2, hard float) with the
# firmware base's startup code and linker script (firmware/firmware.mk),
# in two builds with their own objects:
#   runner-scalar.elf  -mcpu=cortex-m55+nomve.fp+nomve: scalar kernels, and
#                      GCC's auto-vectoriser emits no MVE;
#   runner-mve.elf     -mcpu=cortex-m55: the Helium kernels
#                      (__ARM_FEATURE_MVE), bit-exact with the scalar ones.
# runner.elf is a copy of one of them: the Helium build, as a Cortex-M55
# user would ship it; `make RUNNER_MVE=0` makes it the scalar build.
RUNNER_MVE    ?= 1
RUNNER_SRCS   := $(wildcard firmware/runner/*.c firmware/ethosu/*.c) $(RT_SRCS)
RUNNER_NOMVE  := -mcpu=cortex-m55+nomve.fp+nomve
# --wrap: the runner's exit and atexit, not newlib's (firmware/runner/semihost.c)
RUNNER_WRAP    = -Wl,--wrap=exit,--wrap=atexit
RUNNER_LINK    = $(FW_CC) -o $@ $(filter %.o,$^) $(FW_LDFLAGS) $(RUNNER_WRAP) -Wl,-Map=$(@:.elf=.map) $(FW_LDLIBS)

firmware: $(RUNNER_ELF) $(RUNNER_SCALAR_ELF) $(RUNNER_MVE_ELF)

# -Os where the code runs once per model or per output (loading, the
# FlatBuffer reader, printing, the runner's glue): smaller, and no
# operator's cycles move; -O2 for everything an inference runs (kernels,
# executor, argument access, the DSP offload and the Ethos-U driver).
RUNNER_OS_SRCS := runtime/et_method_load.c runtime/et_program.c runtime/et_print.c runtime/et_format.c \
                  runtime/et_session.c runtime/et_plan.c runtime/et_data_map.c runtime/et_error.c runtime/et_memory.c \
                  firmware/runner/cmdline.c firmware/runner/runner.c
RUNNER_OPT = $(if $(filter $(RUNNER_OS_SRCS),$<),-Os,-O2)

$(BUILD)/firmware/runner-scalar-obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) $(RUNNER_NOMVE) $(RUNNER_OPT) -MMD -MP -c $< -o $@

$(BUILD)/firmware/runner-mve-obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) $(RUNNER_OPT) -MMD -MP -c $< -o $@

$(RUNNER_SCALAR_ELF): $(RUNNER_SRCS:%.c=$(BUILD)/firmware/runner-scalar-obj/%.o) $(FW_STARTUP_OBJ) $(FW_LDSCRIPT)
	@mkdir -p $(dir $@)
	$(RUNNER_LINK)

$(RUNNER_MVE_ELF): $(RUNNER_SRCS:%.c=$(BUILD)/firmware/runner-mve-obj/%.o) $(FW_STARTUP_OBJ) $(FW_LDSCRIPT)
	@mkdir -p $(dir $@)
	$(RUNNER_LINK)

# runner.elf follows RUNNER_MVE; the flag file changes only when it does.
RUNNER_FLAG := $(BUILD)/firmware/runner-mve-flag
$(shell mkdir -p $(BUILD)/firmware; [ "$$(cat $(RUNNER_FLAG) 2>/dev/null)" = "$(RUNNER_MVE)" ] || echo "$(RUNNER_MVE)" > $(RUNNER_FLAG))
$(RUNNER_ELF): $(if $(filter 1,$(RUNNER_MVE)),$(RUNNER_MVE_ELF),$(RUNNER_SCALAR_ELF)) $(RUNNER_FLAG)
	cp $< $@
	cp $(<:.elf=.map) $(@:.elf=.map)

# ---- selective build: a runner holding only one model's kernels -------------
#   make runner-for MODEL=path/to/name.pte [PTD=path/to/name.ptd] [RUNNER_MVE=1]
# lists the model's operators (pte_run --info), keeps those lines of
# runtime/kernels/kernel_table.def (tools/pte_select.sh), compiles the
# registry with that table and links build/firmware/runner-<name>.elf;
# --gc-sections drops every kernel the table does not reference.  A model
# without an EthosUBackend delegate gets neither the backend nor the Ethos-U
# driver (ET_NO_ETHOSU_BACKEND; firmware/ethosu/ is not linked, so its fault
# and interrupt handlers do not replace the defaults).  A model with EXTERNAL
# tensors needs its .ptd to be listed (PTD=path/to/name.ptd) and gets the
# .ptd reader; without PTD= the runner has none (ET_NO_DATA_MAP: a .ptd is
# refused by name).  Likewise the reader of mutable data (initial values of
# planned tensors) only when `pte_run --info` says the model has some
# (ET_NO_MUTABLE_DATA otherwise), the reader of the deprecated inline
# constant_buffer only when it says "inline constants: yes"
# (ET_NO_INLINE_CONSTANTS otherwise), the loader's delegate reader only with
# the Ethos-U backend (ET_NO_BACKENDS), and of the load-time planner
# (runtime/et_plan.c) only what the model's plan uses, as `pte_run --info`'s
# "plan:" line says: outputs in place (ET_NO_PLAN_IN_PLACE; with them, no
# packing without them to compare: ET_PLAN_IN_PLACE_ONLY), views or calls' scratch
# (ET_NO_PLAN_VIEWS), inputs read in place (ET_NO_PLAN_BORROW); without the
# readers of mutable data and of a .ptd, nor its path for tensors the load fills;
# without outputs in place, the kernels' in-place paths are left out too
# (RUNNER_SEL_KERNELS, compiled here).  Unless `pte_run --info` says "control
# flow: yes", "tensor lists: yes" or "boxes: yes", the loader refuses those
# (ET_NO_CONTROL_FLOW, ET_NO_TENSOR_LISTS, ET_NO_BOXES), the executor has
# only kernel calls (with ET_NO_BACKENDS, no delegate calls either) and the
# argument access no box paths (both linked in their places).  When it says
# "outputs: float32 tensors only", the output printer has only float32
# tensors (ET_PRINT_FLOAT_ONLY: another output is named, not printed); when
# "outputs: at most 64 elements each", no top-5 summary (ET_PRINT_NO_TOP5:
# a larger output is printed in full); when "inputs: float32 tensors
# only", the default input (no --input) fills only those
# (ET_DEFAULT_INPUT_FLOAT_ONLY: another input is refused by name; both
# linked in their places).  The objects these switches change
# are compiled here, with the flags of the full runner's.
RUNNER_SEL_OBJDIR := $(BUILD)/firmware/$(if $(filter 1,$(RUNNER_MVE)),runner-mve-obj,runner-scalar-obj)
RUNNER_SEL_ARCH   := $(if $(filter 1,$(RUNNER_MVE)),,$(RUNNER_NOMVE))
RUNNER_SEL_NPU_OBJS := $(patsubst %.c,$(RUNNER_SEL_OBJDIR)/%.o,$(wildcard firmware/ethosu/*.c))
# the kernels with in-place paths (compiled without them, ET_NO_PLAN_IN_PLACE,
# for a model whose plan puts no output over its input)
RUNNER_SEL_KERNELS := runtime/kernels/cortex_m/quantized_conv2d_s8.c runtime/kernels/cortex_m/quantized_depthwise_conv2d_s8.c \
                      runtime/kernels/cortex_m/conv_args_s8.c runtime/kernels/cortex_m/pad_s8.c \
                      runtime/kernels/cortex_m/quantized_add_s8.c runtime/kernels/portable/copy_ops.c
RUNNER_SEL_SPECIAL := %/kernel_registry.o %/backend_registry.o %/firmware/runner/npu.o %/firmware/runner/dsp.o \
                      %/runtime/et_data_map.o %/runtime/et_program.o %/runtime/et_method_load.o %/runtime/et_plan.o %/runtime/et_executor.o %/runtime/et_kernel_args.o \
                      %/runtime/et_print.o %/runtime/et_session.o \
                      $(RUNNER_SEL_KERNELS:%.c=\%/%.o) $(RUNNER_SEL_NPU_OBJS)
# SEL_DSP=1: the selective runner carries the DSP offload image too
# (--engine=dsp); by default it says it was built without it, and neither
# the image nor the offload's code is linked.
SEL_DSP           ?= 0
SEL_DSP_INC       := $(if $(filter 1,$(SEL_DSP)),-I$(BUILD)/dsp)
RUNNER_SEL_OBJS   := $(filter-out $(RUNNER_SEL_SPECIAL),$(RUNNER_SRCS:%.c=$(RUNNER_SEL_OBJDIR)/%.o))
SEL_NAME          := $(basename $(notdir $(MODEL)))$(if $(filter 1,$(RUNNER_MVE)),-mve)
SEL_DIR           := $(BUILD)/firmware/select/$(SEL_NAME)
# the objects linked first, in the full runner's order, with the kernels of
# RUNNER_SEL_KERNELS and the executor in their places (their hot loops then lie where the
# full runner's do, more or less: the layout moves operators' cycles)
RUNNER_SEL_LINK   := $(foreach o,$(RUNNER_SRCS:%.c=%.o),$(if $(filter $(o),$(RUNNER_SEL_KERNELS:%.c=%.o) runtime/et_executor.o runtime/et_kernel_args.o runtime/et_print.o runtime/et_session.o),$(SEL_DIR)/$(o),\
                         $(filter $(RUNNER_SEL_OBJS),$(RUNNER_SEL_OBJDIR)/$(o))))
SEL_CC            := $(FW_CC) $(FW_CFLAGS) $(RUNNER_SEL_ARCH) -O2
# the executor of a runner with kernel calls only: -Os (135 bytes less; each
# operator 1 cycle faster, about 1.3 cycles more between operators)
SEL_CC_OS         := $(FW_CC) $(FW_CFLAGS) $(RUNNER_SEL_ARCH) -Os
# $(call SEL_CC_FOR,runtime/x.c): -Os for the load-once code (RUNNER_OS_SRCS)
SEL_CC_FOR         = $(FW_CC) $(FW_CFLAGS) $(RUNNER_SEL_ARCH) $(if $(filter $(1),$(RUNNER_OS_SRCS)),-Os,-O2) -c $(1)

.PHONY: runner-for
runner-for: $(RUNNER_SEL_OBJS) $(RUNNER_SEL_NPU_OBJS) $(FW_STARTUP_OBJ) $(PTE_RUN) $(if $(filter 1,$(SEL_DSP)),$(BUILD)/dsp/offload_hld.h)
	@test -n "$(MODEL)" || { echo "usage: make runner-for MODEL=path/to/model.pte [PTD=path/to/model.ptd] [RUNNER_MVE=1]" >&2; exit 2; }
	@mkdir -p $(SEL_DIR)/runtime
	sh tools/pte_select.sh $(PTE_RUN) $(MODEL) runtime/kernels/kernel_table.def $(PTD) > $(SEL_DIR)/kernels.def
	$(PTE_RUN) --info $(if $(PTD),--ptd $(PTD)) $(MODEL) > $(SEL_DIR)/info.txt
	$(SEL_CC) -DET_KERNEL_SELECTION='"$(abspath $(SEL_DIR))/kernels.def"' \
	    -c runtime/kernels/kernel_registry.c -o $(SEL_DIR)/kernel_registry.o
	data_def=$(if $(PTD),,-DET_NO_DATA_MAP); \
	if grep -q '^mutable data: yes$$' $(SEL_DIR)/info.txt; then mut_def=; else mut_def=-DET_NO_MUTABLE_DATA; fi; \
	if grep -q '^inline constants: yes$$' $(SEL_DIR)/info.txt; then const_def=; else const_def=-DET_NO_INLINE_CONSTANTS; fi; \
	plan_def=$$(sed -n 's/^plan: \([0-9]*\) in place, \([0-9]*\) views or scratch, \([0-9]*\) inputs read in place$$/\1 \2 \3/p' $(SEL_DIR)/info.txt | \
	    awk '{ printf ($$1 == 0 ? " -DET_NO_PLAN_IN_PLACE" : " -DET_PLAN_IN_PLACE_ONLY"); if ($$2 == 0) printf " -DET_NO_PLAN_VIEWS"; \
	           if ($$3 == 0) printf " -DET_NO_PLAN_BORROW" }'); \
	flow_def=$$(grep -q '^control flow: yes$$' $(SEL_DIR)/info.txt || echo -DET_NO_CONTROL_FLOW); \
	list_def=$$(grep -q '^tensor lists: yes$$' $(SEL_DIR)/info.txt || echo -DET_NO_TENSOR_LISTS); \
	box_def=$$(grep -q '^boxes: yes$$' $(SEL_DIR)/info.txt || echo -DET_NO_BOXES); \
	print_def="$$(grep -q '^outputs: float32 tensors only$$' $(SEL_DIR)/info.txt && echo -DET_PRINT_FLOAT_ONLY) \
	    $$(grep -q '^outputs: at most [0-9]* elements each$$' $(SEL_DIR)/info.txt && echo -DET_PRINT_NO_TOP5)"; \
	input_def=$$(grep -q '^inputs: float32 tensors only$$' $(SEL_DIR)/info.txt && echo -DET_DEFAULT_INPUT_FLOAT_ONLY); \
	if grep -q '^delegate [0-9]*: EthosUBackend$$' $(SEL_DIR)/info.txt; then \
	    npu_def= npu_objs="$(RUNNER_SEL_NPU_OBJS)"; else npu_def="-DET_NO_ETHOSU_BACKEND -DET_NO_BACKENDS" npu_objs=; fi; \
	$(call SEL_CC_FOR,runtime/et_data_map.c) $$data_def -o $(SEL_DIR)/et_data_map.o && \
	$(call SEL_CC_FOR,runtime/et_program.c) $$mut_def $$const_def -o $(SEL_DIR)/et_program.o && \
	$(call SEL_CC_FOR,runtime/et_method_load.c) $$data_def $$npu_def $$flow_def $$list_def $$box_def -o $(SEL_DIR)/et_method_load.o && \
	$(SEL_CC_OS) $$npu_def $$flow_def -c runtime/et_executor.c -o $(SEL_DIR)/runtime/et_executor.o && \
	$(SEL_CC) $$box_def -c runtime/et_kernel_args.c -o $(SEL_DIR)/runtime/et_kernel_args.o && \
	$(call SEL_CC_FOR,runtime/et_print.c) $$print_def -o $(SEL_DIR)/runtime/et_print.o && \
	$(call SEL_CC_FOR,runtime/et_session.c) $$input_def -o $(SEL_DIR)/runtime/et_session.o && \
	$(call SEL_CC_FOR,runtime/et_plan.c) $$plan_def $$mut_def $$data_def $$npu_def $$flow_def $$list_def -o $(SEL_DIR)/et_plan.o && \
	for k in $(RUNNER_SEL_KERNELS); do \
	    mkdir -p $(SEL_DIR)/$$(dirname $$k) && $(SEL_CC) $$plan_def -c $$k -o $(SEL_DIR)/$${k%.c}.o || exit 1; \
	done && \
	$(SEL_CC) $$npu_def -c runtime/backends/backend_registry.c -o $(SEL_DIR)/backend_registry.o && \
	$(SEL_CC) $$npu_def -c firmware/runner/npu.c -o $(SEL_DIR)/npu.o && \
	$(SEL_CC) $(SEL_DSP_INC) -c firmware/runner/dsp.c -o $(SEL_DIR)/dsp.o && \
	$(FW_CC) -o $(BUILD)/firmware/runner-$(SEL_NAME).elf $(RUNNER_SEL_LINK) $$npu_objs $(SEL_DIR)/kernel_registry.o \
	    $(SEL_DIR)/backend_registry.o $(SEL_DIR)/npu.o $(SEL_DIR)/dsp.o \
	    $(SEL_DIR)/et_data_map.o $(SEL_DIR)/et_program.o $(SEL_DIR)/et_method_load.o $(SEL_DIR)/et_plan.o \
	    $(FW_STARTUP_OBJ) $(FW_LDFLAGS) $(RUNNER_WRAP) -Wl,-Map=$(BUILD)/firmware/runner-$(SEL_NAME).map $(FW_LDLIBS)
	arm-none-eabi-size $(BUILD)/firmware/runner-$(SEL_NAME).elf
	sh tools/size_by_component.sh $(BUILD)/firmware/runner-$(SEL_NAME).map
