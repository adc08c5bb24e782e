#!/usr/bin/env bash
# DIFF states through mbsolve (docs/mbsolve.md, "First-order states"): an Adams/View deck in MMKS
# units with a first-order lag, a lag driven by sin 2πt, a state integrating a block's velocity and
# a spring reading the states; each integrator's CSV against the closed forms; statics of the same
# deck, an Adams/View command file running statics then dynamics and the linear analysis about
# that equilibrium, against theirs.
# Usage: mbsolve_diff_test.sh MBSOLVE DECK
set -uo pipefail
MBSOLVE="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"  # absolute: the command file runs from its own folder
DECK="$2"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0

for integrator in gstiff wstiff hht rkf45; do
  if ! "$MBSOLVE" "$DECK" --end 2 --output-step 0.02 --integrator "$integrator" --out "$work/$integrator.csv" \
    --quiet 2>"$work/err"; then
    echo "FAIL $integrator: mbsolve failed"; sed 's/^/  /' "$work/err" | head -5
    failures=$((failures + 1))
    continue
  fi
  # Columns by name: <diff>.value and <diff>.rate, and the block's CM x (m).
  awk -F, -v name="$integrator" '
    NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i
              if (!("lag.value" in col) || !("lag.rate" in col) || !("sine_lag.value" in col) ||
                  !("travel.value" in col) || !("block.x" in col)) { print "FAIL " name ": columns: " $0; bad = 1; exit }
              next }
    { t = $1; pi = atan2(0, -1); w = 2 * pi; tau = 0.2; wt = w * tau
      lag = 2 * (1 - exp(-t / 0.3))
      sine = (sin(w * t) - wt * cos(w * t) + wt * exp(-t / tau)) / (1 + wt * wt)
      travel = 80 * sin(5 * t)
      e1 = $col["lag.value"] - lag; e2 = $col["sine_lag.value"] - sine; e3 = $col["travel.value"] - travel
      e4 = $col["block.x"] * 1000 - travel; e5 = $col["lag.rate"] - (2 - $col["lag.value"]) / 0.3
      if (e1 * e1 > 1e-6 || e2 * e2 > 1e-6 || e3 * e3 > 0.0064 || e4 * e4 > 0.0064 || e5 * e5 > 1e-12) {
        print "FAIL " name " at t = " t ": lag " e1 ", sine " e2 ", travel " e3 ", block " e4 ", rate " e5; bad = 1; exit } }
    END { exit bad }' "$work/$integrator.csv" || { failures=$((failures + 1)); continue; }
  echo "ok   $integrator"
done

# Statics (Adams): the free states at ẋ = 0 (lag = 2, sine_lag = sin(0) = 0; travel's ẋ = VX is 0
# at rest, so it stays at IC), the STATIC_HOLD stiffness at its IC 0.05.
if ! "$MBSOLVE" "$DECK" --analysis static --out "$work/static.csv" --quiet 2>"$work/err"; then
  echo "FAIL static: mbsolve failed"; sed 's/^/  /' "$work/err" | head -5; failures=$((failures + 1))
elif awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
    { e1 = $col["lag.value"] - 2; e2 = $col["sine_lag.value"]; e3 = $col["travel.value"]; e4 = $col["stiffness.value"] - 0.05
      if (e1 * e1 > 1e-14 || e2 * e2 > 1e-14 || e3 * e3 > 1e-14 || e4 * e4 > 0) { print "FAIL static: " $col["lag.value"] ", " $col["sine_lag.value"] ", " $col["travel.value"] ", " $col["stiffness.value"]; bad = 1 } }
    END { exit bad }' "$work/static.csv"; then
  echo "ok   static"
else
  failures=$((failures + 1))
fi

# An Adams/View command file (blank first line, file/model=, sim/stat then sim/dyn with an '&'
# continuation) on an MMKS deck: a block (2 kg) on a vertical slide, a 4 N/mm spring and two
# actuator preloads, DIFF lags τẋ + x = 30 N (τ = 0.25 s), one under STATIC_HOLD from 5 N.
# Statics: preload = 30, locked = 5, k y = 35 − m g. Dynamics from there: preload stays 30,
# locked = 30 − 25 e^(−t/τ), and m ÿ + k y = 60 − 25 e^(−t/τ) − m g from rest (SI columns); one
# row for the equilibrium and 100 for the dynamics (its t = 0 row is not repeated).
VIEW="$(cd "$(dirname "$0")/../data/adams_view" && pwd)"
mkdir -p "$work/acf"
if ! (cd "$work/acf" && "$MBSOLVE" "$VIEW/diff_preload_mmks.acf" --tol 1e-9 --quiet 2>err); then
  echo "FAIL acf: mbsolve failed"; sed 's/^/  /' "$work/acf/err" | head -5; failures=$((failures + 1))
