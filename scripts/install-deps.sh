#!/usr/bin/env bash
# Installs every Debian 12 package mbstudio needs to build, test and run.
# Idempotent: checks what is installed first and stays quiet when nothing is missing.
# Extra packages given as arguments are installed too (scripts/bench-compare.sh: Simbody).
set -euo pipefail

PACKAGES=(
  # toolchain
  build-essential cmake ninja-build pkg-config clang-format file dpkg-dev ccache
  # numerics (solver, mesh)
  libeigen3-dev libsuitesparse-dev libspectra-dev
  # collision detection of contacts between solids (solver/src/contact)
  libfcl-dev
  # model files and expressions (core)
  nlohmann-json3-dev libmuparser-dev
  # zip archives of the FMU export (fmu)
  libminizip-dev
  # meshing (mesh)
  libgmsh-dev
  # GUI (ui, app)
  qt6-base-dev qt6-base-dev-tools libqt6opengl6-dev qt6-charts-dev qt6-svg-dev libvtk9-dev
  # translations (lupdate/lrelease) and the CJK fonts of the Chinese interface
  qt6-l10n-tools qt6-tools-dev qt6-translations-l10n fonts-noto-cjk
  libgl-dev libglx-dev
  # the Python package mbstudio (python/) and its tests; pandas and matplotlib are optional there
  pybind11-dev python3-dev python3-numpy python3-pytest
  # tests and benchmarks
  libgtest-dev libgmock-dev libbenchmark-dev
  # headless GUI tests
  xvfb xauth libgl1-mesa-dri
  "$@"
)

missing=()
for pkg in "${PACKAGES[@]}"; do
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  [[ "$status" == "install ok installed" ]] || missing+=("$pkg")
done

if ((${#missing[@]} == 0)); then
  exit 0
fi

echo "mbstudio: installing ${#missing[@]} missing Debian package(s): ${missing[*]}"
SUDO=""
if [[ $(id -u) -ne 0 ]]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "mbstudio: dependencies installed."
