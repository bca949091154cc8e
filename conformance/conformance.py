"""Fit conformance against LibreOffice: does a box specrender calls "fits" really fit when a real
renderer draws it, and does the renderer break the lines where we predicted?

For every deck of the corpus: render it with specrender (`--autofit none`, so the viewer draws
exactly our sizes), convert the PPTX to PDF with LibreOffice headless (private profile, fonts
limited to the ones specrender measures with by a private fontconfig file), read where every
character landed (pdfminer), map the characters back to the laid-out boxes and paragraphs
(sequence alignment of the page's glyph stream against the boxes' text, in drawing order), and
compare per paragraph the predicted and rendered line counts and per box the rendered ink extent
with the box.

Usage (see conformance/run.sh, which installs what this needs):
    python3 conformance/conformance.py [--fast] [--out DIR] [--deck FILE.json ...]

Writes DIR/report.json (every box and paragraph) and DIR/png/*.png (the pages with failures,
boxes drawn), prints a one-screen summary, and exits 1 when a bar is missed:
  - zero boxes that QC calls fitting have rendered text outside the box;
  - predicted line count equals LibreOffice's for at least 98% of paragraphs;
  - at most 2% of text boxes reported as overflowing while LibreOffice shows them fitting.
"""

import argparse
import difflib
import json
import logging
import os
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path

from fontTools.pens.boundsPen import BoundsPen
from fontTools.ttLib import TTCollection, TTFont
from pdfminer.converter import PDFPageAggregator
from pdfminer.layout import LTChar, LTCurve, LTImage
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdfpage import PDFPage

# Noto Color Emoji's head.created is 0; fontTools warns about it on every load.
logging.getLogger("fontTools").setLevel(logging.ERROR)
sys.path.insert(0, str(Path(__file__).resolve().parent))
import corpus  # noqa: E402
import tables  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
EMU_PER_PT = 12700
# Tolerance for "outside the box": PDF coordinates are written with 0.01 pt precision.
TOL_PT = 0.05
# Tolerance for "the lines fit the inner area": LibreOffice positions lines on its 600 dpi grid.
LO_TOL_PT = 0.25
BARS = {"line_agreement_min": 0.98, "fits_but_outside_max": 0, "false_overflow_max": 0.02}


# ---------------------------------------------------------------- fonts (ink extents)

# LibreOffice's own symbol font (Debian fonts-opensymbol, a dependency of libreoffice-core: every
# installation has it); the document check shows it to Writer (documents.py).
OPENSYMBOL_DIR = Path("/usr/share/fonts/truetype/libreoffice")


