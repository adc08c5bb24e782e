#!/usr/bin/env bash
# README command 1: installs what is missing, builds, and opens mbstudio on a bundled example.
#   scripts/run-gui.sh [MODEL]     (default: resources/models/slider_crank.mbs.json)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
"$ROOT/scripts/install-deps.sh"
"$ROOT/scripts/build.sh" mbstudio
MODEL="${1:-$ROOT/resources/models/slider_crank.mbs.json}"
BUILD_DIR="${MBS_BUILD_DIR:-$ROOT/build}"

if [[ -z "${DISPLAY:-}" && -z "${WAYLAND_DISPLAY:-}" ]]; then
  echo "mbstudio: no display found (DISPLAY and WAYLAND_DISPLAY are unset)." >&2
  echo "  On a desktop, run this command from a graphical session." >&2
  echo "  On a headless machine, use a virtual X server:" >&2
  echo "    xvfb-run -a -s '-screen 0 1600x1000x24' $BUILD_DIR/app/mbstudio '$MODEL'" >&2
  echo "  (mbstudio --screenshot FILE.png --quit-after-screenshot saves what it shows.)" >&2
  exit 1
fi
exec "$BUILD_DIR/app/mbstudio" "$MODEL"
