"""PDF conformance for documents (issue 40): does the PDF specrender draws from a document's
own page model (`render --pdf` of a DocSpec) give back every character of the DOCX written
beside it, claim only what it is, and come out the same every time?

Corpus: every golden document case (golden/docs/*/input.json, on its template and citation
style) and the deck generator's document suite (`specrender-deckgen --doc-suite`: reports,
proposals, minutes and data documents in en, ko, ja, zh-CN, zh-TW; `--fast`: its CI subset).
Each is rendered once: `render INPUT -o X.docx --pdf X.pdf --layout L.json`.

1. Read-back. Every paragraph and table cell of the DOCX (python-docx, body order) and every
   footnote's text must come back from the PDF, whitespace-insensitive after NFC with bidi
   controls removed (conformance/pdf_check.py's comparison: right-to-left units as the
   multiset of their characters in a window of lines), in two content-order readings:
   `pdftotext -raw` and pdfminer without layout analysis. A footnote stands at the foot of
   its page, so the body is matched with the footnotes' text taken out (a paragraph that
   runs onto the next page is read around the notes) and each note against the whole text.
   The bar: every unit found whole, in input order.
2. Validity. `qpdf --check` finds nothing; `pdfinfo` says Tagged: yes and gives the pages
   the page model predicted (the layout's `document.pages`); `pdffonts` lists every font
   embedded, subset and with a Unicode map; the XMP claims PDF/A-2b (and PDF/UA-1 exactly when
   every figure has alt text and the document a title); a pikepdf walk of the structure tree
   finds one H1 (the title), an H(n+1) per heading of level n, an L per list, a Table per
   table, a Figure with /Alt per figure with alt text, a Note per footnote.
3. Determinism: `specrender pdf` twice gives the bytes `render --pdf` gave.

Not checked here yet: the page images against Writer's PDF of our DOCX (the page model
itself is checked against Writer by conformance/documents.py: line and page breaks).

Usage (conformance/run.sh --pdf runs it after the deck check):
    python3 conformance/doc_pdf_check.py [--fast] [--only korean,suite-report-ko]
Writes target/doc-pdf-check/report.json, prints a summary, exits 1 when a bar is missed.
"""

import argparse
import collections
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pdf_check  # noqa: E402  (the deck check: its readings and comparison)

ROOT = Path(__file__).resolve().parent.parent
W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


def run(cmd):
    return subprocess.run(cmd, check=False, capture_output=True, text=True)


def cases(out, fast, gen):
    found = []
    for d in sorted((ROOT / "golden" / "docs").iterdir()):
        if (d / "input.json").exists():
            opts = json.loads((d / "options.json").read_text()) if (d / "options.json").exists() else {}
            extra = []
            if opts.get("citations"):
                extra += ["--citations", opts["citations"]]
            if opts.get("template"):
                extra += ["--template", str(ROOT / "tests" / "fixtures" / "doc-templates" / opts["template"])]
            found.append((d.name, d / "input.json", d, extra))
    suite = out / "suite"
    suite.mkdir(parents=True, exist_ok=True)
    r = run([str(gen), "--doc-suite", str(suite), *(["--fast"] if fast else [])])
    if r.returncode != 0:
        raise SystemExit(f"deckgen --doc-suite failed: {r.stderr}")
    for p in sorted(suite.glob("*.json")):
        found.append((f"suite-{p.stem}", p, suite, []))
    return found


def docx_units(path):
    """(body units in order, footnote texts) of a DOCX."""
    import docx
    from docx.table import Table
    from docx.text.paragraph import Paragraph
    d = docx.Document(str(path))
    units = []
    for el in d.element.body.iterchildren():
        tag = el.tag.split("}")[1]
        if tag == "p":
            units.append(("p", Paragraph(el, d).text))
        elif tag == "tbl":
            for row in Table(el, d).rows:
                for c in row.cells:
                    units.append(("cell", c.text))
    notes = []
    with zipfile.ZipFile(path) as z:
        if "word/footnotes.xml" in z.namelist():
            from lxml import etree
            x = etree.fromstring(z.read("word/footnotes.xml"))
            for fn in x.iter(W + "footnote"):
                if int(fn.get(W + "id", "0")) > 0:
                    notes.append("".join(t.text or "" for t in fn.iter(W + "t")))
    return [(str(i), k, t) for i, (k, t) in enumerate(units) if pdf_check.canon(t)], [n for n in notes if pdf_check.canon(n)]


