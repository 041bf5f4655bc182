#!/bin/bash
# The NPU device end to end: the register-level test programs of
# firmware/npu-tests on etsim, and the command line around the NPU.
#   usage: tests/npu_device/run.sh ETSIM FW_DIR
# Prints ok / FAIL per check; exits 1 if any failed.
set -u
ETSIM=$1
FW=$2
ETSIM_CHECKS_PREFIX=etsim-npu
. "$(dirname "$0")/../lib/etsim_checks.sh"

regs=$FW/ethosu_regs.elf
endless=$FW/ethosu_endless.elf

# The driver sequence on every MAC configuration: CONFIG follows --npu.
run "regs default (an547: ethos-u55-128)" 0 '^CONFIG 0x00001807$' - -- -q "$regs"
for c in 32:00001005 64:00001006 128:00001807 256:00003008; do
    run "regs --npu ethos-u55-${c%%:*}" 0 "^CONFIG 0x${c#*:}\$" - -- -q --npu "ethos-u55-${c%%:*}" "$regs"
done
grep -q 'ethosu_regs: PASS' "$T/out" && ok "regs program passes its own checks" || bad "regs program checks"

# No NPU: its registers are unmapped, the first read is a BusFault.
run "--npu none: reading ID BusFaults" 3 - 'BusFault|PRECISERR' -- -q --npu none "$regs"
grep -q '0x48102000' "$T/err" && ok "--npu none: the fault names the address" || bad "--npu none address"
run "bad --npu value" 2 - "--npu: 'ethos-u55-512' is not none or one of" -- -q --npu ethos-u55-512 "$regs"

# A SoC file chooses the NPU; its errors are bad input.
"$ETSIM" --print-soc an547 > "$T/an547.json"
sed 's/"config": "ethos-u55-128"/"config": "ethos-u55-64"/' "$T/an547.json" > "$T/u64.json"
run "SoC file with ethos-u55-64" 0 '^CONFIG 0x00001006$' - -- -q --soc "$T/u64.json" "$regs"
sed 's/"config": "ethos-u55-128"/"config": "ethos-u65-512"/' "$T/an547.json" > "$T/bad.json"
run "SoC file with an unknown npu config" 2 - 'npu config "ethos-u65-512" is not one of' -- -q --soc "$T/bad.json" "$regs"
sed 's/"irq": 56,/"irq": 200,/' "$T/an547.json" > "$T/badirq.json"
run "SoC file with npu irq 200" 2 - 'npu irq 200' -- -q --soc "$T/badirq.json" "$regs"
sed 's/"base": "0x49303000"/"base": "0x48102800"/' "$T/an547.json" > "$T/overlap.json"
run "SoC file with a UART over the NPU's registers" 2 - 'device npu at 0x48102000 overlaps device uart0' -- -q --soc "$T/overlap.json" "$regs"
python3 - "$T/an547.json" "$T/nonpu.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); d["npu"] = None; json.dump(d, open(sys.argv[2], "w"))
PY
run "SoC file with npu null: no device" 3 - 'BusFault|PRECISERR' -- -q --soc "$T/nonpu.json" "$regs"
run "SoC file with npu null, --npu ethos-u55-256 adds it" 0 '^CONFIG 0x00003008$' - -- -q --soc "$T/nonpu.json" --npu ethos-u55-256 "$regs"

# A job that does not end in time is stopped by --max-cycles while the
# core sleeps; run to its end it takes at least one cycle per command.
# The job is the last 1 Mi cycles or so of the run; stop the run halfway
# through it (however long the core takes to fill the stream before).
run "endless job run to the end of its queue" 0 '^STATUS 0x00000020 PMU cycles' 'cycles' -- "$endless"
total=$(sed -n 's/^  cycles *\([0-9]*\).*/\1/p' "$T/err")
job=$(sed -n 's/^STATUS .* PMU cycles \([0-9]*\)$/\1/p' "$T/out")
run "endless job: --max-cycles stops it while the core sleeps (exit 4)" 4 - 'max-cycles reached' -- \
    -q --max-cycles $((total - job / 2)) "$endless"

# CPU/NPU contention (docs/npu_device.md): a DMA job SRAM to SRAM while the
# core reads SRAM: both slower; while it reads the DTCM: neither moves (the
# program checks both).  Twice: the same cycles.
contention=$FW/ethosu_contention.elf
run "contention: CPU and NPU in SRAM both slower, CPU in DTCM unchanged" 0 'ethosu_contention: PASS' - -- \
    -q --report "$T/rc.json" --timeline "$T/tc.json" --html "$T/hc.html" "$contention"
