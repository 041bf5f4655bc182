#!/bin/bash
# tests/exec_modes/run.sh --etsim PATH [--shared DIR] [--seeds N]
#
# The block-level core (--exec block, isa/block.h) against the per-instruction
# core (--exec interp), which is the reference: every firmware test program
# (build/firmware/tests, -O0/-O2/-Os), every model on the scalar and the
# Helium runner, and the NPU and DSP engines must give the same exit status,
# stdout, stderr (but the host-time line), JSON report (but its host_ fields)
# and operator trace, byte for byte.  Then the random Helium test
# (tests/mve_random) runs its programs with --exec block against QEMU.
# Exit 1 on the first kind of difference, naming each run that differs.
set -u
etsim=build/bin/etsim shared=../shared seeds=5
while [ $# -gt 0 ]; do
    case $1 in
    --etsim) etsim=$2; shift 2 ;;
    --shared) shared=$2; shift 2 ;;
    --seeds) seeds=$2; shift 2 ;;
    *) echo "usage: $0 --etsim PATH [--shared DIR] [--seeds N]" >&2; exit 2 ;;
    esac
done
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
runs=0 fails=0

# one NAME ARGS...: both modes, everything compared.
one() {
    name=$1; shift
    for mode in interp block; do
        "$etsim" --exec $mode "$@" --report "$out/$mode.json" --trace "$out/$mode.trc" \
            > "$out/$mode.out" 2> "$out/$mode.err" < /dev/null
        echo $? > "$out/$mode.status"
        grep -v '^  host ' "$out/$mode.err" > "$out/$mode.err2"
        grep -v '"host_' "$out/$mode.json" > "$out/$mode.json2" 2>/dev/null
    done
    runs=$((runs + 1))
    for f in status out err2 json2 trc; do
        if ! cmp -s "$out/interp.$f" "$out/block.$f"; then
            echo "FAIL $name: --exec block and --exec interp differ in $f"
            diff "$out/interp.$f" "$out/block.$f" 2>/dev/null | head -5 | sed 's/^/    /'
            fails=$((fails + 1))
            return
        fi
    done
}

# The test programs and the CLI tests' own firmware (tests/cli/fw: e.g.
# PMU counters read inside straight-line code).
for elf in build/firmware/tests/*.elf build/firmware/cli/*.elf; do
    one "$(basename "$elf")" "$elf"
done
M=$shared/models
for runner in build/firmware/runner.elf build/firmware/runner-scalar.elf; do
    r=$(basename "$runner" .elf)
    one "$r kws" "$runner" "$M/kws_dscnn_cortex_m.pte" --input "$M/kws_inputs/mfcc_yes.f32"
    one "$r vww" "$runner" "$M/mlperf/vww_mbv1_025_96_cortex_m.pte" --input "$M/mlperf/inputs/vww_astronaut.f32"
    one "$r resnet8" "$runner" "$M/mlperf/ic_resnet8_cortex_m.pte" \
        --input "$M/mlperf/inputs/ic_cifar10_taxi_s_001241.f32"
    one "$r add" "$runner" "$M/add_apple.pte"
    one "$r linear" "$runner" "$M/module_linear.pte"
    one "$r npu-add" "$runner" "$M/ethos_u55_128_add.pte"
done
one "runner kws --engine dsp" build/firmware/runner.elf "$M/kws_dscnn_cortex_m.pte" \
    --input "$M/kws_inputs/mfcc_yes.f32" --engine dsp
one "runner vww --iterations 2" build/firmware/runner.elf "$M/mlperf/vww_mbv1_025_96_cortex_m.pte" \
    --input "$M/mlperf/inputs/vww_astronaut.f32" --iterations 2
one "runner kws --max-cycles 1000003" build/firmware/runner.elf "$M/kws_dscnn_cortex_m.pte" \
    --input "$M/kws_inputs/mfcc_yes.f32" --max-cycles 1000003
echo "exec modes: $runs runs compared, $fails differ"

# The random Helium programs with the block core, against QEMU.
wrapper="$out/etsim-block"
printf '#!/bin/sh\nexec %s --exec block "$@"\n' "$(realpath "$etsim")" > "$wrapper"
chmod +x "$wrapper"
python3 tests/mve_random/run.py --seeds "$seeds" --count 200 --etsim "$wrapper" || fails=$((fails + 1))
[ $fails -eq 0 ]
