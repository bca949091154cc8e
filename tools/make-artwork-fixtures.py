#!/usr/bin/env python3
"""A template whose artwork lies under part of a placeholder (issue 45, item 1), for the
template tests (tests/fixtures/templates/, README there), made from python-pptx's default
template (MIT):

- `edited-artwork.pptx`: the "Title and Content" layout draws an opaque panel (a solid dark
  rectangle, "Panel") over the right 40 % of its body placeholder, from the body's top to the
  slide's foot — the kind of layout whose picture or colour block sits beside the text by
  design, with a placeholder drawn wider than the space left for text.
- `edited-picture-background.pptx`: the master's background is a picture fill
  (`p:bg/p:bgPr/a:blipFill`, stretched) of a generated photo-like picture — a bright sky over
  dark hills and a dark lake, busiest where the body text goes (a "Candy"-style photo master).
- `edited-picture-banner.pptx`: the master draws a dark blue ribbon picture ("Banner", a
  `p:pic`) across the slide behind its title placeholder (a "Metropolis"-style banner), the
  title text left black.

The pictures are drawn here (`photo`, `ribbon`: arithmetic, no randomness), so they are free
of any licence but the repository's.

Needs python-pptx and Pillow (`pip install python-pptx`; made with 1.0.2). Deterministic: the package
python-pptx saves is rewritten with its entries in order and fixed timestamps. Run from the
repository root:
    python3 tools/make-artwork-fixtures.py
"""
import io
import math
import zipfile
from pathlib import Path

from lxml import etree
from PIL import Image
from pptx import Presentation
from pptx.dml.color import RGBColor
from pptx.enum.shapes import MSO_SHAPE
from pptx.opc.constants import RELATIONSHIP_TYPE as RT
from pptx.oxml.ns import qn
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


def png(img):
    buf = io.BytesIO()
    img.save(buf, "PNG", optimize=False)
    return buf.getvalue()


def photo(w=320, h=240):
    """A photo-like picture: a sky brightening to the horizon, dark hills with a ridge of
    light, a dark lake with bright ripples; smooth, with texture everywhere."""
    img = Image.new("RGB", (w, h))
    px = img.load()
    for y in range(h):
        for x in range(w):
            u, v = x / w, y / h
            ridge = 0.45 + 0.08 * math.sin(u * 9.0) + 0.04 * math.sin(u * 23.0 + 1.0)
            texture = 0.5 + 0.5 * math.sin(x * 0.9 + y * 0.35) * math.sin(y * 0.7 - x * 0.2)
            if v < ridge:
                k = v / ridge
                c = (120 + 100 * k, 170 + 70 * k, 235 + 15 * k)
            elif v < 0.72:
                k = (v - ridge) / (0.72 - ridge)
                c = (40 - 25 * k + 30 * texture, 70 - 40 * k + 35 * texture, 35 - 15 * k + 10 * texture)
            else:
                ripple = max(0.0, math.sin(x * 0.5 + 4.0 * math.sin(y * 0.3))) ** 8
                c = (15 + 200 * ripple, 30 + 200 * ripple, 60 + 180 * ripple)
            px[x, y] = tuple(max(0, min(255, int(round(ch)))) for ch in c)
    return png(img)


def ribbon(w=800, h=100):
    """A dark blue ribbon: a navy band, darker at its edges, with a faint diagonal sheen."""
    img = Image.new("RGB", (w, h))
    px = img.load()
    for y in range(h):
        for x in range(w):
            edge = 1.0 - abs(y / (h - 1) - 0.5) * 0.6
            sheen = 10.0 * max(0.0, math.sin((x + 2 * y) * 0.02))
            px[x, y] = (int(12 * edge + sheen * 0.3), int(30 * edge + sheen * 0.5), int(85 * edge + sheen))
    return png(img)


def image_part(prs, data):
    """An image part for `data`, related to the master: its relationship id."""
    scratch = prs.slides.add_slide(prs.slide_layouts[6])
    pic = scratch.shapes.add_picture(io.BytesIO(data), 0, 0)
    part = scratch.part.related_part(pic._element.blipFill.blip.rEmbed)
    rid = prs.slide_master.part.relate_to(part, RT.IMAGE)
    ids = prs.slides._sldIdLst
    prs.part.drop_rel(ids[-1].rId)
    ids.remove(ids[-1])
    return rid, pic


A = "http://schemas.openxmlformats.org/drawingml/2006/main"
P = "http://schemas.openxmlformats.org/presentationml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def picture_background():
    prs = Presentation()
    rid, _ = image_part(prs, photo())
    csld = prs.slide_master._element.find(qn("p:cSld"))
    for old in csld.findall(qn("p:bg")):
        csld.remove(old)
    bg = etree.fromstring(
        f'<p:bg xmlns:p="{P}" xmlns:a="{A}" xmlns:r="{R}"><p:bgPr>'
        f'<a:blipFill dpi="0" rotWithShape="1"><a:blip r:embed="{rid}"/><a:srcRect/>'
        "<a:stretch><a:fillRect/></a:stretch></a:blipFill><a:effectLst/></p:bgPr></p:bg>"
    )
    csld.insert(0, bg)
    save(prs, "edited-picture-background.pptx")


def picture_banner():
    prs = Presentation()
    rid, pic = image_part(prs, ribbon())
    title = next(p for p in prs.slide_master.placeholders if p.placeholder_format.type == 1)
    el = pic._element
    el.nvPicPr.cNvPr.set("id", "100")
    el.nvPicPr.cNvPr.set("name", "Banner")
    el.blipFill.blip.set(qn("r:embed"), rid)
    margin = Emu(182880)  # 0.2 in around the title
    el.spPr.xfrm.off.x, el.spPr.xfrm.off.y = 0, max(0, title.top - margin)
    el.spPr.xfrm.ext.cx = prs.slide_width
    el.spPr.xfrm.ext.cy = title.height + 2 * margin
    tree = prs.slide_master.shapes._spTree
    # Drawn first: under the master's placeholders (and so under every slide's text).
    tree.insert(2, el)
    save(prs, "edited-picture-banner.pptx")


artwork()
picture_background()
picture_banner()