class Ink:
    """Ink bounds of glyphs, from the very font files specrender measures with (fonts/data).
    The PDF's font descriptor ascent/descent (pdfminer's char boxes) is the font's line box,
    up to 1.45 em for Noto Sans CJK — larger than a 1.3 line pitch — so "did text land outside
    the box" is judged on the glyphs' own bounds instead."""

    def __init__(self):
        data = ROOT / "fonts" / "data"
        self.files = {
            "Carlito-Regular": (data / "Carlito-Regular.ttf", None),
            "Carlito-Bold": (data / "Carlito-Bold.ttf", None),
            "NotoSansCJK-Regular": (data / "NotoSansCJK-Regular.ttc", 0),
            "NotoSansCJK-Bold": (data / "NotoSansCJK-Bold.ttc", 0),
        }
        # The metric clones (Arial, Times New Roman, Courier New, Cambria).
        for fam in self.CLONES:
            for w in ("Regular", "Bold"):
                self.files[f"{fam}-{w}"] = (data / "metric" / f"{fam}-{w}.ttf", None)
        self.fonts = {}
        self.cache = {}

    CLONES = ("LiberationSans", "LiberationSerif", "LiberationMono", "Caladea")

    # Faces LibreOffice falls back to that specrender does not ship (DejaVu, from Debian's
    # fonts-dejavu, which the private fontconfig file gives LibreOffice): a PDF font named after
    # one of these files is judged by that file's glyphs, not by its advance box (the font
    # descriptor's ascent, which stands above the line's top for DejaVu Sans).
    FALLBACK_DIRS = (Path("/usr/share/fonts/truetype/dejavu"),)

    def key(self, pdf_font):
        name = pdf_font.split("+", 1)[-1]
        bold = "Bold" in name
        for fam in ("Carlito", "NotoSansCJK") + self.CLONES:
            if name.startswith(fam):
                return f"{fam}-Bold" if bold else f"{fam}-Regular"
        if name in self.files:
            return name
        for d in self.FALLBACK_DIRS:
            p = d / f"{name}.ttf"
            if name.startswith("DejaVu") and p.is_file():
                self.files[name] = (p, None)
                return name
        if name == "OpenSymbol" and self.OPENSYMBOL.is_file():
            self.files[name] = (self.OPENSYMBOL, None)
            return name
        return None

    # LibreOffice's own symbol font (Debian fonts-opensymbol; the document check's fontconfig
    # shows it to Writer), which draws a `Symbol` list label. Writer recodes the label's Symbol
    # code point to OpenSymbol's glyph but keeps the code point in the PDF's text: U+F0B7
    # (Symbol's bullet, python-docx's `List Bullet`) is OpenSymbol's U+2022. Without this a
    # bullet at the top of a page was judged by OpenSymbol's ascent, 1.1 pt above the margin.
    OPENSYMBOL = OPENSYMBOL_DIR / "opens___.ttf"
    SYMBOL_RECODE = {"OpenSymbol": {0xF0B7: 0x2022}}

    def font(self, key):
        if key not in self.fonts:
            path, index = self.files[key]
            if index is None:
                f = TTFont(path, lazy=True)
            else:
                f = TTCollection(path, lazy=True).fonts[index]
            self.fonts[key] = (f, f.getGlyphSet(), f.getBestCmap(), f["head"].unitsPerEm)
        return self.fonts[key]

    def bounds(self, pdf_font, text):
        """(xMin, yMin, xMax, yMax) in em of the glyphs for `text` from their origin, or None
        when the font is not ours."""
        key = self.key(pdf_font)
        if key is None:
            return None
        ck = (key, text)
        if ck not in self.cache:
            f, gs, cmap, upm = self.font(key)
            recode = self.SYMBOL_RECODE.get(key, {})
            box = None
            for ch in text:
                g = cmap.get(recode.get(ord(ch), ord(ch)))
                if g is None:
                    continue
                pen = BoundsPen(gs)
                gs[g].draw(pen)
                if pen.bounds is None:
                    continue
                b = [v / upm for v in pen.bounds]
                box = b if box is None else [min(box[0], b[0]), min(box[1], b[1]),
                                             max(box[2], b[2]), max(box[3], b[3])]
            self.cache[ck] = box
        return self.cache[ck]


# ---------------------------------------------------------------- PDF

def pdf_pages(path):
    """Per page: (width, height, [chars in drawing order], [images], [flat paths]); a char is
    a dict with its text, advance box (x0, x1), baseline y (PDF space, y up), size and font
    name; an image is its placement [x, top, w, h] in slide points (y down), in drawing order; a
    flat path (a table's horizontal cell border) its x0, x1, middle y and height."""
    rm = PDFResourceManager()
    dev = PDFPageAggregator(rm, laparams=None)
    it = PDFPageInterpreter(rm, dev)
    pages = []
    with open(path, "rb") as f:
        for page in PDFPage.get_pages(f):
            it.process_page(page)
            lt = dev.get_result()
            chars, images, rules = [], [], []

            def walk(o):
                if isinstance(o, LTImage):
                    images.append([o.x0, lt.height - o.y1, o.x1 - o.x0, o.y1 - o.y0])
                elif isinstance(o, LTCurve):
                    if o.y1 - o.y0 < 1.5:
                        rules.append({"x0": o.x0, "x1": o.x1, "y": (o.y0 + o.y1) / 2, "h": o.y1 - o.y0})
                elif isinstance(o, LTChar):
                    t = o.get_text()
                    if t.strip():
                        chars.append({"t": t, "x0": o.x0, "x1": o.x1, "base": o.matrix[5],
                                      "y0": o.y0, "y1": o.y1, "size": o.size, "font": o.fontname})
                elif hasattr(o, "__iter__"):
                    for c in o:
                        walk(c)

            walk(lt)
            pages.append((lt.width, lt.height, chars, images, rules))
    return pages


# ---------------------------------------------------------------- comparison

def squash(s):
    return "".join(s.split())


def expected_stream(slide):
    """The characters LibreOffice should draw on a slide, in drawing order, each tagged with
    (box index, paragraph index or -1 for a bullet / label)."""
    seq = []
    for bi, b in enumerate(slide["boxes"]):
        if "paragraphs" not in b:
            continue
        for pi, p in enumerate(b["paragraphs"]):
            if p.get("bullet"):
                seq.append((p["bullet"], bi, -1))
            for ch in squash("".join(p["lines"])):
                seq.append((ch, bi, pi))
    return seq


