#!/usr/bin/env bash
# The bounds of docs/guide/limits.md, measured on the release binary with the worst inputs
# issue 14 found (each just under the default 32 MiB limit, or the value budget): peak RSS must
# stay under 16 x --max-bytes and validation under 2 s of CPU (LIMITS_CPU_SECONDS; .ci/run allows
# 4 on whatever machine runs CI); then issue 25's table- and asset-heavy inputs at the schemas'
# limits, through the binary and under the fuzzer's bounds (specrender-fuzz --limits). Prints
# one line per input; exits 1 when a bound is missed.
# Usage: tools/limits-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet -p specrender
bin=target/release/specrender
dir=target/limits-check
rm -rf "$dir"; mkdir -p "$dir"
max=$((32 * 1024 * 1024))
rss_bound_kib=$((16 * max / 1024))
cpu_bound="${LIMITS_CPU_SECONDS:-2}"
python3 - "$dir" <<'PY'
import json, sys
d = sys.argv[1]
base = json.load(open("examples/quarterly-review.json"))
def put(name, v):
    open(f"{d}/{name}.json", "w").write(json.dumps(v, separators=(",", ":")))
# 1M unknown keys in one object (quadratic before: 100k took 23 s).
v = json.loads(json.dumps(base)); v["deck"].update({f"k{i}": 0 for i in range(1_000_000)}); put("unknown-keys", v)
# ~1M schema errors: 40 slides x 5 bullet lists of 4,999 booleans.
v = json.loads(json.dumps(base)); s = v["deck"]["slides"][2]
els = [{"element_id": f"b{e}", "kind": "bullets", "content": {"items": [True] * 4999}} for e in range(5)]
v["deck"]["slides"] = [dict(s, slide_id=f"s{i}", elements=els) for i in range(40)]; put("many-errors", v)
# A 31 MiB array of numbers (2.3 GiB before).
v = json.loads(json.dumps(base)); v["deck"]["slides"][2]["elements"][1]["content"]["items"] = [1] * 16_000_000; put("number-array", v)
# The value budget's worst shape: ~1M small objects (arrays of 5,000), free-form.
v = json.loads(json.dumps(base)); v["extensions"] = {f"k{i}": [{"a": 1}] * 4999 for i in range(104)}; put("small-objects", v)
PY
fail=0
for f in unknown-keys many-errors number-array small-objects; do
  for cmd in validate qc render; do
    out=()
    if [ "$cmd" = render ]; then out=(-o "$dir/$f.pptx" --qc "$dir/$f.qc.json"); fi
    set +e
    /usr/bin/time -f "%U %S %M %e" "$bin" "$cmd" "$dir/$f.json" "${out[@]}" >"$dir/$f.$cmd.out" 2>"$dir/$f.$cmd.err"
    rc=$?
    set -e
    read -r u s kib wall < <(tail -1 "$dir/$f.$cmd.err")
    cpu=$(python3 -c "print(round($u + $s, 2))")
    size=$(wc -c <"$dir/$f.json")
    verdict=ok
    if [ "$kib" -gt "$rss_bound_kib" ]; then verdict="FAIL (RSS over 16 x max-bytes)"; fail=1; fi
    if [ "$cmd" = validate ] && python3 -c "import sys; sys.exit(0 if $cpu > $cpu_bound else 1)"; then verdict="FAIL (over $cpu_bound s CPU)"; fail=1; fi
    echo "$f ($size bytes) $cmd: exit $rc, ${cpu} s CPU (${wall} s wall), peak RSS $((kib / 1024)) MiB (bound $((rss_bound_kib / 1024)) MiB): $verdict"
  done
done
work_bound="${LIMITS_WORK_SECONDS:-8}"
python3 tools/make-table-bombs.py "$dir/tables" >/dev/null
python3 tools/make-asset-bombs.py "$dir/assets" >/dev/null
# Free-form JSON at every place the schemas allow it, and the densest typed places, at the
# value budget (the tree bytes they would hold: issue 25).
python3 tools/make-json-bombs.py "$dir/json" >/dev/null
bombs="tables/deck-200x20x200 tables/deck-tiny tables/deck-28-long tables/doc-2000x30
  tables/doc-long-cells tables/doc-short-words tables/doc-paragraphs tables/doc-distinct-words
  tables/doc-distinct-words-500 assets/deck-500-same
  assets/deck-6-distinct assets/deck-convert
  $(cd "$dir" && ls json/*.json | sed 's/\.json$//')"
for f in $bombs; do
  [ -f "$dir/$f.json" ] || { echo "$f: not made (Pillow missing?)"; continue; }
  ext=pptx
  if grep -q '"docspec_v1"' "$dir/$f.json"; then ext=docx; fi
  for cmd in qc render; do
    out=()
    # render writes the opt-in layout JSON too (streamed into its file, issue 25).
    if [ "$cmd" = render ]; then out=(-o "$dir/$f.$ext" --qc "$dir/$f.qc.json" --layout "$dir/$f.layout.json"); fi
    set +e
    /usr/bin/time -f "%U %S %M %e" "$bin" "$cmd" --threads 1 "$dir/$f.json" "${out[@]}" >"$dir/$f.$cmd.out" 2>"$dir/$f.$cmd.err"
    rc=$?
    set -e
    rm -f "$dir/$f.$ext" "$dir/$f.layout.json"
    read -r u s kib wall < <(tail -1 "$dir/$f.$cmd.err")
    cpu=$(python3 -c "print(round($u + $s, 2))")
    size=$(wc -c <"$dir/$f.json")
    verdict=ok
    what=written
    if [ "$rc" = 2 ]; then
      what=refused
      grep -q '"work_budget"' "$dir/$f.$cmd.out" && what="refused: work_budget"
      grep -q '"too_many_values"' "$dir/$f.$cmd.out" && what="refused: too_many_values"
    fi
    if [ "$rc" -gt 2 ]; then verdict="FAIL (exit $rc)"; fail=1; fi
    if [ "$kib" -gt "$rss_bound_kib" ]; then verdict="FAIL (RSS over 16 x max-bytes)"; fail=1; fi
    if python3 -c "import sys; sys.exit(0 if $cpu > $work_bound else 1)"; then verdict="FAIL (over $work_bound s CPU)"; fail=1; fi
    echo "$f ($size bytes) $cmd: exit $rc ($what), ${cpu} s CPU (${wall} s wall), peak RSS $((kib / 1024)) MiB: $verdict"
  done
done
# The same inputs under the fuzzer's bounds (issue 25), in-process and with the layout JSON
# (written as the CLI writes it): CPU of the case's thread
# under 2 s (LIMITS_FUZZ_CPU_MS), peak heap under 64 MiB + 16 x bytes + 2 x distinct asset
# bytes; a deck or document refused for the work budget or a bound of the reader is run again
# cut to the slides (blocks) before the one named, a document's first table halved until it is
# taken.
cargo build --release --quiet -p specrender-fuzz
files=()
for f in $bombs; do [ -f "$dir/$f.json" ] && files+=("$dir/$f.json"); done
target/release/specrender-fuzz --limits --max-cpu-ms "${LIMITS_FUZZ_CPU_MS:-2000}" "${files[@]}" || fail=1
exit $fail
