#!/usr/bin/env python3
"""Edited variants of python-pptx's default template (MIT) for the template tests
(tests/fixtures/templates/, README there): layout names in Korean and Japanese with the
layouts' `type` removed (so only the name can map them), a logo on the master, a 16:9 size.
Deterministic: entries in the source's order, fixed timestamps. Run from the repository root:
    python3 tools/make-template-fixtures.py
"""
import re
import zipfile
from pathlib import Path

DIR = Path("tests/fixtures/templates")
SRC = DIR / "python-pptx-default.pptx"

KO = {"Title Slide": "제목 슬라이드", "Title and Content": "제목 및 내용", "Section Header": "구역 머리글",
      "Two Content": "콘텐츠 2개", "Comparison": "비교", "Title Only": "제목만", "Blank": "빈 화면",
      "Content with Caption": "캡션 있는 콘텐츠", "Picture with Caption": "캡션 있는 그림"}
JA = {"Title Slide": "タイトル スライド", "Title and Content": "タイトルとコンテンツ", "Section Header": "セクション見出し",
      "Two Content": "2 つのコンテンツ", "Comparison": "比較", "Title Only": "タイトルのみ", "Blank": "白紙",
      "Content with Caption": "タイトル付きのコンテンツ", "Picture with Caption": "タイトル付きの図"}

LOGO = ('<p:sp><p:nvSpPr><p:cNvPr id="90" name="Logo"/><p:cNvSpPr/><p:nvPr userDrawn="1"/></p:nvSpPr>'
        '<p:spPr><a:xfrm><a:off x="{x}" y="228600"/><a:ext cx="1097280" cy="365760"/></a:xfrm>'
        '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:solidFill><a:srgbClr val="C00000"/></a:solidFill></p:spPr>'
        '<p:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="en-US"/><a:t>ACME</a:t></a:r></a:p></p:txBody></p:sp>')


def variant(out, names, logo=False, wide=False):
    with zipfile.ZipFile(SRC) as src, zipfile.ZipFile(DIR / out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename.startswith("ppt/slideLayouts/slideLayout") and names:
                text = data.decode("utf-8")
                text = re.sub(r'(<p:sldLayout\b[^>]*?) type="[^"]*"', r"\1", text, count=1)
                text = re.sub(r'<p:cSld name="([^"]*)"', lambda m: f'<p:cSld name="{names.get(m.group(1), m.group(1))}"', text, count=1)
                data = text.encode("utf-8")
            if info.filename == "ppt/slideMasters/slideMaster1.xml" and logo:
                x = 12192000 - 457200 - 1097280 if wide else 9144000 - 457200 - 1097280
                data = data.replace(b"</p:spTree>", LOGO.format(x=x).encode() + b"</p:spTree>", 1)
            if info.filename == "ppt/presentation.xml" and wide:
                data = data.replace(b'<p:sldSz cx="9144000" cy="6858000" type="screen4x3"/>', b'<p:sldSz cx="12192000" cy="6858000"/>')
            z = zipfile.ZipInfo(info.filename, date_time=(1980, 1, 1, 0, 0, 0))
            z.compress_type = zipfile.ZIP_DEFLATED
            dst.writestr(z, data)


variant("edited-ko-names.pptx", KO)
variant("edited-ja-names-logo-wide.pptx", JA, logo=True, wide=True)
