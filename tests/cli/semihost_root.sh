#!/bin/bash
# Semihosting file access is confined to a root directory (README: "Host
# files"): tests/cli/fw/semihost_root.c tries to read, create and remove
# files inside and outside the working directory, through "..", absolute
# paths and symlinks.  By default only the working directory is reachable
# and a refused path looks like a missing file (ENOENT), with one warning
# on stderr; --semihost-root / gives QEMU's unrestricted behaviour (the
# same output as QEMU itself); --semihost-root DIR moves the root.
#   usage: semihost_root.sh ETSIM SEMIHOST_ROOT_ELF
set -u
ETSIM=$1
ELF=$(realpath "$2")
here=$(cd "$(dirname "$0")" && pwd)
T=$(mktemp -d /tmp/etsim-semiroot-XXXXXX)
trap 'rm -rf "$T"' EXIT
case $ETSIM in /*) ;; *) ETSIM=$PWD/$ETSIM ;; esac
pass=0 fail=0

ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; [ -n "${2:-}" ] && sed 's/^/    /' "$2" | head -20; fail=$((fail + 1)); }

# A fresh tree in $T/$1: root/ is the working directory.
setup() {
    local d=$T/$1
    mkdir -p "$d/root/sub"
    echo outside > "$d/outside.txt"
    echo inside > "$d/root/inside.txt"
    ln -s ../outside.txt "$d/root/link-out"
    ln -s inside.txt "$d/root/link-in"
    ln -s ../made-by-link.txt "$d/root/dangling"
    ln -s .. "$d/root/dir-out"
}

# expect_line NAME OUTFILE LINE: OUTFILE has exactly this line.
expect_line() {
    if grep -qxF "$3" "$2"; then ok "$1: $3"; else bad "$1: want '$3'" "$2"; fi
}

# 1. Default root: the working directory.
setup default
(cd "$T/default/root" && timeout 120 "$ETSIM" -q "$ELF" > "$T/default.out" 2> "$T/default.err")
rc=$?
[ "$rc" -eq 0 ] && ok "default: exit 0" || bad "default: exit $rc" "$T/default.err"
for line in "absolute outside: failed (ENOENT)" "dotdot: failed (ENOENT)" \
            "dotdot inside: read 7 bytes" "symlink out: failed (ENOENT)" "symlink in: read 7 bytes" \
            "inside: read 7 bytes" "missing inside: failed (ENOENT)" "create inside: written" \
            "create dotdot: failed (ENOENT)" "create via dangling symlink: failed (ENOENT)" \
            "create in symlinked dir: failed (ENOENT)" "remove dotdot: failed (ENOENT)" \
            "remove inside: removed"; do
    expect_line default "$T/default.out" "$line"
done
[ -e "$T/default/outside.txt" ] && [ ! -e "$T/default/created-outside.txt" ] &&
    [ ! -e "$T/default/made-by-link.txt" ] && [ ! -e "$T/default/created.txt" ] &&
    ok "default: nothing outside the root was created or removed" ||
    bad "default: files outside the root changed" <(ls -la "$T/default")
n=$(grep -c "outside the semihosting root" "$T/default.err")
[ "$n" -eq 1 ] && ok "default: one warning on stderr" || bad "default: $n warnings" "$T/default.err"

# 2. --semihost-root /: everything allowed, stdout identical to QEMU's.
setup all
(cd "$T/all/root" && timeout 120 "$ETSIM" -q --semihost-root / "$ELF" > "$T/all.out" 2> "$T/all.err")
expect_line "root /" "$T/all.out" "dotdot: read 8 bytes"
expect_line "root /" "$T/all.out" "symlink out: read 8 bytes"
expect_line "root /" "$T/all.out" "create dotdot: written"
expect_line "root /" "$T/all.out" "remove dotdot: removed"
grep -q "^absolute outside: read" "$T/all.out" && ok "root /: /etc/hostname read" ||
    bad "root /: /etc/hostname not read" "$T/all.out"
if command -v qemu-system-arm > /dev/null; then
    setup qemu
    (cd "$T/qemu/root" && timeout 60 sh "$here/../diff/qemu-run.sh" "$ELF" < /dev/null > "$T/qemu.out" 2>&1)
    cmp -s "$T/qemu.out" "$T/all.out" && ok "root /: same output as QEMU" ||
        bad "root /: differs from QEMU" <(diff "$T/qemu.out" "$T/all.out")
    # Paths inside the working directory behave as on QEMU by default too.
    for what in "dotdot inside" "symlink in" "inside" "missing inside" "create inside" "remove inside"; do
        a=$(grep "^$what:" "$T/qemu.out"); b=$(grep "^$what:" "$T/default.out")
        [ "$a" = "$b" ] && ok "default: '$what' as on QEMU" || bad "default: '$what': qemu '$a', etsim '$b'"
    done
fi

# 3. --semihost-root DIR: the parent of the working directory.
setup parent
(cd "$T/parent/root" && timeout 120 "$ETSIM" -q --semihost-root .. "$ELF" > "$T/parent.out" 2> "$T/parent.err")
expect_line "root .." "$T/parent.out" "dotdot: read 8 bytes"
expect_line "root .." "$T/parent.out" "symlink out: read 8 bytes"
expect_line "root .." "$T/parent.out" "absolute outside: failed (ENOENT)"

# 4. A root that does not exist is a usage error.
timeout 60 "$ETSIM" -q --semihost-root "$T/no/such/dir" "$ELF" > /dev/null 2> "$T/noroot.err"
rc=$?
[ "$rc" -eq 2 ] && grep -q "semihost-root" "$T/noroot.err" && ok "missing root: exit 2" ||
    bad "missing root: exit $rc" "$T/noroot.err"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
