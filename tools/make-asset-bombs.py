#!/usr/bin/env python3
"""Asset-heavy inputs of issue 25 item 2, each valid and within the schema's limits.

Writes into DIR (default target/asset-bombs):
  big.png                a 49 MB PNG (4,000 x 4,000 RGB, stored uncompressed)
  deck-40-same.json      40 image assets naming big.png, each on a slide of its own
  deck-500-same.json     the schema's 500 image assets naming big.png, on 200 slides
  deck-6-distinct.json   6 image assets naming 6 distinct copies of big.png (294 MB, over the
                         job's 256 MiB of assets), one per slide
  huge.webp / huge.gif   tiny files declaring 8,000 x 8,000 pixels (needs Pillow)
  deck-convert.json      a 3 KB deck showing both
Usage: tools/make-asset-bombs.py [DIR]
"""
import json, os, struct, sys, zlib

out = sys.argv[1] if len(sys.argv) > 1 else "target/asset-bombs"
os.makedirs(out, exist_ok=True)


def chunk(kind, data):
    c = struct.pack(">I", len(data)) + kind + data
    return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


w = h = 4000
row = bytes([0]) + bytes((i * 7) % 251 for i in range(w * 3))
raw = row * h
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
png += chunk(b"IDAT", zlib.compress(raw, 0)) + chunk(b"IEND", b"")
open(os.path.join(out, "big.png"), "wb").write(png)


def deck(assets, images):
    return {
        "spec_version": "slidespec_v1",
        "theme": {"template_ref": {"template_id": "default"}, "brand": {"brand_kit_id": "bomb"}},
        "deck": {
            "title": "Asset bomb",
            "language": "en-US",
            "slides": [
                {
                    "slide_id": f"s{i}",
                    "type": "image",
                    "layout": {"layout_id": "image_full_bleed"},
                    "elements": [{"element_id": "p", "kind": "image", "content": {"asset_id": a, "alt_text": "x"}}],
                }
                for i, a in enumerate(images)
            ],
        },
        "assets": assets,
    }


ids = [f"img{i}" for i in range(40)]
assets = [{"asset_id": a, "type": "image", "source": {"kind": "file", "file_id": "big.png"}} for a in ids]
json.dump(deck(assets, ids), open(os.path.join(out, "deck-40-same.json"), "w"))

# The schema's limits: 500 assets (200 slides, so some slides show the same asset id again).
ids = [f"img{i}" for i in range(500)]
assets = [{"asset_id": a, "type": "image", "source": {"kind": "file", "file_id": "big.png"}} for a in ids]
json.dump(deck(assets, ids[:200]), open(os.path.join(out, "deck-500-same.json"), "w"))
# Distinct files past the job's bytes: hard links would share an inode, so real copies.
for i in range(6):
    open(os.path.join(out, f"big-{i}.png"), "wb").write(png)
ids = [f"img{i}" for i in range(6)]
assets = [{"asset_id": a, "type": "image", "source": {"kind": "file", "file_id": f"big-{i}.png"}} for i, a in enumerate(ids)]
json.dump(deck(assets, ids), open(os.path.join(out, "deck-6-distinct.json"), "w"))

try:
    from PIL import Image
except ImportError:
    sys.exit(0)
img = Image.new("RGB", (8000, 8000), (20, 120, 200))
img.save(os.path.join(out, "huge.webp"), "WEBP", quality=10)
Image.new("P", (8000, 8000), 3).save(os.path.join(out, "huge.gif"), "GIF")
conv = [
    {"asset_id": "w", "type": "image", "source": {"kind": "file", "file_id": "huge.webp"}},
    {"asset_id": "g", "type": "image", "source": {"kind": "file", "file_id": "huge.gif"}},
]
json.dump(deck(conv, ["w", "g"]), open(os.path.join(out, "deck-convert.json"), "w"))
