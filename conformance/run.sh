#!/usr/bin/env bash
# Fit conformance against LibreOffice: renders the conformance corpus with specrender, has
# LibreOffice headless draw it, and compares line counts and text extents box by box (see
# conformance/conformance.py). Installs what it needs when missing: LibreOffice Impress,
# poppler and DejaVu (bullet glyphs) from Debian packages; pdfminer.six, fontTools and Pillow
# from PyPI (pinned). Usage:
#   conformance/run.sh            the whole corpus (docs/dev/conformance.md)
#   conformance/run.sh --fast     the subset .ci/run checks
#   conformance/run.sh --deck FILE.json [--deck ...]
#   conformance/run.sh --only tpl-,golden-template_   decks whose name starts with one of these
#   conformance/run.sh --preview [--fast] [--only golden-korean,...]
#                                 previews: ink boxes of our PNGs vs LibreOffice's pages
#                                 (conformance/preview_fidelity.py)
#   conformance/run.sh --pdf [--fast] [--only golden-korean,hidden-ar,...] [--speed]
#                                 our PDF (render --pdf) of decks, then of documents
#                                 (conformance/doc_pdf_check.py): read-back with pdftotext and pdfminer,
#                                 validity (qpdf, pdfinfo, pdffonts, the tag tree via pikepdf),
#                                 ink boxes vs LibreOffice's PDF of our PPTX, determinism
#                                 (conformance/pdf_check.py)
#   conformance/run.sh --artwork [--fast]
#                                 text on template artwork as LibreOffice draws it: every laid
#                                 line on artwork reported by QC (conformance/artwork_check.py)
#   conformance/run.sh --docx [--fast] [--doc FILE.json ...] [--docx FILE.docx ...]
#                                 documents: DOCX through LibreOffice Writer (conformance/documents.py)
# Output: target/conformance/report.json, target/conformance/png/ (failure pages), a summary;
# for --docx target/conformance-docx/report.json and a table per document.
# For --pdf target/pdf-check/report.json, target/pdf-check/png/ (fidelity failures), a summary.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v soffice >/dev/null 2>&1 || need_apt+=(libreoffice-impress)
if [ "${1:-}" = "--docx" ]; then
  dpkg -s libreoffice-writer >/dev/null 2>&1 || need_apt+=(libreoffice-writer)
fi
command -v pdftoppm >/dev/null 2>&1 || need_apt+=(poppler-utils)
[ -d /usr/share/fonts/truetype/dejavu ] || need_apt+=(fonts-dejavu-core)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "installing: ${need_apt[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends "${need_apt[@]}" >/dev/null
fi
python3 - <<'PY' 2>/dev/null || pip install -q "pdfminer.six==20260107" "fonttools==4.68.0" "pillow==13.0.0" >/dev/null
import importlib.metadata as m
assert m.version("pdfminer.six") == "20260107" and m.version("fonttools") == "4.68.0"
import PIL
PY

if [ "${1:-}" = "--artwork" ]; then
  shift
  cargo build --release -q -p specrender
  exec python3 conformance/artwork_check.py "$@"
fi

if [ "${1:-}" = "--pdf" ]; then
  shift
  command -v qpdf >/dev/null 2>&1 || {
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq --no-install-recommends qpdf >/dev/null
  }
  python3 -c 'import importlib.metadata as m; assert m.version("pikepdf") == "10.18.0"' 2>/dev/null \
    || pip install -q "pikepdf==10.18.0" >/dev/null
  python3 -c 'import importlib.metadata as m; assert m.version("python-docx") == "1.2.0"' 2>/dev/null \
    || pip install -q "python-docx==1.2.0" >/dev/null
  cargo build --release -q -p specrender -p specrender-deckgen
  # Decks, then documents (the documents' check takes --fast; --only and the rest are the
  # decks').
  decks=0
  python3 conformance/pdf_check.py "$@" || decks=$?
  docs=0
  case " $* " in *" --fast "*) python3 conformance/doc_pdf_check.py --fast || docs=$? ;;
                 *) python3 conformance/doc_pdf_check.py || docs=$? ;; esac
  [ "$decks" = 0 ] && [ "$docs" = 0 ]
  exit $?
fi
if [ "${1:-}" = "--docx" ]; then
  shift
  python3 -c 'import importlib.metadata as m; assert m.version("python-docx") == "1.2.0"' 2>/dev/null \
    || pip install -q "python-docx==1.2.0" >/dev/null
  cargo build --release -q -p specrender -p specrender-deckgen
  exec python3 conformance/documents.py "$@"
fi
cargo build --release -q
if [ "${1:-}" = "--preview" ]; then
  shift
  exec python3 conformance/preview_fidelity.py "$@"
fi
exec python3 conformance/conformance.py "$@"
