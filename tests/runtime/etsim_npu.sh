#!/bin/sh
# The runner with its Ethos-U driver, end to end.
#
# Always: a model with an NPU delegate where there is no NPU fails cleanly
# (exit 1, "no Ethos-U NPU at 0x48102000"), never a crash: on QEMU (the
# address reads as zero) and on etsim with --npu none (it raises a
# BusFault, which the driver's probe survives).
#
# With the NPU (etsim --npu ethos-u55-128), on the three real Ethos-U .pte
# files, values that do not come from our code:
#   ethos_u55_128_add.pte computes x + y (within its quantization step);
#   KWS and ResNet-8 (models/vela) give models/vela/expected outputs +-1
#   for every input in models/vela/inputs;
# and the report marks the delegate as an operator on engine "npu".
# Until etsim has an NPU model the NPU part prints SKIP (only when etsim
# rejects `--npu ethos-u55-128`, nothing else).
#
#   sh tests/runtime/etsim_npu.sh [build/firmware/runner.elf]
#
# Environment: SHARED (default ../shared), ETSIM (default build/bin/etsim).
set -u
ELF=${1:-build/firmware/runner.elf}
SHARED=${SHARED:-../shared}
ETSIM=${ETSIM:-build/bin/etsim}
M=$SHARED/models
V=$M/vela
NPU=ethos-u55-128
fails=0
passes=0
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
OUT=$TMP/out
ERR=$TMP/err

ok()  { passes=$((passes + 1)); echo "PASS $*"; }
bad() { fails=$((fails + 1)); echo "FAIL $*"; sed 's/^/    stdout: /' "$OUT"; sed 's/^/    stderr: /' "$ERR"; }

# ---- no NPU: a clear message and exit 1 ----------------------------------
ADD=$M/ethos_u55_128_add.pte
size=$(wc -c < "$ADD" | tr -d ' ')
timeout 120 qemu-system-arm -M mps3-an547 -nographic -monitor none -serial none \
    -semihosting-config enable=on,target=native,arg=runner,arg=--model=0x28000000:$size \
    -device loader,file="$ADD",addr=0x28000000,force-raw=on -kernel "$ELF" > "$OUT" 2> "$ERR" < /dev/null
status=$?
if [ $status -eq 1 ] && grep -q 'no Ethos-U NPU at 0x48102000: its ID register reads 0' "$ERR"; then
    ok "no NPU on QEMU: exit 1, ID reads 0"
else
    bad "no NPU on QEMU: exit $status"
fi
timeout 120 "$ETSIM" -q --npu none "$ELF" "$ADD" > "$OUT" 2> "$ERR" < /dev/null
status=$?
if [ $status -eq 1 ] && grep -q 'no Ethos-U NPU at 0x48102000' "$ERR"; then
    ok "etsim --npu none: exit 1, $(sed -n 's/.*no Ethos-U NPU at 0x48102000: \([^(]*[^ (]\).*/\1/p' "$ERR")"
else
    bad "etsim --npu none: exit $status (expected 1 with a message, not a crash)"
fi

# ---- with the NPU --------------------------------------------------------
f32() { python3 -c "import struct,sys; sys.stdout.buffer.write(struct.pack('<f', float(sys.argv[1])))" "$1"; }

# run NAME MODEL [INPUT...]: runner output in $OUT, exit status returned.
run() {
    r_model=$1
    shift
    r_in=""
    for r_f in "$@"; do r_in="$r_in --input $r_f"; done
    # shellcheck disable=SC2086
    timeout 300 "$ETSIM" -q --npu $NPU --report "$TMP/report.json" "$ELF" "$r_model" $r_in > "$OUT" 2> "$ERR" < /dev/null
}

run "$ADD"
status=$?
if [ $status -eq 2 ] && grep -q -- '--npu' "$ERR"; then
    echo "SKIP the NPU runs: this etsim rejects --npu $NPU ($(head -1 "$ERR"))"
    echo "etsim_npu: $passes passed, $fails failure(s), NPU runs skipped"
    [ "$fails" -eq 0 ]
    exit
fi

# The delegate is one operator on engine npu in the report.
npu_in_report() {
    python3 - "$TMP/report.json" <<'PY'
import json, sys
ops = json.load(open(sys.argv[1]))["operators"]
sys.exit(0 if any(o["name"] == "EthosUBackend" and o["engine"] == "npu" for o in ops) else 1)
PY
}

