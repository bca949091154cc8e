#!/usr/bin/env python3
"""Checks every chart of a rendered deck with independent readers:

- python-pptx reads each chart back with the categories and series values the laid-out deck
  (`--layout` JSON: the input after the chart rules) says, gaps as None;
- openpyxl opens each chart's own embedded workbook, and the cells every `c:f` formula of the
  chart names hold exactly the chart's cached values (series names, categories, numbers);
- LibreOffice's PDF of the deck (when given) shows, inside the chart's frame, the chart's title,
  its axis titles and at least one category label (pdftotext -bbox word boxes).

Usage: check_charts.py DECK.pptx LAYOUT.json [DECK.pdf]; prints the number of charts checked.
"""
import io
import re
import subprocess
import sys
import json

import openpyxl
from pptx import Presentation
from pptx.util import Emu

NS_C = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"


def cached(el):
    """idx -> value of a c:strCache / c:numCache."""
    return {int(pt.get("idx")): pt.find(NS_C + "v").text for pt in el.iter(NS_C + "pt")}


def cells(ws, formula):
    """Values of the cells a formula `Sheet1!$B$2:$B$7` names, by offset."""
    sheet, ref = formula.split("!")
    assert sheet == "Sheet1", formula
    ref = ref.replace("$", "")
    rng = ws[ref] if ":" in ref else ((ws[ref],),)
    return [c.value for row in rng for c in row]


def same(cell, cache):
    if cache is None:
        return cell is None
    if isinstance(cell, (int, float)):
        return float(cache) == float(cell)
    return str(cell) == cache


def check_workbook(chart, name):
    blob = chart.part.chart_workbook.xlsx_part.blob
    ws = openpyxl.load_workbook(io.BytesIO(blob))["Sheet1"]
    root = chart.part._element
    refs = 0
    for ref in list(root.iter(NS_C + "strRef")) + list(root.iter(NS_C + "numRef")):
        formula = ref.find(NS_C + "f").text
        cache_el = ref.find(NS_C + "strCache")
        if cache_el is None:
            cache_el = ref.find(NS_C + "numCache")
        count = int(cache_el.find(NS_C + "ptCount").get("val"))
        cache = cached(cache_el)
        values = cells(ws, formula)
        assert len(values) == count, (name, formula, len(values), count)
        for i, v in enumerate(values):
            assert same(v, cache.get(i)), (name, formula, i, v, cache.get(i))
        refs += 1
    return refs


def check_values(chart, box, name):
    want = box["chart"]
    plot = chart.plots[0]
    cats = [str(c) for c in plot.categories]
    assert cats == want["categories"], (name, cats, want["categories"])
    series = list(plot.series)
    assert [s.name for s in series] == [s["name"] for s in want["series"]], name
    for s, w in zip(series, want["series"]):
        got = list(s.values)
        assert len(got) == len(w["values"]), (name, s.name)
        for g, e in zip(got, w["values"]):
            assert (g is None and e is None) or (g is not None and e is not None and abs(g - e) <= 1e-9 * max(1, abs(e))), (name, s.name, g, e)


def pdf_words(pdf, page):
    html = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), pdf, "-"],
                          capture_output=True, text=True, check=True).stdout
    words = []
    for m in re.finditer(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', html):
        x0, y0, x1, y1 = map(float, m.groups()[:4])
        words.append((x0, y0, x1, y1, m.group(5)))
    return words


def unescape(s):
    return s.replace("&amp;", "&").replace("&lt;", "<").replace("&quot;", '"').replace("&gt;", ">")


def shown(words, text, frame):
    """Is `text` drawn inside `frame` (pt; 2 pt tolerance), horizontally or at 45 degrees?"""
    x, y, w, h = frame
    inside = [(x0, y0, x1, y1, unescape(t)) for (x0, y0, x1, y1, t) in words
              if x0 >= x - 2 and x1 <= x + w + 2 and y0 >= y - 2 and y1 <= y + h + 2]
    want = "".join(text.split())
    # Spaces dropped: pdftotext splits words where LibreOffice autospaces (`9` `월`).
    return want in "".join(t for *_, t in inside)


def raw_lines(pdf, page):
    """The page's text in drawing order, one string per line without spaces: rotated labels
    (LibreOffice turns crowded category labels 45 degrees) come out whole here, where the
    word boxes split them glyph by glyph."""
    raw = subprocess.run(["pdftotext", "-raw", "-f", str(page), "-l", str(page), pdf, "-"],
                         capture_output=True, text=True, check=True).stdout
    return ["".join(line.split()) for line in raw.splitlines()]


def check_pdf(pdf, page, box, name):
    r = box["rect_emu"]
    frame = tuple(v / 12700 for v in r)
    words = pdf_words(pdf, page)
    want = box["chart"]
    for key in ("title", "x_title", "y_title"):
        t = want.get(key)
        if t and not (key == "y_title"):
            assert shown(words, t, frame), (name, key, t)
        elif t:
            # A rotated title: pdftotext gives its words too, possibly one glyph group each.
            letters = "".join(w[4] for w in words)
            assert t.replace(" ", "") in letters.replace(" ", "") or shown(words, t, frame), (name, key, t)
    cats = [c for c in want["categories"] if c.strip()]
    if not any(shown(words, c, frame) for c in cats):
        # Rotated labels: drawn (in the page's text) and glyphs below the plot in the frame.
        lines = raw_lines(pdf, page)
        x, y, w, h = frame
        low = [t for (x0, y0, x1, y1, t) in words if x <= x0 and x1 <= x + w and y + h / 2 <= y0 <= y + h]
        assert low and any("".join(c.split()) in lines for c in cats), (name, "no category label")


def main():
    pptx, layout_path = sys.argv[1], sys.argv[2]
    pdf = sys.argv[3] if len(sys.argv) > 3 else None
    prs = Presentation(pptx)
    layout = json.load(open(layout_path))
    n = 0
    for page, (slide, ls) in enumerate(zip(prs.slides, layout["slides"]), start=1):
        boxes = {b["element_id"]: b for b in ls["boxes"]}
        for sh in slide.shapes:
            if not sh.has_chart:
                continue
            box = boxes[sh.name]
            name = f'{ls["id"]}/{sh.name}'
            assert (sh.left, sh.top, sh.width, sh.height) == tuple(box["rect_emu"]), name
            check_values(sh.chart, box, name)
            check_workbook(sh.chart, name)
            if pdf:
                check_pdf(pdf, page, box, name)
            n += 1
    want = sum(1 for s in layout["slides"] for b in s["boxes"] if "chart" in b)
    assert n == want, (n, want)
    print(n)


if __name__ == "__main__":
    main()
