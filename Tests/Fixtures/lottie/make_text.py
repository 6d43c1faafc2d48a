#!/usr/bin/env python3
"""Makes the text-layer fixtures of the project's own (issue 37):
text_glyphs.json: a glyph-based text layer (the file's `chars`: blocky I, L, T, O drawn as paths at size 100),
  centred (`j` 2) at (50, 60), size 30, tracking 50, red fill; its document switches from "IT" to "LOT" at
  frame 10 (a hold, as text documents do), and a second line "IO" 36 pt lower in the second document.
text_font.json: a font-based text layer (no `chars`): "AB" in "Tabanim Blocks" (Tests/Fixtures/fonts), size
  20, left-aligned at (20, 60), blue fill, and a second layer in a font no machine has ("Nowhere Sans").
Run: python3 make_text.py (writes beside itself)."""
import json, os
here = os.path.dirname(os.path.abspath(__file__))

def rect(x0, y0, x1, y1):
    """A closed rectangle path (y up is negative: the baseline is y 0)."""
    return {"ty": "sh", "ks": {"a": 0, "k": {"c": True, "i": [[0, 0]] * 4, "o": [[0, 0]] * 4,
                                              "v": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]]}}}

def glyph(ch, w, rects):
    return {"ch": ch, "size": 100, "style": "Regular", "w": w, "fFamily": "Blocky",
            "data": {"shapes": [{"ty": "gr", "it": [rect(*r) for r in rects] + [{"ty": "tr"}]}]}}

chars = [
    glyph("I", 40, [(10, -70, 30, 0)]),
    glyph("L", 60, [(10, -70, 30, 0), (10, -20, 55, 0)]),
    glyph("T", 70, [(30, -70, 45, 0), (5, -70, 65, -55)]),
    # O: an outer square and a reversed inner one, a ring under the non-zero rule.
    {"ch": "O", "size": 100, "style": "Regular", "w": 70, "fFamily": "Blocky", "data": {"shapes": [{"ty": "gr", "it": [
        rect(5, -70, 65, 0),
        {"ty": "sh", "ks": {"a": 0, "k": {"c": True, "i": [[0, 0]] * 4, "o": [[0, 0]] * 4,
                                          "v": [[20, -55], [20, -15], [50, -15], [50, -55]]}}},
        {"ty": "tr"}]}]}},
    glyph(" ", 30, []),
]

def doc(text, **extra):
    d = {"t": text, "f": "Blocky-Regular", "s": 30, "fc": [1, 0, 0], "j": 2, "tr": 50, "lh": 36, "ls": 0}
    d.update(extra)
    return d

def text_layer(ind, name, docs, position):
    return {"ddd": 0, "ind": ind, "ty": 5, "nm": name, "ip": 0, "op": 20, "st": 0, "sr": 1,
            "ks": {"o": {"a": 0, "k": 100}, "r": {"a": 0, "k": 0}, "p": {"a": 0, "k": position + [0]},
                   "a": {"a": 0, "k": [0, 0, 0]}, "s": {"a": 0, "k": [100, 100, 100]}},
            "t": {"d": {"k": docs}, "p": {}, "m": {"g": 1, "a": {"a": 0, "k": [0, 0]}}, "a": []}}

glyphs = {"v": "5.7.0", "fr": 30, "ip": 0, "op": 20, "w": 100, "h": 100, "nm": "text_glyphs", "ddd": 0, "assets": [],
          "fonts": {"list": [{"fName": "Blocky-Regular", "fFamily": "Blocky", "fStyle": "Regular", "ascent": 70}]},
          "chars": chars,
          "layers": [text_layer(1, "words", [{"s": doc("IT"), "t": 0}, {"s": doc("LOT\rIO"), "t": 10}], [50, 45])]}
json.dump(glyphs, open(os.path.join(here, "text_glyphs.json"), "w"), separators=(",", ":"))

font = {"v": "5.7.0", "fr": 30, "ip": 0, "op": 20, "w": 100, "h": 100, "nm": "text_font", "ddd": 0, "assets": [],
        "fonts": {"list": [{"fName": "TabanimBlocks-Regular", "fFamily": "Tabanim Blocks", "fStyle": "Regular", "ascent": 80},
                           {"fName": "NowhereSans-Bold", "fFamily": "Nowhere Sans", "fStyle": "Bold", "ascent": 75}]},
        "layers": [text_layer(1, "blocks", [{"s": {"t": "AB", "f": "TabanimBlocks-Regular", "s": 20, "fc": [0, 0, 1], "j": 0, "tr": 0, "lh": 24}, "t": 0}], [20, 40]),
                   text_layer(2, "stand-in", [{"s": {"t": "Hi", "f": "NowhereSans-Bold", "s": 20, "fc": [0, 0.5, 0], "j": 0, "tr": 0, "lh": 24}, "t": 0}], [20, 80])]}
json.dump(font, open(os.path.join(here, "text_font.json"), "w"), separators=(",", ":"))
