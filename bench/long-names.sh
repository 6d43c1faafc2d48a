#!/usr/bin/env bash
# Issue 57: how long tabanim takes to refuse a 100,000-character SF Symbol name, and how long the message is.
# Usage: bench/long-names.sh [TABANIM]   (default .build/release/tabanim; build it with swift build -c release)
# Prints the best of five runs of `tabanim validate` (wall seconds) and the message's length in characters.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(realpath "${1:-.build/release/tabanim}")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
python3 - "$work/scene.json" <<'PY'
import json, sys
json.dump({"tabBar": {"items": [{"title": "A", "icon": {"systemImage": "house.fill" * 10000}}, {"title": "B"}]}}, open(sys.argv[1], "w"))
PY
python3 - "$bin" "$work/scene.json" <<'PY'
import subprocess, sys, time
best, message = None, ""
for _ in range(5):
    start = time.monotonic()
    run = subprocess.run([sys.argv[1], "validate", sys.argv[2]], capture_output=True, text=True)
    took = time.monotonic() - start
    best = took if best is None else min(best, took)
    message = run.stderr
assert run.returncode == 1, run.returncode
print("refused in %.3f s (best of 5), exit %d; message %d characters:" % (best, run.returncode, len(message.rstrip("\n"))))
print(message, end="")
PY
