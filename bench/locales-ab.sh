#!/usr/bin/env bash
# Issue 36: two or more builds of tabanim taking turns at the nine-locale export of bench/locales.sh, so that
# the machine's drift (±15 % over minutes here) falls on all of them alike. Prints each build's median wall
# and CPU (user + system) time.
# Usage: bench/locales-ab.sh RUNS TABANIM TABANIM…   (e.g. 9 .build/release/tabanim /tmp/tabanim-before)
set -euo pipefail
cd "$(dirname "$0")/.."
runs="$1"; shift
source bench/locales-scene.sh
for ((i = 0; i < runs; i++)); do
  for ((b = 1; b <= $#; b++)); do
    /usr/bin/time -f '%e %U %S' -o "$out/time" "${!b}" export "$scene" -o "$out/all.gif" --locale all -q >/dev/null 2>&1
    awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' "$out/time" >> "$out/build$b"
  done
done
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
for ((b = 1; b <= $#; b++)); do
  printf '%s: nine locales %.2f s wall, %.2f s CPU (median of %d)\n' "${!b}" \
    "$(cut -d' ' -f1 "$out/build$b" | median)" "$(cut -d' ' -f2 "$out/build$b" | median)" "$runs"
done
