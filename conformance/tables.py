"""Tables against LibreOffice: per table of a rendered deck, read from LibreOffice's PDF where
the rows really are (the horizontal cell borders), which cell every glyph landed in, and how
many lines each cell took; compare with the laid-out table from `--layout`:

  - predicted row height vs rendered, per row (bar: >= 98% within 1 pt);
  - text outside its cell (a glyph's ink past the cell's rendered rectangle) and the table's
    rendered bottom past its box, for tables QC calls fitting (bar: 0);
  - per cell paragraph, predicted vs rendered line count;
  - python-pptx reads the cell texts back: every input row appears exactly once across the
    table's pages (bar: every table).
"""

import difflib
import unicodedata
import json

EMU_PER_PT = 12700
TOL_PT = 0.05
ROW_TOL_PT = 1.0
BARS = {"row_height_within_1pt_min": 0.98, "fitting_tables_outside_max": 0, "rows_once": True}


def squash(s):
    return "".join(s.split())


def horizontal_rules(page_items, x0, x1):
    """y (PDF space, y up) of the horizontal border segments inside [x0, x1]."""
    ys = []
    for it in page_items:
        if it["h"] < 1.5 and it["x1"] - it["x0"] > 2 and it["x0"] >= x0 - 1 and it["x1"] <= x1 + 1:
            ys.append(round(it["y"], 2))
    ys.sort()
    out = []
    for y in ys:
        if not out or abs(y - out[-1]) > 0.3:
            out.append(y)
    return out


def expected_cells(b):
    """The table's characters in drawing order, each tagged (row, cell, paragraph)."""
    seq = []
    for ri, row in enumerate(b["rows"]):
        for ci, cell in enumerate(row["cells"]):
            for pi, p in enumerate(cell["paragraphs"]):
                for ch in squash("".join(p["lines"])):
                    seq.append((ch, ri, ci, pi))
    return seq


def lines_of(glyphs, size_pt):
    lines = []
    for g in sorted(glyphs, key=lambda g: -g["base"]):
        if lines and abs(g["base"] - lines[-1]) < 0.25 * size_pt:
            continue
        lines.append(g["base"])
    return len(lines)


def _rect_pt(r):
    return [v / EMU_PER_PT for v in r]


def _inside(c, r, ph):
    """Is glyph `c`'s centre inside rect `r` (x, y, w, h in slide pt, y down)?"""
    cx, cy = (c["x0"] + c["x1"]) / 2, ph - c["base"]
    return r[0] <= cx <= r[0] + r[2] and r[1] <= cy <= r[1] + r[3]


def outside_tables(chars, slide, ph):
    """The page's glyphs not inside any table's drawn rectangle (tables' glyphs set aside)."""
    rects = [_rect_pt(b["table_rect_emu"]) for b in slide["boxes"] if b["kind"] == "table"]
    if not rects:
        return chars
    return [c for c in chars if not any(_inside(c, r, ph) for r in rects)]


def inside_table(chars, slide, b, ph):
    """The page's glyphs minus those inside text boxes that do not overlap table `b` (a text
    box repeating a cell's words cannot be matched to the cell)."""
    t = _rect_pt(b["table_rect_emu"])

    def overlaps(r):
        return r[0] < t[0] + t[2] and t[0] < r[0] + r[2] and r[1] < t[1] + t[3] and t[1] < r[1] + r[3]

    others = [_rect_pt(o["rect_emu"]) for o in slide["boxes"] if o is not b and o["kind"] != "table"]
    others = [r for r in others if not overlaps(r)]
    return [c for c in chars if not any(_inside(c, r, ph) for r in others)]


def logical_order(chars):
    """Right-to-left glyph runs (drawn from the left by LibreOffice) back in the order the text
    was written, as conformance.logical_order does for text boxes: without it an Arabic or
    Hebrew cell's glyphs were matched to the wrong cells. A run also ends where the pen jumps
    right by more than a cell's margins (6 + 6 pt): the next cell."""
    out, run = [], []
    for c in chars:
        rtl = any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in c["t"])
        if run and (not rtl or c["x0"] < run[-1]["x0"] - 0.5 or c["x0"] > run[-1]["x1"] + 10
                    or abs(c["base"] - run[-1]["base"]) > 0.5):
            out.extend(reversed(run))
            run.clear()
        (run if rtl else out).append(c)
    out.extend(reversed(run))
    return out


