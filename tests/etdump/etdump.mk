# --etdump: the ETDump decoded by flatc (Debian's flatbuffers-compiler)
# against tests/etdump/etdump.fbs and checked against the report of the same
# run.  Included by the top-level Makefile.
.PHONY: test-etdump
test-etdump: $(ETSIM) firmware
	bash tests/etdump/run.sh --etsim $(ETSIM) --shared $(SHARED) --out $(BUILD)/etdump-test --fw $(BUILD)/firmware

test-rest: test-etdump
