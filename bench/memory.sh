#!/usr/bin/env bash
# Issue 57: peak memory (RSS, /usr/bin/time -v) of @3x exports, GIF, WebP and MP4, on bench/scenes/memory.json
# (issue 45's scene: a screenshot, a Lottie icon, five taps) and bench/scenes/memory-screens.json (two
# screenshots, three Lottie icons, four taps), both 430 × 932 pt, 10 s at 30 fps.
# Usage: bench/memory.sh [TABANIM]   (default .build/release/tabanim: swift build -c release first)
# Prints one line per scene and format: peak RSS in MB (10^6 bytes) and MiB, wall seconds, output bytes.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-.build/release/tabanim}")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
for scene in bench/scenes/memory.json bench/scenes/memory-screens.json; do
    for ext in gif webp mp4; do
        /usr/bin/time -v "$bin" export "$scene" --allow-outside -q -o "$work/m.$ext" 2>"$work/time.txt"
        kb=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time.txt")
        wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$work/time.txt")
        printf '%-34s %-4s peak %4d MB (%d MiB, %d KB)  wall %s  %d bytes\n' "$scene" "$ext" \
            $((kb * 1024 / 1000000)) $((kb / 1024)) "$kb" "$wall" "$(stat -c %s "$work/m.$ext")"
    done
done
