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

# mfcc calls fft640: its image holds both sources.
$(BUILD)/dsp/mfcc.hld: dsp/kernels/mfcc.s dsp/kernels/rfft.s $(DSP_AS)
	@mkdir -p $(dir $@)
	cat dsp/kernels/mfcc.s dsp/kernels/rfft.s > $(BUILD)/dsp/mfcc-all.s
	$(DSP_AS) -o $@ $(BUILD)/dsp/mfcc-all.s
# A kernel that calls another one (or qmath.s's subroutines) is assembled
# with it (one source).
DSP_WITH_conv_s8    := dsp/kernels/fc_s8.s
DSP_WITH_softmax_s8 := dsp/kernels/qmath.s
DSP_WITH_act16_s16  := dsp/kernels/qmath.s
DSP_WITH_gate_s8    := dsp/kernels/fc_s8.s dsp/kernels/lut_s8.s
DSP_COMPOSED := conv_s8 softmax_s8 act16_s16 gate_s8
$(foreach k,$(DSP_COMPOSED),$(eval $(BUILD)/dsp/$(k).hld: $(DSP_WITH_$(k))))
$(DSP_COMPOSED:%=$(BUILD)/dsp/%.hld): $(BUILD)/dsp/%.hld: dsp/kernels/%.s $(DSP_AS)
	@mkdir -p $(dir $@)
	cat $< $(DSP_WITH_$*) > $(@:.hld=.s)
	$(DSP_AS) -o $@ $(@:.hld=.s)

.PHONY: dsp dsp-test test-dsp-fuzz dsp-doc-check
dsp: $(DSP_AS) $(DSP_IMAGES)
all: dsp

# The DSP's unit tests alone (they are also part of unit-test).
dsp-test: $(UNIT_BIN)
	$(UNIT_BIN) --filter 'hld*/*'

# The tool end to end on every kernel: assemble, disassemble, assemble
# again: the same image byte for byte; bad input: exit status 2 and a
# message naming the file and line.
.PHONY: test-dsp-as
test-dsp-as: $(DSP_AS) $(DSP_IMAGES)
	@for img in $(DSP_IMAGES); do \
	  $(DSP_AS) -d $$img > $$img.dis.s && $(DSP_AS) -o $$img.again $$img.dis.s && cmp $$img $$img.again || exit 1; \
	done
	@printf 'nop\n frob r1\n' > $(BUILD)/dsp/bad.s; \
	  $(DSP_AS) -o $(BUILD)/dsp/bad.hld $(BUILD)/dsp/bad.s 2> $(BUILD)/dsp/bad.err; test $$? = 2 && \
	  grep -q "bad.s:2: unknown operation 'frob'" $(BUILD)/dsp/bad.err && \
	  ! $(DSP_AS) -d $(BUILD)/dsp/bad.s 2> /dev/null && \
	  ! $(DSP_AS) $(BUILD)/dsp/no-such-file.s 2> /dev/null
	@echo "test-dsp-as: $(words $(DSP_IMAGES)) images round-trip, bad input refused"

test-rest: test-dsp-as

# dsp/ISA.md's operation table is the one the table in dsp/dsp_isa.c prints.
dsp-doc-check: $(DSP_AS)
	$(DSP_AS) --isa > $(BUILD)/dsp/isa-table.md
	sed -n '/BEGIN GENERATED: etsim-dsp-as --isa/,/END GENERATED/p' dsp/ISA.md | sed '1d;$$d' | \
	  diff -u - $(BUILD)/dsp/isa-table.md || { echo "dsp/ISA.md: regenerate the table with etsim-dsp-as --isa"; exit 1; }

test-rest: dsp-doc-check

DSP_FUZZ_RUNS ?= 20000
$(BUILD)/fuzz/fuzz_dsp: tests/fuzz/fuzz_dsp.c $(DSP_SRCS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) -o $@ $< $(DSP_SRCS) -lm

# Seeds: the kernels as source (first byte 0) and as images (first byte 1).
test-dsp-fuzz: $(BUILD)/fuzz/fuzz_dsp $(DSP_IMAGES)
	@mkdir -p $(BUILD)/fuzz/corpus-dsp
	for k in $(DSP_KERNELS:dsp/kernels/%.s=%); do \
	  { printf '\000'; cat dsp/kernels/$$k.s; } > $(BUILD)/fuzz/corpus-dsp/$$k.s; \
	  { printf '\001'; cat $(BUILD)/dsp/$$k.hld; } > $(BUILD)/fuzz/corpus-dsp/$$k.hld; \
	done
	$(BUILD)/fuzz/fuzz_dsp -seed=1 -runs=$(DSP_FUZZ_RUNS) -max_len=16384 $(BUILD)/fuzz/corpus-dsp

test-rest: test-dsp-fuzz

# The offload image: the dispatcher and the kernels it calls, one source.
DSP_OFFLOAD_SRCS := dsp/dispatch/dispatcher.s dsp/kernels/fc_s8.s dsp/kernels/dw_s8.s dsp/kernels/avg_s8.s
DSP_OFFLOAD_SRCS += dsp/kernels/mfcc.s dsp/kernels/rfft.s
# the kernels of operations 5..31 (and the subroutines they share)
DSP_OFFLOAD_SRCS += dsp/kernels/conv_s8.s dsp/kernels/ew_s8.s dsp/kernels/lut_s8.s dsp/kernels/maxp_s8.s \
                    dsp/kernels/bmm_s8.s dsp/kernels/softmax_s8.s dsp/kernels/act16_s16.s dsp/kernels/gate_s8.s \
                    dsp/kernels/qmath.s
$(BUILD)/dsp/offload.s: $(DSP_OFFLOAD_SRCS)
	@mkdir -p $(dir $@)
	cat $^ > $@
$(BUILD)/dsp/offload.hld: $(BUILD)/dsp/offload.s $(DSP_AS)
	$(DSP_AS) -o $@ $<
dsp: $(BUILD)/dsp/offload.hld

# The MFCC kernel's unit tests compare it with the double-precision host
# reference (tools/mfcc_ref.c), linked into the unit tests.
$(UNIT_BIN): $(SAN)/obj/tools/mfcc_ref.o

# The reference as a tool: a WAVE file's features (tests/dsp/audio_kws.sh).
MFCC_REF := $(BUILD)/bin/etsim-mfcc-ref
$(MFCC_REF): $(BUILD)/obj/tools/etsim_mfcc_ref.o $(BUILD)/obj/tools/mfcc_ref.o $(BUILD)/obj/firmware/runner/wave.o \
             $(BUILD)/obj/runtime/et_format.o
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ -lm
dsp: $(MFCC_REF)
