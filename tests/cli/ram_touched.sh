#!/bin/bash
# RAM reserved vs touched (README "RAM", docs/report.md): tests/cli/fw/
# ram_touched.c has two pools in SRAM (1 MiB and 2 MiB) and writes 12000
# and 20000 non-zero bytes at their starts.  The image reserves the first
# pool whole (the second is used after it); the firmware touches 32000
# bytes there (1000 lines of 32 bytes).  Checked in the JSON report, the
# summary and the HTML page.
#   usage: ram_touched.sh ETSIM RAM_TOUCHED_ELF
set -u
ETSIM=$1
ELF=$2
T=$(mktemp -d /tmp/etsim-ramtouched-XXXXXX)
trap 'rm -rf "$T"' EXIT
timeout 120 "$ETSIM" --report "$T/r.json" --html "$T/r.html" "$ELF" > "$T/out" 2> "$T/err"
rc=$?
fail=0
if [ "$rc" -ne 0 ]; then
    echo "FAIL ram_touched: exit $rc"; sed 's/^/    /' "$T/err" | head; exit 1
fi
python3 - "$T/r.json" <<'PY' || fail=1
import json, sys
mem = json.load(open(sys.argv[1]))["memory"]
sram2 = [t for t in mem["tiers"] if t["name"] == "sram2"][0]
checks = [
    ("sram2 reserved >= 1 MiB + 20000", sram2["ram_bytes"] >= (1 << 20) + 20000),
    ("sram2 touched is the 32000 bytes written", 32000 <= sram2["touched_bytes"] <= 32000 + 64),
    ("reserved >> touched", sram2["ram_bytes"] > 30 * sram2["touched_bytes"]),
    ("ram_touched_bytes sums the tiers",
     mem["ram_touched_bytes"] == sum(t["touched_bytes"] or 0 for t in mem["tiers"])),
    ("ram_peak_bytes is what the image reserves",
     mem["ram_peak_bytes"] == sum(t["ram_bytes"] for t in mem["tiers"])),
    ("flash has no touched figure", all(t["touched_bytes"] is None for t in mem["tiers"] if t["kind"] == "flash")),
]
bad = 0
for what, ok in checks:
    print(("ok " if ok else "FAIL ") + what)
    bad += not ok
print("    sram2: reserved %d, touched %d" % (sram2["ram_bytes"], sram2["touched_bytes"]))
sys.exit(1 if bad else 0)
PY
grep -qE "^  RAM touched +[0-9]+ bytes .*sram2 31\.2 KiB" "$T/err" && echo "ok summary shows RAM touched" ||
    { echo "FAIL summary"; grep RAM "$T/err"; fail=1; }
grep -q "KiB touched" "$T/r.html" && echo "ok HTML shows touched" || { echo "FAIL HTML"; fail=1; }
[ "$fail" -eq 0 ]
