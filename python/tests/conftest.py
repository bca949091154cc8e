"""Shared fixtures: the repository (for example inputs) and the CLI binary the package is
compared with (same input and options -> same bytes).

    SPECRENDER_REPO  the source tree (default: two folders up from this file)
    SPECRENDER_BIN   the CLI (default: <repo>/target/release/specrender)
"""

import os
import subprocess
from pathlib import Path

import pytest

REPO = Path(os.environ.get("SPECRENDER_REPO", Path(__file__).resolve().parents[2]))


@pytest.fixture(scope="session")
def repo():
    return REPO


@pytest.fixture(scope="session")
def cli():
    path = Path(os.environ.get("SPECRENDER_BIN", REPO / "target" / "release" / "specrender"))
    if not path.is_file():
        pytest.fail(f"the CLI binary {path} is missing: cargo build --release, or set SPECRENDER_BIN")

    def run(*args, ok=(0, 1)):
        p = subprocess.run([str(path), *map(str, args)], capture_output=True)
        assert p.returncode in ok, (args, p.returncode, p.stderr.decode())
        return p

    return run


@pytest.fixture(scope="session")
def deck_path(repo):
    return repo / "examples" / "quarterly-review.json"


@pytest.fixture(scope="session")
def doc_path(repo):
    return repo / "examples" / "quarterly-report.json"


@pytest.fixture(scope="session")
def template_path(repo):
    return repo / "tests" / "fixtures" / "templates" / "python-pptx-default.pptx"


@pytest.fixture(scope="session")
def doc_template_path(repo):
    return repo / "tests" / "fixtures" / "doc-templates" / "libreoffice-letter.dotx"
