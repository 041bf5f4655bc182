#!/bin/bash
# --ptd: a .pte whose weights are EXTERNAL, in a .ptd (FlatTensor) file,
# written by tests/runtime/gen_external.py (y = x @ W^T + b, the expected
# output computed there in double precision).  etsim places the .ptd after
# the model (16-aligned) and passes --ptd=ADDR:SIZE to the runner.
#
#   run.sh --etsim BIN --fw DIR --out DIR [--select --models DIR --pte-run BIN]
#
# With --select, the selective runners instead (runtime.mk's runner-for,
# built by tests/ptd/ptd.mk from gen_external.py's files in the --out DIR):
# the one built without PTD= has no .ptd reader and must refuse a .ptd by
# name; the one built with PTD= runs the model with its .ptd; likewise for
# the reader of mutable data (initial values of planned tensors) and that of
# the deprecated inline constant_buffer, and a runner for a model without
# delegates has no backends (--models: the shared models folder, for a
# delegated model and one with inline constants); the load-time planner
# has only the parts its model's plan uses (KWS's runner).
set -u
here=$(dirname "$0")
select=0
while [ $# -gt 0 ]; do
    case "$1" in
    --etsim) etsim=$2; shift 2 ;;
    --fw) fw=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --select) select=1; shift ;;
    --models) models=$2; shift 2 ;;
    --pte-run) pte_run=$2; shift 2 ;;
    *) echo "run.sh: unknown option $1" >&2; exit 2 ;;
    esac
done
if [ $select = 0 ]; then
    rm -rf "$out"
    mkdir -p "$out"
    python3 "$here/../runtime/gen_external.py" "$out" || exit 1
fi
runner=$fw/runner.elf
failed=0
pass() { echo "  ok   $1"; }
bad() { echo "  FAIL $1" >&2; failed=1; }

# expect STATUS PATTERN NAME ARGS...: exit status and a line of the output.
expect() {
    local want=$1 pattern=$2 name=$3
    shift 3
    timeout 120 "$etsim" -q "$@" > "$out/run.log" 2>&1
    local rc=$?
    if [ "$rc" = "$want" ] && grep -q -- "$pattern" "$out/run.log"; then
        pass "$name"
    else
        bad "$name: exit $rc (expected $want), output:"
        sed 's/^/    /' "$out/run.log" | head -5 >&2
    fi
}