def without_notes(pages, notes):
    """The pages' text as one line with the footnotes taken off each page's foot: the notes
    are drawn last on their page (its number, then its text), so each is taken off the end
    while one ends the page."""
    # Footnotes are numbered 1, 2, ... in the document's order.
    cs = sorted(((str(i + 1), pdf_check.canon(n)) for i, n in enumerate(notes)),
                key=lambda x: len(x[1]), reverse=True)
    out = []
    for page in pages:
        flat = pdf_check.canon(page)
        again = True
        while again:
            again = False
            for number, c in cs:
                if c and flat.endswith(number + c):
                    flat = flat[:-len(number + c)]
                    again = True
                    break
        out.append(flat)
    return "".join(out)


def readback(units, notes, pages):
    text = "\n".join(pages)
    body = without_notes(pages, notes) if notes else text
    got = pdf_check.match_units(units, body)
    got += pdf_check.match_units([(f"note{i}", "footnote", n) for i, n in enumerate(notes)], text)
    return got


def structure(pdf):
    import pikepdf
    c = collections.Counter()
    alts = 0
    with pikepdf.open(str(pdf)) as p:
        meta = p.open_metadata()
        ua = meta.get("pdfuaid:part") == "1"
        a = (meta.get("pdfaid:part"), meta.get("pdfaid:conformance"))

        def walk(n):
            nonlocal alts
            if isinstance(n, pikepdf.Array):
                for k in n:
                    walk(k)
                return
            if not isinstance(n, pikepdf.Dictionary):
                return
            s = n.get("/S")
            if s is not None:
                c[str(s)] += 1
                if str(s) == "/Figure" and "/Alt" in n:
                    alts += 1
            k = n.get("/K")
            if k is not None:
                walk(k)
        walk(p.Root.StructTreeRoot.K)
    return c, alts, ua, a


def expected(spec, layout):
    blocks = spec["doc"]["blocks"]
    kinds = collections.Counter(b["type"] for b in blocks)
    heads = collections.Counter(min(b["content"]["level"], 5) + 1 for b in blocks if b["type"] == "heading")
    figs = [b for b in blocks if b["type"] == "figure"]
    return kinds, heads, figs


