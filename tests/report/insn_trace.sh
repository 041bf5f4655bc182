#!/bin/bash
# Tests of instruction-level traces (etsim --trace FILE --trace-level insn,
# docs/trace.md "Level 1").
#
#   insn_trace.sh --etsim BIN --etsim-san BIN --trace-tool BIN --trace-fuzz BIN --shared DIR --out DIR --fw DIR
set -u
here=$(dirname "$0")
# shellcheck source=tests/report/lib.sh
. "$here/lib.sh"
report_test_setup "$@"

runner=$fw/runner.elf
kws=$shared/models/kws_dscnn_cortex_m.pte
yes=$shared/models/kws_inputs/mfcc_yes.f32
no=$shared/models/kws_inputs/mfcc_no.f32
prog=$fw/tests/int_arith-O2.elf

echo "insn traces: a test program, instruction count and reset handler"
"$etsim" --trace "$out/prog.trc" --trace-level insn "$prog" > /dev/null 2> "$out/prog.err"
rc=$?
"$etsim_san" -q --trace "$out/prog-san.trc" --trace-level insn "$prog" > /dev/null 2>&1
rc_san=$?
if [ $rc = 0 ] && [ $rc_san = 0 ]; then ok "int_arith runs with --trace-level insn (both builds)"; else bad "int_arith: exit $rc / $rc_san"; fi
if cmp -s "$out/prog.trc" "$out/prog-san.trc"; then
    ok "deterministic: the same trace from the optimised and the sanitizer build"
else
    bad "the sanitizer build's trace differs"
fi
want=$(sed -n 's/^ *instructions *\([0-9]*\).*/\1/p' "$out/prog.err")
"$tool" summary "$out/prog.trc" > "$out/prog.summary" 2>&1
got=$(sed -n 's/^instructions \([0-9]*\),.*/\1/p' "$out/prog.summary")
if [ -n "$want" ] && [ "$want" = "$got" ]; then
    ok "the trace has as many instruction records as etsim counted ($want)"
else
    bad "instruction records: trace '$got', etsim '$want'"
fi
if grep -q '^hottest PCs' "$out/prog.summary" && grep -q '^mnemonics' "$out/prog.summary"; then
    ok "summary lists the hottest PCs and mnemonics"
else
    bad "summary without hottest PCs / mnemonics"; cat "$out/prog.summary" >&2
fi
# The first instructions of the reset handler, from the ELF itself.
entry=$(arm-none-eabi-readelf -h "$prog" | sed -n 's/.*Entry point address: *0x\([0-9a-f]*\).*/\1/p')
# objdump lines: "     8e8:<TAB>b508      <TAB>push<TAB>{r3, lr}".
arm-none-eabi-objdump -d "$prog" | awk -F'\t' '/<Reset_Handler>:/ { on = 1; next } on && NF < 3 { exit }
    on { a = $1; gsub(/[ :]/, "", a); while (length(a) < 8) a = "0" a; m = $3; sub(/\.w$/, "", m); print a " " m }' |
    head -6 > "$out/reset.want"
expect 0 "dump of the first 6 instructions" "$tool" dump "$out/prog.trc" --count 6
# dump lines: index, pc, cycles, one or two halfwords, the disassembly.
awk '/^instructions:/ { on = 1; next }
    on { pc = $2; sub(/^0x/, "", pc); m = $5; if (m ~ /^[0-9a-f][0-9a-f][0-9a-f][0-9a-f]$/) m = $6
         sub(/\.w$/, "", m); print pc " " m }' \
    "$out/last.out" > "$out/reset.got"
if [ -s "$out/reset.want" ] && [ "$(head -c 8 "$out/reset.got")" = "$(printf %08x $((0x$entry & ~1)))" ] &&
   cmp -s "$out/reset.want" "$out/reset.got"; then
    ok "dump starts at the entry point with Reset_Handler's instructions ($(head -1 "$out/reset.got"), ...)"
