"""DOCX conformance against LibreOffice Writer: does a document specrender writes stay inside
its page's text area when a real word processor lays it out, and are its headings real ones?

For every document of the suite (`specrender-deckgen --doc-suite`: a report in English,
Korean, Japanese, Simplified and Traditional Chinese, proposals and minutes, a mixed-language
report, a 300-row data report, the mixed 2,000-block document): render it with specrender
(`--layout` for the page geometry the engine chose), convert the DOCX to PDF with LibreOffice
Writer headless (private profile; a private fontconfig file gives it exactly the shipped fonts,
as for the PPTX check, and a family neither shipped nor metric-cloned the substitute specrender
measures it with: Carlito, or Noto Sans CJK for East Asian text; a family with a documented
stand-in, the stand-in its QC report names), read every glyph, rule and image on every page (pdfminer), and check:

  - text area: the page size and margins of the DOCX's own `w:sectPr` (python-docx), which
    must equal the `--layout` JSON's `document` geometry;
  - no glyph's ink (glyph bounds from the shipped font files) outside the text area (header
    and footer lines — page numbers — excepted when the document has headers or footers);
  - no table wider than the text area (its drawn borders) and no figure (its image) outside it
    or wider or taller than it — tables QC itself reports `table_overflow` are counted apart;
  - every heading block is a real heading: python-docx reads paragraph style "Heading N" with
    the block's text, in order, the title has style "Title", the styles carry outline levels,
    and Writer lists the same headings, at the same levels, in the PDF's outline (bookmarks);
  - every character of the input is drawn (multiset count of non-space characters);
  - pages predicted: the page of every heading block in the `--layout` JSON (`page`) against
    the page Writer put it on (its PDF bookmark's destination), over all headings of the
    suite in our own styles and over each `--template`'s documents (bar: >= 95% equal each),
    and the page count against `document.pages`.

Usage (conformance/run.sh --docx installs what this needs):
    python3 conformance/documents.py [--fast] [--out DIR] [--doc FILE.json ...] [--docx FILE.docx ...]

`--docx` checks a DOCX made elsewhere (text area from its sectPr; no layout, no input text).
Writes DIR/report.json and prints a summary per document; exits 1 when a bar is missed.
"""

import argparse
import collections
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape

import docx
from docx.shared import Emu
from lxml import etree
from pdfminer.converter import PDFPageAggregator
from pdfminer.layout import LTChar, LTCurve, LTImage
from pdfminer.pdfdocument import PDFDocument, PDFNoOutlines
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdfpage import PDFPage
from pdfminer.pdfparser import PDFParser
from pdfminer.pdftypes import resolve1

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
import conformance as slides  # noqa: E402  (Ink, fontconfig: the PPTX check's own)

ROOT = Path(__file__).resolve().parent.parent
EMU_PER_PT = 12700
W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
# Ink past the text area by more than this is "outside": PDF coordinates have 0.01 pt
# precision, and glyph outlines are read from the very font files Writer draws with.
TOL_PT = 0.25
# Table borders are lines with a width: half of a 1.5 pt border may stand past the edge.
RULE_TOL_PT = 1.0
# Word's convention (and python-docx's template's): a table's cell text lines up with the body
# text, so its left border stands one cell margin (0.075 in = 5.4 pt by default) left of the
# text area. Writer draws it there too. A border may start that far left (plus RULE_TOL_PT);
# the table's width must still be at most the text width.
TABLE_LEFT_SHIFT_PT = 5.4
BARS = {"heading_pages_equal_min": 0.95, "text_outside_max": 0, "tables_outside_max": 0, "figures_outside_max": 0,
        "headings_not_real_max": 0, "outline_mismatch_max": 0, "characters_drawn_min": 0.995}


# What specrender measures a family with when it has neither the family nor its metric clone
# (fonts::book: DEFAULT_LATIN, DEFAULT_EAST_ASIAN; reported as `font_fallback`). Writer is given
# the same substitute: without a rule, fontconfig with only the shipped fonts answers a missing
# family with whatever scores best (DejaVu Math TeX Gyre for LibreOffice's letter's Noto Sans),
# which no reader's machine would draw with. East Asian requests carry the run's language.
SUBSTITUTES = (("ko", "Noto Sans CJK KR"), ("ja", "Noto Sans CJK KR"), ("zh", "Noto Sans CJK KR"),
               (None, "Carlito"))


# LibreOffice's own symbol font (`conformance.OPENSYMBOL_DIR`). Writer draws a `Symbol` or
# `Wingdings` list label (python-docx's `List Bullet`: U+F0B7 in Symbol) with it; without it
# fontconfig offers DejaVu Math TeX Gyre, whose taller line made each bullet item's first line
# 15.6 pt against 14.5 pt (probe: 20 items on python-docx's template, Writer 7.4; with
# OpenSymbol 14.5 pt, as layout predicts).
OPENSYMBOL_DIR = slides.OPENSYMBOL_DIR


# Extra `render` options (`--embedded`: `--embed-fonts used`).
EMBED = []


