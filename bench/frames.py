#!/usr/bin/env python3
"""Every frame of an export against tabanim's own PNG frames, at each frame's time: PSNR and SSIM.

Usage: frames.py FPS FRAMES_DIR OUT.{gif,webp,mp4} [--region x,y,w,h] [--ssim] [--flat]
  FRAMES_DIR holds `tabanim export SCENE -o FRAMES_DIR/` (frame i shown at i / FPS).
Prints the lowest and mean PSNR (dB) and, with --ssim, the mean SSIM, and the worst frame's index; with
--flat, the differences in levels on flat areas (pixels whose 9 x 9 neighbourhood is one colour in the PNG
frame), where a colour error shows and no edge excuses it: the 99.9th percentile and the mean.
GIF and WebP are decoded by Pillow (compositing as a browser does), MP4 by ffmpeg, whose scaler honours
the stream's colour tags (matrix, range); an MP4 padded to even sizes is cropped to the frames' size.
"""
import glob
import subprocess
import sys

import numpy as np
from PIL import Image


def animated(path, count, fps, unit):
    """The picture shown at each reference frame's time (`unit`: the container's time unit in s)."""
    shown, ends = [], []
    with Image.open(path) as image:
        end = 0.0
        for index in range(image.n_frames):
            image.seek(index)
            shown.append(np.asarray(image.convert("RGB")).copy())  # loads the frame, and with it its duration
            end += image.info.get("duration", 0) / 1000
            ends.append(round(end / unit))
    frames, k = [], 0
    for i in range(count):
        t = round(i / fps / unit)
        while k < len(ends) - 1 and ends[k] <= t:
            k += 1
        frames.append(shown[k])
    return frames


def video(path, count, width, height):
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                         check=True, capture_output=True).stdout
    probe = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height",
                            "-of", "csv=p=0", path], check=True, capture_output=True, text=True).stdout.strip()
    w, h = (int(v) for v in probe.split(","))
    frames = np.frombuffer(raw, np.uint8).reshape(-1, h, w, 3)
    return [frames[i, :height, :width] for i in range(min(count, len(frames)))]


def psnr(a, b):
    mse = np.mean((a.astype(np.float64) - b.astype(np.float64)) ** 2)
    return 99.0 if mse == 0 else 10 * np.log10(255 ** 2 / mse)


def main():
    fps, frames_dir, out = float(sys.argv[1]), sys.argv[2], sys.argv[3]
    region = None
    if "--region" in sys.argv:
        region = [int(v) for v in sys.argv[sys.argv.index("--region") + 1].split(",")]
    pngs = sorted(glob.glob(f"{frames_dir}/*.png"))
    truth = [np.asarray(Image.open(p).convert("RGB")) for p in pngs]
    h, w = truth[0].shape[:2]
    if out.endswith(".mp4"):
        decoded = video(out, len(truth), w, h)
    else:
        decoded = animated(out, len(truth), fps, 0.01 if out.endswith(".gif") else 0.001)
    if region:
        x, y, rw, rh = region
        truth = [t[y:y + rh, x:x + rw] for t in truth]
        decoded = [d[y:y + rh, x:x + rw] for d in decoded]
    values = [psnr(a, b) for a, b in zip(truth, decoded)]
    worst = int(np.argmin(values))
    line = f"{out}: {len(values)} frames, PSNR min {min(values):.2f} dB (frame {worst}), mean {np.mean(values):.2f} dB"
    if "--ssim" in sys.argv:
        from skimage.metrics import structural_similarity
        s = [1.0 if np.array_equal(a, b) else structural_similarity(a, b, channel_axis=2, data_range=255)
             for a, b in zip(truth, decoded)]
        line += f", SSIM mean {np.mean(s):.6f} min {min(s):.6f}"
    if "--flat" in sys.argv:
        differences = []
        for a, b in zip(truth, decoded):
            a16, b16 = a.astype(np.int16), b.astype(np.int16)
            flat = np.ones(a.shape[:2], bool)
            for dy in range(-4, 5):
                for dx in range(-4, 5):
                    flat &= np.all(np.roll(a16, (dy, dx), axis=(0, 1)) == a16, axis=2)
            flat[:4, :] = flat[-4:, :] = flat[:, :4] = flat[:, -4:] = False
            differences.append(np.abs(a16 - b16)[flat])
        differences = np.concatenate(differences)
        line += f", flat areas: 99.9 % within {np.percentile(differences, 99.9):.0f} levels, mean {differences.mean():.2f}"
    print(line)


if __name__ == "__main__":
    main()
