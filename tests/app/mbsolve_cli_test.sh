#!/usr/bin/env bash
# Checks the mbsolve command-line contract (docs/mbsolve.md): exit codes, CSV layout, diagnostics.
# Usage: mbsolve_cli_test.sh MBSOLVE RESOURCES_DIR
set -uo pipefail
MBSOLVE="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"  # absolute: some checks run elsewhere
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
# Seed 000 §4.5's integrators (issue 34): CONSTANT_BDF at the output step (HMAX unset), DSTIFF in I3
# only, none of the three in DMBS, ABAM's stiffness finding on the bundled two masses.
check "constant_bdf" 0 "$MBSOLVE" "$MODELS/pendulum.mbs.json" --integrator constant_bdf --end 1 --output-step 0.01
grep -q "101 output frames, 100 steps" "$work/err" || { echo "FAIL constant_bdf: not 100 steps of 0.01 s"; failures=$((failures + 1)); }
check "dstiff in SI2 refused" 1 "$MBSOLVE" "$MODELS/pendulum.mbs.json" --integrator dstiff --formulation si2 --end 1 --quiet
grep -q "DSTIFF is posed in the I3 formulation only" "$work/err" || { echo "FAIL dstiff SI2 message"; failures=$((failures + 1)); }
check "dstiff" 0 "$MBSOLVE" "$MODELS/pendulum.mbs.json" --integrator dstiff --formulation i3 --end 1 --quiet
check "abam in DMBS refused" 1 "$MBSOLVE" "$MODELS/pendulum.mbs.json" --integrator abam --formulation dmbs --end 1 --quiet
grep -q "ABAM runs in the absolute formulations" "$work/err" || { echo "FAIL abam DMBS message"; failures=$((failures + 1)); }
check "abam finds the two masses stiff" 1 "$MBSOLVE" "$MODELS/stiff_two_mass.mbs.json" --integrator abam --end 0.3 --max-steps 5000 --quiet
grep -q "stiffness detected at t = .*use GSTIFF" "$work/err" || { echo "FAIL abam stiffness"; failures=$((failures + 1)); }
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

# The DMBS joint-coordinate formulation: the same CSV columns, the same exact solution.
check "pendulum dynamic dmbs" 0 "$MBSOLVE" "$MODELS/pendulum.mbs.json" --end 1 --output-step 0.1 --tol 1e-6 \
  --formulation dmbs --out "$work/pd.csv" --quiet
[[ "$(head -n 1 "$work/pd.csv")" == "$header" ]] || { echo "FAIL DMBS CSV header differs"; failures=$((failures + 1)); }
awk -F, '$1 == 1 { dx = $2 - 0.986291751131875; dy = $3 + 0.165010853125541;
  if (dx * dx + dy * dy > 1e-6) { print "FAIL DMBS pendulum at t=1: " $2 ", " $3; exit 1 } }' "$work/pd.csv" ||
  failures=$((failures + 1))
check "bad formulation" 2 "$MBSOLVE" "$MODELS/pendulum.mbs.json" --formulation si3
# What DMBS does not cover is refused, naming the part and suggesting SI2.
check "flexible slider-crank dmbs refused" 1 "$MBSOLVE" "$MODELS/flexible_slider_crank.mbs.json" --end 0.01 \
  --output-step 0.01 --formulation dmbs --quiet
grep -q "body 'rod'.*SI2" "$work/err" || { echo "FAIL DMBS refusal: $(head -n 2 "$work/err")"; failures=$((failures + 1)); }
# Joint friction runs in joint coordinates: the automatic formulation takes DMBS for it (issue 37).
check "friction pendulum auto" 0 "$MBSOLVE" "$MODELS/friction_pendulum.mbs.json" --end 0.5 --output-step 0.1 \
  --formulation auto --out "$work/fp.csv"
grep -q "note: formulation (automatic): DMBS" "$work/err" ||
  { echo "FAIL friction auto formulation: $(grep note "$work/err" | head -n 1)"; failures=$((failures + 1)); }
# Clearance joints and contacts between solids run in joint coordinates: the automatic formulation
# takes DMBS for the bundled translational-clearance slider (issue 37).
check "clearance slider auto" 0 "$MBSOLVE" "$MODELS/slider_guide_clearance.mbs.json" --end 0.05 --output-step 0.01
grep -q "note: formulation (automatic): DMBS" "$work/err" ||
  { echo "FAIL clearance auto formulation: $(grep note "$work/err" | head -n 1)"; failures=$((failures + 1)); }
# A constraint element (the user's DMBS cut joint): the run's note names the cut set and why.
sed 's/"name": "joint_b",/"name": "joint_b", "constraint_element": true,/' "$MODELS/four_bar.mbs.json" >"$work/fb.mbs.json"
check "four-bar dmbs user cut" 0 "$MBSOLVE" "$work/fb.mbs.json" --analysis dynamic --end 0.2 --output-step 0.1 \
  --formulation dmbs
grep -q "note: DMBS spanning tree, cut joints: 'joint_b' (constraint element, marked by the user)" "$work/err" ||
  { echo "FAIL DMBS cut note: $(grep note "$work/err")"; failures=$((failures + 1)); }
sed 's/"name": "joint_c",/"name": "joint_c", "constraint_element": true,/' "$work/fb.mbs.json" >"$work/fb2.mbs.json"
check "four-bar no spanning tree" 2 "$MBSOLVE" "$work/fb2.mbs.json" --formulation dmbs
grep -q "joints 'joint_b', 'joint_c' cannot all be constraint elements" "$work/err" ||
  { echo "FAIL no-spanning-tree message: $(head -n 2 "$work/err")"; failures=$((failures + 1)); }

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

# Hostile input (issue 12, tests/data/fuzz): bad input exits 2 naming the file and the place, an
# analysis that cannot proceed exits 1 naming the entity; never a signal, never a hang.
FUZZ="$(dirname "$0")/../data/fuzz"
expect_error() {  # expect_error NAME EXIT FILE TEXT [ANALYSIS]
  local name="$1" expected="$2" file="$3" text="$4" analysis="${5:-initial}"
  timeout 60 "$MBSOLVE" "$file" --analysis "$analysis" --quiet >"$work/out" 2>"$work/err"
  local got=$?
  if [[ $got -ne $expected ]]; then
    echo "FAIL $name: exit $got, expected $expected"; sed 's/^/  /' "$work/err" | head -5
    failures=$((failures + 1))
  elif ! grep -qF -- "$text" "$work/err"; then
    echo "FAIL $name: the error does not say '$text'"; sed 's/^/  /' "$work/err" | head -5
    failures=$((failures + 1))
  else
    echo "ok   $name"
  fi
}
expect_error "only the ground (model file)" 2 "$FUZZ/initial_conditions/issue12-ground-only.mbs.json" "issue12-ground-only.mbs.json: the model has no moving parts"
expect_error "only the ground (.adm)" 2 "$FUZZ/initial_conditions/issue12-ground-only.adm" "issue12-ground-only.adm: the model has no moving parts"
expect_error "deep nesting" 2 "$FUZZ/model_file/issue12-deep-nesting.json" "issue12-deep-nesting.json:1: JSON nested deeper"
expect_error "number overflow" 2 "$FUZZ/model_file/issue12-number-overflow.mbs.json" "issue12-number-overflow.mbs.json:35: number 1e400 is out of range"
expect_error "NaN velocity motion" 1 "$FUZZ/initial_conditions/issue12-velocity-motion-mod-by-zero.mbs.json" "crank_drive"
expect_error "1/t velocity motion" 1 "$FUZZ/initial_conditions/issue12-velocity-motion-time-power-minus-one.mbs.json" "crank_drive"
expect_error "duplicate GCON" 2 "$FUZZ/adm_import/issue12-duplicate-gcon.adm" "duplicate GCON/1"
expect_error "id out of range" 2 "$FUZZ/adm_import/issue12-measure-id-out-of-range.adm" "is not an id"
expect_error "50,000-digit number" 2 "$FUZZ/adm_import/issue12-long-number-degrees.adm" "issue12-long-number-degrees.adm:120: 'drive': expression error at position 2: number 1111"
expect_error "no GROUND" 2 "$FUZZ/adm_import/issue12-no-ground.adm" "issue12-no-ground.adm:2: PART/2: the dataset has no GROUND part"

