"""Instruction-level (level 1) traces for the reader tests.

    corrupt_insn_traces.py INSN.trc OPS.trc OUT

Writes OUT/spliced.trc: the instruction section of the real level-1 trace
INSN.trc (a short run) with the operator section of the real level-0 trace
OPS.trc (which has inference and operator records), so that one small file
has both; it must read back.  Then, into OUT/corrupt/, truncated and flipped
copies of it and corruptions behind a valid checksum of each part of the
level-1 layout (docs/trace.md): each must be rejected with exit 2 and a
message naming the byte.  (tests/report/trace_fuzz.c goes through every
truncation and flip in one process.)"""
import os
import struct
import sys
import zlib

insn_path, ops_path, out = sys.argv[1], sys.argv[2], sys.argv[3]
insn = open(insn_path, "rb").read()
ops = open(ops_path, "rb").read()
assert insn[:8] == b"ETSTRACE" and insn[10] == 1, "INSN.trc is not a level-1 trace"
assert ops[:8] == b"ETSTRACE" and ops[10] == 0, "OPS.trc is not a level-0 trace"
os.makedirs(os.path.join(out, "corrupt"), exist_ok=True)


def resum(body):
    return body + struct.pack("<I", zlib.crc32(body) & 0xFFFFFFFF)


op_off, count = struct.unpack("<QQ", insn[-20:-4])
section = insn[32:op_off]
header = bytearray(insn[:32])
header[12:16] = ops[12:16]                  # the clock must match the operator header's
op_image = ops[:-4]                         # a level-0 trace without its checksum
trailer = struct.pack("<QQ", 32 + len(section), count)
body = bytes(header) + section + op_image + trailer
spliced = resum(body)
open(os.path.join(out, "spliced.trc"), "wb").write(spliced)
OP = 32 + len(section)                      # where the operator section starts
TR = len(body) - 16                         # where the trailer starts


def write(name, blob):
    open(os.path.join(out, "corrupt", name + ".trc"), "wb").write(blob)


def patch(name, off, raw):
    b = bytearray(body)
    b[off:off + len(raw)] = raw
    write(name, resum(bytes(b)))


n = len(spliced)
# A sample (each file costs two runs of the sanitizer build): all of the
# header and first records, then a stride, and the borders of each part.
for cut in list(range(0, 40)) + list(range(40, n, 61)) + [OP - 1, OP, OP + 1, TR, TR + 8, n - 1]:
    write("trunc%05d" % cut, spliced[:cut])
for i in list(range(0, 40)) + list(range(40, n, 73)) + [OP, OP + 10, TR, TR + 8]:
    b = bytearray(spliced)
    b[i] ^= 0xFF
    write("flip%05d" % i, bytes(b))
# Header.
patch("hdr_level", 10, b"\x03")   # 2 is a valid level (memory), 3 is not
patch("hdr_flags", 11, b"\x01")
patch("hdr_reserved", 20, b"\x01")
patch("hdr_clock", 12, struct.pack("<I", struct.unpack("<I", body[12:16])[0] + 1))
# Trailer.
patch("tr_off_zero", TR, struct.pack("<Q", 0))
patch("tr_off_past", TR, struct.pack("<Q", len(body)))
patch("tr_off_plus1", TR, struct.pack("<Q", OP + 1))
patch("tr_off_minus1", TR, struct.pack("<Q", OP - 1))
patch("tr_count_plus1", TR + 8, struct.pack("<Q", count + 1))
patch("tr_count_minus1", TR + 8, struct.pack("<Q", count - 1))
patch("tr_count_huge", TR + 8, struct.pack("<Q", 2 ** 63))
# The operator section's own header.
patch("op_magic", OP, b"X")
patch("op_level", OP + 10, b"\x01")
patch("op_nrecs", OP + 20, struct.pack("<I", 0xFFFF))
# The first instruction record (at byte 32).
first = body[32]
patch("rec_tag_gpr3", 32, bytes([first | 0x30]))
patch("rec_tag_noenc", 32, bytes([first & ~0x40 & 0xFF]))
b = bytearray(body)
b[32] = 0x17                               # one core register changed...
b[33] = 0xC8                               # ...number 200
write("rec_slot", resum(bytes(b)))
b = bytearray(body)
b[32] = 0x07                               # a cycle varint that never ends
b[33:OP] = b"\xff" * (OP - 33)
write("rec_varint", resum(bytes(b)))
b = bytearray(body)
b[32:37] = b"\xc8\x00\x00\x00\x00"          # jump of 0, encoding 0000, FP change with an empty mask
write("rec_fpmask", resum(bytes(b)))
# The instruction section cut short, everything else consistent.
short = bytes(header) + section[:-1] + op_image + struct.pack("<QQ", 32 + len(section) - 1, count)
write("sec_short", resum(short))
