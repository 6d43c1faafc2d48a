#!/usr/bin/env python3
"""Issue 48, item 6: tabanim's drawn chrome (status bar, Dynamic Island, home indicator) measured the way
../shared/UIKIT-2026.md ("Status bar", "Home indicator") measured real iOS captures, next to those numbers.

Usage: bench/chrome.py [--tabanim PATH]   (default .build/release/tabanim from the repo root; Pillow, numpy)

For each device and style it writes a small scene (classic bar, two title-only items, plain contents: white in
light, black in dark; no centre button) to a temp folder, renders the frame at t = 0 with `tabanim frame` at the
device's own scale (@3x iPhones, @2x iPad, as the captures were) and measures in points (pixels / scale):
- Coverage: each pixel's distance from the background, as a fraction of the ink's distance (summed over R, G, B,
  clipped to 0..1). Ink is black (light) / white (dark) in the status bar; the capsule's centre pixel for the
  home indicator; the background is the pixel at the screen's top-left corner / below the capsule's centre.
- Ink box: the first to last pixel (row or column) at >= 50 % coverage of the element's own ink level, so an
  anti-aliased edge counts where it is at least half covered; edges are pixel edges (left/top = first / scale,
  right/bottom = (last + 1) / scale). Ink levels: 100 % for glyphs, bars, fill and the island; the battery
  outline 40 % and its cap 50 % (UIKIT-2026.md), so their boxes are taken at 20 % and 25 %.
- Status bar (iphone-17, 402 pt, rows above 60 pt): the Dynamic Island is the >= 50 % run through the screen's
  centre (its middle row gives x, the centre column y; black on black in dark, so not measurable there) and is
  blanked; the time is all ink left of the centre ("baseline" = bottom of the digits' ink, "x" = ink centre; the
  cap top also from the flat-topped "4" and "1" alone, as the "9" overshoots); the right cluster is split into
  7 groups of columns with any pixel at >= 10 % (4 bars, Wi-Fi, battery body, cap).
  Battery fill = the >= 50 % pixels inside the body (the 40 % outline never reaches them).
- Home indicator: the run that differs from the bar's background in the centre column in the bottom 20 pt; its
  middle row gives the width, the centre column the height; colour = its centre pixel.
- iPad classic bottom bar ("iPad"): ipad-air-13 @2x, four icon + title items (lock, lock.open, person.2, gearshape);
  the items' ink groups, gaps, centres, icon–title gaps and the first title's "E" (cap height, baseline).
- Badges ("Badges"): iphone-17 @3x, classic and glass bars, badges "3", "A" and "": disc diameters, glyph heights
  and the glyph's bottom above the disc's bottom.
Prints Markdown tables: measured (or the rule) | tabanim light | difference | tabanim dark | difference."""
import argparse, json, math, os, subprocess, sys, tempfile
import numpy as np
from PIL import Image

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# UIKIT-2026.md, "Status bar", 402-pt iPhones (iOS 18/26). "(derived)" rows follow from the measured sizes.
STATUS = [
    ("time ink top (all digits)", 26.69), ("time cap top (flat tops of 4, 1)", 26.69), ("time baseline (ink bottom)", 38.67), ("time ink centre x", 74.0),
    ("bars left", 288.33), ("bars right", 307.67), ("bars bottom", 38.67), ("bar width", 3.33),
    ("bar pitch", 5.33), ("bar heights 1", 4.67), ("bar heights 2", 7.0), ("bar heights 3", 9.67),
    ("bar heights 4 (tallest)", 12.33),
    ("Wi-Fi left", 315.16), ("Wi-Fi right", 331.84), ("Wi-Fi width", 16.67), ("Wi-Fi height", 12.3),
    ("Wi-Fi bottom", 38.67),
    ("battery body left", 339.33), ("battery body right", 364.33), ("battery body width", 25.0),
    ("battery body height", 13.0), ("battery body top (derived: centre 32.5)", 26.0),
    ("battery body bottom (baseline + 0.33)", 39.0), ("battery outline ink %", 40),
    ("battery fill width", 21.0), ("battery fill height", 9.0), ("battery fill left (derived: 2 pt in)", 341.33),
    ("battery fill top (derived: 2 pt in)", 28.0),
    ("cap left (derived: 1 pt after)", 365.33), ("cap width", 1.33), ("cap height", 4.0),
    ("cap centre y (derived: centre line)", 32.5), ("cap ink %", 50), ("cap end to right edge", 35.33),
    ("island left", 138.25), ("island right", 263.75), ("island top", 13.92), ("island bottom", 50.75),
    ("island width", 125.5), ("island height", 36.83)]
