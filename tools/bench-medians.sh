#!/usr/bin/env bash
# Medians of the last `cargo bench --bench pipeline` run (or of a saved baseline:
# tools/bench-medians.sh before), read from criterion's estimates.json files.
set -euo pipefail
cd "$(dirname "$0")/.."
which="${1:-new}"
python3 - "$which" <<'PY'
import json, pathlib, sys
which = sys.argv[1]
root = pathlib.Path("target/criterion")
rows = []
for est in sorted(root.glob(f"**/{which}/estimates.json")):
    bench = json.loads((est.parent / "benchmark.json").read_text())
    m = json.loads(est.read_text())["median"]
    rows.append((bench["full_id"], m["point_estimate"], m["confidence_interval"]))
def fmt(ns):
    return f"{ns / 1e6:9.3f} ms" if ns >= 1e5 else f"{ns / 1e3:9.1f} µs"
for name, med, ci in rows:
    print(f"{name:28} median {fmt(med)}   (95% CI {fmt(ci['lower_bound']).strip()} .. {fmt(ci['upper_bound']).strip()})")
PY
