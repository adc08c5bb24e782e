#!/usr/bin/env bash
# Builds unit-test suites with AddressSanitizer + UndefinedBehaviorSanitizer in their own build
# folder and runs them; any sanitizer report, crash or failed test fails the script. A nightly-style
# check (docs/fuzzing.md gives its duration): it is not part of scripts/test.sh, whose CI budget it
# would exceed.
#
# Usage: scripts/sanitize-tests.sh [SUITE ...]
#   suites: core_tests solver_tests mesh_tests (default: core_tests solver_tests)
#   MBS_SANITIZE_BUILD_DIR (default build-sanitize), MBS_JOBS (build jobs, default nproc),
#   MBS_SANITIZE_FILTER (a --gtest_filter for every suite, default all tests),
#   MBS_SANITIZE_TIMEOUT (seconds per suite, default 3600)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${MBS_SANITIZE_BUILD_DIR:-$ROOT/build-sanitize}"
JOBS="${MBS_JOBS:-$(nproc)}"
FILTER="${MBS_SANITIZE_FILTER:-*}"
TIMEOUT="${MBS_SANITIZE_TIMEOUT:-3600}"
SUITES=("$@")
((${#SUITES[@]})) || SUITES=(core_tests solver_tests)

launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
flags="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
start=$(date +%s)
echo "== sanitize: configure $BUILD_DIR (ASan + UBSan, -O1 -g, no GUI)"
cmake -S "$ROOT" -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "${launcher[@]}" \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -g -DNDEBUG" -DCMAKE_C_FLAGS_RELWITHDEBINFO="-O1 -g -DNDEBUG" \
  -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_C_FLAGS="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" -DCMAKE_SHARED_LINKER_FLAGS="-fsanitize=address,undefined" \
  -DMBS_BUILD_GUI=OFF -DMBS_BUILD_BENCHMARKS=OFF >/dev/null
echo "== sanitize: build ${SUITES[*]} ($JOBS jobs)"
cmake --build "$BUILD_DIR" -j "$JOBS" --target "${SUITES[@]}"
built=$(date +%s)

export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
failed=()
for suite in "${SUITES[@]}"; do
  log="$BUILD_DIR/$suite.sanitize.log"
  suite_start=$(date +%s)
  set +e
  (cd "$ROOT" && timeout "$TIMEOUT" "$BUILD_DIR/tests/$suite" --gtest_filter="$FILTER") >"$log" 2>&1
  status=$?
  set -e
  took=$(($(date +%s) - suite_start))
  if ((status != 0)) || grep -qE "ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:" "$log"; then
    failed+=("$suite")
    echo "== sanitize: $suite FAILED (exit $status, $took s); first reports:"
    grep -E "ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:|^\[  FAILED  \]|SUMMARY" "$log" | head -n 20 || true
    echo "   full log: $log"
  else
    echo "== sanitize: $suite clean ($(grep -E '^\[  PASSED  \]' "$log" | tail -n 1), $took s)"
  fi
done
echo "== sanitize: build $((built - start)) s, tests $(($(date +%s) - built)) s"
if ((${#failed[@]})); then
  echo "sanitize: FINDINGS in ${failed[*]}"
  exit 1
fi
echo "sanitize: no findings in ${SUITES[*]}"