HOME = [("iphone-15", 393, 3), ("iphone-17", 402, 3), ("iphone-17-pro-max", 440, 3), ("ipad-air-13", 1024, 2)]

def render(tabanim, folder, device, style, scale, tab_bar=None, name=None):
    bg = "#FFFFFF" if style == "light" else "#000000"
    tab_bar = tab_bar or {"items": [{"title": "A"}, {"title": "B"}]}
    scene = {"device": device, "interfaceStyle": style, "export": {"scale": scale}, "centerButton": None,
             "tabBar": tab_bar, "contents": [{"color": bg, "rows": 0} for _ in tab_bar["items"]]}
    path = os.path.join(folder, f"{name or device}-{style}.json")
    with open(path, "w") as f: json.dump(scene, f)
    png = path[:-5] + ".png"
    subprocess.run([tabanim, "frame", path, "--at", "0", "-o", png, "--scale", str(scale), "-q"], check=True)
    return np.asarray(Image.open(png).convert("RGB"), dtype=float)

def coverage(img, bg, ink):
    bg, ink = np.asarray(bg, float), np.asarray(ink, float)
    return np.clip(np.abs(img - bg).sum(axis=-1) / max(np.abs(ink - bg).sum(), 1), 0, 1)

def runs(flags):
    """(start, end) of each run of True, end exclusive."""
    f = np.concatenate([[False], flags, [False]]).astype(int)
    d = np.flatnonzero(np.diff(f))
    return list(zip(d[::2], d[1::2]))

def box(mask, s, x0=0):
    ys, xs = np.nonzero(mask)
    if len(xs) == 0: return None
    return dict(left=(xs.min() + x0) / s, right=(xs.max() + x0 + 1) / s, top=ys.min() / s, bottom=(ys.max() + 1) / s)

