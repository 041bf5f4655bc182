#!/bin/bash
# tests/mve_random/oracle_check.sh ETSIM: run.py's oracle recheck, with a
# QEMU wrapper that corrupts one register of one dump line.
#   flaky:  only its first run is corrupted -> the seed passes, marked
#           "QEMU unstable";
#   steady: every run is corrupted the same way -> the seed fails.
# Fails if either outcome is not what run.py prints.
set -u
ETSIM=${1:?usage: oracle_check.sh ETSIM}
HERE=$(cd "$(dirname "$0")" && pwd)
REAL=$(command -v qemu-system-arm) || { echo "oracle_check: qemu-system-arm not found"; exit 1; }
work=$(mktemp -d /tmp/etsim-oracle.XXXXXX)
trap 'rm -rf "$work"' EXIT
cat > "$work/qemu-system-arm" <<WRAP
#!/bin/bash
# Step 3's dump gets r0 changed, on every run (steady) or only the first (flaky).
n=\$(cat "$work/count" 2>/dev/null || echo 0); echo \$((n + 1)) > "$work/count"
if [ "\$(cat "$work/mode")" = flaky ] && [ "\$n" -gt 0 ]; then exec "$REAL" "\$@"; fi
"$REAL" "\$@" | sed -E '/^S 3 /s/ r0=[0-9a-f]{8}/ r0=deadbeef/'
exit "\${PIPESTATUS[0]}"
WRAP
chmod +x "$work/qemu-system-arm"
fail=0
for mode in flaky steady; do
    echo "$mode" > "$work/mode"; rm -f "$work/count"
    out=$(PATH="$work:$PATH" python3 "$HERE/run.py" --first 1 --seeds 1 --count 20 --jobs 1 \
          --etsim "$ETSIM" 2>&1)
    case $mode in
    flaky)  echo "$out" | grep -q '^ok seed 1 (.*QEMU unstable: 1 of 2 runs' ;;
    steady) echo "$out" | grep -q '^FAIL seed 1: step 3 ' && echo "$out" | grep -q 'r0 *qemu deadbeef' ;;
    esac
    if [ $? -eq 0 ]; then echo "ok    $mode QEMU: $(echo "$out" | grep -m1 'seed 1')"
    else echo "FAIL  $mode QEMU:"; echo "$out" | sed 's/^/      /'; fail=1; fi
done
exit $fail
