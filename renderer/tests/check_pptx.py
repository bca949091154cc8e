#!/usr/bin/env python3
"""Open a PPTX written by specrender with python-pptx and compare it with an expectation JSON
(written by the ignored test `external::python_pptx_opens_the_file`):

  {"title": str, "language": str,
   "slides": [{"id": str, "title": str|null, "notes": str,
               "shapes": [{"name": str, "text": str, "placeholder": str|null}]}]}

Usage: check_pptx.py FILE.pptx EXPECTED.json   (exit 0 = match; prints what differs)
"""
import json
import sys

from pptx import Presentation


def main(path, expected_path):
    exp = json.load(open(expected_path, encoding="utf-8"))
    prs = Presentation(path)
    problems = []

    def check(what, got, want):
        if got != want:
            problems.append(f"{what}: got {got!r}, want {want!r}")

    check("core title", prs.core_properties.title, exp["title"])
    check("core language", prs.core_properties.language, exp["language"])
    check("slide count", len(prs.slides), len(exp["slides"]))
    for slide, es in zip(prs.slides, exp["slides"]):
        sid = es["id"]
        check(f"{sid} name", slide.name, sid)
        check(f"{sid} layout", slide.slide_layout.name is not None, True)
        title = slide.shapes.title
        check(f"{sid} title", title.text_frame.text if title is not None else None, es["title"])
        shapes = list(slide.shapes)
        check(f"{sid} shape names", [s.name for s in shapes], [s["name"] for s in es["shapes"]])
        for shape, eshape in zip(shapes, es["shapes"]):
            check(f"{sid}/{eshape['name']} text", shape.text_frame.text if shape.has_text_frame else None, eshape["text"])
            ph = str(shape.placeholder_format.type).split(" ")[0] if shape.is_placeholder else None
            check(f"{sid}/{eshape['name']} placeholder", ph, eshape["placeholder"])
        notes = slide.notes_slide.notes_text_frame.text if slide.has_notes_slide else ""
        check(f"{sid} notes", notes, es["notes"])
    for p in problems:
        print(p)
    print(f"python-pptx: {len(prs.slides)} slides, {'OK' if not problems else f'{len(problems)} problems'}")
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
