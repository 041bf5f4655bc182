# test-exec-modes: the block-level core (--exec block) against the
# per-instruction core (--exec interp) on every test program, every model on
# both runners, the NPU and DSP engines and the random Helium programs:
# identical status, output, report and trace (tests/exec_modes/run.sh).
.PHONY: test-exec-modes
test-exec-modes: $(ETSIM_SAN) fw-tests $(CLI_FW_ELFS) $(FW_BUILD)/runner.elf $(FW_BUILD)/runner-scalar.elf
	bash tests/exec_modes/run.sh --etsim $(ETSIM_SAN) --shared $(SHARED)

test-rest: test-exec-modes
