#!/usr/bin/env python3
"""Check Assets/scene.schema.json against the scenes tabanim ships and against its own reader.

Run from anywhere: python3 scripts/check-schema.py [--tabanim PATH] [--verbose]
Exit 0 when every check passes; 1 with one line per problem otherwise (2 when the checks cannot run).
Needs Python 3 and the `jsonschema` package (4.x); nothing else.

1. Scenes. The schema is checked against the draft its "$schema" names (`check_schema`), its patterns
   against what JavaScript editors (ECMA-262) accept, and then it must accept:
   - every scene in Assets/**, Tests/Fixtures/** and bench/scenes/*.json. A JSON file is a scene when it
     is an object with "tabBar" or "version", or with any other top-level key the reader reads
     ("script", "export", …: Tests/Fixtures/spin.json has no "tabBar"), and it is not a Lottie file
     ("layers"), an asset catalog's Contents.json, a dotLottie manifest.json or the schema. JSON is read
     as tabanim reads it (UTF-8, no duplicate keys, no NaN or overflowing numbers, at most 64 levels).
   - every ```json block of README.md and docs/**/*.md that is a scene (as above; the VS Code settings
     block is not), and every block that is a fragment of one (`"tabBar": {…}`, checked inside braces);
   - the starter scene `tabanim init DIR` writes.
   Fixtures the tests expect tabanim to refuse (Tests/Fixtures/hostile/*, Tests/Fixtures/fuzz/*) are
   listed in EXPECTED_FAILURES with the reason: those refused for their shape (types, unknown keys,
   ranges) must be REJECTED by the schema too; those refused for what a schema cannot see (files,
   images, Lottie contents, limits of the run, invalid JSON) are skipped.

2. Reader. The keys tabanim accepts are taken from its reader, Sources/Scene/Spec/*.swift: each
   `reader.object(…) { o in … }` closure (and `SceneSpec.init(reading:)`) is one JSON object, and the keys
   it accepts are the literals it asks for, `o("key")` and `o.node("key")`: exactly the list SpecReader
   keeps for its "unknown key … (did you mean …)" message. Each object is placed in the schema
   automatically: the root is SceneSpec; a key whose Swift field (SceneSpec.swift) has a type with an
   object reader of its own (TabBarSpec, [ItemSpec], StyledColor, …) places that reader under the key
   ("tabBar.items[]"); a closure nested in a reader sits under the key whose node it reads
   ("device", "tabBar.items[].title"). At each place the reader's keys are compared with the union of
   the "properties" of the schema's object alternatives there (through $ref, oneOf, anyOf, allOf), both
   ways; every such object must say "additionalProperties": false, since the reader refuses unknown keys
   everywhere. A type read inside itself (StyledColor's {"light": {"light": …}}) is compared once. As a
   cross-check, the union of all reader keys is compared with the union of all schema property names.
   Where the Swift type of a key is simple, the schema's JSON types are compared too (Double: number,
   Int: integer and not number, Bool, String, arrays), and the values of every word list: SpecEnum cases
   (`enum X: String, SpecEnum`), OSVersion.known, UIKitColor's names and the device presets
   (`tabanim presets --json`).

3. Probes. Small scenes, right and wrong, are judged by the schema and by `tabanim validate` (in the
   starter's folder, so that its icons, Lottie file and String Catalog exist); each must get the verdict
   written next to it from both. READER_QUIRKS lists what the reader accepts and the schema deliberately
   does not (each looks like a bug in the reader).

The binary is .build/release/tabanim (else .build/debug/tabanim), or --tabanim PATH. Without one, parts
1 (starter) and 3 cannot run and are reported as problems, unless --no-binary is given.
"""

import argparse
import glob
import json
import math
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCHEMA = "Assets/scene.schema.json"
SPEC_DIR = "Sources/Scene/Spec"
LABEL = SCHEMA  # the schema checked, as problems name it (--schema)

