#!/usr/bin/env bash
# serve's memory over many requests: one worker (release build) answers N requests (default
# 10,000: every one a different deck; renders, qc with layout JSON, validations, bad requests),
# and its resident memory is sampled every 1,000. Flat = the last sample within a few MiB of the
# one after 1,000 requests. Usage: tools/serve-memory.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-10000}"
cargo build --release --quiet -p specrender
dir=target/serve-memory
rm -rf "$dir"; mkdir -p "$dir/out"
python3 - "$n" "$(pwd)/target/release/specrender" "$dir" <<'PY'
import json, subprocess, sys
n, binary, d = int(sys.argv[1]), sys.argv[2], sys.argv[3]
deck = json.load(open("examples/quarterly-review.json"))
p = subprocess.Popen([binary, "serve", "--output-root", f"{d}/out", "--assets", f"{d}/out"],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
def rss():
    for l in open(f"/proc/{p.pid}/status"):
        if l.startswith("VmRSS:"):
            return int(l.split()[1])
samples = []
for i in range(n):
    deck["deck"]["title"] = f"Quarterly review {i}"
    deck["deck"]["slides"][0]["elements"][0]["content"]["text"] = f"Request {i}: numbers {i * 7919 % 100000}"
    k = i % 10
    if k == 0:
        req = {"id": i, "op": "render", "spec": deck, "output": f"r{i % 5}.pptx"}
    elif k < 4:
        req = {"id": i, "op": "qc", "spec": deck, "layout": True}
    elif k == 4:
        req = {"id": i, "op": "validate", "spec": {"spec_version": "slidespec_v1", "deck": {"k": [1] * 100}}}
    elif k == 5:
        req = {"id": i, "op": "qc", "spec": deck, "options": {"max_bytes": -1}}
    else:
        req = {"id": i, "op": "validate", "spec": deck}
    p.stdin.write(json.dumps(req) + "\n"); p.stdin.flush()
    resp = json.loads(p.stdout.readline())
    assert resp["id"] == i, resp
    if (i + 1) % 1000 == 0:
        samples.append(rss())
p.stdin.close(); p.wait()
print("requests:", n, "RSS KiB every 1,000:", samples)
growth = samples[-1] - samples[0]
print(f"growth from 1,000 to {n} requests: {growth} KiB")
sys.exit(0 if growth < 8 * 1024 else 1)
PY
