#!/bin/bash
# The platform test image (firmware/platform-test, docs/platform.md):
#  * on etsim with --exit-on-eot it ends at its EOT with status 0;
#  * its output is QEMU's (qemu-system-arm -M mps3-an547), but for the
#    "etsim:" lines about devices QEMU reads as zero (PMU, NPU);
#  * the PMU's cycle and instruction counts of its timed loop equal the
#    report's inference (the profiling-port markers around the same loop)
#    within the few instructions between marker and counter access;
#  * the run is deterministic (same output and report twice).
#   usage: platform_image.sh ETSIM PLATFORM_TEST_ELF
set -u
ETSIM=$1 ELF=$2
T=$(mktemp -d /tmp/etsim-platimg-XXXXXX)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; [ -n "${2:-}" ] && sed 's/^/    /' "$2" | head -20; fail=$((fail + 1)); }

"$ETSIM" -q --exit-on-eot --report "$T/r1.json" "$ELF" > "$T/etsim.out" 2> "$T/etsim.err"
rc=$?
[ $rc -eq 0 ] && ok "etsim --exit-on-eot: status 0" || bad "etsim: status $rc" "$T/etsim.err"
[ "$(tail -c 1 "$T/etsim.out" | od -An -c | tr -d ' ')" = '004' ] && ok "the run ends at EOT" \
    || bad "last byte is not EOT" "$T/etsim.out"
grep -q "^etsim: pmu cycles" "$T/etsim.out" && ok "the PMU answers" || bad "no PMU line" "$T/etsim.out"
grep -q "^etsim: npu present" "$T/etsim.out" && ok "the NPU answers" || bad "no NPU line" "$T/etsim.out"

if command -v qemu-system-arm > /dev/null; then
    timeout 120 qemu-system-arm -M mps3-an547 -nographic -semihosting -kernel "$ELF" > "$T/qemu.out" 2> "$T/qemu.err"
    rc=$?
    sed '/^etsim:/d' "$T/etsim.out" > "$T/etsim-common.out"
    [ $rc -eq 0 ] && ok "QEMU: status 0" || bad "QEMU: status $rc" "$T/qemu.err"
    cmp -s "$T/etsim-common.out" "$T/qemu.out" && ok "output = QEMU's (but the etsim: lines)" \
        || { diff "$T/etsim-common.out" "$T/qemu.out" > "$T/diff"; bad "output differs from QEMU's" "$T/diff"; }
else
    echo "skip QEMU comparison: qemu-system-arm not installed"
fi

python3 - "$T/etsim.out" "$T/r1.json" > "$T/pmu.txt" <<'PY'
import json, re, sys
line = [l for l in open(sys.argv[1], errors="replace") if l.startswith("etsim: pmu cycles")][0]
cyc, ins = map(int, re.match(r"etsim: pmu cycles (\d+) instructions (\d+)", line).groups())
inf = json.load(open(sys.argv[2]))["inference"]
print(cyc, inf["cycles"], ins, inf["instructions"])
PY
read -r pc rc_ pi ri < "$T/pmu.txt"
d=$((rc_ - pc)); [ $d -ge 0 ] && [ $d -le 4 ] && ok "PMU cycles $pc = report's $rc_ (within the 4 marker cycles)" \
    || bad "PMU cycles $pc vs report $rc_" "$T/pmu.txt"
d=$((ri - pi)); [ ${d#-} -le 4 ] && ok "PMU instructions $pi = report's $ri (within 4)" \
    || bad "PMU instructions $pi vs report $ri" "$T/pmu.txt"

"$ETSIM" -q --exit-on-eot --report "$T/r2.json" "$ELF" > "$T/etsim2.out" 2> /dev/null
python3 - "$T/r1.json" "$T/r2.json" <<'PY' && cmp -s "$T/etsim.out" "$T/etsim2.out" && ok "deterministic" || bad "two runs differ"
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
for r in (a, b):
    r["run"].pop("host_seconds", None); r["run"].pop("mips", None)
sys.exit(0 if a["inference"] == b["inference"] and a["memory"] == b["memory"] else 1)
PY

echo "platform image: $pass passed, $fail failed"
[ $fail -eq 0 ]
