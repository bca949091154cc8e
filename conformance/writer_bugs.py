"""LibreOffice Writer bugs the DOCX conformance run meets, each shown by a minimal file in
conformance/writer-bugs/ (README there), and whether the workaround specrender writes holds.

table-header-ends-page.docx: the first page of specrender's English report on pandoc's
reference.docx, cut after its table (a footnote on the page; every row `w:cantSplit`, the
header row `w:tblHeader`). The wrapped header row ends page 1 and Writer 7.4.7 draws none of
the body rows (page 2 is empty). table-header-ends-page-keepnext.docx is the same file with
`w:keepNext` on the header row's paragraphs (what specrender writes since): the header row
moves to page 2 with the body rows, as Word does with the same file.

Usage: python3 conformance/writer_bugs.py   (exit 1 when the workaround does not hold)
"""

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from pdfminer.high_level import extract_text

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
import conformance as slides  # noqa: E402  (the private fontconfig)

HERE = Path(__file__).resolve().parent / "writer-bugs"
# The first and second body rows' last cells (identifiers found nowhere else).
BODY = ("PN-JP-4471-88203-ZZ-REV-C", "INV-2026-11-000482913")


def drawn(docx, out, conf):
    env = dict(os.environ, FONTCONFIG_FILE=str(conf), SAL_USE_VCLPLUGIN="svp")
    subprocess.run(["soffice", f"-env:UserInstallation=file://{out}/lo-profile", "--headless",
                    "--convert-to", "pdf", "--outdir", str(out), str(docx)],
                   env=env, capture_output=True, check=False)
    text = extract_text(str(out / (docx.stem + ".pdf")))
    return [t for t in BODY if t in text], text.count("\f")


def main():
    with tempfile.TemporaryDirectory() as d:
        out = Path(d)
        conf = slides.fontconfig(out)
        bug, pages = drawn(HERE / "table-header-ends-page.docx", out, conf)
        print(f"table-header-ends-page.docx: body rows drawn {bug or 'none'} ({pages} pages)"
              f" -> Writer bug {'present' if not bug else 'not reproduced'}")
        fix, pages = drawn(HERE / "table-header-ends-page-keepnext.docx", out, conf)
        print(f"table-header-ends-page-keepnext.docx: body rows drawn {fix or 'none'} ({pages} pages)"
              f" -> workaround {'holds' if len(fix) == len(BODY) else 'FAILS'}")
    sys.exit(0 if len(fix) == len(BODY) else 1)


if __name__ == "__main__":
    main()
