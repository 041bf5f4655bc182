#!/bin/bash
# A spoken word end to end: espeak-ng says each of the KWS model's ten
# keywords (a fixed voice and speed, resampled by sox to 16 kHz mono 1 s
# without dither: the files are the same bytes every time, checked), the
# runner with --engine dsp computes its MFCC features on the DSP frame by
# frame and classifies them with kws_dscnn_cortex_m.pte.  Checked: the
# features are within one input-quantisation step (2.82) of the
# double-precision reference (etsim-mfcc-ref) and the float error is
# printed; the report has the 49 frames as operator 0 on the dsp and the
# model's operators after it; two runs are the same byte for byte; bad
# WAVE inputs and a faulting DSP end with a message.  What the model classifies is printed,
# not checked (a synthetic voice may be heard as another word).
#   usage: tests/dsp/audio_kws.sh ETSIM RUNNER.elf ETSIM-MFCC-REF SHARED
set -u
ETSIM=$1
RUNNER=$2
REF=$3
PTE=$4/models/kws_dscnn_cortex_m.pte
ETSIM_CHECKS_PREFIX=etsim-audio
. "$(dirname "$0")/../lib/etsim_checks.sh"
WORDS="yes no up down left right on off stop go"

say() {   # say WORD OUT.wav
    espeak-ng -v en-us -s 150 -p 50 -a 100 -w "$T/$1-22k.wav" "$1" &&
    sox -D "$T/$1-22k.wav" -r 16000 -c 1 -b 16 "$2" rate -h 16000 pad 0.08 0.2 trim 0 1
}

for w in $WORDS; do
    say "$w" "$T/$w.wav" && say "$w" "$T/$w-again.wav" || { bad "$w: espeak-ng / sox failed"; continue; }
    cmp -s "$T/$w.wav" "$T/$w-again.wav" || bad "$w: espeak-ng + sox are not reproducible"
    "$ETSIM" -q "$RUNNER" "$PTE" --engine dsp --input "$T/$w.wav" --report "$T/$w.json" > "$T/$w.out" 2> "$T/err"
    rc=$?
    "$REF" "$T/$w.wav" > "$T/$w.ref" 2>> "$T/err" || rc=ref
    if [ "$rc" != 0 ] || ! python3 - "$w" "$T/$w.out" "$T/$w.ref" "$T/$w.json" <<'PY'; then bad "$w: exit $rc"; continue; fi
import json, re, sys
word, out, ref, rep = sys.argv[1:]
labels = ["silence", "unknown", "yes", "no", "up", "down", "left", "right", "on", "off", "stop", "go"]
SCALE, ZP = 2.822781801224, 68
def q(c):
    return max(-128, min(127, round(c / SCALE) + ZP))
got = [[int(v) / 256 for v in l.split(":")[1].split()] for l in open(out) if l.startswith("mfcc frame")]
want = [[float(v) for v in l.split(":")[1].split()] for l in open(ref) if l.startswith("mfcc frame")]
assert len(got) == 49 and len(want) == 49, (len(got), len(want))
err = max(abs(g - r) for gf, rf in zip(got, want) for g, r in zip(gf, rf))
steps = [abs(q(g) - q(r)) for gf, rf in zip(got, want) for g, r in zip(gf, rf)]
scores = [float(v) for v in re.search(r"^output 0: .*= \[(.*)\]", open(out).read(), re.M).group(1).split(",")]
best = max(range(12), key=lambda i: scores[i])
r = json.load(open(rep))
ops = r["operators"]
assert ops[0]["name"] == "dsp::mfcc_frame" and ops[0]["engine"] == "dsp" and ops[0].get("calls", 49) == 49, ops[0]
assert all(o["name"] != "dsp::mfcc_frame" for o in ops[1:])
print("    %-5s -> %-7s (score %.2f)  features: max error %.3f, %d of 490 one step off, front end %d cycles"
      % (word, labels[best], scores[best], err, sum(s != 0 for s in steps), ops[0]["cycles"]))
assert max(steps) <= 1, max(steps)
PY
    ok "$w: features within one step of the reference, report stages"
done

# Determinism: the same run twice, the same output and report.
"$ETSIM" -q "$RUNNER" "$PTE" --engine dsp --input "$T/yes.wav" --report "$T/yes2.json" > "$T/yes2.out" 2> "$T/err"
same_report() {   # the reports without the host's own time and speed
    python3 - "$1" "$2" <<'PY'
import json, sys
a, b = (json.load(open(p)) for p in sys.argv[1:])
for r in (a, b):
    r["run"].pop("host_seconds", None)
    r["run"].pop("host_mips", None)
sys.exit(a != b)
PY
}
cmp -s "$T/yes.out" "$T/yes2.out" && same_report "$T/yes.json" "$T/yes2.json" && ok "two runs: same output and report" ||
    bad "two runs differ"

# Bad audio: another rate, a data chunk past the end, audio without the DSP.
sox -D "$T/yes-22k.wav" -r 8000 -c 1 -b 16 "$T/8k.wav"
run "an 8 kHz WAVE is refused" 1 - "16-bit PCM, 1 channel, 16000 Hz expected" -- -q "$RUNNER" "$PTE" --engine dsp --input "$T/8k.wav"
head -c 2000 "$T/yes.wav" > "$T/cut.wav"
run "a cut WAVE is refused" 1 - "runs past the end of the file" -- -q "$RUNNER" "$PTE" --engine dsp --input "$T/cut.wav"
run "audio needs --engine dsp" 1 - "its MFCC front end runs on the DSP" -- -q "$RUNNER" "$PTE" --input "$T/yes.wav"
# A DSP with 64 KiB of DRAM: mfcc's buffers in bank 1 (0x110000 on) are
# outside it, the DSP faults in frame 0 and the runner says so.
"$ETSIM" --print-soc an547 | python3 -c 'import json,sys; d=json.load(sys.stdin); d["dsp"]["dram"]="64K"; json.dump(d, open(sys.argv[1], "w"))' "$T/small.json"
run "a faulting DSP stops the front end with a message" 1 - "dsp::mfcc_frame, frame 0: the DSP faulted at 0x" -- -q --soc "$T/small.json" "$RUNNER" "$PTE" --engine dsp --input "$T/yes.wav"
"$REF" "$T/8k.wav" > /dev/null 2> "$T/err"; [ $? = 2 ] && ok "etsim-mfcc-ref refuses bad input (exit 2)" || bad "etsim-mfcc-ref exit"

echo "audio_kws: $pass passed, $fail failed"
[ "$fail" = 0 ]
