#!/usr/bin/env bash
# Coverage-guided fuzzing on the stable toolchain: builds the libFuzzer targets of fuzz/ with
# the instrumentation cargo-fuzz would add (SanitizerCoverage through -Cpasses=sancov-module;
# no sanitizer, which needs nightly), then runs each target on its corpus in fuzz/corpus/TARGET
# (kept in the repository), niced, one target at a time. Crashes land in fuzz/artifacts/TARGET
# and fail the script. Needs a C++ compiler (libfuzzer-sys builds libFuzzer with it).
#   scripts/fuzz-libfuzzer.sh [SECS] [TARGET...]      run SECS seconds a target (default 60),
#                                                     adding what it finds to the corpus
#   scripts/fuzz-libfuzzer.sh --runs N [TARGET...]    run N executions a target instead
#   scripts/fuzz-libfuzzer.sh --ci SECS [TARGET...]   CI: replay the corpus, then fuzz SECS
#                                                     seconds into a scratch folder (the
#                                                     corpus in the repository is left as is)
#   scripts/fuzz-libfuzzer.sh --merge [TARGET...]     minimise the corpus (libFuzzer -merge=1)
# With no TARGET, every target of fuzz/Cargo.toml.
set -euo pipefail
cd "$(dirname "$0")/../fuzz"
mode=time
limit=60
case "${1:-}" in
--runs) mode=runs limit="$2"; shift 2 ;;
--ci) mode=ci limit="$2"; shift 2 ;;
--merge) mode=merge; shift ;;
[0-9]*) limit="$1"; shift ;;
esac
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(sed -n 's/^name = "\(.*\)"$/\1/p' Cargo.toml | grep -v '^peakforge-fuzz$')
fi
triple="$(rustc -vV | sed -n 's/^host: //p')"
export RUSTFLAGS="--cfg fuzzing -Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares -Cdebug-assertions -Coverflow-checks"
# --target keeps the flags off build scripts and proc macros.
nice -n 15 cargo build --locked --release --target "$triple" --bins
for t in "${targets[@]}"; do
    bin="target/$triple/release/$t"
    # An input slower than 10 s is a hang (a crash too); libFuzzer's 2 GB memory cap is kept.
    common=(-timeout=10 -print_final_stats=1)
    # Inputs longer than a few moves or operations add time, not coverage.
    case "$t" in
    move_text) common+=(-max_len=64) ;;
    document_ops) common+=(-max_len=128) ;;
    esac
    mkdir -p "corpus/$t" "artifacts/$t"
    echo "== $t ($mode $limit)"
    case "$mode" in
    merge)
        rm -rf "corpus/$t.merged" && mkdir "corpus/$t.merged"
        nice -n 15 "$bin" -merge=1 "${common[@]}" "corpus/$t.merged" "corpus/$t" 2>&1 | tail -3
        rm -rf "corpus/$t" && mv "corpus/$t.merged" "corpus/$t"
        ;;
    ci)
        scratch="$(mktemp -d)"
        nice -n 15 "$bin" "${common[@]}" -max_total_time="$limit" \
            -artifact_prefix="artifacts/$t/" "$scratch" "corpus/$t" 2>&1 | tail -12
        rm -rf "$scratch"
        ;;
    runs)
        nice -n 15 "$bin" "${common[@]}" -runs="$limit" \
            -artifact_prefix="artifacts/$t/" "corpus/$t" 2>&1 | tail -12
        ;;
    time)
        nice -n 15 "$bin" "${common[@]}" -max_total_time="$limit" \
            -artifact_prefix="artifacts/$t/" "corpus/$t" 2>&1 | tail -12
        ;;
    esac
done
