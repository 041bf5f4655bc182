# Shared by the report test scripts (run.sh, insn_trace.sh, mem_trace.sh):
# their options, a fresh output folder, and ok / bad / expect, which count
# what passed and failed.  Source it, then call report_test_setup "$@".
#
# Options (each script names the ones it needs in its usage line):
#   --etsim BIN --etsim-san BIN --trace-tool BIN --trace-fuzz BIN
#   --shared DIR --out DIR --fw DIR --qemu-memlog PLUGIN.so
etsim='' etsim_san='' tool='' fuzz='' shared='' out='' fw='' plugin=''
pass=0 fail=0

report_test_setup() {
    local me
    me=$(basename "$0")
    while [ $# -gt 0 ]; do
        case $1 in
            --etsim) etsim=$2; shift 2 ;;
            --etsim-san) etsim_san=$2; shift 2 ;;
            --trace-tool) tool=$2; shift 2 ;;
            --trace-fuzz) fuzz=$2; shift 2 ;;
            --shared) shared=$2; shift 2 ;;
            --out) out=$2; shift 2 ;;
            --fw) fw=$2; shift 2 ;;
            --qemu-memlog) plugin=$2; shift 2 ;;
            *) echo "$me: unknown argument $1" >&2; exit 2 ;;
        esac
    done
    if [ -z "$out" ]; then
        echo "$me: --out DIR is required" >&2
        exit 2
    fi
    rm -rf "$out"
    mkdir -p "$out"
}

ok() { echo "  ok    $1"; pass=$((pass + 1)); }
bad() { echo "  FAIL  $1" >&2; fail=$((fail + 1)); }
expect() {   # expect STATUS NAME CMD...: stdout and stderr in $out/last.out
    local want=$1 name=$2; shift 2
    "$@" > "$out/last.out" 2>&1
    local got=$?
    if [ "$got" = "$want" ]; then ok "$name"; else bad "$name (exit $got, wanted $want)"; tail -20 "$out/last.out" >&2; fi
}
