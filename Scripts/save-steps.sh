#!/usr/bin/env bash
# Where a save's time goes, step by step: builds a probe (Scripts/save-steps) against this
# checkout with navstate's save marks compiled in (-D NAVSTATE_SAVE_STEPS; every other build has
# none), then saves a scene of 10, 1,000 and 10,000 UUID-identified routes through PersistentScene,
# each change made durable by flush() beside a floor write of the same bytes, and prints the
# medians of the save, the floor and each step (main actor, hand-offs, the writer's steps); then the
# first save after a restore against the save after it, and two thread hand-offs alone (the main
# actor to a concurrent queue's thread and back, with no I/O), each after a floor write.
#
#   Scripts/save-steps.sh [sizes] [iterations]     (default: 10,1000,10000 200)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r "$here/save-steps/." "$work/probe"
sed -i "s|path: \"../..\"|path: \"$(cd "$here/.." && pwd)\"|" "$work/probe/Package.swift"
cd "$work/probe"
swift build -c release --scratch-path "$work/build" -Xswiftc -DNAVSTATE_SAVE_STEPS >"$work/build.log" 2>&1 \
    || { cat "$work/build.log"; exit 1; }
"$work/build/release/SaveSteps" "${1:-10,1000,10000}" "${2:-200}" "$work/state"
