#!/usr/bin/env python3
"""Issue 46's WebP benchmark: tabanim's animated WebP against img2webp on the very same frames.

Usage: bench/webp.py [--tabanim PATH] [--runs N] [--work DIR]
  (defaults: .build/release/tabanim from the repository root, 3 runs, a temporary folder)

For each scene (the demo Assets/demo/scene.json, the starter written by `tabanim init`, and
Assets/demo/glass.json): `tabanim timeline --json` gives fps and frame count; `tabanim export -o DIR/`
writes the PNG frames (not timed). Then, each timed N times (median wall time kept, runs one after another):
  - tabanim: `tabanim export SCENE -q [--quality Q] -o out.webp`, lossless and Q = 90, 60, 30;
  - img2webp from the PNG frames, `-lossless` and `-lossy -q Q`, each frame lasting
    round((i+1)*1000/fps) - round(i*1000/fps) ms, as tabanim's frames do.
Every WebP is decoded by Pillow (which composites blending and disposal as a browser does); the picture shown
at round(i*1000/fps) ms (cumulative durations, so merged frames count) is compared with PNG frame i. Worst-frame
PSNR is over RGB, alpha composited on white; "exact" when every frame matches.
Prints a Markdown table (bytes and wall time against img2webp) and whether issue 46's targets hold:
(a) tabanim --quality 90 bytes <= tabanim lossless bytes for the demo and the starter; (b) the demo's
lossless bytes <= img2webp -lossless bytes; (c) the demo's lossless wall <= 0.5 x img2webp -lossless wall.
Needs Python 3 with Pillow and numpy, and img2webp on PATH.
"""
import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = [("lossless", None), ("q90", 90), ("q60", 60), ("q30", 30)]


def run(command):
    result = subprocess.run([str(c) for c in command], capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"failed: {' '.join(map(str, command))}\n{result.stderr}")
    return result.stdout


def timed(command, runs):
    """Median wall seconds of `runs` runs, one after another."""
    walls = []
    for _ in range(runs):
        start = time.perf_counter()
        run(command)
        walls.append(time.perf_counter() - start)
    return statistics.median(walls)


def rgb(image):
    """The picture as uint8 RGB, any alpha composited on white."""
    if image.mode not in ("RGB", "RGBA"):
        image = image.convert("RGBA")
    pixels = np.asarray(image)
    if pixels.shape[2] == 3:
        return pixels.copy()
    alpha = pixels[..., 3:4].astype(np.float64) / 255
    if alpha.min() == 1:
        return pixels[..., :3].copy()
    return np.round(pixels[..., :3] * alpha + 255 * (1 - alpha)).astype(np.uint8)


def psnr(a, b):
    mse = np.mean((a.astype(np.int32) - b.astype(np.int32)) ** 2)
    return float("inf") if mse == 0 else 10 * np.log10(255 ** 2 / mse)


def worst_psnr(path, truth, fps):
    """(worst PSNR, its frame, median PSNR, shown ms, expected ms) of the WebP against the reference frames."""
    values, k = [], -1
    end = 0  # ms at which WebP frame k stops being shown
    with Image.open(path) as image:
        for i, reference in enumerate(truth):
            t = round(i * 1000 / fps)
            while end <= t and k + 1 < image.n_frames:
                k += 1
                image.seek(k)
                shown = rgb(image)  # loads the frame, and with it its duration
                end += image.info.get("duration", 0)
            values.append(psnr(reference, shown))
        while k + 1 < image.n_frames:  # frames past the last reference frame's time: only their durations
            k += 1
            image.seek(k)
            image.load()
            end += image.info.get("duration", 0)
    worst = int(np.argmin(values))
    return values[worst], worst, statistics.median(values), end, round(len(truth) * 1000 / fps)


