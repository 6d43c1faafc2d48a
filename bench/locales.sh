#!/usr/bin/env bash
# Issue 36: every locale of the demo's String Catalog in one run, against one locale, for the demo's
# tab-bar region as a GIF. Prints the wall time of each and their ratio.
# Usage: bench/locales.sh [path/to/tabanim]   (default .build/release/tabanim: swift build -c release)
set -euo pipefail
cd "$(dirname "$0")/.."
tabanim="${1:-.build/release/tabanim}"
scene="Assets/demo/.bench-locales.json"
out="$(mktemp -d)"
trap 'rm -rf "$out" "$scene"' EXIT
python3 - "$scene" <<'PY'
import json, sys
scene = json.load(open("Assets/demo/scene.json"))
scene["export"]["region"] = "tabBar"
json.dump(scene, open(sys.argv[1], "w"), ensure_ascii=False)
PY
seconds() { local start end; start=$(date +%s.%N); "$@" >/dev/null 2>&1; end=$(date +%s.%N); echo "$end - $start" | bc; }
"$tabanim" export "$scene" -o "$out/warm.gif" -q  # fonts and caches warm
one=$(seconds "$tabanim" export "$scene" -o "$out/one.gif" --locale de -q)
all=$(seconds "$tabanim" export "$scene" -o "$out/all.gif" --locale all -q)
count=$(ls "$out" | grep -c '^all-')
printf 'one locale: %.2f s\n%d locales: %.2f s\nratio: %.2f\n' "$one" "$count" "$all" "$(echo "$all / $one" | bc -l)"
