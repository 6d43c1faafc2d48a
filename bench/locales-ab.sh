#!/usr/bin/env bash
# Issue 36: two or more builds of tabanim taking turns at bench/locales.sh's exports (one locale, then all
# nine), so that the machine's drift (±15 % over minutes here) falls on all of them alike. Prints each
# build's median wall and CPU (user + system) time of both, and the nine's ratio to the one.
# Usage: bench/locales-ab.sh RUNS TABANIM TABANIM…   (e.g. 9 .build/release/tabanim /tmp/tabanim-before)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="$1"; shift
source bench/locales-scene.sh
measure() {  # appends "wall cpu" of one run to $1
  local into="$1"; shift
  /usr/bin/time -f '%e %U %S' -o "$out/time" "$@" >/dev/null 2>&1
  awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' "$out/time" >> "$into"
}
for ((b = 1; b <= $#; b++)); do "${!b}" export "$scene" -o "$out/warm.gif" -q; done  # fonts and caches warm
for ((i = 0; i < runs; i++)); do
  for ((b = 1; b <= $#; b++)); do
    measure "$out/one$b" "${!b}" export "$scene" -o "$out/one.gif" --locale de -q
    measure "$out/all$b" "${!b}" export "$scene" -o "$out/all.gif" --locale all -q
  done
done
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
for ((b = 1; b <= $#; b++)); do
  one_wall=$(cut -d' ' -f1 "$out/one$b" | median); one_cpu=$(cut -d' ' -f2 "$out/one$b" | median)
  all_wall=$(cut -d' ' -f1 "$out/all$b" | median); all_cpu=$(cut -d' ' -f2 "$out/all$b" | median)
  printf '%s: one locale %.2f s wall, %.2f s CPU; nine %.2f s wall, %.2f s CPU; ratio %.2f wall, %.2f CPU (median of %d)\n' "${!b}" \
    "$one_wall" "$one_cpu" "$all_wall" "$all_cpu" "$(echo "$all_wall / $one_wall" | bc -l)" "$(echo "$all_cpu / $one_cpu" | bc -l)" "$runs"
done