def status_bar(img, s, style):
    top = img[: int(60 * s)]
    a = coverage(top, top[0, 0], (0, 0, 0) if style == "light" else (255, 255, 255))
    w = a.shape[1]; cx = w // 2; m = {}
    ys = [r for r in runs(a[:, cx] >= .5)]
    if ys:  # the island: black over a light background only
        y0, y1 = ys[0]; yc = (y0 + y1) // 2
        x0, x1 = next(r for r in runs(a[yc] >= .5) if r[0] <= cx < r[1])
        m.update({"island left": x0 / s, "island right": x1 / s, "island top": y0 / s, "island bottom": y1 / s,
                  "island width": (x1 - x0) / s, "island height": (y1 - y0) / s})
        a = a.copy(); a[max(y0 - 3, 0): y1 + 3, max(x0 - 3, 0): x1 + 3] = 0
    t = box(a[:, :cx] >= .5, s)
    digits = runs((a[:, :cx] >= .1).any(axis=0))  # 9 : 4 1
    m.update({"time ink top (all digits)": t["top"], "time baseline (ink bottom)": t["bottom"],
              "time cap top (flat tops of 4, 1)": min(box(a[:, x0:x1] >= .5, s)["top"] for x0, x1 in digits[-2:]),
              "time ink centre x": (t["left"] + t["right"]) / 2})
    groups = [(x0 + cx, x1 + cx) for x0, x1 in runs((a[:, cx:] >= .1).any(axis=0))]
    if len(groups) != 7: sys.exit(f"expected 7 ink groups right of the centre (4 bars, Wi-Fi, body, cap), got {len(groups)}")
    bars = [box(a[:, x0:x1] >= .5, s, x0) for x0, x1 in groups[:4]]
    m.update({"bars left": bars[0]["left"], "bars right": bars[-1]["right"], "bars bottom": max(b["bottom"] for b in bars),
              "bar width": np.mean([b["right"] - b["left"] for b in bars]),
              "bar pitch": (bars[-1]["left"] - bars[0]["left"]) / 3})
    for i, b in enumerate(bars):
        m[f"bar heights {i + 1}" + (" (tallest)" if i == 3 else "")] = b["bottom"] - b["top"]
    x0, x1 = groups[4]; wf = box(a[:, x0:x1] >= .5, s, x0)
    m.update({"Wi-Fi left": wf["left"], "Wi-Fi right": wf["right"], "Wi-Fi width": wf["right"] - wf["left"],
              "Wi-Fi height": wf["bottom"] - wf["top"], "Wi-Fi bottom": wf["bottom"]})
    x0, x1 = groups[5]; body = a[:, x0:x1]
    ob, fb = box(body >= .2, s, x0), box(body >= .5, s, x0)
    yc = int((ob["top"] + ob["bottom"]) / 2 * s)
    m.update({"battery body left": ob["left"], "battery body right": ob["right"],
              "battery body width": ob["right"] - ob["left"], "battery body height": ob["bottom"] - ob["top"],
              "battery body top (derived: centre 32.5)": ob["top"], "battery body bottom (baseline + 0.33)": ob["bottom"],
              "battery outline ink %": 100 * body[yc, : int(s)].max(),
              "battery fill width": fb["right"] - fb["left"], "battery fill height": fb["bottom"] - fb["top"],
              "battery fill left (derived: 2 pt in)": fb["left"], "battery fill top (derived: 2 pt in)": fb["top"]})
    x0, x1 = groups[6]; cap = a[:, x0:x1]; level = cap.max(); cb = box(cap >= level / 2, s, x0)
    m.update({"cap left (derived: 1 pt after)": cb["left"], "cap width": cb["right"] - cb["left"],
              "cap height": cb["bottom"] - cb["top"], "cap centre y (derived: centre line)": (cb["top"] + cb["bottom"]) / 2,
              "cap ink %": 100 * level, "cap end to right edge": w / s - cb["right"]})
    return m

def home_indicator(img, s):
    h, w = img.shape[:2]; cx = w // 2; lo = h - int(20 * s)
    bg = img[h - 1, cx]
    differs = np.abs(img[lo:, cx] - bg).sum(axis=-1) > 30
    y0, y1 = runs(differs)[-1]; yc = lo + (y0 + y1) // 2
    colour = img[yc, cx]
    a = coverage(img, bg, colour)
    ys = next(r for r in runs(a[lo:, cx] >= .5) if r[0] <= yc - lo < r[1])
    xs = next(r for r in runs(a[yc] >= .5) if r[0] <= cx < r[1])
    return dict(width=(xs[1] - xs[0]) / s, height=(ys[1] - ys[0]) / s, gap=(h - lo - ys[1]) / s,
                colour=tuple(int(c) for c in colour))

# UIKIT-2026.md, "iPad": iPadOS 14 classic bottom bar, 1024-pt portrait iPad, four items with SF Symbols.
IPAD_BAR = {"style": "classic", "items": [
    {"title": "Encryption", "icon": {"systemImage": "lock"}}, {"title": "Decryption", "icon": {"systemImage": "lock.open"}},
    {"title": "Keychain", "icon": {"systemImage": "person.2"}}, {"title": "Settings", "icon": {"systemImage": "gearshape"}}]}
