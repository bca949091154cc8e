"""Preview fidelity against LibreOffice (issue 22): do our previews put ink where LibreOffice
draws it?

For every deck (the golden slide cases, on their templates, and the slide examples): render
it once with `specrender render --autofit none --layout L.json --preview DIR` (the PPTX and
the previews come from the same laid-out deck), convert the PPTX to PDF with LibreOffice
headless (private profile, only the shipped fonts: conformance.fontconfig), and rasterise
each page with pdftoppm to exactly the preview's pixel size. Then, per laid-out box:

- text boxes (`text`, `bullets`): the ink bounding box inside the box's rectangle (2 px
  around it) in our preview and in LibreOffice's page; "ink" is every pixel whose colour is
  further than INK_DELTA from the region's most common colour (its background). The two
  boxes' intersection over union (IoU) is the figure; bar: IoU >= 0.9 on >= 98 % of boxes.
- pictures, tables, charts: the same ink bounding box; bar: every edge within 2 px.

Colour emoji: LibreOffice 7.4's PDF export draws none (it embeds Noto Color Emoji as a
TrueType subset without its CBDT bitmaps, so pdftoppm finds no glyph), while its own raster
export (impress_png_Export, the same drawing layer as its screen) draws them in colour. So a
text box whose text holds an emoji is compared with that export of its slide instead (the deck
cut to that one slide, exported at the preview's exact size); such boxes are marked
`"reference": "png-export"` and counted, and their figures are printed on their own line.

Boxes with no ink in either image are not counted. Usage (conformance/run.sh --preview
installs what this needs):
    python3 conformance/preview_fidelity.py [--fast] [--only golden-korean,...] [--width 1280]

Writes target/preview-fidelity/report.json (every box) and side-by-side PNGs of the worst
boxes' slides, prints per-language figures, and exits 1 when a bar is missed.
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

from PIL import Image, ImageChops

sys.path.insert(0, str(Path(__file__).resolve().parent))
import conformance  # noqa: E402  (fontconfig, run)

ROOT = Path(__file__).resolve().parent.parent
INK_DELTA = 60
MARGIN_PX = 2
BARS = {"text_iou": 0.9, "text_share_min": 0.98, "placed_px": 2}
TEXT_KINDS = ("text", "bullets")
PLACED_KINDS = ("image", "table", "chart")  # layout.json calls a picture box "image"


def decks(fast):
    out = [(f"golden-{p.parent.name}", p) for p in sorted((ROOT / "golden" / "slides").glob("*/input.json"))]
    if not fast:
        out += [(p.stem, p) for p in sorted((ROOT / "examples").glob("*.json"))
                if '"docspec_v1"' not in p.read_text()]
    return out


def template_of(path):
    opts = Path(path).parent / "options.json"
    if Path(path).name == "input.json" and opts.exists():
        t = json.loads(opts.read_text()).get("template")
        if t:
            return ["--template", str(ROOT / "tests" / "fixtures" / "templates" / t)]
    return []


def slide_size(pptx):
    with zipfile.ZipFile(pptx) as z:
        xml = z.read("ppt/presentation.xml").decode("utf-8", "replace")
    m = re.search(r'<p:sldSz[^>]*\bcx="(\d+)"[^>]*\bcy="(\d+)"', xml)
    return int(m.group(1)), int(m.group(2))


def script_of(text):
    """The box's language by its letters: ko, ja, zh, ar, he, th, hi, else latin."""
    counts = {}
    for ch in text:
        c = ord(ch)
        k = ("ko" if 0xAC00 <= c <= 0xD7AF or 0x1100 <= c <= 0x11FF or 0x3130 <= c <= 0x318F
             else "ja" if 0x3040 <= c <= 0x30FF
             else "zh" if 0x4E00 <= c <= 0x9FFF
             else "ar" if 0x0600 <= c <= 0x06FF
             else "he" if 0x0590 <= c <= 0x05FF
             else "th" if 0x0E00 <= c <= 0x0E7F
             else "hi" if 0x0900 <= c <= 0x097F
             else "latin" if ch.isalpha() else None)
        if k:
            counts[k] = counts.get(k, 0) + 1
    if not counts:
        return "latin"
    # Kana anywhere makes it Japanese (Japanese text is mostly Han).
    if counts.get("ja"):
        return "ja"
    return max(sorted(counts), key=lambda k: counts[k])


