# Target programs for the AN547 (Cortex-M55): the startup code and linker
# script in firmware/common and the self-checking test programs in
# firmware/tests.  Included by the top-level Makefile.
#
# Other fragments that build target programs (the model runner) reuse
# FW_CC, FW_CFLAGS, FW_LDFLAGS, FW_LDLIBS and FW_STARTUP_OBJ:
#
#   $(FW_CC) $(FW_CFLAGS) -O2 -c foo.c -o foo.o
#   $(FW_CC) -o prog.elf foo.o $(FW_STARTUP_OBJ) $(FW_LDFLAGS) $(FW_LDLIBS)
#
# A program of your own, one C file:  make fw-prog SRC=hello.c [FW_OPT=-Os]
# builds build/firmware/hello.elf (see firmware/README.md).

FW_CC      := arm-none-eabi-gcc
FW_OBJDUMP := arm-none-eabi-objdump
FW_ARCH    := -mcpu=cortex-m55 -mthumb -mfloat-abi=hard
FW_COMMON  := firmware/common
FW_LDSCRIPT := $(FW_COMMON)/an547.ld
FW_CFLAGS  := $(FW_ARCH) -std=c11 -Wall -Wextra -g \
              -ffunction-sections -fdata-sections \
              -I$(FW_COMMON) -Ifirmware/include
# -nostartfiles: our startup.c replaces newlib's crt0 (see firmware/README.md);
# rdimon.specs still links newlib's libc and librdimon (semihosting).
FW_LDFLAGS := $(FW_ARCH) --specs=rdimon.specs -nostartfiles \
              -T $(FW_LDSCRIPT) -Wl,--gc-sections
FW_LDLIBS  := -lm

FW_BUILD       := $(BUILD)/firmware
FW_STARTUP_OBJ := $(FW_BUILD)/common/startup.o

# Every firmware/tests/NAME.c becomes NAME-O0.elf, NAME-O2.elf, NAME-Os.elf.
FW_TEST_SRCS  := $(wildcard firmware/tests/*.c)
FW_TEST_NAMES := $(notdir $(FW_TEST_SRCS:.c=))
FW_TEST_OPTS  := O0 O2 Os
FW_TEST_ELFS  := $(foreach o,$(FW_TEST_OPTS),$(FW_TEST_NAMES:%=$(FW_BUILD)/tests/%-$(o).elf))
FW_TEST_DEPS  := $(FW_STARTUP_OBJ) $(FW_LDSCRIPT) $(FW_COMMON)/an547.h \
                 firmware/tests/check.h firmware/firmware.mk

.PHONY: firmware fw-tests
firmware: fw-tests
fw-tests: $(FW_TEST_ELFS)

# The startup code is built once, optimised, and linked into every program.
$(FW_STARTUP_OBJ): $(FW_COMMON)/startup.c $(FW_COMMON)/an547.h firmware/firmware.mk
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) -Werror -O2 -MMD -MP -c $< -o $@

# One rule per optimisation level (make has no pattern with two stems).
# Each test is one C file, compiled and linked in one step; the map file
# beside the ELF shows where everything went.
FW_TEST_LINK = $(FW_CC) $(FW_CFLAGS) -Werror -MMD -MP -o $@ $< $(FW_STARTUP_OBJ) \
               $(FW_LDFLAGS) -Wl,-Map=$(@:.elf=.map) $(FW_LDLIBS)

$(FW_BUILD)/tests/%-O0.elf: firmware/tests/%.c $(FW_TEST_DEPS)
	@mkdir -p $(dir $@)
	$(FW_TEST_LINK) -O0

$(FW_BUILD)/tests/%-O2.elf: firmware/tests/%.c $(FW_TEST_DEPS)
	@mkdir -p $(dir $@)
	$(FW_TEST_LINK) -O2

$(FW_BUILD)/tests/%-Os.elf: firmware/tests/%.c $(FW_TEST_DEPS)
	@mkdir -p $(dir $@)
	$(FW_TEST_LINK) -Os

# make fw-prog SRC=path/to/prog.c [FW_OPT=-O2]: one C file of your own, linked
# with the startup code and the AN547 linker script.
.PHONY: fw-prog
FW_OPT ?= -O2
ifdef SRC
FW_PROG_ELF := $(FW_BUILD)/$(basename $(notdir $(SRC))).elf
fw-prog: $(FW_PROG_ELF)
$(FW_PROG_ELF): $(SRC) $(FW_STARTUP_OBJ) $(FW_LDSCRIPT) $(FW_COMMON)/an547.h
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) $(FW_OPT) -o $@ $(SRC) $(FW_STARTUP_OBJ) $(FW_LDFLAGS) -Wl,-Map=$(@:.elf=.map) $(FW_LDLIBS)
else
fw-prog:
	@echo "usage: make fw-prog SRC=path/to/prog.c [FW_OPT=-Os]" >&2; exit 2
endif
