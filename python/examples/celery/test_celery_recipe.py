"""The Celery recipe under load and failure: a local Redis, two workers (one pool process each),
a few hundred render jobs submitted at once, one worker killed outright (SIGKILL to its whole
process group) while it holds a job, and started again mid-run. Every job must finish, with the
bytes and the QC report of a direct render, and the killed worker's job must come back.

    python/examples/celery/run-test.sh        # builds nothing: needs the wheel (python/ci.sh)

Environment: CELERY_TEST_JOBS (default 300).

How the kill is made to land while the worker holds a job, every time (no sleeps, no luck):
worker a's process group is frozen (SIGSTOP, every process seen stopped in /proc) once
``inspect().active()`` reports it running one of the 200-slide jobs; then, with nothing in that
group able to move, Redis must show the job unacknowledged (in kombu's ``unacked`` hash) and
without a stored result, and kombu's restore mutex free. Only then is the group killed; otherwise
it is resumed and the next long job is tried. A kill anywhere else can lose a job: kombu's Redis
transport takes a message off the queue (BRPOP) before it records it as unacknowledged (a
separate HSET), and a worker killed between the two loses that message (docs/guide/python.md, "Workers at
scale: Celery"); a worker killed while holding the restore mutex stops redelivery for
``unacked_mutex_expire`` (300 s).
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
MAX_SLIDES = 200  # the SlideSpec limit (docs/guide/limits.md)
LONG = (3, 7)  # indexes in specs() of the 200-slide decks: the jobs the kill must catch


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
    """Distinct inputs: the example deck repeated to 1/3, 2/3 and all of the 200-slide limit
    (the long jobs keep a worker busy), the example deck with options, the example document two
    ways, and an invalid deck."""
    deck = json.loads((REPO / "examples" / "quarterly-review.json").read_text(encoding="utf-8"))
    doc = json.loads((REPO / "examples" / "quarterly-report.json").read_text(encoding="utf-8"))
    slides = deck["deck"]["slides"]
    most = MAX_SLIDES // len(slides)
    out = []
    for k in range(8):
        d = json.loads(json.dumps(deck))
        d["deck"]["title"] = f"{deck['deck']['title']} #{k}"
        copies = 1 + (k % 4) * (most - 1) // 3  # k % 4 == 3: `most` copies (LONG)
        d["deck"]["slides"] = [dict(s, slide_id=f"{s['slide_id']}-{c}")
                               for c in range(copies) for s in slides]
        out.append((d, {}))
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


def group_pids(pgid):
    """{pid: state} of the live processes in process group ``pgid`` (from /proc)."""
    out = {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()  # after "pid (comm) "
        if int(fields[2]) == pgid and fields[0] != "Z":
            out[int(d.name)] = fields[0]
    return out


def freeze(p):
    """SIGSTOP the group of ``p`` and wait until /proc shows every process in it stopped."""
    os.killpg(p.pid, signal.SIGSTOP)
    deadline = time.time() + 10
    while True:
        pids = group_pids(p.pid)
        if pids and all(s in "tT" for s in pids.values()):
            return set(pids)
        assert time.time() < deadline, f"worker group {p.pid} not stopped: {pids}"
        time.sleep(0.001)


def unacked_ids(client):
    """Task ids of the messages kombu's Redis transport holds as delivered, not acknowledged."""
    return {json.loads(v)[0]["headers"]["id"] for v in client.hvals("unacked")}


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

    app = specrender_tasks.app
    inputs = specs()
    expected = []
    for spec, opts in inputs:
        try:
            r = specrender.render(spec, threads=1, layout=False, **opts)
            expected.append(("ok", hashlib.sha256(r.data).hexdigest(), r.qc, r.format))
        except specrender.SpecError as e:
            expected.append(("invalid", e.errors))
    for i in LONG:
        assert expected[i][0] == "ok" and len(inputs[i][0]["deck"]["slides"]) > MAX_SLIDES - 8
    assert [e[0] for e in expected].count("invalid") == 1

    logs = {n: open(tmp_path / f"{n}.log", "wb") for n in ("a", "b", "a2")}
    workers = {"a": start_worker("a", env, logs["a"]), "b": start_worker("b", env, logs["b"])}
    redis = app.connection().default_channel.client
    pending = []
    try:
        for i in range(JOBS):
            idx = i % len(inputs)
            pending.append((idx, specrender_tasks.render.apply_async(args=inputs[idx])))
        # Once a tenth of the jobs are done, kill worker a while it holds a long job.
        long_ids = {res.id for idx, res in pending if idx in LONG}
        name = f"a@{socket.gethostname()}"
        deadline = time.time() + 120
        tries = 0
        while True:
            assert time.time() < deadline, f"worker a never caught in a long job ({tries} tries)"
            done = len(list(out_dir.glob("*.*x"))) if out_dir.exists() else 0
            if done < JOBS // 10:
                time.sleep(0.01)
                continue
            active = app.control.inspect(destination=[name], timeout=1, limit=1).active() or {}
            held = [t["id"] for t in active.get(name, []) if t["id"] in long_ids]
            if not held:
                continue
            victim = held[0]
            a_pids = freeze(workers["a"])
            redis.ping()  # anything a's processes wrote before they stopped is now applied
            if (redis.get(f"celery-task-meta-{victim}") is None
                    and victim in unacked_ids(redis) and not redis.exists("unacked_mutex")):
                break
            os.killpg(workers["a"].pid, signal.SIGCONT)  # finished, or mid-sweep: next one
            tries += 1
        kill_group(workers.pop("a"))
        killed_at = time.time()
        assert victim in unacked_ids(redis)
        workers["a2"] = start_worker("a2", env, logs["a2"])

        by_worker, redelivered = {}, []
        for idx, res in pending:
            # Polled through the result key (a plain GET), not the backend's pub/sub listener.
            until = time.time() + 120
            while not res.ready():
                assert time.time() < until, f"job {res.id} (input {idx}) not done in 120 s"
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
            pid = int(got["worker"].rsplit(":", 1)[1])
            by_worker[pid] = by_worker.get(pid, 0) + 1
            if got["redelivered"]:
                redelivered.append(res.id)
        # The job worker a died holding came back (after the 5 s visibility timeout) and was
        # done by another worker.
        assert victim in redelivered, (victim, redelivered)
        assert int(pending_result(pending, victim)["worker"].rsplit(":", 1)[1]) not in a_pids
        # Jobs done by a before it died, by b, and by the restarted a2.
        a2_pids = set(group_pids(workers["a2"].pid))
        b_pids = set(group_pids(workers["b"].pid))
        assert any(p in a_pids for p in by_worker), by_worker
        assert any(p in b_pids for p in by_worker), by_worker
        assert any(p in a2_pids for p in by_worker), (by_worker, a2_pids)
        # Every message acknowledged: the last acks follow the last stored results by moments.
        until = time.time() + 10
        while redis.hlen("unacked"):
            assert time.time() < until, f"unacked left: {unacked_ids(redis)}"
            time.sleep(0.01)
        print(f"\n{JOBS} jobs, kill after {tries + 1} tries, all back "
              f"{time.time() - killed_at:.1f} s after it; jobs per worker pid {by_worker}")
    finally:
        # Drop the results (their pub/sub subscriptions) while Redis still runs.
        pending.clear()
        for p in workers.values():
            kill_group(p)
        for f in logs.values():
            f.close()


def pending_result(pending, task_id):
    return next(res.result for _, res in pending if res.id == task_id)