# Fixtures the tests expect tabanim to refuse. "rejects": refused for its shape, so the schema must reject
# it too. "skip": refused for what a schema cannot see; not checked. (Tests/CLITests/HostileCorpusTests.swift
# runs each hostile case and compares with its expected.txt; Tests/FuzzTests/SeededFuzzTests.swift replays
# Tests/Fixtures/fuzz/*.json expecting .refusedWhileResolving.)
H = "Tests/Fixtures/hostile/"
EXPECTED_FAILURES = {
    H + "absurd-numbers/scene.json": ("rejects", "device.width 1e9 and other values out of range"),
    H + "bad-indices/scene.json": ("rejects", "selectedIndex 9, selects 7: no such item (the schema allows 0 to 4)"),
    H + "curve-1e308/scene.json": ("rejects", "a Bézier control point out of -10…10"),
    H + "duration-over-limit/scene.json": ("rejects", "export.duration 500 s is over the 120 s limit"),
    H + "six-items/scene.json": ("rejects", "six items; a bar has 1 to 5"),
    H + "tap-at-1e300/scene.json": ("rejects", "a tap at 1e300 s, after the longest loop (120 s)"),
    H + "too-many-taps/scene.json": ("rejects", "1001 taps, over the taps limit of 1000"),
    H + "top-level-array/scene.json": ("rejects", "the scene is an array, not an object"),
    H + "unknown-keys/scene.json": ("rejects", "misspelt keys (exprot, itmes, apperance) and an unknown curve name"),
    H + "wrong-types/scene.json": ("rejects", "values of the wrong JSON type"),
    "Tests/Fixtures/fuzz/tap-at-1e300.json": ("rejects", "a tap at 1e300 s, after the longest loop (120 s)"),
    # Invalid JSON for tabanim's reader: no schema applies.
    H + "binary-garbage/scene.json": ("skip", "not JSON (binary bytes)"),
    H + "comment/scene.json": ("skip", "not JSON (a comment)"),
    H + "duplicate-key/scene.json": ("skip", "not JSON for tabanim (a duplicate key)"),
    H + "empty-file/scene.json": ("skip", "not JSON (empty)"),
    H + "invalid-utf8/scene.json": ("skip", "not JSON (invalid UTF-8)"),
    H + "nesting-too-deep/scene.json": ("skip", "not JSON for tabanim (nested deeper than 64 levels)"),
    H + "number-overflow/scene.json": ("skip", "not JSON for tabanim (1e999 overflows)"),
    H + "unterminated-string/scene.json": ("skip", "not JSON (an unterminated string)"),
    H + "utf16-scene/scene.json": ("skip", "not JSON for tabanim (UTF-16)"),
    # Refused for the files they name.
    **{H + name + "/scene.json": ("skip", "refused for the file it names: " + why) for name, why in {
        "catalog-contents-not-json": "an asset catalog's Contents.json is not JSON",
        "catalog-names-missing-file": "an image set names a missing file",
        "catalog-no-such-asset": "no such asset in the catalog",
        "catalog-pdf-damaged": "a damaged PDF",
        "catalog-pdf-no-page": "a PDF without a page",
        "catalog-pdf-not-a-pdf": "a PDF that is not one",
        "icon-absolute-path": "an icon outside the scene's folder (absolute path)",
        "icon-is-a-folder": "an icon that is a folder",
        "icon-missing": "a missing icon",
        "icon-outside-by-dotdot": "an icon outside the scene's folder (..)",
        "icon-symlink-outside": "an icon outside the scene's folder (symbolic link)",
        "icon-wrong-type": "a GIF icon",
        "lottie-coordinates-out-of-range": "a Lottie file with absurd coordinates",
        "lottie-deep-nesting": "a Lottie file nested too deep",
        "lottie-external-image": "a Lottie file naming an external image",
        "lottie-folder-outside": "a lottieFolder outside the scene's folder",
        "lottie-huge-canvas": "a Lottie canvas over 4096 pt",
        "lottie-layers-not-an-array": "a Lottie file whose layers are a string",
        "lottie-missing-fields": "a Lottie file without w, h, fr, ip, op",
        "lottie-not-json": "a Lottie file that is not JSON",
        "lottie-op-1e300": "a Lottie file with 1e300 frames",
        "lottie-too-large-file": "a Lottie file over a lowered asset-size limit",
        "lottie-too-many-frames": "a Lottie file with 100000 frames",
        "lottie-zero-frame-rate": "a Lottie file with a frame rate of 1e-300",
        "png-bad-crc": "a damaged PNG",
        "png-fake": "a PNG that is not one",
        "png-huge-dimensions": "a PNG of 100000×100000 pixels",
        "png-too-large-file": "a PNG over a lowered asset-size limit",
        "png-truncated": "a truncated PNG",
        "screenshot-huge": "a screenshot of 5000×5000 pixels",
        "screenshot-outside": "a screenshot outside the scene's folder",
        "screenshot-zero-size": "an empty screenshot file",
        "svg-billion-laughs": "an SVG entity bomb",
        "svg-empty": "an empty SVG",
        "svg-external-entity": "an SVG with an external entity",
        "svg-not-xml": "an SVG that is not XML",
        "svg-too-large-file": "an SVG over a lowered asset-size limit",
        "svg-too-many-elements": "an SVG over a lowered svg-elements limit",
        "svg-use-bomb": "an SVG <use> bomb",
        "symbol-not-xml": "a symbol template that is not XML",
        "symbol-without-guides": "a symbol template without guides",
        "symbol-without-variant": "a symbol template without a Regular variant",
    }.items()},
    # Refused for a limit of the run, which depends on more than one key (or on --limit).
    H + "frame-too-large/scene.json": ("skip", "a frame over the frame-pixels limit (device size × scale)"),
    H + "pixel-budget/scene.json": ("skip", "over the pixels limit (frame size × frames)"),
    H + "scene-too-large/scene.json": ("skip", "over a lowered scene-size limit (args.txt)"),
    H + "too-many-frames/scene.json": ("skip", "over the frames limit (duration × fps)"),
    H + "too-many-taps-for-a-lower-limit/scene.json": ("skip", "over a lowered taps limit (args.txt)"),
}