def check(name, path, assets, extra, binary, out):
    base = out / "docs" / name
    base.parent.mkdir(parents=True, exist_ok=True)
    r = run([str(binary), "render", str(path), "-o", f"{base}.docx", "--pdf", f"{base}.pdf",
             "--layout", f"{base}.layout.json", "--qc", f"{base}.qc.json", "--assets", str(assets), *extra])
    res = {"name": name, "failures": []}
    fail = res["failures"].append
    if r.returncode not in (0, 1):
        fail(f"render failed ({r.returncode}): {r.stderr.strip()[:300]}")
        return res
    pdf = Path(f"{base}.pdf")
    spec = json.loads(Path(path).read_text())
    layout = json.loads(Path(f"{base}.layout.json").read_text())
    qc = json.loads(Path(f"{base}.qc.json").read_text())
    units, notes = docx_units(f"{base}.docx")
    # 1. read-back, two content-order readings
    raw = pdf_check.read_pdftotext(pdf, True)
    stream, _, _ = pdf_check.read_stream(pdf)
    chars = recovered = 0
    for reading, pages in (("pdftotext-raw", raw), ("pdfminer-stream", stream)):
        got = readback(units, notes, pages)
        lost = [g for g in got if not g["found"]]
        disorder = [g for g in got if g["found"] and not g["in_order"]]
        chars += sum(g["chars"] for g in got)
        recovered += sum(g["recovered"] for g in got)
        if lost:
            fail(f"{reading}: {len(lost)} of {len(got)} texts not read back, e.g. {lost[0]['text']!r} (got {lost[0].get('got', '')!r})")
        if disorder:
            fail(f"{reading}: {len(disorder)} texts out of order, e.g. {disorder[0]['text']!r}")
    res["units"] = len(units) + len(notes)
    res["chars"], res["recovered"] = chars, recovered
    # 2. validity
    q = run(["qpdf", "--check", str(pdf)])
    if q.returncode != 0:
        fail(f"qpdf --check: {q.stdout.strip()[-200:]}")
    info = run(["pdfinfo", str(pdf)]).stdout
    pages = int(re.search(r"Pages:\s+(\d+)", info).group(1))
    if "Tagged:          yes" not in info:
        fail("pdfinfo: not tagged")
    predicted = layout["document"].get("pages")
    res["pages"] = pages
    if predicted is not None and pages != predicted:
        fail(f"{pages} pages, the page model predicted {predicted}")
    fonts = run(["pdffonts", str(pdf)]).stdout.splitlines()[2:]
    for line in fonts:
        cols = line.split()
        if cols[-5:-2] != ["yes", "yes", "yes"]:
            fail(f"pdffonts: {line.strip()}")
    c, alts, ua, a = structure(pdf)
    res["tags"] = dict(c)
    if a != ("2", "B"):
        fail(f"XMP claims PDF/A {a}")
    kinds, heads, figs = expected(spec, layout)
    with_alt = sum(1 for f in figs if (f["content"].get("alt_text") or "").strip())
    drawn = {i["block_id"] for i in qc["issues"] if i["type"] == "missing_asset"}
    # The reference list (list citations) has a heading of level 1 (H2) of its own.
    listed = "list" in extra and any(b.get("citations") for b in spec["doc"]["blocks"])
    want = {
        "/H1": 1,
        "/L": kinds.get("list", 0),
        "/Table": kinds.get("table", 0),
        "/Note": len(notes),
    }
    for lvl in range(2, 7):
        want[f"/H{lvl}"] = heads.get(lvl, 0) + (1 if lvl == 2 and listed else 0)
    for tag, n in want.items():
        if c.get(tag, 0) != n:
            fail(f"structure: {c.get(tag, 0)} {tag}, expected {n}")
    figures = [f for f in figs if f["block_id"] not in drawn]
    if c.get("/Figure", 0) != len(figures):
        fail(f"structure: {c.get('/Figure', 0)} /Figure, expected {len(figures)}")
    if alts != sum(1 for f in figures if (f["content"].get("alt_text") or "").strip()):
        fail(f"structure: {alts} figures with /Alt, expected {with_alt}")
    should_ua = bool(spec["doc"].get("title", "").strip()) and all(
        (f["content"].get("alt_text") or "").strip() for f in figures)
    if ua != should_ua:
        fail(f"PDF/UA-1 declared: {ua}, expected {should_ua}")
    # 3. determinism
    again = Path(f"{base}.again.pdf")
    r2 = run([str(binary), "pdf", str(path), "-o", str(again), "--assets", str(assets), *extra])
    if r2.returncode not in (0, 1) or again.read_bytes() != pdf.read_bytes():
        fail("specrender pdf gave other bytes than render --pdf")
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fast", action="store_true", help="CI subset of the document suite")
    ap.add_argument("--only", default="", help="cases whose name starts with one of these (comma-separated)")
    ap.add_argument("--out", default=str(ROOT / "target" / "doc-pdf-check"))
    ap.add_argument("--bin", default=str(ROOT / "target" / "release" / "specrender"))
    ap.add_argument("--gen", default=str(ROOT / "target" / "release" / "specrender-deckgen"))
    a = ap.parse_args()
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    only = [o for o in a.only.split(",") if o]
    results = []
    for name, path, assets, extra in cases(out, a.fast, a.gen):
        if only and not any(name.startswith(o) for o in only):
            continue
        r = check(name, path, assets, extra, a.bin, out)
        results.append(r)
        status = "ok" if not r["failures"] else "FAIL"
        print(f"{status:4} {name}: {r.get('pages', '?')} pages, {r.get('units', 0)} texts"
              + "".join(f"\n     - {f}" for f in r["failures"]))
    chars = sum(r.get("chars", 0) for r in results)
    rec = sum(r.get("recovered", 0) for r in results)
    failed = [r for r in results if r["failures"]]
    summary = {
        "cases": len(results),
        "failed": len(failed),
        "characters": chars,
        "recovered_percent": round(100.0 * rec / chars, 3) if chars else 100.0,
    }
    (out / "report.json").write_text(json.dumps({"summary": summary, "cases": results}, indent=1, ensure_ascii=False))
    print(f"documents: {len(results)} cases, {len(failed)} failed; characters recovered "
          f"{summary['recovered_percent']} % of {chars}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
