#!/usr/bin/env python3
"""Writes specrender's built-in themes (themes/<id>.pptx): each a presentation template with
one master, a layout per SlideSpec layout id and a theme, read through the same Template model
as a customer's .pptx (issue 20). Run from the repository root:

    python3 tools/make-themes.py themes

Everything here is specrender's own design, written from ECMA-376 Part 1 (PresentationML /
DrawingML): no part of another template is copied. Fonts are ones specrender ships metric
clones of (Calibri -> Carlito, Arial -> Liberation Sans), so the fit stays honest; East Asian
text uses the deck language's default (the theme leaves `ea` empty and names a face per East
Asian script, as specrender measures it).

The output is deterministic (fixed zip timestamps, parts in a fixed order), so regenerating
changes the files only when this script changes.
"""

import os
import sys
import zipfile

W, H = 12192000, 6858000  # 13.333 x 7.5 in (16:9)
# The shipped face of each East Asian script (spec::resolve::default_ea_font).
EA_SCRIPT_FONTS = [("Hang", "Noto Sans CJK KR"), ("Jpan", "Noto Sans CJK JP"),
                   ("Hans", "Noto Sans CJK SC"), ("Hant", "Noto Sans CJK TC")]
IN = 914400
M = int(0.6 * IN)  # side margin

NS = ('xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
      'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" '
      'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"')
DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"

# Each theme: its colour scheme, fonts, sizes, and what its layouts draw.
THEMES = {
    "minimal": dict(
        name="specrender Minimal",
        description="Light and quiet: white slides, dark grey text, one teal accent rule under each title.",
        colors=dict(dk1="1F2328", lt1="FFFFFF", dk2="0F766E", lt2="F3F4F6", accent1="0F766E",
                    accent2="2563EB", accent3="D97706", accent4="7C3AED", accent5="0891B2",
                    accent6="65A30D", hlink="2563EB", folHlink="7C3AED"),
        clrmap="light", major="Calibri", minor="Calibri",
        title_sz=3600, body_sz=2000, title_color="tx1", body_color="tx1",
        style="minimal"),
    "bold": dict(
        name="specrender Bold",
        description="A deep blue title band on every content slide, blue title and closing slides, white titles.",
        colors=dict(dk1="111827", lt1="FFFFFF", dk2="1E3A8A", lt2="E5E7EB", accent1="1E3A8A",
                    accent2="DC2626", accent3="F59E0B", accent4="0EA5E9", accent5="10B981",
                    accent6="6B7280", hlink="1D4ED8", folHlink="7C3AED"),
        clrmap="light", major="Arial", minor="Arial",
        title_sz=3200, body_sz=2000, title_color="bg1", body_color="tx1",
        style="bold"),
    "dark": dict(
        name="specrender Dark",
        description="Near-black slides with light text and bright accents, for screens and dim rooms.",
        colors=dict(dk1="111827", lt1="F9FAFB", dk2="1F2937", lt2="9CA3AF", accent1="60A5FA",
                    accent2="34D399", accent3="FBBF24", accent4="F472B6", accent5="A78BFA",
                    accent6="F87171", hlink="93C5FD", folHlink="C4B5FD"),
        clrmap="dark", major="Calibri", minor="Calibri",
        title_sz=3600, body_sz=2000, title_color="tx1", body_color="tx1",
        style="dark"),
}

# The built-in look (`default`): specrender's own geometry (a 0.5 in safe area, the title in its
# top 15%, a 0.35 in footer band with the slide number at its right end), white slides, titles in
# the primary blue (accent1, so a brand's primary reaches them), Calibri. One package per slide size the schema allows; the deck's
# `theme.slide_size` picks it. Its layouts are named after the SlideSpec layout ids, so each maps
# by name, and carry every band specrender lays text into as a placeholder: a chart's or table's
# caption line and a quote's attribution under the main body, a full-bleed picture's caption.
DEFAULT = dict(
    name="specrender Default",
    description="The built-in look: white slides, blue titles, a slide number in the footer band.",
    colors=dict(dk1="222222", lt1="FFFFFF", dk2="1F4E79", lt2="7F7F7F", accent1="1F4E79",
                accent2="2E75B6", accent3="C55A11", accent4="7F7F7F", accent5="8FA6BC",
                accent6="96BADA", hlink="1F4E79", folHlink="2E75B6"),
    clrmap="light", major="Calibri", minor="Calibri",
    title_sz=3600, body_sz=2000, title_color="accent1", body_color="tx1",
    style="default")
