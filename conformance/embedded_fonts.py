#!/usr/bin/env python3
"""Embedded fonts (issue 44): do Writer's pages drawn with only the faces a DOCX embeds match
the pages drawn with our fonts installed?

Takes the output folders of two runs of conformance/documents.py over the same documents —
one as usual (`--out BASE`), one with `--embedded --out EMB` (rendered with `--embed-fonts
used`, converted by a Writer whose fontconfig has none of the shipped fonts) — and per
document compares:
- the fonts each PDF uses (`pdffonts`): the EMB faces that are neither embedded (by the face's
  own family) nor used by the BASE PDF are listed (`fonts_not_embedded_or_base`), not failed:
  they draw characters the named face lacks (punctuation in an Arabic run, drawn in BASE by
  another installed fallback) or italics (Writer takes an installed italic face, DejaVu Serif
  Italic, over slanting the embedded regular); the pages show whether they moved anything;
- every page drawn at 40 dpi (`pdftoppm`): the mean absolute difference per channel between
  BASE and EMB; the same faces draw the same pixels, a substitute or a missing glyph does not
  (pdftotext and pdfminer read a glyph whose outline is empty as drawn: pixels do not);
- what QC says: the faces embedded (`embedded_fonts`) and the families not embedded
  (`font_not_embedded`, e.g. a template's East Asian font measured with a stand-in).

- the document conformance figures of the two runs (documents.py's report: lines, pages,
  headings on their pages, text outside): they must be equal, document by document.

A document passes when its figures are equal and its pages match (every page's difference <=
MAX_PAGE_DIFF), or QC names a family it did not embed, or the pages differ only in which region
of the Noto Sans CJK design drew them (the installed run let fontconfig draw Japanese text in a
document that names Noto Sans CJK KR with the JP face; the embedded run draws the face the file
names: same advances, other glyph shapes for some ideographs). Usage:
    conformance/embedded_fonts.py BASE EMB [--json REPORT]
"""

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

# Mean absolute difference per channel (0-255) a page may show between the two conversions:
# anti-aliasing of the same outlines from two font files differs by a fraction of a level.
MAX_PAGE_DIFF = 0.5


def pdffonts(pdf):
    r = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=False)
    names = []
    for line in r.stdout.splitlines()[2:]:
        name = line.split()[0] if line.split() else ""
        names.append(name.split("+", 1)[-1])
    return names


def pages(pdf, folder):
    subprocess.run(["pdftoppm", "-r", "40", "-png", str(pdf), str(folder / "p")], check=True)
    return sorted(folder.glob("p*.png"))


def diff(a, b):
    ia, ib = Image.open(a).convert("RGB"), Image.open(b).convert("RGB")
    if ia.size != ib.size:
        return 255.0
    return sum(ImageStat.Stat(ImageChops.difference(ia, ib)).mean) / 3


def region_free(names):
    """Font names without the Noto Sans CJK region (`NotoSansCJKjp-Regular-VKana` and
    `NotoSansCJKkr-Regular` are both `NotoSansCJK-Regular`)."""
    out = set()
    for n in names:
        for r in ("jp", "kr", "sc", "tc", "hk"):
            n = n.replace(f"NotoSansCJK{r}", "NotoSansCJK")
        out.add(n.replace("-VKana", ""))
    return out


FIGURES_SKIP = ("characters_drawn", "characters_missing", "problems", "document")


def figures(doc):
    """A document's conformance figures (documents.py), what must not change."""
    return {k: v for k, v in doc.items() if k not in FIGURES_SKIP}


def compare(name, base, emb, figures_base, figures_emb):
    qc = json.loads((emb / f"{name}.qc.json").read_text())
    embedded = qc.get("embedded_fonts", [])
    refused = [i["details"] for i in qc.get("issues", []) if i.get("type") == "font_not_embedded"]
    out = {"document": name, "embedded": [(f["family"], f["face"], f["style"], f["bytes"]) for f in embedded],
           "not_embedded": [(d.get("family"), d.get("reason")) for d in refused]}
    bp, ep = base / f"{name}.pdf", emb / f"{name}.pdf"
    if not bp.exists() or not ep.exists():
        out["problem"] = "a PDF is missing"
        return out
    norm = lambda n: n.lower().replace(" ", "").replace("-", "")  # noqa: E731
    faces = {norm(f["face"]) for f in embedded}
    base_fonts = {norm(f) for f in pdffonts(bp)}
    strangers = sorted({f for f in pdffonts(ep)
                        if norm(f) not in base_fonts and not any(norm(f).startswith(x) for x in faces)})
    out["fonts_not_embedded_or_base"] = strangers
    with tempfile.TemporaryDirectory() as t:
        a, b = Path(t) / "a", Path(t) / "b"
        a.mkdir()
        b.mkdir()
        pa, pb = pages(bp, a), pages(ep, b)
        out["pages"] = (len(pa), len(pb))
        out["page_diff"] = [round(diff(x, y), 3) for x, y in zip(pa, pb)]
    same = len(pa) == len(pb) and all(d <= MAX_PAGE_DIFF for d in out["page_diff"])
    out["same_pages"] = same
    out["region_only"] = not same and region_free(pdffonts(bp)) == region_free(pdffonts(ep))
    fb, fe = figures_base.get(name), figures_emb.get(name)
    out["same_figures"] = fb is not None and fb == fe
    if fb is not None and fb != fe:
        out["figures_differ"] = sorted(k for k in set(fb) | set(fe or {}) if fb.get(k) != (fe or {}).get(k))
    out["pass"] = (out["same_figures"] and (same or out["region_only"])) or bool(refused)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("base")
    ap.add_argument("emb")
    ap.add_argument("--json")
    args = ap.parse_args()
    base, emb = Path(args.base) / "docs", Path(args.emb) / "docs"
    names = sorted(p.stem for p in emb.glob("*.docx"))
    load = lambda d: {x["document"]: figures(x) for x in json.loads((Path(d) / "report.json").read_text())["documents"]}  # noqa: E731
    fb, fe = load(args.base), load(args.emb)
    results = [compare(n, base, emb, fb, fe) for n in names]
    ok = all(r.get("pass") for r in results)
    for r in results:
        worst = max(r.get("page_diff") or [0])
        flag = "ok" if r.get("pass") else "FAIL"
        note = ("same pages" if r.get("same_pages") else "CJK region only" if r.get("region_only")
                else f"not embedded: {r['not_embedded']}")
        note += "" if r.get("same_figures") else f"; figures differ: {r.get('figures_differ')}"
        note += f"; fonts neither embedded nor in the installed run: {r['fonts_not_embedded_or_base']}" \
            if r.get("fonts_not_embedded_or_base") else ""
        print(f"  {flag:4} {r['document']:34} pages {r.get('pages')} worst diff {worst:6.3f}  {note}")
    same = sum(1 for r in results if r.get("same_pages"))
    region = sum(1 for r in results if r.get("region_only") and not r["not_embedded"])
    named = sum(1 for r in results if not r.get("same_pages") and r["not_embedded"])
    total = sum(f[3] for r in results for f in r["embedded"])
    print(f"  {same} of {len(results)} documents drawn the same with only the embedded faces; "
          f"{region} differ only in the Noto Sans CJK region drawing them; {named} name a family "
          f"not embedded; {total / max(len(results), 1) / 1024:.0f} KiB of faces per document "
          f"(before deflate)")
    if args.json:
        Path(args.json).write_text(json.dumps({"pass": ok, "documents": results}, ensure_ascii=False, indent=1))
    print("PASS" if ok else "FAIL")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