# Adams datasets (issue 16). Full documented keywords: a free fall under ACCGRAV/JGRAVITY, checked
# against y = -g t^2 / 2 at t = 1 s.
cat >"$work/fall.adm" <<'EOF'
free fall, full keywords
UNITS/FORCE = NEWTON, MASS = KILOGRAM, LENGTH = METER, TIME = SECOND
PART/1, GROUND
PART/2, MASS = 1, IP = 1, 1, 1, CM = 20
MARKER/20, PART = 2
MARKER/10, PART = 1
ACCGRAV/IGRAVITY = 0, JGRAVITY = -9.81, KGRAVITY = 0
END
EOF
check "adm full keywords" 0 "$MBSOLVE" "$work/fall.adm" --end 1 --output-step 0.5 --tol 1e-8 --out "$work/fall.csv" --quiet
awk -F, 'NR > 1 && $1 == 1 { d = $3 + 4.905; if (d * d > 1e-12) { print "FAIL free fall y(1) = " $3; exit 1 } }' "$work/fall.csv" ||
  failures=$((failures + 1))
# Faithful or refused: a force the importer cannot evaluate (a USER subroutine) is exit 2 naming
# it, even with --quiet; --allow-unsupported drops it with a warning that --quiet does not hide.
grep -v '^END$' "$work/fall.adm" >"$work/spline.adm"
echo 'SFORCE/1, I = 20, J = 10, FUNCTION = USER(1, 20, 10)' >>"$work/spline.adm"
echo 'END' >>"$work/spline.adm"
expect_error "adm USER refused" 2 "$work/spline.adm" "spline.adm:8: SFORCE/1: SFORCE/1 cannot be imported"
grep -qF -- "--allow-unsupported" "$work/err" || { echo "FAIL refusal does not mention --allow-unsupported"; failures=$((failures + 1)); }
check "adm USER dropped on request" 0 "$MBSOLVE" "$work/spline.adm" --analysis initial --allow-unsupported --quiet
grep -q "warning: .*spline.adm:8: SFORCE/1: .*dropped" "$work/err" ||
  { echo "FAIL --allow-unsupported --quiet does not print the dropped force"; failures=$((failures + 1)); }
# IMPACT (issue 14): the ball starts touching (y = 0 is the free length) and comes to rest at the
# penetration (m g / k)^(1/e) = (9.81 / 1e5)^(1/1.5) = 2.127058e-3 m. ACTIONONLY acts along J's z
# axis: MARKER/11 on ground has its z axis along y.
grep -v '^END$' "$work/fall.adm" >"$work/impact.adm"
echo 'MARKER/11, PART = 1, ZP = 0, 1, 0' >>"$work/impact.adm"
echo 'SFORCE/1, I = 20, J = 11, ACTIONONLY, FUNCTION = IMPACT(DY(20, 10), VY(20, 10), 0, 1E5, 1.5, 600, 1E-3)' >>"$work/impact.adm"
echo 'END' >>"$work/impact.adm"
check "adm IMPACT runs" 0 "$MBSOLVE" "$work/impact.adm" --end 3 --output-step 0.5 --tol 1e-7 --out "$work/impact.csv" --quiet
awk -F, 'NR > 1 && $1 == 3 { d = $3 + 2.127058e-3; if (d * d > 1e-14) { print "FAIL IMPACT rest y(3) = " $3; exit 1 } }' "$work/impact.csv" ||
  failures=$((failures + 1))

# Requests: REQUEST/1 (abbreviated D, as Adams/View writes it) gives REQUEST_1.* columns after the
# standard ones; its y at t = 1 s is the free fall's.
grep -v '^END$' "$work/fall.adm" >"$work/request.adm"
echo 'REQUEST/1, D, I = 20, J = 10, C = fall' >>"$work/request.adm"
echo 'END' >>"$work/request.adm"
check "adm request columns" 0 "$MBSOLVE" "$work/request.adm" --end 1 --output-step 0.5 --tol 1e-8 --out "$work/request.csv" --quiet
[[ "$(head -n 1 "$work/request.csv")" == *,REQUEST_1.mag,REQUEST_1.x,REQUEST_1.y,REQUEST_1.z,REQUEST_1.psi,REQUEST_1.theta,REQUEST_1.phi ]] ||
  { echo "FAIL request CSV header: $(head -n 1 "$work/request.csv")"; failures=$((failures + 1)); }
awk -F, 'NR == 1 { for (k = 1; k <= NF; ++k) if ($k == "REQUEST_1.y") c = k }
  NR > 1 && $1 == 1 { d = $c + 4.905; if (d * d > 1e-12) { print "FAIL request y(1) = " $c; exit 1 } }' "$work/request.csv" ||
  failures=$((failures + 1))

# Command files (.acf): dataset and output name, then commands. A ball held up by an SFORCE for
# 0.5 s, then the force deactivated: y(1) = -g (0.5 s)^2 / 2; STOP ends the run before the last
# SIMULATE; the second SIMULATE continues from 0.5 s without repeating that row.
cat >"$work/ball.adm" <<'EOF'
ball held up by a force, then let go
PART/1, GROUND
MARKER/10, PART = 1
MARKER/11, PART = 1, REULER = 0, -90D, 0
PART/2, MASS = 2, IP = 1, 1, 1, CM = 20
MARKER/20, PART = 2
MARKER/21, PART = 2, REULER = 0, -90D, 0
SFORCE/1, TRANSLATIONAL, ACTIONONLY, I = 21, J = 11, FUNCTION = 2*9.81
ACCGRAV/JGRAVITY = -9.81
REQUEST/1, DISPLACEMENT, I = 20, J = 10
END
EOF
printf 'ball\nball_out\n! held, then released\nSIMULATE/DYNAMIC, END = 0.5, STEPS = 5\nDEACTIVATE/SFORCE, ID = 1\nSIM/DYN, DURATION = 0.5\n, DTOUT = 0.1\nSTOP\nSIMULATE/DYNAMIC, END = 5\n' >"$work/ball.acf"
(cd "$work" && "$MBSOLVE" ball.acf --tol 1e-9 >out 2>err); got=$?
if [[ $got -ne 0 || ! -f "$work/ball_out.csv" ]]; then
  echo "FAIL acf run: exit $got"; sed 's/^/  /' "$work/err" | head -5; failures=$((failures + 1))
else
  echo "ok   acf run"
  rows=$(($(wc -l <"$work/ball_out.csv") - 1))
  [[ $rows -eq 11 ]] || { echo "FAIL acf rows: $rows, expected 11 (0..1 s by 0.1, STOP honoured)"; failures=$((failures + 1)); }
  awk -F, 'NR == 1 { for (k = 1; k <= NF; ++k) if ($k == "REQUEST_1.y") c = k }
    NR > 1 && $1 == 0.5 { if ($c * $c > 1e-12) { print "FAIL acf held at 0.5 s: y = " $c; exit 1 } }
    NR > 1 && $1 == 1 { d = $c + 1.22625; if (d * d > 1e-12) { print "FAIL acf released y(1) = " $c; exit 1 } }' \
    "$work/ball_out.csv" || failures=$((failures + 1))
