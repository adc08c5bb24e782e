#!/usr/bin/env bash
# Configures and builds mbstudio in Release with all cores: scripts/build.sh [cmake target...]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${MBS_BUILD_DIR:-$ROOT/build}"
JOBS="${MBS_JOBS:-$(nproc)}"

if [[ ! -f "$BUILD_DIR/CMakeCache.txt" ]]; then
  cmake -S "$ROOT" -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
fi
if (($# > 0)); then
  for target in "$@"; do cmake --build "$BUILD_DIR" --target "$target" -j "$JOBS"; done
else
  cmake --build "$BUILD_DIR" -j "$JOBS"
fi
