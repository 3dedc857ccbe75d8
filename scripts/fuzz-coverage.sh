#!/usr/bin/env bash
# Replays a fuzz target's committed corpus (its seeds and testdata/fuzz) and
# prints how many of formfill's own statements it reaches. The fuzzer's
# "new interesting" count mostly grows in the libraries it runs through
# (excelize, pdfcpu, encoding/xml, strconv); this tells whether the corpus
# still reaches new code of ours.
#
#   bash scripts/fuzz-coverage.sh PKG TARGET
#   bash scripts/fuzz-coverage.sh ./formats/word FuzzExtract
#
# Prints one TSV line: target, formfill statements reached, and the share
# of the statements of the packages it reaches into.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"
[[ $# -eq 2 ]] || { sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
pkg=$1 target=$2
profile=$(mktemp)
trap 'rm -f "$profile"' EXIT
module=$(go list -m)
if ! out=$(go test "$pkg" -count=1 -run "^$target\$" -coverpkg="$module/..." -coverprofile="$profile" 2>&1); then
  echo "fuzz-coverage.sh: replaying $target failed:" >&2
  echo "$out" >&2
  exit 1
fi
# A profile line: file:start,end statements count. Count a block once, as
# reached when any run reached it; only the packages the target touches.
awk -v target="$target" 'NR > 1 {
    split($1, a, ":"); file = a[1]; sub(/\/[^\/]*$/, "", file)
    block[$1] = $2; if ($3 > 0) hit[$1] = 1; if ($3 > 0) touched[file] = 1; pkgof[$1] = file
  }
  END {
    for (b in block) if (pkgof[b] in touched) { total += block[b]; if (b in hit) reached += block[b] }
    printf "%s\t%d\t%d\t%.1f%%\n", target, reached, total, total ? 100 * reached / total : 0
  }' "$profile"
