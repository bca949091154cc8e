#!/usr/bin/env python3
"""The foreign files the fuzzer damages for `specrender check` (issue 41: "the fuzzer covers
foreign files"): decks and documents written by other tools, each small (tens of KB), into
fuzz/foreign/ (README there):

- python-pptx.pptx: python-pptx's default template, slides through its placeholders (title,
  bullets at three levels, a paragraph too long for its box, normAutofit), a table with Korean
  and Japanese cells, a group of two text boxes, a picture with alternative text, a bar chart
  (its embedded workbook), a "click here" link, vertical text, a wrap="none" spAutoFit box and
  a notes page;
- pptxgenjs.pptx: PptxGenJS (npm, pinned below) on its own layout: text with autoFit and
  shrinkText, bullets, a table, a chart, a picture, a shape with text, a link, notes, vertical
  text and right-to-left text;
- libreoffice.pptx: python-pptx.pptx converted by LibreOffice Impress (every part LibreOffice's);
- libreoffice-focus.pptx: LibreOffice's own "Focus" Impress template converted to PPTX;
- python-docx.docx: python-docx's default template: headings (one level skipped), paragraphs in
  Latin, Korean and Japanese, a bulleted and a numbered list, a table with a header row, a
  picture, a landscape section;
- libreoffice.docx: python-docx.docx converted by LibreOffice Writer.

Generated here, so no licence applies beyond the tools' templates (python-pptx and python-docx:
MIT; LibreOffice's Focus: MPL-2.0). Deterministic where the tools allow: every package is
re-zipped with its entries in the writer's order at a fixed timestamp and the core properties'
dates fixed; the XML is each tool's own (LibreOffice's may change with its version: 7.4 here).
Needs python-pptx, python-docx, XlsxWriter, node + npm (PptxGenJS is installed into
target/foreign-fixtures/) and soffice. Run from the repository root:
    python3 tools/make-foreign-fixtures.py
"""
import io
import re
import shutil
import struct
import subprocess
import tempfile
import zipfile
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "fuzz" / "foreign"
WORK = ROOT / "target" / "foreign-fixtures"
PPTXGENJS = "3.12.0"
STAMP = (2026, 12, 4, 0, 0, 0)
DATE = "2026-12-04T00:00:00Z"

KO = "분기 매출은 전년 대비 십이 퍼센트 늘었고 신규 고객은 대부분 수도권에서 왔습니다"
JA = "四半期の売上は前年比で十二パーセント増加し、新規顧客の多くは首都圏からでした。"
LONG = ("Revenue grew in every region this quarter, led by the new subscription tier, while "
        "support costs fell for the third quarter running as the help centre answered more. ") * 4


def png(w=8, h=6):
    """A small RGB PNG made by hand (a gradient), no imaging library needed."""
    rows = b"".join(b"\0" + bytes(v for x in range(w) for v in (x * 30 % 256, y * 40 % 256, 128))
                    for y in range(h))

    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def normalised(data):
    """The package re-zipped: entries in their order, a fixed timestamp, fixed core dates (also
    of the workbooks inside), random ids in order (random_ids)."""
    src = zipfile.ZipFile(io.BytesIO(data))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for info in src.infolist():
            body = src.read(info.filename)
            if info.filename.endswith("docProps/core.xml"):
                text = body.decode("utf-8")
                text = re.sub(r"(<dcterms:(created|modified)[^>]*>)[^<]*", r"\g<1>" + DATE, text)
                body = text.encode("utf-8")
            elif info.filename.endswith((".xlsx", ".docx", ".pptx")) and body[:2] == b"PK":
                body = normalised(body)
            elif info.filename.endswith(".xml"):
                body = random_ids(body)
            out = zipfile.ZipInfo(info.filename, STAMP)
            out.compress_type = zipfile.ZIP_DEFLATED
            out.external_attr = 0o644 << 16
            z.writestr(out, body, compresslevel=9)
    return buf.getvalue()


def random_ids(xml):
    """The ids LibreOffice picks at random — charts' axis ids, fields' GUIDs — numbered in
    order of appearance in the part."""
    ids = {}

    def number(m):
        return m.group(1) + str(ids.setdefault(m.group(2), 100 + len(ids))).encode() + b'"'

    def guid(m):
        n = ids.setdefault(m.group(2), 100 + len(ids))
        return m.group(1) + b"{00000000-0000-4000-8000-%012d}" % n + b'"'
    xml = re.sub(rb'(<c:(?:axId|crossAx) val=")(\d+)"', number, xml)
    return re.sub(rb'(<a:fld id=")(\{[0-9A-Fa-f-]+\})"', guid, xml)


def write(name, data):
    path = OUT / name
    path.write_bytes(normalised(data))
    print(f"{path.relative_to(ROOT)}: {path.stat().st_size} bytes")


