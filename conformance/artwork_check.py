#!/usr/bin/env python3
"""Text on template artwork, judged by LibreOffice's own rendering (issue 45, item 1).

For each deck on each template: render it with specrender (PPTX, QC report, `--layout` with
every laid line's ink), blank every text run of the PPTX's slides (`<a:t>` emptied, fields removed: the
boxes, their fills and the template stay), have LibreOffice draw that text-free copy, and look
under each laid line's ink rectangle in the picture. A line is on artwork as LibreOffice draws
it when 5 % or more of the pixels under its ink differ from the slide's background — the
slide's most common colour in the text-free picture (max channel difference over 24). Each
such line must be reported by QC: an `overlaps_artwork` of its box naming the line, or an
`overlap` of its box with a decoration (the box-level report). Lines reported that LibreOffice
shows clear are counted too (QC stricter than what is drawn). A line whose whole box is on
artwork or its own fill in the picture (98 % of it) sits on a band and is counted apart.

Contrast, judged the same way (issue 45, item 2): for every laid line of a text box (slide
numbers and citations too) the text colour `--layout` gives it is compared with each pixel under
its ink in the text-free drawing; LibreOffice shows the line below WCAG AA when 5 % or more of
those pixels are below 4.5:1 (3:1 for 18 pt, or 14 pt bold). Each such line's box must carry a
`low_contrast` (QC reports the worst line of a box). Boxes QC reports whose every line is drawn
clear are counted as stricter. The exit status is the artwork check's only; the contrast columns
are a measurement.

Charts (drawn across their box) and table cells (their own fills) are left out: what is under
them in the text-free copy is themselves. Limits, reported as such: a slide whose background is
not its most common colour (a photo master) counts its lines as on artwork; a line on artwork
under its whole box (a band the text is meant to sit on) is by rule not an `overlaps_artwork`
(contrast judges it) and is listed apart.

    python3 conformance/artwork_check.py [--fast] [--out target/artwork-check]
      --fast   the fixture templates only (Focus, Vivid, the panel and banner fixtures); else
               also the photo-background fixture and
               LibreOffice's own Impress templates (share/template/common/presnt/*.otp),
               converted to .pptx with soffice

Needs soffice, pdftoppm, Pillow, and target/release/specrender. Writes report.json and prints
a table; exits 1 when a line on artwork is not reported (outside the limits above).
"""

import argparse
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / "target" / "release" / "specrender"
FIXTURES = ROOT / "tests" / "fixtures" / "templates"
LO_TEMPLATES = Path("/usr/lib/libreoffice/share/template/common/presnt")
DECKS = [ROOT / "examples" / "quarterly-review.json", ROOT / "golden/slides/template_lo_focus/input.json"]
DPI = 72
EMU_PER_PX = 914400 / DPI
SHARE = 0.05
TOLERANCE = 24


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, timeout=600, **kw)


def templates(fast, work):
    fixtures = ("libreoffice-focus.pptx", "libreoffice-vivid.potx", "edited-artwork.pptx", "edited-picture-banner.pptx")
    out = [FIXTURES / n for n in fixtures]
    if fast:
        return out
    # A photo background: every line is on artwork by this check's measure (a limit, above).
    out.append(FIXTURES / "edited-picture-background.pptx")
    if not LO_TEMPLATES.is_dir():
        return out
    conv = work / "lo-templates"
    conv.mkdir(parents=True, exist_ok=True)
    for otp in sorted(LO_TEMPLATES.glob("*.otp")):
        target = conv / (otp.stem + ".pptx")
        if not target.exists():
            run(["soffice", "--headless", "--convert-to", "pptx", "--outdir", str(conv), str(otp)])
        if target.exists():
            out.append(target)
    return out


def blank_text(src, dst):
    """`src` with every text run of its slides emptied (a:t elements kept, their text gone) and
    every field removed."""
    with zipfile.ZipFile(src) as zi, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zo:
        for info in zi.infolist():
            data = zi.read(info.filename)
            if re.match(r"ppt/slides/slide\d+\.xml$", info.filename):
                data = re.sub(rb"<a:t>[^<]*</a:t>", b"<a:t></a:t>", data)
                # A field (the slide number) is drawn by LibreOffice whatever its text says.
                data = re.sub(rb"<a:fld [^>]*>.*?</a:fld>", b"", data, flags=re.S)
            zo.writestr(info, data)