def rendered_lines(chars, size_pt):
    """Group a paragraph's glyphs into lines by baseline (a new line is a baseline at least a
    quarter of the size lower)."""
    lines = []
    for c in chars:
        if lines and abs(c["base"] - lines[-1][0]) < 0.25 * size_pt:
            lines[-1][1].append(c)
        else:
            lines.append((c["base"], [c]))
    return lines


def picture_placement(b):
    """Where LibreOffice places a picture's whole image (PDF image placement, before the clip
    to the frame): the laid-out frame extended by the crop on each side, in slide points. The
    crop is written for the stored image; a quarter turn shows its top and bottom crop at the
    sides."""
    x, y, w, h = (v / EMU_PER_PT for v in b["rect_emu"])
    pic = b["picture"]
    l, t, r, bt = (v / 100000 for v in pic["src_rect"])
    if pic["rot"] in (5400000, 16200000):
        l, t, r, bt = t, l, bt, r
    fw, fh = w / max(1e-9, 1 - l - r), h / max(1e-9, 1 - t - bt)
    return [x - l * fw, y - t * fh, fw, fh]


def analyse_pictures(deck, si, slide, page):
    """Each picture's rendered image placement against the laid-out frame and crop (each picture
    matched with the nearest image the page draws). Tolerance: 0.5 pt plus 0.1% of the size (an
    image cropped to 1% of itself is placed 100 times larger than its frame); when less than 2%
    of the image is visible, 2% of the size: LibreOffice keeps crops at a coarser precision
    than `a:srcRect` (a 200:1 picture cropped to 0.9% is placed 0.8% off)."""
    images = list(page[3])
    out = []
    for b in slide["boxes"]:
        if "picture" not in b:
            continue
        want = picture_placement(b)
        # The nearest image drawn: a template's master may draw images of its own first (LibreOffice
        # writes a pattern fill into the PDF as one).
        got = None
        if images:
            k = min(range(len(images)), key=lambda i: max(abs(g - w) for g, w in zip(images[i], want)))
            got = images.pop(k)
        x, y, fw, fh = (v / EMU_PER_PT for v in b["rect_emu"])
        rel = 0.02 if min(fw / want[2], fh / want[3]) < 0.02 else 0.001
        off = None if got is None else max(abs(g - w) - rel * max(want[2], want[3]) for g, w in zip(got, want))
        out.append({"deck": deck, "slide": slide["id"], "page": si + 1, "element": b["element_id"],
                    "want_pt": [round(v, 2) for v in want],
                    "rendered_pt": None if got is None else [round(v, 2) for v in got],
                    "ok": off is not None and off <= 0.5})
    return out


def is_rtl(ch):
    return unicodedata.bidirectional(ch) in ("R", "AL")


def logical_order(chars):
    """LibreOffice draws right-to-left words glyph by glyph from the left (visual order), words
    in logical order: reverse each visual run of right-to-left glyphs (a run ends where the pen
    jumps back left or the baseline changes) so the stream reads as the text was written."""
    out, run = [], []

    def flush():
        out.extend(reversed(run))
        run.clear()

    for c in chars:
        rtl = any(is_rtl(ch) for ch in c["t"])
        if run and (not rtl or c["x0"] < run[-1]["x0"] - 0.5 or abs(c["base"] - run[-1]["base"]) > 0.5):
            flush()
        if rtl:
            run.append(c)
        else:
            out.append(c)
    flush()
    return out


def flat_stream(chars):
    """(character, glyph) pairs: a glyph with several characters (a ligature) is exploded,
    sharing the glyph; a glyph without a Unicode mapping (pdfminer's "(cid:N)": Devanagari
    conjunct parts) is one unknown character."""
    flat = []
    for c in chars:
        t = c["t"]
        if t.startswith("(cid:"):
            flat.append(("\ufffd", c))
            continue
        for ch in t:
            if not ch.isspace():
                flat.append((ch, c))
    return flat


def same_paragraph(exp, lo, hi):
    """Expected characters lo..=hi (clamped) all belong to one paragraph."""
    keys = {(bi, pi) for _, bi, pi in exp[max(lo, 0):min(hi + 1, len(exp))]}
    return len(keys) == 1 and next(iter(keys))[1] >= 0