fi
# STATIC, KINEMATIC and a dynamic continuation: a mass on a vertical spring (k = 100, m = 2, g = 9.81)
# in a translational joint. Static: y = -mg/k. Kinematic: a motion lifts it, y = 0.1 t. Motion
# deactivated at t = 1 s: oscillation about -mg/k with w^2 = k/m from y = 0.1, v = 0.1.
cat >"$work/spring.adm" <<'EOF'
mass on a spring
PART/1, GROUND
MARKER/10, PART = 1, REULER = 0, -90D, 0
MARKER/11, PART = 1, QP = 0, 1, 0
PART/2, MASS = 2, IP = 1, 1, 1, CM = 20
MARKER/20, PART = 2, REULER = 0, -90D, 0
JOINT/1, TRANSLATIONAL, I = 20, J = 10
SPRINGDAMPER/1, TRANSLATION, I = 20, J = 11, K = 100, C = 0, LENGTH = 1
MOTION/1, JOINT = 1, TRANSLATION, FUNCTION = 0.1*TIME
ACCGRAV/JGRAVITY = -9.81
END
EOF
printf 'spring\nspring_kin\nDEACTIVATE/MOTION, ID = 1\nSIMULATE/STATIC\n' >"$work/static.acf"
printf 'spring\nspring_kin\nSIMULATE/KINEMATIC, END = 1, STEPS = 2\nDEACTIVATE/MOTION, ID = 1\nINTEGRATOR/GSTIFF, ERROR = 1E-9\nSIMULATE/TRANSIENT, END = 2, STEPS = 4\n' >"$work/kin.acf"
check "acf static" 0 "$MBSOLVE" "$work/static.acf" --out "$work/static.csv" --quiet
awk -F, 'NR == 2 { d = $3 + 0.1962; if (d * d > 1e-16) { print "FAIL acf static y = " $3; exit 1 } }' "$work/static.csv" ||
  failures=$((failures + 1))
check "acf kinematic then transient" 0 "$MBSOLVE" "$work/kin.acf" --out "$work/kin.csv" --quiet
awk -F, 'function y(t) { w = sqrt(50); return -0.1962 + (0.1 + 0.1962) * cos(w * (t - 1)) + 0.1 / w * sin(w * (t - 1)) }
  NR > 1 && $1 == 1 { d = $3 - 0.1; if (d * d > 1e-14) { print "FAIL acf kinematic y(1) = " $3; exit 1 } }
  NR > 1 && $1 == 2 { d = $3 - y(2); if (d * d > 1e-10) { print "FAIL acf oscillation y(2) = " $3 ", expected " y(2); exit 1 } }' \
  "$work/kin.csv" || failures=$((failures + 1))
check "acf with --end" 2 "$MBSOLVE" "$work/kin.acf" --end 3
printf 'spring\nout\nSIMULATE/DYNAMIC, END = 1\nPART/2, MASS = 3\n' >"$work/redefine.acf"
check "acf redefinition refused" 2 "$MBSOLVE" "$work/redefine.acf" --quiet
grep -qF "redefine.acf:4: PART/2: PART cannot be run" "$work/err" ||
  { echo "FAIL acf redefinition: $(head -1 "$work/err")"; failures=$((failures + 1)); }

# Export: the slider-crank written as an Adams dataset runs to the same results (1e-9); what Adams
# cannot express (a flexible part) is exit 2 naming it.
check "export adm" 0 "$MBSOLVE" "$MODELS/slider_crank.mbs.json" --export-adm "$work/slider_crank.adm"
check "exported adm runs" 0 "$MBSOLVE" "$work/slider_crank.adm" --end 0.5 --output-step 0.1 --tol 1e-10 --out "$work/exported.csv" --quiet
check "native runs" 0 "$MBSOLVE" "$MODELS/slider_crank.mbs.json" --analysis dynamic --integrator gstiff --formulation si2 --end 0.5 \
  --output-step 0.1 --tol 1e-10 --out "$work/native.csv" --quiet
paste -d, "$work/native.csv" "$work/exported.csv" | awk -F, 'NR == 1 { n = NF / 2; next }
  { for (k = 2; k <= 17; ++k) { d = $k - $(k + n); if (d * d > 1e-18) { print "FAIL export round trip: column " k " at t = " $1; exit 1 } } }' ||
  failures=$((failures + 1))
check "export refuses a flexible part" 2 "$MBSOLVE" "$MODELS/flexible_slider_crank.mbs.json" --export-adm "$work/flexible.adm"
grep -q "'rod' cannot be written to an Adams dataset: flexible parts" "$work/err" ||
  { echo "FAIL export refusal: $(head -1 "$work/err")"; failures=$((failures + 1)); }

# --derived (docs/mbsolve.md): the pendulum released from the horizontal keeps its total mechanical
# energy (model.total_energy) and its joint angle follows the part's Bryant angle about z (up to a turn).
check "derived columns" 0 "$MBSOLVE" "$MODELS/pendulum.mbs.json" --end 1 --output-step 0.1 --tol 1e-8 --derived \
  --out "$work/derived.csv" --quiet
awk -F, 'NR == 1 { for (k = 1; k <= NF; ++k) c[$k] = k
    if (!c["model.total_energy"] || !c["bob.gamma"] || !c["pivot_joint.angle_z"]) { print "FAIL derived header: " $0; exit 1 }
    next }
  NR == 2 { e0 = $c["model.total_energy"] }
  { d = $c["model.total_energy"] - e0; if (d * d > 1e-8) { print "FAIL derived energy at t = " $1 ": " $c["model.total_energy"] " vs " e0; exit 1 }
    a = $c["pivot_joint.angle_z"] - $c["bob.gamma"]  # equal up to a turn (both in (-pi, pi], near pi)
    if (sin(a) ^ 2 + (cos(a) - 1) ^ 2 > 1e-12) { print "FAIL derived angle at t = " $1; exit 1 } }' \
  "$work/derived.csv" || failures=$((failures + 1))

# Command files as Adams/View writes them (issue 28; tests/data/adams_view/acf_*): a blank first
# line and file/model=NAME (outputs NAME.csv), '&' continuations, abbreviations, redefinitions
# between simulations, DEACTIVATE/MOTION and /CONTACT; each segment against its closed form.
VIEW="$(cd "$(dirname "$0")/../data/adams_view" && pwd)"
acf_run() {  # acf_run NAME FILE.acf OUTPUT: runs in $work/NAME, as a user would, from that folder
  mkdir -p "$work/$1"
  (cd "$work/$1" && "$MBSOLVE" "$VIEW/$2" --tol 1e-9 >out 2>err); local got=$?
  if [[ $got -ne 0 || ! -f "$work/$1/$3.csv" ]]; then
    echo "FAIL $1: exit $got, no $3.csv"; sed 's/^/  /' "$work/$1/err" | head -5; failures=$((failures + 1)); return 1
  fi
  grep -q "mbsolve: error" "$work/$1/err" && { echo "FAIL $1: an error printed"; grep "mbsolve: error" "$work/$1/err" | head -3; failures=$((failures + 1)); }
  echo "ok   $1"
}
# Two springs in series as one NFORCE (MMKS, MATRIX statements, comma-first lines) under gravity
# with a 12 N preload on the second I marker: the equilibrium is the springs' closed form (SI CSV),
# and NFORCE() at J in a REQUEST (N) the parts' weight.
check "view NFORCE chain static" 0 "$MBSOLVE" "$VIEW/adm_nforce_chain_mmks.adm" --analysis static \
  --out "$work/nforce.csv" --quiet
