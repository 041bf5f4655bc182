# The HLD DSP: the assembler tool and the kernels assembled at build time
# into images (dsp/kernels/*.s -> build/dsp/*.hld), and the fuzz target of
# the decoder and assembler.  Included by the top-level Makefile; the DSP
# sources themselves are part of the core library (DSP_SRCS).
DSP_AS     := $(BUILD)/bin/etsim-dsp-as
DSP_KERNELS := $(wildcard dsp/kernels/*.s)
DSP_IMAGES := $(DSP_KERNELS:dsp/kernels/%.s=$(BUILD)/dsp/%.hld)

$(DSP_AS): $(BUILD)/obj/tools/etsim_dsp_as.o $(DSP_SRCS:%.c=$(BUILD)/obj/%.o)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^

$(BUILD)/dsp/%.hld: dsp/kernels/%.s $(DSP_AS)
	@mkdir -p $(dir $@)
	$(DSP_AS) -o $@ $<

.PHONY: dsp dsp-test test-dsp-fuzz
dsp: $(DSP_AS) $(DSP_IMAGES)
all: dsp

# The DSP's unit tests alone (they are also part of unit-test).
dsp-test: $(UNIT_BIN)
	$(UNIT_BIN) --filter 'hld*/*'

DSP_FUZZ_RUNS ?= 20000
$(BUILD)/fuzz/fuzz_dsp: tests/fuzz/fuzz_dsp.c $(DSP_SRCS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $< $(DSP_SRCS) -lm

test-dsp-fuzz: $(BUILD)/fuzz/fuzz_dsp $(DSP_IMAGES)
	@mkdir -p $(BUILD)/fuzz/corpus-dsp
	cp $(DSP_IMAGES) $(BUILD)/fuzz/corpus-dsp/ 2>/dev/null || true
	$(BUILD)/fuzz/fuzz_dsp -seed=1 -runs=$(DSP_FUZZ_RUNS) -max_len=4096 $(BUILD)/fuzz/corpus-dsp

test-rest: test-dsp-fuzz