def analyse_slide(deck, si, slide, page, ink):
    pw, ph, chars = page[:3]
    # A table's glyphs are the table check's (conformance/tables.py): left out here, so a cell
    # repeating a text box's words cannot be matched to the box.
    chars = tables.outside_tables(chars, slide, ph)
    # Glyphs drawn inside a chart or table frame are that element's own text (axis labels,
    # cells): leave them out, or the alignment may take a title's last letter from a chart
    # axis label (it did: 2 false "outside" boxes in the full corpus's generated deck).
    frames = [[v / EMU_PER_PT for v in b["rect_emu"]] for b in slide["boxes"]
              if b.get("kind") in ("chart", "table")]

    def in_frame(c):
        cx, cy = (c["x0"] + c["x1"]) / 2, ph - c["base"]
        return any(x <= cx <= x + w and y <= cy <= y + h for x, y, w, h in frames)

    chars = [c for c in chars if not in_frame(c)]
    flat = flat_stream(logical_order(chars))
    exp = expected_stream(slide)
    sm = difflib.SequenceMatcher(None, "".join(ch for ch, _ in flat), "".join(ch for ch, *_ in exp),
                                 autojunk=False)
    got = {}  # (box, para) -> [glyph dicts]
    matched_idx = set()

    def take(a, b):
        _, bi, pi = exp[b]
        if pi < 0:
            return
        g = flat[a][1]
        lst = got.setdefault((bi, pi), [])
        if not lst or lst[-1] is not g:
            lst.append(g)
        matched_idx.add(b)

    for op, a1, a2, b1, b2 in sm.get_opcodes():
        if op == "equal":
            for k in range(a2 - a1):
                take(a1 + k, b1 + k)
        elif op == "replace" and same_paragraph(exp, b1 - 1, b2) and a2 - a1 <= 2 * (b2 - b1) + 2:
            # The same text extracted differently (a conjunct or ligature glyph without a
            # Unicode mapping, a mark reordered): between two matched stretches of one
            # paragraph, the glyphs are that paragraph's.
            for k in range(b2 - b1):
                take(a1 + min(k, a2 - a1 - 1), b1 + k)
    want = {}
    for k, (_, bi, pi) in enumerate(exp):
        if pi >= 0:
            want.setdefault((bi, pi), [0, 0])
            want[(bi, pi)][0] += 1
            if k in matched_idx:
                want[(bi, pi)][1] += 1

    boxes = []
    for bi, b in enumerate(slide["boxes"]):
        if "paragraphs" not in b:
            continue
        x, y, w, h = (v / EMU_PER_PT for v in b.get("text_rect_emu", b["rect_emu"]))  # a shape: its text rectangle
        if x < 0 or y < 0 or x + w > pw + 0.5 or y + h > ph + 0.5:
            # Outside the slide: QC reports it out_of_bounds (high), so QC never calls it
            # fitting; the page cannot show it, so there is nothing to compare.
            continue
        size = b["font_pt"]
        paras = []
        ext = None  # ink extent in slide space (top-down): [x0, top, x1, bottom]
        bases = []  # every rendered line's baseline (PDF space)
        for pi, p in enumerate(b["paragraphs"]):
            glyphs = got.get((bi, pi), [])
            total, matched = want.get((bi, pi), [0, 0])
            lines = rendered_lines(glyphs, size)
            bases += [base for base, _ in lines]
            for base, gl in lines:
                for g in gl:
                    bnd = ink.bounds(g["font"], g["t"])
                    if bnd is None:
                        e = [g["x0"], ph - g["y1"], g["x1"], ph - g["y0"]]
                    else:
                        sz = g["size"]
                        e = [g["x0"] + bnd[0] * sz, ph - (base + bnd[3] * sz),
                             g["x0"] + bnd[2] * sz, ph - (base + bnd[1] * sz)]
                    ext = e if ext is None else [min(ext[0], e[0]), min(ext[1], e[1]),
                                                 max(ext[2], e[2]), max(ext[3], e[3])]
            predicted = [squash(l) for l in p["lines"]]
            rendered = ["".join(g["t"] for g in gl).replace(" ", "") for _, gl in lines]
            coverage = matched / total if total else 1.0
            paras.append({
                "index": pi,
                "predicted_lines": len(p["lines"]),
                "rendered_lines": len(lines),
                # Share of the paragraph's characters found in the PDF (a glyph no font has is
                # not drawn); below 90% the paragraph counts as disagreeing: it was not verified.
                "coverage": round(coverage, 3),
                "agree": len(p["lines"]) == len(lines) and coverage >= 0.9,
                "predicted": predicted,
                "rendered": rendered,
            })
        over = {"top": 0.0, "bottom": 0.0, "left": 0.0, "right": 0.0}
        if ext is not None:
            over = {"left": max(0.0, x - ext[0]), "top": max(0.0, y - ext[1]),
                    "right": max(0.0, ext[2] - (x + w)), "bottom": max(0.0, ext[3] - (y + h))}
        overflow = max(over.values())
        # LibreOffice's own notion of fitting: the text's line boxes (font-independent line
        # height: a line ends 0.2 x size below its baseline and starts a pitch above that)
        # within the inner area (box minus insets).
        ins = [v / EMU_PER_PT for v in b["insets_emu"]]
        inner = h - ins[1] - ins[3]
        content = (max(bases) - min(bases) + b["line_pitch_pt"][0]) if bases else 0.0
        boxes.append({
            "deck": deck, "slide": slide["id"], "page": si + 1, "element": b["element_id"],
            "font_pt": size, "rect_pt": [round(v, 2) for v in (x, y, w, h)],
            "extent_pt": None if ext is None else [round(v, 2) for v in ext],
            "overflow_pt": round(overflow, 2), "overflow_sides": {k: round(v, 2) for k, v in over.items() if v > TOL_PT},
            "qc_fits": b["fits"], "rendered_fits": overflow <= TOL_PT, "columns": b.get("columns", 1),
            "content_pt": round(content, 2), "inner_pt": round(inner, 2),
            # Layout's height for the text (lines x pitch + paragraph spacing), to compare with
            # the rendered line boxes when the line counts agree.
            "predicted_content_pt": round(sum(
                len(p["lines"]) * pitch + (p["space_before_pt"] if i else 0.0)
                for i, (p, pitch) in enumerate(zip(b["paragraphs"], b["line_pitch_pt"]))), 2),
            "lo_fits": content <= inner + LO_TOL_PT,
            "needed_pt": round(b["needed_height_emu"] / EMU_PER_PT, 2),
            "usable_pt": round(b["usable_height_emu"] / EMU_PER_PT, 2),
            "paragraphs": paras,
        })
    return boxes


