#!/usr/bin/env bash
# Runs every navstate benchmark with its baselines and writes the ratio tables.
#
#   Benchmarks/run.sh [filter-regex]
#
# Builds navstate in release (dynamic and with a static Swift standard library) and the trivial
# programs that give the process-start floor, runs `swift package benchmark` here, keeps its raw
# output in Benchmarks/.build/results.md, and prints the tables of BENCHMARKS.md (medians and
# ratios, all measured in this one run). Needs ordo-one/benchmark 1.38.1 (fetched by SwiftPM).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
filter=${1:-.*}

cd "$root"
swift build -c release --product navstate >&2
swift build -c release --product navstate --static-swift-stdlib --scratch-path .build-static >&2
cd "$here"
swift build -c release --product TrivialSwift >&2
swift build -c release --product TrivialFoundation >&2
swift build -c release --product TrivialFoundation --static-swift-stdlib --scratch-path .build-static >&2
swift build -c release --product TrivialSwift --static-swift-stdlib --scratch-path .build-static >&2

export NAVSTATE_BINARY="$root/.build/release/navstate"
export NAVSTATE_STATIC_BINARY="$root/.build-static/release/navstate"
export TRIVIAL_SWIFT_BINARY="$here/.build/release/TrivialSwift"
export TRIVIAL_FOUNDATION_BINARY="$here/.build/release/TrivialFoundation"
export TRIVIAL_FOUNDATION_STATIC_BINARY="$here/.build-static/release/TrivialFoundation"
export TRIVIAL_SWIFT_STATIC_BINARY="$here/.build-static/release/TrivialSwift"

mkdir -p .build
# The benchmark package's runtime interposer (its 'RuntimeInterposer' trait) is not among this
# machine's packages; without it, Swift 6.3's runtime stops the run at the first main-actor
# function the registration calls off the main thread (the Xcode 26-style routes of section 14).
# The legacy mode reports such a call as a warning instead; the measured code is not affected.
SWIFT_IS_CURRENT_EXECUTOR_LEGACY_MODE_OVERRIDE=legacy \
    swift package benchmark --filter "$filter" --format markdown --no-progress >.build/results.md
{
    echo "Measured $(date -u +%Y-%m-%d) on $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(uname -sr), $(swift --version 2>/dev/null | head -1)."
    echo
    python3 report.py .build/results.md
}
