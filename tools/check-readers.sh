#!/usr/bin/env bash
# Opens specrender's output with independent readers: python-pptx (slide count, shape names =
# element ids, text), openxml-audit (ECMA-376 schema and PowerPoint's known repair triggers) and
# LibreOffice headless (PDF conversion, one page per output slide); every chart through
# tools/check_charts.py (python-pptx categories/values = the laid-out chart, openpyxl: each
# embedded workbook's cells = what the chart's formulas name, LibreOffice's page shows the
# chart's title, axis titles and labels inside its frame); citation keys, footers, notes and
# slide numbers through tools/check_citations.py. The example deck on every corpus template
# (tests/fixtures/templates): python-pptx sees the template's layouts and each slide on the layout
# the layout JSON names, openxml-audit finds nothing, LibreOffice makes a page per slide.
# Documents (DocSpec -> DOCX): every example / golden document and the generated document suite
# (`specrender-deckgen --doc-suite --fast`) through tools/check_docx.py (python-docx reads heading
# styles, list numbering, table header rows, figure descr, footnotes, core properties back against
# the input), openxml-audit (0 findings), the same input rendered twice (1 and 2 threads) giving the
# same bytes, and LibreOffice converting it.
# Documents on every Word template fixture (issue 45): openxml-audit adds nothing to what the
# template alone has (tools/check-doc-templates.py).
# Nothing lost (issue 24): every deck and document above, and the bench inputs (deckgen's
# 200-slide decks, one deck per language, the 2,000-block document and the other document kinds,
# rendered with the default fit policy), through tools/check_readback.py: every input
# paragraph, bullet, table cell and chart value is found in the output (python-pptx,
# python-docx, openpyxl on each chart's embedded workbook) or named by QC.
# Hostile templates (issue 38): the deck and document tests/carry_policy.rs renders on templates
# with active content added, opened by python-pptx / python-docx.
# Embedded fonts (issue 44): the example deck and the Korean golden document rendered with
# --embed-fonts used: openxml-audit finds nothing, python-pptx / python-docx open them, and
# eot2ttf (libeot, the Embedded OpenType reader LibreOffice builds with) turns every .fntdata
# back into a font fontTools reads with the family QC says it embedded.
# Installs what it needs from Debian packages / PyPI when missing. Usage:
#   tools/check-readers.sh [DECK.json | DOC.json ...]    (default: the examples, every golden case
#   and the generated document suite)
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v soffice >/dev/null 2>&1 || need_apt+=(libreoffice-impress)
command -v pdfinfo >/dev/null 2>&1 || need_apt+=(poppler-utils)
fc-list 2>/dev/null | grep -q Carlito || need_apt+=(fonts-crosextra-carlito)
fc-list 2>/dev/null | grep -q "Noto Sans CJK" || need_apt+=(fonts-noto-cjk)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "installing: ${need_apt[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi
python3 -c 'import pptx' 2>/dev/null || pip install -q python-pptx >/dev/null
command -v openxml-audit >/dev/null 2>&1 || pip install -q openxml-audit==0.8.0 >/dev/null
python3 -c 'import openpyxl' 2>/dev/null || pip install -q openpyxl==3.1.5 >/dev/null
python3 -c 'import importlib.metadata as m; assert m.version("python-docx") == "1.2.0"' 2>/dev/null \
  || pip install -q python-docx==1.2.0 >/dev/null
dpkg -s libreoffice-writer >/dev/null 2>&1 || {
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends libreoffice-writer >/dev/null
}

cargo build --release -q -p specrender -p specrender-deckgen
bin=target/release/specrender
out=target/check-readers
rm -rf "$out" && mkdir -p "$out/profile"

