# --ptd: a model with external tensor data run by the runner firmware.
# Included by the top-level Makefile.
.PHONY: test-ptd
test-ptd: $(ETSIM) firmware
	bash tests/ptd/run.sh --etsim $(ETSIM) --fw $(BUILD)/firmware --out $(BUILD)/ptd-test

test-rest: test-ptd