awk -F, 'NR == 1 { for (k = 1; k <= NF; ++k) { if ($k == "second.x") x = k; if ($k == "second.y") y = k; if ($k == "node_loads.f3") f = k } }
  NR == 2 { dx = $x - 0.218; dy = $y + 0.014709975; df = $f + 2.0 * 9.80665
    if (dx * dx > 1e-20 || dy * dy > 1e-20 || df * df > 1e-14) { print "FAIL NFORCE chain: " $x ", " $y ", " $f; exit 1 } }' \
  "$work/nforce.csv" || failures=$((failures + 1))
# DELAY (MMKS, expr_delay_mmks.acf: a blank first line, file/model=, '&'): at 3 s the delayed push
# (125/3 (t - 0.1)^3 mm), the delayed brake (v = -2.109375 mm/s) and the delayed decays x' = -x(t - 1)
# (-1/6) and x' = -2 x(t - 0.5) (-41/720), all by the method of steps (the brake to 5e-5 of its launch
# speed: its signal in mm/s changes by more than the 0.5 jump threshold between steps, so it is
# interpolated linearly).
if acf_run view_delay expr_delay_mmks.acf expr_delay_mmks; then
  awk -F, 'NR == 1 { for (k = 1; k <= NF; ++k) { if ($k == "pushed.x") x = k; if ($k == "braked.vx") v = k
      if ($k == "delayed_decay.value") d = k; if ($k == "fast_decay.value") f = k } }
    NR > 1 && $1 == 3 { n = 1; dx = $x - 1.0162083333; dv = $v + 0.002109375; dd = $d + 1.0 / 6.0; df = $f + 41.0 / 720.0
      if (dx * dx > 1e-12 || dv * dv > 2.5e-11 || dd * dd > 1e-10 || df * df > 1e-10) {
        print "FAIL view_delay at 3 s: " $x ", " $v ", " $d ", " $f; exit 1 } }
    END { if (!n) { print "FAIL view_delay: no row at 3 s"; exit 1 } }' \
    "$work/view_delay/expr_delay_mmks.csv" || failures=$((failures + 1))
fi
# A block held by a motion on a vertical slide (MMKS), the motion deactivated at 0.5 s: free fall.
if acf_run view_drop acf_drop.acf acf_drop; then
  awk -F, 'NR == 1 { for (k = 1; k <= NF; ++k) if ($k == "height.y") c = k }
    NR > 1 && $1 == 0.5 { if ($c * $c > 1e-14) { print "FAIL view_drop held: y(0.5) = " $c; exit 1 } }
    NR > 1 && $1 == 1 { d = $c + 0.5 * 9.80665 * 0.25; if (d * d > 1e-12) { print "FAIL view_drop fall: y(1) = " $c; exit 1 } }' \
    "$work/view_drop/acf_drop.csv" || failures=$((failures + 1))
  grep -q "the model is kinematically determinate" "$work/view_drop/err" ||
    { echo "FAIL view_drop: no degrees-of-freedom note"; failures=$((failures + 1)); }
fi
# The same block falling under 9806.65 mm/s^2, then (accg/jgrav=-1000.0) under 1000 mm/s^2.
if acf_run view_gravity acf_drop_gravity.acf acf_drop_gravity; then
  awk -F, 'NR == 1 { for (k = 1; k <= NF; ++k) if ($k == "height.y") c = k }
    NR > 1 && $1 == 0.5 { d = $c + 0.5 * 9.80665 * 0.25; if (d * d > 1e-12) { print "FAIL view_gravity y(0.5) = " $c; exit 1 } }
    NR > 1 && $1 == 1 { d = $c - (-0.5 * 9.80665 * 0.25 - 9.80665 * 0.5 * 0.5 - 0.5 * 1.0 * 0.25)
      if (d * d > 1e-12) { print "FAIL view_gravity y(1) = " $c; exit 1 } }' \
    "$work/view_gravity/acf_drop_gravity.csv" || failures=$((failures + 1))
fi
# A slider on a spring (IPS): K = 2 lbf/in, from 0.4 s K = 8 lbf/in, from 0.8 s a 2 lbf push
# (VARIABLE/1 redefined). Each segment a harmonic oscillation from where the previous one ended.
if acf_run view_slider acf_slider_ips.acf acf_slider_ips; then
  awk -F, 'function seg(k, f, t) { w = sqrt(k / m); xe = L + f / k; nx = xe + (x - xe) * cos(w * t) + v / w * sin(w * t)
      v = -(x - xe) * w * sin(w * t) + v * cos(w * t); x = nx }
    BEGIN { lbf = 4.4482216152605; inch = 0.0254; m = 10 * 0.45359237; L = 8 * inch; x = 10 * inch; v = 0
      seg(2 * lbf / inch, 0, 0.4); x1 = x; seg(8 * lbf / inch, 0, 0.4); x2 = x; seg(8 * lbf / inch, 2 * lbf, 0.4); x3 = x }
    NR == 1 { for (k = 1; k <= NF; ++k) if ($k == "position.x") c = k }
    NR > 1 && ($1 == 0.4 || $1 == 0.8 || $1 == 1.2) { e = ($1 == 0.4 ? x1 : $1 == 0.8 ? x2 : x3)
      if (($c - e) ^ 2 > 1e-12) { print "FAIL view_slider x(" $1 ") = " $c ", expected " e; exit 1 } }' \
    "$work/view_slider/acf_slider_ips.csv" || failures=$((failures + 1))
fi
# A ball resting on a floor by a CONTACT, deactivate/contact at 0.2 s: it falls 0.3 s freely.
if acf_run view_contact acf_ball_contact.acf acf_ball_contact; then
  awk -F, 'NR > 1 && $1 == 0.2 { z0 = $4; d = $4 - 0.049997873426; if (d * d > 1e-14) { print "FAIL view_contact rest z = " $4; exit 1 } }
    NR > 1 && $1 == 0.5 { d = $4 - (0.049997873426 - 0.5 * 9.80665 * 0.09); if (d * d > 1e-12) { print "FAIL view_contact fall z = " $4; exit 1 } }' \
    "$work/view_contact/acf_ball_contact.csv" || failures=$((failures + 1))
fi
# Two blocks on a BOX ramp at 30 deg (CONTACT between solids, '&' continuations): friction holds one;
# the other slides s = g (sin 30 - 0.4 cos 30) t^2 / 2; at 0.5 s the held block's contact is
# deactivated and it falls g t^2 / 2 in 0.1 s.
if acf_run view_ramp acf_box_incline_contact_mmks.acf acf_box_incline_contact_mmks; then
  awk -F, 'NR == 1 { for (k = 1; k <= NF; ++k) { if ($k == "held_block.z") h = k; if ($k == "sliding_block.z") s = k } }
    NR == 2 { h0 = $h; s0 = $s }
    NR > 1 && $1 == 0.5 && !seen { seen = 1; h5 = $h; d = h5 - h0; if (d * d > 1e-6) { print "FAIL view_ramp held dz = " d; exit 1 }
      d = $s - (s0 - 0.5 * 9.80665 * (0.5 - 0.4 * sqrt(0.75)) * 0.25 * 0.5); if (d * d > 4e-8) { print "FAIL view_ramp sliding z = " $s; exit 1 } }
    NR > 1 && $1 == 0.6 { d = $h - (h5 - 0.5 * 9.80665 * 0.01); if (d * d > 1e-8) { print "FAIL view_ramp fall z = " $h; exit 1 } }' \
    "$work/view_ramp/acf_box_incline_contact_mmks.csv" || failures=$((failures + 1))
