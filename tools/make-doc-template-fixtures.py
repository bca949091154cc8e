#!/usr/bin/env python3
"""Reference documents (.docx / .dotx) the document-template tests and goldens use
(tests/fixtures/doc-templates/, README there), from public, licensed sources and edited variants:

- python-docx-default.docx: python-docx's own default template (MIT), copied;
- pandoc-reference.docx: pandoc 2.17's reference.docx (Debian `pandoc-data`, GPL-2.0-or-later),
  zipped from /usr/share/pandoc/data/docx as it is;
- libreoffice-letter.docx / libreoffice-letter.dotx: LibreOffice 7.4's "Modern business letter"
  Writer templates (MPL-2.0), converted with soffice (a .dotx: `template.main+xml`);
- edited-fr-ids.docx: python-docx's default with French style ids as French Word writes them
  (`Titre1`, `Titre`, `Listepuces`...; names stay the built-in ones), A4 with 2 cm margins, a
  header with a logo picture and a footer with a page field;
- edited-ja-names.docx: pandoc's reference with Japanese style names and digit ids on the
  headings (`1`, `2`...: only the outline level maps them), MS Mincho as the East Asian default
  font, an A4 page with 30 mm margins and a line grid;
- edited-columns.docx: python-docx's default on A4 with 2 cm margins in two columns, a header
  paragraph that wraps to three lines past the top margin, and `List Bullet` / `List Number`
  numbering instances that override their level 0 (left 1080, hanging 360);
- word-default-blank.docx / word-known-styles.docx: documents Microsoft Word wrote, from python-docx
  1.2.0's test files (its sdist on PyPI, `features/steps/test_files/doc-word-default-blank.docx`
  and `sty-known-styles.docx`, MIT), re-zipped: `<w:pPrDefault/>`, `stylesWithEffects.xml`;
- edited-de-ids.docx: word-default-blank.docx with the style ids German Word writes (`Standard`
  for Normal, `Absatz-Standardschriftart`, `NormaleTabelle`, `KeineListe`; names stay built-in);
- libreoffice-default.docx, libreoffice-cv.docx, libreoffice-report.docx, libreoffice-fax.dotx:
  LibreOffice 7.4's `styles/Default.ott`, `personal/CV.ott`, `wizard/report/stl-05.ott` (German
  defaults) and `wizard/fax/bus-modern_f.ott` (MPL-2.0), converted with soffice.

Deterministic: entries in a fixed order, fixed timestamps. Run from the repository root (needs
python-docx, Debian's pandoc-data and soffice):
    python3 tools/make-doc-template-fixtures.py
"""
import os
import re
import shutil
import struct
import subprocess
import tempfile
import zipfile
import zlib
from pathlib import Path

import docx

DIR = Path("tests/fixtures/doc-templates")
STAMP = (2024, 1, 1, 0, 0, 0)


def write_zip(out, entries):
    """entries: [(name, bytes)]; [Content_Types].xml first, as Word writes it."""
    entries = sorted(entries, key=lambda e: (e[0] != "[Content_Types].xml", e[0] != "_rels/.rels", e[0]))
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in entries:
            info = zipfile.ZipInfo(name, STAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)


def read_zip(path):
    with zipfile.ZipFile(path) as z:
        return [(i.filename, z.read(i.filename)) for i in z.infolist() if not i.is_dir()]


def python_docx_default():
    src = Path(docx.__file__).parent / "templates" / "default.docx"
    write_zip(DIR / "python-docx-default.docx", read_zip(src))


def pandoc_reference():
    root = Path("/usr/share/pandoc/data/docx")
    entries = []
    for dirpath, _, files in os.walk(root):
        for f in files:
            p = Path(dirpath) / f
            entries.append((p.relative_to(root).as_posix(), p.read_bytes()))
    write_zip(DIR / "pandoc-reference.docx", entries)