# Probes: (scene, True if tabanim and the schema must accept it). Paths name the starter's files.
ITEMS5 = [{"title": t} for t in ["Today", "Search", "New", "Inbox", "Starred"]]
PROBES = [
    ({}, True),
    ({"version": 1.0, "device": "ipad-mini", "orientation": "landscape"}, True),
    ({"device": {"preset": "iphone-se", "width": 400, "cornerRadius": 10, "safeAreaTop": None}}, True),
    ({"strings": "Localizable.xcstrings", "locale": "de"}, True),
    ({"strings": "Localizable.xcstrings", "locale": "zh-Hans-CN"}, True),
    ({"strings": "Localizable.xcstrings", "locale": "es-419"}, True),
    ({"strings": "Localizable.xcstrings", "tabBar": {"items": [{"title": {"key": "Inbox"}}, {"title": {"key": "Today", "count": 3}}, {"title": "Search"}, {"title": None}]}}, True),
    ({"strings": "Localizable.xcstrings", "tabBar": {"items": [{"title": {"key": "Inbox", "count": None}}]}}, True),
    ({"os": 26}, True),
    ({"os": "iOS 18"}, True),
    ({"os": " ipados17 "}, True),
    ({"os": "+026"}, True),
    ({"tabBar": {"tintColor": "#1B7", "unselectedItemTintColor": "rgba(27, 118, 208, 0.5)", "backgroundColor": {"light": "label", "dark": "#000000FF"}}}, True),
    ({"tabBar": {"tintColor": " RGB( 27,118 , 208 ) ", "titleFont": "Inter", "badgeFont": None}}, True),
    ({"tabBar": {"items": ITEMS5[:4] + [dict(ITEMS5[4], animation="lottie/star.json")]}}, True),
    ({"tabBar": {"items": [dict(ITEMS5[0], animation={"lottie": "lottie/star.json", "rendering": "original", "effect": None})]}}, True),
    ({"tabBar": {"items": [dict(ITEMS5[0], animation={"effect": "flip", "duration": 0.5, "curve": [0.2, 1.6, 0.4, 1], "lottie": None})]}}, True),
    ({"tabBar": {"items": [dict(ITEMS5[0], badge="12345678901234567890")]}}, True),
    ({"centerButton": None}, True),
    ({"centerButton": False}, True),
    ({"centerButton": {"image": "icons/button.svg", "size": 60, "offsetY": -4, "spinPeriod": 2}}, True),
    ({"transition": "none", "interfaceStyle": "dark", "layoutDirection": "rightToLeft", "statusBar": False, "homeIndicator": None}, True),
    ({"transition": {"style": "slide", "duration": 0.3, "curve": "easeIn"}}, True),
    ({"export": {"region": "tabBar", "margin": 0, "screenCorners": True, "fps": 24.5}}, True),
    ({"script": [{"at": 1, "tap": "center"}, {"at": 2, "tap": {"x": 196, "y": 800}},
                 {"at": 3, "badge": {"item": 3, "value": None}}, {"at": 4, "tap": None, "badge": {"item": 1, "value": "5"}}]}, True),
    ({"export": {"duration": 120, "fps": 24}, "script": [{"at": 119.5, "tap": 0}]}, True),
    # Wrong.
    ({"tabBar": {"tintColour": "#f00"}}, False),
    ({"tabBar": {"items": [{"title": 3}]}}, False),
    ({"Strings": "Localizable.xcstrings"}, False),
    ({"$schema": "./Assets/scene.schema.json"}, False),
    ({"strings": 3}, False),
    ({"strings": "Localizable.json"}, False),
    ({"locale": "german"}, False),
    ({"locale": "de-"}, False),
    ({"strings": "Localizable.xcstrings", "tabBar": {"items": [{"title": {"count": 3}}]}}, False),
    ({"strings": "Localizable.xcstrings", "tabBar": {"items": [{"title": {"key": "Inbox", "cnt": 3}}]}}, False),
    ({"strings": "Localizable.xcstrings", "tabBar": {"items": [{"title": {"key": "Inbox", "count": 2.5}}]}}, False),
    ({"strings": "Localizable.xcstrings", "tabBar": {"items": [{"title": {"key": "Inbox", "count": -1}}]}}, False),
    ({"os": 12}, False),
    ({"os": "iOS 28"}, False),
    ({"os": "iOS 27"}, True),
    ({"os": "26", "tabBar": {"minimizeBehavior": "onScrollDown", "accessory": {"title": "Now playing", "subtitle": "Artist"},
      "items": [{"title": "Home"}, {"title": "Search", "role": "search", "activatesSearch": True}]},
      "script": [{"at": 1, "scroll": {"by": 600, "duration": 0.8, "curve": "easeOut"}}]}, True),
    ({"script": [{"at": 1, "scroll": {"duration": 1}}]}, False),
    ({"script": [{"at": 1, "scroll": {"by": 5}, "tap": 0}]}, False),
    ({"tabBar": {"items": [{"title": "A", "role": "seach"}]}}, False),
    ({"tabBar": {"minimizeBehavior": "always"}}, False),
    ({"tabBar": {"accessory": {"title": "A", "artist": "B"}}}, False),
    ({"os": 26.5}, False),
    ({"tabBar": {"tintColor": "#12345"}}, False),
    ({"tabBar": {"tintColor": "rgb(256, 0, 0)"}}, False),
    ({"tabBar": {"tintColor": "blue"}}, False),
    ({"tabBar": {"tintColor": {"light": "#fff"}}}, False),
    ({"tabBar": {"tintColor": "rgba(1, 2, 3, 1.5)"}}, False),
    ({"tabBar": {"titleFont": "Inter, Arial"}}, False),
    ({"tabBar": {"titleFont": "  "}}, False),
    ({"tabBar": {"items": [dict(ITEMS5[0], animation={"lottie": "lottie/star.json", "duration": 1})]}}, False),
    ({"tabBar": {"items": [dict(ITEMS5[0], animation={"effect": "bounce", "theme": "dark"})]}}, False),
    ({"tabBar": {"items": [dict(ITEMS5[0], animation={"effect": "bounce", "rendering": "original"})]}}, False),
    ({"tabBar": {"items": [dict(ITEMS5[0], animation={"lottie": "lottie/star.json", "effect": "bounce"})]}}, False),
    ({"tabBar": {"items": [dict(ITEMS5[0], animation={"effect": "spin"})]}}, False),
    ({"tabBar": {"items": [dict(ITEMS5[0], animation={})]}}, False),
    ({"tabBar": {"items": []}}, False),
    ({"centerButton": True}, False),
    ({"script": [{"at": 1}]}, False),
    ({"script": [{"at": 1, "tap": 0, "badge": {"item": 0, "value": "1"}}]}, False),
    ({"script": [{"at": 1, "tap": "centre"}]}, False),
    ({"script": [{"at": 1, "tap": {"x": 1}}]}, False),
    ({"script": [{"at": -1, "tap": 0}]}, False),
    ({"script": [{"at": 1, "tap": 1.5}]}, False),
    ({"script": [{"at": 1, "badge": {"item": 0}}]}, False),
    ({"script": [{"at": 120, "tap": 0}]}, False),
    ({"transition": {"curve": [0.2, 1, 1.2, 1]}}, False),
    ({"transition": {"curve": [0, 0, 1]}}, False),
    ({"version": 2}, False),
    ({"device": "iphone-99"}, False),
    ({"export": {"fps": 120}}, False),
    ({"fonts": ["fonts/Brand.woff"]}, False),
    ({"interfaceStyle": "Dark"}, False),
]

# What the reader accepts and the schema deliberately refuses: each looks like a bug in the reader.
READER_QUIRKS = [
    ({"tabBar": {"tintColor": {"light": None, "dark": "#000000"}}},
     "a per-style colour with \"light\" (or \"dark\") null is dropped without a word (StyledColor.read reports only a missing key)"),
    ({"tabBar": {"items": [dict(ITEMS5[0], animation={"lottie": None})]}},
     "an animation object with neither \"lottie\" nor \"effect\" given, one of them null, is dropped without a word and its other keys go unchecked (AnimationSpec.read)"),
    ({"tabBar": {"tintColor": {"light": {"light": "#FFFFFF", "dark": "#000000"}, "dark": "#111111"}}},
     "a per-style colour may nest another one (StyledColor.read reads \"light\" and \"dark\" as StyledColor)"),
]


class Problems:
    def __init__(self):
        self.lines = []

    def add(self, line):
        self.lines.append(line)


def rel(path):
    return os.path.relpath(path, ROOT)


# ---------------------------------------------------------------------------------------------------------
# JSON as tabanim reads it

class NotTabanimJSON(ValueError):
    pass


def _no_duplicates(pairs):
    result = {}
    for key, value in pairs:
        if key in result:
            raise NotTabanimJSON(f"duplicate key {key!r}")
        result[key] = value
    return result


def _float(text):
    value = float(text)
    if math.isinf(value):
        raise NotTabanimJSON(f"number out of range: {text}")
    return value


def _constant(name):
    raise NotTabanimJSON(f"{name} is not JSON")


def _depth(value, level=1):
    if isinstance(value, dict):
        return max([level] + [_depth(v, level + 1) for v in value.values()])
    if isinstance(value, list):
        return max([level] + [_depth(v, level + 1) for v in value])
    return level - 1