def bench_scene(name, scene, tabanim, work, runs):
    folder = work / name
    folder.mkdir(parents=True, exist_ok=True)
    info = json.loads(run([tabanim, "timeline", scene, "--json"]))
    fps, count = info["fps"], info["frames"]
    frames = folder / "frames"
    run([tabanim, "export", scene, "-q", "-o", f"{frames}/"])
    pngs = sorted(frames.glob("frame-*.png"))
    if len(pngs) != count:
        sys.exit(f"{name}: {len(pngs)} PNG frames, timeline says {count}")
    truth = [rgb(Image.open(p)) for p in pngs]
    starts = [round(i * 1000 / fps) for i in range(count + 1)]
    rows = []
    for setting, quality in SETTINGS:
        out = folder / f"tabanim-{setting}.webp"
        command = [tabanim, "export", scene, "-q"] + (["--quality", quality] if quality else []) + ["-o", out]
        rows.append(dict(encoder="tabanim", setting=setting, command=command, out=out))
        out = folder / f"img2webp-{setting}.webp"
        command = ["img2webp", "-loop", "0"] + (["-lossy", "-q", quality] if quality else ["-lossless"])
        for i, png in enumerate(pngs):
            command += ["-d", starts[i + 1] - starts[i], png]
        rows.append(dict(encoder="img2webp", setting=setting, command=command + ["-o", out], out=out))
    for row in rows:
        print(f"  {name} {row['encoder']} {row['setting']}", file=sys.stderr, flush=True)
        row["wall"] = timed(row["command"], runs)
        row["bytes"] = row["out"].stat().st_size
        row["db"], row["worst"], row["median"], row["ms"], row["expected"] = worst_psnr(row["out"], truth, fps)
    return dict(name=name, scene=scene, fps=fps, frames=count, rows=rows)


def table(results):
    lines = ["| scene | encoder | setting | bytes | × img2webp lossless bytes | worst-frame dB | wall s "
             "| × img2webp wall (same setting) | worst frame (median dB) |",
             "|---|---|---|--:|--:|--:|--:|--:|--:|"]
    for result in results:
        ref = {(r["encoder"], r["setting"]): r for r in result["rows"]}
        base = ref[("img2webp", "lossless")]
        for encoder in ("tabanim", "img2webp"):
            for setting, _ in SETTINGS:
                r = ref[(encoder, setting)]
                other = ref[("img2webp", setting)]
                db = "exact" if r["db"] == float("inf") else f"{r['db']:.2f}"
                where = "—" if r["db"] == float("inf") else f"{r['worst']} ({'exact' if r['median'] == float('inf') else format(r['median'], '.2f')})"
                lines.append(f"| {result['name']} | {encoder} | {setting} | {r['bytes']:,} | "
                             f"{r['bytes'] / base['bytes']:.3f} | {db} | {r['wall']:.2f} | "
                             f"{r['wall'] / other['wall']:.2f} | {where} |")
    return "\n".join(lines)


def targets(results):
    by = {res["name"]: {(r["encoder"], r["setting"]): r for r in res["rows"]} for res in results}
    lines, demo = [], by["demo"]
    for name in ("demo", "starter"):
        q90, lossless = by[name][("tabanim", "q90")]["bytes"], by[name][("tabanim", "lossless")]["bytes"]
        lines.append(f"- (a) {name}: --quality 90 {q90:,} B ≤ lossless {lossless:,} B: "
                     f"{'holds' if q90 <= lossless else 'MISSED'}")
    mine, theirs = demo[("tabanim", "lossless")], demo[("img2webp", "lossless")]
    lines.append(f"- (b) demo lossless {mine['bytes']:,} B ≤ img2webp -lossless {theirs['bytes']:,} B: "
                 f"{'holds' if mine['bytes'] <= theirs['bytes'] else 'MISSED'}")
    lines.append(f"- (c) demo lossless {mine['wall']:.2f} s ≤ 0.5 × img2webp -lossless {theirs['wall']:.2f} s: "
                 f"{'holds' if mine['wall'] <= 0.5 * theirs['wall'] else 'MISSED'} "
                 f"({mine['wall'] / theirs['wall']:.2f}×)")
    for res in results:
        for r in res["rows"]:
            if r["ms"] != r["expected"]:
                lines.append(f"- note: {res['name']} {r['encoder']} {r['setting']} lasts {r['ms']} ms, "
                             f"frames say {r['expected']} ms")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description="Issue 46's WebP benchmark (see the docstring).")
    parser.add_argument("--tabanim", default=str(ROOT / ".build/release/tabanim"))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--work")
    args = parser.parse_args()
    tabanim = Path(args.tabanim).resolve()
    work = Path(args.work or tempfile.mkdtemp(prefix="webp-bench-")).resolve()
    run([tabanim, "init", work / "starter-scene", "--force"])
    scenes = [("demo", ROOT / "Assets/demo/scene.json"), ("starter", work / "starter-scene/scene.json"),
              ("glass", ROOT / "Assets/demo/glass.json")]
    results = [bench_scene(name, scene, tabanim, work, args.runs) for name, scene in scenes]
    version = run([tabanim, "--version"]).strip()
    print(f"tabanim {version} ({tabanim}), {args.runs} runs (median wall), work folder {work}\n")
    for res in results:
        print(f"- {res['name']}: {res['scene']}, {res['frames']} frames at {res['fps']} fps")
    print()
    print(table(results))
    print()
    print(targets(results))


if __name__ == "__main__":
    main()
