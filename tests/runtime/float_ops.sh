#!/bin/sh
# Runs the operator cases made by gen_float_ops.py (or gen_release_ops.py) on the host build
# (pte_run) and on QEMU (the runner firmware) and compares output 0 with the
# expected values computed by the generator (|got - want| <= 1e-4 + 1e-4 |want|;
# the runner prints 6 decimals).  Host and QEMU output lines must also be
# identical.
#
# With ETSIM set, the runner on etsim must print exactly QEMU's output lines.
# A case with a NAME.error file must be refused on both sides with a message
# that contains its text.
#
#   sh tests/runtime/float_ops.sh CASEDIR build/bin/pte_run build/firmware/runner.elf
set -u
DIR=$1
PTE_RUN=$2
ELF=$3
fails=0
passes=0
H_OUT=$(mktemp)
Q_OUT=$(mktemp)
E_OUT=$(mktemp)
trap 'rm -f "$H_OUT" "$Q_OUT" "$E_OUT"' EXIT

values() { sed -n 's/^output 0: .*= \[\(.*\)\]$/\1/p' "$1" | tr -d ' '; }

close_to() {  # got want (comma-separated)
    awk -v got="$1" -v want="$2" 'BEGIN {
        n = split(got, g, ","); m = split(want, w, ",")
        if (n != m || n == 0) { print "count " n " vs " m; exit }
        for (i = 1; i <= n; i++) { d = g[i] - w[i]; if (d < 0) d = -d; t = w[i] < 0 ? -w[i] : w[i]
            if (d > 1e-4 + 1e-4 * t) { print "value " i-1 ": " g[i] " vs " w[i]; exit } }
        print "ok" }'
}

while read -r name ninputs; do
    [ -n "$name" ] || continue
    model=$DIR/$name.pte
    host_args=""
    q_args="arg=runner,arg=--model=0x28000000:$(wc -c < "$model" | tr -d ' ')"
    q_loaders="-device loader,file=$model,addr=0x28000000,force-raw=on"
    addr=$((0x60000000))
    k=0
    while [ $k -lt "$ninputs" ]; do
        f=$DIR/$name.in$k.f32
        size=$(wc -c < "$f" | tr -d ' ')
        host_args="$host_args --input $f"
        hex=$(printf '0x%08x' $addr)
        q_args="$q_args,arg=--input=$hex:$size"
        q_loaders="$q_loaders -device loader,file=$f,addr=$hex,force-raw=on"
        addr=$((addr + 4096))
        k=$((k + 1))
    done
    # shellcheck disable=SC2086
    "$PTE_RUN" $host_args "$model" > "$H_OUT" 2>&1
    h_status=$?
    # shellcheck disable=SC2086
    timeout 60 qemu-system-arm -M mps3-an547 -nographic -monitor none -serial none \
        -semihosting-config enable=on,target=native,$q_args $q_loaders -kernel "$ELF" > "$Q_OUT" 2>&1 < /dev/null
    q_status=$?
    if [ -f "$DIR/$name.error" ]; then
        # Must be refused on both sides, with a message naming the problem.
        text=$(cat "$DIR/$name.error")
        if [ $h_status -ne 0 ] && [ $q_status -ne 0 ] && grep -qF "$text" "$H_OUT" && grep -qF "$text" "$Q_OUT"; then
            passes=$((passes + 1))
            echo "PASS $name (refused: $text)"
        else
            fails=$((fails + 1))
            echo "FAIL $name: host status $h_status, qemu status $q_status, expected an error naming '$text'"
            sed 's/^/    host: /' "$H_OUT"
            sed 's/^/    qemu: /' "$Q_OUT"
        fi
        continue
    fi
    want=$(cat "$DIR/$name.expect")
    verdict=$(close_to "$(values "$H_OUT")" "$want")
    e_same=yes
    if [ -n "${ETSIM:-}" ]; then
        # etsim must print what QEMU prints
        # shellcheck disable=SC2086
        timeout 120 "$ETSIM" -q "$ELF" "$model" $host_args > "$E_OUT" 2>&1 < /dev/null ||
            echo "etsim status $?" >> "$E_OUT"
        [ "$(grep '^output' "$E_OUT")" = "$(grep '^output' "$Q_OUT")" ] && ! grep -q '^etsim status' "$E_OUT" ||
            e_same=no
    fi
    if [ $h_status -eq 0 ] && [ $q_status -eq 0 ] && [ "$verdict" = ok ] && [ $e_same = yes ] &&
        [ "$(grep '^output' "$H_OUT")" = "$(grep '^output' "$Q_OUT")" ]; then
        passes=$((passes + 1))
        echo "PASS $name"
    else
        fails=$((fails + 1))
        echo "FAIL $name: host status $h_status, qemu status $q_status, $verdict (expected [$want]), etsim same as qemu: $e_same"
        sed 's/^/    host: /' "$H_OUT"
        sed 's/^/    qemu: /' "$Q_OUT"
        [ -z "${ETSIM:-}" ] || sed 's/^/    etsim: /' "$E_OUT"
    fi
done < "$DIR/cases.txt"

echo "$(basename "$DIR"): $passes passed, $fails failure(s)"
[ "$fails" -eq 0 ] && [ "$passes" -gt 0 ]