fi
# A pendulum (MMKS, REULER with D suffixes) whose hinge marker is 2 mm off the pivot, by the
# classic two-line header with int/hht: the assembly moves the link (a note says how far), then the
# CM stays at the hinge's distance, sqrt(2^2 + 300^2) mm, and the energy is constant.
if acf_run view_pendulum acf_pendulum_mmks.acf acf_pendulum_out; then
  grep -q "note: .*acf_pendulum_mmks.adm: the model has 1 degree of freedom" "$work/view_pendulum/err" &&
    grep -q "note: part 'link' moved .* m and .* deg by the initial assembly" "$work/view_pendulum/err" ||
    { echo "FAIL view_pendulum notes: $(grep note "$work/view_pendulum/err" | head -3)"; failures=$((failures + 1)); }
  awk -F, 'NR == 1 { for (k = 1; k <= NF; ++k) c[$k] = k; next }
    { x = $c["link.x"]; y = $c["link.y"]; vx = $c["link.vx"]; vy = $c["link.vy"]; w = $c["link.wz"]
      if (NR == 2) y0 = y
      r = sqrt(x * x + y * y) - sqrt(4 + 300 * 300) / 1000; e = 0.5 * (1.5 * (vx * vx + vy * vy) + 0.05 * w * w) + 1.5 * 9.80665 * (y - y0)
      if (r * r > 1e-14 || e * e > 1e-10) { print "FAIL view_pendulum at t = " $1 ": radius " r ", energy " e; exit 1 } }' \
    "$work/view_pendulum/acf_pendulum_out.csv" || failures=$((failures + 1))
fi
# A slider-crank (IPS, all revolute joints and a translational one: 3 redundant equations, as in
# Adams) driven one turn a second by sim/kin: x = r cos(wt) + sqrt(l^2 - r^2 sin^2(wt)), r = 2 in, l = 6 in.
if acf_run view_slider_crank acf_slider_crank_ips.acf acf_slider_crank_ips; then
  grep -q "note: .*the model is kinematically determinate: its 1 degree of freedom is driven by a motion; 3 redundant constraint equations: joint 'slide_joint'" "$work/view_slider_crank/err" ||
    { echo "FAIL view_slider_crank DOF note: $(grep note "$work/view_slider_crank/err" | head -2)"; failures=$((failures + 1)); }
  awk -F, 'NR == 1 { for (k = 1; k <= NF; ++k) if ($k == "slider.x") c = k; next }
    { a = 2 * 3.14159265358979 * $1; r = 2 * 0.0254; l = 6 * 0.0254; x = r * cos(a) + sqrt(l * l - r * r * sin(a) ^ 2)
      if (($c - x) ^ 2 > 1e-18) { print "FAIL view_slider_crank x(" $1 ") = " $c ", expected " x; exit 1 } }' \
    "$work/view_slider_crank/acf_slider_crank_ips.csv" || failures=$((failures + 1))
fi
# SIMULATE/STATICS with END= (quasi-static) after an SFORCE redefinition F = 2 t lbf, by the classic
# header: x = 8 in + F / (2 lbf/in) at each output time.
if acf_run view_quasistatic acf_slider_quasistatic.acf acf_slider_quasistatic; then
  awk -F, 'NR == 1 { for (k = 1; k <= NF; ++k) if ($k == "position.x") c = k; next }
    { x = (8 + $1) * 0.0254; n++; if (($c - x) ^ 2 > 1e-18) { print "FAIL view_quasistatic x(" $1 ") = " $c ", expected " x; exit 1 } }
    END { if (n != 5) { print "FAIL view_quasistatic: " n " rows, expected 5 (0 to 1 s by 0.25)"; exit 1 } }' \
    "$work/view_quasistatic/acf_slider_quasistatic.csv" || failures=$((failures + 1))
fi
# Adams/View's form in MMKS (issue 34): "sim/sta, end=1, steps=10" is the quasi-static series, 11
# equilibria of a 2 kg bob 500 mm below its hinge pushed by F = 15 t N: tan(theta) = F / (m g), the
# hinge REQUEST carrying (-F, m g) at every step.
qs_check='NR == 1 { for (k = 1; k <= NF; ++k) c[$k] = k; next }
    { F = 15 * $1; th = atan2(F, 2 * 9.80665); n++
      if (($c["bob.x"] - 0.5 * sin(th)) ^ 2 > 1e-18 || ($c["bob.y"] + 0.5 * cos(th)) ^ 2 > 1e-18 ||
          ($c["hinge_force.fx"] + F) ^ 2 > 1e-12 || ($c["hinge_force.fy"] - 2 * 9.80665) ^ 2 > 1e-12) {
        print "FAIL quasi-static at t = " $1 ": x " $c["bob.x"] " y " $c["bob.y"] " request " $c["hinge_force.fx"] ", " $c["hinge_force.fy"]; exit 1 } }
    END { if (n != 11) { print "FAIL quasi-static: " n " rows, expected 11"; exit 1 } }'
if acf_run view_qs_mmks qs_pendulum_push_mmks.acf qs_pendulum_push_mmks; then
  awk -F, "$qs_check" "$work/view_qs_mmks/qs_pendulum_push_mmks.csv" || failures=$((failures + 1))
  grep -q "SIMULATE/quasi_static finished at t = 1 s, 11 output frames" "$work/view_qs_mmks/err" ||
    { echo "FAIL view_qs_mmks summary: $(grep SIMULATE "$work/view_qs_mmks/err")"; failures=$((failures + 1)); }
fi
# LINEAR/EIGENSOL after the quasi-static series linearizes about its last equilibrium (t = 1 s,
# F = 15 N): a constant force F plus gravity is a pendulum in a field of strength sqrt((m g)^2 + F^2),
# so K = L sqrt((m g)^2 + F^2), J = m L^2 + Izz and f = sqrt(K / J) / (2 pi), undamped.
mkdir -p "$work/qs_linear"
cp "$VIEW/qs_pendulum_push_mmks.adm" "$work/qs_linear/"
printf '\nfile/model=qs_pendulum_push_mmks\nsim/sta, end=1, steps=10\nlinear/eigensol\nstop\n' >"$work/qs_linear/l.acf"
if (cd "$work/qs_linear" && "$MBSOLVE" l.acf >out 2>err); then
  awk -F, 'BEGIN { mg = 2 * 9.80665; K = 0.5 * sqrt(mg * mg + 225); f = sqrt(K / (2 * 0.25 + 1e-4)) / (2 * 3.14159265358979) }
    $1 ~ /^[0-9]+$/ && $4 > 0 { n++; if (($4 - f) ^ 2 > 1e-12 || $5 ^ 2 > 1e-12) { print "FAIL qs_linear: f = " $4 " Hz, zeta " $5 ", expected " f; bad = 1 } }
    END { if (n != 1) { print "FAIL qs_linear: " n " modes, expected 1"; exit 1 } exit bad }' "$work/qs_linear/out" &&
    echo "ok   qs_linear" || failures=$((failures + 1))
else
  echo "FAIL qs_linear: exit $?"; sed 's/^/  /' "$work/qs_linear/err" | head -5; failures=$((failures + 1))
fi
# The same deck by --analysis quasi-static.
check "adm --analysis quasi-static" 0 "$MBSOLVE" "$VIEW/qs_pendulum_push_mmks.adm" --analysis quasi-static --end 1 \
  --output-step 0.1 --out "$work/qs.csv" --quiet
