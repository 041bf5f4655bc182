# The Corstone-300 platform as users' firmware sees it (docs/platform.md):
# ExecuTorch's upstream-built Arm runners end on EOT and take their
# semihosting command line as on the FVP; undocumented offsets of known
# devices are accepted and logged once, or bus errors with --strict-mmio.
# (The devices themselves against QEMU: firmware/tests/platform_devices.c
# in the differential suite; the PMU and timers: unit tests pmu/*,
# cmsdk_timer/*, fpgaio/*.)
.PHONY: test-platform
test-platform: $(ETSIM_SAN) $(FW_BUILD)/cli/undocumented_mmio.elf
	bash tests/platform/upstream_runner.sh $(ETSIM_SAN) $(SHARED)
	bash tests/platform/undocumented.sh $(ETSIM_SAN) $(FW_BUILD)/cli/undocumented_mmio.elf

test-rest: test-platform