else
    bad "dump's first instructions differ from Reset_Handler's"; paste "$out/reset.want" "$out/reset.got" >&2
fi
expect 0 "dump --start 100 --count 3" "$tool" dump "$out/prog.trc" --start 100 --count 3
if [ "$(grep -c '^ *10[012]  0x' "$out/last.out")" = 3 ]; then ok "dump --start/--count select records 100-102"; else bad "dump --start"; cat "$out/last.out" >&2; fi
expect 2 "dump --count without a number" "$tool" dump "$out/prog.trc" --count x

# FP/MVE state is followed after every instruction: VCTP (in the branch
# encoding space, not the coprocessor one) writes VPR, and its record must
# say so (the first VCTP finds VPR at 0 and makes it non-zero).
"$etsim" -q --trace "$out/mve.trc" --trace-level insn "$fw/tests/mve_intrinsics-O2.elf" > /dev/null 2>&1
"$tool" dump "$out/mve.trc" > "$out/mve.dump" 2>&1
if grep -m1 ' vctp' "$out/mve.dump" | grep -q ' vpr=0x' && grep -q ' s[0-9]*=0x' "$out/mve.dump"; then
    ok "MVE program: VCTP records show VPR, vector instructions show S/Q lanes"
else
    bad "MVE register changes missing from the dump"
fi

echo "insn traces: KWS, determinism and diff"
kws_yes() { "$etsim" -q --trace "$1" --trace-level insn "$runner" "$kws" --input "$yes" > /dev/null; }
kws_yes "$out/yes1.trc" && kws_yes "$out/yes2.trc"
if cmp -s "$out/yes1.trc" "$out/yes2.trc"; then ok "deterministic: two KWS runs give byte-identical traces"; else bad "KWS traces differ"; fi
"$etsim" -q --trace "$out/no.trc" --trace-level insn "$runner" "$kws" --input "$no" > /dev/null
"$etsim" -q --trace "$out/yes-op.trc" "$runner" "$kws" --input "$yes" > /dev/null
# The operator section of a level-1 trace is the level-0 trace of the same run.
if python3 -c '
import struct, sys, zlib
insn, op = open(sys.argv[1], "rb").read(), open(sys.argv[2], "rb").read()
off = struct.unpack("<Q", insn[-20:-12])[0]
image = insn[off:-20]
sys.exit(0 if image + struct.pack("<I", zlib.crc32(image)) == op else 1)' "$out/yes1.trc" "$out/yes-op.trc"; then
    ok "the level-1 trace holds the level-0 trace of the same run byte for byte"
else
    bad "the operator section of the level-1 trace differs from the level-0 trace"
fi
expect 0 "diff of two identical runs" "$tool" diff "$out/yes1.trc" "$out/yes2.trc"
if grep -q "^instructions: the same [0-9]* instructions" "$out/last.out"; then ok "diff reports no divergence"; else bad "diff of identical runs"; cat "$out/last.out" >&2; fi
expect 1 "diff of KWS on 'yes' and on 'no'" "$tool" diff "$out/yes1.trc" "$out/no.trc"
cp "$out/last.out" "$out/yes-no.diff"
if grep -q "^instructions: first divergence at instruction [0-9]" "$out/yes-no.diff" &&
   grep -q "^  A  *[0-9]*  0x[0-9a-f]\{8\} .* [a-z]" "$out/yes-no.diff" &&
   grep -q "^  B  *[0-9]*  0x[0-9a-f]\{8\} " "$out/yes-no.diff" &&
   grep -q "^  \* r[0-9]* *0x[0-9a-f]\{8\}   0x[0-9a-f]\{8\}" "$out/yes-no.diff"; then
    ok "diff names the first divergence: $(grep -m1 '^  A ' "$out/yes-no.diff" | tr -s ' ')"
else
    bad "diff of yes/no does not show the divergence"; cat "$out/yes-no.diff" >&2
