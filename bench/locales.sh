#!/usr/bin/env bash
# Issue 36: every locale of the demo's String Catalog in one run, against one locale, for the demo's
# tab-bar region as a GIF. Prints the wall and CPU (user + system) time of each and their ratios; the
# CPU ratio is the one to read on a busy machine.
# Usage: bench/locales.sh [path/to/tabanim] [runs]   (default .build/release/tabanim: swift build -c release; 3 runs, the median)
set -euo pipefail
cd "$(dirname "$0")/.."
tabanim="${1:-.build/release/tabanim}"
runs="${2:-3}"
source bench/locales-scene.sh
"$tabanim" export "$scene" -o "$out/warm.gif" -q  # fonts and caches warm
measure() {  # prints "wall cpu" of one run
  /usr/bin/time -f '%e %U %S' -o "$out/time" "$@" >/dev/null 2>&1
  awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' "$out/time"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
for ((i = 0; i < runs; i++)); do
  measure "$tabanim" export "$scene" -o "$out/one.gif" --locale de -q >> "$out/one"
  measure "$tabanim" export "$scene" -o "$out/all.gif" --locale all -q >> "$out/all"
done
count=$(ls "$out" | grep -c '^all-.*\.gif$')
one_wall=$(cut -d' ' -f1 "$out/one" | median); one_cpu=$(cut -d' ' -f2 "$out/one" | median)
all_wall=$(cut -d' ' -f1 "$out/all" | median); all_cpu=$(cut -d' ' -f2 "$out/all" | median)
printf 'one locale: %.2f s wall, %.2f s CPU\n%d locales: %.2f s wall, %.2f s CPU\nratio: %.2f wall, %.2f CPU (median of %d)\n' \
  "$one_wall" "$one_cpu" "$count" "$all_wall" "$all_cpu" "$(echo "$all_wall / $one_wall" | bc -l)" "$(echo "$all_cpu / $one_cpu" | bc -l)" "$runs"
