#!/bin/bash
# The undocumented-address rule (docs/platform.md): accesses to offsets of
# a known peripheral block that are no register are accepted, read zero
# and are logged once per device; --strict-mmio makes the first one a
# bus error (a crash, status 3, naming the address).
#   usage: undocumented.sh ETSIM UNDOCUMENTED_MMIO_ELF
set -u
ETSIM=$1 ELF=$2
T=$(mktemp -d /tmp/etsim-undoc-XXXXXX)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; [ -n "${2:-}" ] && sed 's/^/    /' "$2" | head -20; fail=$((fail + 1)); }

"$ETSIM" -q "$ELF" > "$T/out" 2> "$T/err"
rc=$?
[ $rc -eq 0 ] && ok "accepted: status 0" || bad "accepted: status $rc" "$T/err"
grep -qx "undocumented: read 0 0, still running" "$T/out" && ok "undocumented reads are zero" || bad "output" "$T/out"
n=$(grep -c "warning: .* of undocumented offset" "$T/err")
[ "$n" -eq 3 ] && ok "one warning per device (3 devices, 4 accesses)" || bad "warnings: $n, want 3" "$T/err"
grep -q "write of undocumented offset 0x100 of device uart0" "$T/err" && ok "the warning names offset and device" \
    || bad "warning text" "$T/err"

"$ETSIM" -q --strict-mmio "$ELF" > "$T/out" 2> "$T/err"
rc=$?
[ $rc -eq 3 ] && ok "--strict-mmio: crash status 3" || bad "--strict-mmio: status $rc" "$T/err"
grep -q "address: 0x49303100" "$T/err" && ok "--strict-mmio: the bus error names 0x49303100" || bad "crash report" "$T/err"

echo "undocumented addresses: $pass passed, $fail failed"
[ $fail -eq 0 ]
