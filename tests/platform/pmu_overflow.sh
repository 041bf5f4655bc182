#!/bin/bash
# The PMU's overflow interrupt end to end (docs/platform.md):
# tests/cli/fw/pmu_overflow.c runs the cycle counter and a CPU_CYCLES
# counter across their wrap; with PMU_INTENSET and DEMCR.MON_EN the
# DebugMonitor handler runs exactly once and sees the flag and DFSR.PMU;
# without PMU_INTENSET it never runs and the flag stays set; without MON_EN
# it never runs but DFSR.PMU records the request.
#   usage: pmu_overflow.sh ETSIM PMU_OVERFLOW_ELF
set -u
ETSIM=$1 ELF=$2
out=$("$ETSIM" -q "$ELF" 2>&1)
rc=$?
pass=0 fail=0
ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; echo "$out" | sed 's/^/    /'; fail=$((fail + 1)); }
expect() { echo "$out" | grep -qxF "$1" && ok "$1" || bad "missing: $1"; }
[ $rc -eq 0 ] && ok "status 0" || bad "status $rc"
expect "ccntr: monitor 1 ovs set dfsr.pmu 1 flag_left 0"
expect "evcntr0: monitor 1 ovs set dfsr.pmu 1 flag_left 0"
expect "no-intenset: monitor 0 ovs clear dfsr.pmu 0 flag_left 1"
expect "no-mon_en: monitor 0 ovs clear dfsr.pmu 0 flag_left 1"
expect "dfsr.pmu after no-mon_en 1"
echo "pmu overflow interrupt: $pass passed, $fail failed"
[ $fail -eq 0 ]
