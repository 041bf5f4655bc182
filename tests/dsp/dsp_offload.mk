# The DSP offload end to end: M55 firmware (tests/dsp/*.c, etsim only: QEMU's
# AN547 has no DSP) that loads build/dsp/offload.hld into the DSP and sends
# it jobs through the mailbox.  Included by the top-level Makefile.

DSP_FW_SRCS := $(wildcard tests/dsp/*.c)
DSP_FW_ELFS := $(DSP_FW_SRCS:tests/dsp/%.c=$(FW_BUILD)/dsp-tests/%.elf)

# The image as a C array for the firmware: const, so that it stays in
# flash (.rodata) instead of being copied into RAM at start-up as xxd's
# plain array would be (44 KB of the runner's DTCM once every kernel was in).
$(BUILD)/dsp/offload_hld.h: $(BUILD)/dsp/offload.hld
	cd $(BUILD)/dsp && xxd -i offload.hld | sed 's/^unsigned /const unsigned /' > offload_hld.h

$(FW_BUILD)/dsp-tests/%.elf: tests/dsp/%.c $(BUILD)/dsp/offload_hld.h $(FW_TEST_DEPS) firmware/include/etsim_dsp.h
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) -I$(BUILD)/dsp -Werror -O2 -MMD -MP -o $@ $< $(FW_STARTUP_OBJ) \
	    $(FW_LDFLAGS) -Wl,-Map=$(@:.elf=.map) $(FW_LDLIBS)

.PHONY: dsp-fw test-dsp-offload
dsp-fw: $(DSP_FW_ELFS)
firmware: dsp-fw

test-dsp-offload: $(ETSIM_SAN) dsp-fw
	bash tests/dsp/run.sh $(ETSIM_SAN) $(FW_BUILD)/dsp-tests

test-rest: test-dsp-offload

# The runner's DSP glue embeds the offload image.
RUNNER_DSP_OBJS := $(BUILD)/firmware/runner-scalar-obj/firmware/runner/dsp.o \
                   $(BUILD)/firmware/runner-mve-obj/firmware/runner/dsp.o
$(RUNNER_DSP_OBJS): $(BUILD)/dsp/offload_hld.h
$(RUNNER_DSP_OBJS): FW_CFLAGS += -I$(BUILD)/dsp

# KWS with --engine dsp against the CPU path (the plain build: ten inputs twice).
.PHONY: test-dsp-kws
test-dsp-kws: $(BUILD)/bin/etsim $(RUNNER_ELF)
	bash tests/dsp/kws_engine.sh $(BUILD)/bin/etsim $(RUNNER_ELF) $(SHARED)

test-rest: test-dsp-kws

# A spoken word (espeak-ng) through the DSP's MFCC front end and KWS in one
# run (the plain build).
.PHONY: test-dsp-audio
test-dsp-audio: $(BUILD)/bin/etsim $(RUNNER_ELF) $(BUILD)/bin/etsim-mfcc-ref
	bash tests/dsp/audio_kws.sh $(BUILD)/bin/etsim $(RUNNER_ELF) $(BUILD)/bin/etsim-mfcc-ref $(SHARED)

test-rest: test-dsp-audio

# The cortex_m operator cases of every release layout (gen_release_ops.py)
# with --engine dsp: the CPU path's outputs, DSP kernels placed where they fit.
DSP_RELEASE_OPS_DIR := $(BUILD)/dsp-release-ops
.PHONY: test-dsp-release-ops
test-dsp-release-ops: $(BUILD)/bin/etsim $(RUNNER_ELF) tools/pte_write.py tests/runtime/gen_release_ops.py
	rm -rf $(DSP_RELEASE_OPS_DIR)
	python3 tests/runtime/gen_release_ops.py $(DSP_RELEASE_OPS_DIR) > /dev/null
	sh tests/dsp/release_ops.sh $(BUILD)/bin/etsim $(RUNNER_ELF) $(DSP_RELEASE_OPS_DIR)

test-rest: test-dsp-release-ops