awk -F, "$qs_check" "$work/qs.csv" || failures=$((failures + 1))
grep -q "quasi-static analysis finished: 11 output frames" "$work/err" ||
  { echo "FAIL quasi-static summary: $(tail -1 "$work/err")"; failures=$((failures + 1)); }
# A torque 9806.65 N mm t / 0.75 on the hinge: no equilibrium past t = 0.75 s. The run stops at
# t = 0.8 s saying so (exit 1) and keeps the 8 equilibria before it.
sed -e 's/, TRANSLATIONAL/, ROTATIONAL/' -e '/, ACTIONONLY/d' -e 's/^, I = 20$/, I = 21/' -e 's/^, J = 2$/, J = 1/' \
  -e 's/15.0\*TIME/13075.5333333*TIME/' "$VIEW/qs_pendulum_push_mmks.adm" >"$work/qs_windup.adm"
check "quasi-static without equilibrium" 1 "$MBSOLVE" "$work/qs_windup.adm" --analysis quasi-static --end 1 \
  --output-step 0.1 --out "$work/qs_windup.csv" --quiet
grep -q "error: quasi-static analysis failed at t = 0.8 s: no static equilibrium at t = 0.8 s (the 8 equilibria up to t = 0.7 s are kept)" "$work/err" ||
  { echo "FAIL quasi-static failure message: $(grep error "$work/err")"; failures=$((failures + 1)); }
rows=$(($(wc -l <"$work/qs_windup.csv") - 1))
[[ $rows -eq 8 ]] || { echo "FAIL quasi-static failure rows: $rows, expected 8"; failures=$((failures + 1)); }
# An error in the command file names the command file and its line, never the dataset.
mkdir -p "$work/view_bad"
cp "$VIEW/acf_drop.adm" "$work/view_bad/"
printf '\nfile/model=acf_drop\nINTEGRATOR/ &\n, GSTIFF &\n, FORMULATION = I4\nsim/dyn, end=1\n' >"$work/view_bad/bad.acf"
check "acf error located in the command file" 2 "$MBSOLVE" "$work/view_bad/bad.acf" --quiet
grep -q "error: .*bad.acf:5: INTEGRATOR: FORMULATION must be I3, SI2 or SI1" "$work/err" && ! grep -q "error: .*\.adm" "$work/err" ||
  { echo "FAIL acf error location: $(cat "$work/err")"; failures=$((failures + 1)); }
# A dataset cut before END (issue 29) is refused naming the file and the last line read.
head -n 60 "$VIEW/acf_drop.adm" >"$work/view_bad/acf_drop.adm"
check "truncated dataset refused" 2 "$MBSOLVE" "$work/view_bad/acf_drop.adm" --end 1 --quiet
grep -q "acf_drop.adm:60: the dataset has no END statement" "$work/err" ||
  { echo "FAIL truncated dataset message: $(cat "$work/err")"; failures=$((failures + 1)); }
printf '\nfile/model=acf_drop\nsim/dyn, end=1\n' >"$work/view_bad/cut.acf"
check "truncated dataset refused from a command file" 2 "$MBSOLVE" "$work/view_bad/cut.acf" --quiet
# --- Issue 29: limits, interrupted runs, files replaced whole, hostile inputs (docs/mbsolve.md, "Limits").
says() {  # says NAME TEXT: the last run's stderr holds TEXT
  grep -qF -- "$2" "$work/err" || { echo "FAIL $1: stderr does not say '$2':"; sed 's/^/  /' "$work/err" | head -5; failures=$((failures + 1)); }
}
P="$MODELS/pendulum.mbs.json"
check "output step 1e-20 refused" 2 timeout 20 "$MBSOLVE" "$P" --output-step 1e-20 --quiet
says "output step 1e-20" "impossible output grid: the output step 1e-20 s over 0 .. 10 s makes 1e+21 output frames, more than the limit of 10000000"
says "output step 1e-20 names the option" "--max-frames"
check "output step 1e-12 refused" 2 timeout 20 "$MBSOLVE" "$P" --output-step 1e-12 --quiet
check "end inf refused" 2 timeout 20 "$MBSOLVE" "$P" --end inf --quiet
says "end inf" "invalid value 'inf' for --end (a positive finite number)"
check "end nan refused" 2 timeout 20 "$MBSOLVE" "$P" --end nan --quiet
check "frame limit lowered" 2 "$MBSOLVE" "$P" --end 1 --output-step 0.001 --max-frames 500 --quiet
says "frame limit lowered" "more than the limit of 500"
check "frame limit raised" 0 "$MBSOLVE" "$MODELS/slider_crank.mbs.json" --end 0.01 --output-step 1e-6 --max-frames 20000 --analysis kinematic --quiet
check "bad --max-frames" 2 "$MBSOLVE" "$P" --max-frames 1.5
# --end 1e300: the grid has 101 frames, the integrator's step projects past the step limit.
check "end 1e300 stops" 1 timeout 60 "$MBSOLVE" "$P" --end 1e300 --quiet
says "end 1e300" "work limit: at t = "
says "end 1e300 advice" "more than the step limit of 10000000"
check "step limit" 1 timeout 60 "$MBSOLVE" "$P" --end 1 --output-step 0.1 --max-steps 50 --quiet
says "step limit" "the step limit of 50 steps (accepted and rejected) was reached at t = "
grep -q "failed at t = 0 s" "$work/err" && { echo "FAIL step limit: reported at t = 0"; failures=$((failures + 1)); }
check "minimum step" 1 timeout 60 "$MBSOLVE" "$MODELS/slider_crank_clearance.mbs.json" --end 0.1 --output-step 0.01 --min-step 1e-4 --quiet
says "minimum step" "step size fell below the minimum step 0.0001 s"

# Plausibility bounds (issue 29): a wrong answer never exits 0. The mutant of bistop_slider.adm with
# VX = 1E20 ran 756,711 steps to exit 0 and an energy error of -1.1e39 J; it stops at t = 0 now.
V20="$FUZZ/initial_conditions/issue29-velocity-1e20.adm"
for f in si2 i3 dmbs; do
  check "faster than light ($f)" 1 timeout 60 "$MBSOLVE" "$V20" --formulation $f --end 0.05 --output-step 0.01 --out "$work/v20.csv" --quiet
  says "faster than light ($f)" "implausible state: part 'PART_2' moves at 1e+20 m/s, more than the plausibility bound of 3e+08 m/s"
  says "faster than light ($f) names the option" "--max-speed"
done
# With the speed bound raised, a lowered energy balance bound stops it (by 1 ms its error is 1.4 %
# of its energy scale, 20 % by 0.05 s; the bundled models end below 0.7 %). The energy account is kept
# by the absolute formulations (docs/solver-notes.md), so SI2 is asked for.
check "energy balance bound" 1 timeout 120 "$MBSOLVE" "$V20" --formulation si2 --max-speed 1e30 --max-energy-error 0.01 --end 0.002 --output-step 0.001 --quiet
says "energy balance bound" "implausible result: the energy balance error is"
says "energy balance bound names the element" "the most work by 'SFORCE_1'"
says "energy balance bound names the option" "--max-energy-error"
check "bad --max-speed" 2 "$MBSOLVE" "$P" --max-speed -1
check "bad --max-energy-error" 2 "$MBSOLVE" "$P" --max-energy-error nan
# Two motions on one hinge that part only at t = 2 s: the start's checks (1 s ahead) find them
# redundant; the run stops when they part, naming both, in every formulation.
PART2="$FUZZ/initial_conditions/issue29-motions-part-after-2s.adm"
for f in si2 i3 dmbs; do
  check "conflict after 2 s ($f)" 1 timeout 60 "$MBSOLVE" "$PART2" --formulation $f --end 3 --output-step 0.01 --out "$work/part2.csv" --quiet
  says "conflict after 2 s ($f)" "conflicting constraints: motion 'swing_too' and motion 'swing' constrain the same motion and agree at t = 0 s, but not at t = 2."
