#!/bin/bash
# Kills `peakforge render CHALLENGE -o p.svg --force` (an existing p.svg: the replace path of a
# save) with SIGKILL at random moments, N times, and counts the temporary names left in the
# folder after the kills: ours (`.peakforge-XXXXXXXXXX.tmp`) and the `.p.svg.XXXXXX` of the
# atomic-write-file crate that earlier versions used. Each run removes unlocked leftovers of
# ours first, so the count is of names seen after some kill, not of names that stay.
#
#   scripts/kill-loop.sh [N] [BINARY]      (default 300, target/debug/peakforge)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-300}
bin=${2:-"${CARGO_TARGET_DIR:-$root/target}/debug/peakforge"}
[ -x "$bin" ] || { echo "kill-loop: no binary at $bin (cargo build first)" >&2; exit 2; }
dir=$(mktemp -d); names=$(mktemp)
trap 'rm -rf "$dir" "$names"' EXIT
cd "$dir"
"$bin" render "$root/challenges/01-terrain.ron" -o p.svg > /dev/null || exit 2
for ((i = 0; i < n; i++)); do
    "$bin" render "$root/challenges/01-terrain.ron" -o p.svg --force > /dev/null 2>&1 &
    pid=$!
    sleep "0.0$((RANDOM % 90))"
    kill -9 "$pid" 2> /dev/null; wait "$pid" 2> /dev/null
    ls -A | grep -E '^\.peakforge-|^\.p\.svg\.' >> "$names"
done
echo "kill-loop: $n kills; distinct temporary names seen: $(sort -u "$names" | wc -l);" \
    "left now: $(ls -A | grep -cE '^\.peakforge-|^\.p\.svg\.'); p.svg intact: $(grep -c '</svg>' p.svg)"