def load_json_text(text):
    value = json.loads(text, object_pairs_hook=_no_duplicates, parse_float=_float, parse_constant=_constant)
    if _depth(value) > 64:
        raise NotTabanimJSON("nested deeper than 64 levels")
    return value


def load_json_file(path):
    with open(path, "rb") as f:
        data = f.read()
    return load_json_text(data.decode("utf-8"))


# ---------------------------------------------------------------------------------------------------------
# Swift reader

def blank_swift(src):
    """The source with comments and string literal contents replaced by spaces (newlines kept), so that
    braces and parentheses can be matched; string quotes stay where they are."""
    out = list(src)
    n = len(src)

    def blank(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    def code(i, stop_at_paren):
        depth = 0
        while i < n:
            c = src[i]
            if src.startswith("//", i):
                j = src.find("\n", i)
                j = n if j < 0 else j
                blank(i, j)
                i = j
            elif src.startswith("/*", i):
                level, j = 1, i + 2
                while j < n and level:
                    if src.startswith("/*", j):
                        level, j = level + 1, j + 2
                    elif src.startswith("*/", j):
                        level, j = level - 1, j + 2
                    else:
                        j += 1
                blank(i, j)
                i = j
            elif c == '"' or (c == "#" and src.startswith('#"', i)):
                i = string(i)
            elif c == "(":
                depth += 1
                i += 1
            elif c == ")":
                if stop_at_paren and depth == 0:
                    return i + 1
                depth -= 1
                i += 1
            else:
                i += 1
        return i

    def string(i):
        hashes = 0
        while src[i] == "#":
            hashes += 1
            i += 1
        multi = src.startswith('"""', i)
        quote = '"""' if multi else '"'
        i += len(quote)
        start = i
        closing = quote + "#" * hashes
        escape = "\\" + "#" * hashes
        while i < n:
            if src.startswith(escape, i):
                j = i + len(escape)
                if j < n and src[j] == "(":
                    j = code(j + 1, True)
                else:
                    j += 1
                blank(i, j)
                i = j
            elif src.startswith(closing, i):
                blank(start, i)
                return i + len(closing)
            elif src[i] == "\n" and not multi:
                break
            else:
                i += 1
        blank(start, i)
        return i

    code(0, False)
    return "".join(out)


def match_brace(text, i):
    """Index after the bracket matching the one at text[i] ('{' or '(')."""
    opening = text[i]
    closing = {"{": "}", "(": ")", "[": "]"}[opening]
    depth = 0
    for j in range(i, len(text)):
        if text[j] == opening:
            depth += 1
        elif text[j] == closing:
            depth -= 1
            if depth == 0:
                return j + 1
    raise ValueError("unbalanced")


def literal_at(src, blanked, m, group):
    """The string literal text of a match group made of spaces in the blanked source."""
    return src[m.start(group):m.end(group)]


def norm_type(t):
    """('array' or None, base type name) of a Swift type as written."""
    t = t.strip().rstrip("?").strip()
    m = re.fullmatch(r"Presence<(.+)>", t)
    if m:
        t = m.group(1).strip()
    m = re.fullmatch(r"\[(.+)\]", t)
    if m:
        return ("array", m.group(1).strip().rstrip("?"))
    m = re.fullmatch(r"Array<(.+)>", t)
    if m:
        return ("array", m.group(1).strip().rstrip("?"))
    return (None, t)


class SwiftModel:
    """What the reader reads, from the Swift sources."""

    def __init__(self, problems):
        self.problems = problems
        self.files = {}
        for path in sorted(glob.glob(os.path.join(ROOT, "Sources", "**", "*.swift"), recursive=True)):
            with open(path, encoding="utf-8") as f:
                src = f.read()
            self.files[path] = (src, blank_swift(src))
        self.fields = {}       # type -> {field: type string}
        self.enums = {}        # SpecEnum type -> [raw values]
        self.readers = []      # dicts: owner, var, start, end, parent, key, file
        self.readable = {}     # type -> (file, start, end) of its SpecReadable extension body
        self._types()
        self._readers()

    def _types(self):
        for path, (src, bl) in self.files.items():
            for m in re.finditer(r"\bstruct\s+(\w+)[^{]*\{", bl):
                end = match_brace(bl, m.end() - 1)
                body = bl[m.end():end - 1]
                fields = self.fields.setdefault(m.group(1), {})
                # Only the struct's own level: drop nested bodies.
                flat, previous = body, None
                while flat != previous:
                    previous, flat = flat, re.sub(r"\{[^{}]*\}", "", flat)
                for f in re.finditer(r"\bvar\s+(\w+)\s*:\s*([^=\n{]+)", flat):
                    fields[f.group(1)] = f.group(2).strip()
            for m in re.finditer(r"\benum\s+(\w+)\s*(:[^{]*)?\{", bl):
                end = match_brace(bl, m.end() - 1)
                body_bl = bl[m.end():end - 1]
                body_src = src[m.end():end - 1]
                conformances = m.group(2) or ""
                if re.search(r"\bSpecEnum\b", conformances) and re.search(r":\s*String\b", conformances):
                    values = []
                    for c in re.finditer(r"^\s*case\s+([^\n]+)", body_bl, re.M):
                        off = c.start(1)
                        decl = body_src[off:off + len(c.group(1))]
                        for part in decl.split(","):
                            pm = re.match(r'\s*`?(\w+)`?\s*(?:=\s*"([^"]*)")?', part)
                            if pm:
                                values.append(pm.group(2) if pm.group(2) is not None else pm.group(1))
                    self.enums[m.group(1)] = values
                else:
                    fields = self.fields.setdefault(m.group(1), {})
                    for c in re.finditer(r"\bcase\s+\w+\s*\(", body_bl):
                        args = body_bl[c.end():match_brace(body_bl, c.end() - 1) - 1]
                        for a in re.finditer(r"(\w+)\s*:\s*([\w\[\]<>?.]+)", args):
                            fields.setdefault(a.group(1), a.group(2))

    def _readers(self):
        for path, (src, bl) in self.files.items():
            for m in re.finditer(r"\bextension\s+(\w+)\s*(:[^{]*)?\{", bl):
                end = match_brace(bl, m.end() - 1)
                owner = m.group(1)
                if re.search(r"\bSpecReadable\b", m.group(2) or ""):
                    self.readable[owner] = (path, m.end(), end)
                    self._closures(path, owner, m.end(), end, None)
                for init in re.finditer(r"\binit\s*\(\s*reading\s+(\w+)\s*:\s*ObjectReader\s*\)\s*\{", bl[m.end():end]):
                    start = m.end() + init.end()
                    iend = match_brace(bl, start - 1)
                    reader = dict(owner=owner, var=init.group(1), start=start, end=iend, parent=None, key=None, file=path)
                    self.readers.append(reader)
                    self._closures(path, owner, start, iend, reader)

    def _closures(self, path, owner, start, end, enclosing):
        src, bl = self.files[path]
        i = start
        while True:
            m = re.compile(r"\.object\s*\(").search(bl, i, end)
            if not m:
                return
            call_end = match_brace(bl, m.end() - 1)
            head = re.compile(r"\s*\{\s*(\w+)(?:\s*->\s*[\w?\[\]<>.]+)?\s+in\b").match(bl, call_end)
            if not head:
                i = call_end
                continue
            body_start = head.end()
            body_end = match_brace(bl, bl.index("{", call_end)) - 1
            key = None
            if enclosing is not None:
                args = src[m.end():call_end - 1]
                lits = re.findall(r'appending\(\s*"([^"]+)"\s*\)', args)
                if lits:
                    key = lits[-1]
                else:
                    before = src[enclosing["start"]:m.start()]
                    found = list(re.finditer(r'(?:appending|\b%s\.node)\(\s*"([^"]+)"\s*\)' % re.escape(enclosing["var"]), before))
                    key = found[-1].group(1) if found else None
                if key is None:
                    self.problems.add(f"{rel(path)}: a nested object reader in {owner} reads no key this script can find")
            reader = dict(owner=owner, var=head.group(1), start=body_start, end=body_end, parent=enclosing, key=key, file=path)
            self.readers.append(reader)
            self._closures(path, owner, body_start, body_end, reader)
            i = body_end

    def keys(self, reader):
        """The key literals the reader asks for, outside readers nested in it."""
        src, bl = self.files[reader["file"]]
        nested = [(r["start"], r["end"]) for r in self.readers if r["parent"] is reader]
        pattern = re.compile(r'(?<![\w.])%s(?:\.node)?\(\s*"([^"\\]*)"' % re.escape(reader["var"]))
        found = []
        for m in pattern.finditer(bl, reader["start"], reader["end"]):
            if any(a <= m.start() < b for a, b in nested):
                continue
            key = literal_at(src, bl, m, 1)
            if key not in found:
                found.append(key)
        return found

    def record_type(self, reader):
        if reader["parent"] is None:
            return reader["owner"]
        parent_type = self.record_type(reader["parent"])
        return norm_type(self.fields.get(parent_type, {}).get(reader["key"], "?"))[1]

    def key_type(self, reader, key):
        """The Swift type of a key's value as written ("Double?", "[ItemSpec]?"), or None."""
        src, bl = self.files[reader["file"]]
        body = src[reader["start"]:reader["end"]]
        v = re.escape(reader["var"])
        k = re.escape(key)
        m = re.search(r'(\w+)\s*:\s*([\w\[\]<>.]+)\?\s*=\s*%s\(\s*"%s"' % (v, k), body)
        if m:
            return m.group(2)
        record = self.record_type(reader)
        owner_body = src[self.readable[reader["owner"]][1]:self.readable[reader["owner"]][2]] if reader["owner"] in self.readable else body
        m = re.search(r'(\w+)\.(\w+)\s*=\s*%s\(\s*"%s"' % (v, k), body)
        if m:
            decl = re.search(r'\bvar\s+%s\s*=\s*(\w+)\s*\(' % re.escape(m.group(1)), owner_body) or \
                re.search(r'\bvar\s+%s\s*=\s*(\w+)\s*\(' % re.escape(m.group(1)), src)
            if decl and m.group(2) in self.fields.get(decl.group(1), {}):
                return self.fields[decl.group(1)][m.group(2)]
        m = re.search(r'(\w+)\s*:\s*%s\(\s*"%s"' % (v, k), body)
        if m:
            label = m.group(1)
            for t in (record, reader["owner"]):
                if label in self.fields.get(t, {}):
                    return self.fields[t][label]
        return self.fields.get(record, {}).get(key)

    def object_types(self):
        """Types whose SpecReadable extension reads an object."""
        return {r["owner"] for r in self.readers if r["parent"] is None and r["owner"] in self.readable}

    def top_reader(self, type_name):
        for r in self.readers:
            if r["owner"] == type_name and r["parent"] is None:
                return r
        return None

    def enum_read_in(self, type_name):
        """SpecEnum types read straight from the node by type_name's reader (TransitionStyle for "slide")."""
        if type_name not in self.readable:
            return []
        path, a, b = self.readable[type_name]
        bl = self.files[path][1][a:b]
        return [e for e in re.findall(r"\b(\w+)\.read\(\s*node\b", bl) if e in self.enums]


# ---------------------------------------------------------------------------------------------------------
# Schema

def join(path, key):
    return key if not path else path + "." + key


def resolve_ref(schema, ref):
    if not ref.startswith("#"):
        raise ValueError(f"only local $ref: {ref}")
    node = schema
    for part in [p for p in ref[1:].split("/") if p]:
        part = part.replace("~1", "/").replace("~0", "~")
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def schema_places(schema):
    """{logical path: [subschemas that apply there]}, following $ref and the combinators."""
    places = {}
    seen = set()

    def walk(node, path):
        if not isinstance(node, dict):
            return
        if (id(node), path) in seen:
            return
        seen.add((id(node), path))
        places.setdefault(path, []).append(node)
        if "$ref" in node:
            walk(resolve_ref(schema, node["$ref"]), path)
        for comb in ("allOf", "anyOf", "oneOf"):
            for alt in node.get(comb, []):
                walk(alt, path)
        for branch in ("then", "else"):
            if branch in node:
                walk(node[branch], path)
        for key, sub in node.get("properties", {}).items():
            walk(sub, join(path, key))
        if isinstance(node.get("items"), dict):
            walk(node["items"], path + "[]")
        for sub in node.get("prefixItems", []):
            walk(sub, path + "[]")

    walk(schema, "")
    return places


def is_object_alternative(node):
    t = node.get("type")
    return t == "object" or (isinstance(t, list) and "object" in t)


def json_type(value):
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int) or (isinstance(value, float) and value.is_integer()):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