def box_text(b):
    return " ".join(l for p in b.get("paragraphs", []) for l in p.get("lines", []))


def ink_bbox(img, rect):
    """(x0, y0, x1, y1) of the ink in `rect` (px, clipped to the image), or None."""
    w, h = img.size
    x0, y0 = max(0, int(rect[0]) - MARGIN_PX), max(0, int(rect[1]) - MARGIN_PX)
    x1, y1 = min(w, int(rect[2] + 0.999) + MARGIN_PX), min(h, int(rect[3] + 0.999) + MARGIN_PX)
    if x1 <= x0 or y1 <= y0:
        return None
    crop = img.crop((x0, y0, x1, y1))
    colors = crop.getcolors(maxcolors=(x1 - x0) * (y1 - y0) + 1)
    bg = max(colors, key=lambda c: c[0])[1]
    diff = ImageChops.difference(crop, Image.new("RGB", crop.size, bg))
    r, g, b = diff.split()
    mask = ImageChops.lighter(ImageChops.lighter(r, g), b).point(lambda v: 255 if v > INK_DELTA else 0)
    bb = mask.getbbox()
    if not bb:
        return None
    return (bb[0] + x0, bb[1] + y0, bb[2] + x0, bb[3] + y0)


def has_emoji(text):
    """Does the text hold a character LibreOffice draws from the colour emoji face: a
    pictograph (U+1F000 and up: emoji, flags' regional indicators, skin tones), a dingbat or
    miscellaneous symbol (U+2600-27BF), or an emoji presentation selector or keycap?"""
    return any(ord(ch) >= 0x1F000 or 0x2600 <= ord(ch) <= 0x27BF or ch in "\ufe0f\u20e3" for ch in text)


def one_slide(pptx, index, dest):
    """A copy of `pptx` that shows only its slide `index` (0-based): the others' entries are
    left out of presentation.xml's slide list (their parts stay; LibreOffice loads the list)."""
    with zipfile.ZipFile(pptx) as z, zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as out:
        for item in z.infolist():
            data = z.read(item.filename)
            if item.filename == "ppt/presentation.xml":
                xml = data.decode("utf-8")
                ids = re.findall(r"<p:sldId\b[^>]*/>", xml)
                for i, sid in enumerate(ids):
                    if i != index:
                        xml = xml.replace(sid, "", 1)
                data = xml.encode("utf-8")
            out.writestr(item, data)


def png_exports(jobs, out, conf, width, height):
    """LibreOffice's raster export of each (pptx, dest.png) at width x height px: the first
    (only) slide of each deck, drawn with colour emoji."""
    env = dict(os.environ, FONTCONFIG_FILE=str(conf), SAL_USE_VCLPLUGIN="svp")
    profile = out / "lo-profile"
    opts = json.dumps({"PixelWidth": {"type": "long", "value": str(width)},
                       "PixelHeight": {"type": "long", "value": str(height)}})
    tmp = out / "png-export"
    tmp.mkdir(exist_ok=True)
    for pptx, dest in jobs:
        r = conformance.run(["timeout", "300", "soffice", f"-env:UserInstallation=file://{profile}", "--headless",
                             "--convert-to", f"png:impress_png_Export:{opts}", "--outdir", str(tmp), str(pptx)],
                            env=env)
        made = tmp / (Path(pptx).stem + ".png")
        if r.returncode == 0 and made.exists():
            made.replace(dest)


