#!/usr/bin/env bash
# The theme gallery of README.md and docs/guide/themes.md: examples/quarterly-review.json
# rendered in every built-in theme, drawn by LibreOffice, four slides (title, bullets, two
# columns, chart) per theme in one small PNG: examples/themes/<id>.png. Needs soffice, pdftoppm
# and Pillow. Usage: tools/theme-gallery.sh
# LibreOffice draws with exactly the shipped fonts (a private fontconfig file, as
# conformance/conformance.py's fontconfig(), and a private profile): with the machine's own
# fonts, a machine without a CJK face drew the example's Korean as empty boxes.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
bin=target/release/specrender
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
conf="$work/fonts.conf"
{
  echo '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
  echo "  <dir>$PWD/fonts/data</dir>"
  [ -d /usr/share/fonts/truetype/dejavu ] && echo '  <dir>/usr/share/fonts/truetype/dejavu</dir>'
  echo "  <cachedir>$work/fc-cache</cachedir></fontconfig>"
} >"$conf"
mkdir -p examples/themes
for id in $("$bin" themes --json | python3 -c 'import json,sys; print(" ".join(t["id"] for t in json.load(sys.stdin)))'); do
  python3 - "$id" "$work/$id.json" <<'PY'
import json, sys
d = json.load(open("examples/quarterly-review.json"))
d["theme"]["template_ref"]["template_id"] = sys.argv[1]
json.dump(d, open(sys.argv[2], "w"), ensure_ascii=False)
PY
  "$bin" render "$work/$id.json" -o "$work/$id.pptx" --assets examples --qc "$work/$id.qc.json"
  (cd "$work" && FONTCONFIG_FILE="$conf" SAL_USE_VCLPLUGIN=svp soffice "-env:UserInstallation=file://$work/lo-profile" \
      --headless --convert-to pdf "$id.pptx" >/dev/null 2>&1)
  pdftoppm -png -scale-to-x 400 -scale-to-y -1 "$work/$id.pdf" "$work/$id"
  python3 - "$work" "$id" <<'PY'
import glob, sys
from PIL import Image
work, tid = sys.argv[1], sys.argv[2]
pages = sorted(glob.glob(f"{work}/{tid}-*.png"))
ims = [Image.open(pages[i]).convert("RGB") for i in (0, 2, 3, 6)]
w, h = ims[0].size
sheet = Image.new("RGB", (2 * w + 6, 2 * h + 6), (200, 200, 200))
for i, im in enumerate(ims):
    sheet.paste(im, ((i % 2) * (w + 6), (i // 2) * (h + 6)))
sheet = sheet.quantize(colors=128, method=Image.Quantize.MEDIANCUT)
sheet.save(f"examples/themes/{tid}.png", optimize=True)
PY
  echo "examples/themes/$id.png"
done