def types_at(nodes):
    types = set()
    for node in nodes:
        t = node.get("type")
        if t is not None:
            types.update(t if isinstance(t, list) else [t])
        elif "const" in node:
            types.add(json_type(node["const"]))
        elif "enum" in node:
            types.update(json_type(v) for v in node["enum"])
    return types - {"null"}


def values_at(nodes, json_kind):
    values = set()
    for node in nodes:
        for v in node.get("enum", []) + ([node["const"]] if "const" in node else []):
            if json_type(v) == json_kind or (json_kind == "integer" and json_type(v) == "number"):
                values.add(v)
    return values


ECMA_UNSUPPORTED = [(r"\(\?[aiLmsux]", "an inline flag such as (?i)"), (r"\(\?P", "a Python named group"),
                    (r"\\[AZz]", "\\A, \\Z or \\z"), (r"\(\?#", "a comment group")]


def check_patterns(schema, problems):
    def walk(node, where):
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "pattern" and isinstance(value, str):
                    for bad, what in ECMA_UNSUPPORTED:
                        if re.search(bad, value):
                            problems.add(f"{LABEL}: {where}/pattern uses {what}, which JavaScript (ECMA-262) editors reject: {value}")
                    try:
                        re.compile(value)
                    except re.error as e:
                        problems.add(f"{LABEL}: {where}/pattern does not compile: {e}")
                walk(value, where + "/" + key)
        elif isinstance(node, list):
            for i, value in enumerate(node):
                walk(value, f"{where}/{i}")

    walk(schema, "#")


