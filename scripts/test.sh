#!/usr/bin/env bash
# The project's test command (README: Set-up and Developing), and all that CI (.ci/run) runs. Installs what
# the tests need, checks which target imports which (scripts/check-layers.sh), builds every target and test
# once and fails on any compiler warning, runs the suite, two test processes at a time (swift test reuses
# the build; extra arguments go to it), then the suites that exercise the C libraries and pixel kernels
# again under AddressSanitizer, in a build folder of its own (so the normal build is not clobbered).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --test
scripts/check-layers.sh
python3 scripts/check-symbol-standins.py  # the SF Symbols stand-ins: every glyph in the font, names well formed

# SwiftPM's "prohibited flag(s): -pthread" comes from glib's pkg-config files, not from the compiler.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift build --build-tests 2>&1 | tee "$log"
if grep -E '^/.*: warning: ' "$log" | grep -v 'prohibited flag' | sort -u | grep .; then
    echo "error: the build printed compiler warnings (above); fix them" >&2
    exit 1
fi

swift test --parallel "$@"
echo "test.sh: tests done at $SECONDS s"

# AddressSanitizer: memory errors in the C wrappers, the pixel kernels and the CLI's own processes. The
# browser parity suites are left out here (they ran above): under ASan they would mostly time the
# browsers, not our code; so are the suites that check text against text (help and completion, the
# schema against its file and the docs), which reach no C library. Leak detection is off: fontconfig and
# pango keep their caches until exit on purpose, and a leak report would change the exit status of every
# tabanim the CLI tests run.
ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}" swift test --parallel --sanitize=address --scratch-path .build-asan \
    --skip 'Browser|Chromium|Firefox|WebKit|Parity|ReadmeExample|HelpTests|SchemaTests|DocumentationTests'
echo "test.sh: AddressSanitizer done at $SECONDS s"
