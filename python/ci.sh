#!/usr/bin/env bash
# The Python package's CI (.ci/run calls it): rustfmt and clippy on the binding crate, build the
# wheel with maturin (from PyPI, into a throwaway venv under target/), install the wheel into a
# fresh venv, and run the pytest suite from outside the source tree against the CLI binary.
#
#   python/ci.sh            # about 4 minutes on 2 cores when target/ holds the release build
#
# The binding crate is not a workspace member (python/Cargo.toml says why), so it is checked
# here. CARGO_TARGET_DIR is the workspace's target/, so the engine's release build is shared
# with `cargo build --release`. --locked: python/Cargo.lock must be current (.ci/run checks it
# first with `cargo metadata --locked`); a path crate's new dependency changes it, so update it
# with `cargo metadata --manifest-path python/Cargo.toml` and commit it.
# The Celery recipe's test (python/examples/celery/run-test.sh) runs after this in .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WORK=$ROOT/target/python-ci
export CARGO_TARGET_DIR=$ROOT/target
cargo fmt --manifest-path python/Cargo.toml --check
cargo clippy --manifest-path python/Cargo.toml --all-targets -- -D warnings
cargo build --release --locked --bin specrender
rm -rf "$WORK"
mkdir -p "$WORK"
python3 -m venv "$WORK/build"
"$WORK/build/bin/pip" install -q "maturin>=1.5,<2"
"$WORK/build/bin/maturin" build --release --locked -m python/Cargo.toml -o "$WORK/wheels"
wheel=$(ls "$WORK"/wheels/specrender-*.whl)
echo "wheel: $(basename "$wheel") $(du -h "$wheel" | cut -f1)"
python3 -m venv "$WORK/test"
"$WORK/test/bin/pip" install -q pytest "$wheel"
# From an empty folder, fonts out of reach: the wheel carries its own.
mkdir -p "$WORK/run"
cd "$WORK/run"
env -u SPECRENDER_FONTS SPECRENDER_WHEEL_TEST=1 SPECRENDER_REPO="$ROOT" \
    SPECRENDER_BIN="$ROOT/target/release/specrender" \
    "$WORK/test/bin/python" -m pytest -q -p no:cacheprovider "$ROOT/python/tests"