# ---------------------------------------------------------------------------------------------------------
# Part 2: the reader against the schema

def compare_reader(schema, model, places, presets, problems, verbose):
    object_types = model.object_types()
    located = {}  # id(reader) -> [paths]
    queue = [(model.top_reader("SceneSpec"), "", ("SceneSpec",))]
    if queue[0][0] is None:
        problems.add(f"{SPEC_DIR}: no SceneSpec.init(reading:) found; the reader cannot be compared")
        return
    cycles = []
    compared = 0
    while queue:
        reader, path, stack = queue.pop(0)
        located.setdefault(id(reader), []).append(path)
        keys = model.keys(reader)
        where = f"{reader['owner']}" + (f" ({reader['key']!r} closure)" if reader["parent"] else "")
        nodes = places.get(path, [])
        alternatives = [n for n in nodes if is_object_alternative(n)]
        if not alternatives:
            problems.add(f"{LABEL}: {path or '(root)'}: the reader ({where}) reads an object with keys {', '.join(keys)}; the schema has no object there")
            continue
        compared += 1
        schema_keys = set()
        for alt in alternatives:
            schema_keys.update(alt.get("properties", {}))
            if alt.get("additionalProperties") is not False:
                problems.add(f"{LABEL}: {path or '(root)'}: an object without \"additionalProperties\": false; the reader ({where}) refuses unknown keys")
        for key in keys:
            if key not in schema_keys:
                problems.add(f"{LABEL}: {join(path, key)}: the reader ({where}) accepts this key; the schema lacks it")
        for key in sorted(schema_keys - set(keys)):
            problems.add(f"{LABEL}: {join(path, key)}: in the schema, but the reader ({where}) refuses it as an unknown key")
        if verbose:
            print(f"  {path or '(root)'}: {where}: {len(keys)} keys")
        # Nested closures sit under the key they read.
        for nested in [r for r in model.readers if r["parent"] is reader]:
            queue.append((nested, join(path, nested["key"]), stack))
        nested_keys = {r["key"] for r in model.readers if r["parent"] is reader}
        for key in keys:
            written = model.key_type(reader, key)
            if written is None:
                continue
            kind, base = norm_type(written)
            place = join(path, key) + ("[]" if kind == "array" else "")
            if base in object_types and key not in nested_keys:
                if base in stack:
                    cycles.append(f"{place} ({base} inside itself)")
                    continue
                queue.append((model.top_reader(base), place, stack + (base,)))
            check_value(schema, model, places, join(path, key), kind, base, where, problems, key in nested_keys)
    for reader in model.readers:
        if id(reader) not in located:
            problems.add(f"{rel(reader['file'])}: the object reader of {reader['owner']} (keys {', '.join(model.keys(reader))}) has no place in the schema that this script can find")
    # Every schema object is one the reader reads.
    reader_paths = {p for paths in located.values() for p in paths}
    for path, nodes in places.items():
        if any(is_object_alternative(n) and n.get("properties") for n in nodes) and path not in reader_paths:
            problems.add(f"{LABEL}: {path or '(root)'}: an object in the schema that no reader object reads")
    # Cross-check: the union of all keys.
    all_reader = {k for r in model.readers for k in model.keys(r)}
    all_schema = {k for nodes in places.values() for n in nodes if is_object_alternative(n) for k in n.get("properties", {})}
    for key in sorted(all_reader - all_schema):
        problems.add(f"{LABEL}: the reader accepts a key {key!r} that is nowhere in the schema")
    for key in sorted(all_schema - all_reader):
        problems.add(f"{LABEL}: the schema has a key {key!r} that the reader accepts nowhere")
    # Word lists that are not SpecEnums.
    if presets:
        for place in ("device", "device.preset"):
            found = values_at(places.get(place, []), "string")
            if found != set(presets):
                problems.add(f"{LABEL}: {place}: presets differ from `tabanim presets`: missing {sorted(set(presets) - found)}, unknown {sorted(found - set(presets))}")
    names = uikit_color_names(model)
    for reader in model.readers:
        if reader["owner"] == "StyledColor" and reader["parent"] is None:
            for path in located.get(id(reader), []):
                for place in (path, join(path, "light"), join(path, "dark")):
                    found = values_at(places.get(place, []), "string")
                    if names and found != set(names):
                        problems.add(f"{LABEL}: {place}: colour names differ from UIKitColor's: missing {sorted(set(names) - found)}, unknown {sorted(found - set(names))}")
    if verbose:
        print(f"  {compared} objects compared; not followed: {', '.join(cycles) or 'none'}")
    return compared


