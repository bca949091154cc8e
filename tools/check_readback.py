#!/usr/bin/env python3
"""Nothing lost (issue 24 item 2): every input paragraph, bullet, table cell and chart value is
found in the written file, read back by independent readers, or is named by the QC report.

Decks (SlideSpec -> PPTX, with the `--layout` JSON of the same run): each input element is
looked for in the output shapes named by its `element_id` on the output slides made from its
input slide (continuation slides included, in order), as python-pptx reads them:
- `text` (each line of it) and every bullet: in the shapes' paragraphs;
- a table's title, every column name and every cell (numbers as written, `null` skipped): in
  the table's cells (pages of a split table together);
- a chart's series names, every category `x` and every value `y`: in the chart's own embedded
  workbook, opened with openpyxl (the cells the chart reads); a chart's `notes`, and the
  slide's `speaker_notes`: in the slide's notes page.
Documents (DocSpec -> DOCX): every heading, paragraph, list item, quote,
table cell and figure caption of the input, the title and subtitle and every reference's title
are in the document's paragraphs as python-docx reads them (body, table cells, headers and
footers; footnotes from their part's XML, which python-docx does not model).

Text is compared with whitespace removed (line breaks, wrapping and the writer's spacing are
not content). Something not found is acceptable only when QC says it left it out: a `table_ragged_rows`,
`placeholder_element` or `invalid_box` (a box with no extent: not drawn) issue, or a `top_n` fix (a top-N "Other" merged the categories),
naming its element or block; those are counted as "named by QC". (Text that overflows its box
is still in the file, so it must be found.) Anything else is a FAIL
line naming the slide/element (or block) and the missing text, and exit code 1.

Usage: check_readback.py INPUT.json OUTPUT.pptx QC.json LAYOUT.json
       check_readback.py INPUT.json OUTPUT.docx QC.json
Prints one summary line (what was looked for, how much was found, how much QC names).
"""
import io
import json
import math
import re
import sys
import xml.etree.ElementTree as ET

WS = re.compile(r"[\s\u00ad\u200b\u200c\u200d\u2060\ufeff]+")


def norm(s):
    return WS.sub("", s or "")


def num_text(x):
    """A JSON number as the engine writes it (integers without a fraction)."""
    if isinstance(x, bool):
        return str(x).lower()
    if isinstance(x, int):
        return str(x)
    if isinstance(x, float) and x.is_integer() and abs(x) < 1e15:
        return str(int(x))
    return repr(x)


def cell_text(v):
    if v is None:
        return None
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return num_text(v)
    if isinstance(v, dict):  # a rich cell {text: ...}
        return v.get("text")
    return str(v)


class Tally:
    def __init__(self):
        self.looked = {}
        self.found = 0
        self.named = 0
        self.fails = []
        self.named_list = []
        self.tables_matched = None

    def check(self, kind, ok, named, where, what):
        self.looked[kind] = self.looked.get(kind, 0) + 1
        if ok:
            self.found += 1
        elif named:
            self.named += 1
            self.named_list.append(f"{where}: {kind} {what!r}")
        else:
            self.fails.append(f"{where}: {kind} not in the output and not named by QC: {what!r}")


DROPPING = {"table_ragged_rows", "placeholder_element", "invalid_box"}


def qc_names(qc):
    """(slide or source slide id, element id) and block ids QC names in issues or fixes."""
    named = set()
    # Only what says it left something out or changed it counts: a ragged row cut to the
    # columns, an element drawn as a placeholder, and the top-N + "Other" fix that merges
    # categories. Text overflowing its box is still in the file, so it must be found.
    dropping = [i for i in qc.get("issues", []) if i.get("type") in DROPPING]
    merging = [f for f in qc.get("fixes", []) if f.get("action") == "top_n"]
    for i in dropping + merging:
        el = i.get("element_id")
        for s in (i.get("slide_id"), i.get("source_slide_id")):
            if el:
                named.add((s, el))
        if i.get("block_id"):
            named.add(("block", i["block_id"]))
    return named


# ---------------------------------------------------------------- decks


def shape_texts(shape):
    out = []
    if shape.has_text_frame:
        out.extend(p.text for p in shape.text_frame.paragraphs)
    if getattr(shape, "has_table", False) and shape.has_table:
        for row in shape.table.rows:
            for c in row.cells:
                out.append(c.text)
    return out


