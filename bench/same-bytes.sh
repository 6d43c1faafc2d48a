#!/usr/bin/env bash
# Proves a change draws nothing new: every shipped scene and test fixture exported by two builds of
# tabanim, compared byte for byte with cmp (MP4 by its decoded frames, through ffmpeg's framemd5).
#
# Usage: bench/same-bytes.sh OLD_TABANIM NEW_TABANIM [WORKDIR]
#   e.g. git worktree add /tmp/old main~3 && (cd /tmp/old && swift build -c release)
#        bench/same-bytes.sh /tmp/old/.build/release/tabanim .build/release/tabanim
# Exit 0 when every output is the same; otherwise lists the ones that differ and exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."
old=$(realpath "$1"); new=$(realpath "$2")
work=${3:-$(mktemp -d)}
mkdir -p "$work/old" "$work/new"

scenes=(Assets/demo/scene.json Assets/demo/glass.json Assets/demo/ipad.json Assets/demo/landscape.json
        Tests/Fixtures/*.json)
# name|extra flags: each scene is exported once per line (the formats of one run share one timeline).
variants=("1x|--scale 1" "2x|--scale 2" "dark|--interface-style dark --scale 1" "q80|--quality 80 --scale 1")

export_all() {  # binary, folder
    local bin=$1 out=$2
    for scene in "${scenes[@]}"; do
        local name; name=$(basename "$scene" .json)-$(basename "$(dirname "$scene")")
        for v in "${variants[@]}"; do
            local tag=${v%%|*} flags=${v#*|}
            local base="$out/$name-$tag"
            # shellcheck disable=SC2086
            "$bin" export "$scene" -q $flags -o "$base.gif" -o "$base.webp" \
                $([[ $tag == q80 ]] || echo "-o $base.svg -o $base.mp4 -o $base-frames/") \
                2>"$base.stderr" || echo "exit $?" >>"$base.stderr"
            if [[ -f "$base.mp4" ]]; then
                ffmpeg -v error -i "$base.mp4" -f framemd5 "$base.mp4.framemd5" && rm "$base.mp4"
            fi
        done
    done
}

# A baseline already in WORKDIR/old is kept (the old build's outputs need making once).
if [[ -z "$(ls -A "$work/old")" ]]; then export_all "$old" "$work/old" & fi
export_all "$new" "$work/new"
wait

if diff -r "$work/old" "$work/new" >"$work/diff.txt"; then
    echo "same bytes: $(find "$work/new" -type f | wc -l) files ($work)"
else
    echo "DIFFERENT ($work/diff.txt):"; head -40 "$work/diff.txt"; exit 1
fi
