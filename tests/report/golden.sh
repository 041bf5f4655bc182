#!/bin/bash
# Golden operator-level traces of the real models (traces/*.trc).
#
#   golden.sh check|update --etsim BIN --trace-tool BIN --shared DIR --out DIR
#             [--tolerance PCT] [--runner ELF]
#
# check: run each model, diff its trace against the golden one (exit 1 when
# one moved by more than PCT percent).  update: rewrite the golden traces and
# print what moved.
set -u
mode=${1:-}; shift || true
etsim='' tool='' shared='' out='' tol=0 runner=build/firmware/runner.elf
while [ $# -gt 0 ]; do
    case $1 in
        --etsim) etsim=$2; shift 2 ;;
        --trace-tool) tool=$2; shift 2 ;;
        --shared) shared=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --tolerance) tol=$2; shift 2 ;;
        --runner) runner=$2; shift 2 ;;
        *) echo "golden.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
case $mode in check|update) ;; *) echo "usage: golden.sh check|update ..." >&2; exit 2 ;; esac
mkdir -p "$out"

# name  model  input (relative to the shared models folder)
golden_list() {
    cat <<'LIST'
kws_yes kws_dscnn_cortex_m.pte kws_inputs/mfcc_yes.f32
vww_astronaut mlperf/vww_mbv1_025_96_cortex_m.pte mlperf/inputs/vww_astronaut.f32
ic_resnet8_taxi mlperf/ic_resnet8_cortex_m.pte mlperf/inputs/ic_cifar10_taxi_s_001241.f32
LIST
}

fail=0
while read -r name model input; do
    m=$shared/models/$model
    i=$shared/models/$input
    if [ ! -f "$m" ] || [ ! -f "$i" ]; then
        echo "golden: $name: $m or $i missing" >&2
        fail=1
        continue
    fi
    new=$out/$name.trc
    if ! "$etsim" -q --trace "$new" "$runner" "$m" --input "$i" > "$out/$name.stdout"; then
        echo "golden: $name: etsim failed" >&2
        fail=1
        continue
    fi
    gold=traces/$name.trc
    if [ "$mode" = update ]; then
        if [ -f "$gold" ]; then
            echo "== $name: what moved"
            "$tool" diff "$gold" "$new" | sed 's/^/  /'
        else
            echo "== $name: new golden trace"
        fi
        cp "$new" "$gold"
        continue
    fi
    if [ ! -f "$gold" ]; then
        echo "golden: $name: no golden trace $gold (make update-golden)" >&2
        fail=1
        continue
    fi
    if "$tool" diff "$gold" "$new" --tolerance "$tol" > "$out/$name.diff"; then
        echo "golden: $name: ok"
    else
        echo "golden: $name: moved against $gold (make update-golden if intended):" >&2
        cat "$out/$name.diff" >&2
        fail=1
    fi
done < <(golden_list)
exit $fail