if [ $select = 1 ]; then
    inline=$fw/runner-linear_inline-mve.elf
    external=$fw/runner-linear-mve.elf
    mutable=$fw/runner-linear_mutable-mve.elf
    old_constants=$fw/runner-module_linear-mve.elf
    mul_add=$fw/runner-mul_add-mve.elf   # module_linear's operators, not its constant_buffer reader
    want="output 0: float32 \[2, 3\] = \[1.843750, 0.531250, 0.781250, 0.031250, -1.968750, -1.031250\]"
    echo "ptd: selective runners with and without the readers of .ptd, mutable data, inline constants, delegates"
    expect 0 "$want" "no PTD=: the runner runs its model (weights in the .pte)" \
        "$inline" "$out/linear_inline.pte" --input "$out/linear.in.f32"
    expect 1 "unsupported: this runner was built without .ptd support" "no PTD=: a .ptd is refused by name" \
        "$inline" "$out/linear.pte" --ptd "$out/linear.ptd" --input "$out/linear.in.f32"
    expect 1 "EXTERNAL and no .ptd" "no PTD=: EXTERNAL weights without a .ptd are refused" \
        "$inline" "$out/linear.pte" --input "$out/linear.in.f32"
    expect 0 "$want" "PTD=: the runner reads the model's .ptd" \
        "$external" "$out/linear.pte" --ptd "$out/linear.ptd" --input "$out/linear.in.f32"
    expect 1 "unsupported: mutable data 1: this runner was built without mutable data support" \
        "no mutable data: a model with some is refused by name" \
        "$inline" "$out/linear_mutable.pte" --input "$out/linear.in.f32"
    expect 0 "$want" "mutable data: the runner reads it" \
        "$mutable" "$out/linear_mutable.pte" --input "$out/linear.in.f32"
    expect 1 "delegate 0: this runner was built without backends" "no delegates: a delegated model is refused by name" \
        "$inline" "$models/vela/ethos-u55-128/kws_ref_model/kws_ref_model.pte"
    expect 1 "constant 1: this runner was built without the deprecated constant_buffer's reader" \
        "constants in a segment: the deprecated constant_buffer is refused by name" \
        "$mul_add" "$models/module_linear.pte"
    expect 0 "output 0: float32 \[2, 2\] = \[5.000000, 8.000000, 11.000000, 14.000000\]" \
        "inline constants: the runner reads the deprecated constant_buffer" "$old_constants" "$models/module_linear.pte"
    # What a model-only runner leaves out when its model has none:
    # MoveCall, JumpFalseCall and FreeCall, tensor lists, the box table
    # (pte_run --info's "control flow: yes", "tensor lists: yes", "boxes: yes").
    expect 1 "instruction 2: this runner was built without MoveCall, JumpFalseCall and FreeCall" \
        "no control flow: a MoveCall is refused by name" "$mul_add" "$out/mul_add_flow.pte"
    expect 1 "value 6: this runner was built without tensor lists" \
        "no tensor lists: a tensor list value is refused by name" "$mul_add" "$out/mul_add_list.pte"
    expect 1 "value 6: this runner was built without boxes" \
        "no boxes: a 64-bit Int is refused by name" "$mul_add" "$out/mul_add_wide.pte"
    # printing: only float32 tensors when the model's outputs are all such
    # (pte_run --info's "outputs: float32 tensors only")
    expect 0 "output 1: not a tensor: printing not built in (this runner prints float32 tensors only)" \
        "float32 outputs only: another output is named, not printed" "$mul_add" "$out/mul_add_int_out.pte"
    # and with at most 64 elements each ("outputs: at most 64 elements
    # each"), no top 5: a larger output is printed in full
    expect 0 "output 0: float32 \[9, 8\] = \[0.500000, 2.500000, 6.500000, 12.500000, 20.500000, " \
        "outputs of at most 64 elements: a larger one is printed in full" "$mul_add" "$out/mul_add_big.pte"
    # and its default input (no --input) only float32 tensors ("inputs:
    # float32 tensors only")
    expect 1 "input 1: this runner was built without defaults for other than float32 inputs" \
        "float32 inputs only: another input's default is refused by name" "$mul_add" "$out/mul_add_int_in.pte"
    if "$pte_run" "$out/mul_add_int_in.pte" | grep -q '^output 0: float32 \[2, 2\] = \[1.500000, ' &&
       "$pte_run" --info "$out/mul_add.pte" | grep -q '^inputs: float32 tensors only$' &&
       ! "$pte_run" --info "$out/mul_add_int_in.pte" | grep -q '^inputs: '; then
        pass "pte_run fills the int32 input; --info says whether every input is a float32 tensor"
    else
        bad "pte_run: the int32 default input or --info's inputs line is wrong"
    fi
    if "$pte_run" "$out/mul_add_int_out.pte" | grep -q '^output 1: int 1$' &&
       "$pte_run" "$out/mul_add_big.pte" | grep -q '^output 0: float32 \[9, 8\] top5 = \[' &&
       "$pte_run" --info "$out/mul_add.pte" | grep -q '^outputs: float32 tensors only$' &&
       "$pte_run" --info "$out/mul_add.pte" | grep -q '^outputs: at most 64 elements each$' &&
       ! "$pte_run" --info "$out/mul_add_int_out.pte" | grep -q '^outputs: float' &&
       ! "$pte_run" --info "$out/mul_add_big.pte" | grep -q '^outputs: at most'; then
        pass "pte_run prints the Int output and the top 5; --info says whether every output is a float32 tensor, a small one"
    else
        bad "pte_run: the Int output, the top 5 or --info's outputs lines are wrong"
    fi
    # (x * a + b of the runner's default input 1, 2, 3, 4)
    expect 0 "output 0: float32 \[2, 2\] = \[1.500000, 4.500000, 9.500000, 16.500000\]" \
        "the same runner runs the model without them" "$mul_add" "$out/mul_add.pte"
    if "$pte_run" --info "$out/mul_add_flow.pte" | grep -q '^control flow: yes$' &&
       "$pte_run" --info "$out/mul_add_list.pte" | grep -q '^tensor lists: yes$' &&
       "$pte_run" --info "$out/mul_add_wide.pte" | grep -q '^boxes: yes$' &&
       ! "$pte_run" --info "$out/mul_add.pte" | grep -q '^control flow: \|^tensor lists: \|^boxes: '; then
        pass "pte_run --info says which models have control flow, tensor lists or boxes"
    else
        bad "pte_run --info: control flow / tensor lists lines wrong"
    fi
    # The readers are really left out: their checks' text is not in the
    # image (and is in the other one).
    # linked_only WHAT TEXT WITHOUT WITH WHEN: TEXT (a grep pattern) is in
    # runner WITH and not in runner WITHOUT.
    linked_only() {
        if arm-none-eabi-strings "$3" | grep -q "$2" || ! arm-none-eabi-strings "$4" | grep -q "$2"; then
            bad "the $1 reader is linked into the wrong runner"
        else
            pass "the $1 reader is linked only $5"
        fi
    }
    linked_only ".ptd" "expected 'FT01'" "$inline" "$external" "with PTD="
    linked_only "mutable data" "mutable_data_segments is out of range" "$inline" "$mutable" \
        "for a model with mutable data"
    linked_only "constant_buffer" "constant_buffer\[%u\] is out of range" "$inline" "$old_constants" \
        "for a model that uses it"
    # The planner's parts by what the model's plan uses: KWS's runner
    # (outputs in place, a view; no input read in place) plans as the full
    # runner does; one without views says why it keeps the .pte's plan.
    kws=$fw/runner-kws_dscnn_cortex_m-mve.elf
    expect 0 "memory plan: re-planned at load, 8496 bytes (the .pte's: 16000; 11 in place, 0 inputs read in place)" \
        "KWS's runner plans its arena as the full runner" \
        "$kws" "$models/kws_dscnn_cortex_m.pte" --input "$models/kws_inputs/mfcc_yes.f32"
    if arm-none-eabi-strings "$inline" | grep -q "views not built in" &&
       ! arm-none-eabi-strings "$kws" | grep -q "views not built in"; then
        pass "the planner's view search is linked only for a model with views"
    else
        bad "the planner's view search is linked into the wrong runner"
    fi
    exit $failed
