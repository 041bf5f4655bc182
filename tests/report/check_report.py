"""Checks an etsim-report/1 JSON report, CSV and timeline of a KWS run."""
import csv
import json
import sys

rep = json.load(open(sys.argv[1]))
rows = list(csv.DictReader(open(sys.argv[2])))
tl = json.load(open(sys.argv[3]))

assert rep["schema"] == "etsim-report/1"
mem = rep["memory"]
for key in ("ram_peak_bytes", "stack_peak_bytes"):
    assert isinstance(mem[key], int) and mem[key] > 0, key
# The runner allocates nothing from the heap since it prints without
# newlib's stdio (runtime/et_format.c): measured, and 0.
assert mem["heap_peak_bytes"] == 0, mem["heap_peak_bytes"]
tiers = {t["name"]: t for t in mem["tiers"]}
assert sum(t["ram_bytes"] for t in mem["tiers"]) == mem["ram_peak_bytes"]
assert 0 < mem["stack_peak_bytes"] < 0x10000
# The runner's arenas are inside its .sram_bss pool: counted once, in sram2.
assert tiers["sram2"]["arena_bytes"] == mem["arena_bytes"] > 0
assert tiers["sram2"]["bss_used_bytes"] >= mem["arena_bytes"]
assert tiers["sram2"]["ram_bytes"] < tiers["sram2"]["bss_bytes"]
# The runner marks its method load: load time and the RAM peak by part.
assert rep["load"]["cycles"] > 0 and rep["load"]["latency_ms"] > 0
parts = mem["ram_parts_bytes"]
assert sum(parts.values()) == mem["ram_peak_bytes"], parts
assert parts["arena"] == mem["arena_bytes"] and parts["stack"] == mem["stack_peak_bytes"]
assert parts["metadata"] > 0 and parts["statics"] > 0

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

# Per-operator memory traffic: within the run's, per region; the stall is
# part of the operator's cycles; KWS's operators read their weights from
# the model in flash (qspi).
regions = {r["name"]: r for r in mem["regions"]}
for name, r in regions.items():
    ops_read = sum(t["read_bytes"] for o in ops for t in o["memory"] if t["region"] == name)
    ops_wait = sum(t["wait_cycles"] for o in ops for t in o["memory"] if t["region"] == name)
    assert ops_read <= r["read_bytes"] and ops_wait <= r["wait_cycles"], name
for o in ops:
    assert o["memory_stall_cycles"] == sum(t["wait_cycles"] for t in o["memory"])
    assert 0 <= o["memory_stall_cycles"] < o["cycles"]
    assert all(t["region"] in regions for t in o["memory"])
assert sum(1 for o in ops if any(t["region"] == "qspi" and t["read_bytes"] > 0 for t in o["memory"])) >= 5

assert len(rows) == len(ops)
for r, o in zip(rows, ops):
    assert int(r["index"]) == o["index"] and r["name"] == o["name"]
    assert int(r["cycles"]) == o["cycles"]
    assert abs(float(r["energy_uj"]) - o["energy_uj"]) <= 1e-3 * o["energy_uj"] + 1e-4
    assert abs(int(r["read_bytes"]) - sum(t["read_bytes"] for t in o["memory"])) <= len(o["memory"])
    assert int(r["memory_stall_cycles"]) == o["memory_stall_cycles"]

ev = tl["traceEvents"]
xs = [e for e in ev if e["ph"] == "X" and e["tid"] == 1]
assert len(xs) == len(ops)
assert all(e["dur"] > 0 for e in xs)
assert all(a["ts"] + a["dur"] <= b["ts"] + 1e-3 for a, b in zip(xs, xs[1:]))
lanes = {e["args"]["name"] for e in ev if e["ph"] == "M" and e["name"] == "thread_name"}
assert {"cpu", "npu", "dsp"} <= lanes
print("report ok: %.1f uJ, %.2f mW, RAM %d bytes" % (p["energy_uj"], p["avg_mw"], mem["ram_peak_bytes"]))
