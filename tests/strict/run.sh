#!/bin/bash
# --strict: a quantized_linear without kernel_sum (tests/strict/gen_linear.py)
# runs on the MVE runner with a warning and the expected output; with
# --strict it is refused, naming the operator.
#
#   run.sh --etsim BIN --fw DIR --shared DIR --out DIR
set -u
here=$(dirname "$0")
while [ $# -gt 0 ]; do
    case "$1" in
    --etsim) etsim=$2; shift 2 ;;
    --fw) fw=$2; shift 2 ;;
    --shared) shared=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    *) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
rm -rf "$out"
mkdir -p "$out"
python3 "$here/gen_linear.py" "$out" || exit 1
runner=$fw/runner.elf
pte=$out/linear_no_kernel_sum.pte
in=$out/linear_no_kernel_sum.in0.f32
want="output 0: int8 [2, 3] = [$(sed 's/,/, /g' "$out/linear_no_kernel_sum.expect")]"
failed=0
pass() { echo "  ok   $1"; }
bad() { echo "  FAIL $1" >&2; sed 's/^/    /' "$out/run.log" | head -5 >&2; failed=1; }

# run NAME ARGS...: etsim's status in $rc, its output in $out/run.log
run() {
    timeout 120 "$etsim" -q "$@" > "$out/run.log" 2>&1
    rc=$?
}

echo "strict: what upstream refuses"
run "$runner" "$pte" --input "$in" --iterations 2
if [ $rc = 0 ] && grep -qxF "$want" "$out/run.log" &&
    grep -q "runner: warning: 2 call(s) that upstream ExecuTorch refuses, first: cortex_m::quantized_linear.out: no kernel_sum" "$out/run.log"; then
    pass "no kernel_sum: the expected output and one warning counting both calls"
else
    bad "no kernel_sum without --strict: exit $rc"
fi
run --strict "$runner" "$pte" --input "$in"
if [ $rc = 1 ] && grep -q "quantized_linear.out: no kernel_sum on an MVE core (upstream refuses it; strict)" "$out/run.log" &&
    ! grep -q "^output 0" "$out/run.log"; then
    pass "--strict: refused, naming the operator"
else
    bad "no kernel_sum with --strict: exit $rc"
fi
# The Arduino KWS export (for a core without Helium) has the same case: a
# warning per inference; the Ethos-U add (quantize, NPU, dequantize) has none.
kws=$shared/models/kws_dscnn_cortex_m.pte
run "$runner" "$kws" --input "$shared/models/kws_inputs/mfcc_yes.f32" --iterations 3
if [ $rc = 0 ] && grep -q "runner: warning: 3 call(s) .*quantized_linear" "$out/run.log"; then
    pass "KWS (Arduino export) on the M55: three warnings for three inferences"
else
    bad "KWS without --strict: exit $rc"
fi
run --strict "$runner" "$shared/models/ethos_u55_128_add.pte"
if [ $rc = 0 ] && ! grep -q "warning" "$out/run.log"; then
    pass "Ethos-U add: no permissive case, runs with --strict"
else
    bad "Ethos-U add with --strict: exit $rc"
fi
exit $failed
