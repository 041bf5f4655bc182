"""Checks an etsim-report/1 JSON report, CSV and timeline of a KWS run."""
import csv
import json
import sys

rep = json.load(open(sys.argv[1]))
rows = list(csv.DictReader(open(sys.argv[2])))
tl = json.load(open(sys.argv[3]))

assert rep["schema"] == "etsim-report/1"
mem = rep["memory"]
for key in ("ram_peak_bytes", "stack_peak_bytes", "heap_peak_bytes"):
    assert isinstance(mem[key], int) and mem[key] > 0, key
tiers = {t["name"]: t for t in mem["tiers"]}
assert sum(t["ram_bytes"] for t in mem["tiers"]) == mem["ram_peak_bytes"]
assert 0 < mem["stack_peak_bytes"] < 0x10000
# The runner's arenas are inside its .sram_bss pool: counted once, in sram2.
assert tiers["sram2"]["arena_bytes"] == mem["arena_bytes"] > 0
assert tiers["sram2"]["bss_used_bytes"] >= mem["arena_bytes"]
assert tiers["sram2"]["ram_bytes"] < tiers["sram2"]["bss_bytes"]

p = rep["power"]
assert p["energy_uj"] > 0 and p["avg_mw"] > 0
comp = sum(p["components"].values())
assert abs(comp - p["energy_uj"]) < 1e-3 * p["energy_uj"], (comp, p["energy_uj"])
# avg power = energy / latency
assert abs(p["avg_mw"] - p["energy_uj"] / rep["inference"]["latency_ms"]) < 1e-3 * p["avg_mw"]
ops = rep["operators"]
assert ops and all(o["energy_uj"] > 0 for o in ops)
op_sum = sum(o["energy_uj"] for o in ops)
assert 0.9 * p["energy_uj"] < op_sum <= p["energy_uj"] * 1.0001, (op_sum, p["energy_uj"])

assert len(rows) == len(ops)
for r, o in zip(rows, ops):
    assert int(r["index"]) == o["index"] and r["name"] == o["name"]
    assert int(r["cycles"]) == o["cycles"]
    assert abs(float(r["energy_uj"]) - o["energy_uj"]) <= 1e-3 * o["energy_uj"] + 1e-4

ev = tl["traceEvents"]
xs = [e for e in ev if e["ph"] == "X" and e["tid"] == 1]
assert len(xs) == len(ops)
assert all(e["dur"] > 0 for e in xs)
assert all(a["ts"] + a["dur"] <= b["ts"] + 1e-3 for a, b in zip(xs, xs[1:]))
lanes = {e["args"]["name"] for e in ev if e["ph"] == "M" and e["name"] == "thread_name"}
assert {"cpu", "npu", "dsp"} <= lanes
print("report ok: %.1f uJ, %.2f mW, RAM %d bytes" % (p["energy_uj"], p["avg_mw"], mem["ram_peak_bytes"]))
