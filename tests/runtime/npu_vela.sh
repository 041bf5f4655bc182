#!/bin/sh
# The NPU timing model against Vela's own estimate (issue 14).
#
# For each network in models/vela, run with --soc vela-high-end (the
# system configuration the streams were compiled for) and check:
#   * etsim's NPU cycles within +-10 % of Vela's cycles_npu
#     (tools/vela_compare.py, Vela's summary CSV: numbers we did not write);
#   * the PMU counts the firmware read (the runner's "npu:" line: active
#     cycles, AXI beats) equal the report's;
#   * the same run twice gives the same report's NPU object and output,
#     byte for byte;
#   * BLOCKDEP overlap: every kernel operation starts blockdep_saved_cycles
#     before the one before it ends (0 when its BLOCKDEP is 0), and the
#     job's total is the sum (> 0: Vela's streams set BLOCKDEP);
#   * the report's energy has an "npu" component, above zero, and the
#     components add up to the total;
#   * on vela-deep-embedded (half the flash bandwidth) the network takes
#     at least as many NPU cycles;
#   * tools/etsim-sweep over a small grid (U55-128/256 x flash 0.5/1 B per
#     cycle) writes a CSV and an HTML page: the U55-128 points run, slower
#     with the slower flash; the U55-256 points are refused as the driver
#     refuses a stream compiled for another configuration (exit 1 and its
#     message), not run wrongly;
#   * other MAC configurations: the KWS stream (compiled for U55-128) on
#     a U55-32 is refused as the driver refuses it; the Ethos-U add model
#     with its optimizer config made U55-256's (its stream is elementwise
#     only, the same on every configuration) runs x + y on a SoC file
#     whose NPU is a U55-256, and is refused on a U55-128;
#   * NPU operations in --trace (docs/trace.md, version 2): the KWS traced
#     twice on vela-high-end -> etsim-trace diff exits 0; on
#     vela-high-end vs vela-deep-embedded -> exit 1 naming an NPU
#     operation (a DMA from flash, which is half as fast there); an
#     instruction-level trace carries the same NPU records.
#
#   sh tests/runtime/npu_vela.sh [build/firmware/runner.elf]
# Environment: SHARED (default ../shared), ETSIM (default build/bin/etsim),
# ETSIM_TRACE (default build/bin/etsim-trace), TRACE_FUZZ (tests/report's
# trace-fuzz under ASan: every truncation and byte flip of the KWS trace
# with its NPU records through the reader; skipped when unset).
set -u
ELF=${1:-build/firmware/runner.elf}
SHARED=${SHARED:-../shared}
ETSIM=${ETSIM:-build/bin/etsim}
ETSIM_TRACE=${ETSIM_TRACE:-build/bin/etsim-trace}
V=$SHARED/models/vela
fails=0
passes=0
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
ok()  { passes=$((passes + 1)); echo "PASS $*"; }
bad() { fails=$((fails + 1)); echo "FAIL $*"; }
field() {   # field FILE EXPR: a value of the report's npu object
    python3 -c "import json,sys; n=json.load(open(sys.argv[1]))['npu']; print($2)" "$1"
}

# The comparison tool refuses what it does not know (exit 2), rather than
# ignoring an option and printing something else than asked.
python3 tools/vela_compare.py a.json b.csv c.csv --markdown > /dev/null 2>&1
status=$?
if [ $status -eq 2 ]; then ok "vela_compare: an unknown option is refused (exit 2)"; else bad "vela_compare: unknown option gave exit $status"; fi

