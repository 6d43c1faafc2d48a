#!/usr/bin/env bash
# tabanim's GIF export against ffmpeg and gifsicle on the same frames, in one run on this machine.
# Usage: bench/run.sh [scene ...]   (default: every scene in bench/scenes; see bench/README.md; the tables are in README, "Benchmark")
# Environment: BENCH_RUNS (timed runs per encoder, median reported; default 3), BENCH_DIR (work folder;
# default .build/bench).
set -euo pipefail
cd "$(dirname "$0")/.."

# What the benchmark needs besides tabanim's own dependencies (scripts/install-deps.sh).
scripts/install-deps.sh
missing=()
command -v ffmpeg >/dev/null || missing+=(ffmpeg)
command -v gifsicle >/dev/null || missing+=(gifsicle)
[[ -x /usr/bin/time ]] || missing+=(time)
command -v python3 >/dev/null || missing+=(python3 python3-pip)
if (( ${#missing[@]} > 0 )); then
  sudo=""; [[ "$(id -u)" != "0" ]] && sudo="sudo"
  echo "Installing: ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi
if ! python3 -c "import numpy, PIL, skimage" 2>/dev/null; then
  echo "Installing: numpy pillow scikit-image (pip, for SSIM only)" >&2
  python3 -m pip install -q numpy pillow scikit-image >&2 || python3 -m pip install -q --break-system-packages numpy pillow scikit-image >&2
fi

swift build -c release --product tabanim 2>&1 | { grep -v "prohibited flag" || true; } >&2
exec python3 bench/bench.py "$@"
