"""How LibreOffice Writer fits a word in a table cell, the rule document tables are widened by
(layout/src/doc/table.rs, `WRITER_ROOM`): Writer sets a DOCX run unkerned and breaks a word
inside ("Growt|h") when its cell's text area is narrower than the word by its own rounding of
the advances, within a twip of their exact sum. specrender gives a column at least its longest
word's unkerned width plus one twip.

The probe: single words (letters and digits, 4-16 of them, seeded) in fixed-width one-cell
tables in specrender's own `Spec Table` style (6 pt cell margins), in Caladea Bold, Carlito,
Carlito Bold and Liberation Sans at 8-14 pt, each in text areas of the sum of its advances
rounded glyph by glyph, -1 to +2 twips. Prints, over every word, the largest room to spare
(text area minus the exact sum, twips) with which a word broke and the smallest with which one
held; fails when a word broke with a twip or more to spare.

Measured 2026-11-26 (Writer 7.4.7, the four default seeds, 1,280 words): broke with up to 0.24
twip to spare, held with up to 1.45 twips too little; "Growth" (bold Caladea 13 pt, 861.64
twips) broke in 862. In .ci/run.

Usage: python3 conformance/writer_cell_words.py [--seeds 3,7,11,19]   (exit 1 when the rule fails)
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

from fontTools.ttLib import TTFont
from pdfminer.high_level import extract_text

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))
import conformance as slides  # noqa: E402  (the private fontconfig)

ROOT = Path(__file__).resolve().parent.parent
FONTS = {
    ("Caladea", True): "metric/Caladea-Bold.ttf",
    ("Carlito", False): "Carlito-Regular.ttf",
    ("Liberation Sans", False): "metric/LiberationSans-Regular.ttf",
    ("Carlito", True): "Carlito-Bold.ttf",
}
LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHKLMNOPRSTW0123456789"
MARGINS = 240  # the Spec Table's cell margins, left + right (twips)


def probe(carrier, seed, out):
    """A DOCX of probe tables on `carrier`'s package (its styles); the cases."""
    rnd = random.Random(seed)
    faces = {k: TTFont(ROOT / "fonts" / "data" / v) for k, v in FONTS.items()}
    z = zipfile.ZipFile(carrier)
    doc = z.read("word/document.xml").decode()
    head = doc[: doc.index("<w:body>") + len("<w:body>")]
    sect = re.search(r"<w:sectPr.*</w:sectPr>", doc).group(0)
    cases, parts = [], []
    keys = list(faces)
    for k in range(80):
        fam, bold = keys[k % len(keys)]
        hp = rnd.choice([16, 17, 18, 20, 21, 22, 23, 24, 26, 28])
        word = "".join(rnd.choice(LETTERS) for _ in range(rnd.randint(4, 16)))
        f = faces[(fam, bold)]
        cmap, hm, upm = f.getBestCmap(), f["hmtx"], f["head"].unitsPerEm
        advs = [hm[cmap[ord(c)]][0] / upm * hp / 2 * 20 for c in word]
        exact, near = sum(advs), sum(round(a) for a in advs)
        for d in (-1, 0, 1, 2):
            text = near + d
            w = text + MARGINS
            tag = f"Q{seed}n{k}x{d + 1}"
            cases.append(dict(tag=tag, word=word, exact=exact, text=text))
            b = "<w:b/>" if bold else ""
            parts.append(
                f'<w:p><w:r><w:t>{tag}</w:t></w:r></w:p><w:tbl><w:tblPr><w:tblStyle w:val="SpecTable"/>'
                f'<w:tblW w:w="{w}" w:type="dxa"/><w:tblLayout w:type="fixed"/></w:tblPr><w:tblGrid>'
                f'<w:gridCol w:w="{w}"/></w:tblGrid><w:tr><w:tc><w:tcPr><w:tcW w:w="{w}" w:type="dxa"/>'
                f'</w:tcPr><w:p><w:r><w:rPr><w:rFonts w:ascii="{fam}" w:hAnsi="{fam}"/>{b}'
                f'<w:sz w:val="{hp}"/></w:rPr><w:t>{word}</w:t></w:r></w:p></w:tc></w:tr></w:tbl>')
    body = head + "".join(parts) + sect + "</w:body></w:document>"
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as o:
        for name in z.namelist():
            o.writestr(name, body if name == "word/document.xml" else z.read(name))
    return cases


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="3,7,11,19")
    args = ap.parse_args()
    seeds = [int(s) for s in args.seeds.split(",")]
    with tempfile.TemporaryDirectory() as d:
        out = Path(d)
        conf = slides.fontconfig(out)
        carrier = out / "carrier.docx"
        golden = ROOT / "golden" / "docs" / "template_python_docx"
        subprocess.run([str(ROOT / "target" / "release" / "specrender"), "render", str(golden / "input.json"),
                        "-o", str(carrier), "--assets", str(golden)], check=True, capture_output=True)
        cases, files = [], []
        for s in seeds:
            f = out / f"probe-{s}.docx"
            cases += probe(carrier, s, f)
            files.append(str(f))
        env = dict(os.environ, FONTCONFIG_FILE=str(conf), SAL_USE_VCLPLUGIN="svp")
        subprocess.run(["soffice", f"-env:UserInstallation=file://{out}/lo-profile", "--headless",
                        "--convert-to", "pdf", "--outdir", str(out)] + files,
                       env=env, capture_output=True, check=False)
        text = "".join(extract_text(str(Path(f).with_suffix(".pdf"))) for f in files)
    broke, held = [], []
    for c in cases:
        i = text.index(c["tag"] + "\n")
        rest = text[i + len(c["tag"]):].lstrip("\n\f ")
        whole = rest.split("\n", 1)[0].strip() == c["word"]
        (held if whole else broke).append(c["text"] - c["exact"])
    print(f"Writer, words in table cells: {len(cases)} words; broke with up to {max(broke):.2f} twips "
          f"to spare ({len(broke)} broke), held with up to {-min(held):.2f} twips too little ({len(held)} held)")
    ok = max(broke) < 1.0
    print("PASS" if ok else "FAIL: a word broke with a twip or more to spare (WRITER_ROOM in layout/src/doc/table.rs)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