def python_pptx():
    from pptx import Presentation
    from pptx.chart.data import CategoryChartData
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.enum.text import MSO_AUTO_SIZE
    from pptx.util import Inches, Pt
    import datetime
    prs = Presentation()
    prs.core_properties.created = prs.core_properties.modified = datetime.datetime(2026, 12, 4)
    s = prs.slides.add_slide(prs.slide_layouts[0])
    s.shapes.title.text = "Quarterly update"
    s.placeholders[1].text = "December 2026"
    s = prs.slides.add_slide(prs.slide_layouts[1])
    s.shapes.title.text = "What we shipped"
    tf = s.placeholders[1].text_frame
    tf.text = "Faster renders"
    for level, t in [(1, "Half the time on long decks"), (2, "Measured on two cores"), (0, LONG)]:
        p = tf.add_paragraph()
        p.text, p.level = t, level
    tf.auto_size = MSO_AUTO_SIZE.TEXT_TO_FIT_SHAPE
    s.notes_slide.notes_text_frame.text = "Say the numbers slowly."
    s = prs.slides.add_slide(prs.slide_layouts[5])
    s.shapes.title.text = "By region"
    t = s.shapes.add_table(3, 3, Inches(0.5), Inches(1.6), Inches(9), Inches(1.5)).table
    for i, row in enumerate([["Region", "Note", "Share"], ["Seoul", KO, "41%"], ["Tokyo", JA, "22%"]]):
        for j, v in enumerate(row):
            t.cell(i, j).text = v
    s = prs.slides.add_slide(prs.slide_layouts[6])
    g = s.shapes.add_group_shape()
    for i, t in enumerate(["Left box in a group", "Right box in a group, " + LONG[:120]]):
        b = g.shapes.add_textbox(Inches(0.5 + 4.6 * i), Inches(1), Inches(4.2), Inches(0.8))
        b.text_frame.text = t
        b.text_frame.word_wrap = True
    pic = s.shapes.add_picture(io.BytesIO(png()), Inches(0.5), Inches(3), Inches(3), Inches(2.25))
    pic._element.nvPicPr.cNvPr.set("descr", "A colour gradient")
    cd = CategoryChartData()
    cd.categories = ["Q1", "Q2", "Q3"]
    cd.add_series("Revenue", (4.1, 4.6, 5.2))
    s.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(4), Inches(3), Inches(5), Inches(3.5), cd)
    s = prs.slides.add_slide(prs.slide_layouts[5])
    s.shapes.title.text = "Links and odd boxes"
    b = s.shapes.add_textbox(Inches(0.5), Inches(1.6), Inches(4), Inches(0.6))
    r = b.text_frame.paragraphs[0].add_run()
    r.text = "click here"
    r.hyperlink.address = "https://example.com/report"
    b = s.shapes.add_textbox(Inches(5), Inches(1.6), Inches(0.8), Inches(4))
    b.text_frame.text = "Vertical text"
    b.text_frame._txBody.bodyPr.set("vert", "vert")
    b = s.shapes.add_textbox(Inches(0.5), Inches(3), Inches(2), Inches(0.5))
    b.text_frame.text = "A box that grows: " + LONG[:80]
    b.text_frame.word_wrap = False
    b.text_frame.auto_size = MSO_AUTO_SIZE.SHAPE_TO_FIT_TEXT
    b.text_frame.paragraphs[0].runs[0].font.size = Pt(28)
    buf = io.BytesIO()
    prs.save(buf)
    return buf.getvalue()


PEER_JS = r"""
const pptxgen = require("pptxgenjs");
const [out, picture] = process.argv.slice(2);
const pres = new pptxgen();
pres.layout = "LAYOUT_WIDE";
pres.title = "Quarterly update";
let s = pres.addSlide();
s.addText("Quarterly update", { x: 0.5, y: 0.4, w: 12.3, h: 1.0, fontSize: 40, bold: true });
s.addText("December 2026", { x: 0.5, y: 1.5, w: 12.3, h: 0.6, fontSize: 20, color: "666666" });
s.addNotes("Open with the headline number.");
s = pres.addSlide();
s.addText("What we shipped", { x: 0.5, y: 0.3, w: 12.3, h: 0.9, fontSize: 32 });
s.addText([
  { text: "Faster renders", options: { bullet: true } },
  { text: "Half the time on long decks", options: { bullet: { indent: 20 }, indentLevel: 1 } },
  { text: "Numbered", options: { bullet: { type: "number" } } },
], { x: 0.5, y: 1.4, w: 6, h: 2, fontSize: 18 });
s.addText(process.env.LONG, { x: 7, y: 1.4, w: 5.8, h: 1.2, fontSize: 16, shrinkText: true });
s.addText(process.env.LONG, { x: 7, y: 3, w: 5.8, h: 1.0, fontSize: 14, autoFit: true });
s = pres.addSlide();
s.addText("By region", { x: 0.5, y: 0.3, w: 12.3, h: 0.9, fontSize: 32 });
s.addTable([
  [{ text: "Region", options: { bold: true } }, { text: "Note", options: { bold: true } }, "Share"],
  ["Seoul", process.env.KO, "41%"],
  ["Tokyo", process.env.JA, "22%"],
], { x: 0.5, y: 1.4, w: 12.3, colW: [2, 8.3, 2], fontSize: 12 });
s = pres.addSlide();
s.addChart(pres.ChartType.bar, [{ name: "Revenue", labels: ["Q1", "Q2", "Q3"], values: [4.1, 4.6, 5.2] }],
  { x: 0.5, y: 1.4, w: 6, h: 4 });
s.addImage({ path: picture, x: 7, y: 1.4, w: 3, h: 2.25, altText: "A colour gradient" });
s.addShape(pres.ShapeType.roundRect, { x: 7, y: 4, w: 5, h: 1.2, fill: { color: "1F4E79" },
  color: "FFFFFF", fontSize: 18, align: "center", valign: "middle" });
s.addText("A rounded label on a dark fill", { shape: pres.ShapeType.roundRect, x: 7, y: 5.4, w: 5, h: 1,
  fill: { color: "1F4E79" }, color: "FFFFFF", fontSize: 18 });
s = pres.addSlide();
s.addText([{ text: "click here", options: { hyperlink: { url: "https://example.com/report" } } }],
  { x: 0.5, y: 0.5, w: 4, h: 0.6, fontSize: 18 });
s.addText("Vertical text", { x: 5, y: 0.5, w: 0.8, h: 4, vert: "vert", fontSize: 18 });
s.addText("مرحبا بكم في التقرير الفصلي", { x: 6.5, y: 0.5, w: 6, h: 0.8, rtlMode: true, lang: "ar-SA", fontSize: 20 });
pres.writeFile({ fileName: out }).catch(e => { console.error(e); process.exit(1); });
"""


