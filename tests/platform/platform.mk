# The Corstone-300 platform as users' firmware sees it (docs/platform.md):
# ExecuTorch's upstream-built Arm runners end on EOT and take their
# semihosting command line as on the FVP; undocumented offsets of known
# devices are accepted and logged once, or bus errors with --strict-mmio.
# (The devices themselves against QEMU: firmware/tests/platform_devices.c
# in the differential suite; the PMU and timers: unit tests pmu/*,
# cmsdk_timer/*, fpgaio/*.)
PLATFORM_TEST_ELF := $(FW_BUILD)/platform-test/platform_test.elf

.PHONY: test-platform
test-platform: $(ETSIM_SAN) $(FW_BUILD)/cli/undocumented_mmio.elf $(FW_BUILD)/cli/mpu_cache.elf $(FW_BUILD)/cli/pmu_overflow.elf $(PLATFORM_TEST_ELF)
	bash tests/platform/upstream_runner.sh $(ETSIM_SAN) $(SHARED)
	bash tests/platform/undocumented.sh $(ETSIM_SAN) $(FW_BUILD)/cli/undocumented_mmio.elf
	bash tests/platform/platform_image.sh $(ETSIM_SAN) $(PLATFORM_TEST_ELF)
	bash tests/platform/mpu_cache.sh $(ETSIM_SAN) $(FW_BUILD)/cli/mpu_cache.elf
	bash tests/platform/pmu_overflow.sh $(ETSIM_SAN) $(FW_BUILD)/cli/pmu_overflow.elf

test-rest: test-platform

# The platform test image (firmware/platform-test): built as an upstream
# Corstone-300 image, with its own linker script and start-up.
$(PLATFORM_TEST_ELF): firmware/platform-test/platform_test.c firmware/platform-test/platform-test.ld \
                      firmware/include/etsim_profport.h
	@mkdir -p $(dir $@)
	$(FW_CC) $(FW_ARCH) -std=c11 -Wall -Wextra -Werror -g -O2 -ffreestanding -Ifirmware/include \
	    -nostdlib -T firmware/platform-test/platform-test.ld -Wl,--gc-sections -o $@ $< -lgcc
