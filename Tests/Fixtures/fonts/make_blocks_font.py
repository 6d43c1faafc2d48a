#!/usr/bin/env python3
"""Makes TabanimBlocks.ttf, the test font of the project's own: every Latin letter and digit is a solid
block 500 units wide and 700 tall (advance 600, 1000 units per em), so a title drawn in it is easy to tell
from any real font and its ink is exact: at 10 pt, n letters are 6n - 1 pt wide and 7 pt tall.
Run with fontTools (pip install fonttools): python3 make_blocks_font.py (writes beside itself)."""
import os
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen

def block():
    pen = TTGlyphPen(None)
    pen.moveTo((50, 0)); pen.lineTo((50, 700)); pen.lineTo((550, 700)); pen.lineTo((550, 0)); pen.closePath()
    return pen.glyph()

def empty():
    return TTGlyphPen(None).glyph()

characters = [chr(c) for c in range(ord("A"), ord("Z") + 1)] + [chr(c) for c in range(ord("a"), ord("z") + 1)] + [str(d) for d in range(10)]
names = [".notdef", "space"] + ["g%04X" % ord(c) for c in characters]
fb = FontBuilder(1000, isTTF=True)
fb.setupGlyphOrder(names)
fb.setupCharacterMap({0x20: "space", **{ord(c): "g%04X" % ord(c) for c in characters}})
glyphs = {".notdef": empty(), "space": empty(), **{"g%04X" % ord(c): block() for c in characters}}
fb.setupGlyf(glyphs)
fb.setupHorizontalMetrics({name: (600, 50 if name.startswith("g") else 0) for name in names})
fb.setupHorizontalHeader(ascent=800, descent=-200)
fb.setupNameTable({"familyName": "Tabanim Blocks", "styleName": "Regular"})
fb.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200, sCapHeight=700, sxHeight=700)
fb.setupPost()
fb.save(os.path.join(os.path.dirname(os.path.abspath(__file__)), "TabanimBlocks.ttf"))
