#!/usr/bin/env bash
# `specrender check` whole-process timings (issue 41: "<= 0.2 s for a 200-slide deck, linear in
# slides"). Makes, into target/bench-check/: our own bench decks (specrender-deckgen --mix
# mixed --seed 1 with its pictures, as tools/bench-process.py makes them) of 50, 100 and 200
# slides (the schema's cap) rendered to PPTX, and the same inputs written by python-pptx
# (tools/bench-process.py's peer script: text boxes, tables, charts, pictures at fixed places)
# at 50, 100, 200 and 400 slides (the 200 slides twice); then times `specrender check FILE --json` on each with
# farm-bench (whole process, medians), FILE's findings printed once. Each run is under
# `chrt -f 10` when allowed (SCHED_FIFO: on a loaded machine the others cannot take the core
# from it, so wall time is the process's own; as tools/bench-process.py --chrt). Run from anywhere:
#     tools/bench-check.sh [RUNS]        # default 21 runs each
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-21}"
cargo build --release -q -p specrender -p specrender-deckgen
bin=target/release/specrender
gen=target/release/specrender-deckgen
work=target/bench-check
mkdir -p "$work"
# The peer script, from tools/bench-process.py (one definition).
python3 - "$work/peer.py" <<'PY'
import importlib.util, sys
spec = importlib.util.spec_from_file_location("bp", "tools/bench-process.py")
bp = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bp)
open(sys.argv[1], "w").write(bp.PEER_PY)
PY
files=()
for n in 50 100 200 400; do
  rm -rf "$work/deck-$n-assets"
  if [ "$n" -le 200 ]; then
    "$gen" --slides "$n" --mix mixed --seed 1 --assets "$work/deck-$n-assets" > "$work/deck-$n.json"
  else
    # Past the schema's cap (200): the 200-slide input twice over, for python-pptx only.
    cp -r "$work/deck-200-assets" "$work/deck-$n-assets"
    python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); d["deck"]["slides"] *= 2; json.dump(d, sys.stdout)' \
      "$work/deck-200.json" > "$work/deck-$n.json"
  fi
  if [ "$n" -le 200 ]; then
    "$bin" render "$work/deck-$n.json" --assets "$work/deck-$n-assets" -o "$work/ours-$n.pptx" \
      --qc "$work/ours-$n.qc.json" || [ $? -eq 1 ]
    files+=("$work/ours-$n.pptx")
  fi
  python3 "$work/peer.py" "$work/deck-$n.json" "$work/deck-$n-assets" "$work/python-pptx-$n.pptx"
  files+=("$work/python-pptx-$n.pptx")
done
rt=()
if chrt -f 10 true 2>/dev/null; then rt=(chrt -f 10); fi
echo "load average $(cut -d' ' -f1-3 /proc/loadavg); runs under: ${rt[*]:-(no chrt)}"
for f in "${files[@]}"; do
  summary=$("$bin" check "$f" | tail -1 || true)
  echo "== $f ($(stat -c %s "$f") bytes): $summary"
  farm-bench -n "$runs" --timeout 300 -- "${rt[@]}" "$bin" check "$f" --json
done