DEFAULTS = {
    "default": dict(DEFAULT, w=12192000, h=6858000),
    "default-4x3": dict(DEFAULT, w=9144000, h=6858000),
}

CLRMAP = {
    "light": 'bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2"',
    "dark": 'bg1="dk1" tx1="lt1" bg2="dk2" tx2="lt2"',
}


def xfrm(x, y, w, h):
    return f'<a:xfrm><a:off x="{x}" y="{y}"/><a:ext cx="{w}" cy="{h}"/></a:xfrm>'


def ph_shape(sid, name, ph, rect, anchor=None, lst=""):
    """A placeholder with its own geometry (`ph`: the p:ph attributes)."""
    at = f' anchor="{anchor}"' if anchor else ""
    body = f'<a:bodyPr{at}><a:normAutofit/></a:bodyPr>'
    return (f'<p:sp><p:nvSpPr><p:cNvPr id="{sid}" name="{name}"/><p:cNvSpPr><a:spLocks noGrp="1"/></p:cNvSpPr>'
            f'<p:nvPr><p:ph {ph}/></p:nvPr></p:nvSpPr><p:spPr>{xfrm(*rect)}</p:spPr>'
            f'<p:txBody>{body}<a:lstStyle>{lst}</a:lstStyle><a:p><a:endParaRPr lang="en-US"/></a:p></p:txBody></p:sp>')


def rect_shape(sid, name, rect, fill):
    """A decoration: a rectangle in a scheme colour, no outline."""
    return (f'<p:sp><p:nvSpPr><p:cNvPr id="{sid}" name="{name}"/><p:cNvSpPr/><p:nvPr userDrawn="1"/></p:nvSpPr>'
            f'<p:spPr>{xfrm(*rect)}<a:prstGeom prst="rect"><a:avLst/></a:prstGeom>'
            f'<a:solidFill><a:schemeClr val="{fill}"/></a:solidFill><a:ln><a:noFill/></a:ln></p:spPr>'
            f'<p:txBody><a:bodyPr rtlCol="0" anchor="ctr"/><a:lstStyle/><a:p><a:endParaRPr lang="en-US"/></a:p></p:txBody></p:sp>')


def color_lst(color, sz=None, bold=False):
    """A placeholder list style whose level 1 text is `color` (a scheme colour)."""
    a = f' sz="{sz}"' if sz else ""
    b = ' b="1"' if bold else ""
    return f'<a:lvl1pPr><a:defRPr{a}{b}><a:solidFill><a:schemeClr val="{color}"/></a:solidFill></a:defRPr></a:lvl1pPr>'


GROUP_XFRM = ('<a:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/>'
              '<a:chOff x="0" y="0"/><a:chExt cx="0" cy="0"/></a:xfrm>')


def tree(shapes):
    return ('<p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>'
            f'<p:grpSpPr>{GROUP_XFRM}</p:grpSpPr>' + "".join(shapes) + "</p:spTree>")


def bg(color):
    return f'<p:bg><p:bgPr><a:solidFill><a:schemeClr val="{color}"/></a:solidFill><a:effectLst/></p:bgPr></p:bg>'


# Geometry shared by the themes (EMU).
FOOT_Y = H - int(0.55 * IN)
FOOT_H = int(0.35 * IN)
FOOTERS = [
    ("dt", 'type="dt" sz="half" idx="10"', (M, FOOT_Y, int(2.2 * IN), FOOT_H)),
    ("ftr", 'type="ftr" sz="quarter" idx="11"', (M + int(2.4 * IN), FOOT_Y, int(6.6 * IN), FOOT_H)),
    ("sldNum", 'type="sldNum" sz="quarter" idx="12"', (W - M - int(1.4 * IN), FOOT_Y, int(1.4 * IN), FOOT_H)),
]
CONTENT_W = W - 2 * M


def title_rect(style):
    if style == "bold":
        return (M, int(0.2 * IN), CONTENT_W, int(0.95 * IN))
    return (M, int(0.35 * IN), CONTENT_W, int(1.0 * IN))


