#!/usr/bin/env python3
"""Templates without the placeholders a deck needs (issue 45, item 4), for the template tests
(tests/fixtures/templates/, README there), made from python-pptx's default template (MIT):

- `edited-no-placeholders.pptx`: the master keeps only its date, footer and slide-number
  placeholders (no title, no body) and the template has one layout, "Custom Layout", with no
  `type` and no placeholders (the kind of python-pptx's one-layout test templates).
- `edited-bare-master.pptx`: the same with no placeholder on the master at all (python-pptx's
  `tests/test_files/minimal.pptx` is such a master).
- `edited-title-only.pptx`: the same master and one layout, "Title Only" (`titleOnly`), whose
  title placeholder has geometry of its own (the master has none to inherit).

Needs python-pptx (`pip install python-pptx`; made with 1.0.2). Deterministic: the package
python-pptx saves is rewritten with its entries in order and fixed timestamps. Run from the
repository root:
    python3 tools/make-placeholderless-fixtures.py
"""
import io
import zipfile
from pathlib import Path

from pptx import Presentation
from pptx.util import Emu, Inches

DIR = Path("tests/fixtures/templates")
P_NS = "{http://schemas.openxmlformats.org/presentationml/2006/main}"


def remove(shape):
    el = shape._element
    el.getparent().remove(el)


def base(keep=(2, 3, 4)):
    """python-pptx's default template, its master keeping only the placeholders `keep` (by
    idx: 2, 3, 4 are date, footer and slide number; 0 and 1 title and body)."""
    prs = Presentation()
    for ph in list(prs.slide_master.placeholders):
        if ph.placeholder_format.idx not in keep:
            remove(ph)
    return prs


def keep_only(prs, name):
    layouts = prs.slide_layouts
    for layout in [l for l in layouts if l.name != name]:
        layouts.remove(layout)
    return layouts[0]


def save(prs, out):
    buf = io.BytesIO()
    prs.save(buf)
    with zipfile.ZipFile(buf) as src, zipfile.ZipFile(DIR / out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            z = zipfile.ZipInfo(info.filename, date_time=(1980, 1, 1, 0, 0, 0))
            z.compress_type = zipfile.ZIP_DEFLATED
            dst.writestr(z, data)


def no_placeholders(out, keep=(2, 3, 4)):
    prs = base(keep)
    layout = keep_only(prs, "Blank")
    for ph in list(layout.placeholders):
        remove(ph)
    el = layout._element
    el.attrib.pop("type", None)
    el.set("userDrawn", "1")
    el.find(P_NS + "cSld").set("name", "Custom Layout")
    save(prs, out)


def title_only():
    prs = base()
    layout = keep_only(prs, "Title Only")
    for ph in list(layout.placeholders):
        if ph.placeholder_format.idx == 0:
            # The master has no title to inherit the place from.
            ph.left, ph.top = Inches(0.5), Inches(0.3)
            ph.width, ph.height = Emu(prs.slide_width - Inches(1)), Inches(1.1)
    save(prs, "edited-title-only.pptx")


no_placeholders("edited-no-placeholders.pptx")
no_placeholders("edited-bare-master.pptx", keep=())
title_only()