def libreoffice_letters():
    src = Path("/usr/lib/libreoffice/share/template/common/officorr")
    with tempfile.TemporaryDirectory() as tmp:
        for ott, fmt, out in [
            ("Modern_business_letter_sans_serif.ott", "docx:MS Word 2007 XML", "libreoffice-letter.docx"),
            ("Modern_business_letter_serif.ott", "dotx:MS Word 2007 XML Template", "libreoffice-letter.dotx"),
        ]:
            subprocess.run(["soffice", "--headless", "--convert-to", fmt, "--outdir", tmp, str(src / ott)],
                           check=True, capture_output=True)
            made = next(Path(tmp).glob(Path(ott).stem + ".*"))
            # Re-zipped for fixed timestamps (soffice writes the time of conversion).
            write_zip(DIR / out, read_zip(made))
            made.unlink()


def libreoffice_more():
    src = Path("/usr/lib/libreoffice/share/template/common")
    with tempfile.TemporaryDirectory() as tmp:
        for ott, fmt, out in [
            ("styles/Default.ott", "docx:MS Word 2007 XML", "libreoffice-default.docx"),
            ("personal/CV.ott", "docx:MS Word 2007 XML", "libreoffice-cv.docx"),
            ("wizard/report/stl-05.ott", "docx:MS Word 2007 XML", "libreoffice-report.docx"),
            ("wizard/fax/bus-modern_f.ott", "dotx:MS Word 2007 XML Template", "libreoffice-fax.dotx"),
        ]:
            subprocess.run(["soffice", "--headless", "--convert-to", fmt, "--outdir", tmp, str(src / ott)],
                           check=True, capture_output=True)
            made = next(Path(tmp).glob(Path(ott).stem + ".*"))
            write_zip(DIR / out, drop_thumbnail(read_zip(made)))
            made.unlink()


def python_docx_test_files():
    """Word-made documents from python-docx 1.2.0's sdist (PyPI); the thumbnail left out."""
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["pip", "download", "-q", "--no-deps", "--no-binary", ":all:", "-d", tmp, "python-docx==1.2.0"],
                       check=True)
        import tarfile
        with tarfile.open(next(Path(tmp).glob("python_docx-1.2.0.tar.gz"))) as tar:
            for src, out in [("doc-word-default-blank.docx", "word-default-blank.docx"),
                             ("sty-known-styles.docx", "word-known-styles.docx")]:
                f = tar.extractfile(f"python_docx-1.2.0/features/steps/test_files/{src}")
                path = Path(tmp) / src
                path.write_bytes(f.read())
                write_zip(DIR / out, drop_thumbnail(read_zip(path)))


def drop_thumbnail(entries):
    """The package without its thumbnail (the part and its relationship)."""
    out = []
    for n, d in entries:
        if n == "docProps/thumbnail.jpeg":
            continue
        if n == "_rels/.rels":
            d = re.sub(rb'<Relationship [^>]*Target="docProps/thumbnail.jpeg"/>', b"", d)
        out.append((n, d))
    return out


DE_IDS = {"Normal": "Standard", "DefaultParagraphFont": "Absatz-Standardschriftart",
          "TableNormal": "NormaleTabelle", "NoList": "KeineListe"}


def edited_de():
    out = []
    for name, data in read_zip(DIR / "word-default-blank.docx"):
        if name in ("word/styles.xml", "word/stylesWithEffects.xml", "word/document.xml"):
            data = rename_ids(data.decode(), DE_IDS).encode()
        out.append((name, data))
    write_zip(DIR / "edited-de-ids.docx", out)


def png(w, h, rgb):
    raw = b"".join(b"\x00" + bytes(rgb) * w for _ in range(h))

    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


NS = ('xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" '
      'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" '
      'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" '
      'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
      'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"')

HEADER = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:hdr ' + NS + '><w:p><w:pPr><w:pStyle w:val="{style}"/></w:pPr>'
          '<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="914400" cy="228600"/>'
          '<wp:docPr id="100" name="Logo"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">'
          '<pic:pic><pic:nvPicPr><pic:cNvPr id="100" name="logo.png"/><pic:cNvPicPr/></pic:nvPicPr>'
          '<pic:blipFill><a:blip r:embed="rId1"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>'
          '<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="914400" cy="228600"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>'
          '</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>'
          '<w:r><w:t xml:space="preserve">  Rapport confidentiel</w:t></w:r></w:p></w:hdr>')
