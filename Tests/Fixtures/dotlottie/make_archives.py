#!/usr/bin/env python3
"""Makes the dotLottie fixtures (zip archives, dotlottie.io) from the project's own Lottie fixtures:
square.lottie (one animation, deflated), two.lottie (two, stored and deflated: "square" and "spin"), and
hostile ones: bomb.lottie (an entry inflating 1000 times its size), outside.lottie (an entry named ../),
truncated.lottie (cut in half), none.lottie (no animation). Run: python3 make_archives.py"""
import json, os, zipfile
here = os.path.dirname(os.path.abspath(__file__))
square = open(os.path.join(here, "..", "lottie", "square.json"), "rb").read()
manifest = lambda ids: json.dumps({"version": "1", "animations": [{"id": i} for i in ids]}).encode()

def archive(name, entries, method=zipfile.ZIP_DEFLATED):
    path = os.path.join(here, name)
    with zipfile.ZipFile(path, "w", method) as z:
        for entry, data, *kind in entries:
            info = zipfile.ZipInfo(entry, date_time=(2026, 12, 3, 0, 0, 0))
            info.compress_type = kind[0] if kind else method
            z.writestr(info, data)
    return path

archive("square.lottie", [("manifest.json", manifest(["square"])), ("animations/square.json", square)])
spin = json.loads(square); spin["nm"] = "spin"
archive("two.lottie", [("manifest.json", manifest(["square", "spin"])), ("animations/square.json", square, zipfile.ZIP_STORED),
                       ("animations/spin.json", json.dumps(spin).encode())])
archive("bomb.lottie", [("manifest.json", manifest(["bomb"])), ("animations/bomb.json", b" " * 2_000_000)])
archive("outside.lottie", [("manifest.json", manifest(["x"])), ("../x.json", square)])
archive("none.lottie", [("manifest.json", manifest([]))])
whole = open(os.path.join(here, "square.lottie"), "rb").read()
open(os.path.join(here, "truncated.lottie"), "wb").write(whole[: len(whole) // 2])