def fontconfig(out, stand_ins=(), shipped=True):
    """The PPTX check's private fontconfig (the shipped fonts and DejaVu), LibreOffice's
    OpenSymbol ([`OPENSYMBOL_DIR`]), plus the substitutes specrender measures missing families
    with ([`SUBSTITUTES`]), and for a family measured with a documented stand-in (`stand_ins`:
    (family, face) from the documents' QC reports) that stand-in: without it Writer drew the
    Japanese template's MS Mincho with Noto Sans CJK by the language rule, whose space is 0.28
    em where MS Mincho's and its stand-in's are 0.5 em. Without `shipped` (`--embedded`):
    DejaVu and OpenSymbol only, so Writer draws with the faces the DOCX embeds or not at all."""
    conf = slides.fontconfig(out)
    if not shipped:
        conf.write_text("".join(line for line in conf.read_text().splitlines(keepends=True)
                                if str(ROOT / "fonts" / "data") not in line))
    if OPENSYMBOL_DIR.is_dir():
        conf.write_text(conf.read_text().replace("  <cachedir>", f"  <dir>{OPENSYMBOL_DIR}</dir>\n  <cachedir>", 1))
    rules = ""
    for family, face in stand_ins:
        rules += (f'  <alias binding="same"><family>{escape(family)}</family>'
                  f"<prefer><family>{escape(face)}</family></prefer></alias>\n")
    for lang, family in SUBSTITUTES:
        test = f'<test name="lang" compare="contains"><string>{lang}</string></test>' if lang else ""
        rules += (f'  <match target="pattern">{test}<edit name="family" mode="append_last">'
                  f"<string>{family}</string></edit></match>\n")
    conf.write_text(conf.read_text().replace("</fontconfig>", rules + "</fontconfig>"))
    return conf


# ---------------------------------------------------------------- reading the PDF

def pdf_pages(path):
    """Per page: its size and, in top-down points, the glyphs (text, advance box, baseline,
    size, font), the rules and rectangles (table borders, the footnote separator) and images."""
    rm = PDFResourceManager()
    dev = PDFPageAggregator(rm, laparams=None)
    it = PDFPageInterpreter(rm, dev)
    pages = []
    with open(path, "rb") as f:
        for page in PDFPage.get_pages(f):
            it.process_page(page)
            lt = dev.get_result()
            h = lt.height
            chars, rules, images = [], [], []

            def walk(o):
                if isinstance(o, LTImage):
                    images.append((o.x0, h - o.y1, o.x1, h - o.y0))
                elif isinstance(o, LTCurve):
                    rules.append((o.x0, h - o.y1, o.x1, h - o.y0, o.linewidth or 0.0))
                elif isinstance(o, LTChar):
                    t = o.get_text()
                    if t.strip():
                        # The advance as placed (origin to origin + advance): for a slanted
                        # glyph (a synthetic italic's sheared matrix) x0/x1 bound the sheared
                        # box instead.
                        ox0 = o.matrix[4]
                        chars.append({"t": t, "x0": o.x0, "x1": o.x1, "ox0": ox0, "ox1": ox0 + o.adv * o.matrix[0],
                                      "base": h - o.matrix[5],
                                      "top": h - o.y1, "bottom": h - o.y0, "size": o.size,
                                      "font": o.fontname})
                elif hasattr(o, "__iter__"):
                    for c in o:
                        walk(c)

            walk(lt)
            pages.append({"w": lt.width, "h": h, "chars": chars, "rules": rules, "images": images})
    return pages


def pdf_outline(path):
    """(level, title) of the PDF's bookmarks, in order (Writer exports headings as them)."""
    with open(path, "rb") as f:
        doc = PDFDocument(PDFParser(f))
        try:
            return [(lvl, (title or "").strip()) for lvl, title, *_ in doc.get_outlines()]
        except PDFNoOutlines:
            return []


def pdf_heading_pages(path):
    """(level, title, page) of the PDF's bookmarks, in order: the page each heading landed on
    (the bookmark's destination page, 1-based)."""
    with open(path, "rb") as f:
        doc = PDFDocument(PDFParser(f))
        number = {p.pageid: i + 1 for i, p in enumerate(PDFPage.create_pages(doc))}
        out = []
        try:
            for lvl, title, dest, action, _ in doc.get_outlines():
                d = dest
                if d is None and action is not None:
                    d = resolve1(action).get("D")
                d = resolve1(d)
                if isinstance(d, (bytes, str)):
                    d = resolve1(doc.get_dest(d))
                if isinstance(d, dict):
                    d = resolve1(d.get("D"))
                page = None
                if isinstance(d, list) and d and hasattr(d[0], "objid"):
                    page = number.get(d[0].objid)
                out.append((lvl, " ".join((title or "").split()), page))
        except PDFNoOutlines:
            pass
        return out


def check_heading_pages(layout, spec, bookmarks, title, stop_at=None):
    """Predicted page of each heading block (`--layout`) against Writer's (the k-th bookmark,
    the title's own entry left out), up to block `stop_at` (a table Writer did not draw whole:
    [`tables_undrawn`]; the headings after it are counted as not compared). Returns (equal,
    compared, first mismatches, headings not compared)."""
    if layout is None or spec is None:
        return 0, 0, [], 0
    heads = [b for b in layout.get("blocks", []) if b.get("kind") == "heading"]
    if stop_at is not None:
        order = {b["block_id"]: i for i, b in enumerate(layout.get("blocks", []))}
        cut = order.get(stop_at, len(order))
        kept = [b for b in heads if order[b["block_id"]] < cut]
    else:
        kept = heads
    texts = {b["block_id"]: " ".join(b["content"]["text"].split()) for b in spec["doc"]["blocks"]
             if b["type"] == "heading"}
    marks = [m for m in bookmarks if not (title and m[1] == " ".join(title.split()) and m[0] == 1)]
    equal, compared, wrong = 0, 0, []
    for b, m in zip(kept, marks):
        if texts.get(b["block_id"]) != m[1] or "page" not in b:
            continue  # the outline check reports headings that do not match
        compared += 1
        if b["page"] == m[2]:
            equal += 1
        elif len(wrong) < 5:
            wrong.append({"block_id": b["block_id"], "predicted": b["page"], "writer": m[2]})
    return equal, compared, wrong, len(heads) - len(kept)


