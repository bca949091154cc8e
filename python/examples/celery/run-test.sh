#!/usr/bin/env bash
# The Celery recipe's integration test (test_celery_recipe.py): a venv with the wheel built by
# python/ci.sh, celery[redis] and pytest from PyPI; redis-server from Debian (installed when
# missing). About a minute once the wheel exists; .ci/run runs it after python/ci.sh. Celery,
# kombu and redis-py are pinned to the versions the test was proven with (10 consecutive passes):
# it reads kombu's Redis bookkeeping (the `unacked` hash, the restore mutex) to time the kill.
set -euo pipefail
cd "$(dirname "$0")/../../.."
ROOT=$PWD
WORK=$ROOT/target/python-ci
wheel=$(ls "$WORK"/wheels/specrender-*.whl 2>/dev/null || true)
if [ -z "$wheel" ]; then
    echo "no wheel in $WORK/wheels: run python/ci.sh first" >&2
    exit 3
fi
if ! command -v redis-server >/dev/null; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q -o DPkg::Lock::Timeout=300 redis-server >/dev/null
fi
rm -rf "$WORK/celery"
python3 -m venv "$WORK/celery"
"$WORK/celery/bin/pip" install -q pytest "celery[redis]==5.7.0" "kombu==5.7.0" "redis==8.1.0" "$wheel"
mkdir -p "$WORK/celery-run"
cd "$WORK/celery-run"
SPECRENDER_REPO="$ROOT" "$WORK/celery/bin/python" -m pytest -q -p no:cacheprovider \
    -s "$ROOT/python/examples/celery/test_celery_recipe.py" "$@"
