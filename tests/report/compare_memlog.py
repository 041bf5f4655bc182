#!/usr/bin/env python3
"""Compare etsim's memory-access trace with QEMU's (tests/report/qemu_memlog.c).

    compare_memlog.py ETSIM_DUMP QEMU_LOG

ETSIM_DUMP is `etsim-trace dump` of a level-2 trace; QEMU_LOG the plugin's log
of the same firmware.  Instruction by instruction, the bytes each one read and
wrote must be the same (address and direction of every byte; the values are
not in QEMU's log).  Bytes, not accesses, because the two split the same
transfer differently: etsim moves a whole Helium vector as one 16-byte burst
(as the M55's load/store unit does) where QEMU goes element by element, and
QEMU moves a D register as one 8-byte access where etsim makes two 4-byte ones.

What QEMU's log leaves out or adds, by design (the plugin's findings):
  * exception entry and return (stacking, unstacking, the vector table) are
    not in QEMU's log: etsim's accesses flagged so are skipped;
  * an instruction that faults has a line in QEMU's log but does not retire
    in etsim: the accesses it completed before the fault then come before
    the handler's first instruction in etsim, so they are carried forward;
  * a successful STREX/STLEX is a compare-and-exchange in QEMU, logged as a
    read and a write: the read is dropped.
QEMU takes interrupts at the end of a translation block: run it with
-singlestep so that it takes them where the architecture (and etsim) does.
Exit 0 when every instruction matches, 1 otherwise (the first mismatches are
printed), 2 on unreadable input.
"""
import re
import sys

INSN = re.compile(r"^\s*\d+\s+0x([0-9a-f]{8})\s+\d+\s+[0-9a-f]{4}(?: [0-9a-f]{4}|     )\s+(\S+)")
MEM = re.compile(r"^\s+([RW]) 0x([0-9a-f]{8})\s+(\d+)\s")
MAX_SKIPS = 2          # QEMU lines in a row with no etsim record: faulting instructions


def read_etsim(path):
    insns = []
    on = False
    for line in open(path):
        if line.startswith("instructions:"):
            on = True
            continue
        if not on:
            continue
        m = INSN.match(line)
        if m:
            insns.append((int(m.group(1), 16), m.group(2), []))
            continue
        m = MEM.match(line)
        if m and insns and "(exception entry/return)" not in line:
            insns[-1][2].append((m.group(1), int(m.group(2), 16), int(m.group(3))))
    return insns


def read_qemu(path):
    insns = []
    for line in open(path):
        f = line.split()
        if f[0] == "I":
            insns.append((int(f[1], 16), []))
        elif f[0] in "RW" and insns:
            insns[-1][1].append((f[0], int(f[1], 16), int(f[2])))
    return insns


def byte_set(accesses):
    return sorted((rw, a + i) for rw, a, n in accesses for i in range(n))


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        ours = read_etsim(sys.argv[1])
        theirs = read_qemu(sys.argv[2])
    except (OSError, ValueError, IndexError) as e:
        print("compare_memlog: %s" % e, file=sys.stderr)
        return 2
    if not ours or not theirs:
        print("compare_memlog: no instructions (etsim %d, QEMU %d)" % (len(ours), len(theirs)), file=sys.stderr)
        return 2
    i = j = 0
    carried = []
    mismatches = accesses = nbytes = skipped = 0
    while i < len(ours) and j < len(theirs):
        pc, mnemonic, mine = ours[i]
        qpc, qmem = theirs[j]
        if pc != qpc:
            skips = 0
            while j < len(theirs) and theirs[j][0] != pc and skips < MAX_SKIPS:
                carried += theirs[j][1]
                j += 1
                skips += 1
            if j == len(theirs) or theirs[j][0] != pc:
                print("diverged at etsim instruction %d (pc 0x%08x), QEMU line for pc 0x%08x" % (i, pc, qpc))
                mismatches += 1
                break
            skipped += skips
            qpc, qmem = theirs[j]
        if mnemonic.startswith(("strex", "stlex")):
            qmem = [a for a in qmem if a[0] == "W"]
        want = byte_set(carried + qmem)
        got = byte_set(mine)
        carried = []
        if got != want:
            mismatches += 1
            if mismatches <= 10:
                print("instruction %d at 0x%08x (%s): etsim %s, QEMU %s" % (i, pc, mnemonic, mine, qmem))
        accesses += len(mine)
        nbytes += len(got)
        i += 1
        j += 1
    if not mismatches and (i != len(ours) or j != len(theirs)):
        print("lengths differ: etsim %d instructions (compared %d), QEMU %d (compared %d)" %
              (len(ours), i, len(theirs), j))
        mismatches += 1
    print("%d instructions, %d accesses, %d bytes compared; %d QEMU lines of faulting instructions; "
          "%d mismatches" % (i, accesses, nbytes, skipped, mismatches))
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