if [ $# -gt 0 ]; then inputs=("$@"); else inputs=(examples/*.json golden/slides/*/input.json golden/docs/*/input.json); fi
decks=() docs=()
for f in "${inputs[@]}"; do
  [ -f "$f" ] || continue
  if grep -q '"docspec_v1"' "$f"; then docs+=("$f"); else decks+=("$f"); fi
done
if [ $# -eq 0 ]; then
  target/release/specrender-deckgen --doc-suite "$out/doc-suite" --fast
  docs+=("$out"/doc-suite/*.json)
fi
fail=0
# openxml-audit's findings of a package as "message | part" lines, sorted, without numbers.
audit_findings() {
  openxml-audit "$1" 2>&1 | awk '/^[0-9]+\. /{sub(/^[0-9]+\. /, ""); m=$0; next} /^ *Part:/{sub(/^ *Part: */, ""); print m " | " $0}' | sort -u
}
for deck in "${decks[@]}"; do
  # DocSpec inputs (DOCX) have their own reader checks; this loop is for SlideSpec decks.
  if grep -q '"spec_version": *"docspec_v1"' "$deck"; then continue; fi
  name=$(echo "$deck" | sed 's#/input.json##; s#.*/##; s#\.json$##')
  pptx="$out/$name.pptx"
  set +e
  # A golden case's options.json may turn slide numbers off (as tests/golden.rs does).
  extra=()
  opts="$(dirname "$deck")/options.json"
  if [ -f "$opts" ] && grep -q '"slide_numbers": *false' "$opts"; then extra+=(--no-slide-numbers); fi
  "$bin" render "$deck" -o "$pptx" --qc "$out/$name.qc.json" --layout "$out/$name.layout.json" --autofit none "${extra[@]}"
  rc=$?
  set -e
  if [ $rc -gt 1 ]; then echo "FAIL $name: render exit $rc"; fail=1; continue; fi
  slides=$(python3 - "$pptx" "$out/$name.layout.json" <<'PY'
import json, sys
from pptx import Presentation
prs = Presentation(sys.argv[1])
layout = json.load(open(sys.argv[2]))
media, parts = set(), set()
assert len(prs.slides) == len(layout["slides"]), (len(prs.slides), len(layout["slides"]))
for s, ls in zip(prs.slides, layout["slides"]):
    names = [sh.name for sh in s.shapes]
    want = [b["element_id"] for b in ls["boxes"]]
    assert names == want, (ls["id"], names, want)
    # Pictures: alt text read back as descr; aspect ratio kept (the written crop and frame
    # against the embedded image's own pixel size, as python-pptx reads it).
    for sh, b in zip(s.shapes, ls["boxes"]):
        pic = b.get("picture")
        if not pic:
            continue
        descr = sh._element.xpath("./p:nvPicPr/p:cNvPr")[0].get("descr")
        assert descr == pic["descr"], (ls["id"], sh.name, descr, pic["descr"])
        iw, ih = sh.image.size
        if pic["rot"] in (5400000, 16200000):
            iw, ih = ih, iw
            vw = iw * (1 - sh.crop_top - sh.crop_bottom)
            vh = ih * (1 - sh.crop_left - sh.crop_right)
            fw, fh = sh.height, sh.width
        else:
            vw = iw * (1 - sh.crop_left - sh.crop_right)
            vh = ih * (1 - sh.crop_top - sh.crop_bottom)
            fw, fh = sh.width, sh.height
        drawn = (vw / vh) / (fw / fh)
        assert abs(drawn - 1) < 0.005, (ls["id"], sh.name, drawn)
        media.add(sh.image.sha1)
        parts.add(sh.part.related_part(sh._element.blip_rId).partname)
assert len(parts) == len(media), ("media parts", len(parts), "distinct images", len(media))
print(len(prs.slides))
PY
) || { echo "FAIL $name: python-pptx"; fail=1; continue; }
  openxml-audit -q "$pptx" || { echo "FAIL $name: openxml-audit"; fail=1; continue; }
  timeout 180 soffice -env:UserInstallation=file://$PWD/$out/profile --headless --convert-to pdf --outdir "$out" "$pptx" >/dev/null 2>&1 || { echo "FAIL $name: soffice"; fail=1; continue; }
  pages=$(pdfinfo "$out/$name.pdf" | awk '/^Pages:/{print $2}')
  if [ "$pages" != "$slides" ]; then echo "FAIL $name: $pages PDF pages for $slides slides"; fail=1; continue; fi
  charts=$(python3 tools/check_charts.py "$pptx" "$out/$name.layout.json" "$out/$name.pdf") || { echo "FAIL $name: charts"; fail=1; continue; }
  # Citation keys, footers, notes and slide-number fields read back (tools/check_citations.py).
  cites=$(python3 tools/check_citations.py "$deck" "$pptx" "$out/$name.layout.json") || { echo "FAIL $name: citations"; fail=1; continue; }
  # Nothing lost: every input paragraph, bullet, cell and chart value read back (tools/check_readback.py).
  kept=$(python3 tools/check_readback.py "$deck" "$pptx" "$out/$name.qc.json" "$out/$name.layout.json") || { echo "FAIL $name: read-back: $kept"; fail=1; continue; }
  echo "ok   $name: python-pptx opened $slides slides, openxml-audit found nothing, LibreOffice made $pages pages, $charts charts read back and shown, $cites read back; $kept"