def chart_cells(shape):
    import openpyxl

    blob = shape.chart.part.chart_workbook.xlsx_part.blob
    ws = openpyxl.load_workbook(io.BytesIO(blob))["Sheet1"]
    texts, numbers = [], []
    for row in ws.iter_rows(values_only=True):
        for v in row:
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                numbers.append(float(v))
                texts.append(num_text(v))
            elif v is not None:
                texts.append(str(v))
    return texts, numbers


def same_number(a, b):
    return a == b or math.isclose(a, b, rel_tol=1e-12, abs_tol=0.0)


def check_deck(spec, pptx_path, qc, layout):
    from pptx import Presentation

    prs = Presentation(pptx_path)
    named = qc_names(qc)
    t = Tally()
    assert len(prs.slides) == len(layout["slides"]), "slide count differs from the layout"
    # input slide id -> [(output slide, layout slide)]
    by_source = {}
    for s, ls in zip(prs.slides, layout["slides"]):
        by_source.setdefault(ls["source_id"], []).append((s, ls))
    for si, slide in enumerate(spec["deck"]["slides"]):
        sid = slide["slide_id"]
        outs = by_source.get(sid, [])
        out_ids = {ls["id"] for _, ls in outs} | {sid}
        notes = "".join(
            norm(s.notes_slide.notes_text_frame.text)
            for s, _ in outs
            if s.has_notes_slide and s.notes_slide.notes_text_frame is not None
        )
        if slide.get("speaker_notes"):
            t.check("speaker notes", norm(slide["speaker_notes"]) in notes, False, sid, slide["speaker_notes"][:60])
        for e in slide.get("elements", []):
            eid = e["element_id"]
            where = f"{sid}/{eid}"
            is_named = any((o, eid) in named for o in out_ids)
            shapes = [sh for s, _ in outs for sh in s.shapes if sh.name == eid]
            text = "".join(norm(x) for sh in shapes for x in shape_texts(sh))
            c = e.get("content") or {}
            kind = e["kind"]
            if kind == "text":
                for line in (c.get("text") or "").split("\n"):
                    if norm(line):
                        t.check("paragraph", norm(line) in text, is_named, where, line[:60])
            elif kind == "bullets":
                for item in c.get("items", []):
                    if norm(item):
                        t.check("bullet", norm(item) in text, is_named, where, item[:60])
            elif kind == "shape":
                if norm(c.get("text")):
                    t.check("paragraph", norm(c["text"]) in text, is_named, where, c["text"][:60])
            elif kind == "table":
                cells = {norm(x) for sh in shapes for x in shape_texts(sh)}
                if c.get("title"):
                    t.check("table title", norm(c["title"]) in text, is_named, where, c["title"])
                for col in c.get("columns", []):
                    t.check("table cell", norm(col) in cells, is_named, where, col)
                for r, row in enumerate(c.get("rows", [])):
                    for v in row:
                        s = cell_text(v)
                        if s is None or not norm(s):
                            continue
                        t.check("table cell", norm(s) in cells, is_named, f"{where} row {r}", s)
            elif kind == "chart":
                charts = [sh for sh in shapes if getattr(sh, "has_chart", False) and sh.has_chart]
                texts, numbers = [], []
                for sh in charts:
                    tx, nu = chart_cells(sh)
                    texts += tx
                    numbers += nu
                texts = {norm(x) for x in texts}
                for s in c.get("series", []):
                    t.check("chart series", norm(s.get("name")) in texts, is_named, where, s.get("name"))
                    for p in s.get("data", []):
                        x = p.get("x")
                        xs = num_text(x) if isinstance(x, (int, float)) else str(x)
                        t.check("chart category", norm(xs) in texts, is_named, where, xs)
                        y = p.get("y")
                        if isinstance(y, (int, float)):
                            ok = any(same_number(float(y), n) for n in numbers)
                            t.check("chart value", ok, is_named, where, y)
                if c.get("notes"):
                    t.check("chart notes", norm(c["notes"]) in notes, is_named, where, c["notes"][:60])
    return t


# ---------------------------------------------------------------- documents

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


def docx_tables(path):
    """Each top-level table's cell texts (whitespace removed), in body order."""
    import docx

    return [
        {norm(c.text) for row in t.rows for c in row.cells} for t in docx.Document(path).tables
    ]


