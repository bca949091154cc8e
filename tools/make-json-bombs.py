#!/usr/bin/env python3
"""Inputs of issue 25 whose JSON value tree is the largest for their size: free-form JSON at
every place the schemas allow it, and the densest typed places, each filled up to the reader's
value budget (one JSON value per 32 bytes of the 32 MiB byte limit: 1,048,576).

The free-form value is the value budget's costliest shape per input byte: arrays of 4,999
one-key objects ({"a":1}, 8 bytes and two JSON values each; an array keeps at most 5,000
items), 104 of them: ~520,000 objects, ~1,040,000 values, 4.2 MB. Each input is small but
for it, and valid unless its name says refused.

Writes into DIR (default target/json-bombs):
  deck-extensions.json          /extensions
  deck-brand.json               /theme/brand/x (brand is an open object)
  deck-tokens.json              /theme/brand/tokens/x (an unknown token: a warning)
  deck-layout-hints.json        /deck/slides/0/layout/layout_hints
  deck-slide-extensions.json    /deck/slides/0/extensions
  deck-style.json               /deck/slides/0/elements/0/style/x
  deck-constraints.json         /deck/slides/0/elements/0/constraints/x
  deck-element-extensions.json  /deck/slides/0/elements/0/extensions
  deck-shape-content.json       /deck/slides/0/elements/1/content/x (a shape's content is open)
  deck-locator.json             /deck/slides/0/citations/0/locator
  doc-extensions.json           /extensions
  doc-brand.json, doc-tokens.json
  doc-style.json                /doc/blocks/0/style/x
  doc-block-extensions.json     /doc/blocks/0/extensions
  doc-quote-content.json        /doc/blocks/1/content/x (a quote's content is open)
  doc-locator.json              /references/0/locator
  deck-refused-unknown-key.json the same value under /deck/x (additionalProperties false)
  deck-refused-cell.json        the same objects as table cells (wrong type: one error each)
  deck-number-cells.json        200 slides of 20 x 200 tables of one-digit numbers: typed
                                values at 2 bytes each, up to the value budget
  deck-chart-points.json        five charts a slide of 10 series x 200 points {"x":1,"y":1}
  doc-number-cells.json         DocSpec tables of 2,000 x 30 one-digit numbers
Usage: tools/make-json-bombs.py [DIR]
"""
import json, os, sys

out = sys.argv[1] if len(sys.argv) > 1 else "target/json-bombs"
os.makedirs(out, exist_ok=True)
BUDGET = 1_048_576


def put(name, v):
    with open(os.path.join(out, name), "w") as f:
        f.write(json.dumps(v, separators=(",", ":")))


def free(arrays=104):
    return {f"k{i}": [{"a": 1}] * 4999 for i in range(arrays)}


def deck(slide_extra=None, element_extra=None, theme_brand=None, top=None, shape_content=None, locator=None):
    brand = {"brand_kit_id": "bomb"}
    brand.update(theme_brand or {})
    text = {"element_id": "t", "kind": "text", "content": {"text": "Free-form JSON"}}
    text.update(element_extra or {})
    elements = [text]
    if shape_content is not None:
        elements.append({"element_id": "sh", "kind": "shape", "content": shape_content})
    slide = {"slide_id": "s1", "type": "content", "layout": {"layout_id": "one_column"}, "elements": elements}
    slide.update(slide_extra or {})
    if locator is not None:
        slide["citations"] = [{"id": "c1", "kind": "url", "url": "https://example.com", "locator": locator}]
        text["citations"] = [{"citation_id": "c1"}]
    v = {
        "spec_version": "slidespec_v1",
        "theme": {"template_ref": {"template_id": "default"}, "brand": brand},
        "deck": {"title": "JSON bomb", "language": "en-US", "slides": [slide]},
    }
    v.update(top or {})
    return v