def cell_texts(v):
    """What a table cell may be drawn as, white space left out: a string as written, an integer
    with or without digit grouping; None for a cell the check cannot recognise (empty, short:
    two characters or fewer occur anywhere, or a float, whose digits the writer formats)."""
    if isinstance(v, bool) or v is None:
        return None
    if isinstance(v, int):
        out = {str(v), f"{v:,}"}
    elif isinstance(v, str):
        out = {"".join(v.split())}
    else:
        return None
    out = {t for t in out if len(t) >= 3}
    return out or None


def tables_undrawn(layout, spec, pages):
    """Tables whose body rows Writer did not draw (Writer 7.4.7 loses the rows after the first
    when a table splits above a footnote: conformance/writer-bugs/table-rows-lost-footnote.docx).
    A body row is undrawn when none of its recognisable cells ([`cell_texts`]) is anywhere in
    the text Writer drew on the pages the layout puts the table on, two pages either side (the
    headings are compared up to the first such table, so Writer is at most a page or two off
    there). Characters drawn misses it: the lost cells' characters occur elsewhere. A lost row
    whose cells all occur in a neighbouring table (the suite repeats identifiers) is not seen, so
    `rows` are the rows surely not drawn. Returns [{block_id, rows (1-based body rows), of,
    layout_pages}] in document order."""
    if layout is None or spec is None:
        return []
    text = ["".join("".join(c["t"].split()) for c in p["chars"]) for p in pages]
    tables = {b["block_id"]: b for b in spec["doc"]["blocks"] if b["type"] == "table"}
    out = []
    for b in layout.get("blocks", []):
        t = tables.get(b.get("block_id"))
        if t is None or "page" not in b:
            continue
        span = b.get("pages") or [b["page"]]
        window = "".join(text[max(0, min(span) - 3):max(span) + 2])
        lost = []
        for i, row in enumerate(t["content"]["rows"], 1):
            cells = [c for c in map(cell_texts, row) if c]
            if cells and not any(x in window for c in cells for x in c):
                lost.append(i)
        if lost:
            out.append({"block_id": b["block_id"], "rows": lost, "of": len(t["content"]["rows"]),
                        "layout_pages": span})
    return out


def ink_box(c, ink):
    """A glyph's ink in top-down points (its advance box when the font is not ours)."""
    b = ink.bounds(c["font"], c["t"])
    if b is None:
        return (c["x0"], c["top"], c["x1"], c["bottom"])
    s = c["size"]
    return (c["x0"] + b[0] * s, c["base"] - b[3] * s, c["x0"] + b[2] * s, c["base"] - b[1] * s)


# ---------------------------------------------------------------- reading the DOCX

def docx_geometry(path):
    """Page size and margins of every section (points), from the document's `w:sectPr`."""
    d = docx.Document(str(path))
    out = []
    for s in d.sections:
        pt = lambda v: Emu(v or 0).pt  # noqa: E731
        out.append({"page": [pt(s.page_width), pt(s.page_height)],
                    "margins": [pt(s.top_margin), pt(s.right_margin), pt(s.bottom_margin), pt(s.left_margin)],
                    "column": column_width(s),
                    "has_header_footer": any(p.text.strip() for hf in (s.header, s.footer) if not hf.is_linked_to_previous
                                             for p in hf.paragraphs)})
    return d, out


