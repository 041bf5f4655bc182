#!/bin/bash
# Differential test: every firmware test program runs on QEMU (the
# functional oracle) and on etsim; their stdout must be byte-for-byte equal
# and their exit statuses equal (and equal to what the program is meant to
# return, see expected-status).
#
#   tests/diff/run.sh --etsim build/san/bin/etsim [ELF|DIR ...]
#   tests/diff/run.sh --qemu-only [ELF|DIR ...]
#
# Without ELF or DIR arguments it runs build/firmware/tests/*.elf.  Prints
# "ok NAME" or "FAIL NAME: why" (with a short diff) per program, then
# "N passed, M failed"; exits 1 if any failed, 2 on a usage error.
#
# Options:
#   --etsim PATH       the simulator (run as: PATH -q $ETSIM_ARGS PROG.elf)
#   --qemu-only        no simulator: check that QEMU runs every program to its
#                      expected exit status (proves the suite itself)
#   --jobs N           programs run in parallel (default 2)
#   --qemu-timeout S   seconds per program on QEMU (default 60)
#   --etsim-timeout S  seconds per program on etsim (default 600: the
#                      sanitizer build is slow)
#   --keep DIR         keep the outputs of failed programs in DIR
#   --skip NAMES       do not run these programs: space-separated names,
#                      without -O0/-O2/-Os for all three builds
#                      ("mve_intrinsics faults") or with it for one build
#                      ("bitops-O2"); they are counted as skipped
# Environment: ETSIM_ARGS, extra arguments for etsim (e.g. --max-cycles N).
set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

usage() {
    # the comment block at the top of this file
    awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
}

# What etsim's own exit statuses mean (its contract in shared/DESIGN.md).
etsim_status() {
    case $1 in
    2) echo "$1 (etsim: usage error or bad input)" ;;
    3) echo "$1 (etsim: firmware crashed)" ;;
    4) echo "$1 (etsim: --max-cycles reached)" ;;
    *) echo "$1" ;;
    esac
}