# ---------------------------------------------------------------- running

def fontconfig(out):
    """A fontconfig file that gives LibreOffice exactly the shipped fonts (plus DejaVu, which
    LibreOffice substitutes for the bullet font), so the renderer draws with the faces we measure
    with and never with whatever else the machine has."""
    dirs = [ROOT / "fonts" / "data"] + [Path(p) for p in ("/usr/share/fonts/truetype/dejavu",) if Path(p).is_dir()]
    conf = out / "fonts.conf"
    conf.write_text(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE fontconfig SYSTEM \"fonts.dtd\">\n<fontconfig>\n"
        + "".join(f"  <dir>{d}</dir>\n" for d in dirs)
        + f"  <cachedir>{out / 'fc-cache'}</cachedir>\n</fontconfig>\n")
    return conf


def run(cmd, **kw):
    return subprocess.run(cmd, check=False, capture_output=True, text=True, **kw)


def render_all(decks, out, binary):
    rendered = []
    for name, path in decks:
        base = out / "decks" / name
        if not corpus.TEMPLATE_OF:
            corpus.corpus(False)  # fills the deck -> template map (a --deck run by name)
        tpl = corpus.TEMPLATE_OF.get(name)
        # A golden case on a template names it in its options.json.
        opts = Path(path).parent / "options.json"
        if not tpl and Path(path).name == "input.json" and opts.exists():
            t = json.loads(opts.read_text()).get("template")
            tpl = f"tests/fixtures/templates/{t}" if t else None
        extra = ["--template", str(ROOT / tpl)] if tpl else []
        r = run([str(binary), "render", str(path), "-o", f"{base}.pptx", "--qc", f"{base}.qc.json",
                 "--layout", f"{base}.layout.json", "--autofit", "none", *extra])
        if r.returncode > 1:
            print(f"FAIL {name}: specrender exit {r.returncode}: {r.stderr.strip()[:300]}", file=sys.stderr)
            continue
        rendered.append((name, base))
    return rendered


