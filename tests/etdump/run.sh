#!/bin/bash
# --etdump: the ETDump etsim writes decodes with flatc against the schema
# written from ExecuTorch's (tests/etdump/etdump.fbs) and agrees with the
# report of the same run.
#
#   run.sh --etsim BIN --shared DIR --out DIR --fw DIR
set -u
here=$(dirname "$0")
while [ $# -gt 0 ]; do
    case "$1" in
    --etsim) etsim=$2; shift 2 ;;
    --shared) shared=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --fw) fw=$2; shift 2 ;;
    *) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
command -v flatc > /dev/null || { echo "etdump: flatc missing (tools/install-deps.sh)" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out"
failed=0
pass() { echo "  ok   $1"; }
bad() { echo "  FAIL $1" >&2; failed=1; }

# decode NAME: flatc's JSON of $out/NAME.etdp, verified against the
# identifier (no --raw-binary) and the size prefix.
decode() {
    flatc --json --strict-json --size-prefixed -o "$out" "$here/etdump.fbs" -- "$out/$1.etdp"
}

# case NAME ITERATIONS WHERE ETSIM-ARGS...  (WHERE: CHAIN:INSTR,... or "")
case_run() {
    local name=$1 iters=$2 where=$3
    shift 3
    if ! "$etsim" -q --iterations "$iters" --etdump "$out/$name.etdp" --report "$out/$name.report.json" \
            "$@" > "$out/$name.log" 2>&1; then
        bad "$name: etsim failed (see $out/$name.log)"
        return
    fi
    if ! decode "$name"; then
        bad "$name: flatc cannot decode the ETDump"
        return
    fi
    if python3 "$here/check_etdump.py" "$out/$name.json" "$out/$name.report.json" $where; then
        pass "$name: $iters inferences decode and agree with the report"
    else
        bad "$name: the ETDump disagrees with the report"
    fi
}

echo "etdump: ETDump files decoded by flatc"
kws=$shared/models/kws_dscnn_cortex_m.pte
case_run kws 3 "" "$fw/runner.elf" "$kws" --input "$shared/models/kws_inputs/mfcc_yes.f32"
case_run npu_add 2 "" "$fw/runner.elf" "$shared/models/ethos_u55_128_add.pte"
# The NPU's jobs as delegate events inside the delegate call: the Vela
# KWS (one Ethos-U delegate), and KWS with the DSP (500 MHz in the an547
# description: its jobs' core cycles are the report's DSP cycles at 500/400).
case_run kws_vela 2 "" "$fw/runner.elf" "$shared/models/vela/ethos-u55-128/kws_ref_model/kws_ref_model.pte" \
    --input "$shared/models/vela/inputs/kws_mfcc_down.i8"
case_run kws_dsp 2 "--dsp-mhz 500" "$fw/runner.elf" "$kws" --engine dsp --input "$shared/models/kws_inputs/mfcc_yes.f32"
# Two chains and a jump: the ids are the instruction's place in its chain.
python3 "$here/gen_chains.py" "$out" || exit 1
case_run chains 2 0:0,1:0,1:3 "$fw/runner.elf" "$out/chains_and_state.pte" --input "$out/chains_and_state.in0.f32"

# Same inputs, same bytes.
"$etsim" -q --iterations 3 --etdump "$out/kws2.etdp" "$fw/runner.elf" "$kws" \
    --input "$shared/models/kws_inputs/mfcc_yes.f32" > /dev/null 2>&1
if cmp -s "$out/kws.etdp" "$out/kws2.etdp"; then pass "deterministic"; else bad "two runs differ"; fi

# The decoder must see a corrupt file as one (the check is not vacuous).
head -c 40 "$out/kws.etdp" > "$out/cut.etdp"
printf 'ED01' | dd of="$out/cut.etdp" bs=1 seek=8 conv=notrunc status=none
if decode cut > /dev/null 2>&1; then bad "flatc accepted a wrong identifier"; else pass "wrong identifier refused"; fi

# An unwritable path is bad input, reported, not a crash.
"$etsim" -q --etdump "$out/no/such/dir/x.etdp" "$fw/runner.elf" "$kws" > "$out/unwritable.log" 2>&1
rc=$?
if [ $rc = 2 ] && grep -q "x.etdp" "$out/unwritable.log"; then pass "unwritable path: exit 2 with the path"
else bad "unwritable path: exit $rc"; fi
exit $failed