cp "$T/out" "$T/contention1"
run "contention: second run" 0 'ethosu_contention: PASS' - -- -q "$contention"
cmp -s "$T/out" "$T/contention1" && ok "contention: the same cycles twice" || bad "contention determinism"
sed 's/^/    /' "$T/out" | head -3
# The report's, the timeline's and the HTML page's contention counts: the
# NPU's equal the PMU's request stalls the firmware read (and the job's
# lengthening), the CPU's the core's slowdown in SRAM, per job and in total.
python3 - "$T/rc.json" "$T/contention1" "$T/tc.json" "$T/hc.html" > "$T/err" 2>&1 <<'PY'
import json, re, sys
n = json.load(open(sys.argv[1]))["npu"]
out = open(sys.argv[2]).read()
npu = re.search(r"^npu alone (\d+), with cpu in sram (\d+), with cpu in dtcm (\d+)", out, re.M)
cpu = re.search(r"^cpu sram alone (\d+), with npu (\d+);", out, re.M)
pmu = re.search(r"^npu stalled by the cpu \(PMU AXI0 request stalls\): alone 0, cpu in sram (\d+), cpu in dtcm 0", out, re.M)
assert npu and cpu and pmu, out
stalls = int(pmu.group(1))
assert stalls > 0 and stalls == int(npu.group(2)) - int(npu.group(1)), (stalls, npu.group(0))
assert n["contention_npu_cycles"] == stalls, (n["contention_npu_cycles"], stalls)
slower = int(cpu.group(2)) - int(cpu.group(1))
assert 0 < n["contention_cpu_stall_cycles"] <= slower, (n["contention_cpu_stall_cycles"], slower)
jobs = [e["args"] for e in json.load(open(sys.argv[3]))["traceEvents"] if e["name"].startswith("npu job")]
assert [j["contention_npu_cycles"] for j in jobs] == [0, 0, stalls, 0], jobs
assert sum(j["contention_cpu_stall_cycles"] for j in jobs) == n["contention_cpu_stall_cycles"], jobs
assert jobs[3]["contention_cpu_stall_cycles"] == 0, jobs
html = "contention: the CPU stalled %d cycles by the NPU's traffic, the NPU %d cycles by the CPU's" % (
    n["contention_cpu_stall_cycles"], stalls)
assert html in open(sys.argv[4]).read(), html
print(stalls, n["contention_cpu_stall_cycles"], slower)
PY
if [ $? = 0 ]; then
    read -r s c w < "$T/err"
    ok "contention in the report, timeline and HTML: NPU +$s cycles (= the PMU's request stalls), CPU +$c of its $w"
else
    bad "contention counts in the report"
    sed 's/^/    /' "$T/err"
fi

# Same inputs, same outputs.
"$ETSIM" -q --report "$T/r1.json" "$regs" >"$T/o1" 2>/dev/null
"$ETSIM" -q --report "$T/r2.json" "$regs" >"$T/o2" 2>/dev/null
if cmp -s "$T/o1" "$T/o2" && diff <(grep -v host_ "$T/r1.json") <(grep -v host_ "$T/r2.json") >/dev/null; then
    ok "two runs: identical output and report"
else
    bad "determinism"
fi

# The report: the NPU operator carries the job's counts, equal to what the
# PMU's cycle counter told the firmware; so does the timeline's last job.
"$ETSIM" -q --timeline "$T/t1.json" "$regs" >/dev/null 2>&1
python3 - "$T/r1.json" "$T/o1" "$T/t1.json" > "$T/err" 2>&1 <<'PY'
import json, re, sys
r = json.load(open(sys.argv[1]))
out = open(sys.argv[2]).read()
m = re.search(r"^PMU cycles (\d+) axi0_rd (\d+) axi1_rd (\d+)", out, re.M)
assert m, "no PMU line in the program's output"
assert r["soc"]["npu"] == "ethos-u55-128", r["soc"]["npu"]
ops = [o for o in r["operators"] if o["engine"] == "npu"]
assert len(ops) == 1, ops
npu = ops[0]["npu"]
assert npu["active_cycles"] == int(m.group(1)), (npu, m.group(0))
assert npu["axi_read_bytes"][1] == 4 * int(m.group(3)), (npu, m.group(0))
assert npu["axi_read_bytes"][0] == 0 and npu["axi_write_bytes"] == [0, 0], npu
assert npu["macs"] == 0, npu
jobs = [e for e in json.load(open(sys.argv[3]))["traceEvents"] if e["name"].startswith("npu job")]
assert len(jobs) == r["npu"]["jobs"], (len(jobs), r["npu"]["jobs"])
assert jobs[-1]["args"]["cycles"] == int(m.group(1)), (jobs[-1], m.group(0))
assert jobs[-1]["args"]["status"] == "0x0022", jobs[-1]
PY
[ $? = 0 ] && ok "report and timeline: the NPU job's active cycles equal the PMU's" || bad "report NPU counts"
"$ETSIM" -q --npu none --report "$T/r3.json" "$FW/../tests/int_arith-O2.elf" >/dev/null 2>&1
python3 -c 'import json,sys; assert json.load(open(sys.argv[1]))["soc"]["npu"] is None' "$T/r3.json" 2>"$T/err" \
    && ok "report: soc.npu is null with --npu none" || bad "soc.npu null"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
