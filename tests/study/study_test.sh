#!/usr/bin/env bash
# mbsolve study (docs/design-studies.md): local parallel runs, resume after a kill, failed runs,
# bad study files, and responses against closed forms and against single mbsolve runs.
# Usage: study_test.sh MBSOLVE   (the study files are next to this script)
set -uo pipefail
MBSOLVE="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
HERE="$(cd "$(dirname "$0")" && pwd)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL $*"; failures=$((failures + 1)); }
ok() { echo "ok   $*"; }

# value FILE.csv RUN COLUMN: a cell of the summary (run numbers start at 1).
value() {
  awk -F, -v run="$2" -v col="$3" 'NR == 1 { for (i = 1; i <= NF; ++i) if ($i == col) c = i; next }
    $1 == run { print $c }' "$1"
}
# near NAME GOT EXPECTED RELTOL
near() {
  if awk -v a="$2" -v b="$3" -v t="$4" 'BEGIN { d = a - b; if (d < 0) d = -d; s = b < 0 ? -b : b;
      exit !(a != "" && d <= t * (s > 1e-300 ? s : 1)) }'; then
    ok "$1: $2 (expected $3)"
  else
    fail "$1: $2, expected $3 within $4"
  fi
}
# column_stat CSV COLUMN max_abs|rms: the statistic of a result column, as the study computes it.
column_stat() {
  awk -F, -v col="$2" -v stat="$3" 'NR == 1 { for (i = 1; i <= NF; ++i) if ($i == col) c = i; next }
    { v = $c + 0; n++; s += v * v; a = v < 0 ? -v : v; if (a > m) m = a }
    END { printf "%.12g\n", stat == "rms" ? sqrt(s / n) : m }' "$1"
}

# --- Spring-mass: x(t) = 0.5 + 0.1 cos(w t), w = sqrt(k/m), on 2 cores.
cp "$HERE/spring_mass.study.json" "$work/"
sed -i "s|\"../data/study/|\"$HERE/../data/study/|" "$work/spring_mass.study.json"
"$MBSOLVE" study "$work/spring_mass.study.json" --jobs 2 --workdir "$work/sm" 2>"$work/err"
rc=$?
[[ $rc -eq 0 ]] && ok "spring-mass study exit 0" || { fail "spring-mass study exit $rc"; cat "$work/err"; }
grep -q "6/6 runs" "$work/err" && ok "progress bar" || fail "no progress bar on stderr"
S="$work/sm/summary.csv"
[[ $(head -1 "$S") == "run,k,m,peak_speed,x_at_0.3,x_min,accel_rms,status,message" ]] && ok "summary header" ||
  fail "summary header: $(head -1 "$S")"
[[ $(grep -c ',ok,$' "$S") -eq 6 ]] && ok "six runs ok" || fail "runs not ok: $(cat "$S")"
for run in 1 2 3 4 5 6; do
  k=$(value "$S" $run k)
  m=$(value "$S" $run m)
  w=$(awk -v k="$k" -v m="$m" 'BEGIN { printf "%.15g", sqrt(k / m) }')
  near "run $run peak speed = 0.1 w" "$(value "$S" $run peak_speed)" "$(awk -v w="$w" 'BEGIN { printf "%.15g", 0.1 * w }')" 5e-4
  near "run $run x(0.3) = 0.5 + 0.1 cos(0.3 w)" "$(value "$S" $run x_at_0.3)" \
    "$(awk -v w="$w" 'BEGIN { printf "%.15g", 0.5 + 0.1 * cos(0.3 * w) }')" 2e-5
  near "run $run x_min = 0.4" "$(value "$S" $run x_min)" 0.4 5e-5
  near "run $run accel rms from its CSV" "$(value "$S" $run accel_rms)" \
    "$(column_stat "$work/sm/runs/run_000$run.csv" block.ax rms)" 1e-11
done

# The same variant run alone by mbsolve gives the same response.
sed '/"name": "k",/{n;s/"value": [^,]*/"value": 400/}; /"name": "m",/{n;s/"value": [^,]*/"value": 2.0/}' \
  "$HERE/../data/study/spring_mass.mbs.json" >"$work/k400m2.mbs.json"
"$MBSOLVE" "$work/k400m2.mbs.json" --end 1 --output-step 0.0005 --tol 1e-7 --out "$work/single.csv" --quiet
near "single mbsolve run = study run 6" "$(column_stat "$work/single.csv" block.vx max_abs)" "$(value "$S" 6 peak_speed)" 1e-11
cmp -s "$work/single.csv" "$work/sm/runs/run_0006.csv" && ok "run 6 CSV equals the single run's" ||
  fail "run 6 CSV differs from the single run's"

