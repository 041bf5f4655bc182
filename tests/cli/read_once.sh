#!/bin/bash
# Each input is read once, and the SoC description parsed once (issue 12):
# strace counts the opens of the firmware, the model, the input and the SoC
# file in one run; the "power" object is checked for typos like the rest of
# the description (one warning naming the key) and its errors name the
# file and the key.
#   usage: read_once.sh ETSIM RUNNER_ELF SHARED
set -u
ETSIM=$1
RUNNER=$2
SHARED=$3
T=$(mktemp -d /tmp/etsim-read-once-XXXXXX)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
check() {
    if eval "$2"; then echo "ok $1"; pass=$((pass + 1)); else echo "FAIL $1"; fail=$((fail + 1)); fi
}
PTE=$SHARED/models/kws_dscnn_cortex_m.pte
IN=$SHARED/models/kws_inputs/mfcc_yes.f32
"$ETSIM" --print-soc an547 > "$T/soc.json"

# strace is in tools/install-deps.sh.  LeakSanitizer cannot run under
# ptrace: off for this run (the other runs check leaks).
ASAN_OPTIONS=detect_leaks=0 strace -f -e trace=open,openat -o "$T/strace" \
    "$ETSIM" -q --soc "$T/soc.json" "$RUNNER" "$PTE" --input "$IN" > "$T/out" 2> "$T/err"
rc=$?
check "run with the SoC file: exit 0" '[ $rc -eq 0 ]'
opens() { grep -v ENOENT "$T/strace" | grep -c "\"$1\""; }
for f in "$T/soc.json" "$RUNNER" "$PTE" "$IN"; do
    n=$(opens "$f")
    check "$(basename "$f") opened once ($n)" '[ "$n" -eq 1 ]'
done

# A typo inside "power" and inside its "npu": one warning each, the run goes on.
python3 - "$T/soc.json" "$T/typo.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["power"]["dsp_sleep_uw_per_mzh"] = 1
d["power"]["npu"]["idle_uv"] = 1
d["power"]["domains"][0]["static_mw"] = 1
json.dump(d, open(sys.argv[2], "w"))
PY
"$ETSIM" -q --soc "$T/typo.json" "$RUNNER" "$PTE" --input "$IN" > /dev/null 2> "$T/err"
rc=$?
check "typos in power: exit 0" '[ $rc -eq 0 ]'
check "typo in power named" 'grep -q "typo.json: unknown key \"dsp_sleep_uw_per_mzh\" in power " "$T/err"'
check "typo in power npu named" 'grep -q "unknown key \"idle_uv\" in power npu " "$T/err"'
check "typo in a power domain named" 'grep -q "unknown key \"static_mw\" in a power domain " "$T/err"'
check "one warning each" '[ "$(grep -c "unknown key" "$T/err")" -eq 3 ]'

# A bad coefficient: exit 2, naming the file and the key.
python3 - "$T/soc.json" "$T/bad.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["power"]["core_active_uw_per_mhz"] = "fast"
json.dump(d, open(sys.argv[2], "w"))
PY
"$ETSIM" -q --soc "$T/bad.json" "$RUNNER" > /dev/null 2> "$T/err"
rc=$?
check "bad power coefficient: exit 2" '[ $rc -eq 2 ]'
check "bad power coefficient named" 'grep -q "bad.json: power: \"core_active_uw_per_mhz\" must be a number" "$T/err"'
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
