#!/usr/bin/env python3
"""Counts the numeric literals other than 0, 1, 2 and 0.5 in the scene graph builder's files (issue 54: the
builder turns layout's frames into nodes and holds no metric of its own). Comments and strings are left out.

Usage: bench/builder-literals.py [FILE...]   (default: Sources/Scene/SceneGraphBuilder*.swift, IconEffects.swift)
"""
import glob
import os
import re
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
files = sys.argv[1:] or sorted(glob.glob(os.path.join(root, "Sources/Scene/SceneGraphBuilder*.swift"))
                               + [os.path.join(root, "Sources/Scene/IconEffects.swift")])
total = 0
for path in files:
    found = []
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line.split("//")[0])
        for match in re.finditer(r"(?<![\w.])(\d+(?:\.\d+)?(?:e-?\d+)?)(?![\w.])", code):
            if float(match.group(1)) not in (0, 1, 2, 0.5):
                found.append(f"{number}: {match.group(1)}")
    total += len(found)
    print(f"{len(found):4d} {os.path.relpath(path, root)}" + (f"  ({', '.join(found)})" if found else ""))
print(f"{total:4d} in all")
