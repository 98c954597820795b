#!/usr/bin/env bash
# Side-by-side benchmark against the plain C references (issue 16). Not run by CI.
#
#   scripts/bench-vs-reference.sh [--runs N] [--only NAME] [--ref DIR]
#
# Builds the references (gcc -O2) from DIR (default: ../shared/reference beside the repository;
# skips cleanly, exit 0, when it is absent), builds peakforge in release (CARGO_TARGET_DIR is
# honoured), then runs every workload alternately, ours then the reference's, N times (default
# 3), and prints for each side the minimum CPU time (user + sys of the child, getrusage),
# the nodes each program reports, the peak memory (max RSS) of the minimum run, and the ratio
# ours speed / reference speed (reference CPU / our CPU: > 1 means we are faster). The load
# average before and after is printed too: the machine is shared.
#
# Workloads (the table of issue 16): Pawn&Peak perft (standard template depth 4, rugged terrain
# depth 6), Pawn&Peak solves (the ten puzzles of fullboard-puzzles.json summed, lines 18, 13
# with --max-moves 4, and 20 of benches/full-board.txt), Breakthrough 5 x 5 from the start
# (winner and length; winner only), Breakthrough perft 8 x 8 depth 6.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
ref="$root/../shared/reference"
runs=3
only=""
ref_given=""
while [ $# -gt 0 ]; do
    case "$1" in
        --runs|--only|--ref)
            [ $# -ge 2 ] || { echo "bench-vs-reference: $1 needs a value (see --help)" >&2; exit 2; } ;;
    esac
    case "$1" in
        --runs) runs=$2; shift 2 ;;
        --only) only=$2; shift 2 ;;
        --ref) ref=$2; ref_given=1; shift 2 ;;
        -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
        *) echo "bench-vs-reference: unknown argument '$1' (see --help)" >&2; exit 2 ;;
    esac
