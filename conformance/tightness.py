"""How tight is the fit? For every text box the fit policy shrank (a `shrink` fix) and QC calls
fitting, the same deck is drawn again by LibreOffice with that box's text 0.5 pt and 1 pt larger
(every run size, line pitch and paragraph spacing of the box scaled by the same factor, exactly
what layout would have written at that size), and the largest of (chosen, +0.5, +1) at which
LibreOffice still shows every line inside the box is compared with the size chosen.

A gap of 0 means the size chosen was the largest LibreOffice can show; 0.5 or more means the
safety margin (5% of the inner height for Latin, 8% with CJK, docs/concepts/engine.md) cost that much size
on LibreOffice. "1" is censored: the text might fit at +1.5 too.
"""

import re
import shutil
import statistics
import zipfile
from pathlib import Path

BUMPS = (0.5, 1.0)


def shrunk_boxes(rendered):
    """(deck name, base path, output slide index, element id, chosen pt) of every shrunk box."""
    import json
    out = []
    for name, base in rendered:
        qc = json.loads(Path(f"{base}.qc.json").read_text())
        layout = json.loads(Path(f"{base}.layout.json").read_text())
        index = {s["id"]: i for i, s in enumerate(layout["slides"])}
        for f in qc.get("fixes", []):
            if f.get("action") != "shrink" or f.get("slide_id") not in index:
                continue
            si = index[f["slide_id"]]
            box = next((b for b in layout["slides"][si]["boxes"]
                        if b["element_id"] == f.get("element_id") and "paragraphs" in b), None)
            if box is None or not box.get("fits") or box.get("columns", 1) > 1:
                continue
            out.append((name, base, si, f["element_id"], float(f["to_pt"])))
    return out


def _scale_shape(xml, element_id, ratio):
    """The slide XML with the text of the shape named `element_id` scaled by `ratio`."""
    pat = re.compile(r'<p:sp>(?:(?!</p:sp>).)*?<p:cNvPr id="\d+" name="' + re.escape(element_id)
                     + r'"(?:(?!</p:sp>).)*</p:sp>', re.S)
    m = pat.search(xml)
    if not m:
        return xml
    sp = m.group(0)
    sp = re.sub(r' sz="(\d+)"', lambda g: f' sz="{round(int(g.group(1)) * ratio)}"', sp)
    sp = re.sub(r'<a:spcPts val="(\d+)"/>', lambda g: f'<a:spcPts val="{round(int(g.group(1)) * ratio)}"/>', sp)
    return xml[:m.start()] + sp + xml[m.end():]


def bumped_decks(boxes, out, bump):
    """One PPTX per deck with every shrunk box `bump` pt larger; returns [(name, pptx path)]."""
    by_deck = {}
    for name, base, si, el, pt in boxes:
        by_deck.setdefault((name, base), []).append((si, el, pt))
    made = []
    d = out / "tight" / f"plus{bump}"
    d.mkdir(parents=True, exist_ok=True)
    for (name, base), items in by_deck.items():
        src = Path(f"{base}.pptx")
        dst = d / f"{name}.pptx"
        with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
            for info in zin.infolist():
                data = zin.read(info.filename)
                m = re.fullmatch(r"ppt/slides/slide(\d+)\.xml", info.filename)
                if m:
                    si = int(m.group(1)) - 1
                    xml = data.decode("utf-8")
                    for (s, el, pt) in items:
                        if s == si:
                            xml = _scale_shape(xml, el, (pt + bump) / pt)
                    data = xml.encode("utf-8")
                zout.writestr(info, data)
        made.append((name, dst))
    return made


def convert(files, outdir, conf, run):
    import os
    env = dict(os.environ, FONTCONFIG_FILE=str(conf), SAL_USE_VCLPLUGIN="svp")
    profile = outdir.parent.parent / "lo-profile"
    for i in range(0, len(files), 40):
        run(["timeout", "900", "soffice", f"-env:UserInstallation=file://{profile}", "--headless",
             "--convert-to", "pdf", "--outdir", str(outdir), *map(str, files[i:i + 40])], env=env)


def measure(rendered, out, conf, ink, run, pdf_pages, analyse_slide):
    """The tightness summary (and per-box rows) for the rendered decks."""
    import json
    boxes = shrunk_boxes(rendered)
    fits_at = {(n, si, el): {0.0: True} for n, _, si, el, _ in boxes}
    for bump in BUMPS:
        made = bumped_decks(boxes, out, bump)
        if not made:
            continue
        outdir = made[0][1].parent
        convert([p for _, p in made], outdir, conf, run)
        for name, pptx in made:
            pdf = pptx.with_suffix(".pdf")
            base = next(b for n, b in rendered if n == name)
            layout = json.loads(Path(f"{base}.layout.json").read_text())
            if not pdf.exists():
                continue
            pages = pdf_pages(pdf)
            if len(pages) != len(layout["slides"]):
                continue
            for (n, _, si, el, pt) in boxes:
                if n != name:
                    continue
                slide = json.loads(json.dumps(layout["slides"][si]))
                for b in slide["boxes"]:
                    if b["element_id"] == el and "font_pt" in b:
                        b["font_pt"] = pt + bump
                res = analyse_slide(name, si, slide, pages[si], ink)
                r = next((b for b in res if b["element"] == el), None)
                found = r is not None and all(p["coverage"] >= 0.9 for p in r["paragraphs"])
                fits_at[(n, si, el)][bump] = bool(found and r["rendered_fits"])
    rows, gaps = [], []
    for n, _, si, el, pt in boxes:
        f = fits_at[(n, si, el)]
        gap = 0.0
        for bump in BUMPS:
            if f.get(bump):
                gap = bump
            else:
                break
        gaps.append(gap)
        rows.append({"deck": n, "slide_index": si, "element": el, "chosen_pt": pt,
                     "largest_fitting_pt": pt + gap, "gap_pt": gap,
                     "fits_plus_0_5": f.get(0.5), "fits_plus_1": f.get(1.0)})
    summary = {
        "shrunk_boxes": len(rows),
        "median_gap_pt": statistics.median(gaps) if gaps else None,
        "gap_0": sum(g == 0.0 for g in gaps),
        "gap_0_5": sum(g == 0.5 for g in gaps),
        "gap_1_or_more": sum(g >= 1.0 for g in gaps),
    }
    return summary, rows


def clean(out):
    shutil.rmtree(out / "tight", ignore_errors=True)
