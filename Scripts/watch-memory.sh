#!/usr/bin/env bash
# Measures the resident memory of `navstate watch` while another process replaces the scene's file
# many times (100,000 by default), as an app's saves do (a temporary file renamed over it). Prints
# the watch's resident memory after each step and how many changes it printed.
#
#   Scripts/watch-memory.sh [changes]
#
# Needs python3 for the writer (a tight loop of atomic replaces; a shell loop would fork per change).
set -euo pipefail
cd "$(dirname "$0")/.."
changes=${1:-100000}
swift build -c release --product navstate >&2
binary=.build/release/navstate
state=$(mktemp -d)
trap 'kill "$watch" 2>/dev/null || true; rm -rf "$state"' EXIT
"$binary" --state-dir "$state" save main --category dessert --recipe "Apple Pie" >/dev/null
out=$state/watch.out
"$binary" --state-dir "$state" watch main --json >"$out" &
watch=$!
sleep 0.5
rss() { awk '/VmRSS/ {print $2}' "/proc/$watch/status"; }
echo "| changes written | watch resident memory | lines printed |"
echo "| --- | --- | --- |"
echo "| 0 | $(rss) KiB | $(wc -l <"$out") |"
python3 - "$state/cookbook/scenes" "$changes" "$watch" <<'PY'
import os, sys, time
folder, total, pid = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with open(os.path.join(folder, "main.json"), "rb") as f:
    first = f.read()
second = first.replace(b'"selectedCategory": 0', b'"selectedCategory": 1')
assert second != first
def rss():
    with open(f"/proc/{pid}/status") as f:
        return next(l.split()[1] for l in f if l.startswith("VmRSS"))
marks = {1000, 10000, 50000, total}
for i in range(1, total + 1):
    tmp = os.path.join(folder, ".main.json.tmp")
    with open(tmp, "wb") as f:
        f.write(second if i % 2 else first)
    os.rename(tmp, os.path.join(folder, "main.json"))
    if i in marks:
        time.sleep(0.5)
        lines = sum(1 for _ in open(os.path.join(os.path.dirname(os.path.dirname(folder)), "watch.out")))
        print(f"| {i:,} | {rss()} KiB | {lines:,} |", flush=True)
PY
