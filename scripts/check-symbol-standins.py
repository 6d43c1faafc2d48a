#!/usr/bin/env python3
"""Check the SF Symbols stand-in table, Sources/Resolving/SystemSymbolStandIns.swift.

Run from anywhere: python3 scripts/check-symbol-standins.py [FONT.svg]
FONT.svg is the SVG font of Material Design Icons 1.6.50 (Debian 12's fonts-materialdesignicons-webfont);
by default the one that package installs. Python 3 standard library only.

Checks, one line per problem:
1. no key appears twice in the table (Swift traps at run time on a dictionary literal with duplicate keys);
2. every value is a `glyph-name` of the font;
3. every key is spelled like an SF Symbols name: ^[a-z0-9]+(\\.[a-z0-9]+)*$;
4. for every key `X.fill`, its base `X` is in the table too;
5. the keys are in sorted order, and every line of the literal is a `"key": "value",` pair (so that no
   pair is skipped unseen).
Exit 0 and print `N symbols, all stand-ins found` when all pass; exit 1 otherwise.
"""

import html
import os
import re
import sys

DEFAULT_FONT = "/usr/share/fonts/svg/materialdesignicons-webfont/materialdesignicons-webfont.svg"
TABLE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                     "Sources", "Resolving", "SystemSymbolStandIns.swift")

KEY_RE = re.compile(r"^[a-z0-9]+(\.[a-z0-9]+)*$")
PAIR_RE = re.compile(r'^\s*"((?:[^"\\]|\\.)*)"\s*:\s*"((?:[^"\\]|\\.)*)"\s*,?\s*(//.*)?$')


def fail(problems):
    for p in problems:
        print(f"check-symbol-standins: {p}", file=sys.stderr)
    print(f"check-symbol-standins: {len(problems)} problem(s)", file=sys.stderr)
    sys.exit(1)


def read(path, what):
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except OSError as e:
        fail([f"cannot read {what} {path}: {e.strerror}"])


def table_pairs(source, path):
    """(line number, key, value) for each pair of `static let table … = [ … ]`, and parse problems."""
    lines = source.splitlines()
    start = next((i for i, line in enumerate(lines) if re.search(r"\bstatic\s+let\s+table\b.*=\s*\[\s*$", line)),
                 None)
    if start is None:
        return [], [f"{path}: no `static let table: [String: String] = [` line"]
    pairs, problems = [], []
    for i in range(start + 1, len(lines)):
        line = lines[i]
        stripped = line.strip()
        if stripped == "]":
            return pairs, problems
        if not stripped or stripped.startswith("//"):
            continue
        m = PAIR_RE.match(line)
        if m:
            pairs.append((i + 1, m.group(1), m.group(2)))
        else:
            problems.append(f"{path}:{i + 1}: not a `\"key\": \"value\",` pair: {stripped}")
    problems.append(f"{path}: the table literal has no closing `]` line")
    return pairs, problems


def main():
    if len(sys.argv) > 2:
        print(__doc__, file=sys.stderr)
        sys.exit(1)
    font = sys.argv[1] if len(sys.argv) == 2 else DEFAULT_FONT
    table_path = os.path.normpath(TABLE)

    glyphs = {html.unescape(name) for name in
              re.findall(r'<glyph\b[^>]*?\bglyph-name="([^"]*)"', read(font, "font"), re.S)}
    if not glyphs:
        fail([f"{font}: no <glyph glyph-name=\"…\"> in this file; is it the Material Design Icons SVG font?"])

    pairs, problems = table_pairs(read(table_path, "table"), table_path)
    if not pairs and not problems:
        problems.append(f"{table_path}: the table is empty")

    keys = {key for _, key, _ in pairs}
    seen = {}
    for line, key, value in pairs:
        if key in seen:
            problems.append(f"{table_path}:{line}: duplicate key \"{key}\" (first on line {seen[key]})")
        else:
            seen[key] = line
        if value not in glyphs:
            problems.append(f"{table_path}:{line}: \"{key}\": \"{value}\": no glyph named \"{value}\" in {font}")
        if not KEY_RE.match(key):
            problems.append(f"{table_path}:{line}: \"{key}\" is not spelled like an SF Symbols name "
                            f"(lowercase letters and digits, parts joined by single dots)")
        if key.endswith(".fill") and key[:-len(".fill")] not in keys:
            problems.append(f"{table_path}:{line}: \"{key}\" is in the table but its base \"{key[:-len('.fill')]}\" is not")

    for (_, a, _), (line, b, _) in zip(pairs, pairs[1:]):
        if b < a:
            problems.append(f"{table_path}:{line}: \"{b}\" is out of order (after \"{a}\"); keep the keys sorted")

    if problems:
        fail(problems)
    print(f"{len(seen)} symbols, all stand-ins found")


if __name__ == "__main__":
    main()
