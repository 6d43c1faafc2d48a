"""A reference player's picture of a Lottie file, for tests (never the product): ThorVG (thorvg-python,
fractional frames) or rlottie 0.2 (rlottie-python, whole frames), as bench/lottie/bench.py draws them.
Usage: lottie_reference.py thorvg|rlottie FILE PROGRESS WIDTH HEIGHT OUT.png
Exit 3 when the player's wheel is not installed (the test skips, saying so)."""
import json, sys

kind, path, p, w, h, out = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
with open(path) as f:
    header = json.load(f)
span = header["op"] - header["ip"]
try:
    if kind == "thorvg":
        import thorvg_python as tvg
    else:
        import rlottie_python
except ImportError as error:
    print(error, file=sys.stderr)
    sys.exit(3)
if kind == "thorvg":
    engine = tvg.Engine()
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(w, h, cs=tvg.Colorspace.ABGR8888S)
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    picture.load(path)
    picture.set_size(w, h)
    animation.set_frame(min(p * span, span - 0.001))
    canvas.add(picture)
    canvas.update()
    canvas.draw(True)
    canvas.sync()
    image = canvas.get_pillow()
    canvas.destroy()
    engine.term()
else:
    with rlottie_python.LottieAnimation.from_file(path) as animation:
        total = animation.lottie_animation_get_totalframe()
        image = animation.render_pillow_frame(frame_num=min(round(p * span), total - 1), width=w, height=h)
image.save(out)
