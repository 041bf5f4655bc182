/* COP1 payload parsing and the optimizer-config check (ETHOSU.md 1.2). */
#include "ethosu_cop.h"

#include "../../runtime/et_format.h"
#include <string.h>

#include "ethosu_regs.h"

#define COP1_FOURCC 0x31504F43u  /* "COP1" little endian */
#define COP2_FOURCC 0x32504F43u

enum { ACTION_OPTIMIZER_CONFIG = 1, ACTION_COMMAND_STREAM = 2, ACTION_NOP = 5 };

static uint32_t word_at(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

int ethosu_cop_parse(const void *payload, size_t size, ethosu_cop *out, char *msg, size_t msg_len)
{
    const uint8_t *p = payload;
    memset(out, 0, sizeof *out);
    if (size < 4 || size % 4 != 0) {
        et_format(msg, msg_len, "command payload of %zu bytes is not a whole number of words", size);
        return -1;
    }
    uint32_t fourcc = word_at(p);
    if (fourcc != COP1_FOURCC) {
        et_format(msg, msg_len, "command payload starts with 0x%08lx, not \"COP1\"%s", (unsigned long)fourcc,
                 fourcc == COP2_FOURCC ? " (a COP2 payload is for Ethos-U85)" : "");
        return -1;
    }
    size_t nwords = size / 4;
    for (size_t w = 1; w < nwords;) {
        uint32_t action = word_at(p + 4 * w);
        uint32_t kind = action & 0xFFu;
        if (kind == ACTION_NOP) {
            w += 1;
        } else if (kind == ACTION_OPTIMIZER_CONFIG) {
            if (nwords - w < 3) {
                et_format(msg, msg_len, "OPTIMIZER_CONFIG at word %zu is truncated", w);
                return -1;
            }
            out->has_opt_config = true;
            out->opt_release = (action >> 16) & 0xFu;
            out->opt_patch = (action >> 20) & 0xFu;
            out->opt_config = word_at(p + 4 * (w + 1));
            out->opt_id = word_at(p + 4 * (w + 2));
            w += 3;
        } else if (kind == ACTION_COMMAND_STREAM) {
            /* Length in words: byte 1 is bits 16..23 of it, the data field
             * bits 0..15. */
            uint32_t len = ((action >> 8) & 0xFFu) << 16 | action >> 16;
            const uint8_t *stream = p + 4 * (w + 1);
            if (out->stream != NULL) {
                et_format(msg, msg_len, "a second COMMAND_STREAM at word %zu (one per payload)", w);
                return -1;
            }
            if (len == 0 || len > nwords - w - 1) {
                et_format(msg, msg_len, "COMMAND_STREAM at word %zu says %lu words, %zu follow", w,
                         (unsigned long)len, nwords - w - 1);
                return -1;
            }
            if (((uintptr_t)stream & 15u) != 0) {
                et_format(msg, msg_len, "command stream at 0x%lx is not 16-byte aligned",
                          (unsigned long)(uintptr_t)stream);
                return -1;
            }
            out->stream = stream;
            out->stream_bytes = len * 4;
            w += 1 + len;
        } else {
            et_format(msg, msg_len, "unsupported driver action %lu at word %zu", (unsigned long)kind, w);
            return -1;
        }
    }
    if (out->stream == NULL) {
        et_format(msg, msg_len, "the payload has no COMMAND_STREAM");
        return -1;
    }
    return 0;
}

int ethosu_cop_check_config(uint32_t hw_config, uint32_t hw_id, uint32_t opt_config, uint32_t opt_id, char *msg,
                            size_t msg_len)
{
    if (hw_config != opt_config) {
        if (ETHOSU_CONFIG_PRODUCT(hw_config) != ETHOSU_CONFIG_PRODUCT(opt_config)) {
            et_format(msg, msg_len, "the stream is for product %lu (CONFIG 0x%08lx), the NPU is product %lu (0x%08lx)",
                     (unsigned long)ETHOSU_CONFIG_PRODUCT(opt_config), (unsigned long)opt_config,
                     (unsigned long)ETHOSU_CONFIG_PRODUCT(hw_config), (unsigned long)hw_config);
            return -1;
        }
        if (ETHOSU_CONFIG_MACS_LOG2(hw_config) != ETHOSU_CONFIG_MACS_LOG2(opt_config)) {
            et_format(msg, msg_len, "the stream is compiled for %u MACs/cycle, the NPU has %u (CONFIG 0x%08lx)",
                     1u << ETHOSU_CONFIG_MACS_LOG2(opt_config), 1u << ETHOSU_CONFIG_MACS_LOG2(hw_config),
                     (unsigned long)hw_config);
            return -1;
        }
        if (ETHOSU_CONFIG_CMD_STREAM(hw_config) != ETHOSU_CONFIG_CMD_STREAM(opt_config)) {
            et_format(msg, msg_len, "command stream version %lu, the NPU runs version %lu",
                     (unsigned long)ETHOSU_CONFIG_CMD_STREAM(opt_config),
                     (unsigned long)ETHOSU_CONFIG_CMD_STREAM(hw_config));
            return -1;
        }
        if (ETHOSU_CONFIG_CUSTOM_DMA(opt_config) && !ETHOSU_CONFIG_CUSTOM_DMA(hw_config)) {
            et_format(msg, msg_len, "the stream needs custom DMA, the NPU has none");
            return -1;
        }
    }
    if (ETHOSU_ID_ARCH_MAJOR(hw_id) != ETHOSU_ID_ARCH_MAJOR(opt_id) ||
        ETHOSU_ID_ARCH_MINOR(hw_id) < ETHOSU_ID_ARCH_MINOR(opt_id)) {
        et_format(msg, msg_len, "the stream is for architecture %lu.%lu.%lu, the NPU is %lu.%lu.%lu",
                 (unsigned long)ETHOSU_ID_ARCH_MAJOR(opt_id), (unsigned long)ETHOSU_ID_ARCH_MINOR(opt_id),
                 (unsigned long)ETHOSU_ID_ARCH_PATCH(opt_id), (unsigned long)ETHOSU_ID_ARCH_MAJOR(hw_id),
                 (unsigned long)ETHOSU_ID_ARCH_MINOR(hw_id), (unsigned long)ETHOSU_ID_ARCH_PATCH(hw_id));
        return -1;
    }
    return 0;
}