for model in kws_ref_model pretrainedResnet_quant; do
    case $model in
    kws_ref_model) input=$V/inputs/kws_mfcc_yes.i8 ;;
    *) input=$V/inputs/ic_cifar10_taxi_s_001241.i8 ;;
    esac
    d=$V/ethos-u55-128/$model
    for run in 1 2; do
        timeout 300 "$ETSIM" -q --soc vela-high-end --npu ethos-u55-128 --report "$TMP/$model.$run.json" \
            "$ELF" "$d/$model.pte" --input "$input" > "$TMP/$model.$run.out" 2> "$TMP/$model.$run.err" < /dev/null
        status=$?
        if [ $status -ne 0 ]; then
            bad "$model: etsim exit $status"
            sed 's/^/    /' "$TMP/$model.$run.err"
            continue 2
        fi
    done
    if python3 tools/vela_compare.py "$TMP/$model.1.json" "$d/${model}_per-layer.csv" "$d"/${model}_summary_*.csv \
        > "$TMP/$model.cmp"; then
        ok "$model: $(tail -2 "$TMP/$model.cmp" | head -1)"
    else
        bad "$model: $(tail -2 "$TMP/$model.cmp" | tr '\n' ' ')"
    fi
    # The PMU as the firmware read it = the report.
    pmu=$(sed -n 's/^npu: 1 jobs; last job: \([0-9]*\) active cycles, AXI0 \([0-9]*\) read \/ \([0-9]*\) write beats, AXI1 \([0-9]*\) read beats$/\1 \2 \3 \4/p' "$TMP/$model.1.out")
    rep=$(field "$TMP/$model.1.json" "n['active_cycles'], n['axi_read_beats'][0], n['axi_write_beats'][0], n['axi_read_beats'][1]")
    if [ -n "$pmu" ] && [ "$pmu" = "$rep" ]; then
        ok "$model: PMU read by the firmware = report ($pmu)"
    else
        bad "$model: PMU '$pmu' vs report '$rep'"
    fi
    if [ "$(field "$TMP/$model.1.json" "n")" = "$(field "$TMP/$model.2.json" "n")" ] &&
        cmp -s "$TMP/$model.1.out" "$TMP/$model.2.out"; then
        ok "$model: deterministic (NPU report and output identical over two runs)"
    else
        bad "$model: two runs differ"
    fi
    if python3 - "$TMP/$model.1.json" > "$TMP/$model.dep" <<'PY'
import json, sys
n = json.load(open(sys.argv[1]))["npu"]
ops = [o for o in n["last_job_operations"] if o["kind"] != "dma"]
end = None
for o in ops:
    saved = o["blockdep_saved_cycles"]
    assert o["blockdep"] or not saved, o
    if end is not None and o["start"] < end:
        assert end - o["start"] == saved, (o, end)
    else:
        assert saved == 0, o
    end = o["start"] + o["cycles"]
total = sum(o["blockdep_saved_cycles"] for o in ops)
assert total == n["blockdep_saved_cycles"] and total > 0, (total, n["blockdep_saved_cycles"])
print(total, sum(1 for o in ops if o["blockdep_saved_cycles"]))
PY
    then
        ok "$model: BLOCKDEP overlap saved $(cut -d' ' -f1 "$TMP/$model.dep") cycles over $(cut -d' ' -f2 "$TMP/$model.dep") operations"
    else
        bad "$model: BLOCKDEP overlap in the report"
    fi
    if python3 - "$TMP/$model.1.json" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))["power"]
c = p["components"]
assert c["npu"] > 0, c
assert abs(sum(c.values()) - p["energy_uj"]) <= 1e-3 * p["energy_uj"] + 1e-3, (sum(c.values()), p["energy_uj"])
PY
    then
        ok "$model: NPU energy $(python3 -c "import json,sys; print(json.load(open(sys.argv[1]))['power']['components']['npu'])" "$TMP/$model.1.json") uJ of the inference's"
    else
        bad "$model: no NPU energy component, or components do not add up"
    fi
    timeout 300 "$ETSIM" -q --soc vela-deep-embedded --npu ethos-u55-128 --report "$TMP/$model.deep.json" \
        "$ELF" "$d/$model.pte" --input "$input" > /dev/null 2>&1 < /dev/null
    hi=$(field "$TMP/$model.1.json" "n['active_cycles']")
    lo=$(field "$TMP/$model.deep.json" "n['active_cycles']" 2>/dev/null || echo 0)
    if [ "$lo" -ge "$hi" ] 2>/dev/null; then
        ok "$model: vela-deep-embedded (flash 0.5 B/cycle) $lo >= vela-high-end $hi NPU cycles"
    else
        bad "$model: vela-deep-embedded $lo < vela-high-end $hi"
    fi
done
kws=$V/ethos-u55-128/kws_ref_model/kws_ref_model.pte
kws_in=$V/inputs/kws_mfcc_yes.i8

# NPU operations in the trace: identical runs agree, another SoC moves them.
for t in high1:vela-high-end high2:vela-high-end deep:vela-deep-embedded; do
    timeout 300 "$ETSIM" -q --soc "${t#*:}" --npu ethos-u55-128 --trace "$TMP/kws.${t%%:*}.trc" \
        "$ELF" "$kws" --input "$kws_in" > /dev/null 2>&1 < /dev/null || bad "trace run ${t%%:*}: etsim exit $?"
