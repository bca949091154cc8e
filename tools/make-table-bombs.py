#!/usr/bin/env python3
"""Table-heavy inputs of issue 25 item 1, each valid and within the schema's limits.

Writes into DIR (default target/table-bombs):
  deck-200x20x200.json  200 slides, each one table of 20 columns x 200 rows of short strings (~8 MB)
  deck-tiny.json        200 slides, each one table of 20 x 200 one-character cells (~3.3 MB):
                        the most laid cells per input byte
  deck-28-long.json     28 slides, each one table of 300-character cells (~30 MB, under 32 MiB)
  doc-2000x30.json      a DocSpec with one 2,000 x 30 table of numbers
  doc-long-cells.json   a DocSpec with one 2,000 x 30 table of 400-character cells (~25 MB)
  doc-short-words.json  the same with cells of one-letter words ("a b c ..."): the most prepared
                        pieces per byte
  doc-paragraphs.json   a DocSpec of 3,000 paragraphs of 10,000 characters (~30 MB)
  doc-distinct-words.json  the same with every word a different five-letter word: each word
                        shaped anew (the width cache never answers); -500: its first 500
                        paragraphs, the most the work budget takes
Usage: tools/make-table-bombs.py [DIR] [--slides N]
"""
import json, os, sys

args = [a for a in sys.argv[1:] if not a.startswith("--")]
out = args[0] if args else "target/table-bombs"
slides = 200
if "--slides" in sys.argv:
    slides = int(sys.argv[sys.argv.index("--slides") + 1])
os.makedirs(out, exist_ok=True)


def put(name, v):
    with open(os.path.join(out, name), "w") as f:
        f.write(json.dumps(v, separators=(",", ":")))


def deck(tables):
    return {
        "spec_version": "slidespec_v1",
        "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "bomb"}},
        "deck": {
            "title": "Table bomb",
            "language": "en-US",
            "slides": [
                {
                    "slide_id": f"s{i}",
                    "type": "table",
                    "layout": {"layout_id": "table_focus"},
                    "elements": [
                        {"element_id": "t", "kind": "text", "content": {"text": f"Table {i}"}},
                        {"element_id": "tb", "kind": "table", "content": t},
                    ],
                }
                for i, t in enumerate(tables)
            ],
        },
    }


short = {
    "title": "Short strings",
    "columns": [f"C{c}" for c in range(20)],
    "rows": [[f"r{r}c{c}" for c in range(20)] for r in range(200)],
}
put(f"deck-{slides}x20x200.json", deck([short] * slides))
tiny = {
    "title": "Tiny cells",
    "columns": [f"C{c}" for c in range(20)],
    "rows": [["abcdefghijklmnopqrstuvwxyz"[(r + c) % 26] for c in range(20)] for r in range(200)],
}
put("deck-tiny.json", deck([tiny] * slides))

words = "lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore".split()
cell = " ".join(words[i % len(words)] for i in range(60))[:300]
# 28 tables of 20 columns x 180 rows: the file stays under 32 MiB.
long = {"title": "Long cells", "columns": [f"C{c}" for c in range(20)], "rows": [[cell] * 20 for _ in range(180)]}
put("deck-28-long.json", deck([long] * 28))

doc = {
    "spec_version": "docspec_v1",
    "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "bomb"}},
    "doc": {
        "title": "Numbers",
        "language": "en-US",
        "blocks": [
            {
                "block_id": "t1",
                "type": "table",
                "content": {
                    "title": "Numbers",
                    "columns": [f"C{c}" for c in range(30)],
                    "rows": [[r * 31 + c * 0.5 for c in range(30)] for r in range(2000)],
                },
            }
        ],
    },
}
put("doc-2000x30.json", doc)


def docspec(blocks):
    return dict(doc, doc=dict(doc["doc"], blocks=blocks))


long_cell = " ".join(words[i % len(words)] for i in range(80))[:400]
put(
    "doc-long-cells.json",
    docspec(
        [
            {
                "block_id": "t1",
                "type": "table",
                "content": {
                    "title": "Long cells",
                    "columns": [f"C{c}" for c in range(30)],
                    "rows": [[long_cell] * 30 for _ in range(2000)],
                },
            }
        ]
    ),
)
short_words = " ".join("abcdefghijklmnopqrstuvwxyz"[i % 26] for i in range(200))[:400]
put(
    "doc-short-words.json",
    docspec(
        [
            {
                "block_id": "t1",
                "type": "table",
                "content": {
                    "title": "Short words",
                    "columns": [f"C{c}" for c in range(30)],
                    "rows": [[short_words] * 30 for _ in range(2000)],
                },
            }
        ]
    ),
)
para = " ".join(words[i % len(words)] for i in range(2000))[:10000]
put(
    "doc-paragraphs.json",
    docspec([{"block_id": f"p{i}", "type": "paragraph", "content": {"text": para}} for i in range(3000)]),
)


def distinct_words():
    """Five-letter words, each different (a fixed walk over 26^5, no randomness)."""
    n = 0
    while True:
        k = (n * 7_919_001) % 26**5
        w = ""
        for _ in range(5):
            w += "abcdefghijklmnopqrstuvwxyz"[k % 26]
            k //= 26
        yield w
        n += 1


fresh = distinct_words()
paras = [
    {"block_id": f"p{i}", "type": "paragraph", "content": {"text": " ".join(next(fresh) for _ in range(1666))[:9995]}}
    for i in range(3000)
]
put("doc-distinct-words.json", docspec(paras))
# The most of it the work budget takes (refused from p508): the worst accepted case.
put("doc-distinct-words-500.json", docspec(paras[:500]))
