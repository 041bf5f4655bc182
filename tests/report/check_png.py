"""A PNG screenshot is non-trivial: large enough and not one colour.
Decodes the image with the standard library only (zlib)."""
import struct
import sys
import zlib

data = open(sys.argv[1], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
assert len(data) > 20000, "PNG too small (%d bytes)" % len(data)
pos, idat, width, height, bpp = 8, b"", 0, 0, 0
while pos < len(data):
    n, kind = struct.unpack(">I4s", data[pos:pos + 8])
    chunk = data[pos + 8:pos + 8 + n]
    if kind == b"IHDR":
        width, height, depth, ctype = struct.unpack(">IIBB", chunk[:10])
        bpp = {2: 3, 6: 4, 0: 1, 4: 2}[ctype] * depth // 8
    elif kind == b"IDAT":
        idat += chunk
    pos += 12 + n
raw = zlib.decompress(idat)
stride = width * bpp
prev = bytearray(stride)
colours = set()
for y in range(height):
    f = raw[y * (stride + 1)]
    line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for x in range(stride):
        a = line[x - bpp] if x >= bpp else 0
        b = prev[x]
        c = prev[x - bpp] if x >= bpp else 0
        if f == 1:
            line[x] = (line[x] + a) & 255
        elif f == 2:
            line[x] = (line[x] + b) & 255
        elif f == 3:
            line[x] = (line[x] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
            line[x] = (line[x] + pred) & 255
    if y % 7 == 0:
        for x in range(0, stride, bpp * 5):
            colours.add(bytes(line[x:x + 3]))
    prev = line
assert len(colours) >= 8, "image is nearly uniform (%d colours)" % len(colours)
print("png ok: %dx%d, %d bytes, %d colours sampled" % (width, height, len(data), len(colours)))
