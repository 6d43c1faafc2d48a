#!/usr/bin/env python3
"""Writes the hostile-input corpus: one folder per case with scene.json, the broken assets it names, and
args.txt (extra command-line words, one per line) where the case needs them. expected.txt, the exact
standard error each case must produce, is written by hand (or, after reading every line of it, from a run:
`make.py --record path/to/tabanim`); HostileCorpusTests never writes it.

    python3 Tests/Fixtures/hostile/make.py            # (re)write the cases' inputs
    python3 Tests/Fixtures/hostile/make.py --record .build/debug/tabanim   # and their expected.txt

Every case must make `tabanim export scene.json -o … -o … -o …/` exit 1 with its message, without touching
any output. Each line of cases() says what the case is about."""
import json
import os
import shutil
import struct
import subprocess
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M3 11l9-8 9 8v10H3z"/></svg>\n'
LOTTIE = {"v": "5.7.0", "fr": 10, "ip": 0, "op": 10, "w": 24, "h": 24, "layers": [
    {"ty": 4, "ip": 0, "op": 10, "st": 0, "ks": {}, "shapes": [
        {"ty": "rc", "p": {"a": 0, "k": [12, 12]}, "s": {"a": 0, "k": [12, 12]}, "r": {"a": 0, "k": 0}},
        {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}}]}]}


def png(width, height, rgb=(27, 118, 208), crc_ok=True, header_only=False):
    def chunk(kind, data, ok=True):
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', crc if ok else crc ^ 1)
    head = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0))
    if header_only:
        return head
    raw = b''.join(b'\x00' + bytes(rgb) * width for _ in range(height))
    return head + chunk(b'IDAT', zlib.compress(raw), crc_ok) + chunk(b'IEND', b'')


def items(*icons):
    """A bar of items, one per icon path (None: no icon)."""
    return {"items": [{"title": "T%d" % i, **({"icon": icon} if icon else {})} for i, icon in enumerate(icons)]}


def lottie(**changes):
    data = json.loads(json.dumps(LOTTIE))
    data.update(changes)
    return json.dumps(data)


def pdf_without_pages():
    """A well-formed PDF whose page tree is empty (/Count 0): it opens, and has no page to draw."""
    objects = ["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>"]
    out, offsets = "%PDF-1.4\n", []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += "%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += "xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1) + "".join("%010d 00000 n \n" % o for o in offsets)
    return out + "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)


GUIDES = ('<g id="Guides"><line id="Baseline-M" x1="263" x2="3036" y1="1126" y2="1126"/>'
          '<line id="Capline-M" x1="263" x2="3036" y1="1055.541" y2="1055.541"/>'
          '<line id="left-margin-Regular-M" x1="1391" x2="1391" y1="1030" y2="1150"/>'
          '<line id="right-margin-Regular-M" x1="1491" x2="1491" y1="1030" y2="1150"/></g>')


def template(guides, variants):
    return ('<svg version="1.1" xmlns="http://www.w3.org/2000/svg" width="3300" height="2200">' + guides + '<g id="Symbols">'
            + "".join('<g id="%s" transform="matrix(1 0 0 1 1391 1126)"><path d="M0 0L100 0L100-70L0-70Z"/></g>' % v for v in variants)
            + '</g></svg>\n')


def catalog(**sets):
    """An asset catalog App/Assets.xcassets with the given sets: name.kind → {file: content}."""
    files = {"App/Assets.xcassets/Contents.json": '{"info": {"author": "xcode", "version": 1}}\n'}
    for name, content in sets.items():
        for file, data in content.items():
            files["App/Assets.xcassets/%s/%s" % (name.replace("__", "."), file)] = data
    return files


def image_set(filename, data):
    return {"Contents.json": json.dumps({"images": [{"filename": filename, "idiom": "universal"}]}), filename: data}


