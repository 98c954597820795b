#!/usr/bin/env bash
# Runs each proptest-driven fuzz target (tests/fuzz.rs) with many cases, in release.
# Usage: scripts/fuzz.sh [CASES]   (default 100000 per target). Prints executions and time.
set -euo pipefail
cd "$(dirname "$0")/.."
cases="${1:-100000}"
cargo test --release --test fuzz --no-run >/dev/null 2>&1
for target in fuzz_position_strings_mutated fuzz_position_strings_arbitrary fuzz_move_text fuzz_challenge_ron_and_json; do
  start=$(date +%s.%N)
  PEAKFORGE_FUZZ_CASES="$cases" cargo test --release --test fuzz -- --exact "$target" --quiet >/dev/null
  end=$(date +%s.%N)
  printf '%-34s %9d executions  %6.1f s  no crash\n' "$target" "$cases" "$(echo "$end - $start" | bc)"
done
