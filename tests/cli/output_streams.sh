#!/bin/bash
# Where the firmware's output goes (README): stdout (":tt" opened for
# reading/writing, and UART0) to etsim's stdout; the firmware's stderr
# (":tt" opened for append) to etsim's stderr, as QEMU does.
#   usage: output_streams.sh ETSIM TT_STDERR_ELF
set -u
ETSIM=$1
ELF=$2
T=$(mktemp -d /tmp/etsim-streams-XXXXXX)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
check() {
    if eval "$2"; then echo "ok $1"; pass=$((pass + 1)); else echo "FAIL $1"; fail=$((fail + 1)); fi
}
timeout 60 "$ETSIM" -q "$ELF" > "$T/out" 2> "$T/err"
rc=$?
check "exit 0" '[ $rc -eq 0 ]'
check "stdout has the firmware's stdout" 'grep -qx "firmware stdout line" "$T/out"'
check "stdout lacks the firmware's stderr" '! grep -q "firmware stderr line" "$T/out"'
check "stderr has the firmware's stderr" 'grep -qx "firmware stderr line" "$T/err"'
if command -v qemu-system-arm > /dev/null; then
    here=$(cd "$(dirname "$0")" && pwd)
    timeout 60 sh "$here/../diff/qemu-run.sh" "$ELF" < /dev/null > "$T/qout" 2> "$T/qerr"
    check "QEMU does the same (stderr)" 'grep -qx "firmware stderr line" "$T/qerr" && ! grep -q "firmware stderr" "$T/qout"'
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
