"""Writes truncated and corrupt copies of a trace into a folder: every
truncation, every single-byte flip, and corruptions that keep a valid
checksum (so the reader's own checks are exercised too)."""
import os
import struct
import sys
import zlib

src, out = sys.argv[1], sys.argv[2]
data = open(src, "rb").read()
os.makedirs(out, exist_ok=True)


def write(name, blob):
    open(os.path.join(out, name + ".trc"), "wb").write(blob)


def resum(body):
    return body + struct.pack("<I", zlib.crc32(body) & 0xFFFFFFFF)


# Every length through the header and strings, then a stride (each run of
# the sanitizer build costs tens of ms).
for n in list(range(min(len(data), 160))) + list(range(160, len(data), 5)):
    write("trunc%05d" % n, data[:n])
for i in list(range(0, min(len(data), 64))) + list(range(64, len(data), 7)):
    b = bytearray(data)
    b[i] ^= 0xFF
    write("flip%05d" % i, bytes(b))
body = data[:-4]
# Valid checksums around bad contents.
# Version 3 is unknown (2, with NPU operation records, is valid).
for off, val in ((8, 3), (10, 7), (11, 0x80), (16, 0xFFFFFFFF), (16, 0), (20, 0xFFFFFFFF), (20, 0)):
    b = bytearray(body)
    size = 2 if off == 8 else 1 if off in (10, 11) else 4
    b[off:off + size] = val.to_bytes(size, "little")
    write("hdr%02d_%x" % (off, val), resum(bytes(b)))
for cut in (1, 47, 48, 49):
    write("rec_cut%02d" % cut, resum(body[:-cut]))
b = bytearray(body)
b[-48] = 9                         # last record: unknown kind
write("rec_kind", resum(bytes(b)))
b = bytearray(body)
b[-48:-44] = bytes((3, 1, 1, 0))   # an NPU operation record (kind 3, npu, conv) in a version-1 file
write("rec_npu_v1", resum(bytes(b)))
b = bytearray(body)
b[-48 + 12:-48 + 16] = (0xFFFF).to_bytes(4, "little")   # name id out of range
write("rec_name", resum(bytes(b)))
b = bytearray(body)
b[32:34] = (0xFFFF).to_bytes(2, "little")                # first string runs past the end
write("str_len", resum(bytes(b)))
