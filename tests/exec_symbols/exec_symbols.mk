# Timing from ExecuTorch's symbols (sim/exec_symbols.c): upstream's
# unmodified runners get per-inference and per-operator figures
# (tests/exec_symbols/run.sh).  Included by tests/tests.mk.
.PHONY: test-exec-symbols
test-exec-symbols: $(ETSIM_SAN) $(BUILD)/bin/etsim-trace $(FW_BUILD)/runner.elf $(FW_BUILD)/tests/int_arith-O2.elf
	bash tests/exec_symbols/run.sh $(ETSIM_SAN) $(FW_BUILD)/runner.elf $(FW_BUILD)/tests/int_arith-O2.elf \
	    $(BUILD)/bin/etsim-trace

test-rest: test-exec-symbols
