#!/bin/bash
# The data cache follows the MPU's memory attributes (docs/platform.md):
# tests/cli/fw/mpu_cache.c reads an 8 KiB DDR buffer twice in an MPU
# region marked Normal Non-cacheable, then Write-Back Write-Allocate, and
# prints the PMU's L1D_CACHE_REFILL and cycle counts: no refill and DDR
# latency on every load in the first case; one refill per 32-byte line
# (256) and far fewer cycles in the second.
#   usage: mpu_cache.sh ETSIM MPU_CACHE_ELF
set -u
ETSIM=$1 ELF=$2
out=$("$ETSIM" -q "$ELF" 2>&1)
rc=$?
pass=0 fail=0
ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; echo "$out" | sed 's/^/    /'; fail=$((fail + 1)); }
[ $rc -eq 0 ] && ok "status 0" || bad "status $rc"
read -r nr nc <<< "$(echo "$out" | sed -n 's/^noncacheable: refills \([0-9]*\) cycles \([0-9]*\).*/\1 \2/p')"
read -r cr cc <<< "$(echo "$out" | sed -n 's/^cacheable: refills \([0-9]*\) cycles \([0-9]*\).*/\1 \2/p')"
[ "${nr:-x}" = 0 ] && ok "non-cacheable region: no refill" || bad "non-cacheable refills ${nr:-?}"
[ "${cr:-x}" = 256 ] && ok "write-back region: 256 refills (8 KiB / 32-byte lines, once)" || bad "cacheable refills ${cr:-?}"
[ -n "${nc:-}" ] && [ -n "${cc:-}" ] && [ $((cc * 2)) -lt "$nc" ] && ok "cached pass $cc cycles < half of uncached $nc" \
    || bad "cycles ${cc:-?} vs ${nc:-?}"
echo "mpu cache attributes: $pass passed, $fail failed"
[ $fail -eq 0 ]