elif awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
    { t = $1; tau = 0.25; m = 2; k = 4000; mg = m * 9.80665; w = sqrt(k / m); e = exp(-t / tau)
      ys = (35 - mg) / k; yc = (60 - mg) / k; A = -25 / m / (1 / tau ^ 2 + w * w); B = ys - yc - A; C = A / (tau * w)
      y = yc + A * e + B * cos(w * t) + C * sin(w * t)
      e1 = $col["preload.value"] - 30; e2 = $col["locked_preload.value"] - (30 - 25 * e); e3 = $col["block.y"] - y
      e4 = $col["locked_preload.rate"] - (30 - $col["locked_preload.value"]) / tau
      if (e1 * e1 > 1e-12 || e2 * e2 > 1e-8 || e3 * e3 > 1e-14 || e4 * e4 > 1e-12) {
        print "FAIL acf at t = " t ": preload " e1 ", locked " e2 ", block " e3 ", rate " e4; bad = 1; exit } ++rows }
    END { if (rows != 101) { print "FAIL acf: " rows " rows"; bad = 1 } exit bad }' "$work/acf/diff_preload_mmks.csv"; then
  echo "ok   acf sim/stat then sim/dyn"
else
  failures=$((failures + 1))
fi

# The linear analysis about that equilibrium takes the states into A (deck units: mm, N, s):
# (y, ẏ, preload, locked) with ÿ = −(k/m) y + (preload + locked)/m and ẋ = −x/τ for both:
# A = [0 1 0 0; −2000 0 500 500; 0 0 −4 0; 0 0 0 −4], eigenvalues ±i√2000 and −4 twice.
if ! (cd "$work/acf" && "$MBSOLVE" "$VIEW/diff_preload_mmks.adm" --analysis linear --state-matrices plant --quiet \
  >/dev/null 2>err); then
  echo "FAIL linear: mbsolve failed"; sed 's/^/  /' "$work/acf/err" | head -5; failures=$((failures + 1))
elif awk -F, 'BEGIN { split("0 1 0 0 -2000 0 500 500 0 0 -4 0 0 0 0 -4", a, " ") }
    NR == 1 { if ($0 != "row,block.y,block.vy,preload,locked_preload") { print "FAIL linear: states " $0; bad = 1 } next }
    { for (j = 2; j <= 5; ++j) { d = $j - a[(NR - 2) * 4 + j - 1]; if (d * d > 1e-12) { print "FAIL linear: A row " $1 ": " $0; bad = 1 } } }
    END { exit bad }' "$work/acf/plant_A.csv"; then
  echo "ok   linear"
else
  failures=$((failures + 1))
fi

# A kinematic analysis integrates the DIFFs while the motions drive the parts (Adams does): the
# MMKS deck's crank turns by theta = 2 t + t^2/2 rad, its slider moves at 50 mm/s from 200 mm;
# angle_integral = 0.1 + t^2 + t^3/6, angle_lag = -0.36 + 1.8 t + 0.5 t^2 + 0.36 e^(-5 t),
# angle_follower (IMPLICIT) = theta, travel_integral = 200 t + 25 t^2 (mm s, the deck's units).
if ! "$MBSOLVE" "$VIEW/diff_kinematics_mmks.adm" --analysis kinematic --end 1 --output-step 0.05 --tol 1e-8 \
  --out "$work/kinematic.csv" --quiet 2>"$work/err"; then
  echo "FAIL kinematic: mbsolve failed"; sed 's/^/  /' "$work/err" | head -5; failures=$((failures + 1))
elif awk -F, 'NR == 1 { for (i = 1; i <= NF; ++i) col[$i] = i; next }
    { t = $1; th = 2 * t + 0.5 * t * t
      e1 = $col["angle_integral.value"] - (0.1 + t * t + t * t * t / 6)
      e2 = $col["angle_lag.value"] - (-0.36 + 1.8 * t + 0.5 * t * t + 0.36 * exp(-5 * t))
      e3 = $col["angle_follower.value"] - th; e4 = $col["travel_integral.value"] - (200 * t + 25 * t * t)
      if (e1 * e1 > 1e-14 || e2 * e2 > 1e-14 || e3 * e3 > 1e-14 || e4 * e4 > 1e-10) {
        print "FAIL kinematic at t = " t ": " e1 ", " e2 ", " e3 ", " e4; bad = 1; exit } ++rows }
    END { if (rows != 21) { print "FAIL kinematic: " rows " rows"; bad = 1 } exit bad }' "$work/kinematic.csv"; then
  echo "ok   kinematic"
else
  failures=$((failures + 1))
fi

[[ $failures -eq 0 ]] || { echo "$failures failure(s)"; exit 1; }
