#!/usr/bin/env python3
"""Lottie benchmark (issue 15): tabanim's own Lottie engine against what iOS draws.

For every Lottie file of ../shared/lottie (skipped with a message when absent) and of the project's own
fixtures (Tests/Fixtures/lottie, Assets/**/lottie), renders progress 0, .25, .5, .75 and 1 with
`tabanim lottie FILE --progress P --scale 2` and scores it by PSNR (composited on white and on black, the
worse of the two) against:
  - lottie-ios's own snapshot references (../shared/lottie/ios-snapshots, iOS's default engine) where they
    exist;
  - else ThorVG (`pip install thorvg-python`: 1.1.3 bundles ThorVG 1.0.4; fractional frames) and rlottie 0.2
    (`pip install rlottie-python`: 1.3.8 bundles librlottie.so.0.2; whole frames).
It scores rlottie 0.1 the same way: Debian 12's librlottie, today's renderer, through tabanim's own hidden
`lottie-frames` subcommand (frame round(p·(op − ip)), clamped to the last one: rlottie draws whole frames).

Prints per file the median and worst PSNR over the five points: "ours" and "rl0.1" against the reference
(iOS, else ThorVG), "ours/rl0.2" ours against rlottie 0.2 (files without iOS references); then checks issue
15's targets and exits 1 when one is missed.
Not a timed test. Run from the repository root:  python3 bench/lottie/bench.py [--tabanim PATH] [--keep DIR]
"""
import argparse, glob, io, json, math, os, statistics, struct, subprocess, sys, tempfile

import numpy as np
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared", "lottie"))
PROGRESS = [0, 0.25, 0.5, 0.75, 1]
# ../shared/lottie/ios-snapshots/README.md: file → lottie-ios sample; iOS's default engine is Core Animation
# for all but clock_trim (Main Thread).
IOS = {
    "lottie-ios__like_thumb_single_kf.json": "Issues-pr_1599",
    "lottie-ios__plus_to_check.json": "Issues-issue_1877",
    "lottie-ios__clock_trim.json": "Issues-issue_2130",
    "lottie-ios__loader_arcs.json": "Issues-issue_1841",
    "lottie-ios__star_rating_repeater.json": "Issues-issue_1853",
    "lottie-ios__discover_compass.json": "Issues-issue_1260",
    "lottie-ios__twitter_heart_button.json": "TwitterHeartButton",
}
MAIN_THREAD = {"lottie-ios__clock_trim.json"}
# Issue 15: these must be drawn by the engine with no unsupported feature.
MUST_DRAW = set(IOS) | {"lottie-android__home_bar_matte.json", "lottie-android__timer_40px.json",
                        "alantoa-lottie-tabbar__home.json", "alantoa-lottie-tabbar__profile.json"}


def composite(rgba, premultiplied, background):
    """RGB floats 0…255 of `rgba` (H×W×4 uint8) over a grey level."""
    a = rgba[..., 3:4].astype(np.float64) / 255
    c = rgba[..., :3].astype(np.float64)
    return (c if premultiplied else c * a) + background * (1 - a)


def psnr(ours, reference):
    """(pixels, premultiplied) pairs of the same size; the worse of white and black backgrounds, capped at 99 dB."""
    worst = 99.0
    for background in (255.0, 0.0):
        mse = np.mean((composite(*ours, background) - composite(*reference, background)) ** 2)
        worst = min(worst, 99.0 if mse == 0 else 10 * math.log10(255 ** 2 / mse))
    return worst


def load_png(path, size=None):
    image = Image.open(path).convert("RGBA")
    if size and image.size != size:
        image = image.resize(size, Image.LANCZOS)
    return np.asarray(image)


def ours(tabanim, path, p, out):
    result = subprocess.run([tabanim, "lottie", path, "--progress", str(p), "-o", out, "-q"], capture_output=True, text=True)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.strip())
    return load_png(out), result.stderr.strip()


