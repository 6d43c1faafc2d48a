#!/usr/bin/env python3
"""Writes the test asset catalog, Assets.xcassets, as Xcode lays one out (Apple, "Asset Catalog Format
Reference"): each picture of distinct content, so a test can tell which file was drawn.

    python3 Tests/Fixtures/catalog/make.py

- scaled.imageset: PNGs @2x (red square) and @3x (green), and dark-appearance @2x (yellow) and @3x (blue);
  "template-rendering-intent": "original", so the colours show.
- Tabs/ (a namespace, "provides-namespace": true) vector.imageset: a single-scale PDF of one page,
  24 × 24 pt with a 16 × 16 pt square at its centre, drawn by cairo's PDF surface (libcairo through ctypes).
- small.symbolset: a variable template, its S variants only (Ultralight-S, Regular-S, Black-S), from which
  Regular-M is derived (Regular-S grown by 1 / 0.783 about the cap height's centre).
- Nested/ (no namespace) pin.symbolset: pin.svg, a custom symbol template written by hand in the SF Symbols
  app's format: guides for S, M and L, margins for Regular-M, and Regular-S, Regular-M and Black-S
  variants. Regular-M is a square filling its alignment rectangle (margins × cap line to baseline) with a
  stem below the baseline, so that placing it by its ink box and by its baseline differ by 3.3 pt.
"""
import ctypes
import ctypes.util
import json
import os
import shutil
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
CATALOG = os.path.join(HERE, "Assets.xcassets")


def png(side, rgb):
    def chunk(kind, data):
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b''.join(b'\x00' + bytes(rgb) * side for _ in range(side))
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', side, side, 8, 2, 0, 0, 0))
            + chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b''))


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'wb') as f:
        f.write(data if isinstance(data, bytes) else data.encode())


def contents(path, value):
    write(os.path.join(path, "Contents.json"), json.dumps(value, indent=2) + "\n")


def pdf(path):
    cairo = ctypes.CDLL(ctypes.util.find_library("cairo"))
    cairo.cairo_pdf_surface_create.restype = ctypes.c_void_p
    cairo.cairo_pdf_surface_create.argtypes = [ctypes.c_char_p, ctypes.c_double, ctypes.c_double]
    cairo.cairo_create.restype = ctypes.c_void_p
    cairo.cairo_create.argtypes = [ctypes.c_void_p]
    for name in ["cairo_destroy", "cairo_surface_destroy", "cairo_surface_finish", "cairo_fill"]:
        getattr(cairo, name).argtypes = [ctypes.c_void_p]
    cairo.cairo_rectangle.argtypes = [ctypes.c_void_p] + [ctypes.c_double] * 4
    cairo.cairo_set_source_rgb.argtypes = [ctypes.c_void_p] + [ctypes.c_double] * 3
    surface = cairo.cairo_pdf_surface_create(path.encode(), 24.0, 24.0)
    cr = cairo.cairo_create(surface)
    cairo.cairo_set_source_rgb(cr, 0.0, 0.0, 0.0)
    cairo.cairo_rectangle(cr, 4.0, 4.0, 16.0, 16.0)
    cairo.cairo_fill(cr)
    cairo.cairo_destroy(cr)
    cairo.cairo_surface_finish(surface)
    cairo.cairo_surface_destroy(surface)


