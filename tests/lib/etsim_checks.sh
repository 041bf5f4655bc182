# Shared by the etsim-only firmware checks (tests/dsp/run.sh,
# tests/npu_device/run.sh): a scratch folder $T, ok / bad that count what
# passed and failed, and run, which runs etsim and checks its exit status
# and what it printed.  Source it after setting ETSIM; name the scratch
# folder's prefix in ETSIM_CHECKS_PREFIX first.
T=$(mktemp -d "/tmp/${ETSIM_CHECKS_PREFIX:-etsim-checks}-XXXXXX")
trap 'rm -rf "$T"' EXIT
pass=0 fail=0
ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; sed 's/^/    /' "$T/err" | head -12; fail=$((fail + 1)); }

# run NAME STATUS STDOUT_PATTERN STDERR_PATTERN -- ARGS...  (pattern -: no check)
run() {
    local name=$1 want=$2 outpat=$3 errpat=$4
    shift 5
    timeout 300 "$ETSIM" "$@" >"$T/out" 2>"$T/err"
    local rc=$?
    if [ "$rc" = "$want" ] && { [ "$outpat" = - ] || grep -qE -- "$outpat" "$T/out"; } &&
       { [ "$errpat" = - ] || grep -qE -- "$errpat" "$T/err"; }; then
        ok "$name"
    else
        echo "  exit $rc (want $want); stdout:"; sed 's/^/    /' "$T/out" | tail -8
        bad "$name"
    fi
}
