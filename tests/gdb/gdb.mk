# The GDB stub (sim/gdb.c, docs/gdb.md): gdb-multiarch in batch mode on
# loopback against the runner, QEMU's gdbstub for the registers, a raw
# protocol client for Ctrl-C and bad packets (tests/gdb/run.sh).
# Included by tests/tests.mk.
.PHONY: test-gdb
test-gdb: $(ETSIM_SAN) $(FW_BUILD)/runner.elf
	bash tests/gdb/run.sh $(ETSIM_SAN) $(FW_BUILD)/runner.elf

test-rest: test-gdb
