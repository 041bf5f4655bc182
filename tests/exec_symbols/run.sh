#!/bin/bash
# Timing from ExecuTorch's symbols (sim/exec_symbols.c, docs/report.md):
# upstream's unmodified Arm example runner (../shared/models/upstream-runner)
# has no profiling-port markers; etsim must still report its inference and
# operators.  The operator sequence is checked against what our own runner
# reports for the same .pte through the profiling port (names from the
# model's operator table), the inference window against GDB's cycle counts
# at Method::execute() and its return, the firmware's output against
# QEMU's, and a firmware with neither markers nor runtime must say so.
#   usage: run.sh ETSIM OUR_RUNNER_ELF PLAIN_ELF ETSIM_TRACE
set -u
ETSIM=$(realpath "$1")
RUNNER=$(realpath "$2")
PLAIN=$(realpath "$3")
TRACE_TOOL=$(realpath "$4")
here=$(cd "$(dirname "$0")" && pwd)
UP=$(realpath "$here/../../../shared/models/upstream-runner")
MODELS=$(realpath "$here/../../../shared/models")
T=$(mktemp -d /tmp/etsim-xsym-XXXXXX)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; [ -n "${2:-}" ] && sed 's/^/    /' "$2" | head -20; fail=$((fail + 1)); }

# The embedded runner ends on EOT; until etsim can stop there, the cycle
# budget ends the run (the inference is over after about 16 M cycles).
if "$ETSIM" --help | grep -q -- --exit-on-eot; then
    STOP=(--exit-on-eot); WANT_RC=0
else
    STOP=(--max-cycles 3e7); WANT_RC=4
fi

# 1. Our runner on the same model: the reference operator sequence.
"$ETSIM" -q --report "$T/ours.json" "$RUNNER" "$MODELS/kws_dscnn_cortex_m.pte" > "$T/ours.out" 2>&1 ||
    bad "our runner runs" "$T/ours.out"

# 2. The upstream runner: its output, its report.
"$ETSIM" "${STOP[@]}" --report "$T/up.json" --csv "$T/up.csv" --timeline "$T/up-tl.json" --html "$T/up.html" \
    "$UP/kws_embedded_m55nodsp.elf" > "$T/up.out" 2> "$T/up.err"
rc=$?
[ $rc = $WANT_RC ] && ok "upstream runner ends with status $WANT_RC" || bad "upstream runner status $rc" "$T/up.err"
# With --exit-on-eot the run ends at the first EOT (0x04), as the FVP's
# shutdown_on_eot does; QEMU's reference goes on past it, so compare that far.
if [ $WANT_RC = 0 ]; then
    head -c "$(wc -c < "$T/up.out")" "$UP/qemu_kws_embedded_m55nodsp.stdout" > "$T/qemu-prefix.out"
    [ "$(tail -c 1 "$T/up.out" | od -An -tx1 | tr -d ' ')" = 04 ] || bad "upstream runner output does not end at EOT" "$T/up.out"
else
    cp "$UP/qemu_kws_embedded_m55nodsp.stdout" "$T/qemu-prefix.out"
fi
cmp -s "$T/up.out" "$T/qemu-prefix.out" && ok "upstream runner prints QEMU's output" ||
    bad "upstream runner output differs from QEMU's" "$T/up.out"
grep -q "timing        from the firmware's symbols (ExecuTorch C++ runtime" "$T/up.err" &&
    ok "summary names the runtime recognised" || bad "summary line" "$T/up.err"
python3 - "$T/ours.json" "$T/up.json" "$T/up.csv" "$T/up-tl.json" > "$T/check.out" 2>&1 <<'PY'
import csv, json, sys
ours, up = (json.load(open(p)) for p in sys.argv[1:3])
def check(cond, what):
    print(("ok " if cond else "FAIL ") + what)
check(ours["run"]["timing_source"] == "profiling-port", "our runner: timing from the profiling port")
check(up["run"]["timing_source"] == "executorch-symbols", "upstream runner: timing from ExecuTorch's symbols")
inf = up["inference"]
check(inf is not None and inf["iterations"] == 1 and inf["cycles"] > 1000000, "upstream runner: one inference timed")
names = [o["name"] for o in up["operators"]]
want = [o["name"] for o in ours["operators"]]
check(len(want) == 16 and names == want, "operator sequence equals the .pte's (our runner): %s" % names)
cyc = [o["cycles"] for o in up["operators"]]
check(all(c > 0 for c in cyc), "every operator has cycles")
s = sum(cyc)
check(inf is not None and 0.9 * inf["cycles"] < s <= inf["cycles"],
      "operators add up to 90-100%% of the inference (%d of %s)" % (s, inf and inf["cycles"]))
check(all(o["engine"] == "cpu" for o in up["operators"]), "engines: cpu")
rows = list(csv.DictReader(open(sys.argv[3])))
check([r["name"] for r in rows] == want, "CSV: the same operators")
tl = json.load(open(sys.argv[4]))
ev = tl["traceEvents"] if isinstance(tl, dict) else tl
check(sum(1 for e in ev if e.get("name") in want) >= 16, "timeline: one event per operator")
html = open(sys.argv[4].replace("-tl.json", ".html")).read()
check(all(n in html for n in set(want)), "HTML: the operators")
PY
while read -r line; do
    case $line in ok*) ok "${line#ok }" ;; *) bad "${line#FAIL }" ;; esac
done < "$T/check.out"

