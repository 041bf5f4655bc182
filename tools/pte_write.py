#!/usr/bin/env python3
"""A small ExecuTorch .pte writer (no dependencies), after
../shared/reference/PTE_FORMAT.md.

A model description is a dict (or a JSON file):

  {"values": [V, ...],            # the value table, in order
   "inputs": [i, ...], "outputs": [i, ...],
   "ops": [{"op": "aten::add.out", "args": [i, ...]}, ...],
   "chains": [[OP, ...], ...]     # instead of "ops": several chains, run in order;
                                  # an OP may also be {"jump_false": cond, "to": index in
                                  # its chain}, {"move": [from, to]} or {"free": value}
   "name": "forward"}             # optional

where each value V is one of
  {"tensor": {"dtype": "float32", "sizes": [..], "dim_order": [..]?,
              "data": [numbers]?, "mutable": bool?}}
                                       data: a constant; no data: planned;
                                       data and mutable: planned, initialised
                                       from the mutable data segment
  {"tensor": {..., "external": "fqn", "planned": bool?}}
                                       data in a .ptd (build_ptd), by that key
  {"int": n} {"double": x} {"bool": b} {"null": null} {"string": s}
  {"int_list": [n, ...]}               literal ints (boxed into Int values)
  {"double_list": [..]} {"bool_list": [..]} {"tensor_list": [value index, ..]}
  {"opt_tensor_list": [value index or -1 (None), ..]}

Planned tensors get their own offset in arena 1 (16-byte aligned, no
reuse).  Constants go to a constant segment (16-byte aligned each) after an
eh00 extended header, as current exporters do; without constants the file
is a plain flatbuffer with no header.

  python3 tools/pte_write.py MODEL.json OUT.pte
"""
import json
import struct
import sys

DTYPES = {  # name: (ScalarType, struct format, bytes)
    "uint8": (0, "B", 1), "int8": (1, "b", 1), "int16": (2, "h", 2), "int32": (3, "i", 4),
    "int64": (4, "q", 8), "float32": (6, "f", 4), "float64": (7, "d", 8), "bool": (11, "?", 1),
}
TAG = {"null": 1, "int": 2, "bool": 3, "double": 4, "tensor": 5, "string": 6, "int_list": 7,
       "double_list": 8, "bool_list": 9, "tensor_list": 10, "opt_tensor_list": 11}
SCALAR = {"u8": ("B", 1), "i8": ("b", 1), "bool": ("B", 1), "u16": ("H", 2), "i32": ("i", 4),
          "u32": ("I", 4), "i64": ("q", 8), "u64": ("Q", 8), "f64": ("d", 8)}


# ---- FlatBuffers nodes -------------------------------------------------------
class Table:
    def __init__(self, fields):
        # fields: {id: (kind, value)}; kind a SCALAR key or "off" (a node)
        self.fields = {k: v for k, v in fields.items() if v is not None}


class Vec:
    def __init__(self, kind, items, align=1):
        self.kind, self.items, self.align = kind, list(items), align


class Str:
    def __init__(self, s):
        self.data = s.encode() if isinstance(s, str) else bytes(s)


class Bytes(Vec):
    def __init__(self, data, align=1):
        super().__init__("u8", list(data), align)


def align_up(x, a):
    return (x + a - 1) // a * a


