#!/usr/bin/env python3
"""Production files over 600 lines and production functions over 120 lines (issue 39's bars).

Production code: every `.rs` file of the workspace under a crate's `src/`, less its unit tests
(from a `#[cfg(test)]` line to the end of the item it marks, when that is a `mod`), tests/,
benches/, examples/, generated tables (`// @generated` in the first lines). A function's
length runs from its `fn` line to its closing brace, found by counting braces outside strings,
characters and comments (good enough for this code base; raw strings with braces are rare).

    python3 tools/code-size.py            # the lists, longest first
    python3 tools/code-size.py --counts   # two numbers: files over, functions over
"""

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FILE_MAX = 600
FN_MAX = 120
CRATES = [p.parent for p in ROOT.glob("*/Cargo.toml")] + [ROOT]


def production_files():
    for crate in sorted(set(CRATES)):
        src = crate / "src"
        if not src.is_dir():
            continue
        for f in sorted(src.rglob("*.rs")):
            if "target" in f.parts or f.name == "tests.rs" or "tests" in f.relative_to(src).parts:
                continue
            head = f.read_text(encoding="utf-8", errors="replace")[:400]
            if "@generated" in head:
                continue
            yield f


def strip(line, state):
    """`line` with strings, chars and comments blanked; `state` carries a block comment."""
    out = []
    i = 0
    in_block = state.get("block", 0)
    in_str = state.get("str", False)
    while i < len(line):
        c = line[i]
        nxt = line[i + 1] if i + 1 < len(line) else ""
        if in_block:
            if c == "*" and nxt == "/":
                in_block -= 1
                i += 2
                continue
            if c == "/" and nxt == "*":
                in_block += 1
                i += 2
                continue
            i += 1
            continue
        if in_str:
            if c == "\\":
                i += 2
                continue
            if c == '"':
                in_str = False
            i += 1
            continue
        if c == "/" and nxt == "/":
            break
        if c == "/" and nxt == "*":
            in_block = 1
            i += 2
            continue
        if c == '"':
            in_str = True
            i += 1
            continue
        if c == "'":
            m = re.match(r"'(\\.|[^\\'])'", line[i:])
            if m:
                i += len(m.group(0))
                continue
        out.append(c)
        i += 1
    state["block"] = in_block
    state["str"] = in_str
    return "".join(out)


def measure(f):
    lines = f.read_text(encoding="utf-8", errors="replace").splitlines()
    code = []
    state = {}
    for ln in lines:
        code.append(strip(ln, state))
    # Drop `#[cfg(test)] mod ... { ... }` items.
    keep = [True] * len(lines)
    i = 0
    while i < len(code):
        if code[i].strip() == "#[cfg(test)]" and i + 1 < len(code) and re.match(r"\s*(pub(\(crate\))?\s+)?mod\s", code[i + 1]):
            depth = 0
            j = i + 1
            opened = False
            while j < len(code):
                depth += code[j].count("{") - code[j].count("}")
                opened = opened or "{" in code[j]
                if opened and depth <= 0:
                    break
                j += 1
            for k in range(i, min(j + 1, len(code))):
                keep[k] = False
            i = j + 1
            continue
        i += 1
    n = sum(keep)
    fns = []
    i = 0
    while i < len(code):
        if keep[i]:
            m = re.match(r"\s*(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?fn\s+(\w+)", code[i])
            if m:
                depth = 0
                opened = False
                j = i
                while j < len(code):
                    if not opened and ";" in code[j] and "{" not in code[j]:
                        break  # a declaration without a body
                    depth += code[j].count("{") - code[j].count("}")
                    opened = opened or "{" in code[j]
                    if opened and depth <= 0:
                        fns.append((j - i + 1, m.group(6), i + 1))
                        break
                    j += 1
        i += 1
    return n, fns


def main():
    files_over = []
    fns_over = []
    for f in production_files():
        n, fns = measure(f)
        rel = f.relative_to(ROOT)
        if n > FILE_MAX:
            files_over.append((n, str(rel)))
        for length, name, line in fns:
            if length > FN_MAX:
                fns_over.append((length, f"{rel}:{line} {name}"))
    if "--counts" in sys.argv:
        print(len(files_over), len(fns_over))
        return
    print(f"production files over {FILE_MAX} lines (unit tests aside): {len(files_over)}")
    for n, f in sorted(files_over, reverse=True):
        print(f"  {n:5} {f}")
    print(f"production functions over {FN_MAX} lines: {len(fns_over)}")
    for n, f in sorted(fns_over, reverse=True):
        print(f"  {n:5} {f}")


if __name__ == "__main__":
    main()