# --- Resume: a finished run is not repeated, a missing one is.
cp "$S" "$work/summary.before"
rm "$work/sm/runs/run_0003.json"
"$MBSOLVE" study "$work/spring_mass.study.json" --workdir "$work/sm" 2>"$work/err"
grep -q "6 runs, 1 to do" "$work/err" && ok "restart does only the missing run" || fail "restart: $(head -1 "$work/err")"
cmp -s "$S" "$work/summary.before" && ok "summary after restart unchanged" || fail "summary changed after restart"

# --- Killed study: stop it part way, start again, same summary as an uninterrupted run.
cp "$HERE/pendulum.study.json" "$work/"
sed -i "s|\"../data/study/|\"$HERE/../data/study/|" "$work/pendulum.study.json"
"$MBSOLVE" study "$work/pendulum.study.json" --jobs 1 --workdir "$work/pk" --quiet &
pid=$!
for _ in $(seq 1 200); do  # until the first run is finished
  [[ -e "$work/pk/runs/run_0001.json" ]] && break
  sleep 0.02
done
kill -TERM $pid
wait $pid
rc=$?
done_before=$(ls "$work/pk/runs/"*.json 2>/dev/null | wc -l)
[[ $rc -eq 143 || $done_before -eq 6 ]] && ok "killed study exit $rc with $done_before runs done" || fail "killed study exit $rc"
"$MBSOLVE" study "$work/pendulum.study.json" --jobs 2 --workdir "$work/pk" 2>"$work/err"
grep -q "6 runs, $((6 - done_before)) to do" "$work/err" && ok "restart after kill: $((6 - done_before)) to do" ||
  fail "restart after kill: $(head -1 "$work/err")"
"$MBSOLVE" study "$work/pendulum.study.json" --jobs 2 --workdir "$work/pfull" --quiet
cmp -s "$work/pk/summary.csv" "$work/pfull/summary.csv" && ok "killed + resumed summary = uninterrupted summary" ||
  fail "killed + resumed summary differs"
# --- Interrupted study (issue 29): SIGINT / SIGTERM stop the runs under way; each keeps its frames
# so far in its CSV, marked by run_NNNN.csv.partial; the summary is written with those runs
# "interrupted"; exit 128 + signal; they stay pending (no outcome), so a restart does them again.
sed -e 's|"end_time": 1.0, "output_steps": 2000|"end_time": 5000.0, "output_steps": 500000|' \
  -e "s|\"../data/study/|\"$HERE/../data/study/|" "$HERE/spring_mass.study.json" >"$work/long.study.json"
grep -q '"end_time": 5000.0' "$work/long.study.json" || fail "long study not made"
for sig in INT TERM; do
  dir="$work/long_$sig"
  "$MBSOLVE" study "$work/long.study.json" --jobs 2 --workdir "$dir" --quiet 2>"$work/err_$sig" &
  pid=$!
  for _ in $(seq 1 300); do  # until both run processes are there (at most 6 s), then 1 s of solving
    [[ $(pgrep -P $pid | wc -l) -ge 2 ]] && break
    sleep 0.02
  done
  sleep 1
  kill -$sig $pid
  wait $pid
  rc=$?
  expected=$([[ $sig == INT ]] && echo 130 || echo 143)
  [[ $rc -eq $expected ]] && ok "study stopped by SIG$sig: exit $rc" || { fail "study stopped by SIG$sig: exit $rc, expected $expected"; cat "$work/err_$sig"; }
  grep -q "interrupted by SIG$sig: 0 of 6 runs finished, 2 interrupted" "$work/err_$sig" &&
    ok "SIG$sig: stderr names the interrupted runs" || fail "SIG$sig stderr: $(cat "$work/err_$sig")"
  for run in 0001 0002; do
    csv="$dir/runs/run_$run.csv"
    grep -q "^partial: interrupted by SIG$sig at t = .* frames in run_$run.csv" "$csv.partial" 2>/dev/null &&
      ok "SIG$sig run $run marked partial: $(cat "$csv.partial")" || fail "SIG$sig run $run marker: $(cat "$csv.partial" 2>&1)"
    awk -F, 'NR == 1 { n = NF; next } NF != n || $1 + 0 != $1 { exit 1 } END { exit NR < 2 }' "$csv" &&
      ok "SIG$sig run $run CSV whole ($(($(wc -l <"$csv") - 1)) frames)" || fail "SIG$sig run $run CSV not whole"
    [[ ! -e "$dir/runs/run_$run.json" ]] && ok "SIG$sig run $run stays pending" || fail "SIG$sig run $run has an outcome"
  done
  [[ $(grep -c ",interrupted,partial: interrupted by SIG$sig" "$dir/summary.csv") -eq 2 &&
     $(grep -c ",pending," "$dir/summary.csv") -eq 4 ]] &&
    ok "SIG$sig summary: 2 interrupted, 4 pending" || { fail "SIG$sig summary"; cat "$dir/summary.csv"; }