def column_width(section):
    """The width a block gets in `section` (points): one column's (`w:cols w:num`, `w:space`),
    the narrowest where the columns have their own widths (`w:equalWidth="0"`, `w:col`);
    None for one column."""
    cols = section._sectPr.find(f"{W}cols")
    if cols is None:
        return None
    twips = lambda v: int(float(v)) if v is not None else None  # noqa: E731
    own = [twips(c.get(f"{W}w")) for c in cols.findall(f"{W}col")]
    if cols.get(f"{W}equalWidth") in ("0", "false", "off") and len(own) > 1:
        return min(w for w in own if w) / 20
    n = twips(cols.get(f"{W}num")) or 1
    if n < 2:
        return None
    area = Emu(section.page_width - section.left_margin - section.right_margin - (section.gutter or 0)).pt * 20
    space = twips(cols.get(f"{W}space"))
    return int((area - (n - 1) * (720 if space is None else space)) // n) / 20


def header_footer_text(path):
    """Every character of the header and footer parts (page-number fields draw digits)."""
    chars = set("0123456789")
    with zipfile.ZipFile(path) as z:
        for n in z.namelist():
            if n.startswith("word/header") or n.startswith("word/footer"):
                root = etree.fromstring(z.read(n))
                chars |= set("".join(root.itertext()))
    return chars


def header_footer_texts(path):
    """Each header and footer part's text, white space left out."""
    out = []
    with zipfile.ZipFile(path) as z:
        for n in z.namelist():
            if n.startswith("word/header") or n.startswith("word/footer"):
                root = etree.fromstring(z.read(n))
                out.append("".join("".join(root.itertext()).split()))
    return out


def outline_levels(path):
    """Paragraph style id -> outline level (0-based) from styles.xml, through `basedOn` (on a
    customer's template a heading style may be `Titre1`, `1` or `見出し 1`: its outline level,
    not its name, makes it a heading); and the ids of styles named "Title"."""
    with zipfile.ZipFile(path) as z:
        root = etree.fromstring(z.read("word/styles.xml"))
    own, base, titles = {}, {}, set()
    for st in root.iter(f"{W}style"):
        sid = st.get(f"{W}styleId")
        lvl = st.find(f"{W}pPr/{W}outlineLvl")
        if lvl is not None:
            own[sid] = int(lvl.get(f"{W}val"))
        b = st.find(f"{W}basedOn")
        if b is not None:
            base[sid] = b.get(f"{W}val")
        name = st.find(f"{W}name")
        if name is not None and name.get(f"{W}val").lower() == "title":
            titles.add(sid)
    out = {}
    for sid in set(own) | set(base):
        at, seen = sid, set()
        while at is not None and at not in seen:
            if at in own:
                out[sid] = own[at]
                break
            seen.add(at)
            at = base.get(at)
    return {k: v for k, v in out.items() if v < 9}, titles


def check_headings(d, path, spec, outline):
    """Heading blocks against python-docx's paragraph styles and Writer's PDF outline."""
    want = [(b["content"]["level"], b["content"]["text"]) for b in spec["doc"]["blocks"]
            if b["type"] == "heading"] if spec else None
    levels, title_ids = outline_levels(path)
    got = [(levels[p.style.style_id] + 1, p.text) for p in d.paragraphs
           if p.style is not None and p.style.style_id in levels]
    titles = [p.text for p in d.paragraphs if p.style is not None and p.style.style_id in title_ids]
    problems = []
    if want is not None:
        if got != want:
            first = next((i for i, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
            problems.append(f"headings read back {len(got)}, input {len(want)}; first difference at #{first}: "
                            f"{got[first:first + 1]} vs {want[first:first + 1]}")
        if titles != [spec["doc"]["title"]]:
            problems.append(f"Title paragraphs {titles!r}, input title {spec['doc']['title']!r}")
    # Writer's outline: the headings (Title may come first as a level-1 entry in some builds).
    wanted = want if want is not None else got
    bookmarks = [(lvl, t) for lvl, t in outline if not (titles and t == titles[0] and lvl == 1)]
    outline_ok = [(lvl, " ".join(t.split())) for lvl, t in bookmarks] == [(lvl, " ".join(t.split())) for lvl, t in wanted]
    if not outline_ok:
        first = next((i for i, (a, b) in enumerate(zip(bookmarks, wanted)) if a[0] != b[0] or a[1].split() != b[1].split()),
                     min(len(bookmarks), len(wanted)))
        problems.append(f"PDF outline {len(bookmarks)} entries, headings {len(wanted)}; first difference at #{first}: "
                        f"{bookmarks[first:first + 1]} vs {wanted[first:first + 1]}")
    return {"headings": len(got), "headings_wanted": None if want is None else len(want),
            "headings_real": want is None or got == want, "title_real": want is None or titles == [spec["doc"]["title"]],
            "outline_entries": len(bookmarks), "outline_ok": outline_ok, "problems": problems}


# ---------------------------------------------------------------- the checks

def input_characters(spec, skip=()):
    """Every non-space character the input asks to be drawn (titles, blocks, references' titles
    are not counted: the writer decides how a footnote names its source); blocks in `skip`
    (tables QC reports as overflowing) are left out."""
    parts = [spec["doc"]["title"], spec["doc"].get("subtitle", "")]
    for b in spec["doc"]["blocks"]:
        if b.get("block_id") in skip:
            continue
        c = b.get("content") or {}
        t = b["type"]
        if t in ("heading", "paragraph"):
            parts.append(c["text"])
        elif t == "list":
            parts += c["items"]
        elif t == "table":
            parts += [c.get("title", "")] + c["columns"]
            parts += ["" if v is None else (v if isinstance(v, str) else "") for r in c["rows"] for v in r]
        elif t == "figure":
            parts.append(c.get("caption", ""))
        elif t == "quote":
            parts += [c.get("text", ""), c.get("attribution", "")]
    return collections.Counter(ch for p in parts for ch in p if not ch.isspace())


def drawn_characters(pages):
    out = collections.Counter()
    for p in pages:
        for c in p["chars"]:
            if not c["t"].startswith("(cid:"):
                out.update(ch for ch in c["t"] if not ch.isspace())
    return out


def area_of(geom):
    (pw, ph), (top, right, bottom, left) = geom["page"], geom["margins"]
    return (left, top, pw - right, ph - bottom)


def outside(box, area, tol):
    """How far (pt) a box stands past the area, the worst side."""
    x0, y0, x1, y1 = box
    ax0, ay0, ax1, ay1 = area
    return max(ax0 - x0, ay0 - y0, x1 - ax1, y1 - ay1, 0.0) if box else 0.0


def check_pages(pages, area, hf_chars, has_hf, ink, hf_texts=()):
    """Glyphs, rules and images against the text area, page by page (`hf_texts`: each header
    and footer part's text without white space)."""
    text_out, rules_out, images_out = [], [], []
    ax0, ay0, ax1, ay1 = area
    for pno, p in enumerate(pages, 1):
        lines = collections.defaultdict(list)
        for c in p["chars"]:
            lines[round(c["base"], 1)].append(c)
        for base, cs in lines.items():
            in_margin_band = base < ay0 or min(c["top"] for c in cs) > ay1
            if has_hf and in_margin_band and all(set(c["t"]) <= hf_chars for c in cs):
                continue  # a header or footer line (page number)
            # A header paragraph that wraps runs on below the top margin (Writer starts the
            # body below it): a line of eight characters or more that is a piece of a header
            # or footer part's text.
            text = "".join(c["t"] for c in cs if not c["t"].isspace())
            if has_hf and len(text) >= 8 and any(text in t for t in hf_texts):
                continue
            for c in cs:
                box = ink_box(c, ink)
                d = outside(box, area, 0)
                # Ink past the side of the area that only a glyph's own side bearing puts there
                # (Caladea's "w" starts 0.36 pt left of its origin at 12 pt) is the font's
                # design, and only its slant the style's (a synthetic italic leans the top of a
                # right-to-left line's first glyph past the start margin: Noto Sans Arabic
                # sheared 0.268 in a template's italic Quote, ink 0.4 pt past, its sheared box
                # 2.9 pt): the advance Writer placed is inside.
                if d > TOL_PT and outside((c["ox0"], box[1], c["ox1"], box[3]), area, 0) <= TOL_PT:
                    continue
                if d > TOL_PT:
                    text_out.append({"page": pno, "text": "".join(x["t"] for x in cs)[:60], "char": c["t"],
                                     "outside_pt": round(d, 2)})
                    break
        for r in p["rules"]:
            x0, y0, x1, y1 = r[:4]
            d = max(outside((x0 + TABLE_LEFT_SHIFT_PT, y0, x1, y1), area, 0),
                    (x1 - x0) - (ax1 - ax0))
            if d > RULE_TOL_PT:
                rules_out.append({"page": pno, "rule_pt": [round(v, 1) for v in r[:4]], "outside_pt": round(d, 2)})
        for im in p["images"]:
            if has_hf and (im[3] <= ay0 + TOL_PT or im[1] >= ay1 - TOL_PT):
                continue  # a header or footer picture (a template's logo), in the margin band
            d = outside(im, area, 0)
            too_big = (im[2] - im[0]) > (ax1 - ax0) + TOL_PT or (im[3] - im[1]) > (ay1 - ay0) + TOL_PT
            if d > TOL_PT or too_big:
                images_out.append({"page": pno, "image_pt": [round(v, 1) for v in im], "outside_pt": round(d, 2)})
    return text_out, rules_out, images_out


def check_layout_geometry(layout, geom):
    """The `--layout` JSON's page geometry equals the DOCX's sectPr (to a twip)."""
    if layout is None:
        return []
    d = layout["document"]
    page = [v / EMU_PER_PT for v in d["page_size_emu"]]
    margins = [v / EMU_PER_PT for v in d["margins_emu"]]
    if any(abs(a - b) > 0.05 for a, b in zip(page + margins, geom["page"] + geom["margins"])):
        return [f"--layout page {page} margins {margins} but sectPr page {geom['page']} margins {geom['margins']}"]
    width = d.get("text_width_emu")
    tw = geom.get("column") or geom["page"][0] - geom["margins"][1] - geom["margins"][3]
    if width is not None and abs(width / EMU_PER_PT - tw) > 0.05:
        return [f"--layout text width {width / EMU_PER_PT} pt, sectPr gives {tw} pt"]
    too_wide = [b["block_id"] for b in layout.get("blocks", [])
                if sum(b.get("column_widths_emu") or [0]) > (width or 1e18) + 635]
    return [f"--layout column widths wider than the text width: {too_wide[:5]}"] if too_wide else []


def table_overflow_blocks(qc):
    return {i.get("block_id") for i in (qc or {}).get("issues", []) if i.get("type") == "table_overflow"}


def analyse(name, docx_path, pdf_path, spec, layout, qc, ink):
    d, geoms = docx_geometry(docx_path)
    problems = []
    if len(geoms) != 1:
        problems.append(f"{len(geoms)} sections; the check expects one")
    geom = geoms[0]
    problems += check_layout_geometry(layout, geom)
    pages = pdf_pages(pdf_path)
    area = area_of(geom)
    text_out, rules_out, images_out = check_pages(pages, area, header_footer_text(docx_path),
                                                  geom["has_header_footer"], ink,
                                                  header_footer_texts(docx_path))
    heads = check_headings(d, docx_path, spec, pdf_outline(pdf_path))
    problems += heads["problems"]
    # Characters of tables QC reports as overflowing (`table_overflow`, high: the columns do
    # not fit even at 8 pt) are counted apart: Writer 7.4 was seen to drop the body rows of
    # such a table when its wrapped, unsplittable header row ended a page.
    overflowing = table_overflow_blocks(qc)
    want = input_characters(spec, overflowing) if spec else None
    drawn = drawn_characters(pages)
    coverage = None
    if want:
        found = sum(min(n, drawn[ch]) for ch, n in want.items())
        coverage = found / max(1, sum(want.values()))
        missing = sorted(((n - drawn[ch], ch) for ch, n in want.items() if drawn[ch] < n), reverse=True)[:8]
    undrawn = tables_undrawn(layout, spec, pages)
    hp_equal, hp_compared, hp_wrong, hp_after = check_heading_pages(
        layout, spec, pdf_heading_pages(pdf_path), spec["doc"]["title"] if spec else None,
        undrawn[0]["block_id"] if undrawn else None)
    return {
        "document": name, "language": spec["doc"].get("language") if spec else None,
        "blocks": len(spec["doc"]["blocks"]) if spec else None,
        "pages": len(pages), "predicted_pages": (layout or {}).get("document", {}).get("pages"),
        "page_pt": geom["page"], "margins_pt": geom["margins"], "text_area_pt": [round(v, 2) for v in area],
        "text_outside": text_out, "rules_outside": rules_out, "figures_outside": images_out,
        "qc_table_overflow_blocks": sorted(b for b in overflowing if b),
        "heading_pages": {"equal": hp_equal, "compared": hp_compared, "mismatches": hp_wrong,
                          "not_compared": hp_after,
                          "stopped_at": undrawn[0]["block_id"] if undrawn else None},
        # Tables whose body rows Writer did not draw (a Writer 7.4.7 bug: writer-bugs/).
        "tables_undrawn": undrawn,
        "headings": heads, "characters_drawn": None if coverage is None else round(coverage, 5),
        "characters_missing": [] if coverage is None else [f"{ch} x{n}" for n, ch in missing],
        "problems": problems,
    }


# ---------------------------------------------------------------- running

def run(cmd, **kw):
    return subprocess.run(cmd, check=False, capture_output=True, text=True, **kw)


def render(docs, out, binary, assets, failed, templates=()):
    """Every document ((name, path) or (name, path, assets folder, extra options)), on our own
    styles or (`templates`) on each customer template."""
    done = []
    jobs = [(t, name, path, rest) for t in (templates or [None]) for name, path, *rest in docs]
    for t, name, path, rest in jobs:
        folder, extra = (rest[0], list(rest[1])) if rest else (assets, [])
        if t is not None:
            name = f"{name}@{Path(t).name}"
            extra += ["--template", str(t)]
        base = out / "docs" / name
        r = run([str(binary), "render", str(path), "-o", f"{base}.docx", "--qc", f"{base}.qc.json",
                 "--layout", f"{base}.layout.json", "--assets", str(folder), *extra, *EMBED])
        if r.returncode > 1:
            print(f"FAIL {name}: specrender exit {r.returncode}: {r.stderr.strip()[:300]}", file=sys.stderr)
            failed.append(name)
            continue
        done.append((name, Path(f"{base}.docx"), path))
    return done


def stand_ins(docx_paths):
    """(family, face) of every `font_fallback` the documents' QC reports (beside each DOCX,
    `.qc.json`) name as measured with a documented stand-in, in first-seen order."""
    out = []
    for p in docx_paths:
        qc = Path(p).with_suffix(".qc.json")
        if not qc.exists():
            continue
        for i in json.loads(qc.read_text()).get("issues", []):
            d = i.get("details") or {}
            if i.get("type") == "font_fallback" and d.get("stand_in") and d.get("family") and d.get("measured_with"):
                pair = (d["family"], d["measured_with"])
                if pair not in out:
                    out.append(pair)
    return out


def convert(files, out, conf):
    env = dict(os.environ, FONTCONFIG_FILE=str(conf), SAL_USE_VCLPLUGIN="svp")
    profile = out / "lo-profile"
    for i in range(0, len(files), 20):
        r = run(["timeout", "1200", "soffice", f"-env:UserInstallation=file://{profile}", "--headless",
                 "--convert-to", "pdf:writer_pdf_Export", "--outdir", str(out / "docs"),
                 *[str(f) for f in files[i:i + 20]]], env=env)
        if r.returncode != 0:
            print(f"soffice exit {r.returncode}: {r.stderr.strip()[:500]}", file=sys.stderr)


def suite(out, fast, gen):
    sdir = out / "suite"
    args = [str(gen), "--doc-suite", str(sdir)] + (["--fast"] if fast else [])
    r = run(args)
    if r.returncode != 0:
        sys.exit(f"deckgen --doc-suite failed: {r.stderr.strip()[:300]}")
    return sorted((p.stem, p) for p in sdir.glob("*.json")), sdir


# Golden documents are in the run for the page prediction only: their other checks are
# reported, not held to the bars (some are made to fail QC: a skipped heading level, a
# missing figure, an overflowing table).
GOLDEN = set()


def golden_docs():
    """The golden documents (golden/docs/*/input.json), each with its folder as assets root and
    its options.json's citation style and template."""
    out = []
    for d in sorted((ROOT / "golden" / "docs").iterdir()):
        if not (d / "input.json").exists():
            continue
        opts = json.loads((d / "options.json").read_text()) if (d / "options.json").exists() else {}
        extra = ["--citations", opts["citations"]] if "citations" in opts else []
        if "template" in opts:
            extra += ["--template", str(ROOT / "tests" / "fixtures" / "doc-templates" / opts["template"])]
        out.append((f"golden-{d.name}", d / "input.json", d, extra))
    GOLDEN.update(name for name, *_ in out)
    return out


def templates_pages(all_results):
    """Per template (`--template`): headings on the predicted page, page counts equal."""
    out = {}
    for r in all_results:
        if "@" not in r["document"]:
            continue
        t = out.setdefault(r["document"].split("@", 1)[1], {"equal": 0, "compared": 0, "not_compared": 0,
                                                            "stopped_at": [], "page_count_equal": 0, "documents": 0})
        t["equal"] += r["heading_pages"]["equal"]
        t["compared"] += r["heading_pages"]["compared"]
        t["not_compared"] += r["heading_pages"]["not_compared"]
        if r["heading_pages"]["stopped_at"]:
            t["stopped_at"].append(f"{r['document'].split('@', 1)[0]} {r['heading_pages']['stopped_at']}")
        t["page_count_equal"] += r["pages"] == r["predicted_pages"]
        t["documents"] += 1
    return out


def summarize(all_results):
    results = [r for r in all_results if r["document"] not in GOLDEN]

    def n(key):
        return sum(len(r[key]) for r in results)
    within = [r for r in results if r["characters_drawn"] is not None]
    return {
        "documents": len(results),
        "pages": sum(r["pages"] for r in results),
        "text_outside": n("text_outside"),
        # Rules past the text area in documents where QC reported no table_overflow.
        "tables_outside": sum(len(r["rules_outside"]) for r in results if not r["qc_table_overflow_blocks"]),
        "tables_outside_qc_reported": sum(len(r["rules_outside"]) for r in results if r["qc_table_overflow_blocks"]),
        "figures_outside": n("figures_outside"),
        "headings": sum(r["headings"]["headings"] for r in results),
        "headings_not_real": sum(not (r["headings"]["headings_real"] and r["headings"]["title_real"]) for r in results),
        "outline_mismatch": sum(not r["headings"]["outline_ok"] for r in results),
        "characters_drawn_min": min((r["characters_drawn"] for r in within), default=None),
        # Headings on Writer's page: the bar holds for our own styles (together) and for each
        # template on its own (`--template`), where the page model reads the template's
        # paragraph formats, header and footer; a template's fonts that are not shipped are
        # measured by their metric clones or named metrics (docs/guide/document-templates.md, "Pages on a template").
        "heading_pages_equal": sum(r["heading_pages"]["equal"] for r in all_results if "@" not in r["document"]),
        "heading_pages_compared": sum(r["heading_pages"]["compared"] for r in all_results if "@" not in r["document"]),
        # Headings after a table whose rows Writer did not draw (`tables_undrawn`): not compared.
        "heading_pages_not_compared": sum(r["heading_pages"]["not_compared"] for r in all_results if "@" not in r["document"]),
        "heading_pages_stopped_at": [f"{r['document']} {r['heading_pages']['stopped_at']}" for r in all_results
                                     if "@" not in r["document"] and r["heading_pages"]["stopped_at"]],
        "page_count_equal": sum(r["pages"] == r["predicted_pages"] for r in all_results if "@" not in r["document"]),
        "templates": templates_pages(all_results),
        "documents_pages_only": len(all_results) - len(results),
        "problems": sum(len(r["problems"]) for r in results),
    }


def heading_pages_share(s):
    return s["heading_pages_equal"] / s["heading_pages_compared"] if s["heading_pages_compared"] else None


def passes(s, missing):
    share = heading_pages_share(s)
    templates_ok = all(not t["compared"] or t["equal"] / t["compared"] >= BARS["heading_pages_equal_min"]
                       for t in s["templates"].values())
    return ((share is None or share >= BARS["heading_pages_equal_min"]) and templates_ok and not missing and s["documents"] > 0 and s["text_outside"] <= BARS["text_outside_max"]
            and s["tables_outside"] <= BARS["tables_outside_max"]
            and s["figures_outside"] <= BARS["figures_outside_max"]
            and s["headings_not_real"] <= BARS["headings_not_real_max"]
            and s["outline_mismatch"] <= BARS["outline_mismatch_max"]
            and (s["characters_drawn_min"] is None or s["characters_drawn_min"] >= BARS["characters_drawn_min"])
            and s["problems"] == 0)


def compress(rows):
    """[2, 3, 4, 7] -> '2-4, 7'."""
    out, start = [], None
    for i, r in enumerate(rows):
        if start is None:
            start = r
        if i + 1 == len(rows) or rows[i + 1] != r + 1:
            out.append(str(start) if start == r else f"{start}-{r}")
            start = None
    return ", ".join(out)


def not_compared(n, stops):
    """The summary's note on headings left out after a table Writer did not draw whole."""
    if not stops:
        return ""
    return (f"; {n} not compared: after {', '.join(stops)} Writer lost table rows "
            "(Writer bug, writer-bugs/table-rows-lost-footnote.docx)")


def print_report(results, s, ok, out):
    print(f"DOCX conformance vs LibreOffice Writer: {s['documents']} documents, {s['pages']} pages, {s['headings']} headings"
          f" (and {s['documents_pages_only']} golden documents for the page prediction)")
    print(f"  {'document':22} {'lang':6} {'blocks':>6} {'pages':>5} {'text out':>8} {'tables out':>10} "
          f"{'figs out':>8} {'headings':>9} {'outline':>7} {'chars':>7} {'predicted':>9} {'head pages':>10}")
    for r in results:
        h = r["headings"]
        chars = "-" if r["characters_drawn"] is None else f"{100 * r['characters_drawn']:.2f}%"
        print(f"  {r['document']:22} {r['language'] or '-':6} {r['blocks'] or '-':>6} {r['pages']:>5} "
              f"{len(r['text_outside']):>8} {len(r['rules_outside']):>10} {len(r['figures_outside']):>8} "
              f"{('ok ' if h['headings_real'] and h['title_real'] else 'BAD ') + str(h['headings']):>9} "
              f"{'ok' if h['outline_ok'] else 'BAD':>7} "
              f"{chars:>7} {r['predicted_pages'] if r['predicted_pages'] is not None else '-':>9} "
              f"{str(r['heading_pages']['equal']) + '/' + str(r['heading_pages']['compared']):>10}")
        for u in r["tables_undrawn"][:3]:
            print(f"      table {u['block_id']} (layout pages {u['layout_pages']}): body rows {compress(u['rows'])} of "
                  f"{u['of']} not drawn, at least (Writer bug, writer-bugs/table-rows-lost-footnote.docx)")
        if r["heading_pages"]["stopped_at"]:
            print(f"      headings compared up to {r['heading_pages']['stopped_at']}; "
                  f"{r['heading_pages']['not_compared']} after it not compared")
        for w in r["heading_pages"]["mismatches"][:3]:
            print(f"      heading {w['block_id']}: predicted page {w['predicted']}, Writer page {w['writer']}")
        for p in r["problems"][:4]:
            print(f"      {'note (pages only)' if r['document'] in GOLDEN else 'PROBLEM'} {p}")
        for t in r["text_outside"][:3]:
            print(f"      text outside p{t['page']} by {t['outside_pt']} pt: {t['text']!r}")
        for t in r["rules_outside"][:2]:
            print(f"      table rule outside p{t['page']} by {t['outside_pt']} pt {t['rule_pt']}")
        for t in r["figures_outside"][:2]:
            print(f"      figure outside p{t['page']} by {t['outside_pt']} pt {t['image_pt']}")
        if r["characters_missing"] and (r["characters_drawn"] or 1) < 1:
            print(f"      characters not drawn: {', '.join(r['characters_missing'])}")
    print(f"  text outside the text area {s['text_outside']} (bar 0); tables wider / outside {s['tables_outside']} "
          f"(bar 0; in documents QC reports table_overflow: {s['tables_outside_qc_reported']}); "
          f"figures outside {s['figures_outside']} (bar 0)")
    print(f"  headings not real {s['headings_not_real']} documents, outline mismatches {s['outline_mismatch']} (bar 0); "
          f"characters drawn, worst document {s['characters_drawn_min']} (bar >= {BARS['characters_drawn_min']})")
    share = heading_pages_share(s)
    print(f"  pages predicted: heading on the page Writer puts it {s['heading_pages_equal']} of "
          f"{s['heading_pages_compared']} compared ({'-' if share is None else f'{100 * share:.1f}%'}; bar >= "
          f"{100 * BARS['heading_pages_equal_min']:.0f}%, our own styles){not_compared(s['heading_pages_not_compared'], s['heading_pages_stopped_at'])}; "
          f"page count equal in {s['page_count_equal']} of "
          f"{s['documents'] + s['documents_pages_only'] - sum(t['documents'] for t in s['templates'].values())} documents")
    for name, t in s["templates"].items():
        share = t["equal"] / t["compared"] if t["compared"] else None
        print(f"  on template {name}: heading on Writer's page {t['equal']} of {t['compared']} compared "
              f"({'-' if share is None else f'{100 * share:.1f}%'}; bar >= "
              f"{100 * BARS['heading_pages_equal_min']:.0f}%){not_compared(t['not_compared'], t['stopped_at'])}, page count equal in "
              f"{t['page_count_equal']} of {t['documents']}")
    print(f"  report: {out / 'report.json'}")
    print("PASS" if ok else "FAIL")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fast", action="store_true", help="the CI subset of the document suite")
    ap.add_argument("--out", default=str(ROOT / "target" / "conformance-docx"))
    ap.add_argument("--bin", default=str(ROOT / "target" / "release" / "specrender"))
    ap.add_argument("--gen", default=str(ROOT / "target" / "release" / "specrender-deckgen"))
    ap.add_argument("--doc", action="append", default=[], help="check only these DocSpec files")
    ap.add_argument("--assets", help="assets folder for --doc (default: the file's folder)")
    ap.add_argument("--docx", action="append", default=[], help="check a DOCX made elsewhere")
    ap.add_argument("--embedded", action="store_true",
                    help="render with --embed-fonts used and convert with none of the shipped fonts "
                         "installed (Writer draws with the embedded faces)")
    ap.add_argument("--template", action="append", default=[],
                    help="render every document on this .docx/.dotx template (repeatable)")
    args = ap.parse_args()
    if args.embedded:
        EMBED.extend(["--embed-fonts", "used"])
    out = Path(args.out).resolve()  # soffice needs an absolute profile URL
    shutil.rmtree(out, ignore_errors=True)
    (out / "docs").mkdir(parents=True)
    ink = slides.Ink()
    missing = []  # documents specrender could not render or Writer could not convert

    if args.docx:
        jobs = [(Path(p).stem, Path(p), None) for p in args.docx]
        for _, p, _ in jobs:
            shutil.copy(p, out / "docs" / p.name)
        jobs = [(n, out / "docs" / p.name, None) for n, p, _ in jobs]
    else:
        if args.doc:
            docs = [(Path(p).stem, Path(p)) for p in args.doc]
            assets = Path(args.assets) if args.assets else Path(args.doc[0]).parent
        else:
            docs, assets = suite(out, args.fast, args.gen)
            if not args.template:
                docs += golden_docs()
        jobs = render(docs, out, Path(args.bin), assets, missing, args.template)
    conf = fontconfig(out, stand_ins(p for _, p, _ in jobs), shipped=not args.embedded)
    convert([p for _, p, _ in jobs], out, conf)
    results = []
    for name, docx_path, src in jobs:
        pdf = docx_path.with_suffix(".pdf")
        if not pdf.exists():
            missing.append(name)
            print(f"  PROBLEM {name}: Writer made no PDF")
            continue
        base = docx_path.with_suffix("")
        load = lambda suffix: json.loads(Path(f"{base}{suffix}").read_text()) if Path(f"{base}{suffix}").exists() else None  # noqa: E731
        spec = json.loads(Path(src).read_text()) if src else None
        results.append(analyse(name, docx_path, pdf, spec, load(".layout.json"), load(".qc.json"), ink))
    s = summarize(results)
    ok = passes(s, missing)
    s["pass"] = ok
    s["missing_pdf"] = missing
    (out / "report.json").write_text(json.dumps({"summary": s, "bars": BARS, "documents": results},
                                                ensure_ascii=False, indent=1))
    print_report(results, s, ok, out)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
