# --strict: the runtime's permissive cases (runtime/README.md) warned about,
# or refused with --strict.  Included by the top-level Makefile.
.PHONY: test-strict
test-strict: $(ETSIM) firmware
	bash tests/strict/run.sh --etsim $(ETSIM) --fw $(BUILD)/firmware --shared $(SHARED) --out $(BUILD)/strict-test

test-rest: test-strict