done
"$ETSIM_TRACE" dump "$TMP/kws.high1.trc" > "$TMP/kws.dump" 2>&1
nops=$(grep -cE '^[0-9]+ +(conv|depthwise|pool|elementwise|dma) @0x' "$TMP/kws.dump")
if grep -q 'etsim trace v2,' "$TMP/kws.dump" && grep -q '^npu operations of job 0:' "$TMP/kws.dump" &&
    [ "$nops" -gt 10 ]; then
    ok "trace: KWS has $nops NPU operation records (format v2)"
else
    bad "trace: no NPU operation records in the KWS trace"
    sed 's/^/    /' "$TMP/kws.dump" | head -20
fi
"$ETSIM_TRACE" diff "$TMP/kws.high1.trc" "$TMP/kws.high2.trc" > "$TMP/kws.same" 2>&1
status=$?
if [ $status -eq 0 ]; then
    ok "trace: the same run twice -> etsim-trace diff exit 0"
else
    bad "trace: the same run twice -> etsim-trace diff exit $status"
    sed 's/^/    /' "$TMP/kws.same" | head
fi
"$ETSIM_TRACE" diff "$TMP/kws.high1.trc" "$TMP/kws.deep.trc" > "$TMP/kws.moved" 2>&1
status=$?
moved=$(grep -m1 -E '^  npu operation [0-9]+ dma @0x[0-9a-f]+ +cycles' "$TMP/kws.moved")
if [ $status -eq 1 ] && [ -n "$moved" ]; then
    ok "trace: vela-high-end -> vela-deep-embedded: exit 1,$(echo "$moved" | tr -s ' ')"
else
    bad "trace: vela-high-end -> vela-deep-embedded: exit $status, no NPU DMA named"
    sed 's/^/    /' "$TMP/kws.moved" | head
fi
if [ -n "${TRACE_FUZZ:-}" ]; then
    if "$TRACE_FUZZ" "$TMP/kws.high1.trc" > "$TMP/kws.fuzz" 2>&1; then
        ok "trace: trace-fuzz on the KWS trace with NPU records"
    else
        bad "trace: trace-fuzz on the KWS trace with NPU records"
        sed 's/^/    /' "$TMP/kws.fuzz" | head
    fi
fi
timeout 300 "$ETSIM" -q --soc vela-high-end --npu ethos-u55-128 --trace "$TMP/kws.insn.trc" --trace-level insn \
    "$ELF" "$kws" --input "$kws_in" > /dev/null 2>&1 < /dev/null
"$ETSIM_TRACE" summary "$TMP/kws.insn.trc" > "$TMP/kws.insn.sum" 2>&1
status=$?
if [ $status -eq 0 ] && grep -q 'instruction level' "$TMP/kws.insn.sum" &&
    [ "$(grep -cE '^[0-9]+ +(conv|depthwise|pool|elementwise|dma) @0x' "$TMP/kws.insn.sum")" -eq "$nops" ]; then
    ok "trace: the instruction-level trace reads back with the same $nops NPU operations"
else
    bad "trace: instruction-level trace with NPU records: exit $status"
    sed 's/^/    /' "$TMP/kws.insn.sum" | head
fi
# A SoC file with bad NPU memory timing: exit 2 and a message naming it.
"$ETSIM" --print-soc vela-high-end > "$TMP/soc.json"
python3 - "$TMP/soc.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
s["npu"]["axi"][1]["bytes_per_cycle"] = 0
json.dump(s, open(sys.argv[1], "w"))
PY
"$ETSIM" -q --soc "$TMP/soc.json" "$ELF" "$kws" > /dev/null 2> "$TMP/soc.err" < /dev/null
status=$?
if [ $status -eq 2 ] && grep -q 'npu axi\[1\] bytes_per_cycle 0 is not in' "$TMP/soc.err"; then
    ok "bad npu.axi in a SoC file: exit 2, $(cat "$TMP/soc.err")"
else
    bad "bad npu.axi: exit $status, $(cat "$TMP/soc.err")"
fi
if python3 tools/etsim-sweep --etsim "$ETSIM" --out "$TMP/sweep" --npu ethos-u55-128,ethos-u55-256 --flash-bw 0.5,1 \
    "$ELF" "$kws" -- --input "$V/inputs/kws_mfcc_yes.i8" > "$TMP/sweep.out" 2>&1 &&
    python3 - "$TMP/sweep" <<'PY'
