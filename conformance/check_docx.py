"""`specrender check FILE.docx` against LibreOffice Writer: python-docx builds a few documents
(long text, headings and lists, a long table with a repeated header row, a wide picture, an
overflowing text box, A4 with wide margins), `specrender check --json` predicts each one's
page count (`page_count` issue, `details.pages`) and its findings, and Writer's PDF (headless
conversion, a private profile and a fontconfig file giving it exactly the shipped fonts, as the
other checks) gives the page count it really lays out (`pdfinfo`).

Usage: python3 conformance/check_docx.py [--out DIR] [--binary target/debug/specrender]
Prints a Markdown table (document, predicted pages, Writer's pages, findings) and exits 1 when
a prediction differs from Writer's by more than one page.
"""

import argparse
import json
import subprocess
import sys
from pathlib import Path

import docx
from docx.enum.text import WD_BREAK
from docx.oxml import parse_xml
from docx.shared import Inches, Mm

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
import conformance as slides  # noqa: E402  (the shipped-fonts fontconfig file)

ROOT = Path(__file__).resolve().parent.parent

WORDS = ("the quick brown fox jumps over a lazy dog while seven wizards quietly judge "
         "boxing matches and pack my box with five dozen liquor jugs").split()


def sentence(i, n):
    return " ".join(WORDS[(i * 7 + k) % len(WORDS)] for k in range(n)).capitalize() + "."


def long_text(path):
    d = docx.Document()
    for i in range(120):
        d.add_paragraph(sentence(i, 40 + i % 30))
    d.save(path)


def headings(path):
    d = docx.Document()
    d.add_heading("Report", 0)
    for s in range(12):
        d.add_heading(f"Section {s + 1}", 1)
        for i in range(4):
            d.add_paragraph(sentence(s * 4 + i, 60))
        d.add_heading(f"Details {s + 1}", 2)
        for i in range(5):
            d.add_paragraph(sentence(s + i, 12), style="List Bullet")
    d.save(path)


def long_table(path):
    d = docx.Document()
    d.add_paragraph("A table of 200 rows.")
    t = d.add_table(rows=201, cols=3)
    t.style = "Table Grid"
    for r, row in enumerate(t.rows):
        for c, cell in enumerate(row.cells):
            cell.text = "Header" if r == 0 else sentence(r + c, 3 + (r * c) % 9)
    tr_pr = t.rows[0]._tr.get_or_add_trPr()
    tr_pr.append(parse_xml('<w:tblHeader xmlns:w="http://schemas.openxmlformats.org/'
                           'wordprocessingml/2006/main"/>'))
    d.save(path)


def wide_picture(path, png):
    from PIL import Image
    Image.new("RGB", (900, 300), (40, 90, 160)).save(png)
    d = docx.Document()
    d.add_paragraph("A picture wider than the text area follows.")
    d.add_picture(str(png), width=Inches(8))
    for i in range(30):
        d.add_paragraph(sentence(i, 30))
    d.save(path)


TEXT_BOX = """<w:r xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"
 xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"
 xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"
 xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"><w:drawing>
<wp:anchor distT="0" distB="0" distL="114300" distR="114300" simplePos="0" relativeHeight="1"
 behindDoc="0" locked="0" layoutInCell="1" allowOverlap="1"><wp:simplePos x="0" y="0"/>
<wp:positionH relativeFrom="column"><wp:posOffset>0</wp:posOffset></wp:positionH>
<wp:positionV relativeFrom="paragraph"><wp:posOffset>0</wp:posOffset></wp:positionV>
<wp:extent cx="2743200" cy="457200"/><wp:effectExtent l="0" t="0" r="0" b="0"/><wp:wrapSquare wrapText="bothSides"/>
<wp:docPr id="7" name="Text Box 7"/><wp:cNvGraphicFramePr/>
<a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape">
<wps:wsp><wps:cNvSpPr txBox="1"/><wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="2743200" cy="457200"/></a:xfrm>
<a:prstGeom prst="rect"><a:avLst/></a:prstGeom></wps:spPr><wps:txbx><w:txbxContent>
{paras}</w:txbxContent></wps:txbx><wps:bodyPr rot="0" vert="horz" wrap="square" lIns="91440" tIns="45720"
 rIns="91440" bIns="45720" anchor="t"><a:noAutofit/></wps:bodyPr></wps:wsp></a:graphicData></a:graphic>
</wp:anchor></w:drawing></w:r>"""


def text_box(path):
    d = docx.Document()
    p = d.add_paragraph("A fixed text box, 3 in x 0.5 in, holds six lines of text.")
    paras = "".join(f"<w:p><w:r><w:t>{sentence(i, 12)}</w:t></w:r></w:p>" for i in range(6))
    p._p.append(parse_xml(TEXT_BOX.format(paras=paras)))
    for i in range(20):
        d.add_paragraph(sentence(i, 25))
    d.save(path)


def a4_margins(path):
    d = docx.Document()
    s = d.sections[0]
    s.page_width, s.page_height = Mm(210), Mm(297)
    s.left_margin = s.right_margin = Mm(40)
    s.top_margin = s.bottom_margin = Mm(35)
    for i in range(70):
        d.add_paragraph(sentence(i, 35))
        if i == 30:
            d.add_paragraph().add_run().add_break(WD_BREAK.PAGE)
    d.save(path)


def run(cmd, **kw):
    return subprocess.run(cmd, check=False, capture_output=True, text=True, **kw)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=str(ROOT / "target" / "conformance-check-docx"))
    ap.add_argument("--binary", default=str(ROOT / "target" / "debug" / "specrender"))
    a = ap.parse_args()
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    docs = {
        "long-text": long_text,
        "headings-lists": headings,
        "long-table": long_table,
        "wide-picture": lambda p: wide_picture(p, out / "wide.png"),
        "text-box": text_box,
        "a4-margins": a4_margins,
    }
    for name, make in docs.items():
        make(out / f"{name}.docx")
    conf = slides.fontconfig(out)
    env = dict(__import__("os").environ, FONTCONFIG_FILE=str(conf), SAL_USE_VCLPLUGIN="svp")
    r = run(["timeout", "600", "soffice", f"-env:UserInstallation=file://{out / 'lo-profile'}",
             "--headless", "--convert-to", "pdf", "--outdir", str(out),
             *[str(out / f"{n}.docx") for n in docs]], env=env)
    if r.returncode != 0:
        print(f"soffice exit {r.returncode}: {r.stderr[:400]}", file=sys.stderr)
        return 2
    rows, bad = [], 0
    for name in docs:
        c = run([a.binary, "check", str(out / f"{name}.docx"), "--json"])
        if c.returncode > 1:
            print(f"{name}: check exit {c.returncode}: {c.stderr[:300]}", file=sys.stderr)
            return 2
        report = json.loads(c.stdout)
        pages = next(i["details"]["pages"] for i in report["issues"] if i["type"] == "page_count")
        info = run(["pdfinfo", str(out / f"{name}.pdf")]).stdout
        writer = int(next(l.split()[-1] for l in info.splitlines() if l.startswith("Pages:")))
        found = sorted({i["type"] for i in report["issues"]} - {"page_count"})
        bad += abs(pages - writer) > 1
        rows.append((name, pages, writer, ", ".join(found) or "none"))
    print("| document | predicted pages | Writer's pages | findings |")
    print("|---|---:|---:|---|")
    for n, p, w, f in rows:
        print(f"| {n} | {p} | {w} | {f} |")
    exact = sum(p == w for _, p, w, _ in rows)
    print(f"\n{exact} of {len(rows)} page counts equal Writer's; {bad} off by more than one page.")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