done
check "agreeing until the end" 0 timeout 60 "$MBSOLVE" "$PART2" --end 1.5 --output-step 0.01 --quiet
# The DMBS integrators keep the same work bounds (the pendulum takes 16 steps to t = 1 s: its output
# frames come from the dense output, not from stepping to each).
check "DMBS step limit" 1 timeout 60 "$MBSOLVE" "$P" --formulation dmbs --end 1 --output-step 0.1 --max-steps 10 --quiet
says "DMBS step limit" "the step limit of 10 steps (accepted and rejected) was reached at t = "
check "DMBS minimum step" 1 timeout 60 "$MBSOLVE" "$P" --formulation dmbs --integrator rkf45 --end 1 --output-step 0.5 --min-step 0.2 --quiet
says "DMBS minimum step" "fell below the minimum step 0.2 s"

# A failure is reported at its time: the motion's SQRT turns NaN at t = 0.3 s.
sed 's|"PI/3 + 10\*TIME"|"PI/3 + 10*SQRT(0.3 - TIME)"|' "$MODELS/slider_crank.mbs.json" >"$work/nan_motion.mbs.json"
grep -q "SQRT(0.3 - TIME)" "$work/nan_motion.mbs.json" || { echo "FAIL nan motion model not made"; failures=$((failures + 1)); }
check "failure time" 1 timeout 60 "$MBSOLVE" "$work/nan_motion.mbs.json" --analysis dynamic --end 1 --output-step 0.01 --quiet
grep -Eq "analysis failed at t = 0\.(2|3)[0-9]* s" "$work/err" ||
  { echo "FAIL failure time: $(grep 'failed at' "$work/err" | head -2)"; failures=$((failures + 1)); }

# Ctrl-C / SIGTERM: the frames so far are in the CSV (a complete CSV), FILE.partial says where it
# stopped, stderr says so, exit 128 + signal; an older FILE.csv is replaced only by a finished run.
# The signal is sent once rows are on disk (FILE.partial has grown), not after a fixed time: on a
# loaded machine a fixed time may fall before the analysis starts.
signal_when_running() {  # signal_when_running SIGNAL CSV COMMAND... : runs COMMAND, signals it, sets got
  local sig="$1" csv="$2"
  shift 2
  "$@" >"$work/out" 2>"$work/err" &
  local pid=$! waited=0
  until [[ -f "$csv.partial" && $(wc -l <"$csv.partial") -ge 4 ]] || ((waited >= 600)) || ! kill -0 $pid 2>/dev/null; do
    sleep 0.1
    waited=$((waited + 1))
  done
  kill -s "$sig" $pid 2>/dev/null
  wait $pid
  got=$?
}
interrupted() {  # interrupted NAME SIGNAL EXIT CSV COMMAND...
  local name="$1" sig="$2" expected="$3" csv="$4"
  shift 4
  rm -f "$csv" "$csv.partial"
  signal_when_running "$sig" "$csv" "$@"
  [[ $got -eq $expected ]] && echo "ok   $name: exit $got" || { echo "FAIL $name: exit $got, expected $expected"; head -3 "$work/err"; failures=$((failures + 1)); }
  says "$name" "interrupted by SIG$sig at t = "
  grep -q "^partial: interrupted by SIG$sig at t = .* frames in $csv" "$csv.partial" 2>/dev/null ||
    { echo "FAIL $name: marker $(cat "$csv.partial" 2>&1)"; failures=$((failures + 1)); }
  awk -F, 'NR == 1 { n = NF; if ($1 != "time") exit 1; next } NF != n || $1 + 0 != $1 { exit 1 } END { exit NR < 3 }' "$csv" &&
    echo "ok   $name: $(($(wc -l <"$csv") - 1)) whole rows" || { echo "FAIL $name: CSV not whole"; tail -c 200 "$csv"; failures=$((failures + 1)); }
}
interrupted "Ctrl-C kinematic" INT 130 "$work/int_INT.csv" "$MBSOLVE" "$MODELS/slider_crank.mbs.json" \
  --analysis kinematic --end 1000 --output-step 1e-3 --out "$work/int_INT.csv" --quiet
interrupted "SIGTERM dynamic" TERM 143 "$work/int_TERM.csv" "$MBSOLVE" "$MODELS/slider_crank.mbs.json" \
  --analysis dynamic --end 1000 --output-step 1e-3 --out "$work/int_TERM.csv" --quiet
# A command file (a Slurm time limit on an Adams run) keeps its rows the same way.
cp "$VIEW/acf_pendulum_mmks.adm" "$work/long_pendulum.adm"
printf '\nfile/model=long_pendulum\nsim/dyn, end=5000, dtout=1.0E-03\nstop\n' >"$work/long_pendulum.acf"
interrupted "SIGTERM command file" TERM 143 "$work/int_acf.csv" "$MBSOLVE" "$work/long_pendulum.acf" \
  --out "$work/int_acf.csv" --quiet
says "SIGTERM command file" "long_pendulum.acf:3 (SIMULATE/dynamic)"
# A finished run replaces the file and removes the marker.
check "finished after interrupt" 0 "$MBSOLVE" "$MODELS/slider_crank.mbs.json" --end 0.1 --output-step 0.01 --out "$work/int_INT.csv" --quiet
[[ ! -e "$work/int_INT.csv.partial" && $(wc -l <"$work/int_INT.csv") -eq 12 ]] ||
  { echo "FAIL finished run after an interrupted one"; failures=$((failures + 1)); }

# --export-adm and --out leave no temporary file and replace the old one whole.
echo OLD >"$work/replaced.adm"
check "export replaces" 0 "$MBSOLVE" "$MODELS/slider_crank.mbs.json" --export-adm "$work/replaced.adm"
grep -q "^OLD" "$work/replaced.adm" && { echo "FAIL export did not replace"; failures=$((failures + 1)); }
leftovers=$(ls "$work" | grep -E "\.tmp[0-9]+$|\.partial$" | grep -v "^int_" || true)
[[ -z "$leftovers" ]] || { echo "FAIL temporary files left: $leftovers"; failures=$((failures + 1)); }
check "export into a missing folder" 2 "$MBSOLVE" "$MODELS/slider_crank.mbs.json" --export-adm "$work/none/x.adm"
says "export into a missing folder" "none/x.adm"

# Endless or non-regular input is refused, not read until the memory runs out.
ln -s /dev/zero "$work/zero.adm"
check "/dev/zero as a dataset" 2 timeout 20 "$MBSOLVE" "$work/zero.adm" --quiet
says "/dev/zero" "not a regular file"
check "/dev/zero as a model" 2 timeout 20 "$MBSOLVE" /dev/zero --quiet
mkfifo "$work/fifo.mbs.json"
check "a FIFO as a model" 2 timeout 20 "$MBSOLVE" "$work/fifo.mbs.json" --quiet

