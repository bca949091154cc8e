#!/usr/bin/env python3
"""A template whose artwork lies under part of a placeholder (issue 45, item 1), for the
template tests (tests/fixtures/templates/, README there), made from python-pptx's default
template (MIT):

- `edited-artwork.pptx`: the "Title and Content" layout draws an opaque panel (a solid dark
  rectangle, "Panel") over the right 40 % of its body placeholder, from the body's top to the
  slide's foot — the kind of layout whose picture or colour block sits beside the text by
  design, with a placeholder drawn wider than the space left for text.

Needs python-pptx (`pip install python-pptx`; made with 1.0.2). Deterministic: the package
python-pptx saves is rewritten with its entries in order and fixed timestamps. Run from the
repository root:
    python3 tools/make-artwork-fixtures.py
"""
import io
import zipfile
from pathlib import Path

from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.enum.shapes import MSO_SHAPE
from pptx.util import Emu

DIR = Path("tests/fixtures/templates")


def save(prs, out):
    buf = io.BytesIO()
    prs.save(buf)
    with zipfile.ZipFile(buf) as src, zipfile.ZipFile(DIR / out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            z = zipfile.ZipInfo(info.filename, date_time=(1980, 1, 1, 0, 0, 0))
            z.compress_type = zipfile.ZIP_DEFLATED
            dst.writestr(z, data)


def artwork():
    prs = Presentation()
    layout = next(l for l in prs.slide_layouts if l.name == "Title and Content")
    body = next(p for p in prs.slide_master.placeholders if p.placeholder_format.idx == 1)
    left = body.left + body.width * 6 // 10
    # A shape made on a scratch slide, moved into the layout's shape tree (python-pptx adds
    # shapes to slides only), then the scratch slide dropped.
    scratch = prs.slides.add_slide(prs.slide_layouts[6])
    panel = scratch.shapes.add_shape(
        MSO_SHAPE.RECTANGLE, left, body.top, prs.slide_width - left, prs.slide_height - body.top
    )
    panel.name = "Panel"
    panel.fill.solid()
    panel.fill.fore_color.rgb = RGBColor(0x1F, 0x3A, 0x5F)
    panel.line.fill.background()
    el = panel._element
    # An id no shape of the layout has.
    el.nvSpPr.cNvPr.set("id", "100")
    tree = layout.shapes._spTree
    tree.append(el)
    # Drop the scratch slide (its part and relationship).
    ids = prs.slides._sldIdLst
    rid = ids[-1].rId
    prs.part.drop_rel(rid)
    ids.remove(ids[-1])
    save(prs, "edited-artwork.pptx")


artwork()
