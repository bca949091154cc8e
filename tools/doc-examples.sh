#!/usr/bin/env bash
# Runs the shell examples of the documentation, so they cannot rot (issue 42): every ```sh
# fenced block of README.md and docs/**/*.md, in file order, from the repository root, with
# target/release first on PATH (`specrender` is the release build: build it first), each block
# as one script under `bash -euo pipefail` with stdin from /dev/null and at most 300 s.
# A block whose fence line comes right after the line `<!-- not run -->` (blank lines between
# allowed) is skipped: say there why it cannot run (it installs, builds, or needs a file the
# repository does not have). A block must leave the work tree as it found it (outputs under
# target/): a new or changed file that git sees is a failure too.
# A failure prints the file, the line of the block's fence and the block's output; every block
# is run, then the script exits 1 if any failed.
#
#   tools/doc-examples.sh              # README.md and docs/**/*.md
#   tools/doc-examples.sh docs/guide/cli.md
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
if [ $# -gt 0 ]; then
  files=("$@")
else
  files=(README.md)
  if [ -d docs ]; then
    while IFS= read -r f; do files+=("$f"); done < <(find docs -name '*.md' | LC_ALL=C sort)
  fi
fi
[ -x target/release/specrender ] || {
  echo "doc-examples: target/release/specrender is missing: cargo build --release first" >&2
  exit 3
}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
before=$(git status --porcelain --untracked-files=all)

# Each block to $work/N.sh; $work/index lines: N<TAB>file<TAB>fence line<TAB>run|skip.
n=0
for f in "${files[@]}"; do
  awk -v file="$f" -v dir="$work" -v start="$n" '
    BEGIN { n = start; inblock = 0; skip = 0; prev = "" }
    inblock && /^[ \t]*```[ \t]*$/ { inblock = 0; close(out); next }
    inblock { sub(indent, ""); print > out; next }
    /^[ \t]*```sh[ \t]*$/ {
      n++; inblock = 1; out = dir "/" n ".sh"
      match($0, /^[ \t]*/); indent = "^" substr($0, 1, RLENGTH)
      printf "" > out
      printf "%d\t%s\t%d\t%s\n", n, file, NR, (prev == "<!-- not run -->" ? "skip" : "run") >> (dir "/index")
      next
    }
    /[^ \t]/ { line = $0; gsub(/^[ \t]+|[ \t]+$/, "", line); prev = line }
    END {
      if (inblock) { printf "%s:%d: unclosed ```sh block\n", file, NR > "/dev/stderr"; exit 1 }
      print n > (dir "/count")
    }
  ' "$f"
  n=$(cat "$work/count")
done

ran=0 skipped=0 failed=0
if [ -f "$work/index" ]; then
  while IFS=$'\t' read -r i file line mode; do
    if [ "$mode" = skip ]; then
      skipped=$((skipped + 1))
      continue
    fi
    ran=$((ran + 1))
    rc=0
    (cd "$root" && PATH="$root/target/release:$PATH" timeout 300 bash -euo pipefail "$work/$i.sh") \
      </dev/null >"$work/$i.out" 2>&1 || rc=$?
    if [ "$rc" -ne 0 ]; then
      failed=$((failed + 1))
      echo "FAIL $file:$line (exit code $rc):"
      sed 's/^/    /' "$work/$i.sh"
      echo "  output:"
      sed 's/^/    /' "$work/$i.out"
    fi
  done <"$work/index"
fi
after=$(git status --porcelain --untracked-files=all)
if [ "$before" != "$after" ]; then
  failed=$((failed + 1))
  echo "FAIL the examples changed the work tree (write outputs under target/):"
  diff <(echo "$before") <(echo "$after") | sed -n 's/^> /    /p' || true
fi
echo "doc-examples: $ran block(s) run, $skipped skipped (<!-- not run -->), $failed failure(s)"
[ "$failed" -eq 0 ]
