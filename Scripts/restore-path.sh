#!/usr/bin/env bash
# Which of the libraries' source files a restore enters, and a save (its twin), and how many times
# a restore opens a store's folder: a scene is saved by one run of Scripts/restore-path (a tiny
# app), then restored by a second run, both built for coverage, whose profiles list the files with
# any function executed, and whose system calls (under strace, when installed) show the folders
# opened.
#
#   Scripts/restore-path.sh [navstate checkout]     (default: this one)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
checkout="$(cd "${1:-$here/..}" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r "$here/restore-path/." "$work/probe"
sed -i "s|path: \"../..\"|path: \"$checkout\"|" "$work/probe/Package.swift"
cd "$work/probe"
# The toolchain's own LLVM tools: another LLVM on PATH may not read its profiles.
tools="$(dirname "$(readlink -f "$(command -v swift)")")"
swift build -c debug --scratch-path "$work/build" -Xswiftc -profile-generate -Xswiftc -profile-coverage-mapping \
    >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
probe="$work/build/debug/RestoreProbe"
LLVM_PROFILE_FILE="$work/save.profraw" "$probe" save "$work/state"
LLVM_PROFILE_FILE="$work/restore.profraw" "$probe" restore "$work/state"
# The files a run entered: those with any function executed, from its profile.
entered() { # <run: save or restore>
    "$tools/llvm-profdata" merge -o "$work/$1.profdata" "$work/$1.profraw"
    "$tools/llvm-cov" report "$probe" -instr-profile "$work/$1.profdata" 2>/dev/null |
        awk -v run="$1" '
            $1 ~ /Sources\// && $1 !~ /RestoreProbe/ {
                # Columns: Regions Missed Cover Functions Missed Cover ...
                functions = $5; missed = $6
                if (functions - missed > 0) { sub(/.*Sources\//, "", $1); print "  " $1; n++ }
            }
            END { print n " files entered by the " run }'
}
echo "== restore"
entered restore
echo "== save"
entered save
if command -v strace >/dev/null; then
    rm -rf "$work/state" && "$probe" save "$work/state"
    strace -f -e trace=openat,rename,unlink,fsync,fdatasync -o "$work/trace" "$probe" restore "$work/state"
    echo "$(grep -c 'O_DIRECTORY' "$work/trace" | tr -d ' ') opens of a folder:"
    grep 'O_DIRECTORY' "$work/trace" | sed -E 's/^[0-9]+ +//; s/, O_.*//' | sort | uniq -c
fi