done
case "$runs" in ''|*[!0-9]*) echo "bench-vs-reference: --runs needs a positive number" >&2; exit 2 ;; esac
# Decimal, whatever leading zeros (bash reads 08 as a bad octal number, 010 as 8).
runs=$((10#$runs))
[ "$runs" -gt 0 ] || { echo "bench-vs-reference: --runs needs a positive number" >&2; exit 2; }

if [ ! -d "$ref" ] || [ ! -f "$ref/pp.c" ]; then
    # A --ref given by hand that holds nothing is a mistake; the default one may be absent.
    if [ -n "$ref_given" ]; then
        echo "bench-vs-reference: --ref $ref: no reference programs there (pp.c)" >&2
        exit 2
    fi
    echo "bench-vs-reference: no reference programs in $ref; skipped"
    exit 0
fi
command -v python3 > /dev/null && [ -x /usr/bin/time ] ||
    { echo "bench-vs-reference: python3 and GNU time (/usr/bin/time) are needed" >&2; exit 2; }

# The workloads (commands as text, run later); a --only that matches none fails before the build.
declare -a names ourcmd refcmd
add() { names+=("$1"); ourcmd+=("$2"); refcmd+=("$3"); }
add "pp-perft-standard-d4" \
    '"$PF" perft --position "$STD" --depth 4 | sed "s/.*= /nodes /"' \
    '"$PP" perft "$STD" 4 2>/dev/null | sed "s/^/nodes /"'
add "pp-perft-rugged-d6" \
    '"$PF" perft --position "$RUGGED" --depth 6 | sed "s/.*= /nodes /"' \
    '"$PP" perft "$RUGGED" 6 2>/dev/null | sed "s/^/nodes /"'
add "pp-solve-10-puzzles" \
    'while read -r n p; do our_solve "$p" "$n"; done < "$PUZZLES" | sum_nodes' \
    'while read -r n p; do ref_solve "$p" "$n"; done < "$PUZZLES" | sum_nodes'
add "pp-solve-line18-n4" 'our_solve "$L18" 4' 'ref_solve "$L18" 4'
add "pp-solve-line13-n4" 'our_solve "$L13" 4' 'ref_solve "$L13" 4'
add "pp-solve-line20-n5" 'our_solve "$L20" 5' 'ref_solve "$L20" 5'
add "bt-5x5-winner-and-length" \
    '"$PF" bench --breakthrough --board 5x5 --proof --length' \
    '"$BTS" 5 5 2 24 len | sed "s/.*nodes=/nodes /"'
add "bt-5x5-winner-only" \
    '"$PF" bench --breakthrough --board 5x5 --proof' \
    '"$BTS" 5 5 2 | sed "s/.*nodes=/nodes /"'
add "bt-perft-8x8-d6" \
    '"$PF" perft --game breakthrough --position "BBBBBBBB/BBBBBBBB/8/8/8/8/WWWWWWWW/WWWWWWWW w 0/200" --depth 6 | sed "s/.*= /nodes /"' \
    '"$BTC" perft 8 8 2 6 | tail -1 | sed "s/.*= /nodes /"'

# measure CMD OUT: runs CMD (bash) and writes its stdout to OUT and "user sys maxrss_kb" of
# the child and its descendants to OUT.t (getrusage, microseconds; GNU time prints only
# hundredths, too coarse for the 10 ms solves).
measure() {
    python3 - "$1" "$2" <<'PY' || { echo "bench-vs-reference: failed: $1" >&2; cat "$2.err" >&2; return 1; }
import resource, subprocess, sys
cmd, out = sys.argv[1], sys.argv[2]
# GNU time gives the peak memory (a forked Python would count its own in RUSAGE_CHILDREN).
with open(out, "w") as o, open(out + ".err", "w") as e:
    rc = subprocess.run(["/usr/bin/time", "-f", "%M", "-o", out + ".m", "bash", "-c", cmd],
                        stdout=o, stderr=e).returncode
r = resource.getrusage(resource.RUSAGE_CHILDREN)
with open(out + ".t", "w") as t, open(out + ".m") as m:
    t.write(f"{r.ru_utime:.6f} {r.ru_stime:.6f} {m.read().split()[-1]}\n")
sys.exit(rc)
PY
}
if [ -n "$only" ]; then
    matched=0
    for name in "${names[@]}"; do [[ "$name" == *"$only"* ]] && matched=1; done
    if [ $matched = 0 ]; then
        echo "bench-vs-reference: --only '$only' matches no workload: ${names[*]}" >&2
        exit 2
    fi
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for p in pp bt_solve bt_c; do
    gcc -O2 -o "$work/$p" "$ref/$p.c"
done
(cd "$root" && cargo build --release --quiet)
ours="${CARGO_TARGET_DIR:-$root/target}/release/peakforge"
export PF="$ours" PP="$work/pp" BTS="$work/bt_solve" BTC="$work/bt_c"

# ---- the workloads: each prints "nodes N" (summed over its commands) and its answer lines ----
std_template=$(grep -o 'STANDARD_TEMPLATE: &str = "[^"]*"' "$root/src/games/pawn_peak/rules.rs" | sed 's/.*= "//; s/"$//')
rugged=$(grep -o 'RUGGED: &str = "[^"]*"' "$root/src/cli/bench.rs" | sed 's/.*= "//; s/"$//')
line() { sed -n "${1}p" "$root/benches/full-board.txt" | sed 's/ *#.*//'; }
export STD="$std_template" RUGGED="$rugged" L18="$(line 18)" L13="$(line 13)" L20="$(line 20)"
export PUZZLES="$work/puzzles.txt"
python3 - "$ref/fullboard-puzzles.json" > "$PUZZLES" <<'EOF'
import json, sys
for p in json.load(open(sys.argv[1])):
    print(p["max_moves"], p["position"])
EOF

# Our solve: nodes from the JSON report; the reference's from its "nodes N seconds S" line.
# Each answer is read by one awk process, as the reference's is (so both pay the same).
our_solve() { "$PF" solve --position "$1" --max-moves "$2" --json | awk '
    function field(name, pat) { return match($0, "\"" name "\":" pat) ? substr($0, RSTART + length(name) + 3, RLENGTH - length(name) - 3) : "" }
    BEGIN { RS = "\001" }
    { gsub(/[ \n]/, ""); keys = field("key_moves", "\\[[^]]*\\]"); gsub(/[]["]/, "", keys); gsub(/,/, " ", keys)
      r = field("result", "\"[a-z_]*\""); gsub(/"/, "", r)
      print "answer", r, field("player_moves", "[0-9]*"), keys; print "nodes", field("nodes", "[0-9]*") }'; }
ref_solve() { "$PP" solve "$1" "$2" | awk '/^nodes/ {print "nodes", $2; next} {a = a " " $0} END {print "answer" a}'; }
sum_nodes() { awk '/^nodes/ {n += $2; next} {print} END {print "nodes", n}'; }
export -f our_solve ref_solve sum_nodes

nodes_of() { awk '/^nodes/ {n += $2} END {print n + 0}' "$1"; }

echo "bench-vs-reference: $runs alternating runs per workload, minimum CPU (user+sys)"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); $(nproc) cores; $(date -u +%FT%TZ)"
printf '%-26s %10s %14s %9s | %10s %14s %9s | %7s\n' workload "ours s" "ours nodes" "ours MiB" \
    "ref s" "ref nodes" "ref MiB" ratio
for i in "${!names[@]}"; do
    name=${names[$i]}
    [ -n "$only" ] && [[ "$name" != *"$only"* ]] && continue
    best_o=""; best_r=""; mem_o=0; mem_r=0
    for ((k = 0; k < runs; k++)); do
        for side in o r; do
            if [ $side = o ]; then cmd=${ourcmd[$i]}; else cmd=${refcmd[$i]}; fi
            out="$work/$name.$side.$k"
            measure "$cmd" "$out"
            read -r u s m < "$out.t"
            cpu=$(echo "$u + $s" | bc -l)
            if [ $side = o ]; then
                if [ -z "$best_o" ] || (( $(echo "$cpu < $best_o" | bc -l) )); then
                    best_o=$cpu; mem_o=$m; cp "$out" "$work/$name.o"; fi
            else
                if [ -z "$best_r" ] || (( $(echo "$cpu < $best_r" | bc -l) )); then
                    best_r=$cpu; mem_r=$m; cp "$out" "$work/$name.r"; fi
            fi
        done
    done
    ratio=$(echo "scale=3; if ($best_o > 0) $best_r / $best_o else 0" | bc -l)
    printf '%-26s %10.3f %14s %9.1f | %10.3f %14s %9.1f | %7.2f\n' "$name" "$best_o" \
        "$(nodes_of "$work/$name.o")" "$(echo "$mem_o / 1024" | bc -l)" "$best_r" \
        "$(nodes_of "$work/$name.r")" "$(echo "$mem_r / 1024" | bc -l)" "$ratio"
    { grep -v '^nodes' "$work/$name.o" || true; } | sed 's/^/    ours: /' | head -3
    { grep -v '^nodes' "$work/$name.r" || true; } | sed 's/^/    ref:  /' | head -3
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
