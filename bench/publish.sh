#!/usr/bin/env bash
# Issue 33's figures: every published file against the PNG frames, and the cost at device scale.
# Usage: bench/publish.sh   (release build; Pillow, scikit-image, ffmpeg and ffprobe; ~4 minutes)
# Prints, for the demo: lossy WebP at quality 30 (every frame's PSNR), --max-size 400K for GIF and WebP
# (bytes, what was given up, every frame's PSNR at the output's own frame rate, mean SSIM against the 30 fps
# frames beside --fps 10 alone), the MP4's colour tags and flat areas; and for the glass demo at --scale 3,
# 6 s: each format's wall time and peak memory (/usr/bin/time).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product tabanim >/dev/null
bin=.build/release/tabanim
out=.build/bench/publish
rm -rf "$out" && mkdir -p "$out"
demo=Assets/demo/scene.json
frames() { "$bin" export "$demo" -o "$out/frames-$1/" --fps "$1" --quiet; }
frames 30
"$bin" export "$demo" -o "$out/q30.webp" --quality 30 --quiet
echo "WebP --quality 30: $(stat -c %s "$out/q30.webp") bytes; $(python3 bench/frames.py 30 "$out/frames-30" "$out/q30.webp" | cut -d: -f2-)"

"$bin" export "$demo" -o "$out/fps10.gif" --fps 10 --quiet
echo "GIF --fps 10 alone: $(stat -c %s "$out/fps10.gif") bytes; $(python3 bench/frames.py 30 "$out/frames-30" "$out/fps10.gif" --ssim | cut -d: -f2-)"
for format in gif webp; do
  line=$("$bin" export "$demo" -o "$out/max.$format" --max-size 400K 2>&1)
  echo "$line"
  fps=$(echo "$line" | grep -o '[0-9.]* fps instead' | cut -d' ' -f1 || true)
  fps=${fps:-30}
  [[ -d "$out/frames-$fps" ]] || frames "$fps"
  echo "  at its own $fps fps: $(python3 bench/frames.py "$fps" "$out/frames-$fps" "$out/max.$format" | cut -d: -f2-)"
  echo "  against the 30 fps frames: $(python3 bench/frames.py 30 "$out/frames-30" "$out/max.$format" --ssim | cut -d: -f2-)"
done

"$bin" export "$demo" -o "$out/demo.mp4" --quiet
echo "MP4 tags: $(ffprobe -v error -select_streams v:0 -show_entries stream=color_space,color_primaries,color_transfer,color_range -of csv=p=0 "$out/demo.mp4")"
echo "MP4: $(python3 bench/frames.py 30 "$out/frames-30" "$out/demo.mp4" --flat | cut -d: -f2-)"

for format in gif webp mp4; do
  /usr/bin/time -f "glass --scale 3 --to 6, $format: %e s wall, %M KB peak" "$bin" export Assets/demo/glass.json -o "$out/glass3.$format" --scale 3 --to 6 --quiet
done
