#!/usr/bin/env python3
"""Documents on every Word template: openxml-audit adds nothing to what the template had (issue 45).

Renders each DocSpec input on each template (`specrender render DOC --template TPL`) and runs
openxml-audit (a port of Word's validator, `pip install openxml-audit==0.8.0`) on the output and on
the template alone. A finding is its part and description (paths shift when we add styles or
replace the body); they are counted, so a second `qFormat out of order` in a part that had one is
new. Any error in the output beyond the template's own fails the check. Parts the template had and
we do not write (its `word/document.xml` body, `stylesWithEffects.xml`) take their findings with
them; those are reported as gone.

Usage: tools/check-doc-templates.py --bin target/release/specrender --out DIR
           [--report FILE.md] TEMPLATE... -- DOC.json...
Prints one line per template and document; exit 1 when any output has a new error, 3 when
openxml-audit or the renderer cannot be run.
"""

import argparse
import collections
import json
import os
import subprocess
import sys


def audit(path):
    """openxml-audit's errors of a package: a Counter of (part, description)."""
    try:
        run = subprocess.run(
            ["openxml-audit", "-o", "json", "-m", "0", path],
            capture_output=True,
            text=True,
            timeout=300,
        )
    except (OSError, subprocess.TimeoutExpired) as e:
        print(f"cannot run openxml-audit on {path}: {e}", file=sys.stderr)
        sys.exit(3)
    try:
        (result,) = json.loads(run.stdout)
    except (ValueError, TypeError) as e:
        print(f"openxml-audit gave no JSON for {path}: {e}: {run.stderr[-500:]}", file=sys.stderr)
        sys.exit(3)
    return collections.Counter(
        (e.get("part_uri") or "", e.get("description") or "")
        for e in result.get("errors", [])
        if e.get("severity", "error") == "error"
    )


def main():
    argv = sys.argv[1:]
    if "--" not in argv:
        print(__doc__, file=sys.stderr)
        return 2
    cut = argv.index("--")
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--report")
    ap.add_argument("templates", nargs="+")
    args = ap.parse_args(argv[:cut])
    docs = argv[cut + 1 :]
    os.makedirs(args.out, exist_ok=True)
    failed = False
    rows = []
    for tpl in args.templates:
        tname = os.path.basename(tpl)
        own = audit(tpl)
        for doc in docs:
            dname = os.path.basename(os.path.dirname(doc)) if doc.endswith("input.json") else os.path.basename(doc)[:-5]
            out = os.path.join(args.out, f"{os.path.splitext(tname)[0]}--{dname}.docx")
            r = subprocess.run(
                [args.bin, "render", doc, "-o", out, "--template", tpl, "--qc", out + ".qc.json"],
                capture_output=True,
                text=True,
                timeout=300,
            )
            if r.returncode > 1:
                print(f"FAIL {tname} / {dname}: render exit {r.returncode}: {r.stderr.strip()[-400:]}")
                failed = True
                rows.append((tname, dname, sum(own.values()), None, None, None))
                continue
            got = audit(out)
            new = got - own
            gone = own - got
            rows.append((tname, dname, sum(own.values()), sum(got.values()), sum(new.values()), sum(gone.values())))
            if new:
                failed = True
                print(f"FAIL {tname} / {dname}: {sum(new.values())} openxml-audit errors the template does not have:")
                for (part, desc), n in sorted(new.items()):
                    print(f"       {n} x {part}: {desc}")
            else:
                print(
                    f"ok   {tname} / {dname}: template {sum(own.values())} errors, output {sum(got.values())}, "
                    f"0 new ({sum(gone.values())} gone with the parts we write)"
                )
    if args.report:
        with open(args.report, "w") as f:
            f.write("| template | document | template's errors | output's errors | new | gone |\n")
            f.write("|---|---|---:|---:|---:|---:|\n")
            for t, d, own, got, new, gone in rows:
                cells = ["render failed"] * 3 if got is None else [got, new, gone]
                f.write(f"| `{t}` | `{d}` | {own} | {' | '.join(str(c) for c in cells)} |\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
