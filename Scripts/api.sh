#!/usr/bin/env bash
# The public API check: dumps each library's symbol graph (the toolchain's, public symbols, no
# synthesized members) and compares it with the checked-in baselines under API/.
#
#   Scripts/api.sh                    # check: exit 1, naming each declaration removed or changed
#                                     # without a deprecation, and each change API/ does not record;
#                                     # and each declaration of the newest release (API/releases/)
#                                     # that is gone without having been deprecated in that release
#   Scripts/api.sh --update           # write API/ from the code (an intended change; record it in
#                                     # CHANGELOG.md in the same commit)
#   Scripts/api.sh --release 0.4.0    # at a release: freeze API/ as API/releases/0.4.0
#
# Needs only the toolchain. SceneNavigationUI is built only where SwiftUI exists, so on Linux its
# symbol graph is empty here: ReadmeSwiftUITests checks API/SceneNavigationUI.txt from the symbol
# graph of its type-check against SwiftUI's declarations.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=(SceneStore SceneNavigation RecipeData SceneNavigationTesting)
case "${1:-}" in
    "") mode=check ;;
    --update) mode=write ;;
    --release)
        [ -n "${2:-}" ] || { echo "usage: Scripts/api.sh --release <version>" >&2; exit 64; }
        mkdir -p "API/releases/$2"
        cp API/*.txt "API/releases/$2/"
        echo "API/releases/$2 holds the public API of release $2"
        exit 0 ;;
    *) echo "usage: Scripts/api.sh [--update | --release <version>]" >&2; exit 64 ;;
esac
swift package dump-symbol-graph --skip-synthesized-members --minimum-access-level public >&2
graphs=$(swift build --show-bin-path)/../symbolgraph
swift Scripts/api.swift "$mode" "$graphs" API "${modules[@]}"
if [ "$mode" = check ] && [ -d API/releases ]; then
    newest=$(ls API/releases | sort -t. -k1,1n -k2,2n -k3,3n | tail -1)
    swift Scripts/api.swift since "$graphs" "API/releases/$newest" "${modules[@]}"
fi
