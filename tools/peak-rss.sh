#!/usr/bin/env bash
# Peak memory (max RSS) of one `specrender render` of a generated 200-slide deck, font loading
# included (the whole process). Usage: tools/peak-rss.sh [mixed|ko|en|ja|zh] [SLIDES] [SEED] [THREADS]
# (THREADS as `specrender render --threads`: 0, the default, is one per core).
#        tools/peak-rss.sh doc [BLOCKS] [SEED] [THREADS]: the generated mixed-language DocSpec
#        (`specrender-deckgen --doc`, 2,000 blocks by default, figures in an assets folder) to DOCX.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = "doc" ]; then
    blocks="${2:-2000}"
    seed="${3:-1}"
    threads="${4:-1}"
    cargo build --release --quiet -p specrender -p specrender-deckgen
    dir="target/peak-rss"
    mkdir -p "$dir"
    input="$dir/doc-mixed-$blocks-$seed.json"
    target/release/specrender-deckgen --doc --blocks "$blocks" --mix mixed --seed "$seed" --assets "$dir/doc-assets" >"$input"
    set +e
    /usr/bin/time -v target/release/specrender render "$input" --assets "$dir/doc-assets" --threads "$threads" \
        -o "$dir/out.docx" --qc "$dir/doc-qc.json" 2>"$dir/time.txt" >/dev/null
    rc=$?
    set -e
    if [ "$rc" -gt 1 ]; then
        cat "$dir/time.txt" >&2
        exit "$rc"
    fi
    kb=$(sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' "$dir/time.txt")
    wall=$(sed -n 's/^[[:space:]]*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$dir/time.txt")
    echo "document: $input ($(wc -c <"$input") bytes), docx: $(wc -c <"$dir/out.docx") bytes"
    echo "threads: $threads; peak RSS: $((kb / 1024)) MiB ($kb KiB); wall (fonts included): $wall"
    exit 0
fi
mix="${1:-mixed}"
slides="${2:-200}"
seed="${3:-1}"
threads="${4:-0}"
cargo build --release --quiet -p specrender -p specrender-deckgen
dir="target/peak-rss"
mkdir -p "$dir"
deck="$dir/$mix-$slides-$seed.json"
target/release/specrender-deckgen --slides "$slides" --mix "$mix" --seed "$seed" >"$deck"
# Exit code 1 only means QC found medium/high issues; anything else is a failure.
set +e
/usr/bin/time -v target/release/specrender render "$deck" --threads "$threads" -o "$dir/out.pptx" --qc "$dir/qc.json" \
    2>"$dir/time.txt" >/dev/null
rc=$?
set -e
if [ "$rc" -gt 1 ]; then
    cat "$dir/time.txt" >&2
    exit "$rc"
fi
kb=$(sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): //p' "$dir/time.txt")
wall=$(sed -n 's/^[[:space:]]*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$dir/time.txt")
echo "deck: $deck ($(wc -c <"$deck") bytes), pptx: $(wc -c <"$dir/out.pptx") bytes"
echo "threads: $threads (0 = one per core); peak RSS: $((kb / 1024)) MiB ($kb KiB); wall (fonts included): $wall"
