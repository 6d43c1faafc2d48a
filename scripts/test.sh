#!/usr/bin/env bash
# The project's test command (README: Set-up and Developing); .ci/run runs exactly this, then the
# AddressSanitizer pass. Installs what the tests need, checks which target imports which
# (scripts/check-layers.sh), builds every target and test once and fails on any compiler warning, then runs
# the suite, two test processes at a time (swift test reuses the build). Extra arguments go to swift test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh --test
scripts/check-layers.sh

# SwiftPM's "prohibited flag(s): -pthread" comes from glib's pkg-config files, not from the compiler.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift build --build-tests 2>&1 | tee "$log"
if grep -E '^/.*: warning: ' "$log" | grep -v 'prohibited flag' | sort -u | grep .; then
    echo "error: the build printed compiler warnings (above); fix them" >&2
    exit 1
fi

swift test --parallel "$@"
