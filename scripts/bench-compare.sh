#!/usr/bin/env bash
# Times mbstudio's solver against Simbody (Debian libsimbody-dev) on the same N-link spatial
# pendulum chain at equal accuracy, then prints the model-size table of bench_dynamics.
#   usage: scripts/bench-compare.sh [N...]      (default: 10 100)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${MBS_BENCH_BUILD_DIR:-$ROOT/build-bench}"

"$ROOT/scripts/install-deps.sh" libsimbody-dev
cmake -S "$ROOT" -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release -DMBS_BENCH_SIMBODY=ON >/dev/null
cmake --build "$BUILD_DIR" --target compare_simbody bench_dynamics -j "$(nproc)"

sizes=("$@")
((${#sizes[@]})) || sizes=(10 100)
for n in "${sizes[@]}"; do
  echo "== mbstudio vs Simbody, N = $n"
  "$BUILD_DIR/tests/bench/simbody/compare_simbody" "$n" 1
done
echo "== cost versus model size (bench_dynamics)"
"$BUILD_DIR/tests/bench/bench_dynamics" 1000 1