def convert_all(rendered, out, conf):
    env = dict(os.environ, FONTCONFIG_FILE=str(conf), SAL_USE_VCLPLUGIN="svp")
    profile = out / "lo-profile"
    files = [f"{base}.pptx" for _, base in rendered]
    # One LibreOffice process for the whole corpus: start-up costs more than a small deck.
    for i in range(0, len(files), 40):
        r = run(["timeout", "900", "soffice", f"-env:UserInstallation=file://{profile}", "--headless",
                 "--convert-to", "pdf", "--outdir", str(out / "decks"), *files[i:i + 40]], env=env)
        if r.returncode != 0:
            print(f"soffice exit {r.returncode}: {r.stderr.strip()[:500]}", file=sys.stderr)


def draw_failures(pdf, page_no, boxes, png_dir, stem):
    """The page as PNG with the failing boxes (red) and their rendered ink extent (blue)."""
    from PIL import Image, ImageDraw
    dpi = 72
    prefix = png_dir / f"{stem}-p{page_no}"
    r = run(["pdftoppm", "-r", str(dpi), "-f", str(page_no), "-l", str(page_no), "-png", "-singlefile",
             str(pdf), str(prefix)])
    if r.returncode != 0:
        return None
    img = Image.open(f"{prefix}.png").convert("RGB")
    d = ImageDraw.Draw(img)
    k = dpi / 72
    for b in boxes:
        x, y, w, h = b["rect_pt"]
        d.rectangle([x * k, y * k, (x + w) * k, (y + h) * k], outline=(220, 0, 0), width=2)
        if b["extent_pt"]:
            e = b["extent_pt"]
            d.rectangle([e[0] * k, e[1] * k, e[2] * k, e[3] * k], outline=(0, 80, 220), width=1)
        d.text((x * k + 2, (y + h) * k + 2), f"{b['element']}: {', '.join(b['why'])}", fill=(220, 0, 0))
    img.save(f"{prefix}.png")
    return f"{prefix}.png"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fast", action="store_true", help="the CI subset: smaller generated decks, no 200-slide deck")
    ap.add_argument("--out", default=str(ROOT / "target" / "conformance"))
    ap.add_argument("--bin", default=str(ROOT / "target" / "release" / "specrender"))
    ap.add_argument("--deck", action="append", default=[], help="check only these decks")
    ap.add_argument("--only", default="",
                    help="check only the decks whose name starts with one of these (comma-separated)")
    ap.add_argument("--no-tight", action="store_true",
                    help="skip the tightness check (shrunk boxes drawn again at +0.5 and +1 pt)")
    args = ap.parse_args()
    out = Path(args.out).resolve()  # LibreOffice takes its profile as a file:// URL
    shutil.rmtree(out, ignore_errors=True)
    (out / "decks").mkdir(parents=True)
    (out / "png").mkdir()

    if args.deck:
        # A golden case's file is input.json: name it by its folder.
        decks = [(Path(p).parent.name if Path(p).stem == "input" else Path(p).stem, Path(p)) for p in args.deck]
    else:
        cdir = out / "corpus"
        cdir.mkdir()
        decks = []
        for name, deck in corpus.corpus(args.fast).items():
            p = cdir / f"{name}.json"
            p.write_text(json.dumps(deck, ensure_ascii=False, indent=1))
            decks.append((name, p))
        decks += [(f"golden-{p.parent.name}", p) for p in sorted((ROOT / "golden" / "slides").glob("*/input.json"))]
        # Slide decks only: DocSpec examples (DOCX) are checked by the document conformance.
        decks += [(p.stem, p) for p in sorted((ROOT / "examples").glob("*.json"))
                  if '"docspec_v1"' not in p.read_text()]
        decks += corpus.generated_stacked(cdir, args.fast)
        if args.only:
            decks = [(n, p) for n, p in decks if n.startswith(tuple(args.only.split(",")))]
        if not args.fast and not args.only:
            gen = corpus.generated_200(cdir)
            if gen:
                decks.append(("generated-200", gen))

    conf = fontconfig(out)
    src = dict(decks)
    rendered = render_all(decks, out, Path(args.bin))
    convert_all(rendered, out, conf)
    ink = Ink()
    all_boxes, problems, pictures = [], [], []
    all_tables, read_n, read_problems = [], 0, []
    for name, base in rendered:
        pdf = Path(f"{base}.pdf")
        layout = json.loads(Path(f"{base}.layout.json").read_text())
        if not pdf.exists():
            problems.append(f"{name}: LibreOffice made no PDF")
            continue
        pages = pdf_pages(pdf)
        if len(pages) != len(layout["slides"]):
            problems.append(f"{name}: {len(pages)} PDF pages for {len(layout['slides'])} slides")
            continue
        deck_boxes = []
        for si, (slide, page) in enumerate(zip(layout["slides"], pages)):
            deck_boxes += analyse_slide(name, si, slide, page, ink)
            pictures += analyse_pictures(name, si, slide, page)
            all_tables += [tables.analyse_table(name, si, slide, b, page, ink)
                           for b in slide["boxes"] if b["kind"] == "table"]
        if any(b["kind"] == "table" for s in layout["slides"] for b in s["boxes"]):
            n, probs = tables.rows_once(f"{base}.pptx", layout, json.loads(Path(src[name]).read_text()))
            read_n += n
            read_problems += [dict(p, deck=name) for p in probs]
        by_page = {}
        for b in deck_boxes:
            why = []
            if b["qc_fits"] and not b["rendered_fits"]:
                why.append(f"fits in QC, text {b['overflow_pt']} pt outside")
            if not b["qc_fits"] and b["lo_fits"]:
                why.append("false overflow")
            bad = [p for p in b["paragraphs"] if not p["agree"]]
            if bad:
                why.append("lines " + " ".join(f"p{p['index']}:{p['predicted_lines']}->{p['rendered_lines']}" for p in bad))
            b["why"] = why
            if why:
                by_page.setdefault(b["page"], []).append(b)
        for page_no, bs in list(by_page.items())[:20]:
            png = draw_failures(pdf, page_no, bs, out / "png", name)
            for b in bs:
                b["png"] = png
        all_boxes += deck_boxes

    paras = [p for b in all_boxes for p in b["paragraphs"]]
    # Vertical model check: where every paragraph's line count agrees, the rendered line boxes
    # must take the height layout computed (pitch, spacing, first-line placement).
    # (Boxes in two text columns are left out: their lines stand side by side.)
    height_checked = [b for b in all_boxes
                      if b["paragraphs"] and all(p["agree"] for p in b["paragraphs"]) and b["content_pt"] > 0
                      and b.get("columns", 1) == 1]
    height_off = [b for b in height_checked if abs(b["content_pt"] - b["predicted_content_pt"]) > 0.5]
    agree = sum(p["agree"] for p in paras)
    outside = [b for b in all_boxes if b["qc_fits"] and not b["rendered_fits"]]
    false_over = [b for b in all_boxes if not b["qc_fits"] and b["lo_fits"]]
    lo_over = [b for b in all_boxes if b["qc_fits"] and not b["lo_fits"]]
    qc_over = [b for b in all_boxes if not b["qc_fits"]]
    summary = {
        "decks": len(rendered),
        "slides": len({(b["deck"], b["slide"]) for b in all_boxes}),
        "text_boxes": len(all_boxes),
        "paragraphs": len(paras),
        "line_count_agreement": round(agree / len(paras), 4) if paras else None,
        "paragraphs_disagreeing": len(paras) - agree,
        "paragraphs_unverified": sum(p["coverage"] < 0.9 for p in paras),
        # The dangerous direction: LibreOffice needs more lines than layout predicted.
        "paragraphs_more_lines_than_predicted": sum(p["rendered_lines"] > p["predicted_lines"] for p in paras),
        "characters_found": round(sum(p["coverage"] for p in paras) / max(1, len(paras)), 4),
        "fits_but_outside": len(outside),
        "boxes_height_checked": len(height_checked),
        "boxes_height_off_by_more_than_half_pt": len(height_off),
        "qc_overflow_boxes": len(qc_over),
        "false_overflow": len(false_over),
        "fits_but_lines_past_inner_area": len(lo_over),
        "false_overflow_rate": round(len(false_over) / len(all_boxes), 4) if all_boxes else None,
        "pictures": len(pictures),
        "pictures_placed_as_laid": sum(p["ok"] for p in pictures),
        "problems": problems,
    }
    for p in pictures:
        if not p["ok"]:
            problems.append(f"{p['deck']} {p['slide']}/{p['element']}: picture placed at {p['rendered_pt']}, "
                            f"laid out {p['want_pt']}")
    ok = (not problems and paras and summary["line_count_agreement"] >= BARS["line_agreement_min"]
          and len(outside) <= BARS["fits_but_outside_max"]
          and summary["false_overflow_rate"] <= BARS["false_overflow_max"])
    tsum = tables.summarize(all_tables, (read_n, read_problems))
    summary["tables"] = tsum
    ok = ok and tables.passes(tsum)
    summary["pass"] = bool(ok)
    tight_rows = []
    if not args.no_tight:
        sys.path.insert(0, str(ROOT / "conformance"))
        import tightness
        summary["tightness"], tight_rows = tightness.measure(
            rendered, out, conf, ink, run, pdf_pages, analyse_slide)
    (out / "report.json").write_text(json.dumps({"summary": summary, "bars": dict(BARS, **tables.BARS),
                                                 "boxes": all_boxes, "tables": all_tables,
                                                 "tightness": tight_rows, "pictures": pictures},
                                                ensure_ascii=False, indent=1))

    print(f"conformance vs LibreOffice: {summary['decks']} decks, {summary['slides']} slides, "
          f"{summary['text_boxes']} text boxes, {summary['paragraphs']} paragraphs")
    print(f"  line count agreement   {agree}/{len(paras)} = {100 * agree / max(1, len(paras)):.2f}%   (bar >= 98%; "
          f"LibreOffice needing more lines: {summary['paragraphs_more_lines_than_predicted']})")
    print(f"  fits in QC, outside    {len(outside)}   (bar 0; lines past the insets: {len(lo_over)})")
    print(f"  false overflow         {len(false_over)}/{len(all_boxes)} = {100 * len(false_over) / max(1, len(all_boxes)):.2f}%"
          f"   (bar <= 2%; QC overflow boxes: {len(qc_over)})")
    print(f"  pictures placed as laid {summary['pictures_placed_as_laid']}/{len(pictures)}   (bar: all; frame + crop)")
    print(f"  text height as laid    {len(height_checked) - len(height_off)}/{len(height_checked)} boxes within 0.5 pt")
    for b in height_off[:5]:
        print(f"      {b['deck']} {b['slide']}/{b['element']}: rendered {b['content_pt']} pt, laid {b['predicted_content_pt']} pt")
    t = summary.get("tightness")
    if t:
        print(f"  fit tightness          {t['shrunk_boxes']} shrunk boxes: LibreOffice still shows every line at "
              f"+0 only {t['gap_0']}, +0.5 {t['gap_0_5']}, +1 or more {t['gap_1_or_more']}; median gap {t['median_gap_pt']} pt")
    for p in problems:
        print(f"  PROBLEM {p}")
    shown = 0
    for b in all_boxes:
        if b["why"] and shown < 12:
            shown += 1
            print(f"  {b['deck']} {b['slide']}/{b['element']} {b['font_pt']}pt: {'; '.join(b['why'])}")
            for p in b["paragraphs"]:
                if not p["agree"]:
                    print(f"      predicted {p['predicted']}\n      rendered  {p['rendered']}")
                    break
    print(f"  tables: {tsum['table_pages']} table pages, rows found on {tsum['tables_rules_found']}; "
          f"row height within 1 pt {tsum['rows_within_1pt']}/{tsum['rows']} = "
          f"{100 * (tsum['row_height_within_1pt'] or 0):.2f}% (bar >= 98%; max diff {tsum['row_height_max_diff_pt']} pt, "
          f"mean {tsum['row_height_mean_diff_pt']} pt)")
    print(f"          fitting tables with text outside a cell or bottom past the box: "
          f"{tsum['fitting_tables_outside_or_past_box']} (bar 0; QC overflow table pages: {tsum['qc_overflow_table_pages']})")
    print(f"          cell line counts agree {tsum['cell_line_count_agreement']} of {tsum['cell_paragraphs']} cell paragraphs; "
          f"python-pptx read back {tsum['tables_read_back']} tables, rows not exactly once: {len(tsum['tables_rows_not_once'])}")
    for t in all_tables:
        if (t["qc_fits"] and (t["outside_count"] or t["bottom_past_box"] or not t["rules_found"])) or any(not r["within_1pt"] for r in t["rows"]):
            print(f"      {t['deck']} {t['slide']}/{t['element']}: rules {t['rules_found']}, outside {t['outside_count']} {t['outside'][:2]}, "
                  f"bottom {t['rendered_bottom_pt']} / box {t['box_bottom_pt']}, rows off {[r for r in t['rows'] if not r['within_1pt']][:2]}")
    for p in read_problems[:5]:
        print(f"      rows not once: {p}")
    print(f"  report: {out / 'report.json'}; failure pages: {out / 'png'}")
    print("PASS" if ok else "FAIL")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