done

P="$work/pfull/summary.csv"
# Released from the horizontal: at the bottom v = sqrt(2 g L) and the rod pulls with 3 m g.
for run in 1 2 3 4 5 6; do
  L=$(value "$P" $run L)
  m=$(value "$P" $run m0)
  near "pendulum run $run peak reaction = 3 m g" "$(value "$P" $run peak_reaction)" \
    "$(awk -v m="$m" 'BEGIN { printf "%.15g", 3 * m * 9.81 }')" 1e-3
  near "pendulum run $run peak speed = sqrt(2 g L)" "$(value "$P" $run peak_speed)" \
    "$(awk -v L="$L" 'BEGIN { printf "%.15g", sqrt(2 * 9.81 * L) }')" 1e-3
done

# --- A failed run is recorded with its message; the others go on.
sed 's/"values": \[1.0, 3.0\]/"values": [1.0, -3.0]/' "$work/pendulum.study.json" >"$work/bad_mass.study.json"
"$MBSOLVE" study "$work/bad_mass.study.json" --workdir "$work/bm" --quiet 2>/dev/null
rc=$?
[[ $rc -eq 1 ]] && ok "failed runs: exit 1" || fail "failed runs: exit $rc"
[[ $(grep -c ',ok,$' "$work/bm/summary.csv") -eq 3 && $(grep -c ',failed,.*mass must be positive' "$work/bm/summary.csv") -eq 3 ]] &&
  ok "3 runs ok, 3 failed with their message" || fail "failed runs summary: $(cat "$work/bm/summary.csv")"

# --- Bad input: exit 2 with the field named.
sed 's/"bob.vx"/"bob.vq"/' "$work/pendulum.study.json" >"$work/bad_column.study.json"
"$MBSOLVE" study "$work/bad_column.study.json" --workdir "$work/bc" 2>"$work/err"
rc=$?
[[ $rc -eq 2 ]] && grep -q "/responses/1/column: response 'peak_speed': no result column 'bob.vq'" "$work/err" &&
  ok "unknown column named" || fail "unknown column: exit $rc, $(cat "$work/err")"
sed 's/"name": "m0"/"name": "mass0"/' "$work/pendulum.study.json" >"$work/bad_var.study.json"
"$MBSOLVE" study "$work/bad_var.study.json" --workdir "$work/bv" 2>"$work/err"
rc=$?
[[ $rc -eq 2 ]] && grep -q "/variables/1/name: variable 'mass0': the model has no parameter of that name (its parameters: L, m0)" "$work/err" &&
  ok "unknown variable named" || fail "unknown variable: exit $rc, $(cat "$work/err")"
"$MBSOLVE" study "$work/spring_mass.study.json" --workdir "$work/pfull" 2>"$work/err"
rc=$?
[[ $rc -eq 2 ]] && grep -q "different study" "$work/err" && ok "work directory of another study refused" ||
  fail "other study's work directory: exit $rc"
"$MBSOLVE" study 2>/dev/null
[[ $? -eq 2 ]] && ok "no study file: exit 2" || fail "no study file"
"$MBSOLVE" study "$work/spring_mass.study.json" --jobs 0 2>/dev/null
[[ $? -eq 2 ]] && ok "--jobs 0: exit 2" || fail "--jobs 0"

# --- The bundled worked example (docs/design-studies.md): friction and clearance of the
# slider-crank. Every run finishes; as the crank pin's clearance goes to zero the contact force
# tends to the ideal pin's force (at c = 3 um: RMS over a turn within 1 %, peak within 10 %; at
# 10 um the RMS is still 4.6 % above).
RES="$HERE/../../resources"
"$MBSOLVE" study "$RES/studies/slider_crank_clearance.study.json" --jobs 2 --workdir "$work/scc" --quiet 2>"$work/err"
rc=$?
[[ $rc -eq 0 && $(grep -c ',ok,' "$work/scc/summary.csv") -eq 9 ]] && ok "clearance slider-crank study: 9 runs ok" ||
  { fail "clearance slider-crank study: exit $rc"; cat "$work/err"; }