def analyse_table(deck, si, slide, b, page, ink):
    pw, ph, chars, rules = page[0], page[1], page[2], page[-1]
    chars = logical_order(inside_table(chars, slide, b, ph))
    x, y = b["table_rect_emu"][0] / EMU_PER_PT, b["table_rect_emu"][1] / EMU_PER_PT
    widths = [w / EMU_PER_PT for w in b["col_widths_emu"]]
    heights = [h / EMU_PER_PT for h in b["row_heights_emu"]]
    box_bottom = (b["rect_emu"][1] + b["rect_emu"][3]) / EMU_PER_PT
    has_caption = b["rows"] and b["rows"][0]["kind"] == "caption"
    # Rendered row boundaries, top-down in slide space: the caption has no rules, so its
    # top is the frame's top.
    # Only rules within the table's frame: a theme may draw a rule as wide as the table above
    # it (the dark theme's accent rule under the title).
    top, bottom = y - 1, y + sum(heights) + 1
    ys = [ph - v for v in reversed(horizontal_rules(rules, x, x + sum(widths)))]
    ys = [v for v in ys if top <= v <= bottom]
    bounds = ([y] if has_caption else []) + ys
    rows = []
    if len(bounds) == len(heights) + 1:
        for ri, h in enumerate(heights):
            got = bounds[ri + 1] - bounds[ri]
            rows.append({"row": ri, "kind": b["rows"][ri]["kind"], "predicted_pt": round(h, 2),
                         "rendered_pt": round(got, 2), "within_1pt": abs(got - h) <= ROW_TOL_PT})
    else:
        bounds = None
    # Glyphs to cells by sequence alignment of the page's glyph stream with the cells' text.
    flat = [(ch, c) for c in chars for ch in c["t"] if not ch.isspace()]
    exp = expected_cells(b)
    sm = difflib.SequenceMatcher(None, "".join(ch for ch, _ in flat), "".join(e[0] for e in exp),
                                 autojunk=False)
    got = {}
    for a, bb, n in sm.get_matching_blocks():
        for k in range(n):
            _, ri, ci, pi = exp[bb + k]
            g = flat[a + k][1]
            lst = got.setdefault((ri, ci, pi), [])
            if not lst or lst[-1] is not g:
                lst.append(g)
    found = sum(len(v) for v in got.values())
    outside, line_checks = [], []
    col_x = [x + sum(widths[:i]) for i in range(len(widths) + 1)]
    for ri, row in enumerate(b["rows"]):
        for ci, cell in enumerate(row["cells"]):
            span = cell["span"]
            cx0, cx1 = col_x[ci], col_x[min(ci + span, len(widths))]
            cy0 = bounds[ri] if bounds else None
            cy1 = bounds[ri + 1] if bounds else None
            for pi, p in enumerate(cell["paragraphs"]):
                glyphs = got.get((ri, ci, pi), [])
                if p["lines"] and squash("".join(p["lines"])):
                    line_checks.append({"row": ri, "cell": ci, "para": pi,
                                        "predicted": len(p["lines"]), "rendered": lines_of(glyphs, b["font_pt"]),
                                        "found": len(glyphs)})
                for g in glyphs:
                    bnd = ink.bounds(g["font"], g["t"])
                    sz = g["size"]
                    if bnd is None:
                        e = [g["x0"], ph - g["y1"], g["x1"], ph - g["y0"]]
                    else:
                        e = [g["x0"] + bnd[0] * sz, ph - (g["base"] + bnd[3] * sz),
                             g["x0"] + bnd[2] * sz, ph - (g["base"] + bnd[1] * sz)]
                    over = max(cx0 - e[0], e[2] - cx1,
                               (cy0 - e[1]) if cy0 is not None else 0, (e[3] - cy1) if cy1 is not None else 0)
                    if over > TOL_PT:
                        outside.append({"row": ri, "cell": ci, "char": g["t"], "over_pt": round(over, 2)})
    bottom = bounds[-1] if bounds else None
    return {
        "deck": deck, "slide": slide["id"], "page": si + 1, "element": b["element_id"],
        "font_pt": b["font_pt"], "qc_fits": b["fits"], "rows": rows, "rules_found": bounds is not None,
        "rendered_bottom_pt": None if bottom is None else round(bottom, 2),
        "box_bottom_pt": round(box_bottom, 2),
        "bottom_past_box": bottom is not None and bottom > box_bottom + TOL_PT,
        "outside": outside[:20], "outside_count": len(outside),
        "cell_lines": line_checks, "glyphs_found": found, "glyphs_expected": len(exp),
    }