class Writer:
    """Lays the nodes out front to back: a parent before its children, so
    every uoffset points forward.  Positions are absolute file offsets, so
    alignment holds relative to byte 0."""

    def __init__(self, start):
        self.buf = bytearray(start)
        self.patches = []  # (slot position, node)
        self.pos_of = {}

    def pad_to(self, pos):
        self.buf.extend(b"\0" * (pos - len(self.buf)))

    def place(self, node):
        if isinstance(node, Table):
            return self.place_table(node)
        if isinstance(node, Str):
            p = align_up(len(self.buf), 4)
            self.pad_to(p)
            self.buf += struct.pack("<I", len(node.data)) + node.data + b"\0"
            return p
        # vector: the first element aligned to max(element size, align)
        esize = 4 if node.kind == "off" else SCALAR[node.kind][1]
        a = max(esize, node.align, 4)
        p = len(self.buf)
        while (p % 4) or ((p + 4) % a):
            p += 1
        self.pad_to(p)
        self.buf += struct.pack("<I", len(node.items))
        for it in node.items:
            if node.kind == "off":
                self.patches.append((len(self.buf), it))
                self.buf += b"\0\0\0\0"
            else:
                self.buf += struct.pack("<" + SCALAR[node.kind][0], it)
        return p

    def place_table(self, t):
        ids = sorted(t.fields)
        nfields = (max(ids) + 1) if ids else 0
        # field offsets inside the table: largest first, naturally aligned
        layout, off = {}, 4
        for fid in sorted(ids, key=lambda i: -self.size_of(t.fields[i][0])):
            sz = self.size_of(t.fields[fid][0])
            off = align_up(off, sz)
            layout[fid] = off
            off += sz
        tsize = align_up(off, 4)
        vt = struct.pack("<HH", 4 + 2 * nfields, tsize) + b"".join(
            struct.pack("<H", layout.get(i, 0)) for i in range(nfields))
        # vtable right before the table; the table 8-aligned
        p = align_up(len(self.buf) + len(vt), 8)
        vpos = p - len(vt)
        self.pad_to(vpos)
        self.buf += vt
        assert len(self.buf) == p
        body = bytearray(tsize)
        struct.pack_into("<i", body, 0, p - vpos)
        for fid, (kind, val) in t.fields.items():
            if kind == "off":
                self.patches.append((p + layout[fid], val))
            else:
                struct.pack_into("<" + SCALAR[kind][0], body, layout[fid], val)
        self.buf += body
        return p

    @staticmethod
    def size_of(kind):
        return 4 if kind == "off" else SCALAR[kind][1]

    def finish(self, root):
        queue = [root]
        root_pos = None
        while queue:
            node = queue.pop(0)
            before = len(self.patches)
            pos = self.place(node)
            self.pos_of[id(node)] = pos
            if root_pos is None:
                root_pos = pos
            queue.extend(n for _, n in self.patches[before:])
        for slot, node in self.patches:
            target = self.pos_of[id(node)]
            assert target > slot
            struct.pack_into("<I", self.buf, slot, target - slot)
        struct.pack_into("<I", self.buf, 0, root_pos)
        return self.buf


# ---- the program ------------------------------------------------------------
def ev(tag, member):
    return Table({0: ("u8", tag), 1: ("off", member)})


