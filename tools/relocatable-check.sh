#!/usr/bin/env bash
# The release binary runs outside its source tree (docs/guide/install.md): copied alone into an
# empty folder, with the source tree's fonts moved out of reach, it renders the example deck
# and document, exit 0, to the same bytes as from the source tree. Run from the repository.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
tmp=$(mktemp -d)
restore() { [ -d fonts/data.away ] && mv fonts/data.away fonts/data; rm -rf "$tmp"; }
trap restore EXIT
for ex in quarterly-review quarterly-report; do
  ext=$([ $ex = quarterly-report ] && echo docx || echo pptx)
  target/release/specrender render examples/$ex.json -o "$tmp/$ex.in-tree.$ext" --qc "$tmp/$ex.in-tree.qc.json"
done
cp target/release/specrender "$tmp/"
cp examples/quarterly-review.json examples/quarterly-report.json examples/report-chart.png "$tmp/"
mv fonts/data fonts/data.away
(
  cd "$tmp"
  for ex in quarterly-review quarterly-report; do
    ext=$([ $ex = quarterly-report ] && echo docx || echo pptx)
    ./specrender render $ex.json -o $ex.$ext --qc $ex.qc.json
    cmp $ex.$ext $ex.in-tree.$ext
    cmp $ex.qc.json $ex.in-tree.qc.json
  done
  # Every face comes from the binary, none from a folder.
  ./specrender fonts | python3 -c 'import json, sys
faces = json.load(sys.stdin)["faces"]
bad = [f["path"] for f in faces if not f["path"].startswith("(embedded)/")]
assert faces and not bad, bad
print(f"relocatable: {len(faces)} faces from the binary; example deck and document: same bytes")'
)
