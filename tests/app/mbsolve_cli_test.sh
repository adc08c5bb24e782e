#!/usr/bin/env bash
# Checks the mbsolve command-line contract (docs/mbsolve.md): exit codes, CSV layout, diagnostics.
# Usage: mbsolve_cli_test.sh MBSOLVE RESOURCES_DIR
set -uo pipefail
MBSOLVE="$1"
MODELS="$2/models"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
check() {  # check NAME EXPECTED_EXIT COMMAND...
  local name="$1" expected="$2"
  shift 2
  "$@" >"$work/out" 2>"$work/err"
  local got=$?
  if [[ $got -ne $expected ]]; then
    echo "FAIL $name: exit $got, expected $expected"; sed 's/^/  /' "$work/err" | head -5
    failures=$((failures + 1))
  else
    echo "ok   $name"
  fi
}

check "help" 0 "$MBSOLVE" --help
grep -q "Usage: mbsolve MODEL" "$work/out" || { echo "FAIL help text"; failures=$((failures + 1)); }
check "no model" 2 "$MBSOLVE"
check "unknown option" 2 "$MBSOLVE" "$MODELS/pendulum.mbs.json" --frobnicate 1
check "bad integrator" 2 "$MBSOLVE" "$MODELS/pendulum.mbs.json" --integrator euler
check "negative end" 2 "$MBSOLVE" "$MODELS/pendulum.mbs.json" --end -1
check "missing file" 2 "$MBSOLVE" "$work/none.mbs.json"
printf '{ "format": "mbstudio-model", "version": 1, "parts": [ {"name": 3 } ] }' >"$work/bad.mbs.json"
check "malformed model" 2 "$MBSOLVE" "$work/bad.mbs.json"
grep -q "bad.mbs.json" "$work/err" || { echo "FAIL malformed model: error does not name the file"; failures=$((failures + 1)); }

check "pendulum dynamic" 0 "$MBSOLVE" "$MODELS/pendulum.mbs.json" --end 1 --output-step 0.1 --tol 1e-6 \
  --out "$work/p.csv" --quiet
header=$(head -n 1 "$work/p.csv")
[[ "$header" == time,bob.x,bob.y,bob.z,bob.e0,bob.e1,bob.e2,bob.e3,bob.vx,bob.vy,bob.vz,bob.wx,bob.wy,bob.wz,bob.ax,bob.ay,bob.az,* ]] ||
  { echo "FAIL CSV header: $header"; failures=$((failures + 1)); }
rows=$(($(wc -l <"$work/p.csv") - 1))
[[ $rows -eq 11 ]] || { echo "FAIL CSV rows: $rows, expected 11"; failures=$((failures + 1)); }
grep -q "steps.*Newton iterations.*Jacobian evaluations.*factorizations.*wall time" "$work/err" ||
  { echo "FAIL summary line missing"; failures=$((failures + 1)); }
# Exact solution at t = 1 s (CASES.md): x = 0.986291751131875, y = -0.165010853125541.
awk -F, '$1 == 1 { dx = $2 - 0.986291751131875; dy = $3 + 0.165010853125541;
  if (dx * dx + dy * dy > 1e-6) { print "FAIL pendulum at t=1: " $2 ", " $3; exit 1 } }' "$work/p.csv" ||
  failures=$((failures + 1))

for analysis in initial static; do
  check "pendulum $analysis" 0 "$MBSOLVE" "$MODELS/pendulum.mbs.json" --analysis $analysis --out "$work/s.csv" --quiet
done
check "slider-crank kinematic" 0 "$MBSOLVE" "$MODELS/slider_crank.mbs.json" --analysis kinematic --end 0.5 --quiet
check "pendulum linear" 0 "$MBSOLVE" "$MODELS/pendulum.mbs.json" --analysis linear --quiet
grep -q "^mode,real,imag,frequency_hz,damping_ratio" "$work/out" || { echo "FAIL linear output"; failures=$((failures + 1)); }

# Joint friction: extra columns after the mandatory ones, only for the joint with friction.
check "friction pendulum dynamic" 0 "$MBSOLVE" "$MODELS/friction_pendulum.mbs.json" --end 0.5 --output-step 0.1 \
  --out "$work/f.csv" --quiet
[[ "$(head -n 1 "$work/f.csv")" == *,pin.tz,pin.ffx,pin.ffy,pin.ffz,pin.ftx,pin.fty,pin.ftz,pin.stick,pin.fn,pin.power ]] ||
  { echo "FAIL friction CSV header: $(head -n 1 "$work/f.csv")"; failures=$((failures + 1)); }

echo "$failures failed"
exit $((failures > 0))
