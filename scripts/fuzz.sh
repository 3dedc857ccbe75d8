#!/usr/bin/env bash
# Fuzzes one target until it finds new coverage only slowly, then keeps what
# it found. A target is "slow" once it has run at least --min and found at
# most --quiet-new new inputs in the last --window; --max caps the run either
# way. New inputs are copied from Go's fuzz cache into the package's
# testdata/fuzz/TARGET, so every later `go test` replays them.
#
#   bash scripts/fuzz.sh [--min 20m] [--max 3h] [--window 15m] [--quiet-new 3] PKG TARGET
#   bash scripts/fuzz.sh ./formats/pdf FuzzExtract
#
# It prints one summary line (TSV: target, minutes, execs, new inputs,
# corpus, new in the last window, why it stopped) and leaves the fuzzer's own
# log in $FUZZ_LOG_DIR (default /tmp/formfill-fuzz). Exit 1 means the fuzzer
# found a failure (its input is in testdata/fuzz/TARGET, named in the log)
# or never ran; 130 that the script was interrupted, after keeping what the
# fuzzer had found.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"

min=20m max=3h window=15m quiet_new=3
usage() { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
while [[ $# -gt 0 && $1 == --* ]]; do
  [[ $# -ge 2 ]] || usage
  case $1 in
    --min) min=$2 ;; --max) max=$2 ;; --window) window=$2 ;; --quiet-new) quiet_new=$2 ;;
    *) echo "fuzz.sh: unknown option $1" >&2; usage ;;
  esac
  shift 2
done
[[ $# -eq 2 ]] || usage
pkg=$1 target=$2

# seconds turns 90s, 20m or 3h into seconds.
seconds() {
  local v=$1
  case $v in
    *h) echo $((${v%h} * 3600)) ;; *m) echo $((${v%m} * 60)) ;; *s) echo "${v%s}" ;;
    *) echo "fuzz.sh: duration $v: want a number followed by s, m or h" >&2; exit 2 ;;
  esac
}
min_s=$(seconds "$min") max_s=$(seconds "$max") window_s=$(seconds "$window")
[[ $quiet_new =~ ^[0-9]+$ ]] || { echo "fuzz.sh: --quiet-new $quiet_new: want a whole number" >&2; exit 2; }

import=$(go list "$pkg")
cache="$(go env GOCACHE)/fuzz/$import/$target"
corpus="$(go list -f '{{.Dir}}' "$pkg")/testdata/fuzz/$target"
logdir=${FUZZ_LOG_DIR:-/tmp/formfill-fuzz}
mkdir -p "$logdir"
log="$logdir/$(basename "$pkg")-$target.log"

# Job control gives the fuzzer its own process group, so one signal stops go
# test, the test binary and its workers together; without it a background job
# would also ignore SIGINT, the signal the fuzzer stops cleanly on.
set -m
go test "$pkg" -run '^$' -fuzz "^$target\$" -parallel 1 -fuzzminimizetime 5s \
  -fuzztime "${max_s}s" >"$log" 2>&1 &
pid=$!
set +m
# Stopped itself (Ctrl-C, a CI timeout), the script stops the fuzzer too and
# still keeps what it found.
interrupted=""
trap 'interrupted=1; kill -INT -- "-$pid" 2>/dev/null || true' INT TERM

# newest prints the last progress line's new-input count, execs, corpus and
# the fuzzer's own elapsed time (as 1h2m3s).
newest() {
  sed -n 's/.*elapsed: \([0-9hms]*\), execs: \([0-9]*\).*new interesting: \([0-9]*\) (total: \([0-9]*\)).*/\3 \2 \4 \1/p' "$log" | tail -1
}

# Time counts from the fuzzer's first progress line, not from the build.
until grep -q 'elapsed:' "$log" 2>/dev/null || ! kill -0 "$pid" 2>/dev/null; do sleep 2; done
start=$SECONDS reason="--max $max reached"
declare -a hist=() # new-input count at each 30 s tick
while kill -0 "$pid" 2>/dev/null && [[ -z $interrupted ]]; do
  sleep 30 &
  wait $! || true # unlike a plain sleep, wait lets a trapped signal in at once
  read -r found _ _ <<<"$(newest)" || true
  hist+=("${found:-0}")
  ticks=$((window_s / 30))
  elapsed=$((SECONDS - start))
  if ((elapsed >= min_s && ${#hist[@]} > ticks)); then
    recent=$((hist[-1] - hist[-1 - ticks]))
    if ((recent <= quiet_new)); then
      reason="slow: $recent new in the last $window"
      kill -INT -- "-$pid" 2>/dev/null || true
      break
    fi
  fi
done
# wait returns early when a trapped signal arrives: wait until the fuzzer,
# stopping, has written its last lines.
gostatus=0
while kill -0 "$pid" 2>/dev/null; do wait "$pid" || gostatus=$?; done
[[ -n $interrupted ]] && reason="interrupted"

read -r found execs total ran <<<"$(newest)" || true
found=${found:-0} execs=${execs:-0} total=${total:-0}
ticks=$((window_s / 30))
recent=$found
((${#hist[@]} > ticks)) && recent=$((hist[-1] - hist[-1 - ticks]))
status=0
if grep -q -- '--- FAIL\|Failing input written' "$log"; then
  reason="FAILED: see $log"
  status=1
elif ! grep -q 'elapsed:' "$log"; then
  # No target of that name ("no fuzz tests to fuzz" exits 0), or no build.
  reason="the fuzzer never ran: $(tail -3 "$log" | tr '\n' ' ')"
  status=1
elif ((gostatus != 0)) && [[ -z $interrupted ]]; then
  reason="go test exited $gostatus: $(grep -v '^fuzz: elapsed' "$log" | tail -3 | tr '\n' ' ')"
  status=1
fi

# Keep the new inputs: every cached input not yet in testdata, this run's
# and any an earlier run left uncommitted. The fuzzer names them by content
# hash, so a name already in testdata is the same input.
added=0
if [[ -d $cache ]]; then
  mkdir -p "$corpus"
  for f in "$cache"/*; do
    [[ -e $corpus/$(basename "$f") ]] && continue
    cp -p "$f" "$corpus/" && added=$((added + 1)) # -p: keeps when it was found
  done
fi
printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s (added %d to %s)\n' "$pkg" "$target" "${ran:-0s}" "$execs" "$found" "$total" \
  "$recent" "$reason" "$added" "${corpus#"$PWD"/}"
[[ -n $interrupted && $status == 0 ]] && status=130
exit "$status"
