#!/usr/bin/env python3
"""Reads a DOCX specrender wrote back with python-docx (and lxml for what python-docx does not
model) and checks it against the DocSpec it came from:

- the title paragraph has the style named "Title"; every heading block is a paragraph whose
  style carries outline level N - 1 (N = its level; through `basedOn`: on a customer's template
  the style is theirs, `Titre1` or `1`), with its text, in order (navigation, a table of
  contents);
- lists: numbering.xml exists, every `w:abstractNum` comes before any `w:num`; every list item
  is a paragraph with `w:numPr` whose text is the item, in order; an ordered list's level is
  numbered (not a bullet) and an unordered one's a bullet; each ordered list restarts at 1 (its
  own `w:num`, or a start override), so two lists in a row do not continue each other;
- tables: one `w:tbl` per table block, each with a `w:tblGrid` whose columns sum to at most
  the text width, a first row marked `w:tblHeader` (repeats on every page) holding the column
  names, one row per input row and at least one paragraph in every cell;
- figures: one inline picture per figure block whose asset exists, `descr` = the alt text,
  `wp:docPr` ids unique across every part;
- footnotes (when written): separators with ids -1 and 0, one reference per citation;
- core properties: title, author and created date from the input; no `w:updateFields`, no
  stylesWithEffects part;
- Korean documents: every body paragraph keeps Korean words whole (`w:wordWrap w:val="1"`
  on it, its style chain or the defaults); East Asian language set in `w:lang`.

Usage: check_docx.py DOC.docx INPUT.json [ASSETS_DIR]; prints one line of counts, exits 1 with
the reasons when a check fails.
"""
import json
import sys
import zipfile
from pathlib import Path

import docx
from lxml import etree

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
NS = {"w": W, "wp": "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing",
      "a": "http://schemas.openxmlformats.org/drawingml/2006/main"}


def text(el):
    """The text of an element's runs (w:t), as Word shows it."""
    return "".join(t.text or "" for t in el.iter(q("w:t")))


def q(tag):
    p, t = tag.split(":")
    return "{%s}%s" % (NS[p], t)


