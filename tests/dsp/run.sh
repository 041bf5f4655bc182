#!/bin/bash
# The DSP offload end to end: tests/dsp firmware on etsim, and the SoC
# file's dsp object.
#   usage: tests/dsp/run.sh ETSIM FW_DIR
# Prints ok / FAIL per check; exits 1 if any failed.
set -u
ETSIM=$1
FW=$2
ETSIM_CHECKS_PREFIX=etsim-dsp
. "$(dirname "$0")/../lib/etsim_checks.sh"

fc=$FW/fc_offload.elf
run "fc_s8 offloaded through the mailbox: outputs equal the reference" 0 '^fc_offload: PASS$' \
    'dsp +500 MHz: 2 releases' -- "$fc"
grep -q '^fc 64x256: 0 wrong' "$T/out" && ok "fc 64x256 bit-exact" || bad "fc 64x256"
grep -q '^bad descriptor: DSP status 0x4' "$T/out" && ok "a bad descriptor faults the DSP, the M55 sees it" ||
    bad "bad descriptor"
grep -q 'dsp fault .*bus error' "$T/err" && ok "the summary names the DSP's fault" || bad "fault in the summary"
# Same inputs, same cycles (the DSP's quanta are deterministic).
cp "$T/err" "$T/err1"
run "second run" 0 '^fc_offload: PASS$' - -- "$fc"
diff <(grep -v '^  host' "$T/err1") <(grep -v '^  host' "$T/err") >/dev/null && ok "deterministic" || bad "deterministic"

# The SoC file's dsp object.
"$ETSIM" --print-soc an547 > "$T/an547.json"
python3 - "$T" <<'PY'
import json, sys
t = sys.argv[1]
d = json.load(open(t + "/an547.json"))
def write(name, **kw):
    e = json.loads(json.dumps(d))
    if kw.get("none"):
        e["dsp"] = None
    else:
        e["dsp"].update(kw)
    json.dump(e, open(t + "/" + name, "w"))
write("nodsp.json", none=True)
write("slow.json", mhz=250)
write("badirq.json", irq=300)
write("badmbox.json", mailbox="0x48104100")
write("overlap.json", mailbox="0x48102000")
write("bigdram.json", dram="2M")
write("irq58.json", irq=58)
PY
run "dsp null: no DSP, the window BusFaults" 3 - 'BusFault|PRECISERR' -- --soc "$T/nodsp.json" "$fc"
run "a 250 MHz DSP: still bit-exact" 0 '^fc_offload: PASS$' 'dsp +250 MHz' -- --soc "$T/slow.json" "$fc"
run "the DSP rings a line the firmware does not enable: no hang, a clear stop" 3 - \
    'WFI/WFE with no interrupt that could ever wake the core' -- --soc "$T/irq58.json" "$fc"
run "dsp irq 300" 2 - 'dsp irq 300' -- --soc "$T/badirq.json" "$fc"
run "dsp mailbox not 4 KiB aligned" 2 - 'dsp mailbox 0x48104100 is not 4 KiB aligned' -- --soc "$T/badmbox.json" "$fc"
run "dsp mailbox over the NPU" 2 - 'overlaps device npu' -- --soc "$T/overlap.json" "$fc"
run "dsp dram 2M" 2 - 'dsp iram and dram' -- --soc "$T/bigdram.json" "$fc"

echo "dsp offload: $pass passed, $fail failed"
[ "$fail" = 0 ]
