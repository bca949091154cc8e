#!/usr/bin/env python3
"""Open every .pptx / .docx in the folders given with python-pptx / python-docx and walk it:
each slide's shapes and their text, each document paragraph, table cell, header and footer.
Prints one line per file that fails and a summary; exit 1 if any failed.

    specrender-fuzz --template-every 1 --cases 40000 --keep target/fuzz-outputs
    python3 tools/open-outputs.py target/fuzz-outputs
"""
import pathlib
import sys

import docx
import pptx


def walk_deck(path):
    prs = pptx.Presentation(str(path))
    n = 0
    for layout in prs.slide_layouts:
        for shape in layout.placeholders:
            n += len(shape.name)
    for slide in prs.slides:
        _ = slide.slide_layout.name
        for shape in slide.shapes:
            if shape.has_text_frame:
                n += len(shape.text_frame.text)
            if getattr(shape, "has_table", False) and shape.has_table:
                for row in shape.table.rows:
                    for cell in row.cells:
                        n += len(cell.text)
        if slide.has_notes_slide:
            n += len(slide.notes_slide.notes_text_frame.text)
    return len(prs.slides), n


def walk_doc(path):
    d = docx.Document(str(path))
    n = sum(len(p.text) for p in d.paragraphs)
    for t in d.tables:
        for row in t.rows:
            for cell in row.cells:
                n += len(cell.text)
    for s in d.sections:
        for part in (s.header, s.footer):
            n += sum(len(p.text) for p in part.paragraphs)
    _ = [st.name for st in d.styles]
    return len(d.paragraphs), n


def main(folders):
    files = sorted(
        p for f in folders for p in pathlib.Path(f).iterdir() if p.suffix in (".pptx", ".docx")
    )
    failed = 0
    for p in files:
        try:
            (walk_deck if p.suffix == ".pptx" else walk_doc)(p)
        except Exception as e:  # noqa: BLE001 - any reader failure is the finding
            failed += 1
            print(f"FAIL {p}: {type(e).__name__}: {e}")
    decks = sum(p.suffix == ".pptx" for p in files)
    print(
        f"opened {len(files) - failed} of {len(files)} files "
        f"({decks} decks with python-pptx {pptx.__version__}, {len(files) - decks} documents "
        f"with python-docx); {failed} failed"
    )
    return 1 if failed or not files else 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1:]))
