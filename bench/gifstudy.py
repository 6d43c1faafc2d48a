#!/usr/bin/env python3
"""Looks inside GIFs, for the benchmark's questions on bytes (bench/README.md; issue 16). Python's
standard library only.

  bench/gifstudy.py frames A.gif B.gif [--interval CS] [--worst N]
      A's bytes against B's, by interval of display time (default 50 centiseconds), then the N frames
      (default 10) where A is largest against B, with each frame's rectangle, LZW code size, local table
      and disposal. Frames are matched by the time they start, so both GIFs must show the same animation
      (tabanim's and gifsicle -O3's of one scene: `.build/bench/SCENE/{tabanim,gifsicle}.gif`).

  bench/gifstudy.py parsing A.gif [--every N]
      Decodes the LZW stream of every Nth image (default 1) and compresses its indices again two ways with
      giflib's dictionary rules (a clear code when the next code would be 4095): greedy, as giflib,
      gifsicle and tabanim write (the first figure is checked against the file's own bytes), and flexible
      parsing (at each string, the prefix whose end reaches farthest with the next string), which a GIF
      decoder reads as well. Slow (pure Python): `--every 10` on a 1× full-screen GIF takes about a minute.
"""
import argparse
import collections
import struct
import sys


def images(path):
    """Each image of the GIF: a dict of its start time (centiseconds), rectangle, LZW minimum code size,
    local table size (entries, 0 for none), disposal, bytes in the file (descriptor to terminator) and its
    image data (the sub-blocks joined)."""
    data = open(path, "rb").read()
    if data[:3] != b"GIF":
        sys.exit(f"{path}: not a GIF")
    flags = data[10]
    p = 13 + (3 * (2 << (flags & 7)) if flags & 0x80 else 0)
    start, delay, disposal = 0, 0, 0
    while p < len(data) and data[p] != 0x3B:
        if data[p] == 0x21:
            if data[p + 1] == 0xF9:
                disposal = (data[p + 3] >> 2) & 7
                delay = struct.unpack("<H", data[p + 4:p + 6])[0]
            p += 2
            while data[p]:
                p += data[p] + 1
            p += 1
        elif data[p] == 0x2C:
            first = p
            x, y, width, height, local = struct.unpack("<HHHHB", data[p + 1:p + 10])
            p += 10
            entries = 2 << (local & 7) if local & 0x80 else 0
            p += 3 * entries
            code_size = data[p]
            p += 1
            stream = bytearray()
            while data[p]:
                stream += data[p + 1:p + 1 + data[p]]
                p += data[p] + 1
            p += 1
            yield dict(start=start, box=(x, y, width, height), code_size=code_size, local=entries,
                       disposal=disposal, bytes=p - first, stream=bytes(stream))
            start += delay
        else:
            sys.exit(f"{path}: unknown block 0x{data[p]:02x} at byte {p}")