fi

echo "ptd: external tensor data"
# The output the runner prints against the expected float32 values.
timeout 120 "$etsim" -q "$runner" "$out/linear.pte" --ptd "$out/linear.ptd" --input "$out/linear.in.f32" \
    > "$out/ok.log" 2>&1
rc=$?
if [ $rc = 0 ] && python3 - "$out/ok.log" "$out/linear.expect.f32" <<'PY'; then
import re, struct, sys
line = [l for l in open(sys.argv[1]) if l.startswith("output 0:")][0]
got = [float(v) for v in re.search(r"\[([^\]]*)\]$", line.strip()).group(1).split(",")]
exp = struct.unpack("<6f", open(sys.argv[2], "rb").read())
sys.exit(0 if len(got) == 6 and all(abs(g - e) <= 1e-6 for g, e in zip(got, exp)) else 1)
PY
    pass "linear with its .ptd gives the expected output"
else
    bad "linear with its .ptd: exit $rc"
    sed 's/^/    /' "$out/ok.log" | head -5 >&2
fi

# A model whose size is not a multiple of 16: the .ptd still lands aligned.
cp "$out/linear.pte" "$out/odd.pte"
printf 'abc' >> "$out/odd.pte"
expect 0 "output 0: float32 \[2, 3\] = \[1.843750, 0.531250" "a 915-byte model: the .ptd after it, aligned" \
    "$runner" "$out/odd.pte" --ptd "$out/linear.ptd" --input "$out/linear.in.f32"

# Without the .ptd the runner refuses the model, naming what is missing.
expect 1 "EXTERNAL and no .ptd" "no --ptd: the runner names the missing data" \
    "$runner" "$out/linear.pte" --input "$out/linear.in.f32"
# A cut .ptd is refused by the runtime, not a crash.
head -c 100 "$out/linear.ptd" > "$out/cut.ptd"
expect 1 "truncated" "a cut .ptd: refused" "$runner" "$out/linear.pte" --ptd "$out/cut.ptd" --input "$out/linear.in.f32"
# Bad command lines: exit 2 with a message.
expect 2 "needs a MODEL.pte" "--ptd without a model" --ptd "$out/linear.ptd" "$runner"
expect 2 "cannot open" "--ptd of a missing file" "$runner" "$out/linear.pte" --ptd "$out/none.ptd"
expect 2 "needs a value\|--ptd" "--ptd without a value" "$runner" "$out/linear.pte" --ptd
exit $failed