IPAD = [("ink width 1 (Encryption)", 88.0), ("ink width 2 (Decryption)", 96.0), ("ink width 3 (Keychain)", 91.0),
        ("ink width 4 (Settings)", 81.0), ("gap 1–2", 131.5), ("gap 2–3", 132.5), ("gap 3–4", 133.0),
        ("centre 1", 180.5), ("centre 2", 404.0), ("centre 3", 630.0), ("centre 4", 849.0),
        ("first ink left (derived)", 136.5), ("last ink right (derived)", 889.5),
        ("whole group centre (fit)", 512.6),
        ("icon–title gap 1", "8–10.5"), ("icon–title gap 2", "8–10.5"), ("icon–title gap 3", "8–10.5"),
        ("icon–title gap 4", "8–10.5")]
# Not measured at 13 pt: the titles' SF Pro ink at 10 pt ("Type", iOS 14 classic bar, same titles) scaled to 13 pt
# with SF's tracking taken off and put back (+0.12 pt per letter gap at 10 pt, -0.078 at 13 pt; SFTracking.swift),
# and the icon as what is left of the group's measured width after the title and the 8–10.5 pt gap (inference).
for _i, (_t, _w10, _g) in enumerate((("Encryption", 51.67, 88), ("Decryption", 53.0, 96), ("Keychain", 43.0, 91),
                                     ("Settings", 40.0, 81))):
    _w13 = (_w10 - 0.12 * (len(_t) - 1)) * 1.3 - 0.078 * (len(_t) - 1)
    IPAD += [(f"title ink width {_i + 1} (derived: 10-pt ink × 1.3)", round(_w13, 2)),
             (f"icon ink width {_i + 1} (derived: group − title − gap)", f"{_g - _w13 - 10.5:.1f}–{_g - _w13 - 8:.1f}")]
IPAD += [
        ("title cap height (\"E\", 13 pt × 0.705)", 9.17), ("title baseline below the bar's top (\"E\")", 30.9)]

