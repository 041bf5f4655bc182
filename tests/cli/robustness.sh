#!/bin/bash
# Bad input never crashes etsim: each case must end with the documented exit
# status and a message on stderr naming the problem.
#   usage: robustness.sh ETSIM GOOD_ELF
set -u
ETSIM=$1
GOOD=$2
T=$(mktemp -d /tmp/etsim-robust-XXXXXX)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0

# expect NAME STATUS PATTERN -- ARGS...  (an empty PATTERN: stderr not checked)
expect() {
    local name=$1 want=$2 pattern=$3
    shift 4
    timeout 60 "$ETSIM" -q "$@" >"$T/out" 2>"$T/err"
    local rc=$?
    if [[ "$rc" =~ ^($want)$ ]] && { [ -z "$pattern" ] || grep -qiE "$pattern" "$T/err"; }; then
        echo "ok $name"
        pass=$((pass + 1))
    else
        echo "FAIL $name: exit $rc (want $want), stderr:"
        sed 's/^/    /' "$T/err" | head -12
        fail=$((fail + 1))
    fi
}

# Patch bytes of a copy of the good ELF: patch FILE OFFSET HEXBYTES
patch_bytes() {
    printf "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none
}

: > "$T/empty"
expect empty-file 2 "empty file" -- "$T/empty"
expect missing-file 2 "cannot open" -- "$T/nonexistent.elf"
expect directory 2 "not a regular file|cannot open" -- "$T"
head -c 40 "$GOOD" > "$T/trunc40"
expect truncated-header 2 "truncated|not an ELF|program header" -- "$T/trunc40"
size=$(stat -c %s "$GOOD")
head -c $((size / 3)) "$GOOD" > "$T/trunc-third"
expect truncated-segments 2 "truncated|past the end" -- "$T/trunc-third"
head -c 4096 /dev/urandom > "$T/random"
expect random-bytes 2 "not an ELF" -- "$T/random"
cp "$GOOD" "$T/x86"; patch_bytes "$T/x86" 18 '\x03\x00'
expect other-machine 2 "another machine" -- "$T/x86"
cp "$GOOD" "$T/elf64"; patch_bytes "$T/elf64" 4 '\x02'
expect elf64 2 "32-bit|not an ELF|truncated" -- "$T/elf64"
cp "$GOOD" "$T/bigendian"; patch_bytes "$T/bigendian" 5 '\x02'
expect big-endian 2 "big-endian|not an ELF|truncated" -- "$T/bigendian"
cp "$GOOD" "$T/reloc"; patch_bytes "$T/reloc" 16 '\x01\x00'
expect relocatable 2 "not an executable" -- "$T/reloc"
# First program header's physical address moved onto the UART (MMIO).
phoff=$(od -An -t u4 -j 28 -N 4 "$GOOD" | tr -d ' ')
cp "$GOOD" "$T/mmio"; patch_bytes "$T/mmio" $((phoff + 12)) '\x00\x30\x30\x49'
expect segment-on-mmio 2 "over device uart0" -- "$T/mmio"
cp "$GOOD" "$T/unmapped"; patch_bytes "$T/unmapped" $((phoff + 12)) '\x00\x00\x00\xf0'
expect segment-unmapped 2 "outside the SoC's memory|not mapped" -- "$T/unmapped"
# Garbage executed as code: the whole ITCM image (vector table included)
# overwritten with pseudo-random bytes (fixed seeds, so the run is
# reproducible).  It must end in a crash report or the cycle limit.
for seed in 1 2 3 4 5 6 7 8; do
    awk -v s=$seed 'BEGIN { srand(s); for (i = 0; i < 65536; i++) printf "%c", int(rand() * 256) }' \
        LC_ALL=C > "$T/garbage$seed.bin"
    expect garbage-code-$seed "3|4" "crashed|lockup|never|max-cycles" -- \
        --data "$T/garbage$seed.bin@0x00000000" --max-cycles 20000000 "$GOOD"
