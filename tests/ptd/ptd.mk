# --ptd: a model with external tensor data run by the runner firmware.
# Included by the top-level Makefile.
.PHONY: test-ptd
test-ptd: $(ETSIM) firmware
	bash tests/ptd/run.sh --etsim $(ETSIM) --fw $(BUILD)/firmware --out $(BUILD)/ptd-test

# Selective runners with and without the .ptd reader (runner-for PTD=),
# the mutable data, inline constant and delegate readers, control flow
# instructions, tensor lists, and the planner's parts (KWS's runner).
.PHONY: test-ptd-select
PTD_SELECT_DIR := $(BUILD)/ptd-select
test-ptd-select: $(ETSIM) $(PTE_RUN)
	rm -rf $(PTD_SELECT_DIR)
	python3 tests/runtime/gen_external.py $(PTD_SELECT_DIR)
	$(MAKE) --no-print-directory runner-for RUNNER_MVE=1 MODEL=$(PTD_SELECT_DIR)/linear_inline.pte
	$(MAKE) --no-print-directory runner-for RUNNER_MVE=1 MODEL=$(PTD_SELECT_DIR)/linear.pte PTD=$(PTD_SELECT_DIR)/linear.ptd
	$(MAKE) --no-print-directory runner-for RUNNER_MVE=1 MODEL=$(PTD_SELECT_DIR)/linear_mutable.pte
	$(MAKE) --no-print-directory runner-for RUNNER_MVE=1 MODEL=$(SHARED)/models/module_linear.pte
	$(MAKE) --no-print-directory runner-for RUNNER_MVE=1 MODEL=$(PTD_SELECT_DIR)/mul_add.pte
	$(MAKE) --no-print-directory runner-for RUNNER_MVE=1 MODEL=$(SHARED)/models/kws_dscnn_cortex_m.pte
	bash tests/ptd/run.sh --select --models $(SHARED)/models --etsim $(ETSIM) --fw $(BUILD)/firmware \
	    --out $(PTD_SELECT_DIR) --pte-run $(PTE_RUN)

test-rest: test-ptd test-ptd-select
