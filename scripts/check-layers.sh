#!/usr/bin/env bash
# Checks the rules of ARCHITECTURE.md that the compiler does not: which target may import which, and where
# locks and threads may live. Prints each breach; exits 1 if there is one. Run by .ci/run.
set -uo pipefail
cd "$(dirname "$0")/.."
failed=0
breach() { echo "layers: $*" >&2; failed=1; }

# imports TARGET: the modules the target's files import (not Foundation and the C modules).
imports() { grep -rhoE '^(@testable )?import (enum |struct |class )?[A-Za-z]+' "Sources/$1" --include=*.swift | awk '{print $NF}' | sed 's/\..*//' | sort -u; }

only() {  # TARGET ALLOWED...: the target imports nothing else of the project's
    local target=$1; shift
    local project="Concurrency Basics AppleFormats Graph Spec Resolving SceneLayout SceneTimeline Scene LottieEngine PixelKernels GIFPlanning Outputs Graphics Drawing Exporting PNGExport GIFExport SVGExport WebPExport MP4Export Narrative Comparison Review"
    for module in $(imports "$target"); do
        [[ " $project " == *" $module "* ]] || continue
        [[ " $* " == *" $module "* ]] || breach "$target imports $module (allowed: $*)"
    done
}

only Concurrency
only Basics
only AppleFormats Basics
# The model, one target per stage: none reaches a later one; the picture (Graph) knows no scene.
only Graph Basics AppleFormats
only Spec Basics
only Resolving Basics AppleFormats Spec Graph
only SceneLayout Basics AppleFormats Spec Graph Resolving
only SceneTimeline Basics Spec Graph Resolving SceneLayout
only Scene Basics AppleFormats Spec Graph Resolving SceneLayout SceneTimeline
only LottieEngine Basics
only PixelKernels
only GIFPlanning Concurrency PixelKernels
only Outputs Basics Concurrency
only Graphics Basics Concurrency Graph LottieEngine PixelKernels
only Drawing Basics AppleFormats Concurrency Spec Graph Resolving SceneLayout SceneTimeline Scene LottieEngine PixelKernels Graphics
only Exporting Basics Concurrency Spec Graph Resolving SceneLayout SceneTimeline Scene PixelKernels Outputs Graphics Drawing
only Narrative Basics Spec Graph Resolving SceneLayout SceneTimeline Scene
only Comparison Basics Spec Graph Resolving SceneLayout SceneTimeline Scene
only Review Basics Spec Graph Resolving SceneLayout SceneTimeline Scene Narrative Comparison Outputs Graphics Drawing Exporting
for format in PNGExport GIFExport SVGExport WebPExport MP4Export; do
    only "$format" Basics AppleFormats Concurrency Spec Graph Resolving SceneLayout SceneTimeline Scene LottieEngine PixelKernels GIFPlanning Outputs Graphics Drawing Exporting
done

# The C wrappers draw pictures, not scenes: no group of the scene graph is named in them.
grep -rnE '"(tab-bar|status-bar|screen|center-button|home-indicator)[^"]*"' Sources/Graphics --include=*.swift \
    | while read -r line; do breach "Graphics names a scene group: $line"; done

# The review page reaches the formats only through the exporters it is handed.
grep -rnE '\b(GIF|SVG|WebP|MP4|PNG|PNGFrames)Exporter\b' Sources/Review --include=*.swift | grep -v '^\S*:\s*//' \
    | while read -r line; do breach "Review names an exporter type: $line"; done

# Locks, conditions, unchecked Sendable and threads: the concurrency toolkit and the C wrappers only.
grep -rnE '@unchecked Sendable|nonisolated\(unsafe\)|\bNS(Recursive)?Lock\b|\bNSCondition\b|DispatchSemaphore|\bThread(\.|\(| \{)|concurrentPerform' \
    Sources --include=*.swift | grep -vE '^Sources/(Concurrency|Graphics)/' | grep -vE '^\S+:[0-9]+:\s*//' \
    | while read -r line; do breach "concurrency primitive outside Concurrency and Graphics: $line"; done

# rlottie is gone for good.
grep -rniE 'rlottie' Package.swift scripts/install-deps.sh | while read -r line; do breach "rlottie: $line"; done

exit $failed