FOOTER = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:ftr ' + NS + '><w:p><w:pPr><w:pStyle w:val="{style}"/><w:jc w:val="center"/></w:pPr>'
          '<w:r><w:t xml:space="preserve">Page </w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r>'
          '<w:r><w:instrText xml:space="preserve"> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>'
          '<w:r><w:t>1</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p></w:ftr>')
HDR_RELS = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="media/image1.png"/></Relationships>')

FR_IDS = {"Heading1": "Titre1", "Heading2": "Titre2", "Heading3": "Titre3", "Heading4": "Titre4",
          "Heading5": "Titre5", "Heading6": "Titre6", "Title": "Titre", "Subtitle": "Sous-titre",
          "ListBullet": "Listepuces", "ListNumber": "Listenumros", "Quote": "Citation", "Caption": "Lgende",
          "Header": "En-tte", "Footer": "Pieddepage", "Normal": "Normal"}


def rename_ids(xml, ids):
    def sub(m):
        return m.group(1) + ids.get(m.group(2), m.group(2)) + '"'
    # Ids only: a style's w:name stays the built-in name, as Word writes it in every language.
    return re.sub(r'(?<!<w:name )(w:(?:styleId|val)=")([^"]*)"', lambda m: sub(m) if m.group(2) in ids else m.group(0), xml)


def edited_fr():
    src = Path(docx.__file__).parent / "templates" / "default.docx"
    out = []
    for name, data in read_zip(src):
        if name == "word/styles.xml":
            data = rename_ids(data.decode(), FR_IDS).encode()
        elif name == "word/document.xml":
            s = data.decode()
            sect = ('<w:sectPr><w:headerReference w:type="default" r:id="rIdHdr1"/><w:footerReference w:type="default" r:id="rIdFtr1"/>'
                    '<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1134" w:right="1134" w:bottom="1134" w:left="1134" '
                    'w:header="567" w:footer="567" w:gutter="0"/><w:cols w:space="708"/><w:docGrid w:linePitch="360"/></w:sectPr>')
            s = re.sub(r"<w:sectPr\b.*?</w:sectPr>", sect, s, flags=re.S)
            s = s.replace("<w:body>", '<w:body><w:p><w:pPr><w:pStyle w:val="Titre"/></w:pPr><w:r><w:t>Exemple</w:t></w:r></w:p>', 1)
            data = s.encode()
        elif name == "word/_rels/document.xml.rels":
            s = data.decode()
            s = s.replace("</Relationships>",
                          '<Relationship Id="rIdHdr1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header1.xml"/>'
                          '<Relationship Id="rIdFtr1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footer" Target="footer1.xml"/>'
                          "</Relationships>")
            data = s.encode()
        elif name == "[Content_Types].xml":
            s = data.decode()
            s = s.replace("</Types>",
                          '<Default Extension="png" ContentType="image/png"/>'
                          '<Override PartName="/word/header1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/>'
                          '<Override PartName="/word/footer1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footer+xml"/>'
                          "</Types>")
            data = s.encode()
        out.append((name, data))
    out += [("word/header1.xml", HEADER.format(style=FR_IDS["Header"]).encode()),
            ("word/footer1.xml", FOOTER.format(style=FR_IDS["Footer"]).encode()),
            ("word/_rels/header1.xml.rels", HDR_RELS.encode()),
            ("word/media/image1.png", png(40, 10, (0xC0, 0x00, 0x00)))]
    write_zip(DIR / "edited-fr-ids.docx", out)


JA_NAMES = {f"Heading {n}": f"見出し {n}" for n in range(1, 10)}
JA_NAMES.update({"Title": "表題", "Subtitle": "副題"})