def symbol_set(data):
    return {"Contents.json": json.dumps({"symbols": [{"filename": "icon.svg", "idiom": "universal"}]}), "icon.svg": data}


def cases():
    one = lambda path: {"tabBar": items(path, None, None)}
    anim = lambda path: {"tabBar": {"items": [{"title": "A", "animation": path}, {"title": "B"}, {"title": "C"}]},
                         "script": [{"at": 0.2, "tap": 0}]}
    deep = '{"script": ' + '[' * 100 + ']' * 100 + '}'
    laughs = '<?xml version="1.0"?>\n<!DOCTYPE svg [\n<!ENTITY a "aaaaaaaaaa">\n' + ''.join(
        '<!ENTITY %s "%s">\n' % (chr(98 + i), ('&%s;' % chr(97 + i)) * 10) for i in range(8)) + \
        ']>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><text>&i;</text></svg>\n'
    use_bomb = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><defs><rect id="a0" width="1" height="1"/>' + \
        ''.join('<g id="a%d"><use href="#a%d"/><use href="#a%d"/></g>' % (i, i - 1, i - 1) for i in range(1, 30)) + \
        '</defs><use href="#a29"/></svg>\n'
    good_png = png(8, 8)
    return {
        # JSON: the file itself
        "empty-file": {"scene.json": ""},
        "binary-garbage": {"scene.json": good_png},
        "utf16-scene": {"scene.json": '{"script": []}'.encode('utf-16')},
        "invalid-utf8": {"scene.json": b'{"tabBar": {"items": [{"title": "caf\xc3\x28"}]}}'},
        "nesting-too-deep": {"scene.json": deep},
        "number-overflow": {"scene.json": '{"export": {"fps": 1e999}}'},
        "duplicate-key": {"scene.json": '{"export": {"fps": 10, "fps": 20}}'},
        "comment": {"scene.json": '{\n  // the demo\n  "script": []\n}'},
        "unterminated-string": {"scene.json": '{"tabBar": {"items": [{"title": "home}]}}'},
        "top-level-array": {"scene.json": '[{"script": []}]'},
        "scene-too-large": {"scene.json": '{"script": [' + ', '.join(['{"at": 0.5, "tap": 1}'] * 10) + ']}',
                            "args.txt": "--limit\nscene-size=100\n"},
        # Shape and values
        "wrong-types": {"scene.json": json.dumps({"export": {"fps": "30", "scale": [2]}, "tabBar": {"items": {"title": "A"}},
                                                  "script": [{"at": "1", "tap": True}, None], "statusBar": "no"})},
        "absurd-numbers": {"scene.json": json.dumps({"export": {"scale": 1e308, "fps": -1, "duration": 0, "margin": -5},
                                                     "device": {"width": 1e9, "height": 0.5, "safeAreaTop": -1},
                                                     "tabBar": {"items": [{"iconSize": 1e300}]},
                                                     "centerButton": {"size": 1e12, "spinPeriod": 0, "selects": 0}})},
        "tap-at-1e300": {"scene.json": '{"script": [{"at": 1e300, "tap": 0}]}'},
        # Control values of 1e308 were written into the SVG as 300-digit numbers.
        "curve-1e308": {"scene.json": json.dumps({"transition": {"curve": [0.3, 1e308, 0.7, -1e308]},
                                                  "tabBar": {"items": [{"title": "A", "animation": {"effect": "rotate", "curve": [0.5, 11, 0.5, 0]}},
                                                                       {"title": "B"}]}})},
        "duration-over-limit": {"scene.json": '{"export": {"duration": 500}}'},
        "too-many-frames": {"scene.json": '{"export": {"fps": 60, "duration": 120}}'},
        "too-many-taps": {"scene.json": json.dumps({"export": {"duration": 100},
                                                   "script": [{"at": i / 10, "tap": i % 5} for i in range(1001)]})},
        # Each kind of script entry is counted against its own limit and named (issue 57: 9,000 scrolls
        # were refused as "9000 taps").
        "too-many-scrolls": {"scene.json": json.dumps({"export": {"duration": 100},
                                                      "script": [{"at": i / 100, "scroll": {"by": 10 if i % 2 else -10}} for i in range(9000)]})},
        "too-many-badge-changes": {"scene.json": json.dumps({"export": {"duration": 100}, "script":
                                                            [{"at": i / 10, "badge": {"item": 1, "value": str(i)}} for i in range(1001)]
                                                            + [{"at": 0.5, "tap": 1}] * 3})},
        "too-many-taps-for-a-lower-limit": {"scene.json": json.dumps({"script": [{"at": 0.5, "tap": 1}] * 12}),
                                            "args.txt": "--limit\ntaps=10\n"},
        "frame-too-large": {"scene.json": json.dumps({"device": {"width": 2000, "height": 2000}, "export": {"scale": 4}})},
        "pixel-budget": {"scene.json": json.dumps({"export": {"scale": 4, "fps": 60, "duration": 50}})},
        "six-items": {"scene.json": json.dumps({"tabBar": {"items": [{"title": str(i)} for i in range(6)]}})},
        "bad-indices": {"scene.json": json.dumps({"tabBar": {"selectedIndex": 9}, "centerButton": {"selects": 7},
                                                  "contents": [{}] * 7, "script": [{"at": 1, "tap": 99}]})},
        # Names past Limits.nameLength (256): refused at once, the message quoting 80 characters (issue 57);
        # a 100,000-character symbol took 16 s to refuse, its did-you-mean comparing it with 373 names.
        "names-too-long": {"scene.json": json.dumps({"locale": "de-" + "x" * 300, "strings": "Localizable.xcstrings",
                                                     "tabBar": {"items": [{"title": "A", "icon": {"systemImage": "house.fill" * 10000}},
                                                                          {"title": {"key": "tab." * 1000}}]}}),
                           "Localizable.xcstrings": json.dumps({"sourceLanguage": "en", "version": "1.0", "strings": {}})},
        # An unknown key and a value of 50,000 characters: the message quotes 80 of each.
        "words-too-long": {"scene.json": json.dumps({"tabBar": {"appearance": "scrollEdge" * 5000, "tint" + "x" * 50000: 1}})},
        "unknown-keys": {"scene.json": json.dumps({"exprot": {}, "tabBar": {"itmes": [], "apperance": "scrolEdge"},
                                                   "transition": {"curve": "easeInOut"}})},
        # Assets: where they are
        "icon-missing": {"scene.json": json.dumps(one("icons/home.svg"))},
        "icon-is-a-folder": {"scene.json": json.dumps(one("icons/home.svg")), "icons/home.svg/README": "a folder\n"},
        "icon-outside-by-dotdot": {"scene.json": json.dumps(one("../outside.svg"))},
        "icon-absolute-path": {"scene.json": json.dumps(one("/etc/passwd"))},
        "icon-symlink-outside": {"scene.json": json.dumps(one("icons/evil.svg")), "icons/evil.svg": ("link", "../../outside.svg")},
        "screenshot-outside": {"scene.json": json.dumps({"contents": [{"screenshot": "../../../../Assets/demo/screens/discover.png"}]})},
        "lottie-folder-outside": {"scene.json": json.dumps({"tabBar": {"lottieFolder": "../../lottie"}})},
        "icon-wrong-type": {"scene.json": json.dumps(one("icon.gif")), "icon.gif": b"GIF89a"},
        # Assets: PNG
        "png-fake": {"scene.json": json.dumps(one("icon.png")), "icon.png": "<svg/>\n"},
        "png-truncated": {"scene.json": json.dumps(one("icon.png")), "icon.png": png(64, 64)[:60]},
        "png-bad-crc": {"scene.json": json.dumps(one("icon.png")), "icon.png": png(8, 8, crc_ok=False)},
        "png-huge-dimensions": {"scene.json": json.dumps(one("icon.png")), "icon.png": png(100000, 100000, header_only=True)},
        "png-too-large-file": {"scene.json": json.dumps(one("icon.png")), "icon.png": png(64, 64),
                               "args.txt": "--limit\nasset-size=100\n"},
        "screenshot-zero-size": {"scene.json": json.dumps({"contents": [{"screenshot": "shot.png"}]}),
                                 "shot.png": png(0, 0, header_only=True)},
        "screenshot-huge": {"scene.json": json.dumps({"contents": [{"screenshot": "shot.png"}]}),
                            "shot.png": png(5000, 5000, header_only=True)},
        # Assets: SVG
        "svg-not-xml": {"scene.json": json.dumps(one("icon.svg")), "icon.svg": "not an svg\n"},
        "svg-empty": {"scene.json": json.dumps(one("icon.svg")), "icon.svg": ""},
        "svg-external-entity": {"scene.json": json.dumps(one("icon.svg")), "icon.svg":
                                '<?xml version="1.0"?>\n<!DOCTYPE svg [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>\n'
                                '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><text>&secret;</text></svg>\n'},
        "svg-billion-laughs": {"scene.json": json.dumps(one("icon.svg")), "icon.svg": laughs},
        "svg-use-bomb": {"scene.json": json.dumps(one("icon.svg")), "icon.svg": use_bomb},
        "svg-too-many-elements": {"scene.json": json.dumps(one("icon.svg")), "args.txt": "--limit\nsvg-elements=100\n",
                                  "icon.svg": '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">'
                                  + '<rect width="1" height="1"/>' * 150 + '</svg>\n'},
        "svg-too-large-file": {"scene.json": json.dumps(one("icon.svg")), "icon.svg": ICON, "args.txt": "--limit\nasset-size=50\n"},
        # Assets: Lottie
        "lottie-not-json": {"scene.json": json.dumps(anim("anim.json")), "anim.json": "{not json"},
        "lottie-missing-fields": {"scene.json": json.dumps(anim("anim.json")), "anim.json": '{"v": "5.7.0", "layers": []}'},
        "lottie-huge-canvas": {"scene.json": json.dumps(anim("anim.json")), "anim.json": lottie(w=100000, h=100000)},
        "lottie-too-many-frames": {"scene.json": json.dumps(anim("anim.json")), "anim.json": lottie(op=100000)},
        "lottie-op-1e300": {"scene.json": json.dumps(anim("anim.json")), "anim.json": lottie(op=1e300)},
        "lottie-zero-frame-rate": {"scene.json": json.dumps(anim("anim.json")), "anim.json": lottie(fr=1e-300)},
        "lottie-external-image": {"scene.json": json.dumps(anim("anim.json")), "anim.json": lottie(
            assets=[{"id": "image_0", "w": 8, "h": 8, "u": "/etc/", "p": "passwd", "e": 0}])},
        "lottie-deep-nesting": {"scene.json": json.dumps(anim("anim.json")),
                                "anim.json": lottie()[:-1] + ', "x": ' + '[' * 300 + ']' * 300 + '}'},
        "lottie-layers-not-an-array": {"scene.json": json.dumps(anim("anim.json")), "anim.json": lottie(layers="none")},
        "lottie-coordinates-out-of-range": {"scene.json": json.dumps(anim("anim.json")),
                        # 30 ellipses a billion points wide: past the engine's bound on a coordinate
                        "anim.json": json.dumps(dict(LOTTIE, layers=[dict(LOTTIE["layers"][0], shapes=[
                            {"ty": "el", "p": {"a": 0, "k": [12, 12 + i]}, "s": {"a": 0, "k": [1e9, 1e9]}} for i in range(30)]
                            + [LOTTIE["layers"][0]["shapes"][1]])]))},
        "lottie-too-large-file": {"scene.json": json.dumps(anim("anim.json")), "anim.json": lottie(),
                                  "args.txt": "--limit\nasset-size=100\n"},
        # Asset catalogs
        "catalog-no-such-asset": {"scene.json": json.dumps({"tabBar": dict(items("hom", None, None), assets="App/Assets.xcassets")}),
                                  **catalog(home__imageset=image_set("home.png", good_png),
                                            house__imageset=image_set("house.png", good_png),
                                            settings__imageset=image_set("settings.png", good_png))},
        "catalog-contents-not-json": {"scene.json": json.dumps(one("App/Assets.xcassets/home")),
                                      **catalog(home__imageset={"Contents.json": '{"images": [{"filename": "home.png",}]}'})},
        "catalog-names-missing-file": {"scene.json": json.dumps(one("App/Assets.xcassets/home")),
                                       **catalog(home__imageset={"Contents.json": json.dumps(
                                           {"images": [{"filename": "home@2x.png", "idiom": "universal", "scale": "2x"}]})})},
        "catalog-pdf-not-a-pdf": {"scene.json": json.dumps(one("App/Assets.xcassets/home")),
                                  **catalog(home__imageset=image_set("home.pdf", "not a PDF\n"))},
        "catalog-pdf-no-page": {"scene.json": json.dumps(one("App/Assets.xcassets/home")),
                                **catalog(home__imageset=image_set("home.pdf", pdf_without_pages()))},
        "catalog-pdf-damaged": {"scene.json": json.dumps(one("App/Assets.xcassets/home")),
                                **catalog(home__imageset=image_set("home.pdf", "%PDF-1.4\n" + "garbage " * 40 + "\n"))},
        "symbol-without-guides": {"scene.json": json.dumps(one("App/Assets.xcassets/home.symbolset")),
                                  **catalog(home__symbolset=symbol_set(template("", ["Regular-M"])))},
        "symbol-without-variant": {"scene.json": json.dumps(one("App/Assets.xcassets/home")),
                                   **catalog(home__symbolset=symbol_set(template(GUIDES, ["Ultralight-S", "Black-S", "Bold-M"])))},
        "symbol-not-xml": {"scene.json": json.dumps(one("App/Assets.xcassets/home")),
                           **catalog(home__symbolset=symbol_set('<svg><g id="Guides"></svg>'))},
    }


