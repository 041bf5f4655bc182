# NPU command processor, executors and weight codec (npu/): Criterion tests
# against Vela's own weight encodings, hand-made command streams and the
# Vela-compiled networks in ../shared/models (docs/npu.md#tests).
NPU_TEST_SRCS := $(wildcard tests/npu/*.c)
NPU_TEST_BIN  := $(SAN)/bin/npu-tests
NPU_SAN_OBJS  := $(NPU_SRCS:%.c=$(SAN)/obj/%.o)

$(NPU_TEST_BIN): $(NPU_TEST_SRCS:%.c=$(SAN)/obj/%.o) $(NPU_SAN_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(SAN_CFLAGS) -o $@ $^ -lm -lcriterion

.PHONY: test-npu
test-npu: $(NPU_TEST_BIN)
	ETSIM_SHARED=$(abspath $(SHARED)) ASAN_OPTIONS=detect_leaks=1 $(NPU_TEST_BIN) --jobs 2

test-rest: test-npu