for xy in "0.25 0.5" "0 0" "1 1" "0.1 0.7" "0.9 0.05"; do
    set -- $xy
    f32 "$1" > "$TMP/x.f32"
    f32 "$2" > "$TMP/y.f32"
    run "$ADD" "$TMP/x.f32" "$TMP/y.f32"
    status=$?
    z=$(sed -n 's/^output 0: float32 \[[0-9, ]*\] = \[\(.*\)\]$/\1/p' "$OUT")
    # x and y are quantized with step 1/255, z with 2/255
    if [ $status -eq 0 ] && [ -n "$z" ] &&
       python3 -c "import sys; sys.exit(0 if abs($z - ($1 + $2)) <= 2.5 / 255 else 1)" && npu_in_report; then
        ok "add $1 + $2 = $z on the NPU"
    else
        bad "add $1 + $2: exit $status, z = '$z'"
    fi
done

# The driver's errors through the real device: a stream for another MAC
# count is refused before it runs; an unknown opcode stops the NPU with
# cmd_parse_error.  Both end the runner with exit 1 and the reason.
run_fail() {
    r_npu=$1; r_model=$2; r_want=$3; r_name=$4
    timeout 300 "$ETSIM" -q --npu "$r_npu" "$ELF" "$r_model" > "$OUT" 2> "$ERR" < /dev/null
    r_status=$?
    if [ $r_status -eq 1 ] && grep -q "$r_want" "$ERR"; then ok "$r_name"; else bad "$r_name: exit $r_status"; fi
}
run_fail ethos-u55-64 "$ADD" "compiled for 128 MACs/cycle, the NPU has 64" "U55-128 stream on a U55-64 refused"
# The first NPU command is the word after the 8-word COP1 preamble, which
# starts at file offset 176 (MODELS.md 5.1).
python3 - "$ADD" "$TMP/bad_opcode.pte" <<'PY'
import struct, sys
data = bytearray(open(sys.argv[1], "rb").read())
assert data[176:180] == b"COP1"
data[208:212] = struct.pack("<I", 0x7F)  # cmd0 opcode 0x7F: no such operation
open(sys.argv[2], "wb").write(data)
PY
run_fail $NPU "$TMP/bad_opcode.pte" "cmd_parse_error" "unknown opcode: cmd_parse_error named"

# expect_i8 MODEL INPUT EXPECTED: int8 output 0 within +-1 of EXPECTED's bytes.
expect_i8() {
    python3 - "$OUT" "$1" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
m = re.search(r"^output 0: int8 \[[^]]*\] = \[(.*)\]$", text, re.M)
want = [b - 256 if b > 127 else b for b in open(sys.argv[2], "rb").read()]
got = [int(v) for v in m.group(1).split(",")] if m else None
if got is None or len(got) != len(want) or any(abs(g - w) > 1 for g, w in zip(got, want)):
    print("    got %s\n    want %s" % (got, want))
    sys.exit(1)
PY
}

for model in kws_ref_model pretrainedResnet_quant; do
    pte=$V/ethos-u55-128/$model/$model.pte
    for exp in "$V/expected/$model"/*.out.i8; do
        name=$(basename "$exp" .out.i8)
        run "$pte" "$V/inputs/$name.i8"
        status=$?
        if [ $status -eq 0 ] && expect_i8 "$exp" && npu_in_report; then
            ok "$model $name"
        else
            bad "$model $name: exit $status"
        fi
    done
done

# Three inferences: three jobs (a soft reset and the scratch from the
# temporary memory each time), the same output as one.
kws=$V/ethos-u55-128/kws_ref_model/kws_ref_model.pte
timeout 300 "$ETSIM" -q --npu $NPU --iterations 3 "$ELF" "$kws" --input "$V/inputs/kws_mfcc_yes.i8" > "$OUT" 2> "$ERR" < /dev/null
status=$?
if [ $status -eq 0 ] && grep -q '^npu: 3 jobs' "$OUT" && expect_i8 "$V/expected/kws_ref_model/kws_mfcc_yes.out.i8"; then
    ok "kws_ref_model, 3 inferences"
else
    bad "kws_ref_model, 3 inferences: exit $status"
fi

echo "etsim_npu: $passes passed, $fails failure(s)"
[ "$fails" -eq 0 ]