import csv, os, sys
rows = list(csv.DictReader(open(os.path.join(sys.argv[1], "sweep.csv"))))
assert len(rows) == 4, rows
u128 = [r for r in rows if r["npu"] == "ethos-u55-128"]
u256 = [r for r in rows if r["npu"] == "ethos-u55-256"]
assert all(r["exit"] == "0" for r in u128), u128
slow = [int(r["npu_active_cycles"]) for r in u128 if r["flash_bw"] == "0.5"][0]
fast = [int(r["npu_active_cycles"]) for r in u128 if r["flash_bw"] == "1"][0]
assert slow > fast, (slow, fast)
assert all(r["exit"] == "1" and "compiled for 128 MACs/cycle, the NPU has 256" in r["message"] for r in u256), u256
assert "<svg" in open(os.path.join(sys.argv[1], "sweep.html")).read()
PY
then
    ok "etsim-sweep: 4 points, CSV and HTML; U55-128 $(sed -n 's/.*points, \([0-9]*\) ran.*/\1/p' "$TMP/sweep.out") ran, U55-256 refused by the driver (stream compiled for 128 MACs)"
else
    bad "etsim-sweep"
    sed 's/^/    /' "$TMP/sweep.out"
fi
# Other MAC configurations.  refused NAME NPU WANT MODEL ARGS...: the
# driver refuses the stream (exit 1, WANT in its message).
refused() {
    r_name=$1 r_npu=$2 r_want=$3
    shift 3
    timeout 300 "$ETSIM" -q --npu "$r_npu" "$ELF" "$@" > /dev/null 2> "$TMP/refused.err" < /dev/null
    r_status=$?
    if [ $r_status -eq 1 ] && grep -q "$r_want" "$TMP/refused.err"; then
        ok "$r_name: refused by the driver (exit 1)"
    else
        bad "$r_name: exit $r_status, $(cat "$TMP/refused.err")"
    fi
}
refused "KWS (U55-128) on a U55-32" ethos-u55-32 'the stream is compiled for 128 MACs/cycle, the NPU has 32' \
    "$kws" --input "$kws_in"
# The add model's COP1 payload starts at file offset 176 (MODELS.md 5.1):
# "COP1", the OPTIMIZER_CONFIG action, then the CONFIG word it was
# compiled for (0x1807: 128 MACs, 24 KB SHRAM) -> U55-256's 0x3008.
python3 - "$SHARED/models/ethos_u55_128_add.pte" "$TMP/add256.pte" <<'PY'
import struct, sys
data = bytearray(open(sys.argv[1], "rb").read())
assert data[176:180] == b"COP1" and data[180] & 0xFF == 1, data[176:184]
assert struct.unpack_from("<I", data, 184)[0] == 0x1807
struct.pack_into("<I", data, 184, 0x3008)
open(sys.argv[2], "wb").write(data)
PY
"$ETSIM" --print-soc an547 | python3 -c "
import json, sys
s = json.load(sys.stdin)
s['name'] = 'an547-u55-256'
s['npu']['config'] = 'ethos-u55-256'
json.dump(s, open(sys.argv[1], 'w'))" "$TMP/u256.json"
python3 -c "import struct,sys; sys.stdout.buffer.write(struct.pack('<f', 0.25))" > "$TMP/x.f32"
python3 -c "import struct,sys; sys.stdout.buffer.write(struct.pack('<f', 0.5))" > "$TMP/y.f32"
timeout 300 "$ETSIM" -q --soc "$TMP/u256.json" --report "$TMP/u256.rep.json" "$ELF" "$TMP/add256.pte" \
    --input "$TMP/x.f32" --input "$TMP/y.f32" > "$TMP/u256.out" 2> "$TMP/u256.err" < /dev/null
status=$?
z=$(sed -n 's/^output 0: float32 \[[0-9, ]*\] = \[\(.*\)\]$/\1/p' "$TMP/u256.out")
if [ $status -eq 0 ] && [ -n "$z" ] && python3 -c "import sys; sys.exit(0 if abs($z - 0.75) <= 2.5 / 255 else 1)" &&
    [ "$(field "$TMP/u256.rep.json" "n['config'], n['jobs'] > 0")" = "ethos-u55-256 True" ]; then
    ok "a stream compiled for U55-256 on a SoC with a U55-256: 0.25 + 0.5 = $z"
else
    bad "U55-256 stream on a U55-256 SoC: exit $status, z '$z', $(cat "$TMP/u256.err")"
fi
refused "the U55-256 stream on a U55-128" ethos-u55-128 'the stream is compiled for 256 MACs/cycle, the NPU has 128' \
    "$TMP/add256.pte" --input "$TMP/x.f32" --input "$TMP/y.f32"
echo "npu_vela: $passes passed, $fails failed"
[ $fails -eq 0 ]