cat >"$work/small_clearance.study.json" <<EOF
{"format": "mbstudio-study", "version": 1, "model": "$RES/models/slider_crank_clearance.mbs.json", "design": "list",
 "variables": [{"name": "c", "values": [3e-6]}],
 "responses": [{"name": "rms_pin_force", "column": "crank_pin_joint.cfn", "statistic": "rms"},
               {"name": "peak_pin_force", "column": "crank_pin_joint.cfn", "statistic": "max"}]}
EOF
"$MBSOLVE" study "$work/small_clearance.study.json" --workdir "$work/scs" --quiet 2>"$work/err" ||
  { fail "small clearance study"; cat "$work/err"; }
"$MBSOLVE" "$RES/models/slider_crank_friction.mbs.json" --out "$work/ideal.csv" --quiet 2>/dev/null
near "clearance 3 um: RMS pin force -> ideal pin" "$(value "$work/scs/summary.csv" 1 rms_pin_force)" \
  "$(column_stat "$work/ideal.csv" pin_force.fmag rms)" 0.01
near "clearance 3 um: peak pin force -> ideal pin" "$(value "$work/scs/summary.csv" 1 peak_pin_force)" \
  "$(column_stat "$work/ideal.csv" pin_force.fmag max_abs)" 0.10

# --- --slurm with hostile paths (issue 29), no Slurm needed: a stand-in sbatch records its argument
# vector. A quote, $(...), backticks and ; in the folder and study file names run nothing, sbatch
# gets the script as one argument, and the script itself runs the tasks; a line break is refused.
mkdir -p "$work/fakebin"
cat >"$work/fakebin/sbatch" <<'EOF2'
#!/bin/sh
for a in "$@"; do printf '%s\n' "$a"; done >"$FAKE_SBATCH_ARGS"
echo 4242
EOF2
chmod +x "$work/fakebin/sbatch"
hostile="$work/a'; touch pwned1; 'b \$(touch pwned2) \`touch pwned3\`; c"
mkdir -p "$hostile"
study="$hostile/s \$(touch pwned4) x.study.json"
cp "$HERE/spring_mass.study.json" "$study"
sed -i "s|\"../data/study/|\"$HERE/../data/study/|" "$study"
(cd "$work" && FAKE_SBATCH_ARGS="$work/sbatch_args" PATH="$work/fakebin:$PATH" "$MBSOLVE" study "$study" --slurm) \
  >"$work/out" 2>"$work/err"
rc=$?
runs="$hostile/s \$(touch pwned4) x.study_runs"
[[ $rc -eq 0 && "$(cat "$work/out")" == 4242 ]] && ok "--slurm with hostile paths submits" ||
  { fail "--slurm with hostile paths: exit $rc"; cat "$work/err"; }
[[ "$(sed -n 3p "$work/sbatch_args")" == "$runs/slurm/study.sbatch" &&
   "$(sed -n 2p "$work/sbatch_args")" == "--output=$runs/slurm/task_%A_%a.out" ]] &&
  ok "sbatch gets the script and the log path as one argument each" ||
  { fail "sbatch arguments:"; cat "$work/sbatch_args"; }
(cd "$work" && SLURM_ARRAY_TASK_ID=0 bash "$runs/slurm/study.sbatch") >/dev/null 2>&1 &&
  [[ -e "$runs/runs/run_0001.json" && -e "$runs/runs/run_0002.json" ]] &&
  ok "the job script's task 0 runs runs 1 and 2" || fail "the job script did not run its task"
found=$(find "$work" "$hostile" -maxdepth 1 -type f -name 'pwned?' | head -3)
[[ -z "$found" ]] && ok "no command of a path was run" || fail "a path ran a command: $found"
newline="$work/line
touch pwned5"
mkdir -p "$newline"
cp "$study" "$newline/s.study.json"
(cd "$work" && FAKE_SBATCH_ARGS="$work/sbatch_args2" PATH="$work/fakebin:$PATH" "$MBSOLVE" study \
  "$newline/s.study.json" --slurm) >"$work/out" 2>"$work/err"
rc=$?
[[ $rc -eq 2 && ! -e "$work/sbatch_args2" ]] && grep -q "contains a line break: it cannot be written into a Slurm job script" "$work/err" &&
  ok "a line break in the path is refused before sbatch" || { fail "line break: exit $rc"; cat "$work/err"; }
[[ ! -e "$work/pwned5" ]] || fail "the line break ran a command"

echo "$failures failure(s)"
[[ $failures -eq 0 ]]
