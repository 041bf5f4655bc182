#!/usr/bin/env python3
"""The two-chain model of tests/runtime/gen_float_ops.py (chains_and_state:
chain 0 is one add; chain 1 is a mul, a JumpFalseCall, a skipped mul and a
sub), whose operator calls are at (chain, instruction) 0:0, 1:0 and 1:3 --
not the operator index -- for the ETDump's chain_index and instruction_id.

  python3 tests/etdump/gen_chains.py OUTDIR   -> OUTDIR/chains_and_state.pte, .in0.f32"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "runtime"))
from gen_float_ops import chains_and_state  # noqa: E402

if __name__ == "__main__":
    os.makedirs(sys.argv[1], exist_ok=True)
    c, expect, outs = chains_and_state()
    c.write(sys.argv[1], expect, outs)
