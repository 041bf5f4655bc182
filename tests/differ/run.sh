#!/bin/bash
# Where etsim differs from QEMU on purpose (README, "Deliberate differences
# from QEMU"): each program here runs on both, and each must behave as the
# README says on each side.  If QEMU changes (say it starts faulting on
# unaligned Helium loads), this test says so and the README must follow.
#
#   tests/differ/run.sh --etsim build/bin/etsim
#
# Builds the programs with `make fw-prog`; prints ok/FAIL per check and
# "N passed, M failed"; exits 1 if any failed.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
ETSIM=build/bin/etsim
while [ $# -gt 0 ]; do
    case $1 in
    --etsim) ETSIM=$2; shift 2 ;;
    *) echo "usage: $0 [--etsim PATH]" >&2; exit 2 ;;
    esac
done
cd "$root" || exit 2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
passes=0
fails=0
ok() { passes=$((passes + 1)); echo "ok $1"; }
bad() { fails=$((fails + 1)); echo "FAIL $1"; sed 's/^/    /' "$out/last" 2>/dev/null | head -8; }

build() {
    make -s fw-prog SRC="tests/differ/$1.c" > "$out/build.log" 2>&1 ||
        { cat "$out/build.log"; echo "FAIL building $1"; exit 1; }
    echo "build/firmware/$1.elf"
}

# run_etsim NAME [ARGS...]: status in $es, stdout in $out/e.out, stderr in $out/e.err
run_etsim() {
    local elf; elf=$(build "$1"); shift
    timeout 120 "$ETSIM" -q "$@" "$elf" < /dev/null > "$out/e.out" 2> "$out/e.err"
    es=$?
    cat "$out/e.out" "$out/e.err" > "$out/last"
}
# run_qemu NAME SECONDS: status in $qs (124: still running when stopped)
run_qemu() {
    local elf; elf=$(build "$1")
    timeout "$2" sh tests/diff/qemu-run.sh "$elf" < /dev/null > "$out/q.out" 2> "$out/q.err"
    qs=$?
    cat "$out/q.out" "$out/q.err" > "$out/last"
}

# 1. Unaligned Helium load: UNALIGNED UsageFault (architectural) vs a load.
run_etsim mve_unaligned
if [ $es -eq 3 ] && grep -q UNALIGNED "$out/e.err"; then ok "mve_unaligned: etsim takes the UNALIGNED UsageFault"
else bad "mve_unaligned: etsim status $es, expected 3 naming UNALIGNED"; fi
run_qemu mve_unaligned 60
if [ $qs -eq 0 ] && grep -q "loaded without a fault" "$out/q.out"; then ok "mve_unaligned: QEMU loads without a fault"
else bad "mve_unaligned: QEMU status $qs (QEMU changed? update README)"; fi

# 2. A fault whose handler spins: etsim ends the run (3), QEMU spins.
run_etsim handler_spins
if [ $es -eq 3 ] && grep -q UNDEFINSTR "$out/e.err" && grep -q "about to execute UDF" "$out/e.out"; then
    ok "handler_spins: etsim exits 3 naming UNDEFINSTR"
else bad "handler_spins: etsim status $es, expected 3 naming UNDEFINSTR"; fi
run_qemu handler_spins 5
if [ $qs -eq 124 ]; then ok "handler_spins: QEMU is still spinning after 5 s"
else bad "handler_spins: QEMU status $qs, expected to spin until stopped"; fi

# 3. WFI that nothing can end: etsim ends the run (3), QEMU sleeps.
run_etsim wfi_forever
if [ $es -eq 3 ] && grep -qi "wfi" "$out/e.err"; then ok "wfi_forever: etsim exits 3 naming WFI"
else bad "wfi_forever: etsim status $es, expected 3 naming WFI"; fi
run_qemu wfi_forever 5
if [ $qs -eq 124 ]; then ok "wfi_forever: QEMU is still asleep after 5 s"
else bad "wfi_forever: QEMU status $qs, expected to sleep until stopped"; fi

# 4. Semihosting time is simulated time: deterministic, and at half the
#    clock the same work takes twice the centiseconds.
run_etsim sim_clock; first=$(cat "$out/e.out"); s1=$es
run_etsim sim_clock; second=$(cat "$out/e.out")
run_etsim sim_clock --cpu-mhz 200; slow=$(cat "$out/e.out")
cs=$(echo "$first" | sed -n 's/clock advanced \([0-9]*\) cs/\1/p')
cs_slow=$(echo "$slow" | sed -n 's/clock advanced \([0-9]*\) cs/\1/p')
if [ $s1 -eq 0 ] && [ "$first" = "$second" ] && [ -n "$cs" ] && [ "$cs" -gt 0 ] &&
   [ $((cs_slow - 2 * cs)) -ge -1 ] && [ $((cs_slow - 2 * cs)) -le 1 ]; then
    ok "sim_clock: simulated time ($cs cs at 400 MHz, $cs_slow at 200 MHz, the same every run)"
else
    echo "$first / $second / $slow" > "$out/last"
    bad "sim_clock: not simulated time"
fi
run_qemu sim_clock 60
if [ $qs -eq 0 ] && grep -q "clock advanced" "$out/q.out"; then ok "sim_clock: QEMU runs it on the host clock"
else bad "sim_clock: QEMU status $qs"; fi

echo "deliberate differences: $passes passed, $fails failed"
[ $fails -eq 0 ]