RTL_LANGS = {"ar", "he", "iw", "fa", "ur", "yi", "ps", "sd", "ckb", "dv", "ug"}


def rows_once(pptx_path, layout, deck_json):
    """python-pptx reads every table back: each input row's cell texts appear exactly once, in
    order, across the table's pages (the caption and repeated header rows set aside); a
    right-to-left deck's tables are mirrored (`a:tblPr rtl="1"`), no other deck's are."""
    from pptx import Presentation
    prs = Presentation(pptx_path)
    inputs = {}
    for s in deck_json["deck"]["slides"]:
        for el in s["elements"]:
            if el["kind"] == "table":
                inputs[(s["slide_id"], el["element_id"])] = el["content"]
    seen = {}
    lang = deck_json["deck"].get("language", "").lower().replace("_", "-").split("-")[0]
    rtl_want = lang in RTL_LANGS
    problems = []
    for ls, ps in zip(layout["slides"], prs.slides):
        kinds = {b["element_id"]: b for b in ls["boxes"] if b["kind"] == "table"}
        for sh in ps.shapes:
            if sh.name not in kinds or not getattr(sh, "has_table", False):
                continue
            b = kinds[sh.name]
            rtl = sh.table._tbl.tblPr.get("rtl") in ("1", "true")
            if rtl != rtl_want:
                problems.append({"table": f'{ls["id"]}/{sh.name}', "rtl": rtl, "rtl_expected": rtl_want})
            lst = seen.setdefault((ls["source_id"], sh.name), [])
            for r, lr in zip(sh.table.rows, b["rows"]):
                if lr["kind"] == "body":
                    lst.append([c.text for c in r.cells])
    for key, content in inputs.items():
        n = len(content["columns"])
        want = [[fmt(r[i]) if i < len(r) else "" for i in range(n)] for r in content["rows"]]
        have = seen.get(key, [])
        if have != want:
            problems.append({"table": "/".join(key), "rows_in": len(want), "rows_read": len(have)})
    return len(inputs), problems


def fmt(v):
    if v is None:
        return ""
    if isinstance(v, bool):
        return str(v).lower()
    if isinstance(v, (int, float)):
        if float(v).is_integer() and abs(v) < 1e15:
            return str(int(v))
        return repr(float(v))
    return v.replace("\r", "")


def summarize(tables, readback):
    rows = [r for t in tables for r in t["rows"]]
    within = sum(r["within_1pt"] for r in rows)
    fitting_bad = [t for t in tables if t["qc_fits"] and (t["outside_count"] or t["bottom_past_box"] or not t["rules_found"])]
    cells = [c for t in tables for c in t["cell_lines"]]
    cells_agree = sum(c["predicted"] == c["rendered"] for c in cells)
    n_tables, problems = readback
    diffs = [abs(r["rendered_pt"] - r["predicted_pt"]) for r in rows]
    return {
        "table_pages": len(tables),
        "tables_rules_found": sum(t["rules_found"] for t in tables),
        "rows": len(rows),
        "rows_within_1pt": within,
        "row_height_within_1pt": round(within / len(rows), 4) if rows else None,
        "row_height_max_diff_pt": round(max(diffs), 2) if diffs else None,
        "row_height_mean_diff_pt": round(sum(diffs) / len(diffs), 3) if diffs else None,
        "fitting_tables_outside_or_past_box": len(fitting_bad),
        "qc_overflow_table_pages": sum(not t["qc_fits"] for t in tables),
        "cell_paragraphs": len(cells),
        "cell_line_count_agreement": round(cells_agree / len(cells), 4) if cells else None,
        "tables_read_back": n_tables,
        "tables_rows_not_once": problems,
    }


def passes(s):
    return ((s["row_height_within_1pt"] is None or s["row_height_within_1pt"] >= BARS["row_height_within_1pt_min"])
            and s["fitting_tables_outside_or_past_box"] <= BARS["fitting_tables_outside_max"]
            and not s["tables_rows_not_once"])