fi
expect 0 "diff of a level-0 and a level-1 trace of the same run" "$tool" diff "$out/yes-op.trc" "$out/yes1.trc"
if grep -q "^instructions: not compared" "$out/last.out"; then ok "mixed levels: operators only"; else bad "mixed levels"; fi

echo "insn traces: write errors"
expect 2 "disk full (/dev/full) stops the run with status 2" \
    "$etsim" -q --trace /dev/full --trace-level insn "$runner" "$kws" --input "$yes"
if grep -q "/dev/full: write error: No space left on device" "$out/last.out"; then ok "the message names the file and the error"; else bad "disk-full message"; cat "$out/last.out" >&2; fi
# A regular file that cannot grow past 1 MiB (SIGXFSZ ignored: write fails with EFBIG).
(trap '' XFSZ; ulimit -f 1024; "$etsim" -q --trace "$out/big.trc" --trace-level insn "$runner" "$kws" --input "$yes") \
    > /dev/null 2> "$out/big.err"
rc=$?
if [ $rc = 2 ] && grep -q "big.trc: write error" "$out/big.err" && [ ! -e "$out/big.trc" ]; then
    ok "a file that cannot grow: status 2, message, the partial file removed"
else
    bad "file size limit: exit $rc, file $( [ -e "$out/big.trc" ] && echo kept || echo removed)"; cat "$out/big.err" >&2
fi
expect 2 "unwritable path fails before the run" "$etsim" -q --trace /nonexistent/dir/x.trc --trace-level insn "$prog"
expect 2 "--trace-level without --trace" "$etsim" -q --trace-level insn "$prog"
expect 2 "--trace-level with a bad value" "$etsim" -q --trace "$out/x.trc" --trace-level ops "$prog"

echo "insn traces: the reader on corrupt files"
# A short real run (stopped by --max-cycles) for the exhaustive in-process test.
"$etsim" -q --max-cycles 1500 --trace "$out/short.trc" --trace-level insn "$fw/tests/exit_status-O2.elf" > /dev/null 2>&1
if python3 "$here/corrupt_insn_traces.py" "$out/short.trc" traces/kws_yes.trc "$out/insn-corrupt"; then
    expect 0 "a small level-1 trace with the KWS operator section reads back" "$tool" summary "$out/insn-corrupt/spliced.trc"
    if grep -q "cortex_m::quantized_conv2d.out" "$out/last.out" && grep -q "^instructions [0-9]" "$out/last.out"; then
        ok "its operators and instructions are listed"
    else
        bad "spliced trace summary"; cat "$out/last.out" >&2
    fi
else
    bad "could not make the corrupt level-1 traces"
fi
if bash -c '
    tool=$1; dir=$2; n=0
    for f in "$dir"/*.trc; do
        for cmd in summary dump; do
            "$tool" $cmd "$f" > /dev/null 2> "$f.err"; rc=$?
            if [ $rc != 2 ] || ! grep -q "at byte [0-9]" "$f.err"; then echo "$f ($cmd): exit $rc: $(cat "$f.err")" >&2; exit 1; fi
        done
        n=$((n + 1))
    done
    echo "  $n corrupt level-1 traces rejected by summary and dump"' _ "$tool" "$out/insn-corrupt/corrupt"; then
    ok "every truncated and corrupt level-1 trace gives exit 2 with the byte offset"
else
    bad "a corrupt level-1 trace was not rejected cleanly"
fi
if "$fuzz" "$out/short.trc" "$out/insn-corrupt/spliced.trc" traces/kws_yes.trc > "$out/fuzz.out" 2>&1; then
    ok "every truncation and byte flip rejected in-process under ASan+UBSan"; sed 's/^/        /' "$out/fuzz.out"
else
    bad "trace-fuzz"; cat "$out/fuzz.out" >&2
fi

echo "insn trace tests: $pass passed, $fail failed"
[ "$fail" = 0 ]
