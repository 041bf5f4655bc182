#!/bin/bash
# KWS with --engine dsp: the ten real inputs give the same outputs as the
# CPU path, every convolution, the pooling and the linear layer run on the DSP
# (engine dsp in the JSON report, with the DSP's energy), the rest on the
# M55; and the command line's errors.
#   usage: tests/dsp/kws_engine.sh ETSIM RUNNER.elf SHARED
set -u
ETSIM=$1
RUNNER=$2
M=$3/models
PTE=$M/kws_dscnn_cortex_m.pte
T=$(mktemp -d /tmp/etsim-dspkws-XXXXXX)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; fail=$((fail + 1)); }

for f in "$M"/kws_inputs/mfcc_*.f32; do
    w=$(basename "$f" .f32)
    "$ETSIM" -q "$RUNNER" "$PTE" --input "$f" > "$T/cpu" 2>&1
    a=$?
    "$ETSIM" -q "$RUNNER" "$PTE" --engine dsp --input "$f" --report "$T/$w.json" > "$T/dsp" 2>&1
    b=$?
    if [ $a = 0 ] && [ $b = 0 ] && grep -q '^output 0:' "$T/cpu" &&
       [ "$(grep '^output' "$T/cpu")" = "$(grep '^output' "$T/dsp")" ]; then
        ok "$w: same output on cpu and dsp"
    else
        bad "$w: exit $a / $b"; tail -3 "$T/dsp"
    fi
done
grep -q '^dsp: 11 operator calls placed on the DSP$' "$T/dsp" && ok "11 calls placed" || bad "placement count"
python3 - "$T/mfcc_yes.json" <<'PY' && ok "report: convolutions and linear on the dsp, the rest on the cpu, DSP energy" || bad "report engines"
import json, sys
r = json.load(open(sys.argv[1]))
ops = r["operators"]
eng = {(o["name"], o["engine"]) for o in ops}
dsp = [o for o in ops if o["engine"] == "dsp"]
assert len(dsp) == 11, dsp
assert all(o["name"] in ("cortex_m::quantized_conv2d.out", "cortex_m::quantized_linear.out",
                         "cortex_m::quantized_depthwise_conv2d.out", "cortex_m::quantized_avg_pool2d.out")
           for o in dsp), dsp
# every convolution, the first depthwise layer (1 input channel, depth multiplier 64) too: conv_s8
assert all(o["engine"] == "dsp" for o in ops if "conv2d" in o["name"]), ops
assert r["power"]["components"]["dsp"] > 0, r["power"]["components"]
# each DSP operator: the DSP's own cycles (fewer than the M55 waited, in DSP cycles) and energy
for o in dsp:
    d = o["dsp"]
    assert 0 < d["active_cycles"] <= o["cycles"] * 500 / 400, o
    assert 0 < d["energy_uj"] < o["energy_uj"], o
PY
# VWW (its 27 convolutions, the pooling and the softmax) and ResNet-8 (its 9
# convolutions, its 3 adds, the pooling and the softmax): the same outputs as
# the CPU path.
MP=$M/mlperf
for pair in "vww_mbv1_025_96_cortex_m.pte vww_astronaut.f32 29" "vww_mbv1_025_96_cortex_m.pte vww_chelsea_cat.f32 29" \
            "ic_resnet8_cortex_m.pte ic_cifar10_taxi_s_001241.f32 14"; do
    set -- $pair
    "$ETSIM" -q "$RUNNER" "$MP/$1" --input "$MP/inputs/$2" > "$T/cpu" 2>&1
    "$ETSIM" -q "$RUNNER" "$MP/$1" --engine dsp --input "$MP/inputs/$2" > "$T/dsp" 2>&1
    if grep -q '^output 0:' "$T/cpu" && [ "$(grep '^output' "$T/cpu")" = "$(grep '^output' "$T/dsp")" ] &&
       grep -q "^dsp: $3 operator calls placed on the DSP\$" "$T/dsp"; then
        ok "$1 $2: same output, $3 calls on the DSP"
    else
        bad "$1 $2"; tail -3 "$T/dsp"
    fi
done

"$ETSIM" -q --engine gpu "$RUNNER" "$PTE" > "$T/out" 2>&1
[ $? = 2 ] && grep -q "engine: 'gpu' is not cpu or dsp" "$T/out" && ok "--engine gpu: exit 2" || bad "--engine gpu"
"$ETSIM" --print-soc an547 | python3 -c 'import json,sys; d=json.load(sys.stdin); d["dsp"]=None; json.dump(d, open(sys.argv[1], "w"))' "$T/nodsp.json"
"$ETSIM" -q --soc "$T/nodsp.json" --engine dsp "$RUNNER" "$PTE" > "$T/out" 2>&1
[ $? = 2 ] && grep -q 'has no DSP' "$T/out" && ok "--engine dsp without a DSP: exit 2" || bad "--engine dsp without a DSP"
# A DSP with 64 KiB of DRAM: the dispatcher's DMA of the weights into
# bank 1 (0x110000) faults; the operator fails with a message, the runner
# exits 1 and etsim's summary names the fault.
"$ETSIM" --print-soc an547 | python3 -c 'import json,sys; d=json.load(sys.stdin); d["dsp"]["dram"]="64K"; json.dump(d, open(sys.argv[1], "w"))' "$T/small.json"
"$ETSIM" --soc "$T/small.json" --engine dsp "$RUNNER" "$PTE" > "$T/out" 2> "$T/err"
rc=$?
if [ $rc = 1 ] && grep -q 'quantized_depthwise_conv2d.out on the DSP: the DSP faulted at 0x' "$T/out" "$T/err" &&
   grep -q 'dsp fault .*DMA bus error writing 64 bytes at 0x00110000' "$T/err"; then
    ok "a faulting DSP fails the operator with a message (exit 1)"
else
    bad "faulting DSP: exit $rc"; tail -3 "$T/err"
fi
echo "dsp kws: $pass passed, $fail failed"
[ "$fail" = 0 ]
