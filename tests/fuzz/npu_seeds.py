#!/usr/bin/env python3
"""Seeds for fuzz_npu_cmd: the real command streams of the Vela-compiled
blobs in ../shared/models, each followed by as many bytes of its weights
(the fuzzer's region contents).  Usage: npu_seeds.py OUTDIR BLOB..."""
import os
import struct
import sys


def blocks(blob):
    off = 0
    while off + 32 <= len(blob):
        name = blob[off:off + 16].split(b"\0")[0].decode()
        size = struct.unpack_from("<I", blob, off + 16)[0]
        yield name, blob[off + 32:off + 32 + size]
        off += 32 + (size + 15) // 16 * 16


def command_stream(cop):
    i = 4
    while i + 4 <= len(cop):
        w = struct.unpack_from("<I", cop, i)[0]
        action = w & 0xFF
        if action == 1:
            i += 12
        elif action == 2:
            n = ((w >> 8) & 0xFF) << 16 | (w >> 16)
            return cop[i + 4:i + 4 + 4 * n]
        else:
            i += 4
    return b""


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    for path in sys.argv[2:]:
        blob = open(path, "rb").read()
        parts = dict(blocks(blob))
        cmd = command_stream(parts.get("cmd_data", b""))[:4096]
        weights = parts.get("weight_data", b"")[:len(cmd)]
        seed = cmd + weights + bytes(len(cmd) - len(weights))
        with open(os.path.join(out, os.path.basename(path) + ".seed"), "wb") as f:
            f.write(seed)


main()