done
# Usage errors
expect no-firmware 2 "no firmware" --
expect bad-option 2 "unknown option" -- --frobnicate "$GOOD"
expect bad-max-cycles 2 "max-cycles" -- --max-cycles abc "$GOOD"
expect bad-data 2 "FILE@ADDR" -- --data nofile "$GOOD"
expect data-missing-file 2 "cannot open" -- --data "$T/none@0x20000000" "$GOOD"
expect data-on-mmio 2 "over device the system control space" -- --data "$GOOD@0xE000E000" "$GOOD"
# Devices inside a memory region's range: a load that starts in RAM and
# runs over one is refused too (the profiling port moved into DTCM and
# SRAM2 by a SoC file of the user's).
"$ETSIM" --print-soc an547 | sed 's/"base": "0xE00F0000"/"base": "0x21100000"/' > "$T/pp-in-sram2.json"
head -c 8192 /dev/zero > "$T/8k.bin"
expect data-over-device-in-ram 2 "over device profport \\(0x21100000" -- \
    --soc "$T/pp-in-sram2.json" --data "$T/8k.bin@0x210ff000" "$GOOD"
expect data-beside-device-in-ram 0 "" -- --soc "$T/pp-in-sram2.json" --data "$T/8k.bin@0x210fe000" "$GOOD"
"$ETSIM" --print-soc an547 | sed 's/"base": "0xE00F0000"/"base": "0x20000000"/' > "$T/pp-in-dtcm.json"
expect elf-over-device-in-ram 2 "over device profport" -- --soc "$T/pp-in-dtcm.json" "$GOOD"
expect bad-soc-name 2 "cannot open" -- --soc nosuchsoc "$GOOD"
echo '{"name": "x", "cpu": {}, "memory": [] ' > "$T/bad.json"
expect bad-soc-json 2 "not valid JSON" -- --soc "$T/bad.json" "$GOOD"
echo '{"name": "x", "cpu": {}, "memory": [{"name":"a","kind":"sram","base":0,"size":"64K"},{"name":"b","kind":"sram","base":"0x8000","size":"64K"}]}' > "$T/overlap.json"
expect overlapping-regions 2 "overlap" -- --soc "$T/overlap.json" "$GOOD"
echo '{"name": "x", "cpu": {}, "memory": [{"name":"a","kind":"ram","base":0,"size":"64K"}]}' > "$T/kind.json"
expect bad-region-kind 2 "kind" -- --soc "$T/kind.json" "$GOOD"
echo '{"name": "x", "cpu": {"mhz": 0}, "memory": [{"name":"a","kind":"sram","base":0,"size":"64K"}]}' > "$T/mhz0.json"
expect soc-mhz-zero 2 "mhz must be greater than 0" -- --soc "$T/mhz0.json" "$GOOD"
echo '{"name": "x", "cpu": {}, "memory": [{"name":"a","kind":"sram","base":0,"size":"-64K"}]}' > "$T/negsize.json"
expect soc-negative-size-string 2 "size must not be negative" -- --soc "$T/negsize.json" "$GOOD"
# A typo in a key is named once (on stderr), however many regions carry it;
# the run itself goes on.
"$ETSIM" --print-soc an547 | sed 's/"read_wait"/"read_wiat"/' > "$T/typo.json"
expect soc-unknown-key 0 'unknown key "read_wiat" in memory region' -- --soc "$T/typo.json" "$GOOD"
n=$(grep -c 'unknown key' "$T/err")
if [ "$n" -eq 1 ]; then echo "ok soc-unknown-key-once"; pass=$((pass + 1))
else echo "FAIL soc-unknown-key-once: $n warnings"; fail=$((fail + 1)); fi
# Every built-in description uses known keys only.
for soc in $("$ETSIM" --print-soc nosuch 2>&1 | sed -n 's/.*(built-in:\(.*\))/\1/p'); do
    "$ETSIM" -q --soc "$soc" "$GOOD" > /dev/null 2> "$T/err"
    if grep -q 'unknown key' "$T/err"; then echo "FAIL soc-$soc-known-keys"; sed 's/^/    /' "$T/err"; fail=$((fail + 1))
    else echo "ok soc-$soc-known-keys"; pass=$((pass + 1)); fi
done
expect max-cycles 4 "max-cycles reached" -- --max-cycles 1000 "$GOOD"
expect npu-config 2 "npu" -- --npu u55-128 "$GOOD"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
