#!/usr/bin/env bash
# Coverage-guided fuzzing on the stable toolchain: builds the libFuzzer targets of fuzz/ with
# the instrumentation cargo-fuzz would add (SanitizerCoverage through -Cpasses=sancov-module;
# no sanitizer, which needs nightly), then runs each target for SECS seconds on its corpus in
# fuzz/corpus/TARGET (kept in the repository), adding what it finds. Crashes land in
# fuzz/artifacts/TARGET. Needs a C++ compiler (libfuzzer-sys builds libFuzzer).
#   scripts/fuzz-libfuzzer.sh [SECS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
secs="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(challenge_text position_string)
triple="$(rustc -vV | sed -n 's/^host: //p')"
export RUSTFLAGS="--cfg fuzzing -Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares -Cdebug-assertions -Coverflow-checks"
# --target keeps the flags off build scripts and proc macros.
cargo build --release --target "$triple" --bins
for t in "${targets[@]}"; do
    mkdir -p "corpus/$t" "artifacts/$t"
    "target/$triple/release/$t" -max_total_time="$secs" -print_final_stats=1 \
        -artifact_prefix="artifacts/$t/" "corpus/$t" 2>&1 | tail -15
done
