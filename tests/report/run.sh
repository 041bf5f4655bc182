#!/bin/bash
# Tests of the report, CSV, HTML, timeline and trace outputs.
#
#   run.sh --etsim BIN --etsim-san BIN --trace-tool BIN --shared DIR --out DIR --fw DIR
set -u
here=$(dirname "$0")
# shellcheck source=tests/report/lib.sh
. "$here/lib.sh"
report_test_setup "$@"

runner=$fw/runner.elf
kws=$shared/models/kws_dscnn_cortex_m.pte
yes=$shared/models/kws_inputs/mfcc_yes.f32
outputs() {   # outputs PREFIX: every output file of one run
    echo --report "$1.json" --csv "$1.csv" --html "$1.html" --trace "$1.trc" --timeline "$1.timeline.json"
}

echo "report: KWS on the sanitizer build and twice on the optimised build"
# shellcheck disable=SC2046
expect 0 "KWS runs under ASan+UBSan with every output" "$etsim_san" -q $(outputs "$out/san") "$runner" "$kws" --input "$yes"
# shellcheck disable=SC2046
expect 0 "KWS run 1" "$etsim" -q $(outputs "$out/a") "$runner" "$kws" --input "$yes"
# shellcheck disable=SC2046
expect 0 "KWS run 2" "$etsim" -q $(outputs "$out/b") "$runner" "$kws" --input "$yes"
for ext in csv html trc timeline.json; do
    if cmp -s "$out/a.$ext" "$out/b.$ext" && cmp -s "$out/a.$ext" "$out/san.$ext"; then
        ok "deterministic: .$ext identical across runs and builds"
    else
        bad "deterministic: .$ext differs between runs"
    fi
done
if diff <(grep -v '"host_' "$out/a.json") <(grep -v '"host_' "$out/b.json") > /dev/null &&
   diff <(grep -v '"host_' "$out/a.json") <(grep -v '"host_' "$out/san.json") > /dev/null; then
    ok "deterministic: report identical bar host_seconds/host_mips"
else
    bad "deterministic: report differs"
fi

if python3 "$here/check_report.py" "$out/a.json" "$out/a.csv" "$out/a.timeline.json" > "$out/check.out" 2>&1; then
    ok "report, CSV and timeline contents"
else
    bad "report, CSV and timeline contents"; cat "$out/check.out" >&2
fi

echo "report: a program without a model (no inference marks)"
# shellcheck disable=SC2046
expect 0 "int_arith with every output" "$etsim_san" -q $(outputs "$out/plain") "$fw/tests/int_arith-O2.elf"
expect 0 "its trace reads back" "$tool" summary "$out/plain.trc"
if python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
assert d['inference'] is None and d['operators'] == []
assert d['power']['energy_uj'] is None and d['power']['run_energy_uj'] > 0
assert d['memory']['stack_peak_bytes'] > 0 and d['memory']['ram_peak_bytes'] > 0
" "$out/plain.json"; then ok "report without marks: nulls and run energy"; else bad "report without marks"; fi

echo "etsim-trace: usage and bad input"
expect 0 "dump" "$tool" dump "$out/a.trc"
expect 0 "summary" "$tool" summary "$out/a.trc"
expect 0 "diff of a trace with itself, tolerance 0" "$tool" diff "$out/a.trc" "$out/b.trc"
expect 2 "no command" "$tool"
expect 2 "unknown command" "$tool" frobnicate "$out/a.trc"
expect 2 "diff with one file" "$tool" diff "$out/a.trc"
expect 2 "bad tolerance" "$tool" diff "$out/a.trc" "$out/b.trc" --tolerance -3
expect 2 "missing file" "$tool" summary "$out/does-not-exist.trc"
expect 2 "not a trace" "$tool" summary "$out/a.json"
expect 2 "empty file" "$tool" summary /dev/null
if python3 "$here/corrupt_traces.py" "$out/a.trc" "$out/corrupt" && bash -c '
    tool=$1; dir=$2; n=0
    for f in "$dir"/*.trc; do
        "$tool" summary "$f" > /dev/null 2> "$f.err"; rc=$?
        if [ $rc != 2 ] || ! [ -s "$f.err" ]; then echo "$f: exit $rc" >&2; exit 1; fi
        n=$((n + 1))
    done
    echo "$n corrupt traces rejected"' _ "$tool" "$out/corrupt"; then
    ok "every truncated and corrupt trace gives exit 2 with a message"
else
    bad "a truncated or corrupt trace was not rejected cleanly"
fi

echo "etsim-trace diff: slower flash, or no data cache, moves the golden KWS trace"
# With the 32 KiB data cache, a layer's weights (at most 4 KiB in KWS) are
# read from flash once per layer: slower flash moves the operator that
# reads its weights only once (the final linear layer), the others stay
# within 1 %.  Without the data cache every operator reading flash or SRAM
# moves.
sed 's/"read_wait": 4, "write_wait": 0, "fetch_wait": 4/"read_wait": 12, "write_wait": 0, "fetch_wait": 12/' \
    sim/socs/an547.json > "$out/slow-flash.json"
grep -v '"dcache"' sim/socs/an547.json > "$out/no-dcache.json"
if ! grep -q '"read_wait": 12' "$out/slow-flash.json" || grep -q '"dcache"' "$out/no-dcache.json"; then
    bad "could not make the slow-flash / no-dcache SoC descriptions"
else
    for variant in slow-flash no-dcache; do
        if ! "$etsim" -q --soc "$out/$variant.json" --trace "$out/$variant.trc" "$runner" "$kws" --input "$yes" > /dev/null; then
            bad "KWS on $variant"
            continue
        fi
        "$tool" diff traces/kws_yes.trc "$out/$variant.trc" --tolerance 1 > "$out/$variant.diff"
        rc=$?
        case $variant in
        slow-flash) want="operator 14 cortex_m::quantized_linear.out *cycles" ;;
        no-dcache) want="operator 4 cortex_m::quantized_conv2d.out *cycles" ;;
        esac
        if [ $rc = 1 ] && grep -q "$want" "$out/$variant.diff" &&
           { [ $variant = slow-flash ] || grep -q "inference .*cycles" "$out/$variant.diff"; }; then
            ok "$variant: diff exits 1 and names the operators that moved"
        else
            bad "$variant: diff exit $rc"; cat "$out/$variant.diff" >&2
        fi
    done
fi

echo "html: rendered by headless Chromium"
chrome=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chrome" ]; then
    echo "  SKIP  HTML screenshot: chromium is not installed (Debian package 'chromium')"
else
    timeout 120 "$chrome" --headless --no-sandbox --disable-gpu --disable-background-networking \
        --window-size=1000,1400 --screenshot="$out/report.png" "file://$(realpath "$out/a.html")" \
        > "$out/chromium.log" 2>&1
    if python3 "$here/check_png.py" "$out/report.png"; then
        ok "HTML renders to a non-trivial screenshot"
    else
        bad "HTML screenshot"; tail -5 "$out/chromium.log" >&2
    fi
fi

echo "report tests: $pass passed, $fail failed"
[ "$fail" = 0 ]