def rlottie01(tabanim, path, header, size):
    """Every frame from rlottie 0.1 through `tabanim lottie-frames FILE W H COUNT` (premultiplied ARGB32)."""
    count = max(1, math.ceil(header["op"] - header["ip"]))
    if size[0] * size[1] > 1024 * 1024:  # LottieFrameServer.maxPixels
        raise RuntimeError("not measured: the canvas is larger than tabanim's rlottie child draws")
    result = subprocess.run([tabanim, "lottie-frames", path, str(size[0]), str(size[1]), str(count)], capture_output=True, timeout=60)
    if result.returncode != 0:
        raise RuntimeError(result.stderr.decode(errors="replace").strip() or f"exit {result.returncode}")
    data = result.stdout
    w, h, n = struct.unpack("<III", data[4:16])
    frames = np.frombuffer(data[16:], dtype="<u4").reshape(n, h, w)
    # 0xAARRGGBB words → R, G, B, A bytes
    return np.stack([(frames >> 16) & 255, (frames >> 8) & 255, frames & 255, frames >> 24], axis=-1).astype(np.uint8)


def thorvg_frame(path, header, p, size):
    import thorvg_python as tvg
    engine = tvg.Engine()
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(size[0], size[1], cs=tvg.Colorspace.ABGR8888S)
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    picture.load(path)
    picture.set_size(size[0], size[1])
    # At p = 1 lottie-ios shows frame op (its layers are drawn up to op included); ThorVG hides layers that
    # end at op there, so it is asked for a thousandth of a frame before, the same picture.
    animation.set_frame(min(p * (header["op"] - header["ip"]), header["op"] - header["ip"] - 0.001))
    canvas.add(picture)
    canvas.update()
    canvas.draw(True)
    canvas.sync()
    pixels = np.asarray(canvas.get_pillow())
    canvas.destroy()
    engine.term()
    return pixels


def rlottie02_frame(path, header, p, size):
    import rlottie_python
    with rlottie_python.LottieAnimation.from_file(path) as animation:
        total = animation.lottie_animation_get_totalframe()
        frame = min(round(p * (header["op"] - header["ip"])), total - 1)
        return np.asarray(animation.render_pillow_frame(frame_num=frame, width=size[0], height=size[1]))


def in_child(kind, path, header, p, size, work):
    """ThorVG or rlottie 0.2 in a child process: both crash on some files (null_end_shape_32px)."""
    out = os.path.join(work, f"ref-{kind}.npy")
    result = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", kind, path, str(p), str(size[0]), str(size[1]), out],
                            capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise RuntimeError(f"{kind} failed (exit {result.returncode}) {result.stderr.strip()[-200:]}")
    return np.load(out)


def child(kind, path, p, w, h, out):
    with open(path) as f:
        header = json.load(f)
    render = thorvg_frame if kind == "thorvg" else rlottie02_frame
    np.save(out, render(path, header, float(p), (int(w), int(h))))


def files():
    found = []
    if os.path.isdir(SHARED):
        found += sorted(glob.glob(os.path.join(SHARED, "*.json")))
    else:
        print(f"../shared/lottie absent ({SHARED}): only the project's own fixtures are measured")
    found += sorted(glob.glob(os.path.join(ROOT, "Tests", "Fixtures", "lottie", "*.json")))
    found += sorted(glob.glob(os.path.join(ROOT, "Assets", "**", "lottie", "*.json"), recursive=True))
    return found


