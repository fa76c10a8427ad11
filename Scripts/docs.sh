#!/usr/bin/env bash
# Builds the DocC documentation of every module into a static site, warnings as errors.
#
#   Scripts/docs.sh
#
# Needs only the toolchain (`swift` and `docc`). Builds the package once with symbol graphs (in
# .build-docs/build, apart from .build), converts each catalog with `docc convert
# --warnings-as-errors` (a broken symbol link, an unresolved reference or a missing topic fails),
# checks that each module's landing page curates every top-level symbol (no automatic group), and
# merges the archives into one site: .build-docs/site, to serve as static files.
set -euo pipefail
cd "$(dirname "$0")/.."
out=.build-docs
# docc ships with the toolchain; with Xcode it is found through xcrun.
docc=${DOCC:-$(command -v docc || xcrun --find docc)}
modules=(SceneStore SceneNavigation RecipeData SceneNavigationTesting)

# The symbol graphs of all modules are emitted as they compile: an incremental build rewrites those
# of the modules it compiles again and leaves the others, so "all" is kept between runs.
rm -rf "$out/archives" "$out/site"
find "$out/symbol-graphs" -mindepth 1 -maxdepth 1 ! -name all -exec rm -rf {} + 2>/dev/null || true
mkdir -p "$out/symbol-graphs/all" "$out/archives"

echo "== symbol graphs" >&2
swift build --scratch-path "$out/build" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$out/symbol-graphs/all" >&2

convert() { # <catalog> <name> <symbol graph folder or ""> [the modules it links into]
    local catalog=$1 name=$2 graphs=$3
    shift 3
    local arguments=("$catalog" --fallback-display-name "$name" --fallback-bundle-identifier "org.navstate.$name"
        --output-path "$out/archives/$name.doccarchive" --warnings-as-errors --transform-for-static-hosting
        --enable-experimental-external-link-support)
    if [ -n "$graphs" ]; then arguments+=(--additional-symbol-graph-dir "$graphs"); fi
    local dependency
    for dependency in "$@"; do arguments+=(--dependency "$out/archives/$dependency.doccarchive"); done
    echo "== $name" >&2
    "$docc" convert "${arguments[@]}" >&2
}

for module in "${modules[@]}"; do
    graphs="$out/symbol-graphs/$module"
    mkdir -p "$graphs"
    cp "$out/symbol-graphs/all/$module.symbols.json" "$graphs/"
    for extension in "$out/symbol-graphs/all/$module"@*.symbols.json; do
        if [ -e "$extension" ]; then cp "$extension" "$graphs/"; fi
    done
    # Each module's links reach the modules below it (module-qualified: ``SceneStore/SceneID``).
    case $module in
        SceneStore) dependencies=() ;;
        SceneNavigation) dependencies=(SceneStore) ;;
        *) dependencies=(SceneStore SceneNavigation) ;;
    esac
    # (The expansion guards an empty list under `set -u` in bash before 4.4, as macOS ships.)
    convert "Sources/$module/$module.docc" "$module" "$graphs" ${dependencies[@]+"${dependencies[@]}"}
    # Every top-level symbol is curated under a task-named topic: DocC marks the groups it makes
    # by itself (Structures, Classes, ...) as generated.
    landing="$out/archives/$module.doccarchive/data/documentation/$(echo "$module" | tr '[:upper:]' '[:lower:]').json"
    if grep -q '"generated" *: *true' "$landing"; then
        echo "error: $module's landing page leaves symbols to an automatic topic group; curate them in Sources/$module/$module.docc/$module.md" >&2
        exit 1
    fi
done
convert Sources/navstate/navstate.docc navstate "" SceneStore SceneNavigation RecipeData

echo "== site" >&2
"$docc" merge "$out"/archives/*.doccarchive --output-path "$out/site" \
    --synthesized-landing-page-name navstate >&2
echo "$PWD/$out/site"
