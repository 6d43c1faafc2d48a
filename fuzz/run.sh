#!/usr/bin/env bash
# Builds the libFuzzer target (with AddressSanitizer) and runs it on one of two entry points for a while:
#   fuzz/run.sh scene 600     # the scene parser, resolver, timeline, graph, SVG writer and one small frame
#   fuzz/run.sh asset 600     # PNG (cairo), SVG (librsvg, drawn once) and Lottie header loaders
#   fuzz/run.sh lottie 600    # tabanim's own Lottie engine: the reader, frames evaluated, one drawn with cairo
# The corpus grows in fuzz/.corpus/<target> (seeded from the project's scenes and assets); a crash is written
# to fuzz/artifacts/ and ends the run with a non-zero status. Needs the Swift toolchain's libFuzzer and lld
# (Linux). Leak detection is off: fontconfig keeps its caches to the end on purpose.
set -euo pipefail
shopt -s nullglob
cd "$(dirname "$0")"
target=${1:?usage: fuzz/run.sh scene|asset|lottie [seconds]}
case $target in scene|asset|lottie) ;; *) echo "usage: fuzz/run.sh scene|asset|lottie [seconds]" >&2; exit 64 ;; esac
seconds=${2:-60}
swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -g 2>&1 | { grep -v "prohibited flag" || true; }
binary=.build/release/tabanim-fuzz
corpus=.corpus/$target
mkdir -p "$corpus" artifacts
seed() {  # seed FILE PREFIX-BYTE: copies FILE into the corpus, after PREFIX-BYTE for the asset target
    local name; name=$(basename "$(dirname "$1")")-$(basename "$1")
    if [ -n "${2:-}" ]; then { printf "\\x$2"; cat "$1"; } > "$corpus/$name"; else cp "$1" "$corpus/$name"; fi
}
if [ "$target" = scene ]; then
    for f in ../Tests/Fixtures/*.json ../Assets/demo/scene.json ../Tests/Fixtures/hostile/*/scene.json; do seed "$f"; done
    extra=(-dict=scene.dict)
elif [ "$target" = lottie ]; then
    for f in ../Assets/demo/lottie/*.json ../Tests/Fixtures/lottie/*.json ../Tests/Fixtures/hostile/lottie-*/*.json; do seed "$f"; done
    extra=(-max_len=65536)
else
    for f in ../Assets/demo/icons/*.svg ../Tests/Fixtures/hostile/*/*.svg; do [ -f "$f" ] && seed "$f" 01; done
    for f in ../Assets/demo/screens/*.png ../Tests/Fixtures/hostile/*/*.png; do [ -f "$f" ] && seed "$f" 00; done
    for f in ../Assets/demo/lottie/*.json ../Tests/Fixtures/lottie/*.json; do seed "$f" 02; done
    extra=(-max_len=65536)
fi
export TABANIM_FUZZ_TARGET=$target
export ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
exec "$binary" "$corpus" "${extra[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
    -detect_leaks=0 -artifact_prefix=artifacts/ -print_final_stats=1