def main():
    parser = argparse.ArgumentParser()
    built = [os.path.join(ROOT, ".build", kind, "tabanim") for kind in ("release", "debug")]
    parser.add_argument("--tabanim", default=next((b for b in built if os.path.exists(b)), built[0]))
    parser.add_argument("--keep", help="write our frames here")
    parser.add_argument("--child", nargs=6, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        return child(*args.child)
    if not os.path.exists(args.tabanim):
        sys.exit(f"{args.tabanim} not found: run `swift build` first (or pass --tabanim)")
    work = args.keep or tempfile.mkdtemp(prefix="tabanim-lottie-")
    os.makedirs(work, exist_ok=True)
    ios_ours, ios_rl01, failures = [], [], []
    print(f"{'file':46} {'reference':9} {'ours med':>8} {'worst':>6} {'rl0.1 med':>9} {'worst':>6} "
          f"{'ours/rl0.2':>10} {'worst':>6}  notes")
    for path in files():
        name = os.path.basename(path)
        with open(path) as f:
            header = json.load(f)
        size = (round(2 * header["w"]), round(2 * header["h"]))
        notes, engine_notes = [], []
        try:
            rl01 = rlottie01(args.tabanim, path, header, size)
        except Exception as error:  # rlottie 0.1 crashes on some files: a score of 0 for every point
            rl01, _ = None, notes.append(f"rlottie 0.1: {error}")
        scores = {"ours": [], "rl01": [], "ours_vs_rl02": []}
        reference_kind = "iOS" if name in IOS else "ThorVG"
        for p in PROGRESS:
            out = os.path.join(work, f"{name[:-5]}-{int(p * 100)}.png")
            try:
                mine, warning = ours(args.tabanim, path, p, out)
                warning = warning.replace(path + ": ", "")
                if warning and warning not in notes:
                    notes.append(warning)
                    engine_notes.append(warning)
            except RuntimeError as error:
                mine = None
                notes.append(f"tabanim: {error}")
                engine_notes.append(str(error))
            if name in IOS:
                engine = "MainThread" if name in MAIN_THREAD else "CoreAnimation"
                ref = (load_png(os.path.join(SHARED, "ios-snapshots", f"test{engine}RenderingEngine.{IOS[name]}-{int(p * 100)}.png"), size), False)
            else:
                try:
                    ref = (in_child("thorvg", path, header, p, size, work), False)
                except Exception as error:
                    ref = None
                    if str(error) not in notes: notes.append(str(error))
                try:
                    if mine is not None:
                        scores["ours_vs_rl02"].append(psnr((mine, False), (in_child("rlottie02", path, header, p, size, work), True)))
                except Exception as error:
                    if str(error)[:40] not in "".join(notes): notes.append(str(error))
            if ref is None:
                continue
            scores["ours"].append(psnr((mine, False), ref) if mine is not None else 0.0)
            if rl01 is not None:
                frame = min(round(p * (header["op"] - header["ip"])), len(rl01) - 1)
                scores["rl01"].append(psnr((rl01[frame], True), ref))
            else:
                scores["rl01"].append(0.0)
        if name in IOS:
            ios_ours += scores["ours"]
            ios_rl01 += scores["rl01"]
        if name in MUST_DRAW and engine_notes:
            failures.append(f"{name} is not drawn by the engine alone: {'; '.join(notes)}")
        if not scores["ours"]:
            print(f"{name:46} no reference could be drawn: {'; '.join(notes)}")
            continue
        rl02 = scores["ours_vs_rl02"]
        extra = f"{statistics.median(rl02):10.1f} {min(rl02):6.1f}" if rl02 else f"{'-':>10} {'-':>6}"
        print(f"{name:46} {reference_kind:9} {statistics.median(scores['ours']):8.1f} {min(scores['ours']):6.1f} "
              f"{statistics.median(scores['rl01']):9.1f} {min(scores['rl01']):6.1f} {extra}  {'; '.join(notes)}".rstrip())
    if ios_ours:
        under = sum(s < 30 for s in ios_ours)
        print(f"\nseven files with iOS references ({len(ios_ours)} points): ours median {statistics.median(ios_ours):.1f} dB, "
              f"{under} under 30 dB; rlottie 0.1 median {statistics.median(ios_rl01):.1f} dB, {sum(s < 30 for s in ios_rl01)} under 30 dB")
        if statistics.median(ios_ours) < 48 or under > 5:
            failures.append("issue 15's target (median ≥ 48 dB, at most 5 points under 30 dB) is not met")
    print(f"our frames: {work}")
    for failure in failures:
        print("FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