def docx_texts(path):
    """Every paragraph's text as python-docx reads it: the body, every table cell, the headers
    and footers; and the footnotes part's paragraphs (python-docx has no footnote API: its
    package's part, parsed)."""
    import docx

    d = docx.Document(path)
    out = [p.text for p in d.paragraphs]

    def table(t):
        for row in t.rows:
            for c in row.cells:
                out.extend(p.text for p in c.paragraphs)
                for inner in c.tables:
                    table(inner)

    for t in d.tables:
        table(t)
    for sec in d.sections:
        for hf in (sec.header, sec.footer, sec.first_page_header, sec.first_page_footer):
            if not hf.is_linked_to_previous:
                out.extend(p.text for p in hf.paragraphs)
    for part in d.part.package.iter_parts():
        if str(part.partname).startswith("/word/footnotes"):
            root = ET.fromstring(part.blob)
            for p in root.iter(W + "p"):
                out.append("".join(x.text or "" for x in p.iter(W + "t")))
    return out


def block_strings(b):
    """(kind, text) of everything a DocSpec block gives that must be in the output."""
    k = b.get("type") or b.get("kind")
    c = b.get("content", b)
    out = []

    def add(kind, s):
        if isinstance(s, str) and norm(s):
            out.append((kind, s))

    if k in ("heading", "paragraph", "quote"):
        for line in (c.get("text") or "").split("\n"):
            add(k, line)
        add(k, c.get("attribution"))
    elif k == "list":
        def items(xs):
            for it in xs or []:
                if isinstance(it, str):
                    add("list item", it)
                elif isinstance(it, dict):
                    add("list item", it.get("text"))
                    items(it.get("items") or it.get("children"))
        items(c.get("items"))
    elif k == "table":
        add("table title", c.get("title"))
        for col in c.get("columns", []):
            add("table cell", col)
        for row in c.get("rows", []):
            for v in row:
                add("table cell", cell_text(v))
    elif k == "figure":
        add("figure caption", c.get("caption"))
    return out


def check_doc(spec, docx_path, qc):
    named = qc_names(qc)
    paras = docx_texts(docx_path)
    whole = "".join(norm(p) for p in paras)
    t = Tally()
    doc = spec.get("doc", {})
    for kind, s in (("title", doc.get("title")), ("subtitle", doc.get("subtitle"))):
        if isinstance(s, str) and norm(s):
            t.check(kind, norm(s) in whole, False, "doc", s[:60])
    for r in spec.get("references", []):
        if isinstance(r.get("title"), str) and norm(r["title"]):
            t.check("reference", norm(r["title"]) in whole, False, "references/" + str(r.get("id")), r["title"][:60])
    # A table block's cells are looked for in its own table (the n-th table of the body is
    # the n-th table block) when the counts agree.
    tables = docx_tables(docx_path)
    table_blocks = [b for b in doc.get("blocks", []) if b.get("type") == "table"]
    own = dict(zip((id(b) for b in table_blocks), tables)) if len(tables) == len(table_blocks) else {}
    t.tables_matched = len(own)
    for i, b in enumerate(doc.get("blocks", [])):
        bid = b.get("block_id") or f"#{i}"
        is_named = ("block", bid) in named
        for kind, s in block_strings(b):
            if kind == "table cell" and id(b) in own:
                t.check(kind, norm(s) in own[id(b)], is_named, bid, s[:60])
                continue
            # Markup-free text: a paragraph's inline runs are written as runs of one paragraph.
            t.check(kind, norm(s) in whole, is_named, bid, s[:60])
    return t


def main():
    spec = json.load(open(sys.argv[1], encoding="utf-8"))
    out, qc = sys.argv[2], json.load(open(sys.argv[3], encoding="utf-8"))
    if out.endswith(".pptx"):
        t = check_deck(spec, out, qc, json.load(open(sys.argv[4], encoding="utf-8")))
    else:
        t = check_doc(spec, out, qc)
    if "-v" in sys.argv:
        for n in t.named_list:
            print("named by QC: " + n, file=sys.stderr)
    for f in t.fails[:20]:
        print("FAIL " + f, file=sys.stderr)
    if len(t.fails) > 20:
        print(f"FAIL ... and {len(t.fails) - 20} more", file=sys.stderr)
    looked = ", ".join(f"{k}: {n}" for k, n in sorted(t.looked.items()))
    own = "" if t.tables_matched is None else f"; {t.tables_matched} tables checked cell by cell"
    print(f"{sum(t.looked.values())} input values ({looked}): {t.found} found, {t.named} named by QC, {len(t.fails)} lost{own}")
    sys.exit(1 if t.fails else 0)


if __name__ == "__main__":
    main()
