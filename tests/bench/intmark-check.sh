#!/bin/bash
# intmark-check.sh --host HOST_BIN --etsim ETSIM INTMARK.elf
#
# Runs intmark (firmware/bench/intmark.c) three ways: built natively on the
# host, on QEMU (tests/diff/qemu-run.sh) and on etsim.  Passes if all three
# print the same final CRC and exit 0 (the program itself exits 0 only if
# its CRC is the expected one), and etsim's cycle counter ran (QEMU's reads
# 0 by design).  Takes about a second.
set -u
host= etsim= elf=
while [ $# -gt 0 ]; do
    case $1 in
    --host) host=$2; shift 2 ;;
    --etsim) etsim=$2; shift 2 ;;
    -*) echo "usage: $0 --host HOST_BIN --etsim ETSIM INTMARK.elf" >&2; exit 2 ;;
    *) elf=$1; shift ;;
    esac
done
if [ -z "$host" ] || [ -z "$etsim" ] || [ -z "$elf" ]; then
    echo "usage: $0 --host HOST_BIN --etsim ETSIM INTMARK.elf" >&2
    exit 2
fi
here=$(dirname "$0")

fail=0
ref=
check() {   # check NAME STATUS OUTPUT
    local name=$1 status=$2 out=$3 crc
    crc=$(printf '%s\n' "$out" | sed -n 's/^crc  *\(0x[0-9a-f]*\)$/\1/p')
    printf 'intmark %-6s crc %-8s exit %s\n' "$name" "${crc:-none}" "$status"
    if [ -z "$crc" ] || [ "$status" != 0 ]; then
        printf '%s\n' "$out" | sed 's/^/    /'
        fail=1
    fi
    [ -z "$ref" ] && ref=$crc
    if [ "$crc" != "$ref" ]; then
        echo "intmark: $name's CRC $crc differs from the host's $ref" >&2
        fail=1
    fi
}

out=$(timeout 60 "$host" 2>&1); check host $? "$out"
out=$(timeout 60 sh "$here/../diff/qemu-run.sh" "$elf" </dev/null 2>&1); check qemu $? "$out"
out=$(timeout 60 "$etsim" -q "$elf" 2>&1); check etsim $? "$out"
cycles=$(printf '%s\n' "$out" | sed -n 's/^cycles  *\([0-9]*\)$/\1/p')
if [ -z "$cycles" ] || [ "$cycles" = 0 ]; then
    echo "intmark: etsim counted no cycles (DWT CYCCNT)" >&2
    fail=1
else
    printf '%s\n' "$out" | grep -E '^(cycles/iteration|score) ' | sed 's/^/    etsim: /'
fi
if [ $fail = 0 ]; then echo "intmark: PASS (host, QEMU and etsim agree)"; else echo "intmark: FAIL"; fi
exit $fail
