#!/usr/bin/env bash
# Mutant sweep: mutates the bundled models (resources/models/*.mbs.json) and the test decks
# (tests/data/core/adm/*.adm), runs mbsolve on each mutant with a time limit and reports every
# crash (a signal), timeout and sanitizer report. A refusal (exit 2) or a failed analysis (exit 1)
# with a message is the expected outcome of bad input and is not a finding.
#
# Usage: scripts/mutant-sweep.sh SEED COUNT
#   MBS_MBSOLVE   the mbsolve to run (default build/app/mbsolve; an ASan build's finds more)
#   MBS_SWEEP_TIMEOUT  seconds per run (default 20)
#   MBS_SWEEP_DIR      where mutants and findings go (default build/mutant-sweep/SEED)
# Each run is `mbsolve MUTANT --end 0.05 --output-step 0.01 --out run.csv --quiet` (short runs: the
# sweep is about input handling; the issue's output-grid and work-bound checks have their own tests).
# Findings are kept as DIR/findings/<kind>-<n>.<ext> with the run's log next to them; the last
# line is a summary, and the exit status is 1 when anything was found.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if (($# != 2)); then
  sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
  exit 2
fi
SEED="$1"
COUNT="$2"
MBSOLVE="${MBS_MBSOLVE:-$ROOT/build/app/mbsolve}"
TIMEOUT="${MBS_SWEEP_TIMEOUT:-20}"
DIR="${MBS_SWEEP_DIR:-$ROOT/build/mutant-sweep/$SEED}"
[[ -x "$MBSOLVE" ]] || { echo "mutant-sweep: no mbsolve at $MBSOLVE (build it or set MBS_MBSOLVE)"; exit 2; }
mkdir -p "$DIR/mutants" "$DIR/findings"

python3 - "$ROOT" "$DIR/mutants" "$SEED" "$COUNT" <<'PY'
import glob, os, random, re, sys
root, out, seed, count = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
rng = random.Random(seed)
inputs = sorted(glob.glob(f"{root}/resources/models/*.mbs.json")) + sorted(glob.glob(f"{root}/tests/data/core/adm/*.adm"))
NUMBER = re.compile(rb"-?\d+(\.\d+)?([eE][-+]?\d+)?")
EXTREMES = [b"0", b"-0", b"-1", b"1e300", b"-1e300", b"1e-300", b"1e-12", b"nan", b"inf", b"1e20", b"99999999999",
            b"2147483648", b"-2147483649", b"0.5", b"3", b"1E6"]
WORDS = [b"NaN", b"null", b"[]", b"{}", b"\"\"", b"TIME", b"1/0", b"DX(1)", b"VARVAL(1)", b",", b"&", b"!", b"=",
         b"\x00", b"\xff\xfe", b"(", b")", b"'", b"\"", b"\n", b"END\n", b"PART/1, GROUND\n", b"MARKER/1, PART=1\n"]

def mutate(data: bytes) -> bytes:
    # Numbers are changed in 4 mutations of 10: a file that still parses reaches the analyses.
    kind = 0 if rng.random() < 0.4 else rng.randrange(1, 9)
    lines = data.split(b"\n")
    if kind == 0:  # a number replaced by an extreme or a scaled value
        hits = list(NUMBER.finditer(data))
        if hits:
            m = rng.choice(hits)
            new = rng.choice(EXTREMES) if rng.random() < 0.6 else repr(float(m.group(0)) * rng.choice([-1, 10, 1e3, 1e-3, 1e6])).encode()
            return data[:m.start()] + new + data[m.end():]
    if kind == 1 and len(lines) > 1:  # a line deleted
        del lines[rng.randrange(len(lines))]
        return b"\n".join(lines)
    if kind == 2:  # a line duplicated
        k = rng.randrange(len(lines))
        lines.insert(k, lines[k])
        return b"\n".join(lines)
    if kind == 3 and len(lines) > 2:  # two lines swapped
        a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[a], lines[b] = lines[b], lines[a]
        return b"\n".join(lines)
    if kind == 4:  # truncated
        return data[: rng.randrange(len(data) + 1)]
    if kind == 5:  # a token inserted
        k = rng.randrange(len(data) + 1)
        return data[:k] + rng.choice(WORDS) + data[k:]
    if kind == 6:  # random bytes overwritten
        data = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            if data:
                data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    if kind == 7:  # a span of the file repeated (large or deep inputs)
        a = rng.randrange(len(data) + 1)
        b = min(len(data), a + rng.randint(1, 200))
        return data[:b] + data[a:b] * rng.randint(2, 200) + data[b:]
    # an identifier renamed to another one of the file (dangling or clashing references)
    names = list(set(re.findall(rb"\"name\": \"([A-Za-z_0-9]+)\"|/(\d+)", data)))
    flat = [x for pair in names for x in pair if x]
    if len(flat) > 1:
        a, b = rng.sample(flat, 2)
        return data.replace(a, b, rng.randint(1, 3))
    return data + rng.choice(WORDS)

for n in range(count):
    src = rng.choice(inputs)
    data = open(src, "rb").read()
    for _ in range(rng.choice([1, 1, 1, 1, 2, 3])):
        data = mutate(data)
    ext = ".mbs.json" if src.endswith(".mbs.json") else ".adm"
    with open(os.path.join(out, f"m{n:05d}{ext}"), "wb") as f:
        f.write(data)
PY

crashes=0
timeouts=0
sanitizer=0
ran=0
refused=0
failed=0
passed=0
for mutant in "$DIR"/mutants/*; do
  ran=$((ran + 1))
  log="$DIR/run.log"
  set +e
  (cd "$DIR" && ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 timeout -s KILL "$TIMEOUT" \
    "$MBSOLVE" "$mutant" --end 0.05 --output-step 0.01 --out "$DIR/run.csv" --quiet) >"$log" 2>&1
  status=$?
  set -e
  kind=""
  if grep -qE "ERROR: AddressSanitizer|runtime error:|ERROR: LeakSanitizer" "$log"; then
    kind=sanitizer
    sanitizer=$((sanitizer + 1))
  elif ((status == 137)); then
    kind=timeout
    timeouts=$((timeouts + 1))
  elif ((status > 2)); then
    kind="signal$((status > 128 ? status - 128 : status))"
    crashes=$((crashes + 1))
  elif ((status == 2)); then
    refused=$((refused + 1))
  elif ((status == 1)); then
    failed=$((failed + 1))
  else
    passed=$((passed + 1))
  fi
  if [[ -n "$kind" ]]; then
    name="$kind-$(basename "$mutant")"
    cp "$mutant" "$DIR/findings/$name"
    cp "$log" "$DIR/findings/$name.log"
    echo "mutant-sweep: $kind on $(basename "$mutant") (exit $status): $(grep -m1 -E 'ERROR|runtime error|terminate|mbsolve:' "$log" | cut -c1-160)"
  fi
done
echo "mutant-sweep: seed $SEED, $ran mutants: $passed ran, $failed failed with a message, $refused refused, $crashes crashes, $timeouts timeouts ($TIMEOUT s), $sanitizer sanitizer reports; findings in $DIR/findings"
((crashes + timeouts + sanitizer == 0))
