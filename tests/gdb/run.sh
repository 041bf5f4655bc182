#!/bin/bash
# The GDB stub (sim/gdb.c, docs/gdb.md), driven by Debian's gdb-multiarch in
# batch mode on the loopback interface only:
#  1. a session on the runner (KWS, "yes") sets a breakpoint in an MVE
#     kernel, reads core, FP and MVE registers, single-steps, uses a
#     hardware breakpoint, a read watchpoint and the monitor commands, then
#     continues: the firmware's output and the whole report (bar host time)
#     must equal those of the run without a debugger;
#  2. the register dump at the same breakpoint equals QEMU's gdbstub's;
#  3. a raw protocol client: Ctrl-C while running, a bad checksum, unknown
#     packets, the target description, memory outside RAM;
#  4. bad --gdb values and a port in use end with status 2.
#   usage: run.sh ETSIM RUNNER_ELF
set -u
ETSIM=$(realpath "$1")
RUNNER=$(realpath "$2")
here=$(cd "$(dirname "$0")" && pwd)
M=$(realpath "$here/../../../shared/models")
T=$(mktemp -d /tmp/etsim-gdb-XXXXXX)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done; rm -rf "$T"; }
trap cleanup EXIT
pass=0 fail=0
ok() { echo "ok $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1"; [ -n "${2:-}" ] && sed 's/^/    /' "$2" | tail -30; fail=$((fail + 1)); }
GDB=$(command -v gdb-multiarch || true)
if [ -z "$GDB" ]; then
    echo "FAIL gdb-multiarch is not installed (make deps)"
    exit 1
fi
# A port of our own on loopback (the process id keeps parallel runs apart).
PORT=$((20000 + $$ % 20000))
MODEL=$M/kws_dscnn_cortex_m.pte
INPUT=$M/kws_inputs/mfcc_yes.f32
ARGS=("$RUNNER" "$MODEL" --input "$INPUT")

strip() { python3 -c "import json,sys; r=json.load(open(sys.argv[1])); [r['run'].pop(k) for k in ('host_seconds','host_mips')]; print(json.dumps(r, sort_keys=True))" "$1"; }

# 1. Without and with the debugger.
"$ETSIM" -q --report "$T/ref.json" "${ARGS[@]}" > "$T/ref.out" 2> "$T/ref.err" || bad "reference run" "$T/ref.err"
cat > "$T/session.gdb" <<GDB
set pagination off
set confirm off
target remote :$PORT
break conv2d_s8_mve
continue
continue
info registers pc
p/x \$q1
p/x \$d2
p/x \$s4
p \$vpr
p/x \$fpscr
stepi
stepi
info registers pc
rwatch -l p->act_max
continue
delete
hbreak k_cortex_m_quantized_linear
continue
info registers pc
delete
monitor cycles
monitor report
continue
GDB
timeout 120 "$ETSIM" --gdb ":$PORT" -q --report "$T/gdb.json" "${ARGS[@]}" > "$T/gdb.out" 2> "$T/gdb.err" &
pid=$!; pids+=($pid)
timeout 100 "$GDB" -nx -batch -x "$T/session.gdb" "$RUNNER" > "$T/session.txt" 2>&1
wait $pid; rc=$?
[ $rc = 0 ] && ok "debugged run exits with status 0" || bad "debugged run status $rc" "$T/gdb.err"
cmp -s "$T/ref.out" "$T/gdb.out" && ok "same firmware output with and without GDB" || bad "output differs" "$T/gdb.out"
[ -s "$T/gdb.json" ] && [ "$(strip "$T/ref.json")" = "$(strip "$T/gdb.json")" ] &&
    ok "same report (cycles, operators, energy) with and without GDB" || bad "report differs"
