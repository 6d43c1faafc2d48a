#!/usr/bin/env python3
"""Reference frames of a Lottie file from ThorVG (thorvg-python 1.1.3, ThorVG 1.0.4; test-only), as the
PNGs the engine tests compare against (issue 37's text fixtures): straight RGBA, `--scale` pixels per point.
Run from the repository root, e.g.:
  python3 bench/lottie/reference.py Tests/Fixtures/lottie/text_glyphs.json 0 0.75 --scale 2
writes text_glyphs@thorvg-0.png and text_glyphs@thorvg-0.75.png beside the file. `--font FILE.ttf` loads a
font into ThorVG first (font-based text: text_font.json with Tests/Fixtures/fonts/TabanimBlocks.ttf)."""
import argparse, json, os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from PIL import Image
from bench import thorvg_frame

parser = argparse.ArgumentParser()
parser.add_argument("file")
parser.add_argument("progress", nargs="+", type=float)
parser.add_argument("--scale", type=float, default=2)
parser.add_argument("--font", action="append", default=[])
args = parser.parse_args()
if args.font:
    import thorvg_python as tvg
    engine = tvg.Engine()  # ThorVG's fonts are global: loaded once, seen by every later canvas
    for font in args.font:
        assert tvg.Text(engine).font_load(font) == 0, font
header = json.load(open(args.file))
size = (round(header["w"] * args.scale), round(header["h"] * args.scale))
stem = os.path.splitext(args.file)[0]
for p in args.progress:
    out = f"{stem}@thorvg-{p:g}.png"
    Image.fromarray(thorvg_frame(args.file, header, p, size), "RGBA").save(out, optimize=True)
    print(out)
