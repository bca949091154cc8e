#!/usr/bin/env python3
"""Production files that name each slide element kind (issue 39's bar: a new kind touches at most 8).

A file names a kind when it matches the kind's enum variants (`BoxContent::Shape`,
`ElementKind::Shape`, `SpecElementKind::Shape`, `ElementContent::Shape`, layout's
`Body::Shape`, spec's `Content::Shape`) or its laid box type (`ShapeBox`). Production files
as `tools/code-size.py` counts them (a crate's `src/`, unit-test files and generated tables
aside); a file inside the kind's own folder (`element/chart/`) is listed but counted once with
its folder.

    python3 tools/kind-files.py          # counts and files per kind
    python3 tools/kind-files.py --counts # one line: kind=count ...
"""

import importlib.util
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("code_size", ROOT / "tools" / "code-size.py")
code_size = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(code_size)

BAR = 8
ENUMS = r"(?:BoxContent|ElementKind|SpecElementKind|ElementContent|Body|Content)"
KINDS = {
    "shape": ("Shape", "ShapeBox", "shape"),
    "table": ("Table", "TableBox", "table"),
    "chart": ("Chart", "ChartBox", "chart"),
    "picture": ("Picture", "PictureBox", "picture"),
    "divider": ("Divider", "LineBox", "divider"),
}


def without_tests(f):
    """The file's text less its `#[cfg(test)] mod` items (as code-size.py measures)."""
    lines = f.read_text(encoding="utf-8", errors="replace").splitlines()
    out, skip, depth = [], False, 0
    for i, ln in enumerate(lines):
        if not skip and ln.strip() == "#[cfg(test)]" and i + 1 < len(lines) and re.match(r"\s*(pub(\(crate\))?\s+)?mod\s", lines[i + 1]):
            skip, depth, opened = True, 0, False
            continue
        if skip:
            depth += ln.count("{") - ln.count("}")
            opened = opened or "{" in ln
            if opened and depth <= 0:
                skip = False
            continue
        out.append(ln)
    return "\n".join(out)


def main():
    texts = {f.relative_to(ROOT): without_tests(f) for f in code_size.production_files()}
    counts = {}
    listing = []
    for kind, (variant, box, folder) in KINDS.items():
        pat = re.compile(rf"\b{ENUMS}::{variant}\b|\b{box}\b")
        files = sorted(str(p) for p, t in texts.items() if pat.search(t))
        units = {re.sub(rf"(/element/{folder})/.*", r"\1/", f) for f in files}
        counts[kind] = len(units)
        listing.append((kind, len(units), files))
    if "--counts" in sys.argv:
        print(" ".join(f"{k}={n}" for k, n in counts.items()))
        return
    for kind, n, files in listing:
        over = " (over the bar of %d)" % BAR if n > BAR else ""
        print(f"{kind}: {n} files{over}")
        for f in files:
            print(f"    {f}")


if __name__ == "__main__":
    main()
