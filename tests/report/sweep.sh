#!/bin/bash
# make sweep: KWS latency and energy over core clocks x flash wait states.
#   sweep.sh --etsim BIN --shared DIR --out DIR --mhz "100 400" --wait "0 4"
# Writes OUT/sweep.csv and OUT/sweep.svg (latency and energy against wait states, one line per clock).
set -eu
etsim='' shared='' out='' mhz="100 200 400" wait="0 2 4 8 12" runner=build/firmware/runner.elf
while [ $# -gt 0 ]; do
    case $1 in
        --etsim) etsim=$2; shift 2 ;;
        --shared) shared=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --mhz) mhz=$2; shift 2 ;;
        --wait) wait=$2; shift 2 ;;
        *) echo "sweep.sh: unknown argument $1" >&2; exit 2 ;;
    esac
done
mkdir -p "$out"
echo "cpu_mhz,flash_wait,latency_ms,energy_uj,avg_mw" > "$out/sweep.csv"
for w in $wait; do
    sed "s/\"read_wait\": 4, \"write_wait\": 0, \"fetch_wait\": 4/\"read_wait\": $w, \"write_wait\": 0, \"fetch_wait\": $w/" \
        sim/socs/an547.json > "$out/soc-wait$w.json"
    for f in $mhz; do
        "$etsim" -q --soc "$out/soc-wait$w.json" --cpu-mhz "$f" --report "$out/r-$f-$w.json" "$runner" \
            "$shared/models/kws_dscnn_cortex_m.pte" --input "$shared/models/kws_inputs/mfcc_yes.f32" > /dev/null
        python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); p=d["power"]
print("%s,%s,%.4f,%.2f,%.3f" % (sys.argv[2], sys.argv[3], d["inference"]["latency_ms"], p["energy_uj"], p["avg_mw"]))' \
            "$out/r-$f-$w.json" "$f" "$w" >> "$out/sweep.csv"
    done
done
python3 - "$out/sweep.csv" "$out/sweep.svg" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
clocks = sorted({r["cpu_mhz"] for r in rows}, key=float)
waits = sorted({int(r["flash_wait"]) for r in rows})
colours = ["#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02"]
svg = ['<svg xmlns="http://www.w3.org/2000/svg" width="900" height="360" font-family="sans-serif" font-size="11">']
for panel, (key, title) in enumerate((("latency_ms", "KWS latency (ms)"), ("energy_uj", "KWS energy (uJ)"))):
    x0, y0, w, h = 60 + panel * 440, 30, 360, 270
    top = max(float(r[key]) for r in rows) * 1.1
    svg.append('<text x="%d" y="18">%s vs flash wait states</text>' % (x0, title))
    svg.append('<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#888"/>' % (x0, y0, w, h))
    for i, c in enumerate(clocks):
        pts = []
        for r in rows:
            if r["cpu_mhz"] == c:
                x = x0 + (int(r["flash_wait"]) - waits[0]) / max(1, waits[-1] - waits[0]) * w
                y = y0 + h - float(r[key]) / top * h
                pts.append("%.1f,%.1f" % (x, y))
        svg.append('<polyline fill="none" stroke-width="2" stroke="%s" points="%s"/>' % (colours[i % 6], " ".join(pts)))
        svg.append('<text x="%d" y="%d" fill="%s">%s MHz</text>' % (x0 + 5, y0 + 15 + 14 * i, colours[i % 6], c))
    for wv in waits:
        x = x0 + (wv - waits[0]) / max(1, waits[-1] - waits[0]) * w
        svg.append('<text x="%.1f" y="%d" text-anchor="middle">%d</text>' % (x, y0 + h + 14, wv))
    svg.append('<text x="%d" y="%d" text-anchor="end">%.0f</text>' % (x0 - 4, y0 + 8, top))
svg.append("</svg>")
open(sys.argv[2], "w").write("\n".join(svg) + "\n")
PY
echo "sweep: $out/sweep.csv $out/sweep.svg"
cat "$out/sweep.csv"