expect() {   # expect WHAT REGEX: a line of the session matches
    grep -Eq "$2" "$T/session.txt" && ok "session: $1" || bad "session: $1 (no /$2/)" "$T/session.txt"
}
expect "breakpoint in the runner's MVE kernel" '^Breakpoint 1, conv2d_s8_mve'
expect "pc at the breakpoint" '^pc +0x[0-9a-f]+ +0x[0-9a-f]+ <conv2d_s8_mve>'
expect "an MVE q register" '^\$1 = \{u8 = \{0x'
expect "vpr with its fields" 'P0=[0-9]+ MASK01=[0-9]+ MASK23=[0-9]+'
expect "single step" '^pc +0x[0-9a-f]+ +0x[0-9a-f]+ <conv2d_s8_mve\+[0-9]+>'
expect "read watchpoint" '^Hardware read watchpoint 2: -location p->act_max'
expect "hardware breakpoint" '^pc +0x[0-9a-f]+ +0x[0-9a-f]+ <k_cortex_m_quantized_linear>'
expect "monitor cycles" '^cycles [1-9][0-9]* instructions [1-9][0-9]* sim_ms'
expect "monitor report" 'timing +none|inference +[0-9]+ cycles|RAM peak'
expect "the firmware exits" 'exited normally'

# 2. The same breakpoint on QEMU's gdbstub: the same registers.
cat > "$T/regs.gdb" <<'GDB'
set pagination off
set confirm off
break conv2d_s8_mve
continue
continue
info registers r0 r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 sp lr pc xpsr
info registers d0 d1 d2 d3 d4 d5 d6 d7 d8 d9 d10 d11 d12 d13 d14 d15 fpscr vpr
p/x $q1
stepi
stepi
info registers pc r0 r1 r2 r3 xpsr
GDB
if command -v qemu-system-arm > /dev/null; then
    MS=$(wc -c < "$MODEL"); IS=$(wc -c < "$INPUT")
    timeout 100 qemu-system-arm -M mps3-an547 -nographic -monitor none -serial none \
        -semihosting-config enable=on,target=native,arg=runner,arg=--model=0x28000000:$MS,arg=--input=0x60000000:$IS,arg=--iterations=1 \
        -device loader,file="$MODEL",addr=0x28000000,force-raw=on \
        -device loader,file="$INPUT",addr=0x60000000,force-raw=on \
        -kernel "$RUNNER" -gdb tcp:127.0.0.1:$((PORT + 1)) -S > "$T/qemu.out" 2>&1 < /dev/null &
    qpid=$!; pids+=($qpid)
    timeout 60 "$ETSIM" --gdb $((PORT + 2)) -q "${ARGS[@]}" > /dev/null 2>&1 &
    epid=$!; pids+=($epid)
    sleep 0.5
    timeout 60 "$GDB" -nx -batch -ex "target remote :$((PORT + 1))" -x "$T/regs.gdb" "$RUNNER" > "$T/q.regs" 2>&1
    timeout 60 "$GDB" -nx -batch -ex "target remote :$((PORT + 2))" -x "$T/regs.gdb" "$RUNNER" > "$T/e.regs" 2>&1
    kill $qpid $epid 2>/dev/null
    # (bar the line naming the inferior: "process 1" on QEMU)
    if grep -q '^vpr' "$T/e.regs" && diff <(grep -v '^\[Inferior' "$T/q.regs") \
        <(grep -v '^\[Inferior' "$T/e.regs") > "$T/regs.diff"; then
        ok "registers at the breakpoint and after two steps equal QEMU's (core, d0-d15, fpscr, vpr, q1)"
    else
        bad "registers differ from QEMU's" "$T/regs.diff"
    fi
else
    echo "skip QEMU comparison: qemu-system-arm not installed"
fi

# 3. The protocol itself.
# (many inferences, so that the Ctrl-C comes while the firmware runs)
timeout 60 "$ETSIM" --gdb $((PORT + 3)) -q "${ARGS[@]}" --iterations 50 > /dev/null 2> "$T/raw.err" &
pid=$!; pids+=($pid)
python3 "$here/rsp_client.py" $((PORT + 3)) > "$T/raw.txt" 2>&1
wait $pid; rc=$?
while read -r line; do
    case $line in ok*) ok "${line#ok }" ;; *) bad "raw: $line" ;; esac