def pictures(pptx, work):
    """LibreOffice's drawing of each slide of `pptx`, as RGB images."""
    pdf = work / (pptx.stem + ".pdf")
    run(["soffice", "--headless", "--convert-to", "pdf", "--outdir", str(work), str(pptx)])
    if not pdf.exists():
        return []
    prefix = work / (pptx.stem + "-p")
    run(["pdftoppm", "-r", str(DPI), "-png", str(pdf), str(prefix)])
    files = sorted(work.glob(pptx.stem + "-p-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    return [Image.open(f).convert("RGB") for f in files]


def background(img):
    colors = img.getcolors(img.width * img.height)
    return max(colors)[1]


def on_artwork(img, bg, ink):
    x, y, w, h = ink
    box = (int(x / EMU_PER_PX), int(y / EMU_PER_PX), int((x + w) / EMU_PER_PX) + 1, int((y + h) / EMU_PER_PX) + 1)
    box = (max(0, box[0]), max(0, box[1]), min(img.width, box[2]), min(img.height, box[3]))
    if box[2] <= box[0] or box[3] <= box[1]:
        return 0.0
    crop = img.crop(box)
    px = list(crop.get_flattened_data() if hasattr(crop, 'get_flattened_data') else crop.getdata())
    off = sum(1 for p in px if max(abs(p[i] - bg[i]) for i in range(3)) > TOLERANCE)
    return off / len(px)


def luminance(c):
    def ch(v):
        v /= 255.0
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    return 0.2126 * ch(c[0]) + 0.7152 * ch(c[1]) + 0.0722 * ch(c[2])


def low_share(img, ink, fg, minimum):
    """The share of the pixels under `ink` against which colour `fg` is below `minimum`."""
    x, y, w, h = ink
    box = (int(x / EMU_PER_PX), int(y / EMU_PER_PX), int((x + w) / EMU_PER_PX) + 1, int((y + h) / EMU_PER_PX) + 1)
    box = (max(0, box[0]), max(0, box[1]), min(img.width, box[2]), min(img.height, box[3]))
    if box[2] <= box[0] or box[3] <= box[1]:
        return 0.0
    crop = img.crop(box)
    lf = luminance(fg)
    low, n = 0, 0
    for count, p in crop.getcolors(crop.width * crop.height):
        lp = luminance(p)
        ratio = (max(lf, lp) + 0.05) / (min(lf, lp) + 0.05)
        n += count
        if ratio < minimum:
            low += count
    return low / n if n else 0.0


def reported(qc):
    """(slide, element) -> set of (paragraph, line) QC reports on artwork; and the boxes with a
    box-level overlap with a decoration."""
    lines, boxes = {}, set()
    for i in qc["issues"]:
        key = (i.get("slide_id"), i.get("element_id"))
        if i["type"] == "overlaps_artwork":
            s = lines.setdefault(key, set())
            for l in i["details"].get("lines", []):
                s.add((l["paragraph"], l["line"]))
        elif i["type"] == "overlap" and "decoration" in i["details"]:
            boxes.add(key)
    return lines, boxes


def check(deck, template, work):
    name = f"{deck.stem}@{template.stem}"
    d = work / name
    d.mkdir(parents=True, exist_ok=True)
    pptx, qcp, lay = d / "deck.pptx", d / "qc.json", d / "layout.json"
    r = run([str(BIN), "render", str(deck), "--template", str(template), "-o", str(pptx), "--qc", str(qcp), "--layout", str(lay)])
    if not pptx.exists():
        return {"case": name, "error": r.stderr.strip()[-300:]}
    blank = d / "blank.pptx"
    blank_text(pptx, blank)
    imgs = pictures(blank, d)
    qc, layout = json.loads(qcp.read_text()), json.loads(lay.read_text())
    rep_lines, rep_boxes = reported(qc)
    res = {"case": name, "lines": 0, "on_art": 0, "reported": 0, "band": 0, "missed": [], "stricter": 0, "slides": len(layout["slides"]),
           "low_drawn": 0, "low_reported": 0, "low_missed": [], "low_stricter": 0}
    low_boxes = {(i.get("slide_id"), i.get("element_id")) for i in qc["issues"] if i["type"] == "low_contrast"}
    if len(imgs) != len(layout["slides"]):
        res["error"] = f"LibreOffice drew {len(imgs)} pages for {len(layout['slides'])} slides"
        return res
    for img, s in zip(imgs, layout["slides"]):
        bg = background(img)
        contrast(res, img, s, low_boxes)
        for b in s["boxes"]:
            if b["kind"] in ("chart", "table") or b["element_id"].startswith("_"):
                continue
            key = (s["id"], b["element_id"])
            # Artwork (or the box's own fill) under the whole box: a band.
            band = on_artwork(img, bg, b["rect_emu"]) >= 0.98
            for ink in b.get("inks", []):
                if "row" in ink:
                    continue
                res["lines"] += 1
                share = on_artwork(img, bg, ink["ink_emu"])
                said = (ink["paragraph"], ink["line"]) in rep_lines.get(key, set()) or key in rep_boxes
                if share >= SHARE:
                    res["on_art"] += 1
                    if said:
                        res["reported"] += 1
                    elif band:
                        res["band"] += 1
                    else:
                        res["missed"].append({"slide": s["id"], "element": b["element_id"], "paragraph": ink["paragraph"], "line": ink["line"], "share": round(share, 3)})
                elif said:
                    res["stricter"] += 1
    return res


def contrast(res, img, s, low_boxes):
    """The contrast columns of slide `s` (see the module docs) into `res`."""
    for b in s["boxes"]:
        if b["kind"] in ("chart", "table") or "color" not in b:
            continue
        key = (s["id"], b["element_id"])
        fg = tuple(int(b["color"][i:i + 2], 16) for i in (1, 3, 5))
        pt = b.get("font_pt", 0)
        minimum = 3.0 if pt >= 18 or (b.get("bold") and pt >= 14) else 4.5
        low_lines = 0
        for ink in b.get("inks", []):
            if "row" in ink:
                continue
            if low_share(img, ink["ink_emu"], fg, minimum) >= SHARE:
                low_lines += 1
                res["low_drawn"] += 1
                if key in low_boxes:
                    res["low_reported"] += 1
                else:
                    res["low_missed"].append({"slide": s["id"], "element": b["element_id"], "paragraph": ink["paragraph"], "line": ink["line"], "color": b["color"]})
        if low_lines == 0 and key in low_boxes:
            res["low_stricter"] += 1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--fast", action="store_true")
    ap.add_argument("--out", default=str(ROOT / "target" / "artwork-check"))
    a = ap.parse_args()
    work = Path(a.out)
    # Everything but the converted LibreOffice templates (slow to make, the same every run).
    if work.exists():
        for p in work.iterdir():
            if p.name != "lo-templates":
                shutil.rmtree(p) if p.is_dir() else p.unlink()
    work.mkdir(parents=True, exist_ok=True)
    results = [check(deck, t, work) for t in templates(a.fast, work) for deck in DECKS]
    (work / "report.json").write_text(json.dumps(results, indent=2))
    print(f"{'case':58} {'lines':>6} {'on art':>7} {'reported':>9} {'band':>5} {'missed':>7} {'stricter':>9} {'low':>5} {'low rep':>8} {'low miss':>9} {'low strict':>11}")
    missed = 0
    for r in results:
        if "error" in r and "lines" not in r:
            print(f"{r['case']:58} error: {r['error']}")
            continue
        print(f"{r['case']:58} {r['lines']:6} {r['on_art']:7} {r['reported']:9} {r['band']:5} {len(r['missed']):7} {r['stricter']:9} {r['low_drawn']:5} {r['low_reported']:8} {len(r['low_missed']):9} {r['low_stricter']:11}" + (f"  ({r['error']})" if "error" in r else ""))
        missed += len(r["missed"])
    tot = lambda k: sum(r.get(k, 0) for r in results)
    low_missed = sum(len(r.get("low_missed", [])) for r in results)
    print(f"{'all':58} {tot('lines'):6} {tot('on_art'):7} {tot('reported'):9} {tot('band'):5} {missed:7} {tot('stricter'):9} {tot('low_drawn'):5} {tot('low_reported'):8} {low_missed:9} {tot('low_stricter'):11}")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
