# Sourced by bench/locales.sh and bench/locales-ab.sh (from the package root): the demo's scene with its
# region the tab bar, written beside the demo (its paths are relative to it) as "$scene", and a scratch
# folder "$out"; both are removed on exit.
scene="Assets/demo/.bench-locales-$$.json"
out="$(mktemp -d)"
trap 'rm -rf "$out" "$scene"' EXIT
python3 - "$scene" <<'PY'
import json, sys
scene = json.load(open("Assets/demo/scene.json"))
scene["export"]["region"] = "tabBar"
json.dump(scene, open(sys.argv[1], "w"), ensure_ascii=False)
PY