def build(desc):
    values_in = desc["values"]
    values = []       # EValue tables
    extra = []        # boxed Int values appended after the given ones
    n_given = len(values_in)
    constants = []    # bytes of each constant, in buffer order (index 1..)
    mutables = []     # initial bytes of mutable planned tensors (index 1..)
    arena = 0

    def boxed_int(n):
        extra.append(ev(TAG["int"], Table({0: ("i64", int(n)) if n else None})))
        return n_given + len(extra) - 1

    for v in values_in:
        (kind, body), = v.items()
        if kind == "tensor":
            st, fmt, es = DTYPES[body["dtype"]]
            sizes = body["sizes"]
            rank = len(sizes)
            numel = 1
            for s in sizes:
                numel *= s
            fields = {0: ("i8", st) if st else None,
                      2: ("off", Vec("i32", sizes)),
                      3: ("off", Bytes(body.get("dim_order", list(range(rank)))))}
            if "external" in body:
                # data in a .ptd, found by this fully qualified name
                fields[9] = ("off", Table({1: ("off", Str(body["external"])), 2: ("i8", 1)}))
                if body.get("planned"):
                    fields[6] = ("off", Table({0: ("u32", 1), 1: ("u32", arena) if arena else None}))
                    arena = align_up(arena + numel * es, 16)
            elif "data" in body and body.get("mutable"):
                # planned, with its initial value in the mutable data segment
                data = body["data"]
                assert len(data) == numel, "mutable data size"
                mutables.append(struct.pack("<%d%s" % (numel, fmt), *data))
                fields[5] = ("u32", len(mutables))
                fields[6] = ("off", Table({0: ("u32", 1), 1: ("u32", arena) if arena else None}))
                arena = align_up(arena + numel * es, 16)
            elif "data" in body:
                data = body["data"]
                assert len(data) == numel, "constant data size"
                constants.append(struct.pack("<%d%s" % (numel, fmt), *data))
                fields[5] = ("u32", len(constants))
            else:
                fields[6] = ("off", Table({0: ("u32", 1), 1: ("u32", arena) if arena else None}))
                arena = align_up(arena + numel * es, 16)
            values.append(ev(TAG["tensor"], Table(fields)))
        elif kind == "null":
            values.append(ev(TAG["null"], Table({})))
        elif kind == "int":
            values.append(ev(TAG["int"], Table({0: ("i64", int(body)) if body else None})))
        elif kind == "bool":
            values.append(ev(TAG["bool"], Table({0: ("bool", 1) if body else None})))
        elif kind == "double":
            values.append(ev(TAG["double"], Table({0: ("f64", float(body))})))
        elif kind == "string":
            values.append(ev(TAG["string"], Table({0: ("off", Str(body))})))
        elif kind == "int_list":
            values.append(None)  # boxed below, once every given index is known
        elif kind == "double_list":
            values.append(ev(TAG["double_list"], Table({0: ("off", Vec("f64", body))})))
        elif kind == "bool_list":
            values.append(ev(TAG["bool_list"], Table({0: ("off", Vec("u8", [1 if b else 0 for b in body]))})))
        elif kind in ("tensor_list", "opt_tensor_list"):  # opt: -1 is None
            values.append(ev(TAG[kind], Table({0: ("off", Vec("i32", body))})))
        else:
            raise ValueError("unknown value kind " + kind)
    for i, v in enumerate(values_in):
        if "int_list" in v:
            items = [boxed_int(n) for n in v["int_list"]]
            values[i] = ev(TAG["int_list"], Table({0: ("off", Vec("i64", items))}))
    values += extra

    op_keys = []

    def instruction(op):
        if "jump_false" in op:
            return Table({0: ("u8", 4), 1: ("off", Table({0: ("i32", op["jump_false"]) if op["jump_false"] else None,
                                                          1: ("i32", op["to"]) if op["to"] else None}))})
        if "move" in op:
            a, b = op["move"]
            return Table({0: ("u8", 3), 1: ("off", Table({0: ("i32", a) if a else None, 1: ("i32", b) if b else None}))})
        if "free" in op:
            return Table({0: ("u8", 5), 1: ("off", Table({0: ("i32", op["free"]) if op["free"] else None}))})
        key = op["op"]
        if key not in op_keys:
            op_keys.append(key)
        kc = Table({0: ("i32", op_keys.index(key)) if op_keys.index(key) else None,
                    1: ("off", Vec("i32", op["args"]))})
        return Table({0: ("u8", 1), 1: ("off", kc)})

    chains = desc["chains"] if "chains" in desc else [desc["ops"]]
    chain_tables = [Table({0: ("off", Vec("i32", [])), 1: ("off", Vec("i32", [])),
                           2: ("off", Vec("off", [instruction(op) for op in chain]))}) for chain in chains]
    operators = []
    for key in op_keys:
        name, _, overload = key.rpartition(".") if key.count(".") else (key, "", "")
        operators.append(Table({0: ("off", Str(name)), 1: ("off", Str(overload))}))

    plan = Table({
        0: ("off", Str(desc.get("name", "forward"))),
        2: ("off", Vec("off", values)),
        3: ("off", Vec("i32", desc["inputs"])),
        4: ("off", Vec("i32", desc["outputs"])),
        5: ("off", Vec("off", chain_tables)),
        6: ("off", Vec("off", operators)),
        7: ("off", Vec("off", [])),
        8: ("off", Vec("i64", [0, arena])),
    })

    # constant segment, then the mutable data segment: each buffer
    # 16-aligned inside its segment, segments 128-aligned
    def segment(buffers):
        offsets, seg = [0], bytearray()
        for c in buffers:
            seg.extend(b"\0" * (align_up(len(seg), 16) - len(seg)))
            offsets.append(len(seg))
            seg += c
        return offsets, seg

    offsets, seg = segment(constants)
    m_offsets, m_seg = segment(mutables)
    segs = []
    if constants:
        segs.append((0, seg))
    if mutables:
        segs.append((align_up(len(seg), 128) if constants else 0, m_seg))
    has_segment = len(segs) > 0
    program = Table({
        1: ("off", Vec("off", [plan])),
        2: ("off", Vec("off", [])),
        3: ("off", Vec("off", [])),
        4: ("off", Vec("off", [Table({0: ("u64", off) if off else None, 1: ("u64", len(data))})
                               for off, data in segs])),
        5: ("off", Table({1: ("off", Vec("u64", offsets))})),
        6: ("off", Vec("off", [Table({0: ("u32", len(segs) - 1) if len(segs) > 1 else None,
                                      1: ("off", Vec("u64", m_offsets))})] if mutables else [])),
    })
    header = 32 if has_segment else 0
    w = Writer(8 + header)
    buf = w.finish(program)
    buf[4:8] = b"ET12"
    if not has_segment:
        return bytes(buf)
    program_size = len(buf)
    base = align_up(program_size, 128)
    total = segs[-1][0] + len(segs[-1][1])
    buf[8:40] = b"eh00" + struct.pack("<IQQQ", 32, program_size, base, total)
    buf.extend(b"\0" * (base - len(buf)))
    for off, data in segs:
        buf.extend(b"\0" * (base + off - len(buf)))
        buf += data
    return bytes(buf)


