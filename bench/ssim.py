#!/usr/bin/env python3
"""Mean and minimum SSIM of every frame of some GIFs against the true-colour PNG frames.

Usage: ssim.py FPS FRAMES_DIR A.gif [B.gif ...]   (prints one line per GIF: name mean min frames)
Frames are decoded with Pillow, which composites disposal and transparency as a browser does; reference
frame i (f0000.png, f0001.png, ...) is compared with the GIF frame shown at i / FPS.
"""
import glob
import sys
from multiprocessing import Pool

import numpy as np
from PIL import Image
from skimage.metrics import structural_similarity


def gif_frames(path, count, fps):
    """The picture shown at each reference frame's time, i / fps (an optimizer may merge equal frames)."""
    shown, ends = [], []
    with Image.open(path) as gif:
        end = 0
        for index in range(gif.n_frames):
            gif.seek(index)
            end += round(gif.info.get("duration", 0) / 10)
            shown.append(np.asarray(gif.convert("RGB")))
            ends.append(end)
    frames, k = [], 0
    for i in range(count):
        t = round(100 * i / fps)
        while k < len(ends) - 1 and ends[k] <= t:
            k += 1
        frames.append(shown[k])
    return frames


def reference(path):
    return np.asarray(Image.open(path).convert("RGB"))


def ssim(pair):
    a, b = pair
    if a.shape != b.shape:
        raise SystemExit(f"frame sizes differ: {a.shape} and {b.shape}")
    if np.array_equal(a, b):
        return 1.0
    return structural_similarity(a, b, channel_axis=2, data_range=255)


def score(frames_dir, gif, fps, pool):
    pngs = sorted(glob.glob(f"{frames_dir}/*.png"))
    decoded = gif_frames(gif, len(pngs), fps)
    values = pool.map(ssim, ((reference(p), d) for p, d in zip(pngs, decoded)), chunksize=4)
    return float(np.mean(values)), float(np.min(values)), len(values)


if __name__ == "__main__":
    fps, frames_dir, gifs = float(sys.argv[1]), sys.argv[2], sys.argv[3:]
    with Pool(2) as pool:
        for gif in gifs:
            mean, low, count = score(frames_dir, gif, fps, pool)
            print(f"{gif} {mean:.7f} {low:.7f} {count}")
