#!/usr/bin/env python3
"""Generate one random MVE test program (see README.md).

    gen.py --seed S [--count N] [--exclude T,T...] [--only T,T...] --out DIR
    gen.py --list                  the template names, one a line

Writes DIR/gen.c (initial state, buffer contents, the step sequence with its
fix-ups), DIR/steps.S (one function per step) and DIR/steps.txt (one line per
step: "<step> <template> <instruction text>").

A template is a small function that picks random registers, sizes and
immediates and returns the instruction lines plus fix-ups of the saved state
(memory operands get a base register pointing into the buffer, gathers get
in-range aligned offsets).  About a quarter of the predicable single
instructions are put in a VPST or VPT block of 1-4 instructions; the block is
one step.
"""
import argparse
import os
import random
import sys

BUF_SIZE = 2048

TEMPLATES = {}


class Tpl:
    def __init__(self, fn, pred, mem, weight):
        self.fn = fn
        self.pred = pred      # may be put in a VPT block
        self.mem = mem        # touches memory (fix-ups: keep first in a block)
        self.weight = weight


def tpl(pred=True, mem=False, weight=1.0):
    def reg(fn):
        TEMPLATES[fn.__name__] = Tpl(fn, pred, mem, weight)
        return fn
    return reg


class G:
    """Random choices and fix-ups for one step."""

    def __init__(self, rng):
        self.rng = rng
        self.fix = []

    def pick(self, seq):
        return self.rng.choice(seq)

    def imm(self, lo, hi):
        return self.rng.randint(lo, hi)

    def qs(self, k):
        return ["q%d" % i for i in self.rng.sample(range(8), k)]

    def q(self):
        return self.qs(1)[0]

    def rs(self, k, pool=range(13)):
        return ["r%d" % i for i in self.rng.sample(list(pool), k)]

    def r(self):
        return self.rs(1)[0]

    def even(self, avoid=()):
        return self.pick([r for r in ("r0", "r2", "r4", "r6", "r8", "r10", "r12") if r not in avoid])

    def odd(self, avoid=()):
        return self.pick([r for r in ("r1", "r3", "r5", "r7", "r9", "r11") if r not in avoid])

    def es(self, sizes=(8, 16, 32)):
        return self.pick(sizes)

    # ---- fix-ups ----
    def ptr(self, reg, off):
        self.fix.append("mvr_st.r[%d] = (uint32_t)(uintptr_t)(mvr_buf + %d);" % (int(reg[1:]), off))

    def setr(self, reg, val):
        self.fix.append("mvr_st.r[%d] = 0x%08xu;" % (int(reg[1:]), val & 0xFFFFFFFF))

    def setq_word(self, q, w, val):
        self.fix.append("mvr_st.q[%d] = 0x%08xu;" % (4 * int(q[1:]) + w, val & 0xFFFFFFFF))

    def setq_addr(self, q, w, off):
        self.fix.append("mvr_st.q[%d] = (uint32_t)(uintptr_t)(mvr_buf + %d);" % (4 * int(q[1:]) + w, off))

    def setq_lanes(self, q, es, vals):
        """Set the es-bit lanes of q to vals (len 128/es)."""
        words = [0, 0, 0, 0]
        per = 32 // es if es <= 32 else 1
        if es == 64:
            for i, v in enumerate(vals):
                words[2 * i] = v & 0xFFFFFFFF
                words[2 * i + 1] = self.rng.getrandbits(32)
        else:
            for i, v in enumerate(vals):
                words[i // per] |= (v & ((1 << es) - 1)) << (es * (i % per))
        for w in range(4):
            self.setq_word(q, w, words[w])

    def base(self, align, span_lo, span_hi, low=False):
        """A register pointing into the buffer, so that [base + span_lo,
        base + span_hi) stays inside it; aligned to align."""
        reg = self.pick(["r%d" % i for i in range(8)]) if low else self.r()
        lo = max(0, -span_lo)
        hi = BUF_SIZE - span_hi
        off = self.rng.randrange(lo, hi)
        off -= off % align
        self.ptr(reg, off)
        return reg


S = ("s", "u")


# ---------------------------------------------------------------- integer
@tpl()
def int3(g):
    op = g.pick(["vadd", "vsub", "vmul"])
    d, n, m = g.qs(3)
    return ["%s.i%d %s, %s, %s" % (op, g.es(), d, n, m)]


@tpl()
def logic3(g):
    op = g.pick(["vand", "vorr", "vorn", "veor", "vbic"])
    d, n, m = g.qs(3)
    return ["%s %s, %s, %s" % (op, d, n, m)]


@tpl(weight=3)
def sized3(g):
    op = g.pick(["vmax", "vmin", "vabd", "vhadd", "vhsub", "vrhadd", "vqadd", "vqsub", "vmulh", "vrmulh"])
    d, n, m = g.qs(3)
    return ["%s.%s%d %s, %s, %s" % (op, g.pick(S), g.es(), d, n, m)]


@tpl()
def qdmulh(g):
    op = g.pick(["vqdmulh", "vqrdmulh"])
    d, n, m = g.qs(3)
    return ["%s.s%d %s, %s, %s" % (op, g.es(), d, n, m)]


@tpl()
def qdmulh_scalar(g):
    op = g.pick(["vqdmulh", "vqrdmulh"])
    d, n = g.qs(2)
    return ["%s.s%d %s, %s, %s" % (op, g.es(), d, n, g.r())]


@tpl()
def vmull(g):
    op = g.pick(["vmullb", "vmullt"])
    d, n, m = g.qs(3)
    if g.imm(0, 3) == 0:
        return ["%s.p%d %s, %s, %s" % (op, g.es((8, 16)), d, n, m)]
    return ["%s.%s%d %s, %s, %s" % (op, g.pick(S), g.es(), d, n, m)]


@tpl()
def vqdmull(g):
    op = g.pick(["vqdmullb", "vqdmullt"])
    d, n, m = g.qs(3)
    if g.imm(0, 1):
        m = g.r()
    return ["%s.s%d %s, %s, %s" % (op, g.es((16, 32)), d, n, m)]


@tpl()
def scalar3(g):
    op = g.pick(["vadd.i", "vsub.i", "vmul.i", "vqadd.s", "vqadd.u", "vqsub.s", "vqsub.u",
                 "vhadd.s", "vhadd.u", "vhsub.s", "vhsub.u", "vmla.s", "vmla.u", "vmlas.s", "vmlas.u",
                 "vqdmlah.s", "vqrdmlah.s", "vqdmlash.s", "vqrdmlash.s"])
    d, n = g.qs(2)
    return ["%s%d %s, %s, %s" % (op, g.es(), d, n, g.r())]


@tpl()
def vbrsr(g):
    d, n = g.qs(2)
    return ["vbrsr.%d %s, %s, %s" % (g.es(), d, n, g.r())]


@tpl()
def dual_mul(g):
    op = g.pick(["vqdmladh", "vqdmladhx", "vqrdmladh", "vqrdmladhx",
                 "vqdmlsdh", "vqdmlsdhx", "vqrdmlsdh", "vqrdmlsdhx"])
    d, n, m = g.qs(3)
    return ["%s.s%d %s, %s, %s" % (op, g.es(), d, n, m)]


@tpl()
def cadd(g):
    d, n, m = g.qs(3)
    rot = g.pick((90, 270))
    if g.imm(0, 1):
        return ["vcadd.i%d %s, %s, %s, #%d" % (g.es(), d, n, m, rot)]
    return ["vhcadd.s%d %s, %s, %s, #%d" % (g.es(), d, n, m, rot)]


@tpl()
def adc(g):
    d, n, m = g.qs(3)
    return ["%s.i32 %s, %s, %s" % (g.pick(["vadc", "vadci", "vsbc", "vsbci"]), d, n, m)]


@tpl()
def unary(g):
    d, m = g.qs(2)
    k = g.imm(0, 7)
    if k == 0:
        return ["%s.s%d %s, %s" % (g.pick(["vabs", "vneg", "vqabs", "vqneg", "vcls"]), g.es(), d, m)]
    if k == 1:
        return ["vclz.i%d %s, %s" % (g.es(), d, m)]
    if k == 2:
        return ["vmvn %s, %s" % (d, m)]
    if k == 3:
        return ["vmov %s, %s" % (d, m)]
    if k == 4:
        return ["vrev16.8 %s, %s" % (d, m)]
    if k == 5:
        return ["vrev32.%d %s, %s" % (g.es((8, 16)), d, m)]
    if k == 6:
        return ["vrev64.%d %s, %s" % (g.es(), d, m)]
    return ["%s.s%d %s, %s" % (g.pick(["vmaxa", "vmina"]), g.es(), d, m)]


@tpl()
def narrow(g):
    d, m = g.qs(2)
    bt = g.pick("bt")
    es = g.es((16, 32))
    k = g.imm(0, 3)
    if k == 0:
        return ["vmovn%s.i%d %s, %s" % (bt, es, d, m)]
    if k == 1:
        return ["vqmovn%s.%s%d %s, %s" % (bt, g.pick(S), es, d, m)]
    if k == 2:
        return ["vqmovun%s.s%d %s, %s" % (bt, es, d, m)]
    return ["vmovl%s.%s%d %s, %s" % (bt, g.pick(S), g.es((8, 16)), d, m)]


def mod_imm(g, es):
    b = g.imm(0, 255)
    if es == 8:
        return b
    if es == 16:
        return b << g.pick((0, 8))
    if es == 32:
        k = g.imm(0, 5)
        if k < 4:
            return b << (8 * k)
        return (b << 8 | 0xFF) if k == 4 else (b << 16 | 0xFFFF)
    v = 0
    for i in range(8):
        v |= g.pick((0, 0xFF)) << (8 * i)
    return v


@tpl()
def vmov_imm(g):
    d = g.q()
    k = g.imm(0, 4)
    if k == 0:
        es = g.es((8, 16, 32, 64))
        return ["vmov.i%d %s, #0x%x" % (es, d, mod_imm(g, es))]
    if k == 1:
        es = g.es((16, 32))
        v = mod_imm(g, es) if es == 16 else g.imm(0, 255) << (8 * g.imm(0, 3))
        return ["vmvn.i%d %s, #0x%x" % (es, d, v)]
    if k == 2:
        es = g.es((16, 32))
        v = g.imm(1, 255) << (8 * g.imm(0, es // 8 - 1))
        return ["%s.i%d %s, #0x%x" % (g.pick(["vorr", "vbic"]), es, d, v)]
    if k == 3:
        return ["vmov.f32 %s, #%s" % (d, g.pick(["1.0", "-0.5", "2.5", "-3.75", "0.125", "31.0", "-1.0625"]))]
    return ["vdup.%d %s, %s" % (g.es(), d, g.r())]


# ---------------------------------------------------------------- shifts
@tpl(weight=2)
def shift_imm(g):
    d, m = g.qs(2)
    es = g.es()
    k = g.imm(0, 6)
    if k == 0:
        return ["vshl.i%d %s, %s, #%d" % (es, d, m, g.imm(0, es - 1))]
    if k == 1:
        return ["%s.%s%d %s, %s, #%d" % (g.pick(["vshr", "vrshr"]), g.pick(S), es, d, m, g.imm(1, es))]
    if k == 2:
        return ["vqshl.%s%d %s, %s, #%d" % (g.pick(S), es, d, m, g.imm(0, es - 1))]
    if k == 3:
        return ["vqshlu.s%d %s, %s, #%d" % (es, d, m, g.imm(0, es - 1))]
    if k == 4:
        return ["vsli.%d %s, %s, #%d" % (es, d, m, g.imm(0, es - 1))]
    if k == 5:
        return ["vsri.%d %s, %s, #%d" % (es, d, m, g.imm(1, es))]
    es = g.es((8, 16))
    return ["vshll%s.%s%d %s, %s, #%d" % (g.pick("bt"), g.pick(S), es, d, m, g.imm(1, es))]


@tpl()
def shift_narrow(g):
    d, m = g.qs(2)
    es = g.es((16, 32))
    sh = g.imm(1, es // 2)
    return ["%s%s.i%d %s, %s, #%d" % (g.pick(["vshrn", "vrshrn"]), g.pick("bt"), es, d, m, sh)]


@tpl(pred=False, weight=2)
def qshift_narrow(g):
    """Saturating narrowing shifts, as .inst.w (so never in a VPT block)."""
    d, m = g.qs(2)
    es = g.es((16, 32))
    bt = g.pick("bt")
    sh = g.imm(1, es // 2)
    # VQ(R)SHRN, VQ(R)SHRUN by hand: binutils 2.40 assembles VQSHRN as VQRSHRN
    # and VQSHRUN as VQRSHRUN.
    op = g.pick(["vqshrn", "vqrshrn", "vqshrun", "vqrshrun"])
    s = g.pick(S) if "un" not in op else "s"
    if op in ("vqshrn", "vqrshrn"):
        u, op1, op0 = int(s == "u"), 0, int(op == "vqrshrn")
    else:
        u, op1, op0 = int(op == "vqrshrun"), 1, 0
    insn = 0xEE800F40 | u << 28 | (es - sh) << 16 | int(d[1:]) << 13 | int(bt == "t") << 12
    insn |= op1 << 7 | int(m[1:]) << 1 | op0
    return [".inst.w 0x%08x  @ %s%s.%s%d %s, %s, #%d" % (insn, op, bt, s, es, d, m, sh)]


@tpl(weight=2)
def shift_reg(g):
    op = g.pick(["vshl", "vrshl", "vqshl", "vqrshl"])
    d, n, m = g.qs(3)
    if g.imm(0, 1):
        return ["%s.%s%d %s, %s, %s" % (op, g.pick(S), g.es(), d, m, n)]
    return ["%s.%s%d %s, %s" % (op, g.pick(S), g.es(), d, g.r())]


@tpl()
def vshlc(g):
    return ["vshlc %s, %s, #%d" % (g.q(), g.r(), g.imm(1, 32))]


@tpl(pred=False, weight=2)
def long_shift(g):
    lo = g.even(avoid=("r12",))
    hi = g.odd()
    k = g.imm(0, 5)
    if k == 0:
        return ["%s %s, %s, #%d" % (g.pick(["asrl", "lsll", "lsrl", "sqshll", "uqshll", "srshrl", "urshrl"]),
                                    lo, hi, g.imm(1, 32))]
    if k == 1:
        m = g.pick([r for r in ["r%d" % i for i in range(13)] if r not in (lo, hi)])
        return ["%s %s, %s, %s" % (g.pick(["asrl", "lsll"]), lo, hi, m)]
    if k == 2:
        m = g.pick([r for r in ["r%d" % i for i in range(13)] if r not in (lo, hi)])
        return ["%s %s, %s, #%d, %s" % (g.pick(["sqrshrl", "uqrshll"]), lo, hi, g.pick((48, 64)), m)]
    if k == 3:
        return ["%s %s, #%d" % (g.pick(["sqshl", "uqshl", "srshr", "urshr"]), g.r(), g.imm(1, 32))]
    da, m = g.rs(2)
    return ["%s %s, %s" % (g.pick(["sqrshr", "uqrshl"]), da, m)]


# ---------------------------------------------------------------- reductions
@tpl(weight=2)
def addv(g):
    m = g.q()
    k = g.imm(0, 3)
    if k == 0:
        return ["%s.%s%d %s, %s" % (g.pick(["vaddv", "vaddva"]), g.pick(S), g.es(), g.even(), m)]
    if k == 1:
        return ["%s.%s32 %s, %s, %s" % (g.pick(["vaddlv", "vaddlva"]), g.pick(S), g.even(), g.odd(), m)]
    if k == 2:
        return ["%s.%s%d %s, %s" % (g.pick(["vmaxv", "vminv"]), g.pick(S), g.es(), g.r(), m)]
    return ["%s.s%d %s, %s" % (g.pick(["vmaxav", "vminav"]), g.es(), g.r(), m)]


@tpl()
def abav(g):
    n, m = g.qs(2)
    return ["vabav.%s%d %s, %s, %s" % (g.pick(S), g.es(), g.r(), n, m)]


@tpl(weight=3)
def mladav(g):
    n, m = g.qs(2)
    a = g.pick(["", "a"])
    k = g.imm(0, 5)
    if k == 0:
        return ["vmladav%s.%s%d %s, %s, %s" % (a, g.pick(S), g.es(), g.even(), n, m)]
    if k == 1:
        return ["%s%s%s.s%d %s, %s, %s" % (g.pick(["vmladav", "vmlsdav"]), a, g.pick(["", "x"]), g.es(),
                                           g.even(), n, m)]
    if k == 2:
        return ["vmlaldav%s.%s%d %s, %s, %s, %s" % (a, g.pick(S), g.es((16, 32)), g.even(), g.odd(), n, m)]
    if k == 3:
        return ["%s%s%s.s%d %s, %s, %s, %s" % (g.pick(["vmlaldav", "vmlsldav"]), a, g.pick(["", "x"]),
                                               g.es((16, 32)), g.even(), g.odd(), n, m)]
    if k == 4:
        return ["vrmlaldavh%s.%s32 %s, %s, %s, %s" % (a, g.pick(S), g.even(), g.odd(), n, m)]
    return ["%s%s%s.s32 %s, %s, %s, %s" % (g.pick(["vrmlaldavh", "vrmlsldavh"]), a, g.pick(["", "x"]),
                                           g.even(), g.odd(), n, m)]


@tpl()
def nmv(g):
    op = g.pick(["vmaxnmv", "vminnmv", "vmaxnmav", "vminnmav"])
    return ["%s.f%d %s, %s" % (op, g.pick((16, 32)), g.r(), g.q())]


# ---------------------------------------------------------------- predicates
@tpl(weight=2)
def vcmp(g):
    n, m = g.qs(2)
    if g.imm(0, 2) == 0:
        m = g.r()
    k = g.imm(0, 3)
    if k == 0:
        return ["vcmp.i%d %s, %s, %s" % (g.es(), g.pick(["eq", "ne"]), n, m)]
    if k == 1:
        return ["vcmp.s%d %s, %s, %s" % (g.es(), g.pick(["ge", "lt", "gt", "le"]), n, m)]
    if k == 2:
        return ["vcmp.u%d %s, %s, %s" % (g.es(), g.pick(["cs", "hi"]), n, m)]
    return ["vcmp.f%d %s, %s, %s" % (g.pick((16, 32)), g.pick(["eq", "ne", "ge", "lt", "gt", "le"]), n, m)]


@tpl(pred=False)
def vpsel(g):
    d, n, m = g.qs(3)
    return ["vpsel %s, %s, %s" % (d, n, m)]


@tpl(pred=False)
def vpnot(g):
    return ["vpnot"]


@tpl()
def vctp(g):
    r = g.r()
    if g.imm(0, 1):
        g.setr(r, g.imm(0, 20))
    return ["vctp.%d %s" % (g.pick((8, 16, 32, 64)), r)]


@tpl(pred=False)
def vpr_move(g):
    r = g.r()
    if g.imm(0, 1):
        return ["vmrs %s, p0" % r]
    return ["vmsr p0, %s" % r]


@tpl(pred=False)
def fpscr_nzcvqc(g):
    r = g.r()
    if g.imm(0, 1):
        return ["vmrs %s, fpscr_nzcvqc" % r]
    return ["vmsr fpscr_nzcvqc, %s" % r]


# ---------------------------------------------------------------- lanes
@tpl()
def vdup_idup(g):
    d = g.q()
    es = g.es()
    k = g.imm(0, 2)
    step = g.pick((1, 2, 4, 8))
    if k == 0:
        return ["vdup.%d %s, %s" % (es, d, g.r())]
    n = g.even()
    if k == 1:
        return ["%s.u%d %s, %s, #%d" % (g.pick(["vidup", "vddup"]), es, d, n, step)]
    m = g.odd()
    g.setr(m, g.imm(0, 64) * step)
    g.setr(n, g.imm(0, 64) * step)
    return ["%s.u%d %s, %s, %s, #%d" % (g.pick(["viwdup", "vdwdup"]), es, d, n, m, step)]


@tpl(pred=False)
def lane_move(g):
    q = g.q()
    k = g.imm(0, 3)
    if k == 0:
        es = g.es()
        return ["vmov.%d %s[%d], %s" % (es, q, g.imm(0, 128 // es - 1), g.r())]
    if k == 1:
        es = g.es()
        dt = "32" if es == 32 else g.pick(S) + str(es)
        return ["vmov.%s %s, %s[%d]" % (dt, g.r(), q, g.imm(0, 128 // es - 1))]
    lane = g.pick((2, 3))
    if k == 2:
        t, t2 = g.rs(2)
        return ["vmov %s, %s, %s[%d], %s[%d]" % (t, t2, q, lane, q, lane - 2)]
    return ["vmov %s[%d], %s[%d], %s, %s" % (q, lane, q, lane - 2, g.r(), g.r())]


# ---------------------------------------------------------------- float
def fsz(g):
    return g.pick((16, 32))


@tpl(weight=3)
def float3(g):
    op = g.pick(["vadd", "vsub", "vmul", "vabd", "vmaxnm", "vminnm", "vfma", "vfms"])
    d, n, m = g.qs(3)
    return ["%s.f%d %s, %s, %s" % (op, fsz(g), d, n, m)]


@tpl()
def float_scalar(g):
    op = g.pick(["vadd", "vsub", "vmul", "vfma", "vfmas"])
    d, n = g.qs(2)
    return ["%s.f%d %s, %s, %s" % (op, fsz(g), d, n, g.r())]


@tpl()
def float2(g):
    d, m = g.qs(2)
    k = g.imm(0, 2)
    if k == 0:
        return ["%s.f%d %s, %s" % (g.pick(["vabs", "vneg"]), fsz(g), d, m)]
    if k == 1:
        return ["%s.f%d %s, %s" % (g.pick(["vmaxnma", "vminnma"]), fsz(g), d, m)]
    return ["vrint%s.f%d %s, %s" % (g.pick("nxazmp"), fsz(g), d, m)]


@tpl()
def fcomplex(g):
    d, n, m = g.qs(3)
    k = g.imm(0, 2)
    if k == 0:
        return ["vcadd.f%d %s, %s, %s, #%d" % (fsz(g), d, n, m, g.pick((90, 270)))]
    if k == 1:
        return ["vcmul.f%d %s, %s, %s, #%d" % (fsz(g), d, n, m, g.pick((0, 90, 180, 270)))]
    return ["vcmla.f%d %s, %s, %s, #%d" % (fsz(g), d, n, m, g.pick((0, 90, 180, 270)))]


@tpl(weight=2)
def fcvt(g):
    d, m = g.qs(2)
    k = g.imm(0, 3)
    es = fsz(g)
    s = g.pick(S)
    if k == 0:
        return ["vcvt.f%d.%s%d %s, %s" % (es, s, es, d, m)]
    if k == 1:
        return ["vcvt.%s%d.f%d %s, %s" % (s, es, es, d, m)]
    if k == 2:
        if g.imm(0, 1):
            return ["vcvt.f%d.%s%d %s, %s, #%d" % (es, s, es, d, m, g.imm(1, es))]
        return ["vcvt.%s%d.f%d %s, %s, #%d" % (s, es, es, d, m, g.imm(1, es))]
    return ["vcvt%s.%s%d.f%d %s, %s" % (g.pick("anpm"), s, es, es, d, m)]


@tpl(pred=False)
def fcvt_bt(g):
    """VCVTB/VCVTT between f16 and f32.  Debian's binutils 2.40 encodes the
    register fields of these wrongly (QEMU then takes UNDEFINSTR), so they are
    emitted by hand: Armv8.1-M VCVTB/VCVTT (between half and single)."""
    d, m = g.qs(2)
    top = g.imm(0, 1)
    to_single = g.imm(0, 1)
    insn = (0xFE3F if to_single else 0xEE3F) << 16
    insn |= int(d[1:]) << 13 | top << 12 | 0xE00 | int(m[1:]) << 1 | 1
    text = "vcvt%s.%s %s, %s" % ("bt"[top], "f32.f16" if to_single else "f16.f32", d, m)
    return [".inst.w 0x%08x  @ %s" % (insn, text)]


# ---------------------------------------------------------------- memory
LOADS = [("vldrb", "u8", 1, 1), ("vldrb", "s16", 1, 2), ("vldrb", "u16", 1, 2),
         ("vldrb", "s32", 1, 4), ("vldrb", "u32", 1, 4), ("vldrh", "u16", 2, 2),
         ("vldrh", "s32", 2, 4), ("vldrh", "u32", 2, 4), ("vldrw", "u32", 4, 4)]
STORES = [("vstrb", "8", 1, 1), ("vstrb", "16", 1, 2), ("vstrb", "32", 1, 4),
          ("vstrh", "16", 2, 2), ("vstrh", "32", 2, 4), ("vstrw", "32", 4, 4)]


@tpl(mem=True, weight=3)
def ld_st(g):
    op, dt, msz, esz = g.pick(LOADS if g.imm(0, 1) else STORES)
    widen = msz != esz
    span = 16 // esz * msz
    imm = g.imm(-127, 127) * msz
    mode = g.imm(0, 2)
    lo = min(0, imm)
    hi = max(span, imm + span)
    rn = g.base(max(msz, 4), lo, hi, low=widen)
    if mode == 0:
        addr = "[%s, #%d]" % (rn, imm)
    elif mode == 1:
        addr = "[%s, #%d]!" % (rn, imm)
    else:
        addr = "[%s], #%d" % (rn, imm)
    return ["%s.%s %s, %s" % (op, dt, g.q(), addr)]


@tpl(mem=True, weight=2)
def gather(g):
    load = g.imm(0, 1)
    op, dt, msz, esz = g.pick((LOADS if load else STORES) + [("vldrd" if load else "vstrd",
                                                               "u64" if load else "64", 8, 8)])
    d, m = g.qs(2)
    lanes = 16 // esz
    shifted = msz > 1 and g.imm(0, 1)
    maxidx = min(255 if esz == 1 else 512, (BUF_SIZE // 2) // msz)
    vals = [g.imm(0, maxidx - 1) for _ in range(lanes)]
    offs = vals if shifted else [v * msz for v in vals]
    if esz == 1:
        offs = [g.imm(0, 255) for _ in range(lanes)]
        shifted = False
    g.setq_lanes(m, esz, offs)
    rn = g.base(16, 0, max(offs) * (msz if shifted else 1) + msz)
    sh = ", uxtw #%d" % {2: 1, 4: 2, 8: 3}[msz] if shifted else ""
    return ["%s.%s %s, [%s, %s%s]" % (op, dt, d, rn, m, sh)]


@tpl(mem=True)
def gather_qbase(g):
    load = g.imm(0, 1)
    dbl = g.imm(0, 1)
    d, m = g.qs(2)
    sz = 8 if dbl else 4
    imm = g.imm(-127, 127) * sz
    lanes = 2 if dbl else 4
    for i in range(lanes):
        off = g.rng.randrange(max(0, -imm), BUF_SIZE - max(0, imm) - sz)
        off -= off % sz
        g.setq_addr(m, i * (4 // lanes), off)
        if dbl:
            g.setq_word(m, 2 * i + 1, g.rng.getrandbits(32))
    wb = "!" if g.imm(0, 1) else ""
    if dbl:
        op = "vldrd.u64" if load else "vstrd.64"
    else:
        op = "vldrw.u32" if load else "vstrw.32"
    return ["%s %s, [%s, #%d]%s" % (op, d, m, imm, wb)]


@tpl(pred=False, mem=True)
def ld_st_2_4(g):
    four = g.imm(0, 1)
    es = g.es()
    first = g.imm(0, 4 if four else 6)
    regs = ", ".join("q%d" % (first + i) for i in range(4 if four else 2))
    pat = g.imm(0, 3 if four else 1)
    wb = "!" if g.imm(0, 1) else ""
    rn = g.base(4, 0, 64 if four else 32)
    op = ("vld" if g.imm(0, 1) else "vst") + ("4" if four else "2") + str(pat)
    return ["%s.%d {%s}, [%s]%s" % (op, es, regs, rn, wb)]


# ---------------------------------------------------------------- loops
@tpl(pred=False, mem=True)
def tp_loop(g):
    """A tail-predicated loop: acc += load; store acc."""
    es = g.es()
    src, dst, cnt = g.rs(3, pool=range(13))
    n = g.imm(0, 40)
    g.setr(cnt, n)
    span = (n + 16) * es // 8 + 16
    g.ptr(src, g.rng.randrange(0, BUF_SIZE // 2 - span) & ~15)
    g.ptr(dst, (g.rng.randrange(BUF_SIZE // 2, BUF_SIZE - span)) & ~15)
    a, v = g.qs(2)
    op = g.pick(["vadd.i%d" % es, "vqadd.s%d" % es, "vmax.u%d" % es, "vmul.i%d" % es])
    return ["dlstp.%d lr, %s" % (es, cnt),
            "1: vldr%s.u%d %s, [%s], #16" % ({8: "b", 16: "h", 32: "w"}[es], es, v, src),
            "%s %s, %s, %s" % (op, a, a, v),
            "vstr%s.%d %s, [%s], #16" % ({8: "b", 16: "h", 32: "w"}[es], es, a, dst),
            "letp lr, 1b"]


@tpl(pred=False)
def tp_loop_reduce(g):
    """A tail-predicated dot product loop over register data (VMLADAVA)."""
    es = g.es()
    cnt = g.r()
    acc = g.even(avoid=(cnt,))
    n = g.imm(0, 3 * 128 // es)
    g.setr(cnt, n)
    a, b = g.qs(2)
    return ["dlstp.%d lr, %s" % (es, cnt),
            "1: vmladava.s%d %s, %s, %s" % (es, acc, a, b),
            "vadd.i%d %s, %s, %s" % (es, a, a, b),
            "letp lr, 1b"]


# ---------------------------------------------------------------- generation
def with_suffix(line, c):
    mnem, _, rest = line.partition(" ")
    base, dot, dt = mnem.partition(".")
    return "%s%s%s%s %s" % (base, c, dot, dt, rest)


def vpt_prefix(g, mask):
    if g.imm(0, 2):
        return "vpst" + mask
    n, m = g.qs(2)
    if g.imm(0, 1):
        m = g.r()
    k = g.imm(0, 2)
    if k == 0:
        return "vpt%s.i%d %s, %s, %s" % (mask, g.es(), g.pick(["eq", "ne"]), n, m)
    if k == 1:
        return "vpt%s.s%d %s, %s, %s" % (mask, g.es(), g.pick(["ge", "lt", "gt", "le"]), n, m)
    return "vpt%s.f%d %s, %s, %s" % (mask, g.pick((16, 32)), g.pick(["ge", "lt", "gt", "le", "eq"]), n, m)


def generate(seed, count, names):
    rng = random.Random(seed)
    weights = [TEMPLATES[n].weight for n in names]
    pred_names = [n for n in names if TEMPLATES[n].pred]
    pred_nomem = [n for n in pred_names if not TEMPLATES[n].mem]
    steps = []
    for _ in range(count):
        g = G(rng)
        name = rng.choices(names, weights)[0]
        t = TEMPLATES[name]
        lines = t.fn(g)
        if t.pred and len(lines) == 1 and rng.random() < 0.25 and pred_nomem:
            k = rng.randint(1, 4)
            mask = "".join(rng.choice("te") for _ in range(k - 1))
            body = [with_suffix(lines[0], "t")]
            tnames = [name]
            for c in mask:
                n2 = rng.choice(pred_nomem)
                body.append(with_suffix(TEMPLATES[n2].fn(g)[0], c))
                tnames.append(n2)
            lines = [vpt_prefix(g, mask)] + body
            name = "+".join(["vpt"] + tnames)
        steps.append((name, lines, g.fix))
    return rng, steps


def rand_word(rng, es_hint=None):
    k = rng.randint(0, 9)
    if k <= 3:
        return rng.getrandbits(32)
    if k == 4:
        return rng.choice([0, 0xFFFFFFFF, 0x80000000, 0x7FFFFFFF, 0x80008000, 0x7FFF7FFF, 0x7F7F7F7F,
                           0x80808080, 0x00000001, 0xFFFF0000, 0x0000FFFF, 0x7F800000, 0xFF800000,
                           0x7FC00000, 0x00800000, 0x3F800000, 0x7C007C00, 0x3C00BC00])
    if k == 5:   # small signed values in every lane size
        return rng.choice([rng.randint(-40, 40) & 0xFFFFFFFF,
                           (rng.randint(-40, 40) & 0xFFFF) | (rng.randint(-40, 40) & 0xFFFF) << 16])
    if k in (6, 7):   # an ordinary float32
        import struct
        f = rng.choice([rng.uniform(-100, 100), rng.uniform(-1, 1), float(rng.randint(-1000, 1000)) / 8])
        return struct.unpack("<I", struct.pack("<f", f))[0]
    # two ordinary float16 values
    import struct
    hs = [struct.unpack("<H", struct.pack("<e", rng.uniform(-60, 60)))[0] for _ in range(2)]
    return hs[0] | hs[1] << 16


def emit(seed, count, names, out):
    rng, steps = generate(seed, count, names)
    q = [rand_word(rng) for _ in range(32)]
    r = [rand_word(rng) for _ in range(13)]
    apsr = rng.getrandbits(5) << 27 | rng.getrandbits(4) << 16
    fpscr = rng.getrandbits(5) << 27 | 4 << 16 | rng.getrandbits(5) | rng.getrandbits(1) << 7
    if rng.random() < 0.3:
        fpscr |= rng.getrandbits(2) << 22   # rounding mode
    if rng.random() < 0.3:
        fpscr |= rng.getrandbits(3) << 24   # AHP, DN, FZ
    if rng.random() < 0.3:
        fpscr |= 1 << 19                    # FZ16
    vpr = rng.getrandbits(16)
    buf = bytes(rng.getrandbits(8) for _ in range(BUF_SIZE))

    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "gen.c"), "w") as f:
        f.write("/* generated by tests/mve_random/gen.py --seed %d --count %d */\n" % (seed, count))
        f.write("#include <stdint.h>\n\n")
        f.write("struct mvr_state { uint32_t q[32], r[13], apsr, fpscr, vpr; };\n")
        f.write("extern struct mvr_state mvr_st;\nextern uint8_t mvr_buf[];\n")
        f.write("void mvr_dump(int step);\n")
        f.write("const uint32_t mvr_init_q[32] = {%s};\n" % ", ".join("0x%08xu" % v for v in q))
        f.write("const uint32_t mvr_init_r[13] = {%s};\n" % ", ".join("0x%08xu" % v for v in r))
        f.write("const uint32_t mvr_init_apsr = 0x%08xu, mvr_init_fpscr = 0x%08xu, mvr_init_vpr = 0x%08xu;\n"
                % (apsr, fpscr, vpr))
        f.write("const uint8_t mvr_buf_init[%d] = {\n" % BUF_SIZE)
        for i in range(0, BUF_SIZE, 32):
            f.write("    %s,\n" % ", ".join(str(b) for b in buf[i:i + 32]))
        f.write("};\n\n")
        for i in range(len(steps)):
            f.write("void mvr_step_%d(void);\n" % i)
        f.write("\nvoid mvr_run(void)\n{\n")
        for i, (_, _, fix) in enumerate(steps):
            for s in fix:
                f.write("    %s\n" % s)
            f.write("    mvr_step_%d();\n    mvr_dump(%d);\n" % (i, i))
        f.write("}\n")
    with open(os.path.join(out, "steps.S"), "w") as f:
        f.write("@ generated by tests/mve_random/gen.py --seed %d --count %d\n" % (seed, count))
        f.write("    .syntax unified\n    .thumb\n")
        for i, (name, lines, _) in enumerate(steps):
            f.write(STEP_HEAD.replace("@N", str(i)))
            f.write("@ step %d: %s\n" % (i, name))
            for ln in lines:
                f.write("    %s\n" % ln)
            f.write(STEP_TAIL)
    with open(os.path.join(out, "steps.txt"), "w") as f:
        for i, (name, lines, _) in enumerate(steps):
            f.write("%d %s %s\n" % (i, name, "; ".join(lines)))


# Load the whole state from mvr_st (C code's FPSCR, VPR, callee-saved
# registers kept on the stack), run the step, store the whole state back.
STEP_HEAD = """
    .section .text.mvr_step_@N,"ax",%progbits
    .global mvr_step_@N
    .type mvr_step_@N, %function
    .thumb_func
mvr_step_@N:
    push {r4-r11, lr}
    vpush {d8-d15}
    vmrs r0, fpscr
    vmrs r1, vpr
    push {r0, r1}
    ldr r12, =mvr_st
    vldm r12, {d0-d15}
    ldr r0, [r12, #184]
    vmsr fpscr, r0
    ldr r0, [r12, #188]
    vmsr vpr, r0
    ldr r0, [r12, #180]
    msr apsr_nzcvqg, r0
    add.w r12, r12, #128
    ldm r12, {r0-r12}
"""

STEP_TAIL = """    push {r0-r12}
    ldr r0, =mvr_st
    vstm r0, {d0-d15}
    mrs r1, apsr
    vmrs r2, fpscr
    vmrs r3, vpr
    str r1, [r0, #180]
    str r2, [r0, #184]
    str r3, [r0, #188]
    add.w r0, r0, #128
    pop {r1-r7}
    stm r0!, {r1-r7}
    pop {r1-r6}
    stm r0!, {r1-r6}
    pop {r0, r1}
    vmsr fpscr, r0
    vmsr vpr, r1
    vpop {d8-d15}
    pop {r4-r11, pc}
    .ltorg
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--exclude", default="", help="comma-separated template names")
    ap.add_argument("--only", default="", help="comma-separated template names")
    ap.add_argument("--out")
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()
    if a.list:
        print("\n".join(TEMPLATES))
        return 0
    names = [n for n in TEMPLATES]
    if a.only:
        names = [n for n in a.only.split(",") if n]
    excl = set(n for n in a.exclude.split(",") if n)
    bad = [n for n in names + list(excl) if n not in TEMPLATES]
    if bad:
        print("gen.py: unknown template(s): %s" % ", ".join(bad), file=sys.stderr)
        return 2
    names = [n for n in names if n not in excl]
    if not names or not a.out:
        print("gen.py: need --out and at least one template", file=sys.stderr)
        return 2
    emit(a.seed, a.count, names, a.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