# 3. Deterministic: the same report twice (host timing aside).
"$ETSIM" "${STOP[@]}" -q --report "$T/up2.json" "$UP/kws_embedded_m55nodsp.elf" > /dev/null 2>&1
strip() { python3 -c "import json,sys; r=json.load(open(sys.argv[1])); [r['run'].pop(k) for k in ('host_seconds','host_mips')]; print(json.dumps(r, sort_keys=True))" "$1"; }
[ "$(strip "$T/up.json")" = "$(strip "$T/up2.json")" ] && ok "same report twice" || bad "reports differ"

# 3b. Every trace level has the same operators (the instruction trace
# chains its hook with the symbols' watch).
for level in op insn; do
    "$ETSIM" "${STOP[@]}" -q --trace "$T/$level.bin" --trace-level $level "$UP/kws_embedded_m55nodsp.elf" > /dev/null 2>&1
    "$TRACE_TOOL" summary "$T/$level.bin" > "$T/$level.sum" 2>&1
done
sed -n '/^index/,$p' "$T/op.sum" | awk '{print $1, $2, $4}' > "$T/op.ops"
sed -n '/^index/,$p' "$T/insn.sum" | awk '{print $1, $2, $4}' | head -n "$(wc -l < "$T/op.ops")" > "$T/insn.ops"
[ "$(wc -l < "$T/op.ops")" = 17 ] && cmp -s "$T/op.ops" "$T/insn.ops" &&
    ok "operator- and instruction-level traces: the same 16 operators and cycles" || bad "traces differ" "$T/insn.sum"

# 4. Neither markers nor runtime: the report says so.
"$ETSIM" --report "$T/plain.json" "$PLAIN" > /dev/null 2> "$T/plain.err"
grep -q "no ExecuTorch runtime recognised" "$T/plain.err" && ok "plain firmware: summary says no runtime" ||
    bad "plain firmware summary" "$T/plain.err"
python3 -c "import json,sys; r=json.load(open(sys.argv[1])); sys.exit(r['run']['timing_source'] != 'none' or r['inference'] is not None)" \
    "$T/plain.json" && ok "plain firmware: timing_source none" || bad "plain firmware report"

# 5. The semihosting runner takes its command line as on the FVP.
if "$ETSIM" --help | grep -q -- --semihosting-cmdline; then
    mkdir -p "$T/semi/out"
    cp "$MODELS/kws_dscnn_cortex_m.pte" "$T/semi/kws.pte"
    cp "$MODELS/kws_inputs/mfcc_yes.f32" "$T/semi/"
    (cd "$T/semi" && "$ETSIM" --semihosting-cmdline "executor_runner -m kws.pte -i mfcc_yes.f32 -o out/kws" \
        -q --report r.json "$UP/semihost_m55nodsp.elf" > out.txt 2>&1)
    python3 -c "import json,sys; r=json.load(open(sys.argv[1])); i=r['inference']; sys.exit(not(i and i['iterations']>=1 and len(r['operators'])==16))" \
        "$T/semi/r.json" && ok "semihosting runner: inference and 16 operators" || bad "semihosting runner" "$T/semi/out.txt"
    # Its output file: the 12 scores, "yes" (index 2) the largest.
    python3 -c "import struct,sys; d=open(sys.argv[1],'rb').read(); v=struct.unpack('<12f', d); sys.exit(v.index(max(v)) != 2)" \
        "$T/semi/out/kws-0.bin" && ok "semihosting runner: classifies 'yes'" || bad "semihosting runner output" "$T/semi/out.txt"
else
    echo "skip semihosting runner: etsim has no --semihosting-cmdline yet"
fi

# 6. The inference window seen from GDB (--gdb): breakpoints at
# Method::execute() and at its return address; the cycle and instruction
# counts there (monitor cycles) must differ by exactly the report's.
if command -v gdb-multiarch > /dev/null && "$ETSIM" --help | grep -q -- --gdb; then
    PORT=$((20000 + $$ % 20000))
    EXEC=$(arm-none-eabi-nm "$UP/kws_embedded_m55nodsp.elf" | awk '/ _ZN10executorch7runtime6Method7executeEv$/ {print $1}')
    cat > "$T/x.gdb" <<GDB
set pagination off
set confirm off
target remote :$PORT
break *0x$EXEC
continue
monitor cycles
tbreak *(\$lr & ~1)
continue
monitor cycles
kill
GDB
    timeout 120 "$ETSIM" --gdb $PORT -q --max-cycles 3e7 "$UP/kws_embedded_m55nodsp.elf" > /dev/null 2>&1 &
    gpid=$!
    timeout 100 gdb-multiarch -nx -batch -x "$T/x.gdb" "$UP/kws_embedded_m55nodsp.elf" > "$T/x.txt" 2>&1
    wait $gpid
    python3 - "$T/x.txt" "$T/up.json" <<'PY' && ok "inference cycles and instructions equal GDB's counts at Method::execute() and its return" || bad "GDB window differs" "$T/x.txt"
import json, re, sys
c = [tuple(map(int, m)) for m in re.findall(r"^cycles (\d+) instructions (\d+)", open(sys.argv[1]).read(), re.M)]
inf = json.load(open(sys.argv[2]))["inference"]
sys.exit(not (len(c) == 2 and c[1][0] - c[0][0] == inf["cycles"] and c[1][1] - c[0][1] == inf["instructions"]))
PY
else
    echo "skip GDB cross-check: no gdb-multiarch or no --gdb"
fi

echo "exec_symbols: $pass passed, $fail failed"
[ $fail = 0 ]