def body_rect(style):
    top = int(1.65 * IN) if style == "bold" else int(1.6 * IN)
    return (M, top, CONTENT_W, FOOT_Y - int(0.2 * IN) - top)


def decorations(style, kind):
    """The shapes a layout of `kind` draws behind its placeholders."""
    if style == "minimal" and kind == "content":
        x, y, w, h = title_rect(style)
        return [("Accent Rule", (M, y + h + int(0.04 * IN), int(1.2 * IN), int(0.05 * IN)), "accent1")]
    if style == "bold" and kind == "content":
        return [("Title Band", (0, 0, W, int(1.35 * IN)), "accent1")]
    if style == "bold" and kind == "section":
        return [("Side Band", (0, 0, int(0.35 * IN), H), "accent2")]
    if style == "bold" and kind == "quote":
        return [("Quote Bar", (int(1.5 * IN), int(1.9 * IN), int(0.08 * IN), int(2.6 * IN)), "accent1")]
    if style == "dark" and kind == "content":
        x, y, w, h = title_rect(style)
        return [("Accent Rule", (M, y + h + int(0.04 * IN), CONTENT_W, int(0.02 * IN)), "accent1")]
    if style in ("minimal", "dark") and kind == "title":
        return [("Accent Bar", (int((W - 1.2 * IN) / 2), int(3.95 * IN), int(1.2 * IN), int(0.05 * IN)), "accent1")]
    return []


def frac(total, permille):
    return total * permille // 1000


def default_geometry(w, h):
    """The built-in look's areas at slide size w x h (EMU): a 0.5 in safe area; content layouts
    take the title from its top 15% and the body from 0.1 in below it down to 0.1 in above the
    0.35 in footer band; centred slides are bands in per mille of the safe area."""
    m, gap, foot, caption, gutter = IN // 2, IN // 10, IN * 35 // 100, IN // 2, IN * 3 // 10
    sx, sy, sw, sh = m, m, w - 2 * m, h - 2 * m
    band = (sx, sy + sh - foot, sw, foot)
    at = lambda y, hh: (sx, sy + frac(sh, y), sw, frac(sh, hh))
    title = (sx, sy, sw, frac(sh, 150))
    body_y = title[1] + title[3] + gap
    body = (sx, body_y, sw, band[1] - gap - body_y)
    chart = (sx, body_y, sw, body[3] - caption - gap)
    cap = (sx, chart[1] + chart[3] + gap, sw, caption)
    inset = frac(sw, 100)
    q = lambda y, hh: (sx + inset, sy + frac(sh, y), sw - 2 * inset, frac(sh, hh))
    inner = sw - gutter
    lw = frac(inner, 550)
    return dict(band=band, title=title, body=body, chart=chart, caption=cap,
                left=(sx, body_y, lw, body[3]), right=(sx + lw + gutter, body_y, inner - lw, body[3]),
                title_center=(at(250, 250), at(530, 200)), section=(at(300, 280), at(610, 180)),
                closing=(at(280, 220), at(530, 250)), quote=(q(150, 500), q(680, 150)),
                bleed=(at(640, 180), at(820, 180)))