def frames(args):
    a, b = list(images(args.a)), list(images(args.b))
    by_start = {image["start"]: image for image in b}
    print(f"{args.a}: {len(a)} images, {sum(i['bytes'] for i in a):,} bytes; "
          f"{args.b}: {len(b)} images, {sum(i['bytes'] for i in b):,} bytes")
    totals = collections.defaultdict(lambda: [0, 0])
    for image in a:
        totals[image["start"] // args.interval][0] += image["bytes"]
    for image in b:
        totals[image["start"] // args.interval][1] += image["bytes"]
    print("\n| from (s) | A bytes | B bytes | A ÷ B |\n| ---: | ---: | ---: | ---: |")
    for key in sorted(totals):
        mine, theirs = totals[key]
        print(f"| {key * args.interval / 100:.1f} | {mine:,} | {theirs:,} | {mine / max(theirs, 1):.3f} |")
    pairs = [(image, by_start[image["start"]]) for image in a if image["start"] in by_start]
    pairs.sort(key=lambda pair: pair[0]["bytes"] / max(pair[1]["bytes"], 1), reverse=True)

    def describe(image):
        x, y, width, height = image["box"]
        local = f", local {image['local']}" if image["local"] else ""
        return f"{width}×{height} at ({x}, {y}), code size {image['code_size']}{local}, disposal {image['disposal']}: {image['bytes']:,}"

    print(f"\nWhere A is largest against B (of {len(pairs)} images starting at the same time):")
    for mine, theirs in pairs[:args.worst]:
        print(f"  {mine['start'] / 100:.2f} s: A {describe(mine)}; B {describe(theirs)} "
              f"({mine['bytes'] / max(theirs['bytes'], 1):.3f})")


def decode(code_size, stream):
    """The indices of one LZW stream, as a GIF decoder reads them."""
    clear, end = 1 << code_size, (1 << code_size) + 1
    value, position, total = int.from_bytes(stream, "little"), 0, len(stream) * 8
    width, next_code, table, previous, out = code_size + 1, end + 1, {}, None, bytearray()
    while position + width <= total:
        code = (value >> position) & ((1 << width) - 1)
        position += width
        if code == clear:
            width, next_code, table, previous = code_size + 1, end + 1, {}, None
            continue
        if code == end:
            break
        string = bytes([code]) if code < clear else table.get(code, previous + previous[:1] if previous else b"")
        out += string
        if previous is not None and next_code < 4096:
            table[next_code] = previous + string[:1]
            next_code += 1
            if next_code == 1 << width and width < 12:
                width += 1
        previous = string
    return bytes(out)


class Encoder:
    """Counts the bits giflib's encoder writes (EGifCompressOutput's width rule and clear codes)."""

    def __init__(self, code_size):
        self.code_size, self.bits = code_size, 0
        self.reset()
        self.bits += self.width  # giflib starts with a clear code

    def reset(self):
        self.next_code, self.width, self.children = (1 << self.code_size) + 2, self.code_size + 1, {}

    def write(self, code):
        self.bits += self.width
        if self.next_code >= 1 << self.width and code <= 4095:
            self.width += 1

    def define(self, code, symbol):
        """After writing `code`: the string `code` + `symbol` gets the next code, or the dictionary is
        cleared. (Under flexible parsing it may be a string the dictionary holds already: the decoder
        still spends a code on it.)"""
        if self.next_code >= 4095:
            self.write(1 << self.code_size)
            self.reset()
        else:
            self.children.setdefault((code, symbol), self.next_code)
            self.next_code += 1

    def size(self):
        """Bytes of the image data in the file: code-size byte, sub-blocks with their length bytes, end."""
        data = (self.bits + self.width + 7) // 8  # with the end code
        return 1 + data + (data + 254) // 255 + 1


def greedy(code_size, pixels):
    encoder = Encoder(code_size)
    code = pixels[0]
    for symbol in pixels[1:]:
        child = encoder.children.get((code, symbol))
        if child is None:
            encoder.write(code)
            encoder.define(code, symbol)
            code = symbol
        else:
            code = child
    encoder.write(code)
    return encoder.size()


def flexible(code_size, pixels):
    encoder, count, start = Encoder(code_size), len(pixels), 0

    def prefixes(start):
        """The codes of the dictionary's strings that begin at `start`, shortest first."""
        code, codes = pixels[start], [pixels[start]]
        for symbol in pixels[start + 1:]:
            code = encoder.children.get((code, symbol))
            if code is None:
                break
            codes.append(code)
        return codes

    while start < count:
        codes = prefixes(start)
        if start + len(codes) >= count:
            encoder.write(codes[-1])
            break
        best, reach = len(codes), len(codes) + len(prefixes(start + len(codes)))
        for length in range(len(codes) - 1, 0, -1):
            if length + len(prefixes(start + length)) > reach:
                best, reach = length, length + len(prefixes(start + length))
        encoder.write(codes[best - 1])
        encoder.define(codes[best - 1], pixels[start + best])
        start += best
    return encoder.size()


def parsing(args):
    stored = greedy_total = flexible_total = 0
    for index, image in enumerate(images(args.a)):
        if index % args.every:
            continue
        pixels = decode(image["code_size"], image["stream"])
        size = 2 + len(image["stream"]) + (len(image["stream"]) + 254) // 255
        again = greedy(image["code_size"], pixels)
        if again != size:
            print(f"image {index}: greedy {again} bytes, the file's {size}: not giflib's greedy stream", file=sys.stderr)
        stored += size
        greedy_total += again
        flexible_total += flexible(image["code_size"], pixels)
    print(f"{args.a}, every {args.every}. image: in the file {stored:,} bytes; greedy {greedy_total:,}; "
          f"flexible parsing {flexible_total:,} ({flexible_total / max(greedy_total, 1):.4f} × greedy)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    compare = commands.add_parser("frames", help="A's bytes against B's, by time and by frame")
    compare.add_argument("a")
    compare.add_argument("b")
    compare.add_argument("--interval", type=int, default=50, help="centiseconds per row (default 50)")
    compare.add_argument("--worst", type=int, default=10)
    study = commands.add_parser("parsing", help="greedy against flexible LZW parsing of A's own indices")
    study.add_argument("a")
    study.add_argument("--every", type=int, default=1)
    args = parser.parse_args()
    if args.command == "frames":
        frames(args)
    else:
        parsing(args)


if __name__ == "__main__":
    main()