def write():
    for name, files in cases().items():
        folder = os.path.join(HERE, name)
        expected = os.path.join(folder, "expected.txt")
        kept = open(expected, 'rb').read() if os.path.exists(expected) else None
        shutil.rmtree(folder, ignore_errors=True)
        for path, content in files.items():
            target = os.path.join(folder, path)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            if isinstance(content, tuple):
                os.symlink(content[1], target)
            else:
                with open(target, 'wb') as f:
                    f.write(content.encode() if isinstance(content, str) else content)
        if kept is not None:
            open(expected, 'wb').write(kept)
    with open(os.path.join(HERE, "outside.svg"), 'w') as f:
        f.write(ICON)


def record(binary):
    out = os.path.join("/tmp", "tabanim-hostile-record")
    for name in sorted(cases()):
        shutil.rmtree(out, ignore_errors=True)
        os.makedirs(out)
        folder = os.path.join(HERE, name)
        args = open(os.path.join(folder, "args.txt")).read().split("\n")[:-1] if os.path.exists(os.path.join(folder, "args.txt")) else []
        run = subprocess.run([os.path.abspath(binary), "export", "scene.json", "-o", out + "/out.gif", "-o", out + "/out.svg",
                              "-o", out + "/frames/", "--quiet"] + args, cwd=folder, capture_output=True)
        print("%-34s exit %d" % (name, run.returncode))
        open(os.path.join(folder, "expected.txt"), 'wb').write(run.stderr)


if __name__ == "__main__":
    write()
    if len(sys.argv) == 3 and sys.argv[1] == "--record":
        record(sys.argv[2])