# Running out of memory is reported (exit 1), never an abort (before: std::bad_alloc, SIGABRT, 134):
# 20,000 free parts under a 250 MB address-space limit, in the absolute formulation (the automatic
# choice, joint coordinates, runs them in less).
awk 'BEGIN { n = 20000
  printf "{\"format\": \"mbstudio-model\", \"version\": 1, \"name\": \"many\", \"gravity\": [0, -9.81, 0],"
  printf " \"parts\": [{\"id\": 1, \"name\": \"ground\", \"ground\": true}"
  for (k = 0; k < n; ++k) printf ", {\"id\": %d, \"name\": \"p%d\", \"mass\": 1, \"cm_marker\": \"p%d_cm\", \"inertia\": {\"ixx\": 1, \"iyy\": 1, \"izz\": 1}, \"position\": [%d, 0, 0]}", 10 + 2 * k, k, k, k
  printf "], \"markers\": ["
  for (k = 0; k < n; ++k) printf "%s{\"id\": %d, \"name\": \"p%d_cm\", \"part\": \"p%d\", \"position\": [0, 0, 0]}", (k ? ", " : ""), 11 + 2 * k, k, k
  printf "]}\n" }' >"$work/many_parts.mbs.json"
(ulimit -v 250000; timeout 120 "$MBSOLVE" "$work/many_parts.mbs.json" --formulation si2 --end 0.01 --output-step 0.01 --quiet) >"$work/out" 2>"$work/err"
rc=$?
[[ $rc -eq 1 ]] && echo "ok   out of memory: exit 1" || { echo "FAIL out of memory: exit $rc"; tail -3 "$work/err"; failures=$((failures + 1)); }
says "out of memory" "out of memory"

# A mass-spring-damper plant (MMKS, PINPUT/POUTPUT; issue 31): LINEAR/STATEMAT after SIMULATE/STATIC
# writes A, B, C, D in the deck's units: m = 2 kg, k = 8 N/mm, c = 0.04 N-s/mm, u = force [N],
# y = (DX [mm], 2 VX + 0.25 u): A = [0 1; -4000 -20], B = [0; 500], C = [1 0; 0 2], D = [0; 0.25].
if acf_run view_plant plant_msd_mmks.acf plant_msd_mmks; then
  d="$work/view_plant"
  [[ -f "$d/plant_msd.m" && -f "$d/plant_msd_A.csv" && -f "$d/plant_msd_eigenvalues.csv" ]] ||
    { echo "FAIL view_plant: state-matrix files missing"; ls "$d"; failures=$((failures + 1)); }
  awk -F, 'function near(a, b) { return (a - b) ^ 2 <= 1e-12 * (1 + b * b) }
    FILENAME ~ /_A.csv/ && FNR == 1 && $0 != "row,slider.x,slider.vx" { print "FAIL view_plant A header " $0; bad = 1 }
    FILENAME ~ /_A.csv/ && FNR == 3 && !(near($2, -4000) && near($3, -20)) { print "FAIL view_plant A " $0; bad = 1 }
    FILENAME ~ /_B.csv/ && FNR == 3 && !near($2, 500) { print "FAIL view_plant B " $0; bad = 1 }
    FILENAME ~ /_C.csv/ && FNR == 2 && !(near($2, 1) && near($3, 0)) { print "FAIL view_plant C " $0; bad = 1 }
    FILENAME ~ /_D.csv/ && FNR == 3 && !near($2, 0.25) { print "FAIL view_plant D " $0; bad = 1 }
    FILENAME ~ /_eigenvalues.csv/ && FNR == 2 && !(near($2, -10) && near($3 * $3, 3900)) { print "FAIL view_plant eig " $0; bad = 1 }
    END { exit bad }' "$d/plant_msd_A.csv" "$d/plant_msd_B.csv" "$d/plant_msd_C.csv" "$d/plant_msd_D.csv" \
    "$d/plant_msd_eigenvalues.csv" || failures=$((failures + 1))
  grep -q "^B = \[" "$d/plant_msd.m" && grep -q "^inputs = {'force_in'};" "$d/plant_msd.m" ||
    { echo "FAIL view_plant .m file"; head -8 "$d/plant_msd.m"; failures=$((failures + 1)); }
  grep -q "^1,-10,62.44997998" "$d/out" || { echo "FAIL view_plant eigensol"; cat "$d/out"; failures=$((failures + 1)); }
  # The .mat file read by a Level 4 reader written here from MATLAB's format description.
  python3 - "$d/plant_msd.mat" <<'PY' || failures=$((failures + 1))
import struct, sys
data, at, found = open(sys.argv[1], "rb").read(), 0, {}
while at < len(data):
    kind, rows, cols, imag, namelen = struct.unpack_from("<5i", data, at)
    at += 20
    name = data[at:at + namelen - 1].decode()
    at += namelen
    n = rows * cols
    re = struct.unpack_from("<%dd" % n, data, at)
    at += 8 * n
    im = struct.unpack_from("<%dd" % n, data, at) if imag else None
    at += 8 * n if imag else 0
    if kind == 1:
        found[name] = ["".join(chr(int(re[r + c * rows])) for c in range(cols)).rstrip() for r in range(rows)]
    else:
        found[name] = [[complex(re[r + c * rows], im[r + c * rows] if im else 0) for c in range(cols)] for r in range(rows)]
near = lambda a, b: abs(a - b) <= 1e-9 * (1 + abs(b))
want = {"A": [[0, 1], [-4000, -20]], "B": [[0], [500]], "C": [[1, 0], [0, 2]], "D": [[0], [0.25]]}
bad = [k for k, m in want.items() if k not in found or len(found[k]) != len(m) or
       not all(near(x, y) for r, s in zip(found[k], m) for x, y in zip(r, s))]
eig = sorted(found.get("eigenvalues", []), key=lambda r: r[0].imag)
if len(eig) != 2 or not all(near(e[0].real, -10) and near(abs(e[0].imag), 3900 ** 0.5) for e in eig):
    bad.append("eigenvalues %s" % eig)
if found.get("states") != ["slider.x", "slider.vx"] or found.get("inputs") != ["force_in"]:
    bad.append("names %s %s" % (found.get("states"), found.get("inputs")))
if bad:
    print("FAIL view_plant .mat:", bad, {k: v for k, v in found.items()})
    sys.exit(1)
print("ok   view_plant .mat: A, B, C, D, eigenvalues and names")
PY
fi
# The same from the command line on the dataset; LINEAR without SIMULATE/STATIC before it is refused.
check "plant --state-matrices" 0 "$MBSOLVE" "$VIEW/plant_msd_mmks.adm" --analysis linear --state-matrices \
  "$work/msd" --pinput ctrl_in --poutput ctrl_out --quiet
awk -F, 'FNR == 3 { d = $2 - 500; if (d * d > 1e-12) { print "FAIL plant --state-matrices B " $0; exit 1 } }' \
  "$work/msd_B.csv" || failures=$((failures + 1))
check "plant unknown pinput" 2 "$MBSOLVE" "$VIEW/plant_msd_mmks.adm" --analysis linear --state-matrices \
  "$work/msd" --pinput nothing
grep -q "no plant input 'nothing' (the model has 'ctrl_in')" "$work/err" ||
  { echo "FAIL plant unknown pinput: $(head -1 "$work/err")"; failures=$((failures + 1)); }
check "plant --pinput alone" 2 "$MBSOLVE" "$VIEW/plant_msd_mmks.adm" --analysis linear --pinput ctrl_in
mkdir -p "$work/plant_nostatic"
cp "$VIEW/plant_msd_mmks.adm" "$work/plant_nostatic/"
printf '\nfile/model=plant_msd_mmks\nlinear/statemat, pinput=1, file=x\nstop\n' >"$work/plant_nostatic/p.acf"
check "plant LINEAR without statics" 2 "$MBSOLVE" "$work/plant_nostatic/p.acf"
grep -q "LINEAR/STATEMAT: mbsolve linearizes about a static equilibrium only" "$work/err" ||
  { echo "FAIL plant LINEAR without statics: $(grep error "$work/err" | head -1)"; failures=$((failures + 1)); }

echo "$failures failed"
exit $((failures > 0))
