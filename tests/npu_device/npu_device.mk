# The NPU device: firmware programs that drive the Ethos-U55's registers
# (firmware/npu-tests, etsim only: QEMU's AN547 has no NPU, so they are not
# in the differential suite) and the command-line checks of --npu.
# Included by the top-level Makefile.

NPU_FW_SRCS := $(wildcard firmware/npu-tests/*.c)
NPU_FW_ELFS := $(NPU_FW_SRCS:firmware/npu-tests/%.c=$(FW_BUILD)/npu-tests/%.elf)

$(FW_BUILD)/npu-tests/%.elf: firmware/npu-tests/%.c $(FW_TEST_DEPS) firmware/include/etsim_profport.h
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_CFLAGS) -Ifirmware/tests -Werror -O2 -MMD -MP -o $@ $< $(FW_STARTUP_OBJ) \
	    $(FW_LDFLAGS) -Wl,-Map=$(@:.elf=.map) $(FW_LDLIBS)

.PHONY: npu-fw test-npu-device
npu-fw: $(NPU_FW_ELFS)
firmware: npu-fw

test-npu-device: $(ETSIM_SAN) npu-fw
	bash tests/npu_device/run.sh $(ETSIM_SAN) $(FW_BUILD)/npu-tests

test-rest: test-npu-device
