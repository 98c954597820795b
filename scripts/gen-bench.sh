#!/usr/bin/env bash
# Generate's benchmark (issue "Generate"): for each theme of each game, `peakforge generate`
# asks for 10 candidates of seed 1 on 5 x 5 with the default pieces, and one Markdown row per
# run is printed: game, theme, N, trials tried, candidates admitted, CPU seconds (user + system
# of the whole process, every thread), max RSS in MiB (both from GNU time's -v), and the exit
# code (0: ten found; 1: fewer, or the theme cannot be taught; 137 or 152: killed at the CPU cap).
# Not run by CI.
#
#   scripts/gen-bench.sh [--bin PATH] [--out DIR] [--moves "1 2"] [--game GAME] [--cap SECS]
#
# --bin: the peakforge binary (default target/release/peakforge: build it with
#   `cargo build --release --no-default-features`); --out: where candidates and logs go (default
#   a fresh temporary folder, removed at the end); --moves: the goals (default "1 2"); --game:
#   only this game (default all three); --cap: the CPU seconds a run may use (default 300,
#   enforced by prlimit: a run killed at the cap has no JSON, its tried and admitted show "-").
# The themes are read from docs/themes.md's table, which a test keeps equal to the code's.
# The N = 3 rows of docs/generate.md: --moves 3 --game pawn-peak.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/target/release/peakforge"
out=""
moves="1 2"
only=""
cap=300
while [ $# -gt 0 ]; do
    case "$1" in
        --bin) bin=$2; shift 2 ;;
        --out) out=$2; shift 2 ;;
        --moves) moves=$2; shift 2 ;;
        --game) only=$2; shift 2 ;;
        --cap) cap=$2; shift 2 ;;
        -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
        *) echo "gen-bench: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done
[ -x "$bin" ] || { echo "gen-bench: no binary at $bin (see --help)" >&2; exit 2; }
command -v jq >/dev/null || { echo "gen-bench: needs jq" >&2; exit 2; }
keep=1
if [ -z "$out" ]; then
    out=$(mktemp -d)
    keep=0
fi
mkdir -p "$out"

echo "| game | theme | N | tried | admitted | CPU s | max RSS MiB | exit |"
echo "|---|---|---|---|---|---|---|---|"
# Rows of the themes table: | game | `id` | ...
grep -E '^\| [a-z-]+ \| `[a-z0-9-]+` \|' "$root/docs/themes.md" | awk -F'|' '{print $2, $3}' |
    tr -d '`' | while read -r game theme; do
    [ -z "$only" ] || [ "$game" = "$only" ] || continue
    for n in $moves; do
        dir="$out/$theme-$n"
        rm -rf "$dir"
        set +e
        prlimit --cpu="$cap" /usr/bin/time -v -o "$dir.time" "$bin" generate --game "$game" \
            --theme "$theme" --moves "$n" --size 5x5 --count 10 --seed 1 --json --out "$dir" \
            >"$dir.json" 2>"$dir.err"
        code=$?
        set -e
        user=$(awk -F': ' '/User time/ {print $2}' "$dir.time")
        sys=$(awk -F': ' '/System time/ {print $2}' "$dir.time")
        rss=$(awk -F': ' '/Maximum resident/ {print $2}' "$dir.time")
        cpu=$(echo "$user $sys" | awk '{printf "%.2f", $1 + $2}')
        mib=$(echo "$rss" | awk '{printf "%.0f", $1 / 1024}')
        tried=$(jq -r '.tried // "-"' "$dir.json" 2>/dev/null || echo "-")
        admitted=$(jq -r '.admitted // "-"' "$dir.json" 2>/dev/null || echo "-")
        echo "| $game | $theme | $n | ${tried:--} | ${admitted:--} | $cpu | $mib | $code |"
    done
done
[ "$keep" = 1 ] || rm -rf "$out"
