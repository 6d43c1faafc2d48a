#!/usr/bin/env python3
"""Makes flip_radial.json, the project's own icon for issue 57: a coin that turns over, as icons made in
After Effects do. Two precomposed layers (a face and its rim) inside a precomposition layer; each layer's x-scale
animates from +74 % to −74 % and back (linear keyframes, so frames near a turn have a scale a hair from 0),
filled with radial gradients whose highlight (h 90, a 40) moves the focal point near the edge of the circle, one
with a highlight of 100 % (on the circle) and one of 150 % (outside it), a stroke, and a third layer that squashes
to 1e-9 % in y; the precomposition layer is turned 20°, so the coin's edge is a slanted line. 48 × 48 pt, 30 fps, 30 frames.
Run: python3 make_flip.py (writes beside itself)."""
import json, os
here = os.path.dirname(os.path.abspath(__file__))

def static(v):
    return {"a": 0, "k": v}

def linear(frames):
    """Keyframes (t, value) joined by straight lines."""
    k = []
    for t, v in frames[:-1]:
        k.append({"t": t, "s": v, "o": {"x": [0], "y": [0]}, "i": {"x": [1], "y": [1]}})
    k.append({"t": frames[-1][0], "s": frames[-1][1]})
    return {"a": 1, "k": k}

def radial(h, colors, size=30):
    return {"ty": "gr", "it": [
        {"ty": "el", "p": static([0, 0]), "s": static([size, size])},
        {"ty": "gf", "t": 2, "s": static([0, 0]), "e": static([size / 2, 0]), "h": static(h), "a": static(40),
         "o": static(100), "r": 1, "g": {"p": 2, "k": static(colors)}},
        {"ty": "st", "c": static([0.4, 0.25, 0, 1]), "o": static(100), "w": static(2), "lc": 2, "lj": 2},
        {"ty": "tr", "p": static([0, 0]), "a": static([0, 0]), "s": static([100, 100]), "r": static(0), "o": static(100)}]}

def layer(ind, name, scale, shapes):
    return {"ddd": 0, "ind": ind, "ty": 4, "nm": name, "sr": 1, "ip": 0, "op": 30, "st": 0, "bm": 0,
            "ks": {"o": static(100), "p": static([24, 24, 0]), "a": static([0, 0, 0]), "s": scale, "r": static(0)},
            "shapes": shapes}

gold = [0, 1, 0.9, 0.4, 1, 0.85, 0.55, 0]
# The face turns over in 6 frames and back; its turns cross 0 a ten-millionth of a frame after frames 3 and 9,
# where an export at the file's own frame rate samples it (as a file at 29.97 fps played at 30 lands anywhere):
# a scale of about 2.5e-6 %, a matrix cairo's gradients cannot invert.
flip = linear([(0, [74, 74, 100]), (6.0000002, [-74, 74, 100]), (12.0000004, [74, 74, 100]), (18, [-74, 74, 100]), (29, [74, 74, 100])])
# The rim flips a third of a frame behind the face, so the frames between land on other scales near 0.
rim_flip = linear([(0.33, [74, 74, 100]), (7.33, [-74, 74, 100]), (14.33, [74, 74, 100]), (21.33, [-74, 74, 100]), (29, [74, 74, 100])])
squash = linear([(0, [100, 100, 100]), (10, [100, 1e-9, 100]), (20, [100, 100, 100])])
coin = [
    layer(1, "face", flip, [radial(90, gold, 26)]),
    layer(2, "rim (highlight on the circle)", rim_flip, [radial(100, gold, 30)]),
    layer(3, "shine (highlight outside the circle)", squash, [radial(150, [0, 1, 1, 1, 1, 1, 0.8, 0.2], 12)]),
]
doc = {"v": "5.7.0", "fr": 30, "ip": 0, "op": 30, "w": 48, "h": 48, "nm": "flip_radial: a coin turning over (issue 57)",
       "ddd": 0, "assets": [{"id": "coin", "layers": coin}],
       "layers": [{"ddd": 0, "ind": 1, "ty": 0, "nm": "coin", "refId": "coin", "sr": 1, "ip": 0, "op": 30, "st": 0,
                   "w": 48, "h": 48, "ks": {"o": static(100), "p": static([24, 24, 0]), "a": static([24, 24, 0]),
                                            "s": static([100, 100, 100]), "r": static(20)}}]}
with open(os.path.join(here, "flip_radial.json"), "w") as f:
    json.dump(doc, f, separators=(",", ":"))
    f.write("\n")