# ---- worker: one program (run by xargs, in parallel) ----
# Everything it needs comes in the environment (RUN_*).  It prints its
# report in one write and leaves "pass" or "fail" in $RUN_RESULTS.
run_one() {
    local elf
    elf=$(realpath "$1")
    local name base want dir q_status e_status msg detail
    name=$(basename "$elf" .elf)
    base=${name%-O*}
    want=$(awk -v t="$base" '$1 == t { print $2 }' "$here/expected-status")
    want=${want:-0}
    dir=$(mktemp -d "$RUN_TMP/$name.XXXXXX")

    # Each run in a working directory of its own: the files a program
    # creates through semihosting (etsim confines them to it) land there.
    mkdir "$dir/q" "$dir/e"
    (cd "$dir/q" && timeout --kill-after=5 "$RUN_QEMU_TIMEOUT" sh "$here/qemu-run.sh" "$elf" \
        </dev/null >"$dir/qemu.out" 2>"$dir/qemu.err")
    q_status=$?
    msg=""
    detail=""
    if [ "$q_status" -eq 124 ] || [ "$q_status" -eq 137 ]; then
        msg="QEMU timed out after ${RUN_QEMU_TIMEOUT}s"
    elif [ "$q_status" -ne "$want" ]; then
        msg="QEMU exit status $q_status, expected $want"
        detail=$(tail -n 5 "$dir/qemu.out" | sed 's/^/    qemu| /')
    elif [ "$RUN_MODE" = diff ]; then
        # shellcheck disable=SC2086
        (cd "$dir/e" && timeout --kill-after=5 "$RUN_ETSIM_TIMEOUT" "$RUN_ETSIM" -q ${ETSIM_ARGS:-} "$elf" \
            </dev/null >"$dir/etsim.out" 2>"$dir/etsim.err")
        e_status=$?
        if [ "$e_status" -eq 124 ] || [ "$e_status" -eq 137 ]; then
            msg="etsim timed out after ${RUN_ETSIM_TIMEOUT}s"
        elif ! cmp -s "$dir/qemu.out" "$dir/etsim.out"; then
            msg="stdout differs (exit status qemu $q_status, etsim $(etsim_status "$e_status"))"
            detail=$(diff -u --label qemu --label etsim "$dir/qemu.out" "$dir/etsim.out" |
                     sed -n '3,14p' | cut -c1-160 | sed 's/^/    /')
        elif [ "$e_status" -ne "$q_status" ]; then
            msg="exit status etsim $(etsim_status "$e_status"), qemu $q_status"
        fi
        if [ -n "$msg" ] && [ -s "$dir/etsim.err" ]; then
            detail="$detail
$(tail -n 4 "$dir/etsim.err" | cut -c1-160 | sed 's/^/    etsim stderr| /')"
        fi
    fi

    if [ -z "$msg" ]; then
        printf 'ok %s\n' "$name"
        : >"$RUN_RESULTS/$name.pass"
        rm -rf "$dir"
    else
        if [ -n "$detail" ]; then
            printf 'FAIL %s: %s\n%s\n' "$name" "$msg" "$detail"
        else
            printf 'FAIL %s: %s\n' "$name" "$msg"
        fi
        : >"$RUN_RESULTS/$name.fail"
        if [ -n "$RUN_KEEP" ]; then
            mkdir -p "$RUN_KEEP/$name"
            cp "$dir"/*.out "$dir"/*.err "$RUN_KEEP/$name/" 2>/dev/null
        fi
        rm -rf "$dir"
    fi
}

if [ "${1:-}" = "--worker" ]; then
    shift
    run_one "$1"
    exit 0
fi

# ---- main ----
mode="diff"
etsim=""
jobs=2
qemu_timeout=60
etsim_timeout=600
keep=""
skip=""
while [ $# -gt 0 ]; do
    case $1 in
    --qemu-only) mode=qemu ;;
    --etsim) etsim=${2:?--etsim needs a path}; shift ;;
    --etsim=*) etsim=${1#*=} ;;
    --jobs|-j) jobs=${2:?--jobs needs a number}; shift ;;
    --qemu-timeout) qemu_timeout=${2:?}; shift ;;
    --etsim-timeout) etsim_timeout=${2:?}; shift ;;
    --keep) keep=${2:?}; shift ;;
    --skip) skip=${2-}; shift ;;
    -h|--help) usage; exit 0 ;;
    --) shift; break ;;
    -*) echo "run.sh: unknown option $1" >&2; usage >&2; exit 2 ;;
    *) break ;;
    esac
    shift
done

if [ "$mode" = diff ]; then
    if [ -z "$etsim" ]; then
        echo "run.sh: give --etsim PATH, or --qemu-only" >&2
        exit 2
    fi
    if [ ! -x "$etsim" ]; then
        echo "run.sh: simulator $etsim not found or not executable (build it first)" >&2
        exit 2
    fi
    case $etsim in /*) ;; *) etsim=$PWD/$etsim ;; esac
fi
if ! command -v qemu-system-arm >/dev/null 2>&1; then
    echo "run.sh: qemu-system-arm not found (apt-get install qemu-system-arm)" >&2
    exit 2
fi

[ $# -eq 0 ] && set -- "$root/build/firmware/tests"
all=()
for arg in "$@"; do
    if [ -d "$arg" ]; then
        for f in "$arg"/*.elf; do
            [ -e "$f" ] && all+=("$f")
        done
    elif [ -r "$arg" ]; then
        all+=("$arg")
    else
        echo "run.sh: no such program or directory: $arg" >&2
        exit 2
    fi
done
elfs=()
skipped=0
for f in ${all[@]+"${all[@]}"}; do
    full=$(basename "$f" .elf)
    base=${full%-O*}
    case " $skip " in
    *" $base "* | *" $full "*) skipped=$((skipped + 1)) ;;
    *) elfs+=("$f") ;;
    esac
done
if [ ${#all[@]} -eq 0 ]; then
    echo "run.sh: no test programs found (build them with: make firmware)" >&2
    exit 2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/etsim-diff.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/results"
[ -n "$keep" ] && mkdir -p "$keep"

export RUN_MODE=$mode RUN_ETSIM=$etsim RUN_TMP=$tmp RUN_RESULTS=$tmp/results
export RUN_QEMU_TIMEOUT=$qemu_timeout RUN_ETSIM_TIMEOUT=$etsim_timeout RUN_KEEP=$keep

if [ ${#elfs[@]} -gt 0 ]; then
    printf '%s\n' "${elfs[@]}" | xargs -d '\n' -P "$jobs" -n 1 bash "$0" --worker
fi

passed=$(find "$tmp/results" -name '*.pass' | wc -l)
failed=$(find "$tmp/results" -name '*.fail' | wc -l)
missing=$(( ${#elfs[@]} - passed - failed ))
if [ "$missing" -gt 0 ]; then
    echo "FAIL: $missing programs gave no result (worker killed?)"
    failed=$((failed + missing))
fi
if [ "$skipped" -gt 0 ]; then
    echo "$passed passed, $failed failed, $skipped skipped"
else
    echo "$passed passed, $failed failed"
fi
[ "$failed" -eq 0 ]