def build_ptd(entries):
    """A FlatTensor (.ptd) file: entries maps a key to (dtype, [numbers]).
    Identifier FT01, an FH01 header at byte 8 (length 40, flatbuffer
    offset and size, segment base and size), one 16-aligned segment per
    entry after the flatbuffer, 128-aligned."""
    blobs, named, segs, seg = [], [], [], bytearray()
    for i, (key, (dtype, data)) in enumerate(entries.items()):
        _, fmt, _ = DTYPES[dtype]
        seg.extend(b"\0" * (align_up(len(seg), 16) - len(seg)))
        segs.append(Table({0: ("u64", len(seg)) if len(seg) else None, 1: ("u64", len(data) * struct.calcsize(fmt))}))
        seg += struct.pack("<%d%s" % (len(data), fmt), *data)
        named.append(Table({0: ("off", Str(key)), 1: ("u32", i) if i else None}))
        blobs.append(key)
    root = Table({0: ("u32", 0), 1: ("off", Vec("off", segs)), 2: ("off", Vec("off", named))})
    header = 48
    w = Writer(8 + header - 8)
    buf = w.finish(root)
    buf[4:8] = b"FT01"
    base = align_up(len(buf), 128)
    buf[8:48] = b"FH01" + struct.pack("<IQQQQ", 40, header, len(buf) - header, base, len(seg))
    buf.extend(b"\0" * (base - len(buf)))
    return bytes(buf + seg)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: pte_write.py MODEL.json OUT.pte")
    with open(sys.argv[1]) as f:
        desc = json.load(f)
    with open(sys.argv[2], "wb") as f:
        f.write(build(desc))


if __name__ == "__main__":
    main()
