#!/usr/bin/env python3
"""Hostile Lottie files against tabanim's bounds (issue 37): time and peak memory of `tabanim lottie`.

Generates, in a temporary folder:
  layers-20000   20,000 shape layers, each a small square (one frame draws them all, or the file is refused);
  layers-2000    2,000 of them, the most a file may have (LottieLimits.maxLayers): drawn;
  keys-300000    one layer whose rotation has 300,000 keyframes;
  keys-10000     10,000 of them, the most a property may have (LottieLimits.maxKeyframes): drawn;
  precomp-fan    10 precomps, each showing the next 10 times (10^10 layer instances if nothing bounds them);
and runs `tabanim lottie FILE --progress 0.5 -o OUT.png` on each under `/usr/bin/time -v`, printing the wall
time, peak RSS, exit status and the first line of standard error. Checks issue 37's targets: each file
either drawn in under 1 s and 200 MB, or refused, naming the limit, in under 0.2 s; exits 1 when one is missed.
Not a timed test. Run from the repository root:  python3 bench/lottie-bounds.py [--tabanim PATH] [--keep DIR]
"""
import argparse, json, os, re, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def square_layer(i, extra_ks=None):
    ks = {"p": {"a": 0, "k": [50 + i % 10, 50]}}
    ks.update(extra_ks or {})
    return {"ty": 4, "ind": i + 1, "ip": 0, "op": 60, "st": 0, "ks": ks, "shapes": [
        {"ty": "gr", "it": [{"ty": "rc", "p": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [10, 10]}, "r": {"a": 0, "k": 0}},
                            {"ty": "fl", "c": {"a": 0, "k": [1, 0, 0, 1]}, "o": {"a": 0, "k": 100}, "r": 1},
                            {"ty": "tr"}]}]}


def document(layers, assets=()):
    return {"v": "5.7.0", "fr": 30, "ip": 0, "op": 60, "w": 100, "h": 100, "assets": list(assets), "layers": layers}


def rotation(count):
    # No easing: 300,000 keys stay small enough (6.4 MB) to pass the file size limit.
    return {"r": {"a": 1, "k": [{"t": t * 60 / count, "s": [t % 360]} for t in range(count)]}}


def files():
    yield "layers-20000", document([square_layer(i) for i in range(20000)])
    yield "layers-2000", document([square_layer(i) for i in range(2000)])  # the most layers a file may have
    yield "keys-300000", document([square_layer(0, rotation(300000))])
    yield "keys-10000", document([square_layer(0, rotation(10000))])  # the most keys a property may have
    fan = [{"id": f"c{d}", "layers": [{"ty": 0, "ind": i + 1, "refId": f"c{d + 1}", "ip": 0, "op": 60, "st": 0, "ks": {}}
                                      for i in range(10)] if d < 9 else [square_layer(0)]} for d in range(10)]
    yield "precomp-fan", document([{"ty": 0, "ind": 1, "refId": "c0", "ip": 0, "op": 60, "st": 0, "ks": {}}], fan)


def measure(tabanim, path, out):
    result = subprocess.run(["/usr/bin/time", "-v", tabanim, "lottie", path, "--progress", "0.5", "-o", out, "-q"],
                            capture_output=True, text=True, timeout=600)
    err = result.stderr
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", err)
    seconds = (int(wall.group(1) or 0) * 3600 + int(wall.group(2)) * 60 + float(wall.group(3))) if wall else float("nan")
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", err)
    mb = int(rss.group(1)) / 1024 if rss else float("nan")
    message = next((l for l in err.splitlines() if l.startswith(("Error:", "Warning:"))), "")
    return result.returncode, seconds, mb, message


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--tabanim", default=os.path.join(ROOT, ".build", "release", "tabanim"))
    parser.add_argument("--keep", help="write the generated files here and keep them")
    args = parser.parse_args()
    if not os.path.exists(args.tabanim):
        sys.exit(f"{args.tabanim} not found: build it first (swift build -c release), or pass --tabanim")
    work = args.keep or tempfile.mkdtemp(prefix="lottie-bounds-")
    os.makedirs(work, exist_ok=True)
    missed = 0
    print(f"{'file':14} {'MB in':>6} {'status':>6} {'time s':>7} {'peak MB':>8}  message")
    for name, doc in files():
        path = os.path.join(work, name + ".json")
        with open(path, "w") as f:
            json.dump(doc, f, separators=(",", ":"))
        size = os.path.getsize(path) / 1024 / 1024
        status, seconds, mb, message = measure(args.tabanim, path, os.path.join(work, name + ".png"))
        drawn = status == 0
        ok = (seconds < 1 and mb < 200) if drawn else (status == 1 and seconds < 0.2 and re.search(r"(more than|limit of) \d+", message) is not None)
        missed += not ok
        print(f"{name:14} {size:6.1f} {status:6} {seconds:7.2f} {mb:8.0f}  {message[:110]}{'' if ok else '  <- MISSED'}")
    print("targets: drawn in < 1 s and < 200 MB, or refused naming the limit in < 0.2 s:", "met" if not missed else f"{missed} missed")
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main()
