#!/usr/bin/env bash
# Times mbstudio's solver (absolute formulations and the DMBS joint-coordinate formulation) against
# Simbody (Debian libsimbody-dev) and MuJoCo 2.2 (Debian libmujoco-dev, RK4 at the largest step that
# meets each accuracy) on the same N-link spatial pendulum chain at equal accuracy, then the
# model-size table of bench_dynamics (pendulum and four-bar chains), Andrews' squeezer through
# mbsolve, and mbsolve alone on 1000- and 10,000-link chains (wall time and peak resident memory,
# import included). docs/performance.md keeps the figures.
#   usage: scripts/bench-compare.sh [N...]      (default: 10 100 1000)
#   MBS_BENCH_DEFAULT_ONLY=1: only the default run (no flags) against Simbody
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${MBS_BENCH_BUILD_DIR:-$ROOT/build-bench}"

"$ROOT/scripts/install-deps.sh" libsimbody-dev libmujoco-dev time
cmake -S "$ROOT" -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release -DMBS_BENCH_SIMBODY=ON -DMBS_BENCH_MUJOCO=ON >/dev/null
cmake --build "$BUILD_DIR" --target compare_simbody compare_mujoco bench_dynamics mbsolve -j "$(nproc)"

sizes=("$@")
((${#sizes[@]})) || sizes=(10 100 1000)
for n in "${sizes[@]}"; do
  echo "== mbstudio's default run (no flags: the automatic formulation) vs Simbody, N = $n"
  "$BUILD_DIR/tests/bench/simbody/compare_simbody" "$n" 1 default-only
done
[[ "${MBS_BENCH_DEFAULT_ONLY:-0}" == 1 ]] && exit 0  # (the default run's table only)
for n in "${sizes[@]}"; do
  echo "== mbstudio vs Simbody, N = $n"
  "$BUILD_DIR/tests/bench/simbody/compare_simbody" "$n" 1
  echo "== mbstudio vs MuJoCo, N = $n"
  "$BUILD_DIR/tests/bench/mujoco/compare_mujoco" "$n" 1
done
echo "== cost versus model size (bench_dynamics: pendulum and four-bar chains)"
"$BUILD_DIR/tests/bench/bench_dynamics" 1000 1

MBSOLVE="$BUILD_DIR/app/mbsolve"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
echo "== Andrews' squeezer (mbsolve, GSTIFF, tol 1e-6, 0.03 s)"
/usr/bin/time -f "wall %e s, peak memory %M KB" "$MBSOLVE" "$ROOT/tests/data/core/adm/andrews_squeezer.adm" \
  --analysis dynamic --end 0.03 --output-step 0.0003 --tol 1e-6 --quiet
echo "== Andrews' squeezer (mbsolve, DMBS formulation, tol 1e-6, 0.03 s)"
/usr/bin/time -f "wall %e s, peak memory %M KB" "$MBSOLVE" "$ROOT/tests/data/core/adm/andrews_squeezer.adm" \
  --analysis dynamic --end 0.03 --output-step 0.0003 --tol 1e-6 --formulation dmbs --quiet

# An N-link spherical chain as an Adams deck, so the run includes import and compile.
chain_deck() {
  awk -v n="$1" 'BEGIN {
    print n "-link spherical pendulum chain"
    print "UNITS/FORCE=NEWTON, MASS=KILOGRAM, LENGTH=METER, TIME=SECOND"
    print "PART/1, GROUND"
    print "MARKER/1, PART=1, QP=0,0,0"
    for (k = 0; k < n; k++) {
      p = 2 + k; m = 10 * p
      printf "PART/%d, MASS=1, CM=%d, IP=0.001,0.084,0.084\n", p, m
      printf "MARKER/%d, PART=%d, QP=%g,0,0\n", m, p, k + 0.5
      printf "MARKER/%d, PART=%d, QP=%g,0,0\n", m + 1, p, k
      printf "MARKER/%d, PART=%d, QP=%g,0,0\n", m + 2, p, k + 1
      printf "JOINT/%d, SPHERICAL, I=%d, J=%d\n", p, m + 1, (k == 0 ? 1 : 10 * (p - 1) + 2)
    }
    print "ACCGRAV/KGRAVITY=-9.81"
    print "END"
  }'
}
for n in 1000 10000; do
  chain_deck "$n" >"$work/chain$n.adm"
  echo "== mbsolve alone, $n-link chain, 0.01 s (10 steps of 1 ms)"
  /usr/bin/time -f "wall %e s, peak memory %M KB" "$MBSOLVE" "$work/chain$n.adm" --analysis dynamic \
    --end 0.01 --output-step 0.001 --quiet
  echo "== the same with --formulation dmbs"
  /usr/bin/time -f "wall %e s, peak memory %M KB" "$MBSOLVE" "$work/chain$n.adm" --analysis dynamic \
    --end 0.01 --output-step 0.001 --formulation dmbs --quiet
done