def edited_ja():
    out = []
    for name, data in read_zip(DIR / "pandoc-reference.docx"):
        if name == "word/styles.xml":
            s = data.decode()
            for en, ja in JA_NAMES.items():
                s = s.replace(f'<w:name w:val="{en}" />', f'<w:name w:val="{ja}" />')
            # Digit ids on the headings, as Japanese Word writes them.
            s = rename_ids(s, {f"Heading{n}": str(n) for n in range(1, 10)})
            s = s.replace('<w:rFonts w:asciiTheme="minorHAnsi" w:eastAsiaTheme="minorHAnsi" w:hAnsiTheme="minorHAnsi" w:cstheme="minorBidi" />',
                          '<w:rFonts w:asciiTheme="minorHAnsi" w:eastAsia="MS Mincho" w:hAnsiTheme="minorHAnsi" w:cstheme="minorBidi" />', 1)
            s = s.replace('<w:sz w:val="24" />', '<w:sz w:val="21" />', 1)
            data = s.encode()
        elif name == "word/document.xml":
            s = data.decode()
            sect = ('<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1701" w:right="1701" w:bottom="1701" w:left="1701" '
                    'w:header="851" w:footer="992" w:gutter="0"/><w:cols w:space="425"/><w:docGrid w:type="lines" w:linePitch="360"/></w:sectPr>')
            s = re.sub(r"<w:sectPr\b[^>]*/>|<w:sectPr\b.*?</w:sectPr>", "", s, flags=re.S)
            s = s.replace("</w:body>", sect + "</w:body>")
            data = s.encode()
        out.append((name, data))
    write_zip(DIR / "edited-ja-names.docx", out)


COLS_HEADER = ('<w:hdr xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:p><w:pPr><w:pStyle w:val="Header"/></w:pPr>'
               '<w:r><w:t xml:space="preserve">Acme Corporation confidential quarterly report prepared for the board of directors and the audit '
               'committee, not for distribution outside the company, all rights reserved, revision 2026-11 draft for comment and review by '
               'the finance team and the legal department</w:t></w:r></w:p></w:hdr>')


def cols_override(fmt, text):
    return ('<w:lvlOverride w:ilvl="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="%s"/><w:lvlText w:val="%s"/>'
            '<w:lvlJc w:val="left"/><w:pPr><w:ind w:left="1080" w:hanging="360"/></w:pPr></w:lvl></w:lvlOverride>' % (fmt, text))


def edited_columns():
    src = Path(docx.__file__).parent / "templates" / "default.docx"
    out = []
    for name, data in read_zip(src):
        if name == "word/document.xml":
            s = data.decode()
            sect = ('<w:sectPr><w:headerReference w:type="default" r:id="rIdHdr1"/>'
                    '<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1134" w:right="1134" w:bottom="1134" w:left="1134" '
                    'w:header="567" w:footer="567" w:gutter="0"/><w:cols w:num="2" w:space="708"/><w:docGrid w:linePitch="360"/></w:sectPr>')
            s = re.sub(r"<w:sectPr\b.*?</w:sectPr>", sect, s, flags=re.S)
            data = s.encode()
        elif name == "word/numbering.xml":
            s = data.decode()
            for num, (fmt, text) in (("1", ("bullet", "\u2022")), ("5", ("decimal", "%1."))):
                s, n = re.subn(r'(<w:num w:numId="%s">\s*<w:abstractNumId w:val="\d+"/>)' % num,
                               lambda m: m.group(1) + cols_override(fmt, text), s)
                assert n == 1, num
            data = s.encode()
        elif name == "word/_rels/document.xml.rels":
            s = data.decode()
            s = s.replace("</Relationships>",
                          '<Relationship Id="rIdHdr1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header1.xml"/>'
                          "</Relationships>")
            data = s.encode()
        elif name == "[Content_Types].xml":
            s = data.decode()
            s = s.replace("</Types>",
                          '<Override PartName="/word/header1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/>'
                          "</Types>")
            data = s.encode()
        out.append((name, data))
    out.append(("word/header1.xml", COLS_HEADER.encode()))
    write_zip(DIR / "edited-columns.docx", out)


def main():
    DIR.mkdir(parents=True, exist_ok=True)
    python_docx_default()
    pandoc_reference()
    libreoffice_letters()
    edited_fr()
    edited_ja()
    edited_columns()
    libreoffice_more()
    python_docx_test_files()
    edited_de()


if __name__ == "__main__":
    main()
