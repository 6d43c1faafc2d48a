#!/usr/bin/env python3
"""A reference player's frame of a Lottie file, for tests (test-only, never the product).

    lottie_reference.py thorvg FILE PROGRESS WIDTH HEIGHT OUT.png

Writes straight RGBA. ThorVG (`pip install thorvg-python`) draws fractional frames. Exits 3 when the
player's module is not installed, so that the caller can skip with a message. As bench/lottie/bench.py: at
progress 1 ThorVG is asked for a thousandth of a frame before the out point (it hides layers that end there).
"""
import json, sys

def main():
    player, path, progress, width, height, out = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
    if player != "thorvg":
        print(f"unknown player {player!r}: only thorvg", file=sys.stderr)
        sys.exit(64)
    header = json.load(open(path))
    frames = header["op"] - header["ip"]
    try:
        import thorvg_python as tvg
    except ImportError as error:
        print(f"{error}: pip install thorvg-python", file=sys.stderr)
        sys.exit(3)
    engine = tvg.Engine()
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(width, height, cs=tvg.Colorspace.ABGR8888S)
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    picture.load(path)
    picture.set_size(width, height)
    animation.set_frame(min(progress * frames, frames - 0.001))
    canvas.add(picture)
    canvas.update()
    canvas.draw(True)
    canvas.sync()
    image = canvas.get_pillow()
    canvas.destroy()
    engine.term()
    image.convert("RGBA").save(out)

main()
