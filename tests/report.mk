# Reports, RAM accounting, the power model and traces (docs/report.md,
# docs/power.md, docs/trace.md).  Included by the top-level Makefile.
#
# test-golden: the real models run on etsim; their operator-level traces must
# match the golden ones in traces/ within GOLDEN_TOLERANCE percent (cycles and
# energy, per operator and per inference).  make update-golden rewrites them
# and prints what moved.
# test-report: the report, CSV, HTML (rendered by headless Chromium when it is
# installed), timeline and trace outputs; determinism; the trace reader on
# truncated and corrupt files; slower flash makes the golden diff fail;
# instruction-level traces (tests/report/insn_trace.sh); memory-access traces
# (tests/report/mem_trace.sh).

ETSIM_TRACE     := $(BUILD)/bin/etsim-trace
ETSIM_TRACE_SAN := $(SAN)/bin/etsim-trace
GOLDEN_TOLERANCE ?= 0.5

$(ETSIM_TRACE): $(BUILD)/obj/tools/etsim_trace.o $(BUILD)/obj/tools/etsim_trace_mem.o $(CORE_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

$(ETSIM_TRACE_SAN): $(SAN)/obj/tools/etsim_trace.o $(SAN)/obj/tools/etsim_trace_mem.o $(CORE_SAN_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(SAN_CFLAGS) -o $@ $^ $(LDLIBS)

# Every truncation and byte flip of real traces through the reader, in one
# process, under ASan+UBSan (tests/report/trace_fuzz.c).
TRACE_FUZZ := $(SAN)/bin/trace-fuzz
$(TRACE_FUZZ): $(SAN)/obj/tests/report/trace_fuzz.o $(CORE_SAN_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(SAN_CFLAGS) -o $@ $^ $(LDLIBS)

# QEMU's record of every instruction's memory accesses, the oracle of the
# memory-access traces (QEMU_MEMLOG).
include tests/report/qemu_memlog.mk

REPORT_TOOLS := $(ETSIM) $(ETSIM_SAN) $(ETSIM_TRACE) $(ETSIM_TRACE_SAN) $(TRACE_FUZZ) $(QEMU_MEMLOG) firmware

.PHONY: test-golden update-golden test-report sweep
test-golden: $(REPORT_TOOLS)
	bash tests/report/golden.sh check --etsim $(ETSIM) --trace-tool $(ETSIM_TRACE) \
	    --shared $(SHARED) --out $(BUILD)/traces --tolerance $(GOLDEN_TOLERANCE)

update-golden: $(REPORT_TOOLS)
	bash tests/report/golden.sh update --etsim $(ETSIM) --trace-tool $(ETSIM_TRACE) \
	    --shared $(SHARED) --out $(BUILD)/traces

test-report: $(REPORT_TOOLS)
	bash tests/report/run.sh --etsim $(ETSIM) --etsim-san $(ETSIM_SAN) --trace-tool $(ETSIM_TRACE_SAN) \
	    --shared $(SHARED) --out $(BUILD)/report-test --fw $(BUILD)/firmware
	bash tests/report/insn_trace.sh --etsim $(ETSIM) --etsim-san $(ETSIM_SAN) --trace-tool $(ETSIM_TRACE_SAN) \
	    --trace-fuzz $(TRACE_FUZZ) --shared $(SHARED) --out $(BUILD)/insn-trace-test --fw $(BUILD)/firmware
	bash tests/report/mem_trace.sh --etsim $(ETSIM) --etsim-san $(ETSIM_SAN) --trace-tool $(ETSIM_TRACE_SAN) \
	    --trace-fuzz $(TRACE_FUZZ) --shared $(SHARED) --out $(BUILD)/mem-trace-test --fw $(BUILD)/firmware \
	    --qemu-memlog $(QEMU_MEMLOG)

# Clocks x flash wait states: latency and energy of KWS (CSV and SVG).
SWEEP_MHZ  ?= 100 200 400
SWEEP_WAIT ?= 0 2 4 8 12
sweep: $(ETSIM)
	bash tests/report/sweep.sh --etsim $(ETSIM) --shared $(SHARED) --out $(BUILD)/sweep \
	    --mhz "$(SWEEP_MHZ)" --wait "$(SWEEP_WAIT)"

test-rest: test-golden test-report