def ipad_bar(img, s):
    """Ink groups in the items' rows (top 45 pt of the bottom 65 pt). Coverage = distance from the bar's background
    (its pixel at x = 2 pt, mid-row) over each group's own maximum; columns with any pixel >= 10 % are clustered into
    groups where the gap is over 40 pt; each group's box at >= 50 %. Inside a group the widest gap of columns at
    >= 10 % splits the icon from the title; the title's first run of columns is the "E" (flat top, on the baseline)."""
    h = img.shape[0]; top = h - int(round(65 * s)); rows = img[top: top + int(round(45 * s))]
    d = np.abs(rows - rows[rows.shape[0] // 2, int(2 * s)]).sum(axis=-1)
    cols = runs((d >= 0.1 * d.max()).any(axis=0))
    groups = [list(cols[0])]
    for x0, x1 in cols[1:]:
        if x0 - groups[-1][1] > 40 * s: groups.append([x0, x1])
        else: groups[-1][1] = x1
    if len(groups) != 4: sys.exit(f"iPad bar: expected 4 ink groups, got {len(groups)}")
    m, boxes = {}, []
    for i, (x0, x1) in enumerate(groups):
        a = d[:, x0:x1] / d[:, x0:x1].max()
        boxes.append(box(a >= .5, s, x0))
        parts = runs((a >= .1).any(axis=0))
        k = max(range(1, len(parts)), key=lambda j: parts[j][0] - parts[j - 1][1])  # icon | title
        icon, title = box(a[:, : parts[k - 1][1]] >= .5, s, x0), box(a[:, parts[k][0]:] >= .5, s, x0 + parts[k][0])
        m[f"icon–title gap {i + 1}"] = title["left"] - icon["right"]
        m[f"title ink width {i + 1} (derived: 10-pt ink × 1.3)"] = title["right"] - title["left"]
        m[f"icon ink width {i + 1} (derived: group − title − gap)"] = icon["right"] - icon["left"]
        if i == 0:
            e0, e1 = parts[k]; e = box(a[:, e0:e1] >= .5, s, x0 + e0)
            m["title cap height (\"E\", 13 pt × 0.705)"] = e["bottom"] - e["top"]
            m["title baseline below the bar's top (\"E\")"] = e["bottom"]
    names = ["Encryption", "Decryption", "Keychain", "Settings"]
    for i, b in enumerate(boxes):
        m[f"ink width {i + 1} ({names[i]})"] = b["right"] - b["left"]
        m[f"centre {i + 1}"] = (b["left"] + b["right"]) / 2
        if i: m[f"gap {i}–{i + 1}"] = b["left"] - boxes[i - 1]["right"]
    m.update({"first ink left (derived)": boxes[0]["left"], "last ink right (derived)": boxes[-1]["right"],
              "whole group centre (fit)": (boxes[0]["left"] + boxes[-1]["right"]) / 2})
    return m

# UIKIT-2026.md, "Badges": classic (iOS 17.5/18.5) and glass (iOS 26.2) references per badge text.
BADGE_ITEMS = [{"title": "A", "badge": "3"}, {"title": "B", "badge": "A"}, {"title": "C", "badge": ""}]
BADGE_REF = {"classic": dict(disc={"3": 18.0, "A": 18.0, "": 18.0}, glyph=9.33, gap=4.67),
             "glass": dict(disc={"3": 18.0, "A": 18.33, "": 18.0}, glyph=8.67, gap=5.0)}

def badges(img, s):
    """Each badge disc: redness = R - (G + B) / 2, as a fraction of the disc's own (its maximum); the discs are the
    column runs of pixels at >= 50 %, their boxes the diameters. The glyph: inside the disc's circle less 2 px,
    whiteness = how far (G + B) / 2 has gone from the disc colour's towards 255; its box at >= 50 %."""
    red = img[..., 0] - (img[..., 1] + img[..., 2]) / 2
    disc = red >= .5 * red.max()
    out = []
    for x0, x1 in runs(disc.any(axis=0)):
        ys = runs(disc[:, x0:x1].any(axis=1)); y0, y1 = ys[0]
        b = box(disc[y0:y1, x0:x1], s, x0); b["top"] += y0 / s; b["bottom"] += y0 / s
        sub = img[y0:y1, x0:x1]; rs = red[y0:y1, x0:x1]
        gb = np.median(((sub[..., 1] + sub[..., 2]) / 2)[rs >= .95 * rs.max()])
        white = ((sub[..., 1] + sub[..., 2]) / 2 - gb) / (255 - gb)
        yy, xx = np.mgrid[0:y1 - y0, 0:x1 - x0]
        inside = np.hypot(yy + .5 - (y1 - y0) / 2, xx + .5 - (x1 - x0) / 2) <= (x1 - x0) / 2 - 2
        g = box((white >= .5) & inside, s)
        out.append(dict(width=b["right"] - b["left"], height=b["bottom"] - b["top"],
                        glyph=None if g is None else g["bottom"] - g["top"],
                        gap=None if g is None else (y1 - y0) / s - g["bottom"]))
    if len(out) != 3: sys.exit(f"badges: expected 3 discs, got {len(out)}")
    return out

def fmt(v): return "—" if v is None else v if isinstance(v, str) else (f"{v:.0f}" if isinstance(v, int) else f"{v:.2f}")
def diff(v, ref):
    if v is None or ref is None: return "—"
    if isinstance(ref, str):  # a measured range "lo–hi"
        lo, hi = map(float, ref.split("–")); return "in range" if lo - 0.5 <= v <= hi + 0.5 else "**outside**"
    d = round(v - ref, 2) + 0.0
    return ("**%+.2f**" if abs(d) > 0.5 else "%+.2f") % d

def main():
    p = argparse.ArgumentParser(usage="bench/chrome.py [--tabanim PATH]", description=__doc__.split("\n")[0])
    p.add_argument("--tabanim", default=os.path.join(REPO, ".build/release/tabanim"))
    tabanim = os.path.abspath(p.parse_args().tabanim)
    with tempfile.TemporaryDirectory() as folder:
        sb = {st: status_bar(render(tabanim, folder, "iphone-17", st, 3), 3, st) for st in ("light", "dark")}
        hi = {(d, st): home_indicator(render(tabanim, folder, d, st, s), s) for d, _, s in HOME for st in ("light", "dark")}
        ipb = {st: ipad_bar(render(tabanim, folder, "ipad-air-13", st, 2, IPAD_BAR, "ipad-bar"), 2) for st in ("light", "dark")}
        bd = {(k, st): badges(render(tabanim, folder, "iphone-17", st, 3, {"style": k, "items": BADGE_ITEMS}, f"badges-{k}"), 3)
              for k in BADGE_REF for st in ("light", "dark")}
    def table(title, refs, measured):
        print(f"| {title} | tabanim light | Δ | tabanim dark | Δ |")
        print("|---|---:|---:|---:|---:|---:|")
        for name, ref in refs:
            l, d = measured["light"].get(name), measured["dark"].get(name)
            print(f"| {name} | {fmt(ref)} | {fmt(l)} | {diff(l, ref)} | {fmt(d)} | {diff(d, ref)} |")

    table("Status bar, iphone-17 (402 pt), pt | measured", STATUS, sb)
    print("\n| Home indicator | rule / measured | tabanim light | Δ | tabanim dark | Δ |")
    print("|---|---:|---:|---:|---:|---:|")
    for dev, width, s in HOME:
        ipad = dev.startswith("ipad")
        refs = dict(width=315.0 if ipad else float(math.floor(0.3575 * width + 0.5)), height=5.5 if ipad else 5.0,
                    gap=7.5 if ipad else 8.0)
        for k, label in (("width", "width"), ("height", "height"), ("gap", "bottom gap")):
            l, d = hi[(dev, "light")][k], hi[(dev, "dark")][k]
            print(f"| {dev} ({width} pt @{s}x) {label} | {fmt(refs[k])} | {fmt(l)} | {diff(l, refs[k])} | {fmt(d)} | {diff(d, refs[k])} |")
        cl, cd = hi[(dev, "light")]["colour"], hi[(dev, "dark")]["colour"]
        print(f"| {dev} colour (light / dark classic bar) | (0,0,0) / (76,76,76) | {cl} | {'ok' if cl == (0, 0, 0) else 'differs'} "
              f"| {cd} | {'ok' if cd == (76, 76, 76) else 'differs'} |".replace(", ", ","))
    print()
    table("iPad classic bottom bar, ipad-air-13 (1024 pt @2x), pt | measured (iPadOS 14)", IPAD, ipb)
    print("\n| Badges, iphone-17 (402 pt @3x), pt | measured | tabanim light | Δ | tabanim dark | Δ |")
    print("|---|---:|---:|---:|---:|---:|")
    for k, ref in BADGE_REF.items():
        for i, text in enumerate(b["badge"] for b in BADGE_ITEMS):
            rows = [("disc width", "width", ref["disc"][text]), ("disc height", "height", ref["disc"][text])]
            if text: rows += [("glyph height", "glyph", ref["glyph"]), ("glyph bottom above disc bottom", "gap", ref["gap"])]
            for label, key, r in rows:
                l, d = bd[(k, "light")][i][key], bd[(k, "dark")][i][key]
                print(f"| {k} \"{text}\" {label} | {fmt(r)} | {fmt(l)} | {diff(l, r)} | {fmt(d)} | {diff(d, r)} |")

if __name__ == "__main__":
    main()
