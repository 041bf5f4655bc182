# Tests that are not unit tests.  Included by the top-level Makefile.
#
# test-diff: every firmware test program (firmware/tests, built at -O0, -O2
# and -Os) runs on QEMU and on the sanitizer build of etsim; stdout and the
# exit status must match.  It needs build/san/bin/etsim.
# test-diff-qemu: the same programs on QEMU alone, each must exit with its
# expected status (tests/diff/expected-status): proves the suite itself.
# It runs every program (DIFF_SKIP only applies to the comparison).

DIFF_JOBS ?= 2
DIFF_ETSIM ?= $(ETSIM_SAN)
# Programs to leave out, by name (e.g. while a feature is being written):
#   make test-diff DIFF_SKIP="mve_intrinsics fp_context"
# (a name with its -O suffix skips one build only).  Nothing is skipped.
DIFF_SKIP ?=

.PHONY: test-diff test-diff-qemu
test-diff: fw-tests $(DIFF_ETSIM)
	bash tests/diff/run.sh --jobs $(DIFF_JOBS) --skip "$(DIFF_SKIP)" --etsim $(DIFF_ETSIM) $(FW_BUILD)/tests

test-diff-qemu: fw-tests
	bash tests/diff/run.sh --jobs $(DIFF_JOBS) --qemu-only $(FW_BUILD)/tests

test-rest: test-diff

# The random Helium differential tester (tests/mve_random): generated MVE
# instruction sequences, full state compared with QEMU after every step.
.PHONY: test-mve-random
test-mve-random: $(ETSIM_SAN)
	bash tests/mve_random/run.sh --seeds 20 --count 200 --etsim $(ETSIM_SAN)
	bash tests/mve_random/oracle_check.sh $(ETSIM_SAN)

test-rest: test-mve-random

# Where etsim differs from QEMU on purpose (README "Deliberate differences
# from QEMU"): each difference shown on both sides (tests/differ).
.PHONY: test-differ
test-differ: $(BUILD)/bin/etsim $(FW_STARTUP_OBJ)
	bash tests/differ/run.sh --etsim $(BUILD)/bin/etsim

test-rest: test-differ

# The NPU tests (tests/npu/npu.mk).
include tests/npu/npu.mk

# Timing of unmodified ExecuTorch runners from their symbols.
include tests/exec_symbols/exec_symbols.mk

# The GDB stub.
include tests/gdb/gdb.mk

# The Corstone-300 platform tests (tests/platform/platform.mk).
include tests/platform/platform.mk
