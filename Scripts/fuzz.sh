#!/usr/bin/env bash
# Builds the libFuzzer target over every decode-and-validate path (JSON parser, scene documents,
# navigation JSON, recipe data, UUID text, links) with AddressSanitizer, and runs it.
#
#   Scripts/fuzz.sh [seconds] [jobs]     default: 60 seconds, 1 job
#
# Seeds: Fixtures/fuzz-corpus, hostile, hostile-paths, links, navigation, navigation-path and scenes. New interesting inputs go to a work
# corpus under .build-fuzz/corpus; a crashing input is written to .build-fuzz/artifacts/ and the run
# fails. Add every crasher to Fixtures/fuzz-corpus once fixed: `swift test` replays that folder.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
jobs=${2:-1}

swift build --product NavStateFuzz --sanitize=address --sanitize=fuzzer \
    -Xswiftc -parse-as-library -Xswiftc -DFUZZING \
    -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp --scratch-path .build-fuzz >&2

mkdir -p .build-fuzz/corpus .build-fuzz/artifacts
log=$(mktemp)
parallel=()
[ "$jobs" -gt 1 ] && parallel=(-jobs="$jobs" -workers="$jobs")
set +e
.build-fuzz/debug/NavStateFuzz .build-fuzz/corpus Fixtures/fuzz-corpus Fixtures/hostile Fixtures/hostile-paths Fixtures/links Fixtures/navigation Fixtures/navigation-path Fixtures/scenes \
    -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 "${parallel[@]}" \
    -artifact_prefix=.build-fuzz/artifacts/ -print_final_stats=1 >"$log" 2>&1
status=$?
set -e
if [ "$jobs" -gt 1 ]; then cat fuzz-*.log >>"$log" 2>/dev/null || true; fi
runs=$(grep -h -o 'stat::number_of_executed_units: *[0-9]*' "$log" | awk '{s+=$2} END {print s+0}')
crashes=$(ls .build-fuzz/artifacts 2>/dev/null | wc -l)
tail -n 5 "$log" >&2
echo "fuzz: seconds=$seconds runs=$runs crashes=$crashes exit=$status"
rm -f "$log" fuzz-*.log
[ "$status" -eq 0 ] && [ "$crashes" -eq 0 ]
