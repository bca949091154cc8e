#!/usr/bin/env python3
"""serve throughput and memory (issue 23 item 3): one `specrender serve` worker renders the
200-slide generated mixed deck (with its pictures) N times (default 10,000), each job a
different deck (its title carries the job number), to a PPTX under the output root. Prints
decks per second for the worker (wall time of the whole run, request to response, as a client
waiting on one worker sees it), the worker's CPU time per deck (from /proc), and its resident
memory every N/10 jobs; fails (exit 1) when the memory is not flat: the last sample more than
8 MiB above the first.

    python3 tools/serve-throughput.py [--jobs 10000] [--slides 200]

serve renders each job on one thread (its own caches, dropped when the job ends), so a machine
runs one worker per core for throughput.
"""

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORK = ROOT / "target" / "serve-throughput"
TICK = os.sysconf("SC_CLK_TCK")


def proc(pid):
    """(CPU seconds, resident KiB) of process `pid`."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    cpu = (int(fields[11]) + int(fields[12])) / TICK  # utime, stime
    with open(f"/proc/{pid}/status") as f:
        rss = next(int(line.split()[1]) for line in f if line.startswith("VmRSS:"))
    return cpu, rss


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--jobs", type=int, default=10000)
    ap.add_argument("--slides", type=int, default=200)
    args = ap.parse_args()
    subprocess.run(["cargo", "build", "--release", "-q", "-p", "specrender", "-p", "specrender-deckgen"],
                   cwd=ROOT, check=True)
    binary = ROOT / "target" / "release" / "specrender"
    WORK.mkdir(parents=True, exist_ok=True)
    (WORK / "out").mkdir(exist_ok=True)
    assets = WORK / "assets"
    with open(WORK / "deck.json", "wb") as f:
        subprocess.run([ROOT / "target" / "release" / "specrender-deckgen", "--slides", str(args.slides), "--mix",
                        "mixed", "--seed", "1", "--assets", assets], stdout=f, check=True)
    deck = json.load(open(WORK / "deck.json", encoding="utf-8"))
    marker = "@@JOB@@"
    deck["deck"]["title"] = marker
    # The request line with a placeholder, serialised once: the client's own cost per job is a
    # string replacement, not a JSON dump of the deck.
    line = json.dumps({"id": marker, "op": "render", "spec": deck, "output": "out.pptx"}, ensure_ascii=False)
    head, _, rest = line.partition(f'"{marker}"')
    mid, _, tail = rest.partition(marker)
    p = subprocess.Popen([binary, "serve", "--output-root", WORK / "out", "--assets", assets],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8")
    every = max(1, args.jobs // 10)
    samples = []
    cpu0, _ = proc(p.pid)
    start = time.perf_counter()
    for i in range(args.jobs):
        req = f"{head}{i}{mid}Deck {i}{tail}".replace('"output": "out.pptx"', f'"output": "r{i % 5}.pptx"', 1)
        p.stdin.write(req + "\n")
        p.stdin.flush()
        resp = json.loads(p.stdout.readline())
        if resp.get("id") != i or resp.get("exit_code") not in (0, 1):
            sys.exit(f"job {i}: unexpected response {json.dumps(resp)[:400]}")
        if (i + 1) % every == 0:
            cpu, rss = proc(p.pid)
            samples.append(rss)
            print(f"  {i + 1:6} jobs: {(i + 1) / (time.perf_counter() - start):5.1f} decks/s, "
                  f"CPU {(cpu - cpu0) * 1000 / (i + 1):5.1f} ms/deck, RSS {rss / 1024:.1f} MiB", flush=True)
    wall = time.perf_counter() - start
    cpu, _ = proc(p.pid)
    p.stdin.close()
    p.wait()
    growth = samples[-1] - samples[0]
    print(f"{args.jobs} jobs of the {args.slides}-slide deck, one worker: {args.jobs / wall:.1f} decks/s "
          f"({wall * 1000 / args.jobs:.1f} ms a deck wall, {(cpu - cpu0) * 1000 / args.jobs:.1f} ms CPU), "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"RSS every {every} jobs (MiB): {' '.join(f'{s / 1024:.1f}' for s in samples)}; "
          f"growth {growth / 1024:.1f} MiB")
    sys.exit(0 if growth < 8 * 1024 else 1)


if __name__ == "__main__":
    main()
