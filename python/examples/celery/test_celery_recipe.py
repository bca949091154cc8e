"""The Celery recipe under load and failure: a local Redis, two workers (one pool process each),
a few hundred render jobs submitted at once, one worker killed outright (SIGKILL to its whole
process group, with a job in hand) and started again mid-run. Every job must finish, with the
bytes and the QC report of a direct render, and the killed worker's job must come back.

    python/examples/celery/run-test.sh        # builds nothing: needs the wheel (python/ci.sh)

Environment: CELERY_TEST_JOBS (default 300).
"""

import hashlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

import specrender

HERE = Path(__file__).resolve().parent
REPO = Path(os.environ.get("SPECRENDER_REPO", HERE.parents[2]))
JOBS = int(os.environ.get("CELERY_TEST_JOBS", "300"))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def redis_url(tmp_path):
    port = free_port()
    p = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
         "--appendonly", "no", "--dir", str(tmp_path)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.time() + 20
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1) as c:
                    c.sendall(b"PING\r\n")
                    if c.recv(16).startswith(b"+PONG"):
                        break
            except OSError:
                pass
            assert time.time() < deadline, "redis-server did not start"
            time.sleep(0.1)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        p.terminate()
        p.wait(10)


def specs():
    """Distinct inputs: the example deck in variants (some larger, to keep a worker busy), the
    example document, and an invalid deck."""
    deck = json.loads((REPO / "examples" / "quarterly-review.json").read_text(encoding="utf-8"))
    doc = json.loads((REPO / "examples" / "quarterly-report.json").read_text(encoding="utf-8"))
    out = []
    slides = deck["deck"]["slides"]
    for k in range(8):
        d = json.loads(json.dumps(deck))
        d["deck"]["title"] = f"{deck['deck']['title']} #{k}"
        copies = 1 + (k % 4) * 4
        d["deck"]["slides"] = [dict(s, slide_id=f"{s['slide_id']}-{c}")
                               for c in range(copies) for s in slides]
        out.append((d, {}))
    big = json.loads(json.dumps(deck))  # long enough to be caught in a worker's hands
    big["deck"]["slides"] = [dict(s, slide_id=f"{s['slide_id']}-big{c}")
                             for c in range(30) for s in slides]
    out.append((big, {}))
    out.append((deck, {"autofit": "none", "slide_numbers": False}))
    out.append((doc, {}))
    out.append((doc, {"citations": "list"}))
    out.append(({"spec_version": "slidespec_v1", "deck": {"title": 5, "slides": []}}, {}))
    return out


def start_worker(name, env, log):
    return subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "specrender_tasks", "worker", "-n", f"{name}@%h",
         "--pool", "prefork", "--concurrency", "1", "--loglevel", "INFO",
         "--without-gossip", "--without-mingle", "--without-heartbeat"],
        cwd=HERE, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
    )


def kill_group(p):
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    p.wait(10)


def test_every_job_survives_a_killed_worker(redis_url, tmp_path):
    out_dir = tmp_path / "out"
    env = dict(
        os.environ,
        SPECRENDER_BROKER=redis_url,
        SPECRENDER_OUTPUT=str(out_dir),
        SPECRENDER_VISIBILITY_TIMEOUT="5",
        SPECRENDER_RESTORE_INTERVAL="1",
        SPECRENDER_RESTORE_THROTTLE="1",
        PYTHONPATH=str(HERE),
    )
    os.environ.update({k: env[k] for k in ("SPECRENDER_BROKER", "SPECRENDER_OUTPUT",
                                           "SPECRENDER_VISIBILITY_TIMEOUT",
                                           "SPECRENDER_RESTORE_INTERVAL",
                                           "SPECRENDER_RESTORE_THROTTLE")})
    sys.path.insert(0, str(HERE))
    import specrender_tasks  # noqa: E402  (reads the environment above)

    inputs = specs()
    expected = []
    for spec, opts in inputs:
        try:
            r = specrender.render(spec, threads=1, layout=False, **opts)
            expected.append(("ok", hashlib.sha256(r.data).hexdigest(), r.qc, r.format))
        except specrender.SpecError as e:
            expected.append(("invalid", e.errors))

    logs = {n: open(tmp_path / f"{n}.log", "wb") for n in ("a", "b", "a2")}
    workers = {"a": start_worker("a", env, logs["a"]), "b": start_worker("b", env, logs["b"])}
    unacked = specrender_tasks.app.connection().default_channel.client
    try:
        pending = [
            (i % len(inputs), specrender_tasks.render.apply_async(args=inputs[i % len(inputs)]))
            for i in range(JOBS)
        ]
        # Kill worker a once a third of the jobs are done, while it runs one of the long jobs.
        big = {res.id for idx, res in pending if idx == 8}
        name = f"a@{socket.gethostname()}"
        deadline = time.time() + 120
        while True:
            done = len(list(out_dir.glob("*.*x"))) if out_dir.exists() else 0
            if done >= JOBS // 3:
                active = specrender_tasks.app.control.inspect(
                    destination=[name], timeout=1, limit=1).active() or {}
                if any(t["id"] in big for t in active.get(name, [])):
                    break
            assert time.time() < deadline, f"only {done} jobs done in 120 s"
            time.sleep(0.005)
        kill_group(workers.pop("a"))
        held = unacked.hlen("unacked")
        workers["a2"] = start_worker("a2", env, logs["a2"])
        redelivered, hosts = 0, set()
        for idx, res in pending:
            # Polled through the result key (a plain GET), not the backend's pub/sub listener.
            until = time.time() + 120
            while not res.ready():
                assert time.time() < until, f"job {res.id} not done in 120 s"
                time.sleep(0.01)
            got = res.result
            exp = expected[idx]
            if exp[0] == "invalid":
                assert got["ok"] is False and got["exit_code"] == 2
                assert got["errors"] == exp[1]
                continue
            _, sha, qc, fmt = exp
            assert got["ok"] is True
            assert got["format"] == fmt
            assert got["sha256"] == sha
            assert got["qc"] == qc
            data = Path(got["key"]).read_bytes()
            assert hashlib.sha256(data).hexdigest() == sha and len(data) == got["size"]
            redelivered += got["redelivered"]
            hosts.add(got["worker"])
        assert held >= 1
        assert redelivered >= 1, "the killed worker's job never came back"
        assert len(hosts) == 3, hosts  # a, b and the restarted a
        assert unacked.hlen("unacked") == 0
    finally:
        for p in workers.values():
            kill_group(p)
        for f in logs.values():
            f.close()