# Guides as the SF Symbols app writes them (template version 4, 3300 × 2200 at 100 pt: cap height 70.459).
GUIDE = 'style="fill:none;stroke:#27AAE1;opacity:1;stroke-width:0.5;"'
TEMPLATE = f'''<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg version="1.1" xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="3300" height="2200">
 <!--glyph: "pin", point size: 100.0, template writer version: "tabanim test, by hand"-->
 <g id="Notes">
  <rect height="2200" id="artboard" style="fill:white;opacity:1" width="3300" x="0" y="0"/>
  <text style="stroke:none;fill:black;font-family:sans-serif;font-size:13;" x="263" y="322">Weight/Scale Variations</text>
 </g>
 <g id="Guides">
  <line id="Baseline-S" {GUIDE} x1="263" x2="3036" y1="696" y2="696"/>
  <line id="Capline-S" {GUIDE} x1="263" x2="3036" y1="625.541" y2="625.541"/>
  <line id="Baseline-M" {GUIDE} x1="263" x2="3036" y1="1126" y2="1126"/>
  <line id="Capline-M" {GUIDE} x1="263" x2="3036" y1="1055.541" y2="1055.541"/>
  <line id="Baseline-L" {GUIDE} x1="263" x2="3036" y1="1556" y2="1556"/>
  <line id="Capline-L" {GUIDE} x1="263" x2="3036" y1="1485.541" y2="1485.541"/>
  <line id="left-margin-Regular-S" {GUIDE} x1="1400" x2="1400" y1="600.785" y2="720.121"/>
  <line id="right-margin-Regular-S" {GUIDE} x1="1480" x2="1480" y1="600.785" y2="720.121"/>
  <line id="left-margin-Regular-M" {GUIDE} x1="1391.3" x2="1391.3" y1="1030.79" y2="1150.12"/>
  <line id="right-margin-Regular-M" {GUIDE} x1="1491.3" x2="1491.3" y1="1030.79" y2="1150.12"/>
 </g>
 <g id="Symbols">
  <g id="Regular-S" transform="matrix(1 0 0 1 1400 696)">
   <path class="monochrome-0 multicolor-0:tintColor hierarchical-0:primary SFSymbolsPreviewWireframe" d="M0 0L80 0L80-40L0-40Z"/>
  </g>
  <g id="Black-S" transform="matrix(1 0 0 1 2700 696)">
   <path class="monochrome-0 multicolor-0:tintColor hierarchical-0:primary SFSymbolsPreviewWireframe" d="M0 0L90 0L90-70L0-70Z"/>
  </g>
  <g id="Regular-M" transform="matrix(1 0 0 1 1391.3 1126)">
   <path class="monochrome-0 multicolor-0:tintColor hierarchical-0:primary SFSymbolsPreviewWireframe" d="M0 0L100 0L100-70.459L0-70.459Z M40 0L60 0L60 30L40 30Z"/>
  </g>
 </g>
</svg>
'''


# A variable template: the S variants only (the SF Symbols app's "variable" export).
VARIABLE = TEMPLATE[:TEMPLATE.index('  <g id="Regular-M"')] + (
    '  <g id="Ultralight-S" transform="matrix(1 0 0 1 500 696)">\n   <path d="M0 0L70 0L70-30L0-30Z"/>\n  </g>\n'
    ' </g>\n</svg>\n')


def main():
    shutil.rmtree(CATALOG, ignore_errors=True)
    contents(CATALOG, {"info": {"author": "xcode", "version": 1}})
    scaled = os.path.join(CATALOG, "scaled.imageset")
    files = [("scaled@2x.png", 48, (255, 0, 0), "2x", None), ("scaled@3x.png", 72, (0, 200, 0), "3x", None),
             ("scaled-dark@2x.png", 48, (255, 220, 0), "2x", "dark"), ("scaled-dark@3x.png", 72, (0, 0, 255), "3x", "dark")]
    images = [{"idiom": "universal", "scale": "1x"}]  # an empty slot, as Xcode writes one
    for name, side, rgb, scale, dark in files:
        write(os.path.join(scaled, name), png(side, rgb))
        entry = {"filename": name, "idiom": "universal", "scale": scale}
        if dark:
            entry["appearances"] = [{"appearance": "luminosity", "value": "dark"}]
        images.append(entry)
    contents(scaled, {"images": images, "info": {"author": "xcode", "version": 1},
                      "properties": {"template-rendering-intent": "original"}})
    tabs = os.path.join(CATALOG, "Tabs")
    contents(tabs, {"info": {"author": "xcode", "version": 1}, "properties": {"provides-namespace": True}})
    vector = os.path.join(tabs, "vector.imageset")
    os.makedirs(vector, exist_ok=True)
    pdf(os.path.join(vector, "vector.pdf"))
    contents(vector, {"images": [{"filename": "vector.pdf", "idiom": "universal"}], "info": {"author": "xcode", "version": 1},
                      "properties": {"preserves-vector-representation": True, "template-rendering-intent": "template"}})
    small = os.path.join(CATALOG, "small.symbolset")
    write(os.path.join(small, "small.svg"), VARIABLE)
    contents(small, {"info": {"author": "xcode", "version": 1}, "symbols": [{"filename": "small.svg", "idiom": "universal"}]})
    nested = os.path.join(CATALOG, "Nested")
    contents(nested, {"info": {"author": "xcode", "version": 1}})
    pin = os.path.join(nested, "pin.symbolset")
    write(os.path.join(pin, "pin.svg"), TEMPLATE)
    contents(pin, {"info": {"author": "xcode", "version": 1}, "symbols": [{"filename": "pin.svg", "idiom": "universal"}]})


if __name__ == "__main__":
    main()