def check_value(schema, model, places, place, kind, base, where, problems, object_form=False):
    """Compares the JSON types and word lists the schema allows at place with the Swift type the reader
    reads there (object_form: a closure nested in the reader reads an object there too)."""
    nodes = places.get(place, [])
    types = types_at(nodes)
    if kind == "array":
        if types != {"array"}:
            problems.add(f"{LABEL}: {place}: the reader ({where}) reads an array; the schema allows {sorted(types)}")
        place, nodes = place + "[]", places.get(place + "[]", [])
        types = types_at(nodes)
    simple = {"Double": {"number"}, "Int": {"integer"}, "Bool": {"boolean"}, "String": {"string"}}
    if base in simple:
        want = simple[base] | ({"object"} if object_form else set())
        ok = types == want or (base == "Double" and types == {"number", "integer"})
        if not ok:
            problems.add(f"{LABEL}: {place}: the reader ({where}) reads {base}{' or an object' if object_form else ''}; the schema allows {sorted(types) or 'anything'}")
    enums = [base] if base in model.enums else model.enum_read_in(base)
    for enum in enums:
        found = values_at(nodes, "string")
        want = set(model.enums[enum])
        if found != want:
            problems.add(f"{LABEL}: {place}: {enum} is {sorted(want)}; the schema has {sorted(found)}")
    if base == "OSVersion":
        src = model.files[os.path.join(ROOT, SPEC_DIR, "OSVersion.swift")][0]
        m = re.search(r"static let known\s*=\s*\[([^\]]*)\]", src)
        known = {int(x) for x in re.findall(r"\d+", m.group(1))} if m else set()
        found = {int(v) for v in values_at(nodes, "integer")}
        if found != known:
            problems.add(f"{LABEL}: {place}: OSVersion.known is {sorted(known)}; the schema's numbers are {sorted(found)}")
        patterns = [n["pattern"] for n in nodes if "pattern" in n]
        for major in range(1, 40):
            for text in (str(major), f"iOS {major}", f"iPadOS {major}"):
                matched = any(re.search(p, text) for p in patterns)
                if matched != (major in known):
                    problems.add(f"{LABEL}: {place}: the pattern {'accepts' if matched else 'refuses'} {text!r}; the reader {'refuses' if matched else 'accepts'} it")


def uikit_color_names(model):
    for path, (src, _) in model.files.items():
        if path.endswith("UIKitColor.swift"):
            m = re.search(r"entries\s*:\s*\[[^\]]*\]\s*=\s*\[", src)
            if m:
                return re.findall(r'\(\s*"(\w+)"\s*,', src[m.end():])
    return []


# ---------------------------------------------------------------------------------------------------------
# Part 1: scenes

READER_TOP_KEYS = set()


def is_scene(value, path=""):
    if not isinstance(value, dict):
        return False
    if path and (os.path.basename(path) in ("Contents.json", "manifest.json") or path.endswith(".xcstrings")
                 or rel(path) == SCHEMA):
        return False
    if "layers" in value or len({"v", "fr", "ip", "op", "w", "h"} & set(value)) >= 3:
        return False
    return "tabBar" in value or "version" in value or bool(READER_TOP_KEYS & set(value))


def first_error(validator, value):
    errors = sorted(validator.iter_errors(value), key=lambda e: (len(e.absolute_path), list(map(str, e.absolute_path))))
    if not errors:
        return None
    e = errors[0]
    best = e
    if e.context:  # a oneOf: the deepest reason
        best = max(e.context, key=lambda c: len(c.absolute_path))
    return f"{best.json_path}: {best.message[:160]}"


def check_files(validator, problems, verbose):
    patterns = ["Assets/**/*.json", "Tests/Fixtures/**/*.json", "bench/scenes/*.json"]
    files = sorted({os.path.join(ROOT, f) for p in patterns for f in glob.glob(p, root_dir=ROOT, recursive=True)})
    counted = {"valid": 0, "rejected": 0, "skipped": 0}
    for path in files:
        r = rel(path)
        if r == SCHEMA or "/." in r:
            continue
        expectation = EXPECTED_FAILURES.get(r)
        if expectation and expectation[0] == "skip":
            counted["skipped"] += 1
            continue
        try:
            value = load_json_file(path)
        except (ValueError, UnicodeDecodeError) as e:
            if os.path.basename(path) == "scene.json" or r.startswith("bench/scenes/"):
                problems.add(f"{r}: not JSON as tabanim reads it ({e})")
            continue
        if r.startswith("Tests/Fixtures/hostile/") and os.path.basename(path) == "scene.json" and not expectation:
            problems.add(f"{r}: a hostile case (tabanim must refuse it) not listed in EXPECTED_FAILURES in {rel(__file__)}")
            continue
        if not (expectation or is_scene(value, path)):
            continue
        error = first_error(validator, value)
        if expectation:
            if error is None:
                problems.add(f"{r}: the tests expect tabanim to refuse it ({expectation[1]}), but the schema accepts it")
            else:
                counted["rejected"] += 1
                if verbose:
                    print(f"  rejected as expected: {r}: {error}")
        elif error:
            problems.add(f"{r}: {error}")
        else:
            counted["valid"] += 1
    for r in sorted(EXPECTED_FAILURES):
        if not os.path.exists(os.path.join(ROOT, r)):
            problems.add(f"{rel(__file__)}: EXPECTED_FAILURES names {r}, which does not exist")
    return counted


def check_docs(validator, problems):
    count = 0
    docs = ["README.md"] + sorted(glob.glob("docs/**/*.md", root_dir=ROOT, recursive=True))
    for doc in docs:
        with open(os.path.join(ROOT, doc), encoding="utf-8") as f:
            text = f.read()
        for m in re.finditer(r"^```json[ \t]*\n(.*?)\n```", text, re.S | re.M):
            block = m.group(1)
            line = text[:m.start()].count("\n") + 1
            value, fragment = None, False
            try:
                value = load_json_text(block)
            except ValueError:
                try:
                    value, fragment = load_json_text("{" + block + "}"), True
                except ValueError:
                    continue
            if not isinstance(value, dict) or "json.schemas" in value:
                continue
            if fragment and not set(value) <= READER_TOP_KEYS:
                continue
            if not is_scene(value):
                continue
            count += 1
            error = first_error(validator, value)
            if error:
                problems.add(f"{doc}:{line}: {'fragment' if fragment else 'scene'}: {error}")
    return count


# ---------------------------------------------------------------------------------------------------------
# Part 3: the binary

def run(cmd, cwd=None, tries=3):
    """Runs the binary, retrying when it is missing for a moment (being rebuilt)."""
    for attempt in range(tries):
        try:
            return subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=120)
        except (FileNotFoundError, PermissionError, OSError):
            if attempt == tries - 1:
                raise
            time.sleep(2)


def find_binary(given):
    if given:
        return given
    for candidate in (".build/release/tabanim", ".build/debug/tabanim"):
        path = os.path.join(ROOT, candidate)
        if os.access(path, os.X_OK):
            return path
    return shutil.which("tabanim")


def presets_from(binary):
    try:
        result = run([binary, "presets", "--json"])
        return [p["name"] for p in json.loads(result.stdout)]
    except (OSError, ValueError, KeyError, subprocess.SubprocessError):
        return None