def iou(a, b):
    if not a or not b:
        return 0.0
    ix = max(0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    area = lambda r: (r[2] - r[0]) * (r[3] - r[1])
    union = area(a) + area(b) - inter
    return inter / union if union else 0.0


def side_by_side(ours, theirs, boxes, path):
    from PIL import ImageDraw
    w, h = ours.size
    img = Image.new("RGB", (2 * w + 8, h), (255, 255, 255))
    img.paste(ours, (0, 0))
    img.paste(theirs, (w + 8, 0))
    d = ImageDraw.Draw(img)
    for b in boxes:
        for off, bb, col in ((0, b["ours_px"], (220, 0, 0)), (w + 8, b["lo_px"], (0, 80, 220))):
            if bb:
                d.rectangle([bb[0] + off, bb[1], bb[2] + off, bb[3]], outline=col, width=1)
    img.save(path)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--fast", action="store_true", help="golden slide cases only")
    ap.add_argument("--only", default="", help="decks whose name starts with one of these (comma-separated)")
    ap.add_argument("--width", type=int, default=1280)
    ap.add_argument("--out", default=str(ROOT / "target" / "preview-fidelity"))
    ap.add_argument("--bin", default=str(ROOT / "target" / "release" / "specrender"))
    args = ap.parse_args()
    out = Path(args.out).resolve()
    shutil.rmtree(out, ignore_errors=True)
    (out / "decks").mkdir(parents=True)
    (out / "png").mkdir()
    todo = decks(args.fast)
    if args.only:
        todo = [(n, p) for n, p in todo if n.startswith(tuple(args.only.split(",")))]

    rendered = []
    for name, path in todo:
        base = out / "decks" / name
        r = conformance.run([args.bin, "render", str(path), "-o", f"{base}.pptx", "--qc", f"{base}.qc.json",
                             "--layout", f"{base}.layout.json", "--autofit", "none", "--preview", f"{base}.preview",
                             "--preview-width", str(args.width), *template_of(path)])
        if r.returncode > 1:
            print(f"FAIL {name}: specrender exit {r.returncode}: {r.stderr.strip()[:300]}", file=sys.stderr)
            continue
        rendered.append((name, base, path))
    conf = conformance.fontconfig(out)
    conformance.convert_all([(n, b) for n, b, _ in rendered], out, conf)

    rows, problems = [], []
    for name, base, path in rendered:
        pdf = Path(f"{base}.pdf")
        if not pdf.exists():
            problems.append(f"{name}: LibreOffice made no PDF")
            continue
        layout = json.loads(Path(f"{base}.layout.json").read_text())
        cx, cy = slide_size(f"{base}.pptx")
        s = args.width / cx
        height = round(cy * s)
        lo_prefix = out / "decks" / f"{name}.lo"
        r = conformance.run(["pdftoppm", "-png", "-scale-to-x", str(args.width), "-scale-to-y", str(height),
                             str(pdf), str(lo_prefix)])
        if r.returncode != 0:
            problems.append(f"{name}: pdftoppm failed: {r.stderr.strip()[:200]}")
            continue
        pages = sorted(out.joinpath("decks").glob(f"{name}.lo-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
        previews = sorted(Path(f"{base}.preview").glob("*.png"))
        if not (len(pages) == len(previews) == len(layout["slides"])):
            problems.append(f"{name}: {len(pages)} pages, {len(previews)} previews, {len(layout['slides'])} slides")
            continue
        lang = json.loads(Path(path).read_text()).get("deck", {}).get("language", "")
        # Slides with an emoji in a text box: LibreOffice's raster export of that slide alone.
        exports = {}
        for si, slide in enumerate(layout["slides"]):
            if any(b["kind"] in TEXT_KINDS and has_emoji(box_text(b)) for b in slide["boxes"]):
                one = out / "decks" / f"{name}.slide{si + 1}.pptx"
                one_slide(f"{base}.pptx", si, one)
                exports[si] = (one, out / "decks" / f"{name}.lo-export-{si + 1}.png")
        png_exports(exports.values(), out, conf, args.width, height)
        for si, (slide, page, prev) in enumerate(zip(layout["slides"], pages, previews)):
            theirs = Image.open(page).convert("RGB")
            ours = Image.open(prev).convert("RGB")
            export = None
            if si in exports:
                if exports[si][1].exists():
                    export = Image.open(exports[si][1]).convert("RGB")
                else:
                    problems.append(f"{name} {slide['id']}: LibreOffice's PNG export made no image")
            if theirs.size != ours.size:
                problems.append(f"{name} {slide['id']}: LibreOffice page {theirs.size}, preview {ours.size}")
                continue
            slide_rows = []
            for b in slide["boxes"]:
                if b["kind"] not in TEXT_KINDS + PLACED_KINDS:
                    continue
                x, y, w, h = b["rect_emu"]
                rect = (x * s, y * s, (x + w) * s, (y + h) * s)
                emoji = b["kind"] in TEXT_KINDS and has_emoji(box_text(b))
                ref = export if emoji and export is not None and export.size == ours.size else theirs
                a, t = ink_bbox(ours, rect), ink_bbox(ref, rect)
                if not a and not t:
                    continue
                row = {"deck": name, "slide": slide["id"], "element": b["element_id"], "kind": b["kind"],
                       "reference": "png-export" if ref is export else "pdf",
                       "lang": script_of(box_text(b)) if b["kind"] in TEXT_KINDS else lang,
                       "anchor": b.get("anchor"), "font_pt": b.get("font_pt"), "px_per_pt": s * 12700,
                       "ours_px": a, "lo_px": t, "page": str(page), "preview": str(prev)}
                if b["kind"] in TEXT_KINDS:
                    row["iou"] = round(iou(a, t), 4)
                    row["ok"] = row["iou"] >= BARS["text_iou"]
                else:
                    d = max(abs(p - q) for p, q in zip(a, t)) if a and t else None
                    row["max_edge_px"] = d
                    row["ok"] = d is not None and d <= BARS["placed_px"]
                slide_rows.append(row)
            rows += slide_rows
            bad = [r for r in slide_rows if not r["ok"]]
            if bad and len(list((out / "png").iterdir())) < 40:
                side_by_side(ours, theirs, bad, out / "png" / f"{name}-{slide['id']}.png")

    text = [r for r in rows if r["kind"] in TEXT_KINDS]
    placed = [r for r in rows if r["kind"] in PLACED_KINDS]
    by_lang = {}
    for r in text:
        by_lang.setdefault(r["lang"], []).append(r)
    langs = {k: {"boxes": len(v), "iou_ok": sum(r["ok"] for r in v),
                 "share": round(sum(r["ok"] for r in v) / len(v), 4),
                 "median_iou": sorted(r["iou"] for r in v)[len(v) // 2]}
             for k, v in sorted(by_lang.items())}
    by_kind = {}
    for r in placed:
        by_kind.setdefault(r["kind"], []).append(r)
    kinds = {k: {"boxes": len(v), "within_2px": sum(r["ok"] for r in v)} for k, v in sorted(by_kind.items())}
    share = sum(r["ok"] for r in text) / len(text) if text else 0.0
    summary = {"decks": len(rendered), "slides": len({(r["deck"], r["slide"]) for r in rows}),
               "text_boxes": len(text), "text_iou_ok": sum(r["ok"] for r in text), "text_share": round(share, 4),
               "by_language": langs, "placed": kinds, "problems": problems,
               "emoji_text_boxes": {"boxes": sum(r["reference"] == "png-export" for r in text),
                                    "iou_ok": sum(r["ok"] for r in text if r["reference"] == "png-export")}}
    ok = not problems and text and share >= BARS["text_share_min"] and all(r["ok"] for r in placed)
    summary["pass"] = bool(ok)
    (out / "report.json").write_text(json.dumps({"summary": summary, "bars": BARS, "boxes": rows},
                                                ensure_ascii=False, indent=1))
    print(f"preview fidelity vs LibreOffice at {args.width} px: {summary['decks']} decks, {summary['slides']} slides")
    print(f"  text boxes with ink IoU >= {BARS['text_iou']}: {summary['text_iou_ok']}/{len(text)} = "
          f"{100 * share:.2f}%   (bar >= {100 * BARS['text_share_min']:.0f}%)")
    for k, v in langs.items():
        print(f"      {k:<6} {v['iou_ok']}/{v['boxes']} = {100 * v['share']:.1f}%, median IoU {v['median_iou']}")
    emoji = [r for r in text if r["reference"] == "png-export"]
    if emoji:
        print(f"      emoji  {sum(r['ok'] for r in emoji)}/{len(emoji)} text boxes with colour emoji "
              f"(vs LibreOffice's PNG export), IoU {', '.join(str(r['iou']) for r in emoji)}")
    for k, v in kinds.items():
        print(f"  {k:<8} within {BARS['placed_px']} px: {v['within_2px']}/{v['boxes']}")
    worst = sorted((r for r in text if not r["ok"]), key=lambda r: r["iou"])[:10]
    for r in worst:
        print(f"      {r['deck']} {r['slide']}/{r['element']} ({r['lang']}): IoU {r['iou']} ours {r['ours_px']} LO {r['lo_px']}")
    for r in [r for r in placed if not r["ok"]][:10]:
        print(f"      {r['deck']} {r['slide']}/{r['element']} ({r['kind']}): max edge {r['max_edge_px']} px "
              f"ours {r['ours_px']} LO {r['lo_px']}")
    for p in problems:
        print(f"  PROBLEM {p}")
    print(f"  report: {out / 'report.json'}; side by side (ours | LibreOffice): {out / 'png'}")
    print("PASS" if ok else "FAIL")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
