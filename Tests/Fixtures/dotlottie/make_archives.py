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

# image.lottie (issue 37): a dotLottie 2.0 archive whose animation "badge" shows an image of the archive
# (i/img_0.png, a 12 × 12 PNG: green above, blue below) and a square filled through the slot "tint" (red);
# its theme "dark" sets the tint blue and has a Text rule tabanim does not apply. lottie/image_embedded.json
# is the same animation as a plain file, the image embedded as a data URI, the slot's value in place.
import base64, struct, zlib

def png(width, height, rows):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\0" + bytes(row) for row in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))

image = png(12, 12, [[0, 200, 0, 255] * 12 if y < 6 else [0, 0, 200, 255] * 12 for y in range(12)])

def badge(image_asset, tint):
    return {"v": "5.7.0", "fr": 30, "ip": 0, "op": 20, "w": 24, "h": 24, "nm": "badge", "ddd": 0,
            "assets": [image_asset],
            "layers": [
                {"ty": 2, "ind": 1, "refId": "img_0", "ip": 0, "op": 20, "st": 0,
                 "ks": {"p": {"a": 0, "k": [2, 2]}, "a": {"a": 0, "k": [0, 0]}}},
                {"ty": 4, "ind": 2, "ip": 0, "op": 20, "st": 0, "ks": {},
                 "shapes": [{"ty": "gr", "it": [
                     {"ty": "rc", "p": {"a": 0, "k": [18, 18]}, "s": {"a": 0, "k": [8, 8]}, "r": {"a": 0, "k": 0}},
                     {"ty": "fl", "c": tint, "o": {"a": 0, "k": 100}, "r": 1}, {"ty": "tr"}]}]}]}

archived = badge({"id": "img_0", "w": 12, "h": 12, "u": "/i/", "p": "img_0.png", "e": 0},
                 {"sid": "tint", "a": 0, "k": [0, 0, 0, 1]})
archived["slots"] = {"tint": {"p": {"a": 0, "k": [1, 0, 0, 1]}}}
manifest2 = json.dumps({"version": "2", "generator": "tabanim make_archives.py", "animations": [{"id": "badge"}],
                        "themes": [{"id": "dark"}]}).encode()
theme = json.dumps({"rules": [{"id": "tint", "type": "Color", "value": [0, 0, 1, 1]},
                              {"id": "label", "type": "Text", "value": {"text": "x"}}]}).encode()
archive("image.lottie", [("manifest.json", manifest2), ("a/badge.json", json.dumps(archived).encode()),
                         ("i/img_0.png", image, zipfile.ZIP_STORED), ("t/dark.json", theme)])
plain = badge({"id": "img_0", "w": 12, "h": 12, "u": "", "p": "data:image/png;base64," + base64.b64encode(image).decode(), "e": 1},
              {"a": 0, "k": [1, 0, 0, 1]})
json.dump(plain, open(os.path.join(here, "..", "lottie", "image_embedded.json"), "w"), separators=(",", ":"))
