#!/usr/bin/env python3
"""Writes the small images the picture golden cases embed (run once; the files are committed).

Each image is a gradient with a dark square in its top-left corner, so a viewer drawing it
turned or mirrored is visible at a glance. Usage: tools/make-picture-fixtures.py DIR (golden/slides/pictures)
       tools/make-picture-fixtures.py --adversarial DIR (tests/fixtures/adversarial-assets)
"""
import struct, sys, zlib
from pathlib import Path
from PIL import Image, ImageDraw

def picture(w, h, hue=(40, 120, 200)):
    im = Image.new("RGB", (w, h))
    px = im.load()
    for y in range(h):
        for x in range(w):
            px[x, y] = (hue[0] + 150 * x // max(w, 1), hue[1], hue[2] - 120 * y // max(h, 1))
    d = ImageDraw.Draw(im)
    s = max(2, min(w, h) // 4)
    d.rectangle([0, 0, s, s], fill=(20, 20, 20))
    return im

def exif_orientation(value):
    # A minimal big-endian EXIF block: IFD0 with one entry, Orientation (0x0112) SHORT 1.
    ifd = struct.pack(">H", 1) + struct.pack(">HHIHH", 0x0112, 3, 1, value, 0) + struct.pack(">I", 0)
    return b"Exif\x00\x00MM\x00\x2a" + struct.pack(">I", 8) + ifd

def main(out):
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    picture(400, 100).save(out / "wide.png")
    picture(100, 400, (200, 80, 60)).save(out / "tall.png")
    picture(2000, 10, (90, 160, 90)).save(out / "sliver.png")
    picture(320, 240).save(out / "photo.jpg", quality=80)
    # Stored 320 x 240 with orientation 6: shown upright as 240 x 320 (portrait).
    picture(320, 240, (180, 60, 160)).save(out / "rotated.jpg", quality=80, exif=exif_orientation(6))
    picture(64, 64, (60, 60, 200)).save(out / "anim.gif")
    picture(120, 90, (200, 200, 40)).save(out / "pic.webp", lossless=True)
    picture(90, 120, (40, 200, 200)).save(out / "pic.bmp")
    picture(100, 100, (120, 40, 200)).save(out / "pic.tiff")
    picture(48, 48, (220, 40, 40)).save(out / "icon.png")
    (out / "vector.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>\n')
    # A valid-looking PNG header declaring 100,000 x 100,000 pixels (a few bytes of data).
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    ihdr = struct.pack(">IIBBBBB", 100_000, 100_000, 8, 0, 0, 0, 0)
    (out / "huge-header.png").write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
        + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b""))
    jpg = (out / "photo.jpg").read_bytes()
    (out / "truncated.jpg").write_bytes(jpg[: len(jpg) // 2])
    (out / "notes.txt").write_text("not an image\n")

def adversarial(out):
    """The static files of the adversarial assets test (tests/assets_adversarial.rs); the
    links, the FIFO and the rest are made by the test itself."""
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    def chunk(t, d):
        return struct.pack(">I", len(d)) + t + d + struct.pack(">I", zlib.crc32(t + d) & 0xFFFFFFFF)
    # A zlib bomb: 79 KB of PNG that inflates to 81 MB (9,000 x 9,000 grey pixels).
    w = h = 9000
    c = zlib.compressobj(9)
    data = b"".join(c.compress(b"\x00" * (w + 1)) for _ in range(h)) + c.flush()
    (out / "bomb.png").write_bytes(b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0))
        + chunk(b"IDAT", data) + chunk(b"IEND", b""))
    ihdr = struct.pack(">IIBBBBB", 100_000, 100_000, 8, 0, 0, 0, 0)
    (out / "huge-header.png").write_bytes(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
        + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b""))
    picture(320, 240).save(out / "good.jpg", quality=80)
    jpg = (out / "good.jpg").read_bytes()
    (out / "truncated.jpg").write_bytes(jpg[: len(jpg) // 2])

if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[1] == "--adversarial":
        adversarial(sys.argv[2])
    else:
        main(sys.argv[1] if len(sys.argv) > 1 else ".")