def doc(block_extra=None, theme_brand=None, top=None, quote_content=None, locator=None):
    brand = {"brand_kit_id": "bomb"}
    brand.update(theme_brand or {})
    para = {"block_id": "p", "type": "paragraph", "content": {"text": "Free-form JSON"}}
    para.update(block_extra or {})
    blocks = [para]
    if quote_content is not None:
        blocks.append({"block_id": "q", "type": "quote", "content": quote_content})
    v = {
        "spec_version": "docspec_v1",
        "theme": {"template_ref": {"template_id": "default"}, "brand": brand},
        "doc": {"title": "JSON bomb", "language": "en-US", "blocks": blocks},
    }
    if locator is not None:
        v["references"] = [{"id": "c1", "kind": "url", "url": "https://example.com", "locator": locator}]
        para["citations"] = [{"citation_id": "c1"}]
    v.update(top or {})
    return v


put("deck-extensions.json", deck(top={"extensions": free()}))
put("deck-brand.json", deck(theme_brand={"x": free()}))
put("deck-tokens.json", deck(theme_brand={"tokens": {"x": free()}}))
put("deck-layout-hints.json", deck(slide_extra={"layout": {"layout_id": "one_column", "layout_hints": free()}}))
put("deck-slide-extensions.json", deck(slide_extra={"extensions": free()}))
put("deck-style.json", deck(element_extra={"style": {"x": free()}}))
put("deck-constraints.json", deck(element_extra={"constraints": {"x": free()}}))
put("deck-element-extensions.json", deck(element_extra={"extensions": free()}))
put("deck-shape-content.json", deck(shape_content={"x": free()}))
put("deck-locator.json", deck(locator=free()))
put("doc-extensions.json", doc(top={"extensions": free()}))
put("doc-brand.json", doc(theme_brand={"x": free()}))
put("doc-tokens.json", doc(theme_brand={"tokens": {"x": free()}}))
put("doc-style.json", doc(block_extra={"style": {"x": free()}}))
put("doc-block-extensions.json", doc(block_extra={"extensions": free()}))
put("doc-quote-content.json", doc(quote_content={"x": free()}))
put("doc-locator.json", doc(locator=free()))

# Refused: the same value where the schema allows nothing, and as table cells of the wrong type.
v = deck()
v["deck"]["x"] = free()
put("deck-refused-unknown-key.json", v)
v = deck()
rows = [[{"a": 1}] * 20 for _ in range(200)]
v["deck"]["slides"] = [
    {
        "slide_id": f"s{i}",
        "type": "table",
        "layout": {"layout_id": "table_focus"},
        "elements": [{"element_id": "tb", "kind": "table", "content": {"columns": ["c"] * 20, "rows": rows}}],
    }
    for i in range(130)
]
put("deck-refused-cell.json", v)


# Typed places at their densest, up to the value budget.
def table_slides(n, cell):
    return [
        {
            "slide_id": f"s{i}",
            "type": "table",
            "layout": {"layout_id": "table_focus"},
            "elements": [
                {
                    "element_id": "tb",
                    "kind": "table",
                    "content": {"columns": [f"C{c}" for c in range(20)], "rows": [[cell] * 20 for _ in range(200)]},
                }
            ],
        }
        for i in range(n)
    ]


v = deck()
v["deck"]["slides"] = table_slides((BUDGET - 5000) // 4221, 1)
put("deck-number-cells.json", v)
points = [{"x": 1, "y": 1}] * 200
chart = {"chart_type": "line", "series": [{"name": f"S{k}", "data": points} for k in range(10)]}
n_charts = BUDGET // (10 * (200 * 3 + 4) + 8)
slides = []
for i in range(0, n_charts, 5):
    els = [{"element_id": f"c{j}", "kind": "chart", "content": chart} for j in range(min(5, n_charts - i))]
    slides.append({"slide_id": f"s{i}", "type": "chart", "layout": {"layout_id": "chart_focus"}, "elements": els})
v = deck()
v["deck"]["slides"] = slides
put("deck-chart-points.json", v)
v = doc()
v["doc"]["blocks"] = [
    {
        "block_id": f"t{i}",
        "type": "table",
        "content": {"columns": [f"C{c}" for c in range(30)], "rows": [[1] * 30 for _ in range(2000)]},
    }
    for i in range(BUDGET // 62_010)
]
put("doc-number-cells.json", v)
