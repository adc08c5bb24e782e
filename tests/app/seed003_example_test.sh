#!/usr/bin/env bash
# The bundled seed-003 study (flexible slider-crank with a wrist-pin clearance, friction on and off;
# docs/user-guide.md, "Flexible slider-crank with a clearance joint") run by mbsolve for one crank
# turn and a bit: the run succeeds, the pin really hits its eye (contact onsets, a normal force well
# above the static loads), the pin stays in its eye (no penetration beyond a fraction of c), the
# slider is back near r + l after one turn, the rod's mid-point deflection q1 is of the size of the
# ideal benchmark's, and the mechanical energy stays bounded by the work the crank drive puts in.
# Usage: seed003_example_test.sh MBSOLVE RESOURCES_DIR
set -uo pipefail
MBSOLVE="$1"
MODELS="$2/models"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
period=0.0418879020478639 # 2 pi / 150 rad/s

for model in flexible_slider_crank_clearance flexible_slider_crank_clearance_frictionless; do
  if ! "$MBSOLVE" "$MODELS/$model.mbs.json" --end 0.05 --output-step 1e-4 --derived --out "$work/$model.csv" \
    --quiet 2>"$work/err"; then
    echo "FAIL $model: mbsolve failed"
    sed 's/^/  /' "$work/err" | head -5
    failures=$((failures + 1))
    continue
  fi
  # Columns by name; checks in awk (no python needed).
  awk -F, -v model="$model" -v period="$period" '
    NR == 1 {
      for (i = 1; i <= NF; ++i) col[$i] = i
      need = "time slider.x wrist_pin.cfn wrist_pin.cpen wrist_pin.ccontact rod.q1 model.total_energy crank_drive.power"
      n = split(need, names, " ")
      for (k = 1; k <= n; ++k) if (!(names[k] in col)) { print "FAIL " model ": no column " names[k]; bad = 1 }
      if (bad) exit 1
      next
    }
    {
      t = $col["time"]
      if (NR == 2) { e0 = $col["model.total_energy"]; work = 0; tprev = t; pprev = $col["crank_drive.power"] }
      else { p = $col["crank_drive.power"]; work += 0.5 * (p + pprev) * (t - tprev); tprev = t; pprev = p }
      contact = $col["wrist_pin.ccontact"]
      onsets += (contact == 1 && last == 0); last = contact
      if ($col["wrist_pin.cfn"] > fmax) fmax = $col["wrist_pin.cfn"]
      if ($col["wrist_pin.cpen"] > pmax) pmax = $col["wrist_pin.cpen"]
      q = $col["rod.q1"]; if (q < 0) q = -q; if (q > qmax) qmax = q
      # Energy: what the drive put in bounds the change of the mechanical energy (contact damping
      # and friction only take energy out; the rod'"'"'s elastic energy, not in total_energy, is tiny).
      gain = $col["model.total_energy"] - e0 - work
      if (gain > gmax) gmax = gain
      if (work > wmax) wmax = work; if (-work > wmax) wmax = -work
      d = t - period; if (d < 0) d = -d
      if (best == "" || d < best) { best = d; xturn = $col["slider.x"] }
    }
    END {
      printf "%s: %d contact onsets, peak normal force %.1f N, deepest %.2e m, |q1| max %.2e m, slider x after a turn %.6f m, energy gain over drive work %.3e J (|work| max %.3e J)\n", model, onsets, fmax, pmax, qmax, xturn, gmax, wmax
      fail = 0
      if (onsets < 2) { print "FAIL " model ": fewer than 2 contact onsets"; fail = 1 }
      if (fmax < 10) { print "FAIL " model ": no real impact (peak normal force below 10 N)"; fail = 1 }
      if (pmax > 2.5e-4) { print "FAIL " model ": pin deeper than half the clearance into its eye"; fail = 1 }
      # The rod of the ideal benchmark (no clearance) swings to |q1| = 1.65 mm in its first turn.
      if (qmax < 1e-4 || qmax > 3.5e-3) { print "FAIL " model ": mid-point deflection q1 not that of the rod"; fail = 1 }
      d = xturn - 0.45; if (d < 0) d = -d
      if (d > 1e-3) { print "FAIL " model ": slider not back near r + l = 0.45 m after a turn"; fail = 1 }
      # A bound, not a balance: the drive power is sampled at the output step (impacts make it spiky)
      # and the rod'"'"'s vibration energy is not in total_energy; a blow-up would exceed it by far.
      if (gmax > 0.1 * wmax) { print "FAIL " model ": mechanical energy beyond the drive work"; fail = 1 }
      exit fail
    }' "$work/$model.csv" || failures=$((failures + 1))
done

if [[ $failures -ne 0 ]]; then
  echo "$failures failure(s)"
  exit 1
fi
echo "all seed-003 example checks passed"
