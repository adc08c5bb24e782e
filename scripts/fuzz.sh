#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz (clang, AddressSanitizer + UndefinedBehaviorSanitizer)
# and runs each for SECONDS on a corpus seeded from the bundled models, the test decks and the kept
# inputs of tests/data/fuzz. Any finding (crash, sanitizer report, broken invariant, hang, memory
# blow-up) fails the run, and its input is copied to tests/data/fuzz/<target>/ where the ordinary
# test suite replays it (tests/core/RobustnessTest.cpp) once it is fixed and committed.
#
# Usage: scripts/fuzz.sh [SECONDS per target, default 60] [TARGET ...]
#   targets: adm_import model_file expression initial_conditions command_file study_file
#            model_expression (default: all)
#   MBS_FUZZ_BUILD_DIR (default build-fuzz), MBS_JOBS (build jobs, default nproc)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SECONDS_PER_TARGET="${1:-60}"
shift || true
TARGETS=("$@")
((${#TARGETS[@]})) || TARGETS=(adm_import model_file expression initial_conditions command_file study_file model_expression)
BUILD_DIR="${MBS_FUZZ_BUILD_DIR:-$ROOT/build-fuzz}"
JOBS="${MBS_JOBS:-$(nproc)}"
KEPT="$ROOT/tests/data/fuzz"

"$ROOT/scripts/install-deps.sh" clang libclang-rt-14-dev

echo "== fuzz: build (clang, sanitizers) in $BUILD_DIR"
cmake -S "$ROOT" -B "$BUILD_DIR" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DMBS_FUZZ=ON >/dev/null
cmake --build "$BUILD_DIR" -j "$JOBS" --target "${TARGETS[@]/#/fuzz_}"

# Seeds of each target (inputs over 64 KiB are left out: they slow every mutation).
seeds() {
  case "$1" in
    adm_import) ls "$ROOT"/tests/data/core/adm/*.adm ;;
    model_file) ls "$ROOT"/resources/models/*.mbs.json ;;
    expression) ls "$ROOT"/tests/fuzz/seeds/expression/* ;;
    initial_conditions) ls "$ROOT"/resources/models/*.mbs.json "$ROOT"/tests/data/core/adm/*.adm ;;
    command_file) ls "$ROOT"/tests/data/fuzz/command_file/* ;;  # (the kept inputs are the seeds)
    study_file) ls "$ROOT"/tests/study/*.study.json "$ROOT"/resources/studies/*.study.json ;;
    model_expression) ls "$ROOT"/tests/fuzz/seeds/expression/* ;;
  esac
  ls "$KEPT/$1"/* 2>/dev/null || true
}

failed=()
for target in "${TARGETS[@]}"; do
  corpus="$BUILD_DIR/corpus/$target"
  findings="$BUILD_DIR/findings/$target"
  mkdir -p "$corpus" "$findings"
  rm -f "$findings"/crash-* "$findings"/timeout-* "$findings"/oom-* "$findings"/leak-*  # earlier runs
  seeds "$target" | while read -r f; do
    [[ $(stat -c %s "$f") -le 65536 ]] && cp -n "$f" "$corpus/" || true
  done
  echo "== fuzz: $target for $SECONDS_PER_TARGET s ($(ls "$corpus" | wc -l) corpus inputs)"
  log="$findings/fuzz.log"
  if ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 \
    "$BUILD_DIR/tests/fuzz/fuzz_$target" "$corpus" -max_total_time="$SECONDS_PER_TARGET" -timeout=20 \
    -rss_limit_mb=4096 -max_len=65536 -print_final_stats=1 -artifact_prefix="$findings/" >"$log" 2>&1; then
    grep -E "^stat::number_of_executed_units|^Done" "$log" | tr '\n' ' '
    echo
  else
    failed+=("$target")
    grep -E "ERROR|invariant broken|SUMMARY|Test unit written" "$log" | head -n 20
    for found in "$findings"/crash-* "$findings"/timeout-* "$findings"/oom-* "$findings"/leak-*; do
      [[ -e "$found" ]] || continue
      cp "$found" "$KEPT/$target/found-$(basename "$found")"
      echo "fuzz: kept $target input as tests/data/fuzz/$target/found-$(basename "$found")"
    done
    echo "fuzz: full log in $log"
  fi
done

if ((${#failed[@]})); then
  echo "fuzz: FINDINGS in ${failed[*]}"
  exit 1
fi
echo "fuzz: no findings in ${TARGETS[*]} ($SECONDS_PER_TARGET s each)"