done
# The example deck on every corpus template (tests/fixtures/templates) and built-in theme: python-pptx opens it with
# every layout of the template and one slide per laid-out slide, openxml-audit finds nothing,
# LibreOffice makes a page per slide.
# The built-in themes (themes/*.potx) too, with the brand's logo on their master.
if [ $# -eq 0 ]; then
  python3 - "$out/with-logo.json" <<'PY'
import json, sys
d = json.load(open("examples/quarterly-review.json"))
d["theme"]["brand"].setdefault("tokens", {})["logo"] = {"asset_id": "logo", "corner": "bottom_left"}
d.setdefault("assets", []).append({"asset_id": "logo", "type": "image",
                                   "source": {"kind": "file", "file_id": "report-chart.png"}})
json.dump(d, open(sys.argv[1], "w"), ensure_ascii=False)
PY
  for tpl in tests/fixtures/templates/*.pptx tests/fixtures/templates/*.potx themes/*.potx; do
    name="on-$(basename "${tpl%.*}")"
    deck=examples/quarterly-review.json
    case "$tpl" in themes/*) deck="$out/with-logo.json"; name="theme-$(basename "${tpl%.*}")";; esac
    pptx="$out/$name.pptx"
    set +e
    "$bin" render "$deck" --assets examples --template "$tpl" -o "$pptx" --qc "$out/$name.qc.json" --layout "$out/$name.layout.json" --autofit none
    rc=$?
    set -e
    if [ $rc -gt 1 ]; then echo "FAIL $name: render exit $rc"; fail=1; continue; fi
    "$bin" template inspect "$tpl" > "$out/$name.inspect.json"
    slides=$(python3 - "$pptx" "$out/$name.layout.json" "$out/$name.inspect.json" <<'PY'
import json, sys
from pptx import Presentation
prs = Presentation(sys.argv[1])
layout = json.load(open(sys.argv[2]))
inspect = json.load(open(sys.argv[3]))
assert len(prs.slides) == len(layout["slides"]), (len(prs.slides), len(layout["slides"]))
layouts = [l for m in prs.slide_masters for l in m.slide_layouts]
assert len(layouts) == len(inspect["layouts"]), (len(layouts), len(inspect["layouts"]))
for s, ls in zip(prs.slides, layout["slides"]):
    assert [sh.name for sh in s.shapes] == [b["element_id"] for b in ls["boxes"]], ls["id"]
if "theme-" in sys.argv[1]:
    assert "Logo" in [sh.name for sh in prs.slide_masters[0].shapes], "no logo on the master"
    assert s.slide_layout.name == (ls["template_layout"] or s.slide_layout.name), (s.slide_layout.name, ls["template_layout"])
print(len(prs.slides))
PY
) || { echo "FAIL $name: python-pptx"; fail=1; continue; }
    openxml-audit -q "$pptx" || { echo "FAIL $name: openxml-audit"; fail=1; continue; }
    timeout 180 soffice -env:UserInstallation=file://$PWD/$out/profile --headless --convert-to pdf --outdir "$out" "$pptx" >/dev/null 2>&1 || { echo "FAIL $name: soffice"; fail=1; continue; }
    pages=$(pdfinfo "$out/$name.pdf" | awk '/^Pages:/{print $2}')
    if [ "$pages" != "$slides" ]; then echo "FAIL $name: $pages PDF pages for $slides slides"; fail=1; continue; fi
    echo "ok   $name: python-pptx opened $slides slides on the template's layouts, openxml-audit found nothing, LibreOffice made $pages pages"
  done
fi
for doc in "${docs[@]}"; do
  name=$(echo "$doc" | sed 's#/input.json##; s#.*/##; s#\.json$##')
  dx="$out/$name.docx"
  # A golden case on a customer's template (its options.json) is rendered on it.
  tpl=()
  opt="$(dirname "$doc")/options.json"
  if [ -f "$opt" ]; then
    t=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("template", ""))' "$opt")
    [ -n "$t" ] && tpl=(--template "tests/fixtures/doc-templates/$t")
  fi
  set +e
  "$bin" render "$doc" -o "$dx" --qc "$out/$name.qc.json" --layout "$out/$name.layout.json" --threads 1 "${tpl[@]}"
  rc=$?
  "$bin" render "$doc" -o "$out/$name.again.docx" --qc "$out/$name.again.qc.json" --threads 2 "${tpl[@]}"
  rc2=$?
  set -e
  if [ $rc -gt 1 ] || [ $rc2 -gt 1 ]; then echo "FAIL $name: render exit $rc / $rc2"; fail=1; continue; fi
  cmp -s "$dx" "$out/$name.again.docx" || { echo "FAIL $name: the same input rendered twice gave different bytes"; fail=1; continue; }
  read_back=$(python3 tools/check_docx.py "$dx" "$doc" "$(dirname "$doc")") || { echo "FAIL $name: python-docx"; fail=1; continue; }
  kept=$(python3 tools/check_readback.py "$doc" "$dx" "$out/$name.qc.json") || { echo "FAIL $name: read-back: $kept"; fail=1; continue; }
  if [ ${#tpl[@]} -gt 0 ]; then
    # On a customer's template: nothing beyond what openxml-audit finds in the template itself
    # (pandoc's reference.docx has schema-order findings in its own styles part; we keep the
    # customer's parts as they are).
    extra=$(comm -23 <(audit_findings "$dx") <(audit_findings "${tpl[1]}"))
    [ -z "$extra" ] || { echo "FAIL $name: openxml-audit finds what the template does not: $extra"; fail=1; continue; }
    audited="openxml-audit found nothing the template does not have"
  else
    openxml-audit -q "$dx" || { echo "FAIL $name: openxml-audit"; fail=1; continue; }
    audited="openxml-audit found nothing"
  fi
  timeout 300 soffice -env:UserInstallation=file://$PWD/$out/profile --headless --convert-to pdf --outdir "$out" "$dx" >/dev/null 2>&1 || { echo "FAIL $name: soffice"; fail=1; continue; }
  pages=$(pdfinfo "$out/$name.pdf" | awk '/^Pages:/{print $2}')
  if [ -z "$pages" ] || [ "$pages" -lt 1 ]; then echo "FAIL $name: LibreOffice made no pages"; fail=1; continue; fi
  echo "ok   $name: python-docx read back $read_back; $kept; $audited; same bytes twice; LibreOffice made $pages pages"
done
# Documents on every Word template (issue 45): the example report (footnotes, lists, a table, a
# figure, a quote) and the Korean golden case rendered on every fixture in
# tests/fixtures/doc-templates (third-party ones included: Word's own, LibreOffice's, pandoc's,
# python-docx's; README there); openxml-audit finds nothing in the output that it does not
# find in the template alone (tools/check-doc-templates.py).
if [ $# -eq 0 ]; then
  if python3 tools/check-doc-templates.py --bin "$bin" --out "$out/on-doc-templates" \
      tests/fixtures/doc-templates/*.docx tests/fixtures/doc-templates/*.dotx \
      -- examples/quarterly-report.json golden/docs/korean/input.json > "$out/on-doc-templates.log"; then
    echo "ok   documents on $(ls tests/fixtures/doc-templates/*.do? | wc -l) Word templates: openxml-audit finds nothing the template alone does not have"
  else
    grep -v '^ok ' "$out/on-doc-templates.log"; fail=1
  fi
fi
# Nothing lost on the bench inputs (issue 24): the generated decks and documents the benches
# render (benches/pipeline.rs: 200 mixed-language slides with pictures, charts and tables; the
# LLM-style stacked deck; one deck per language; the 2,000-block document and the other
# document kinds), rendered with the default fit policy (splits, continuation slides, top-N),
# then every input paragraph, bullet, table cell and chart value is looked for in the output
# with python-pptx / python-docx / openpyxl, or must be named by QC (tools/check_readback.py).
# About 10 s.
if [ $# -eq 0 ]; then
  bench="$out/bench"
  mkdir -p "$bench"
  gen=target/release/specrender-deckgen
  for args in "--slides 200 --mix mixed --seed 1" "--slides 200 --mix mixed --seed 2 --stacked" \
              "--slides 60 --mix en --seed 3" "--slides 60 --mix ko --seed 4" \
              "--slides 60 --mix ja --seed 5" "--slides 60 --mix zh --seed 6" \
              "--doc --blocks 2000 --mix mixed --kind report --seed 1" \
              "--doc --blocks 500 --mix en --kind proposal --seed 2" \
              "--doc --blocks 500 --mix ja --kind minutes --seed 3" \
              "--doc --blocks 300 --mix zh-TW --kind data --seed 4"; do
    # shellcheck disable=SC2086
    name="bench$(echo $args | tr -d ' -')"
    # shellcheck disable=SC2086
    "$gen" $args --assets "$bench/assets" > "$bench/$name.json"
    case "$args" in --doc*) ext=docx; lay=();; *) ext=pptx; lay=(--layout "$bench/$name.layout.json");; esac
    set +e
    "$bin" render "$bench/$name.json" --assets "$bench/assets" -o "$bench/$name.$ext" --qc "$bench/$name.qc.json" "${lay[@]}" 2>/dev/null
    rc=$?
    set -e
    if [ $rc -gt 1 ]; then echo "FAIL $name: render exit $rc"; fail=1; continue; fi
    if [ $ext = pptx ]; then
      kept=$(python3 tools/check_readback.py "$bench/$name.json" "$bench/$name.pptx" "$bench/$name.qc.json" "$bench/$name.layout.json") || { echo "FAIL $name: read-back: $kept"; fail=1; continue; }
    else
      kept=$(python3 tools/check_readback.py "$bench/$name.json" "$bench/$name.docx" "$bench/$name.qc.json") || { echo "FAIL $name: read-back: $kept"; fail=1; continue; }
    fi
    echo "ok   $name: $kept"
  done
fi
# Hostile templates (issue 38): tests/carry_policy.rs renders a deck and a document on
# python-pptx's and python-docx's defaults with macro projects, ActiveX, OLE objects, external
# and script links and fetching fields added; python-pptx and python-docx open what it wrote.
if [ $# -eq 0 ]; then
  hostile=target/tmp/carry
  if cargo test -q --test carry_policy hostile >/dev/null 2>&1 && python3 - "$hostile/hostile-pptx/out.pptx" "$hostile/hostile-docx/out.docx" <<'PY'
import sys
import docx
import pptx
p = pptx.Presentation(sys.argv[1])
assert len(p.slides) == 1 and len(p.slide_layouts) == 11, (len(p.slides), len(p.slide_layouts))
d = docx.Document(sys.argv[2])
header = d.sections[0].header.paragraphs[0].text
assert "Acme Corp" in header and "cached-picture-text" in header, header
PY
  then
    echo "ok   hostile templates: active content dropped, python-pptx and python-docx open the outputs"
  else
    echo "FAIL hostile templates (cargo test --test carry_policy hostile, then python-pptx / python-docx)"; fail=1
  fi
fi
if [ $# -eq 0 ]; then
  command -v eot2ttf >/dev/null 2>&1 || {
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq --no-install-recommends eot2ttf >/dev/null
  }
  emb="$out/embedded-fonts"
  mkdir -p "$emb"
  if $bin render examples/quarterly-review.json -o "$emb/deck.pptx" --qc "$emb/deck.qc.json" --embed-fonts used >/dev/null \
    && $bin render golden/docs/korean/input.json -o "$emb/doc.docx" --qc "$emb/doc.qc.json" \
         --assets golden/docs/korean --embed-fonts used >/dev/null \
    && openxml-audit -q "$emb/deck.pptx" && openxml-audit -q "$emb/doc.docx" \
    && python3 - "$emb" <<'PY'
import json, subprocess, sys, zipfile
from pathlib import Path
import docx, pptx
from fontTools.ttLib import TTFont
d = Path(sys.argv[1])
pptx.Presentation(d / "deck.pptx")
docx.Document(d / "doc.docx")
faces = {f["face"] for f in json.loads((d / "deck.qc.json").read_text())["embedded_fonts"]}
z = zipfile.ZipFile(d / "deck.pptx")
names = [n for n in z.namelist() if n.endswith(".fntdata")]
assert names, "no .fntdata"
for n in names:
    (d / "f.fntdata").write_bytes(z.read(n))
    subprocess.run(["eot2ttf", str(d / "f.fntdata"), str(d / "f.ttf")], check=True, capture_output=True)
    family = TTFont(d / "f.ttf")["name"].getDebugName(1)
    assert any(family.startswith(f) for f in faces), (n, family, faces)
assert json.loads((d / "doc.qc.json").read_text())["embedded_fonts"], "the document embeds nothing"
PY
  then
    echo "ok   embedded fonts: openxml-audit found nothing, python-pptx / python-docx open them, eot2ttf reads every .fntdata"
  else
    echo "FAIL embedded fonts (render --embed-fonts used, openxml-audit, eot2ttf)"; fail=1
  fi
fi
exit $fail
