#!/usr/bin/env bash
# mbsolve --export-fmu (docs/mbsolve.md, "Co-simulation FMU"): the plant deck becomes an FMI 2.0
# Co-Simulation FMU whose zip holds the binary under binaries/linux64/<modelIdentifier>.so, the
# model under resources/ and a modelDescription.xml that parses (python3's xml module) and lists the
# PINPUT VARIABLE as an input, the POUTPUT VARIABLEs as outputs (in ModelStructure/Outputs) and the
# model parameter as a fixed parameter; a model without plant ports is refused (exit 2, the reason).
# Usage: mbsolve_fmu_test.sh MBSOLVE PLANT_DECK OTHER_MODEL
set -uo pipefail
MBSOLVE="$1"
DECK="$2"
OTHER="$3"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0

if ! "$MBSOLVE" "$DECK" --export-fmu "$work/pendulum plant.fmu" 2>"$work/err"; then
  echo "FAIL: mbsolve --export-fmu failed"; sed 's/^/  /' "$work/err"
  failures=$((failures + 1))
else
  grep -q "wrote $work/pendulum plant.fmu" "$work/err" || { echo "FAIL: no 'wrote' line"; cat "$work/err"; failures=$((failures + 1)); }
  python3 - "$work/pendulum plant.fmu" <<'PY' || failures=$((failures + 1))
import sys, zipfile, xml.etree.ElementTree as ET
z = zipfile.ZipFile(sys.argv[1])
names = set(z.namelist())
need = {"modelDescription.xml", "binaries/linux64/pendulum_plant.so", "resources/model.mbs.json"}
if not need <= names:
    sys.exit(f"FAIL: entries {sorted(names)} lack {sorted(need - names)}")
root = ET.fromstring(z.read("modelDescription.xml"))
problems = []
if root.tag != "fmiModelDescription" or root.get("fmiVersion") != "2.0" or not root.get("guid", "").startswith("{"):
    problems.append(f"root {root.tag} {root.attrib}")
cs = root.find("CoSimulation")
if cs is None or cs.get("modelIdentifier") != "pendulum_plant" or cs.get("canHandleVariableCommunicationStepSize") != "true":
    problems.append(f"CoSimulation {None if cs is None else cs.attrib}")
variables = root.find("ModelVariables").findall("ScalarVariable")
got = [(v.get("name"), v.get("valueReference"), v.get("causality"), v.get("variability"),
        v.find("Real").get("start")) for v in variables]
want = [("torque_in", "1", "input", "continuous", "0"), ("angle_out", "2", "output", "continuous", None),
        ("omega_out", "3", "output", "continuous", None), ("hinge_damping", "4", "parameter", "fixed", "150")]
if got != want:
    problems.append(f"variables {got}")
outputs = [u.get("index") for u in root.find("ModelStructure/Outputs").findall("Unknown")]
if outputs != ["2", "3"]:
    problems.append(f"ModelStructure/Outputs {outputs}")
if problems:
    sys.exit("FAIL: " + "; ".join(problems))
PY
fi

# No PINPUT/POUTPUT: refused with the reason, nothing written.
"$MBSOLVE" "$OTHER" --export-fmu "$work/other.fmu" 2>"$work/err"
status=$?
if [[ $status -ne 2 ]] || ! grep -q "cannot export an FMU: the model has no plant input (PINPUT)" "$work/err" ||
  [[ -e "$work/other.fmu" ]]; then
  echo "FAIL: a model without plant ports: exit $status"; sed 's/^/  /' "$work/err"
  failures=$((failures + 1))
fi
# Both exports at once is a usage error.
if "$MBSOLVE" "$DECK" --export-fmu "$work/a.fmu" --export-adm "$work/a.adm" 2>"$work/err" ||
  ! grep -q "give one of them" "$work/err"; then
  echo "FAIL: --export-fmu with --export-adm"; sed 's/^/  /' "$work/err"
  failures=$((failures + 1))
fi

if ((failures > 0)); then
  echo "$failures failure(s)"
  exit 1
fi
echo "mbsolve --export-fmu: all checks passed"
