#!/usr/bin/env bash
# The public API check: dumps each library's symbol graph (the toolchain's, public symbols, no
# synthesized members) and compares it with the checked-in baseline under API/.
#
#   Scripts/api.sh            # check: exit 1, naming each declaration removed or changed without a
#                             # deprecation, and each change the baseline does not record yet
#   Scripts/api.sh --update   # write the baseline from the code (an intended change; record it in
#                             # CHANGELOG.md in the same commit)
#
# Needs only the toolchain. SceneNavigationUI is built only where SwiftUI exists, so on Linux its
# symbol graph is empty and it has no baseline.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(SceneStore SceneNavigation RecipeData SceneNavigationTesting)
mode=check
case "${1:-}" in
    "") ;;
    --update) mode=write ;;
    *) echo "usage: Scripts/api.sh [--update]" >&2; exit 64 ;;
esac
swift package dump-symbol-graph --skip-synthesized-members --minimum-access-level public >&2
graphs=$(swift build --show-bin-path)/../symbolgraph
swift Scripts/api.swift "$mode" "$graphs" API "${modules[@]}"