done < "$T/raw.txt"
[ $rc = 4 ] && grep -q "the debugger ended the run" "$T/raw.err" && ok "kill ends the run with status 4" ||
    bad "kill: status $rc" "$T/raw.err"

# A debugger that goes away mid-run: the run ends as without one.
timeout 60 "$ETSIM" --gdb $((PORT + 5)) -q --report "$T/vanish.json" "${ARGS[@]}" > "$T/vanish.out" 2> "$T/vanish.err" &
pid=$!; pids+=($pid)
python3 "$here/rsp_client.py" $((PORT + 5)) vanish > "$T/vanish.txt" 2>&1
wait $pid; rc=$?
grep -q "^ok breakpoint set" "$T/vanish.txt" && [ $rc = 0 ] && cmp -s "$T/ref.out" "$T/vanish.out" &&
    [ "$(strip "$T/ref.json")" = "$(strip "$T/vanish.json")" ] &&
    ok "debugger gone mid-run: the run ends with status 0, the same output and report" ||
    bad "debugger gone mid-run: status $rc" "$T/vanish.err"

# A crash made from the debugger (the PC set to unmapped space, a register
# write): GDB hears SIGSEGV with the state left to inspect; after kill
# etsim reports the crash with status 3.
cat > "$T/crash.gdb" <<GDB
set pagination off
set confirm off
target remote :$((PORT + 6))
break conv2d_s8_mve
continue
delete
watch -l *(int *)(\$sp - 4)
continue
info registers pc
delete
set \$r4 = 0x12345678
set \$pc = 0xf0000000
continue
p/x \$r4
monitor cycles
kill
GDB
timeout 60 "$ETSIM" --gdb $((PORT + 6)) -q "${ARGS[@]}" > /dev/null 2> "$T/crash.err" &
pid=$!; pids+=($pid)
timeout 60 "$GDB" -nx -batch -x "$T/crash.gdb" "$RUNNER" > "$T/crash.txt" 2>&1
wait $pid; rc=$?
grep -Eq "^Hardware watchpoint 2: -location" "$T/crash.txt" && grep -Eq '^pc +0x[0-9a-f]+ +0x[0-9a-f]+ <conv2d_s8_mve\+[0-9]+>' "$T/crash.txt" &&
    ok "write watchpoint: the function's first push stops it" || bad "write watchpoint" "$T/crash.txt"
grep -q "received signal SIGSEGV" "$T/crash.txt" && grep -q '^\$1 = 0x12345678' "$T/crash.txt" &&
    ok "a crash under GDB: SIGSEGV, registers still readable" || bad "crash under GDB" "$T/crash.txt"
[ $rc = 3 ] && grep -q "firmware crashed" "$T/crash.err" && ok "after kill: status 3, the crash reported" ||
    bad "crash: status $rc" "$T/crash.err"

# 4. Bad values.
for v in abc 0 70000 ":" ""; do
    "$ETSIM" --gdb "$v" "${ARGS[@]}" > /dev/null 2> "$T/bad.err"; rc=$?
    [ $rc = 2 ] && grep -q -- "--gdb" "$T/bad.err" && ok "--gdb '$v': status 2" || bad "--gdb '$v': status $rc" "$T/bad.err"
done
python3 -c "
import socket,time,sys
s=socket.socket(); s.bind(('127.0.0.1',$((PORT + 4)))); s.listen(1); open('$T/held','w').close(); time.sleep(20)" &
hold=$!; pids+=($hold)
for _ in $(seq 100); do [ -e "$T/held" ] && break; sleep 0.1; done
timeout 10 "$ETSIM" --gdb $((PORT + 4)) "${ARGS[@]}" > /dev/null 2> "$T/busy.err"; rc=$?
[ $rc = 2 ] && grep -q "cannot listen" "$T/busy.err" && ok "port in use: status 2" || bad "port in use: status $rc" "$T/busy.err"
kill $hold 2>/dev/null

echo "gdb: $pass passed, $fail failed"
[ $fail = 0 ]
