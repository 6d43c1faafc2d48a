#!/usr/bin/env bash
# The demo's Lottie icons in the SVG (issue 37, item 4): the bytes of the SVG's Lottie part (the SMIL groups
# `lottie-N` and any flip-book sheets `sprite-N`), and Chromium's picture halfway between two frame times
# against tabanim's own frame there, in each icon's box (LottieSMILTests).
# Then the same for the trim fixture (Tests/Fixtures/lottie-trims.json: trims as dashes) in Chromium, Firefox
# and WebKit (LottieSMILTrimTests).
# Usage: bench/lottie-smil.sh   (needs Chromium for the PSNR: apt-get install chromium)
set -euo pipefail
cd "$(dirname "$0")/.."
flock /tmp/tabanim-build.lock swift build -q 2>/dev/null
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
for scene in Assets/demo/scene.json Tests/Fixtures/lottie-trims.json; do
.build/debug/tabanim export "$scene" -o "$out/demo.svg" -q
echo "$scene:"
python3 - "$out/demo.svg" <<'PY'
import re, sys
s = open(sys.argv[1]).read()
def element(start):
    depth = 0
    for t in re.finditer(r'<(/?)([a-zA-Z]+)[^>]*?(/?)>', s[start:]):
        if t.group(1): depth -= 1
        elif not t.group(3): depth += 1
        if depth == 0: return s[start:start + t.end()]
total = sum(len(m.group(0)) for m in re.finditer(r'<clipPath id="[\w-]*sprite-\d+-canvas">.*?</clipPath>', s, re.S))
total += sum(len(element(m.start())) for m in re.finditer(r'<g id="[\w-]*(sprite|lottie)-\d+">', s))
total += sum(len(m.group(0)) for m in re.finditer(r'<image id="[\w-]*sprite-\d+"[^>]*/>', s))
print(f"Lottie part of the SVG: {total} bytes ({total / 1000:.1f} KB)")
sheets = len(re.findall(r'<g id="[\w-]*sprite-\d+">', s))
print(f"sheets stepping a clip: {sheets}")
PY
done
flock /tmp/tabanim-build.lock swift test --filter LottieSMILTests.testTheDemoClipsMoveBetweenFrameTimesInChromium 2>&1 \
  | grep -E "^mid-frame [0-9.]+ s|skipped" || true
flock /tmp/tabanim-build.lock swift test --filter LottieSMILTrimTests.testTrimsMoveBetweenFrameTimesInEveryBrowser 2>&1 \
  | grep -E "mid-frame [0-9.]+ s|skipped" || true