def tabanim_verdicts(binary, folder, scenes):
    """{file name: accepted?} from one `tabanim validate` run over scenes written into folder."""
    names = []
    for i, scene in enumerate(scenes):
        name = f"probe-{i:03}.json"
        with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
            json.dump(scene, f, ensure_ascii=False)
        names.append(name)
    result = run([binary, "validate", "--quiet"] + names, cwd=folder)
    refused = set()
    for line in result.stderr.splitlines():
        m = re.match(r"Error: (probe-\d{3}\.json)[:\s]", line)
        if m:
            refused.add(m.group(1))
    if result.returncode not in (0, 1) or (result.returncode == 1) != bool(refused):
        raise RuntimeError(f"tabanim validate exited {result.returncode}: {result.stderr.strip()[:300]}")
    summary = re.search(r"(\d+) of (\d+) scenes? ha(?:ve|s) problems", result.stderr)
    if summary and int(summary.group(1)) != len(refused):
        raise RuntimeError(f"tabanim validate counts {summary.group(1)} scenes with problems; this script found {len(refused)}")
    for name in names:
        os.remove(os.path.join(folder, name))
    return [name not in refused for name in names]


def check_binary(binary, validator, problems, verbose):
    with tempfile.TemporaryDirectory(prefix="tabanim-schema-") as tmp:
        starter = os.path.join(tmp, "starter")
        result = run([binary, "init", starter])
        scene = os.path.join(starter, "scene.json")
        if result.returncode != 0 or not os.path.exists(scene):
            problems.add(f"tabanim init: exit {result.returncode}: {result.stderr.strip()[:200]}")
            return 0
        error = first_error(validator, load_json_file(scene))
        if error:
            problems.add(f"tabanim init's scene.json: {error}")
        scenes = [p[0] for p in PROBES] + [q[0] for q in READER_QUIRKS]
        verdicts = tabanim_verdicts(binary, starter, scenes)
        for (scene, want), said in zip(PROBES, verdicts[:len(PROBES)]):
            schema_says = first_error(validator, scene)
            text = json.dumps(scene, ensure_ascii=False)
            if said != want:
                problems.add(f"probe {text}: tabanim {'accepts' if said else 'refuses'} it; expected {'acceptance' if want else 'refusal'}")
            if (schema_says is None) != want:
                problems.add(f"probe {text}: the schema {'accepts' if schema_says is None else 'refuses'} it ({schema_says or 'valid'}); expected {'acceptance' if want else 'refusal'}")
        for (scene, why), said in zip(READER_QUIRKS, verdicts[len(PROBES):]):
            text = json.dumps(scene, ensure_ascii=False)
            if first_error(validator, scene) is None:
                problems.add(f"quirk {text}: the schema accepts it; it should refuse it ({why})")
            if not said and verbose:
                print(f"  reader quirk fixed, remove it from READER_QUIRKS: {text}")
        return len(PROBES) + len(READER_QUIRKS)


# ---------------------------------------------------------------------------------------------------------

def main():
    parser = argparse.ArgumentParser(
        description="Check Assets/scene.schema.json: it must accept every scene the project ships (Assets, "
                    "Tests/Fixtures, bench/scenes, the docs' examples, `tabanim init`'s starter), reject the "
                    "fixtures the tests expect tabanim to refuse for their shape, have exactly the keys "
                    "tabanim's reader (Sources/Scene/Spec) accepts at each place, with the same types and "
                    "word lists, and judge small probe scenes as `tabanim validate` does. Prints one line "
                    "per problem and exits 1 if there is any, else exits 0.",
        epilog="See the docstring at the top of this file for the details and the fixtures it skips.")
    parser.add_argument("--tabanim", metavar="PATH", help="the tabanim binary (default: .build/release/tabanim, else .build/debug/tabanim)")
    parser.add_argument("--no-binary", action="store_true", help="skip the checks that run tabanim (the starter scene, presets, probes)")
    parser.add_argument("--schema", metavar="PATH", default=SCHEMA, help=f"the schema to check (default: {SCHEMA})")
    parser.add_argument("-v", "--verbose", action="store_true", help="say what was compared")
    args = parser.parse_args()

    try:
        import jsonschema
        import jsonschema.validators
    except ImportError:
        print("check-schema: the Python package jsonschema is needed (pip install jsonschema)", file=sys.stderr)
        return 2

    problems = Problems()
    global LABEL
    LABEL = args.schema
    with open(os.path.join(ROOT, args.schema), encoding="utf-8") as f:
        schema = json.load(f)
    cls = jsonschema.validators.validator_for(schema)
    try:
        cls.check_schema(schema)
    except jsonschema.exceptions.SchemaError as e:
        print(f"{LABEL}: not a valid {cls.__name__} schema: {e.message}")
        return 1
    validator = cls(schema)
    check_patterns(schema, problems)

    model = SwiftModel(problems)
    root = model.top_reader("SceneSpec")
    if root:
        READER_TOP_KEYS.update(model.keys(root))
    places = schema_places(schema)

    binary = None if args.no_binary else find_binary(args.tabanim)
    if not args.no_binary and not binary:
        problems.add("tabanim: no binary (.build/release/tabanim); build it, pass --tabanim PATH, or --no-binary")
    presets = presets_from(binary) if binary else None
    if binary and presets is None:
        problems.add(f"{binary} presets --json: no preset list")
    if presets is None:
        src = model.files.get(os.path.join(ROOT, "Sources/Scene/Model/DevicePreset.swift"), ("", ""))[0]
        presets = re.findall(r'\b(?:phone|pad)\(\s*"([\w-]+)"', src) or None

    if args.verbose:
        print("reader objects:")
    compared = compare_reader(schema, model, places, presets, problems, args.verbose)
    counted = check_files(validator, problems, args.verbose)
    blocks = check_docs(validator, problems)
    probes = 0
    if binary:
        try:
            probes = check_binary(binary, validator, problems, args.verbose)
        except (OSError, RuntimeError, subprocess.SubprocessError) as e:
            problems.add(f"tabanim ({binary}): {e}")

    for line in problems.lines:
        print(line)
    if problems.lines:
        return 1
    print(f"check-schema: OK: {counted['valid']} scene files valid, {counted['rejected']} expected failures rejected, "
          f"{counted['skipped']} skipped; {blocks} doc examples; {compared} reader objects match; {probes} probes"
          + ("" if binary else " (no binary: starter and probes not checked)"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