def pptxgenjs(tmp):
    WORK.mkdir(parents=True, exist_ok=True)
    if not (WORK / "node_modules" / "pptxgenjs").exists():
        subprocess.run(["npm", "install", "--silent", "--no-audit", "--no-fund", "--prefix", WORK,
                        f"pptxgenjs@{PPTXGENJS}"], check=True, stdout=subprocess.DEVNULL)
    js = WORK / "make.js"
    js.write_text(PEER_JS)
    pic = Path(tmp) / "gradient.png"
    pic.write_bytes(png())
    out = Path(tmp) / "pptxgenjs.pptx"
    env = {"PATH": "/usr/bin:/bin:/usr/local/bin", "LONG": LONG, "KO": KO, "JA": JA,
           "NODE_PATH": str(WORK / "node_modules")}
    subprocess.run(["node", js, out, pic], check=True, env=env, cwd=WORK)
    return out.read_bytes()


def python_docx():
    from docx import Document
    from docx.enum.section import WD_ORIENT
    from docx.shared import Inches
    import datetime
    d = Document()
    d.core_properties.created = d.core_properties.modified = datetime.datetime(2026, 12, 4)
    d.add_heading("Quarterly update", 0)
    d.add_heading("What we shipped", 1)
    d.add_paragraph(LONG)
    d.add_heading("A skipped level", 3)
    d.add_paragraph(KO)
    d.add_paragraph(JA)
    for t in ["Faster renders", "A new theme"]:
        d.add_paragraph(t, style="List Bullet")
    for t in ["Measure", "Fix", "Measure again"]:
        d.add_paragraph(t, style="List Number")
    t = d.add_table(rows=3, cols=3)
    t.style = "Table Grid"
    for i, row in enumerate([["Region", "Note", "Share"], ["Seoul", KO, "41%"], ["Tokyo", JA, "22%"]]):
        for j, v in enumerate(row):
            t.cell(i, j).text = v
    d.add_picture(io.BytesIO(png()), width=Inches(2))
    s = d.add_section()
    s.orientation = WD_ORIENT.LANDSCAPE
    s.page_width, s.page_height = s.page_height, s.page_width
    d.add_paragraph("A landscape page. " + LONG[:200])
    buf = io.BytesIO()
    d.save(buf)
    return buf.getvalue()


def libreoffice(tmp, src_name, data, fmt):
    """`data` (a file named `src_name`) converted by soffice to `fmt`."""
    src = Path(tmp) / "in" / src_name
    src.parent.mkdir(exist_ok=True)
    src.write_bytes(data)
    out = Path(tmp) / "out"
    subprocess.run(["soffice", "--headless", f"-env:UserInstallation=file://{tmp}/profile",
                    "--convert-to", fmt, "--outdir", out, src], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return (out / (src.stem + "." + fmt)).read_bytes()


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        deck = python_pptx()
        write("python-pptx.pptx", deck)
        write("pptxgenjs.pptx", pptxgenjs(tmp))
        write("libreoffice.pptx", libreoffice(tmp, "python-pptx.pptx", deck, "pptx"))
        focus = Path("/usr/lib/libreoffice/share/template/common/presnt/Focus.otp")
        write("libreoffice-focus.pptx", libreoffice(tmp, "Focus.otp", focus.read_bytes(), "pptx"))
        doc = python_docx()
        write("python-docx.docx", doc)
        write("libreoffice.docx", libreoffice(tmp, "python-docx.docx", doc, "docx"))


if __name__ == "__main__":
    main()
