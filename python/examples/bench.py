#!/usr/bin/env python3
"""Renders per second of the 200-slide generated deck (with its pictures): the CLI as one
process per job, the Python API on 1 and 2 threads (one Engine, jobs one after another), and the
Celery recipe with 2 workers of one pool process each (jobs submitted at once, timed to the last
result). The CLI and API rows are interleaved (one of each per round, so a noisy machine slows
them alike); medians; the machine's load is printed with them.

    python/examples/bench.py [--rounds 15] [--jobs 40]

Needs: the release CLI and deckgen (cargo build --release -p specrender -p specrender-deckgen),
the package installed in the running Python, celery[redis] and redis-server for the Celery row.
"""

import argparse
import os
import resource
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import specrender

ROOT = Path(__file__).resolve().parents[2]
CELERY_DIR = Path(__file__).resolve().parent / "celery"


def cpu_seconds():
    """CPU seconds used so far by this process (every thread) and its waited-for children."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def celery_rate(deck, assets, jobs, work):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    redis = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                              "--appendonly", "no", "--dir", str(work)], stdout=subprocess.DEVNULL)
    env = dict(os.environ, SPECRENDER_BROKER=f"redis://127.0.0.1:{port}/0", SPECRENDER_OUTPUT=str(work / "out"),
               SPECRENDER_ASSETS=str(assets), SPECRENDER_THREADS="1", PYTHONPATH=str(CELERY_DIR))
    os.environ.update({k: env[k] for k in ("SPECRENDER_BROKER", "SPECRENDER_OUTPUT", "SPECRENDER_ASSETS")})
    workers = []
    try:
        time.sleep(0.5)
        for n in ("a", "b"):
            workers.append(subprocess.Popen(
                [sys.executable, "-m", "celery", "-A", "specrender_tasks", "worker", "-n", f"{n}@%h", "--pool",
                 "prefork", "--concurrency", "1", "--loglevel", "WARNING", "--without-gossip", "--without-mingle",
                 "--without-heartbeat"], cwd=CELERY_DIR, env=env, start_new_session=True))
        sys.path.insert(0, str(CELERY_DIR))
        import specrender_tasks
        text = deck.read_text(encoding="utf-8")
        # Warm up: both workers render once.
        for r in [specrender_tasks.render.delay(text) for _ in range(4)]:
            r.get(timeout=120)
        rates = []
        for _ in range(3):
            t = time.perf_counter()
            results = [specrender_tasks.render.delay(text) for _ in range(jobs)]
            for r in results:
                assert r.get(timeout=300)["ok"]
            rates.append(jobs / (time.perf_counter() - t))
        return statistics.median(rates)
    finally:
        for w in workers:
            os.killpg(w.pid, 9)
            w.wait()
        redis.terminate()
        redis.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--jobs", type=int, default=40)
    ap.add_argument("--no-celery", action="store_true")
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="specrender-bench-"))
    try:
        cli = ROOT / "target" / "release" / "specrender"
        gen = ROOT / "target" / "release" / "specrender-deckgen"
        deck, assets = work / "deck.json", work / "assets"
        with open(deck, "wb") as f:
            subprocess.run([gen, "--slides", "200", "--mix", "mixed", "--seed", "1", "--assets", assets],
                           stdout=f, check=True)
        print(f"load average before: {os.getloadavg()}")
        out = work / "cli.pptx"
        cmd = [cli, "render", deck, "-o", out, "--assets", assets, "--qc", work / "qc.json", "--threads", "1"]
        subprocess.run(cmd, check=True)
        engine = specrender.Engine()
        data = deck.read_bytes()
        assert engine.render(data, assets=assets, threads=1).data == out.read_bytes()
        # Interleaved (one of each per round), so a noisy machine slows every row alike.
        jobs = [("CLI, one process per job, 1 thread", lambda: subprocess.run(cmd, check=True))]
        for th in (1, 2):
            jobs.append((f"Python API, one Engine, threads={th}",
                         lambda th=th: engine.render(data, assets=assets, threads=th, layout=False)))
        # CPU time too (the process's, or the CLI child's): on a loaded machine it moves far
        # less than wall time, and 1 / CPU seconds is what one free core would do.
        times = {name: [] for name, _ in jobs}
        cpu = {name: [] for name, _ in jobs}
        for _ in range(args.rounds):
            for name, f in jobs:
                c0, t = cpu_seconds(), time.perf_counter()
                f()
                times[name].append(time.perf_counter() - t)
                cpu[name].append(cpu_seconds() - c0)
        rows = [(name, 1 / statistics.median(ts)) for name, ts in times.items()]
        for name in cpu:
            print(f"{name:<55} {1000 * statistics.median(cpu[name]):6.1f} ms CPU a render")
        if not args.no_celery:
            rows.append(("Celery recipe, 2 workers x 1 pool process, threads=1",
                         celery_rate(deck, assets, args.jobs, work)))
        for name, rate in rows:
            print(f"{name:<55} {rate:6.1f} renders/s")
        print(f"load average after: {os.getloadavg()}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
