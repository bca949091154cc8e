"""Citations and slide numbers read back with python-pptx (called by tools/check-readers.sh).

Usage: python3 tools/check_citations.py DECK.json OUT.pptx OUT.layout.json

Checks, against the input deck and the laid-out boxes:
  - every element with `citations` shows its key `[n…]` (glued by a no-break space) in the
    shape named after it on at least one output slide of its source slide — or carries no
    text the key could go to (pictures, dividers, elements without text);
  - every `_citations` footer reads `n. …` entries, in increasing order, and every number it
    lists has its `[n] …` line in that slide's speaker notes under `Sources:`;
  - every citation a source slide defines or references is in the notes of its first output
    slide (the details always go to the notes);
  - every `_slide_number` shape holds one `a:fld type="slidenum"` whose text is the slide's
    position (1-based).
Prints "<keys> keys, <footers> footers, <numbers> slide numbers" on success.
"""

import json
import re
import sys

from pptx import Presentation

NS_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"


def main(deck_path, pptx_path, layout_path):
    deck = json.load(open(deck_path))
    prs = Presentation(pptx_path)
    layout = json.load(open(layout_path))
    slides = list(prs.slides)
    assert len(slides) == len(layout["slides"])
    by_source = {}
    for s, ls in zip(slides, layout["slides"]):
        by_source.setdefault(ls["source_id"], []).append(s)
    keys = footers = numbers = 0
    for src in deck["deck"]["slides"]:
        outs = by_source.get(src["slide_id"], [])
        assert outs, src["slide_id"]
        for el in src["elements"]:
            if not el.get("citations"):
                continue
            content = el.get("content") or {}
            carrier = content.get("text") or content.get("items") or content.get("title")
            if not carrier or el["kind"] in ("image", "divider"):
                continue
            texts = [sh.text_frame.text for s in outs for sh in s.shapes
                     if sh.name == el["element_id"] and sh.has_text_frame]
            texts += [c.text for s in outs for sh in s.shapes
                      if sh.name == el["element_id"] and sh.has_table
                      for row in sh.table.rows for c in row.cells]
            texts += [sh.chart.chart_title.text_frame.text for s in outs for sh in s.shapes
                      if sh.name == el["element_id"] and sh.has_chart and sh.chart.has_title]
            assert any(re.search("\u00a0\\[[0-9, –]+\\]", t) for t in texts), (src["slide_id"], el["element_id"], texts)
            keys += 1
        first = outs[0]
        notes = first.notes_slide.notes_text_frame.text if first.has_notes_slide else ""
        cited = {c["id"] for c in src.get("citations", [])}
        cited |= {r["citation_id"] for e in src["elements"] for r in e.get("citations", [])}
        if cited:
            assert "Sources:" in notes, (src["slide_id"], notes)
            lines = notes.split("Sources:", 1)[1].strip().splitlines()
            assert len([l for l in lines if re.match(r"\[\d+\] ", l)]) >= len(cited), (src["slide_id"], lines)
    for i, s in enumerate(slides):
        for sh in s.shapes:
            if sh.name == "_citations":
                text = sh.text_frame.text
                listed = [int(n) for n in re.findall(r"(?:^|; )(\d+)\. ", text)]
                assert listed and listed == sorted(listed), (i, text)
                notes = s.notes_slide.notes_text_frame.text if s.has_notes_slide else ""
                for n in listed:
                    assert re.search(rf"^\[{n}\] ", notes, re.M), (i, n, notes)
                footers += 1
            if sh.name == "_slide_number":
                flds = sh._element.findall(f".//{NS_A}fld")
                assert len(flds) == 1 and flds[0].get("type") == "slidenum", (i, sh.name)
                t = flds[0].find(f"{NS_A}t").text
                assert t == str(i + 1), (i, t)
                numbers += 1
    print(f"{keys} keys, {footers} footers, {numbers} slide numbers")


if __name__ == "__main__":
    main(*sys.argv[1:4])