def default_footers(t):
    """Date, footer and slide number across the footer band (the slide number 0.6 in wide at
    its right end, where specrender puts it)."""
    x, y, w, h = default_geometry(t["w"], t["h"])["band"]
    num = IN * 6 // 10
    return [
        ("dt", 'type="dt" sz="half" idx="10"', (x, y, IN * 2, h)),
        ("ftr", 'type="ftr" sz="quarter" idx="11"', (x + IN * 2 + IN // 10, y, w - IN * 2 - IN // 5 - num, h)),
        ("sldNum", 'type="sldNum" sz="quarter" idx="12"', (x + w - num, y, num, h)),
    ]


def default_layouts(t):
    g = default_geometry(t["w"], t["h"])
    centred = '<a:lvl1pPr algn="ctr"><a:buNone/><a:defRPr/></a:lvl1pPr>'
    plain = '<a:lvl1pPr marL="0" indent="0"><a:buNone/><a:defRPr/></a:lvl1pPr>'
    small = '<a:lvl1pPr marL="0" indent="0"><a:buNone/><a:defRPr sz="1400"/></a:lvl1pPr>'
    title = ("Title 1", 'type="title"', g["title"], None, "")
    return [
        ("title_center", "title", "title", None, [
            ("Title 1", 'type="ctrTitle"', g["title_center"][0], "b", centred),
            ("Subtitle 2", 'type="subTitle" idx="1"', g["title_center"][1], "t", centred)]),
        ("section_header", "secHead", "section", None, [
            ("Title 1", 'type="title"', g["section"][0], None, ""),
            ("Text Placeholder 2", 'type="body" idx="1"', g["section"][1], None, plain)]),
        ("one_column", "obj", "content", None, [
            title, ("Text Placeholder 2", 'type="body" idx="1"', g["body"], None, "")]),
        ("two_column", "twoObj", "content", None, [
            title, ("Text Placeholder 2", 'type="body" sz="half" idx="1"', g["left"], None, ""),
            ("Text Placeholder 3", 'type="body" sz="half" idx="2"', g["right"], None, "")]),
        ("chart_focus", "cust", "content", None, [
            title, ("Text Placeholder 2", 'type="body" idx="1"', g["chart"], None, ""),
            ("Caption 3", 'type="body" sz="quarter" idx="13"', g["caption"], None, small)]),
        ("table_focus", "cust", "content", None, [
            title, ("Text Placeholder 2", 'type="body" idx="1"', g["chart"], None, ""),
            ("Caption 3", 'type="body" sz="quarter" idx="13"', g["caption"], None, small)]),
        ("image_full_bleed", "titleOnly", "picture", None, [
            ("Title 1", 'type="title"', g["bleed"][0], None, ""),
            ("Caption 2", 'type="body" sz="quarter" idx="13"', g["bleed"][1], None, small)]),
        ("quote_center", "cust", "quote", None, [
            ("Text Placeholder 1", 'type="body" idx="1"', g["quote"][0], None, centred),
            ("Attribution 2", 'type="body" sz="quarter" idx="14"', g["quote"][1], None,
             '<a:lvl1pPr marL="0" indent="0" algn="ctr"><a:buNone/><a:defRPr sz="1400"/></a:lvl1pPr>')]),
        ("closing", "cust", "title", None, [
            ("Title 1", 'type="ctrTitle"', g["closing"][0], "b", centred),
            ("Subtitle 2", 'type="subTitle" idx="1"', g["closing"][1], "t", centred)]),
        ("blank", "blank", "blank", None, []),
    ]


def layouts(t):
    """(name, OOXML type, kind, background, placeholders) per layout, in SlideSpec order."""
    s = t["style"]
    if s == "default":
        return default_layouts(t)
    tr, br = title_rect(s), body_rect(s)
    half = (CONTENT_W - int(0.4 * IN)) // 2
    title_bg = "accent1" if s == "bold" else None
    # On a coloured background the title slide's text is light.
    on_accent = color_lst("bg1") if s == "bold" else ""
    center_title = (int(1.0 * IN), int(2.1 * IN), W - int(2.0 * IN), int(1.6 * IN))
    center_sub = (int(1.5 * IN), int(4.2 * IN), W - int(3.0 * IN), int(1.1 * IN))
    pic_h = int(4.9 * IN)
    return [
        ("Title Slide", "title", "title", title_bg, [
            ("Title 1", 'type="ctrTitle"', center_title, "b", on_accent),
            ("Subtitle 2", 'type="subTitle" idx="1"', center_sub, "t", on_accent)]),
        ("Section Header", "secHead", "section", None, [
            ("Title 1", 'type="title"', (int(1.0 * IN), int(2.6 * IN), W - int(2.0 * IN), int(1.3 * IN)), "b",
             color_lst("tx1") if s == "bold" else ""),
            ("Text 2", 'type="body" idx="1"', (int(1.0 * IN), int(4.0 * IN), W - int(2.0 * IN), int(1.0 * IN)), "t", "")]),
        ("Title and Content", "obj", "content", None, [
            ("Title 1", 'type="title"', tr, "ctr" if s == "bold" else "b", ""),
            ("Content 2", 'idx="1"', br, "t", "")]),
        ("Two Content", "twoObj", "content", None, [
            ("Title 1", 'type="title"', tr, "ctr" if s == "bold" else "b", ""),
            ("Content 2", 'sz="half" idx="1"', (M, br[1], half, br[3]), "t", ""),
            ("Content 3", 'sz="half" idx="2"', (M + half + int(0.4 * IN), br[1], half, br[3]), "t", "")]),
        ("Chart", "chart", "content", None, [
            ("Title 1", 'type="title"', tr, "ctr" if s == "bold" else "b", ""),
            ("Chart 2", 'type="chart" idx="1"', br, None, "")]),
        ("Table", "tbl", "content", None, [
            ("Title 1", 'type="title"', tr, "ctr" if s == "bold" else "b", ""),
            ("Table 2", 'type="tbl" idx="1"', br, None, "")]),
        ("Picture", "picTx", "picture", None, [
            ("Picture 1", 'type="pic" idx="1"', (0, 0, W, pic_h), None, ""),
            ("Title 2", 'type="title"', (M, pic_h + int(0.15 * IN), CONTENT_W, int(0.8 * IN)), "t",
             color_lst("tx1") if s == "bold" else ""),
            ("Text 3", 'type="body" sz="half" idx="2"', (M, pic_h + int(1.0 * IN), CONTENT_W, int(0.6 * IN)), "t", "")]),
        ("Quote", "titleOnly", "quote", None, [
            ("Quote 1", 'type="body" idx="1"', (int(1.8 * IN), int(1.8 * IN), W - int(3.6 * IN), int(3.6 * IN)), "ctr", "")]),
        ("Closing", "title", "title", title_bg, [
            ("Title 1", 'type="ctrTitle"', center_title, "b", on_accent),
            ("Subtitle 2", 'type="subTitle" idx="1"', center_sub, "t", on_accent)]),
        ("Blank", "blank", "blank", None, []),
    ]


def footers(t):
    return default_footers(t) if t["style"] == "default" else FOOTERS


def master_xml(t):
    s = t["style"]
    if s == "default":
        g = default_geometry(t["w"], t["h"])
        tr, br = g["title"], g["body"]
    else:
        tr, br = title_rect(s), body_rect(s)
    shapes = [ph_shape(2, "Title Placeholder 1", 'type="title"', tr, "ctr" if s == "bold" else "b"),
              ph_shape(3, "Text Placeholder 2", 'type="body" idx="1"', br, "t")]
    for i, (name, ph, rect) in enumerate(footers(t)):
        lst = '<a:lvl1pPr algn="r"><a:defRPr sz="1000"/></a:lvl1pPr>' if name == "sldNum" else '<a:lvl1pPr><a:defRPr sz="1000"/></a:lvl1pPr>'
        shapes.append(ph_shape(4 + i, f"{name} Placeholder {4 + i}", ph, rect, "ctr", lst))
    ids = "".join(f'<p:sldLayoutId id="{2147483649 + i}" r:id="rId{i + 1}"/>' for i in range(10))
    fonts = lambda mj: (f'<a:latin typeface="+{mj}-lt"/><a:ea typeface="+{mj}-ea"/><a:cs typeface="+{mj}-cs"/>')
    fill = lambda c: f'<a:solidFill><a:schemeClr val="{c}"/></a:solidFill>'
    title = (f'<p:titleStyle><a:lvl1pPr algn="l" rtl="0" eaLnBrk="1" latinLnBrk="0" hangingPunct="1">'
             f'<a:lnSpc><a:spcPct val="90000"/></a:lnSpc><a:spcBef><a:spcPts val="0"/></a:spcBef><a:buNone/>'
             f'<a:defRPr sz="{t["title_sz"]}" b="{1 if s == "bold" else 0}" kern="1200">{fill(t["title_color"])}{fonts("mj")}</a:defRPr>'
             f'</a:lvl1pPr></p:titleStyle>')
    levels = []
    for lv in range(1, 6):
        mar = 285750 * lv
        sz = [t["body_sz"], t["body_sz"] - 200, t["body_sz"] - 400, t["body_sz"] - 400, t["body_sz"] - 400][lv - 1]
        bullet = "•" if lv % 2 else "–"
        levels.append(
            f'<a:lvl{lv}pPr marL="{mar}" indent="-285750" algn="l" rtl="0" eaLnBrk="1" latinLnBrk="0" hangingPunct="1">'
            f'<a:lnSpc><a:spcPct val="100000"/></a:lnSpc><a:spcBef><a:spcPts val="{1000 if lv == 1 else 500}"/></a:spcBef>'
            f'<a:buClr><a:schemeClr val="accent1"/></a:buClr><a:buFont typeface="Arial"/><a:buChar char="{bullet}"/>'
            f'<a:defRPr sz="{sz}" kern="1200">{fill(t["body_color"])}{fonts("mn")}</a:defRPr></a:lvl{lv}pPr>')
    body = "<p:bodyStyle>" + "".join(levels) + "</p:bodyStyle>"
    other = (f'<p:otherStyle><a:lvl1pPr algn="l" rtl="0" eaLnBrk="1" latinLnBrk="0" hangingPunct="1">'
             f'<a:defRPr sz="1800" kern="1200">{fill("tx1")}{fonts("mn")}</a:defRPr></a:lvl1pPr></p:otherStyle>')
    return (DECL + f'<p:sldMaster {NS}><p:cSld><p:bg><p:bgRef idx="1001"><a:schemeClr val="bg1"/></p:bgRef></p:bg>'
            + tree(shapes) + f'</p:cSld><p:clrMap {CLRMAP[t["clrmap"]]} accent1="accent1" accent2="accent2" '
            'accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/>'
            f'<p:sldLayoutIdLst>{ids}</p:sldLayoutIdLst><p:txStyles>{title}{body}{other}</p:txStyles></p:sldMaster>')


def layout_xml(t, name, ty, kind, background, phs):
    shapes = []
    sid = 2
    for dname, rect, color in decorations(t["style"], kind):
        shapes.append(rect_shape(sid, dname, rect, color))
        sid += 1
    for pname, ph, rect, anchor, lst in phs:
        shapes.append(ph_shape(sid, pname, ph, rect, anchor, lst))
        sid += 1
    if kind in ("content", "section", "quote"):
        for fname, ph, rect in footers(t):
            shapes.append(ph_shape(sid, f"{fname} {sid}", ph, rect, "ctr"))
            sid += 1
    cs = f'<p:cSld name="{name}">' + (bg(background) if background else "") + tree(shapes) + "</p:cSld>"
    return (DECL + f'<p:sldLayout {NS} type="{ty}" preserve="1">{cs}'
            '<p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>')


def theme_xml(t):
    c = t["colors"]
    clr = "".join(
        f'<a:{k}><a:srgbClr val="{c[k]}"/></a:{k}>'
        for k in ["dk1", "lt1", "dk2", "lt2", "accent1", "accent2", "accent3", "accent4", "accent5",
                  "accent6", "hlink", "folHlink"])
    # East Asian text in the deck language's default face (what specrender measures it with):
    # `ea` stays empty and each East Asian script names its face, as Office's own themes do,
    # so text typed into the deck in PowerPoint gets the face the layout measured.
    scripts = "".join(f'<a:font script="{sc}" typeface="{f}"/>' for sc, f in EA_SCRIPT_FONTS)
    font = lambda f: f'<a:latin typeface="{f}"/><a:ea typeface=""/><a:cs typeface=""/>{scripts}'
    solid = '<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>'
    lines = "".join(f'<a:ln w="{w}" cap="flat" cmpd="sng" algn="ctr">{solid}<a:prstDash val="solid"/></a:ln>'
                    for w in (6350, 12700, 19050))
    effects = "<a:effectStyle><a:effectLst/></a:effectStyle>" * 3
    return (DECL + f'<a:theme xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" name="{t["name"]}">'
            f'<a:themeElements><a:clrScheme name="{t["name"]}">{clr}</a:clrScheme>'
            f'<a:fontScheme name="{t["name"]}"><a:majorFont>{font(t["major"])}</a:majorFont>'
            f'<a:minorFont>{font(t["minor"])}</a:minorFont></a:fontScheme>'
            f'<a:fmtScheme name="{t["name"]}"><a:fillStyleLst>{solid * 3}</a:fillStyleLst>'
            f'<a:lnStyleLst>{lines}</a:lnStyleLst><a:effectStyleLst>{effects}</a:effectStyleLst>'
            f'<a:bgFillStyleLst>{solid * 3}</a:bgFillStyleLst></a:fmtScheme></a:themeElements>'
            '<a:objectDefaults/><a:extraClrSchemeLst/></a:theme>')


def rels(items):
    return (DECL + f'<Relationships xmlns="{PKG_REL}">' + "".join(
        f'<Relationship Id="rId{i + 1}" Type="{ty}" Target="{target}"/>' for i, (ty, target) in enumerate(items))
            + "</Relationships>")


def package(tid, t):
    los = layouts(t)
    ct = ('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
          '<Default Extension="xml" ContentType="application/xml"/>'
          '<Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.template.main+xml"/>'
          '<Override PartName="/ppt/slideMasters/slideMaster1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slideMaster+xml"/>'
          + "".join(f'<Override PartName="/ppt/slideLayouts/slideLayout{i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slideLayout+xml"/>' for i in range(len(los)))
          + '<Override PartName="/ppt/theme/theme1.xml" ContentType="application/vnd.openxmlformats-officedocument.theme+xml"/>'
          '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>'
          '<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>'
          '</Types>')
    parts = [
        ("[Content_Types].xml", DECL + ct),
        ("_rels/.rels", rels([(f"{REL}/officeDocument", "ppt/presentation.xml"),
                              ("http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties", "docProps/core.xml"),
                              (f"{REL}/extended-properties", "docProps/app.xml")])),
        ("docProps/core.xml", DECL + '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
         f'xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>{t["name"]}</dc:title><dc:creator>specrender</dc:creator></cp:coreProperties>'),
        ("docProps/app.xml", DECL + '<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties">'
         '<Application>specrender</Application></Properties>'),
        ("ppt/presentation.xml", DECL + f'<p:presentation {NS} saveSubsetFonts="1"><p:sldMasterIdLst>'
         '<p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst>'
         f'<p:sldSz cx="{t.get("w", W)}" cy="{t.get("h", H)}"/><p:notesSz cx="6858000" cy="9144000"/></p:presentation>'),
        ("ppt/_rels/presentation.xml.rels", rels([(f"{REL}/slideMaster", "slideMasters/slideMaster1.xml"),
                                                  (f"{REL}/theme", "theme/theme1.xml"),
                                                  (f"{REL}/presProps", "presProps.xml"),
                                                  (f"{REL}/viewProps", "viewProps.xml"),
                                                  (f"{REL}/tableStyles", "tableStyles.xml")])),
        ("ppt/presProps.xml", DECL + f'<p:presentationPr {NS}/>'),
        ("ppt/viewProps.xml", DECL + f'<p:viewPr {NS}/>'),
        ("ppt/tableStyles.xml", DECL + '<a:tblStyleLst xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
         'def="{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}"/>'),
        ("ppt/slideMasters/slideMaster1.xml", master_xml(t)),
        ("ppt/slideMasters/_rels/slideMaster1.xml.rels",
         rels([(f"{REL}/slideLayout", f"../slideLayouts/slideLayout{i + 1}.xml") for i in range(len(los))]
              + [(f"{REL}/theme", "../theme/theme1.xml")])),
    ]
    for i, lo in enumerate(los):
        parts.append((f"ppt/slideLayouts/slideLayout{i + 1}.xml", layout_xml(t, *lo)))
        parts.append((f"ppt/slideLayouts/_rels/slideLayout{i + 1}.xml.rels",
                      rels([(f"{REL}/slideMaster", "../slideMasters/slideMaster1.xml")])))
    parts.append(("ppt/theme/theme1.xml", theme_xml(t)))
    return parts


def main(out):
    os.makedirs(out, exist_ok=True)
    for tid, t in list(DEFAULTS.items()) + list(THEMES.items()):
        path = os.path.join(out, f"{tid}.potx")
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            for name, xml in package(tid, t):
                info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(info, xml.encode("utf-8"))
        print(path)
    with open(os.path.join(out, "README.md"), "w") as f:
        f.write("# Built-in themes\n\nWritten by `tools/make-themes.py` (do not edit by hand); compiled into the\n"
                "binary and picked with `theme.template_ref.template_id`. Listed by `specrender themes`.\n\n")
        f.write("| id | what it looks like | fonts |\n|---|---|---|\n")
        f.write(f"| default | {DEFAULT['description']} (`default.potx` 16:9, `default-4x3.potx` 4:3, picked by `theme.slide_size`) | Calibri |\n")
        for tid, t in THEMES.items():
            f.write(f"| {tid} | {t['description']} | {t['major']} |\n")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "themes")
