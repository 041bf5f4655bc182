# The QEMU TCG plugin logging every executed instruction and its data memory
# accesses (tests/report/qemu_memlog.c), the oracle for etsim's memory-access
# trace; tests/report/qemu_memlog.sh runs a firmware with it.  Built with the
# host compiler for Debian's qemu-system-arm 7.2 (plugin API version 1).

QEMU_MEMLOG := $(BUILD)/bin/qemu-memlog.so

$(QEMU_MEMLOG): tests/report/qemu_memlog.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -Wall -Wextra -Werror -Wno-unused-parameter -O2 -shared -fPIC \
	    -fvisibility=hidden -o $@ $<
