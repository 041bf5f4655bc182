# intmark (firmware/bench/intmark.c): a CoreMark-like integer workload, NOT
# CoreMark.  Included by the top-level Makefile after firmware/firmware.mk.
#
# make intmark: the firmware at -O3 (build/firmware/bench/intmark.elf) and
# the same source built natively for the host (build/bin/intmark-host, with
# UBSan: undefined behaviour would make the host CRC meaningless).
# test-intmark: the host build, QEMU and etsim must print the same final CRC
# and exit 0 (the program exits 0 only if the CRC is the expected value);
# etsim must also count cycles.  `make bench` prints etsim's score.

INTMARK_SRC  := firmware/bench/intmark.c
INTMARK_ELF  := $(FW_BUILD)/bench/intmark.elf
INTMARK_HOST := $(BUILD)/bin/intmark-host

.PHONY: intmark test-intmark
intmark: $(INTMARK_ELF) $(INTMARK_HOST)

# -O3, as CoreMark's published runs use the compiler's highest level.
$(INTMARK_ELF): $(INTMARK_SRC) $(FW_STARTUP_OBJ) $(FW_LDSCRIPT) $(FW_COMMON)/an547.h tests/intmark.mk
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) -Werror -O3 -o $@ $< $(FW_STARTUP_OBJ) \
	    $(FW_LDFLAGS) -Wl,-Map=$(@:.elf=.map) $(FW_LDLIBS)

$(INTMARK_HOST): $(INTMARK_SRC) tests/intmark.mk
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -Wall -Wextra -Werror -O2 -fsanitize=undefined -fno-sanitize-recover=undefined \
	    -DINTMARK_HOST -o $@ $<

test-intmark: $(INTMARK_ELF) $(INTMARK_HOST) $(ETSIM)
	bash tests/bench/intmark-check.sh --host $(INTMARK_HOST) --etsim $(ETSIM) $(INTMARK_ELF)

test-rest: test-intmark
