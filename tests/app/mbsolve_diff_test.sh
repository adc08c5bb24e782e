#!/usr/bin/env bash
# DIFF states through mbsolve (docs/mbsolve.md, "First-order states"): an Adams/View deck in MMKS
# units with a first-order lag, a lag driven by sin 2πt, a state integrating a block's velocity and
# a spring reading the states; each integrator's CSV against the closed forms; statics refused by
# the DIFF's name with a non-zero exit.
# Usage: mbsolve_diff_test.sh MBSOLVE DECK
set -uo pipefail
MBSOLVE="$1"
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

# Statics would have to solve the states' derivatives for zero: refused, naming the DIFF.
if "$MBSOLVE" "$DECK" --analysis static --out "$work/static.csv" --quiet 2>"$work/err"; then
  echo "FAIL static: exit 0"; failures=$((failures + 1))
elif ! grep -q "DIFF) 'lag'" "$work/err"; then
  echo "FAIL static: the message does not name the DIFF"; sed 's/^/  /' "$work/err" | head -5
  failures=$((failures + 1))
else
  echo "ok   static refused"
fi

[[ $failures -eq 0 ]] || { echo "$failures failure(s)"; exit 1; }
