#!/usr/bin/env bash
# README command 2: installs what is missing, builds (Release, all cores), checks formatting,
# packages the .deb, fuzzes briefly and runs every test with ctest (GUI tests under xvfb-run).
# The last lines are ctest's summary.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${MBS_BUILD_DIR:-$ROOT/build}"
JOBS="${MBS_JOBS:-$(nproc)}"
start=$(date +%s)

"$ROOT/scripts/install-deps.sh"

echo "== build (Release, $JOBS jobs)"
cmake -S "$ROOT" -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$BUILD_DIR" -j "$JOBS"
built=$(date +%s)

echo "== format check"
cmake --build "$BUILD_DIR" --target format-check

echo "== package"
(cd "$BUILD_DIR" && cpack -G DEB >/dev/null)
deb=$(ls "$BUILD_DIR"/mbstudio_*.deb | head -n 1)
echo "packaged $(basename "$deb"): $(dpkg-deb -f "$deb" Depends | cut -c1-100)..."
if [[ $(id -u) -eq 0 ]]; then
  # As the issue asks: the package installs with apt-get and its mbsolve runs.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$deb" >/dev/null
  /usr/bin/mbsolve --help >/dev/null
  echo "installed $(basename "$deb") with apt-get; /usr/bin/mbsolve --help runs"
else
  unpacked=$(mktemp -d)
  dpkg-deb -x "$deb" "$unpacked"
  "$unpacked/usr/bin/mbsolve" --help >/dev/null
  echo "unpacked $(basename "$deb") (not root: no apt-get install); its mbsolve --help runs"
  rm -rf "$unpacked"
fi

# Fuzzing, short: each of the 7 libFuzzer targets for MBS_FUZZ_SECONDS (default 20) in its own
# sanitized build; a finding fails the run (scripts/fuzz.sh keeps its input in tests/data/fuzz/).
fuzz_status=0
if [[ "${MBS_FUZZ_SECONDS:-20}" != 0 ]]; then
  "$ROOT/scripts/fuzz.sh" "${MBS_FUZZ_SECONDS:-20}" || fuzz_status=$?
fi
fuzzed=$(date +%s)

echo "== tests"
log="$BUILD_DIR/ctest.log"
set +e
(cd "$BUILD_DIR" && xvfb-run -a -s "-screen 0 1600x1000x24" \
  ctest --output-on-failure -j "$JOBS" --timeout 600) 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
reran=0
if ((status != 0)); then
  # A GUI test now and then aborts before its first line because the X server refused its
  # connection ("could not connect to display"). Failed tests run once more, on a fresh Xvfb;
  # both runs stay in the log, and a test that fails again fails the run.
  echo "== tests that failed on the first run, run once more:"
  awk '/The following tests FAILED:/ {on = 1; next} on && /^[[:space:]]+[0-9]+ - / {print} on && !/^[[:space:]]/ {on = 0}' "$log"
  reran=1
  (cd "$BUILD_DIR" && xvfb-run -a -s "-screen 0 1600x1000x24" \
    ctest --rerun-failed --output-on-failure --timeout 600) 2>&1 | tee -a "$log"
  status=${PIPESTATUS[0]}
fi
set -e
finished=$(date +%s)

echo "== times: build $((built - start)) s, checks+package+fuzz $((fuzzed - built)) s, tests $((finished - fuzzed)) s, total $((finished - start)) s"
if ((fuzz_status != 0)); then
  echo "== fuzz FAILED: see the findings above (scripts/fuzz.sh); the tests ran all the same"
  status=$fuzz_status
fi
# Repeat ctest's summary so that it is the closing output (with a rerun: the first run's, then the
# rerun's).
grep -E "tests passed|tests failed out of|Total Test time" "$log" | tail -n $((reran ? 4 : 2))
exit "$status"
