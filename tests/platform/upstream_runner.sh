#!/bin/bash
# ExecuTorch's own Arm example runner, built from upstream for Corstone-300
# (../shared/models/upstream-runner, README there), run as its FVP flow
# runs it (docs/platform.md "FVP equivalents"):
#  * the embedded KWS runner ends on EOT with --exit-on-eot (status 0),
#    its output QEMU's up to that EOT byte; without the option it spins to
#    --max-cycles; a SoC file whose uart0 has "shutdown_on_eot": true ends
#    it too;
#  * the semihosting runner takes its command line from
#    --semihosting-cmdline and classifies all ten KWS words right (the
#    output file's arg-max is labels.txt's class); without the option it
#    stops at "Not right number of parameters!".
#   usage: upstream_runner.sh ETSIM SHARED_DIR
set -u
ETSIM=$1
SHARED=$(realpath "$2")
U=$SHARED/models/upstream-runner
case $ETSIM in /*) ;; *) ETSIM=$PWD/$ETSIM ;; esac
T=$(mktemp -d /tmp/etsim-upstream-XXXXXX)
[ -n "${KEEP:-}" ] || trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; [ -n "${2:-}" ] && tail -5 "$2" | sed 's/^/    /'; fail=$((fail + 1)); }

# 1. The embedded runner: EOT ends the run.
"$ETSIM" -q --exit-on-eot "$U/kws_embedded_m55nodsp.elf" > "$T/eot.out" 2> "$T/eot.err"
rc=$?
[ $rc -eq 0 ] && ok "embedded runner ends on EOT with status 0" || bad "embedded runner: status $rc" "$T/eot.err"
# QEMU's output up to and including its first EOT byte (the FVP stops there).
python3 - "$U/qemu_kws_embedded_m55nodsp.stdout" "$T/qemu-to-eot.out" <<'PY'
import sys
d = open(sys.argv[1], 'rb').read()
open(sys.argv[2], 'wb').write(d[:d.index(b'\x04') + 1])
PY
cmp -s "$T/eot.out" "$T/qemu-to-eot.out" && ok "embedded runner output = QEMU's up to EOT" \
    || bad "embedded runner output differs from QEMU's up to EOT" "$T/eot.out"

"$ETSIM" -q --max-cycles 3e7 "$U/kws_embedded_m55nodsp.elf" > "$T/noeot.out" 2> "$T/noeot.err"
rc=$?
[ $rc -eq 4 ] && ok "without --exit-on-eot the runner spins to --max-cycles (4)" \
    || bad "without --exit-on-eot: status $rc, want 4" "$T/noeot.err"

"$ETSIM" --print-soc > "$T/an547.json"
python3 - "$T/an547.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))
for d in s["devices"]:
    if d["name"] == "uart0":
        d["shutdown_on_eot"] = True
json.dump(s, open(sys.argv[1], "w"))
PY
"$ETSIM" -q --soc "$T/an547.json" --max-cycles 3e7 "$U/kws_embedded_m55nodsp.elf" > /dev/null 2> "$T/soc.err"
rc=$?
[ $rc -eq 0 ] && ok "SoC setting uart0 shutdown_on_eot ends the run" || bad "SoC shutdown_on_eot: status $rc" "$T/soc.err"

# 2. The semihosting runner, its files relative to the working directory.
mkdir -p "$T/run/out"
cp "$SHARED/models/kws_dscnn_cortex_m.pte" "$T/run/kws.pte"
cd "$T/run" || exit 1
"$ETSIM" -q --exit-on-eot "$U/semihost_m55nodsp.elf" > nocmd.out 2> nocmd.err
grep -q "Not right number of parameters" nocmd.out nocmd.err && ok "without --semihosting-cmdline the runner refuses its command line" \
    || bad "without --semihosting-cmdline: no 'Not right number of parameters'" nocmd.out
grep -v '^#' "$SHARED/models/kws_inputs/labels.txt" | while read -r file idx label _; do
    cp "$SHARED/models/kws_inputs/$file" .
    rm -f out/kws-0.bin
    "$ETSIM" -q --exit-on-eot --semihosting-cmdline "executor_runner -m kws.pte -i $file -o out/kws" \
        "$U/semihost_m55nodsp.elf" > "$label.out" 2> "$label.err"
    rc=$?
    got=$(python3 -c '
import struct, sys
v = struct.unpack("<12f", open(sys.argv[1], "rb").read())
print(max(range(12), key=lambda i: v[i]))' out/kws-0.bin 2>/dev/null)
    if [ $rc -eq 0 ] && [ "$got" = "$idx" ]; then
        echo "ok semihosting runner classifies $label ($idx)"
    else
        echo "FAIL semihosting runner on $label: status $rc, class '$got', want $idx"
        tail -3 "$label.out" "$label.err" | sed 's/^/    /'
        echo x >> "$T/word-failures"
    fi
done
if [ -e "$T/word-failures" ]; then
    fail=$((fail + $(wc -l < "$T/word-failures")))
else
    pass=$((pass + 10))
fi

echo "upstream runner: $pass passed, $fail failed"
[ $fail -eq 0 ]
