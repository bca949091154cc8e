"""A Celery worker that renders with the specrender Python package (docs/guide/python.md).

Run a worker (Redis as broker and result backend):

    SPECRENDER_BROKER=redis://localhost:6379/0 SPECRENDER_OUTPUT=/srv/out \\
        celery -A specrender_tasks worker --concurrency 2 --loglevel INFO

Submit a job and wait for it:

    from specrender_tasks import render
    r = render.delay(spec_dict).get()      # {"key": "/srv/out/<task id>.pptx", "qc": {...}, ...}

Settings that make a killed or lost worker lose no job:

- ``task_acks_late``: a job is acknowledged after it ran, not when it was received;
- ``task_reject_on_worker_lost``: a job whose pool process died is requeued, not failed;
- ``worker_prefetch_multiplier = 1``: each pool process reserves one job at a time, so a busy
  process never sits on jobs another could run;
- the Redis transport redelivers a job that was never acknowledged (its worker was killed
  outright) once ``visibility_timeout`` has passed; kombu sweeps for such jobs every
  ``unacked_restore_interval * unacked_restore_throttle`` seconds (10 x 10 by default). The
  visibility timeout must be longer than the longest job, or a running job is handed out twice
  (harmless here: a job's output is written atomically under its task id, so a second run
  writes the same bytes).

What these settings cannot cover (kombu's Redis transport): a message is taken off the queue
(BRPOP) before it is recorded as unacknowledged (a separate HSET), so a worker killed outright in
the moments between the two loses that message; and a worker killed while it holds kombu's
restore mutex stops redelivery for ``unacked_mutex_expire`` (300 s). A caller that must never
lose a job waits for its result with a deadline and submits the job again when it passes (the
task is idempotent: a result is keyed by its task id and a render is deterministic).

One ``specrender.Engine`` per pool process (created when the process starts) holds the fonts
and parsed templates for every job it runs. Results carry a storage key (the output file, under
``SPECRENDER_OUTPUT``) and a small JSON (format, exit code, QC report, size, SHA-256), never the
document bytes: a broker is not a file store. Pass ``return_bytes=True`` to get the bytes
base64-encoded in the result instead, for small documents.

Environment: ``SPECRENDER_BROKER`` (default ``redis://localhost:6379/0``), ``SPECRENDER_OUTPUT``
(default ``./out``), ``SPECRENDER_ASSETS`` (the folder ``file`` assets are confined to; default
none), ``SPECRENDER_TEMPLATES`` (a folder for ``template_id``), ``SPECRENDER_VISIBILITY_TIMEOUT``
(seconds, default 3600), ``SPECRENDER_RESTORE_INTERVAL`` and ``SPECRENDER_RESTORE_THROTTLE``
(kombu's sweep, defaults 10 and 10), ``SPECRENDER_THREADS`` (threads per job, default 1: one
pool process per core is the better use of cores).
"""

import base64
import hashlib
import os
import socket

from celery import Celery
from celery.signals import worker_process_init

import specrender

BROKER = os.environ.get("SPECRENDER_BROKER", "redis://localhost:6379/0")
OUTPUT = os.path.abspath(os.environ.get("SPECRENDER_OUTPUT", "out"))
ASSETS = os.environ.get("SPECRENDER_ASSETS") or None
TEMPLATES = os.environ.get("SPECRENDER_TEMPLATES") or None
THREADS = int(os.environ.get("SPECRENDER_THREADS", "1"))

app = Celery("specrender_tasks", broker=BROKER, backend=BROKER)
app.conf.update(
    task_acks_late=True,
    task_reject_on_worker_lost=True,
    worker_prefetch_multiplier=1,
    task_serializer="json",
    result_serializer="json",
    accept_content=["json"],
    result_expires=24 * 3600,
    broker_connection_retry_on_startup=True,
    broker_transport_options={
        "visibility_timeout": int(os.environ.get("SPECRENDER_VISIBILITY_TIMEOUT", "3600")),
        "unacked_restore_interval": float(os.environ.get("SPECRENDER_RESTORE_INTERVAL", "10")),
        "unacked_restore_throttle": int(os.environ.get("SPECRENDER_RESTORE_THROTTLE", "10")),
    },
)

_engine = None


@worker_process_init.connect
def _start_engine(**_):
    """One engine per pool process, made when the process starts."""
    global _engine
    _engine = specrender.Engine(templates=TEMPLATES)


def engine():
    global _engine
    if _engine is None:  # a solo or threads pool: no worker_process_init
        _engine = specrender.Engine(templates=TEMPLATES)
    return _engine


def _write_atomic(path, data):
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


@app.task(bind=True, name="specrender.render")
def render(self, spec, options=None, return_bytes=False):
    """Render ``spec`` (a SlideSpec/DocSpec dict or JSON text) with ``options`` (keywords of
    ``specrender.render``: autofit, slide_numbers, citations, extract_json, max_bytes).

    Returns ``{"ok": true, "key", "format", "exit_code", "qc", "size", "sha256", "worker",
    "redelivered"}`` (``"data"`` base64 instead of ``"key"`` with ``return_bytes``); invalid input
    returns ``{"ok": false, "exit_code": 2, "errors": [...]}`` (a deterministic failure: retrying
    cannot help, so it is a result, not an exception). Environment and internal errors raise
    (Celery records the failure).
    """
    opts = dict(options or {})
    opts.setdefault("threads", THREADS)
    try:
        out = engine().render(spec, assets=ASSETS, layout=False, **opts)
    except (specrender.SpecError, specrender.TemplateError) as e:
        return {"ok": False, "exit_code": e.exit_code, "error": str(e),
                "errors": list(getattr(e, "errors", []) or [])}
    result = {
        "ok": True,
        "format": out.format,
        "exit_code": out.exit_code,
        "qc": out.qc,
        "size": len(out.data),
        "sha256": hashlib.sha256(out.data).hexdigest(),
        "worker": f"{socket.gethostname()}:{os.getpid()}",
        "redelivered": bool((self.request.delivery_info or {}).get("redelivered")),
    }
    if return_bytes:
        result["data"] = base64.b64encode(out.data).decode("ascii")
    else:
        os.makedirs(OUTPUT, exist_ok=True)
        key = os.path.join(OUTPUT, f"{self.request.id}.{out.format}")
        _write_atomic(key, out.data)
        result["key"] = key
    return result


@app.task(name="specrender.qc")
def qc(spec, options=None):
    """QC only: ``{"ok", "format", "exit_code", "qc"}``."""
    try:
        out = engine().qc(spec, assets=ASSETS, layout=False, **dict(options or {}))
    except (specrender.SpecError, specrender.TemplateError) as e:
        return {"ok": False, "exit_code": e.exit_code, "error": str(e),
                "errors": list(getattr(e, "errors", []) or [])}
    return {"ok": True, "format": out.format, "exit_code": out.exit_code, "qc": out.qc}