class Checker:
    def __init__(self, path, spec, assets):
        self.path = path
        self.spec = spec
        self.assets = assets
        self.doc = docx.Document(str(path))
        self.zip = zipfile.ZipFile(path)
        # A plain lxml tree (python-docx's own element classes are for its API, not for walking).
        self.body = etree.fromstring(self.zip.read("word/document.xml")).find("w:body", NS)
        self.problems = []
        self.counts = {}

    def fail(self, msg):
        self.problems.append(msg)

    def part(self, name):
        try:
            return etree.fromstring(self.zip.read(name))
        except KeyError:
            return None

    def blocks(self, ty):
        return [b for b in self.spec["doc"]["blocks"] if b["type"] == ty]

    # -------------------------------------------------------------- headings

    def outline_levels(self, styles):
        """Paragraph style id -> outline level through its basedOn chain (on a customer's
        template a heading style is `Titre1`, `1` or `見出し 1`: its outline level makes it one)."""
        out = {}
        for st in styles.findall("w:style[@w:type='paragraph']", NS):
            sid = st.get(q("w:styleId"))
            for s in self.style_chain(styles, sid):
                lvl = s.find("w:pPr/w:outlineLvl", NS)
                if lvl is not None:
                    if int(lvl.get(q("w:val"))) < 9:
                        out[sid] = int(lvl.get(q("w:val")))
                    break
        return out

    def headings(self):
        want = [(b["content"]["level"], b["content"]["text"]) for b in self.blocks("heading")]
        styles = self.part("word/styles.xml")
        levels = self.outline_levels(styles)
        got = [(levels[p.style.style_id] + 1, p.text) for p in self.doc.paragraphs
               if p.style is not None and p.style.style_id in levels]
        if got != want:
            i = next((k for k, (a, b) in enumerate(zip(got, want)) if a != b), min(len(got), len(want)))
            self.fail(f"headings: {len(got)} read back, {len(want)} in the input; first difference #{i}: "
                      f"{got[i:i + 1]} vs {want[i:i + 1]}")
        titles = [p.text for p in self.doc.paragraphs if p.style is not None and p.style.name.lower() == "title"]
        if titles != [self.spec["doc"]["title"]]:
            self.fail(f"Title paragraphs {titles!r}, input title {self.spec['doc']['title']!r}")
        self.counts["headings"] = len(got)

    # -------------------------------------------------------------- lists

    def numbering(self):
        """numId -> (numFmt of level 0, start override or the abstract level's start)."""
        root = self.part("word/numbering.xml")
        if root is None:
            return None
        kids = [c.tag for c in root]
        last_abs = max((i for i, t in enumerate(kids) if t == q("w:abstractNum")), default=-1)
        first_num = min((i for i, t in enumerate(kids) if t == q("w:num")), default=len(kids))
        if last_abs > first_num:
            self.fail("numbering.xml: a w:abstractNum after a w:num (Word refuses it)")
        abstract = {}
        for a in root.findall("w:abstractNum", NS):
            lvl = a.find("w:lvl[@w:ilvl='0']", NS)
            fmt = lvl.find("w:numFmt", NS).get(q("w:val")) if lvl is not None and lvl.find("w:numFmt", NS) is not None else None
            start = lvl.find("w:start", NS) if lvl is not None else None
            abstract[a.get(q("w:abstractNumId"))] = (fmt, int(start.get(q("w:val"))) if start is not None else 0)
        out = {}
        for n in root.findall("w:num", NS):
            fmt, start = abstract.get(n.find("w:abstractNumId", NS).get(q("w:val")), (None, None))
            ov = n.find("w:lvlOverride[@w:ilvl='0']/w:startOverride", NS)
            out[n.get(q("w:numId"))] = (fmt, int(ov.get(q("w:val"))) if ov is not None else start, ov is not None)
        return out

    def lists(self):
        lists = self.blocks("list")
        if not lists:
            return
        nums = self.numbering()
        if nums is None:
            self.fail("lists but no word/numbering.xml")
            return
        items = []  # (numId, text) of every numbered paragraph, in order
        for p in self.body.iter(q("w:p")):
            num = p.find("w:pPr/w:numPr/w:numId", NS)
            if num is not None and num.get(q("w:val")) != "0":
                items.append((num.get(q("w:val")), text(p)))
        k = 0
        used = {}
        for bi, b in enumerate(lists):
            ordered = bool(b["content"].get("ordered", False))
            mine = items[k:k + len(b["content"]["items"])]
            k += len(b["content"]["items"])
            texts = [t for _, t in mine]
            if texts != b["content"]["items"]:
                self.fail(f"list {b['block_id']}: items read back {texts[:2]}..., input {b['content']['items'][:2]}...")
                return
            ids = {n for n, _ in mine}
            if len(ids) != 1:
                self.fail(f"list {b['block_id']}: items in {len(ids)} numberings")
                continue
            nid = ids.pop()
            fmt, start, _ = nums.get(nid, (None, None, False))
            if ordered and (fmt in (None, "bullet", "none") or start != 1):
                self.fail(f"list {b['block_id']}: ordered but numFmt {fmt}, start {start}")
            if not ordered and fmt != "bullet":
                self.fail(f"list {b['block_id']}: unordered but numFmt {fmt}")
            if ordered and nid in used:
                self.fail(f"list {b['block_id']}: ordered list shares w:num {nid} with {used[nid]} (numbering would continue)")
            used[nid] = b["block_id"]
        if k != len(items):
            self.fail(f"{len(items)} numbered paragraphs, {k} list items in the input")
        self.counts["list_items"] = k

    # -------------------------------------------------------------- tables

    def text_width_twips(self):
        s = self.doc.sections[-1]
        return (s.page_width - s.left_margin - s.right_margin) / 635

    def tables(self):
        want = self.blocks("table")
        tbls = [t for t in self.body.iter(q("w:tbl"))]
        if len(tbls) != len(want):
            self.fail(f"{len(tbls)} w:tbl, {len(want)} table blocks")
            return
        width = self.text_width_twips()
        rows = 0
        for tbl, b in zip(tbls, want):
            c = b["content"]
            grid = tbl.findall("w:tblGrid/w:gridCol", NS)
            total = sum(int(g.get(q("w:w"))) for g in grid)
            if len(grid) != len(c["columns"]) or total > width + 1:
                self.fail(f"table {b['block_id']}: tblGrid {len(grid)} columns, {total} twips (text width {width:.0f})")
            trs = tbl.findall("w:tr", NS)
            if trs[0].find("w:trPr/w:tblHeader", NS) is None:
                self.fail(f"table {b['block_id']}: first row not marked w:tblHeader")
            if len(trs) != len(c["rows"]) + 1:
                self.fail(f"table {b['block_id']}: {len(trs)} rows, want {len(c['rows']) + 1}")
            head = [text(tc) for tc in trs[0].findall("w:tc", NS)]
            if head != c["columns"]:
                self.fail(f"table {b['block_id']}: header {head}, columns {c['columns']}")
            for tc in tbl.iter(q("w:tc")):
                if tc.find("w:p", NS) is None:
                    self.fail(f"table {b['block_id']}: a cell without a paragraph")
                    break
            rows += len(trs)
        self.counts["tables"] = len(tbls)
        self.counts["table_rows"] = rows

    # -------------------------------------------------------------- figures, footnotes, props

    def figures(self):
        present = [b for b in self.blocks("figure")
                   if self.assets is None or any(Path(self.assets).glob(b["content"]["asset_id"] + "*"))]
        pics = list(self.body.iter(q("wp:inline"))) + list(self.body.iter(q("wp:anchor")))
        if len(pics) != len(present):
            self.fail(f"{len(pics)} pictures, {len(present)} figures with an asset")
        for pic, b in zip(pics, present):
            want = b["content"].get("alt_text")
            got = pic.find("wp:docPr", NS).get("descr")
            if want and got != want:
                self.fail(f"figure {b['block_id']}: descr {got!r}, alt text {want!r}")
        ids = []
        for name in self.zip.namelist():
            if name.startswith("word/") and name.endswith(".xml"):
                root = self.part(name)
                ids += [d.get("id") for d in root.iter(q("wp:docPr"))]
        if len(ids) != len(set(ids)):
            self.fail("wp:docPr ids are not unique (Word reports unreadable content)")
        self.counts["figures"] = len(pics)

    def footnotes(self):
        root = self.part("word/footnotes.xml")
        refs = list(self.body.iter(q("w:footnoteReference")))
        cited = sum(len(b.get("citations", [])) for b in self.spec["doc"]["blocks"])
        if root is None:
            if refs:
                self.fail("footnote references but no footnotes part")
            self.counts["footnotes"] = 0
            return
        ids = {f.get(q("w:id")) for f in root.findall("w:footnote", NS)}
        if not {"-1", "0"} <= ids:
            self.fail(f"footnote separators -1 and 0 missing (ids {sorted(ids)[:4]})")
        if len(refs) != cited:
            self.fail(f"{len(refs)} footnote references, {cited} citations in the input")
        missing = {r.get(q("w:id")) for r in refs} - ids
        if missing:
            self.fail(f"footnote references to nothing: {sorted(missing)[:5]}")
        self.counts["footnotes"] = len(refs)

    def properties(self):
        cp = self.doc.core_properties
        d = self.spec["doc"]
        if cp.title != d["title"]:
            self.fail(f"core title {cp.title!r}")
        if d.get("author") and cp.author != d["author"]:
            self.fail(f"core author {cp.author!r}, input {d['author']!r}")
        if d.get("created_date") and (cp.created is None or cp.created.date().isoformat() != d["created_date"]):
            self.fail(f"core created {cp.created}, input {d['created_date']}")
        names = self.zip.namelist()
        if any("stylesWithEffects" in n for n in names):
            self.fail("a stylesWithEffects part (fails Word's compatibility check)")
        settings = self.part("word/settings.xml")
        if settings is not None and settings.find("w:updateFields", NS) is not None:
            self.fail("w:updateFields in settings (Word prompts on open)")
        for n in ("word/theme/theme1.xml", "word/fontTable.xml"):
            if n not in names:
                self.fail(f"no {n} (Word needs it)")

    # -------------------------------------------------------------- Korean, languages

    def style_chain(self, styles, sid):
        seen = []
        while sid and sid not in seen:
            seen.append(sid)
            st = styles.find(f"w:style[@w:styleId='{sid}']", NS)
            if st is None:
                break
            yield st
            b = st.find("w:basedOn", NS)
            sid = None if b is None else b.get(q("w:val"))

    def korean(self):
        lang = (self.spec["doc"].get("language") or "ko").lower()
        styles = self.part("word/styles.xml")
        ea = styles.find("w:docDefaults/w:rPrDefault/w:rPr/w:lang", NS)
        if lang.split("-")[0] in ("ko", "ja", "zh") and (ea is None or not ea.get(q("w:eastAsia"))):
            self.fail("no East Asian w:lang in the default run properties")
        if not lang.startswith("ko"):
            return
        default = styles.find("w:docDefaults/w:pPrDefault/w:pPr/w:wordWrap", NS)
        bad = 0
        for p in self.body.iter(q("w:p")):
            if not text(p).strip():
                continue
            ww = p.find("w:pPr/w:wordWrap", NS)
            if ww is None:
                ps = p.find("w:pPr/w:pStyle", NS)
                sid = ps.get(q("w:val")) if ps is not None else "Normal"
                for st in self.style_chain(styles, sid):
                    ww = st.find("w:pPr/w:wordWrap", NS)
                    if ww is not None:
                        break
            if ww is None:
                ww = default
            if ww is None or ww.get(q("w:val"), "1") not in ("1", "true", "on"):
                bad += 1
        if bad:
            self.fail(f"{bad} Korean paragraphs without w:wordWrap w:val=\"1\" (Word would break inside words)")

    def run(self):
        for f in (self.headings, self.lists, self.tables, self.figures, self.footnotes, self.properties,
                  self.korean):
            try:
                f()
            except Exception as e:  # a reader that cannot even find the element is a failure too
                self.fail(f"{f.__name__}: {type(e).__name__}: {e}")
        return self.problems


def main():
    path, spec = Path(sys.argv[1]), json.loads(Path(sys.argv[2]).read_text())
    assets = sys.argv[3] if len(sys.argv) > 3 else None
    c = Checker(path, spec, assets)
    problems = c.run()
    if problems:
        for p in problems[:12]:
            print(f"  {p}", file=sys.stderr)
        sys.exit(1)
    print(", ".join(f"{v} {k.replace('_', ' ')}" for k, v in c.counts.items()))


if __name__ == "__main__":
    main()
