# The Corstone-300 platform as users' firmware sees it (docs/platform.md):
# ExecuTorch's upstream-built Arm runners end on EOT and take their
# semihosting command line as on the FVP.
.PHONY: test-platform
test-platform: $(ETSIM_SAN)
	bash tests/platform/upstream_runner.sh $(ETSIM_SAN) $(SHARED)

test-rest: test-platform
