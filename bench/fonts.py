#!/usr/bin/env python3
"""Issue 34's type figures: the ink widths of real iOS tab titles (UIKIT-2026.md, "Type"), measured as they
were measured there (first to last inked column at 3x), against tabanim's PNG frames of the same titles.

Usage: python3 bench/fonts.py [path/to/tabanim]   (default .build/debug/tabanim; needs Pillow and numpy)
Prints one row per title: iOS's width, tabanim's, and the difference, and the face that drew it."""
import json, os, subprocess, sys, tempfile
import numpy as np
from PIL import Image

TABANIM = sys.argv[1] if len(sys.argv) > 1 else ".build/debug/tabanim"
# (titles, iOS ink widths at 10 pt, bar style, where measured); the first item is selected, as there.
BARS = [
    (["Feeds", "Favorites", "Explore", "Debug"], [28.33, 43.67, 35.67, 30.67], "classic", "iOS 18 classic"),
    (["Learn", "Compare", "Lab", "Checklist"], [26.67, 43.33, 16.67, 44.67], "glass", "iOS 26 glass"),
    (["Encryption", "Decryption", "Keychain", "Settings"], [51.67, 53.0, 43.0, 40.0], "classic", "iOS 14 classic"),
]

def frame(titles, style, folder, name):
    scene = {"device": "iphone-16-pro", "export": {"scale": 3}, "centerButton": None,
             "tabBar": {"style": style, "selectedIndex": 0, "items": [{"title": t} for t in titles]}}
    path = os.path.join(folder, name + ".json")
    with open(path, "w") as f: json.dump(scene, f)
    png = os.path.join(folder, name + ".png")
    subprocess.run([TABANIM, "frame", path, "--at", "0", "-o", png], check=True, capture_output=True)
    return np.array(Image.open(png).convert("RGB")).astype(int), path

def main():
    rows, worst = [], 0.0
    with tempfile.TemporaryDirectory() as folder:
        for titles, widths, style, where in BARS:
            with_titles, path = frame(titles, style, folder, "titled")
            without, _ = frame([""] * len(titles), style, folder, "untitled")
            faces = subprocess.run([TABANIM, "validate", path], capture_output=True, text=True).stdout
            # The titles' band: baselines 44.9 pt (classic) and 48.6 pt (glass) below the bar's top at 791 pt.
            differs = (np.abs(with_titles - without).max(axis=2) > 5)[int(823 * 3):int(842 * 3)]
            cell = with_titles.shape[1] / len(titles)
            for i, (title, width) in enumerate(zip(titles, widths)):
                columns = np.where(differs[:, int(i * cell):int((i + 1) * cell)].any(axis=0))[0]
                drawn = (columns.max() - columns.min() + 1) / 3
                worst = max(worst, abs(drawn - width))
                face = next((part.split('" ', 1)[1] for part in faces.split(", ") if part.strip().startswith(f'"{title}"') or f'"{title}"' in part), "?")
                rows.append((where, title, width, drawn, drawn - width, face.strip()))
    print("| bar | title | iOS (pt) | tabanim (pt) | difference | face |\n|---|---|---|---|---|---|")
    for where, title, width, drawn, delta, face in rows:
        print(f"| {where} | {title} | {width:.2f} | {drawn:.2f} | {delta:+.2f} | {face} |")
    print(f"\nlargest difference: {worst:.2f} pt")

main()
