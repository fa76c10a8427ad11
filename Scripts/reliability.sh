#!/usr/bin/env bash
# Runs every reliability check with counts you can set, and prints a summary table.
#
#   Scripts/reliability.sh [--short] [--kills N] [--processes N] [--updates N] [--loops N] [--fuzz-seconds N]
#
# Defaults (the long run): 500 kills, 4 processes x 250 updates, 100 crash loops, 600 seconds of fuzzing.
# --short (what CI runs): 25 kills, 4 x 50 updates, 3 crash loops, 15 seconds of fuzzing.
# Exits non-zero when any check lost, tore or crashed anything.
set -euo pipefail
cd "$(dirname "$0")/.."

kills=500; processes=4; updates=250; loops=100; fuzz_seconds=600
while [ $# -gt 0 ]; do
    case "$1" in
        --short) kills=25; processes=4; updates=50; loops=3; fuzz_seconds=15 ;;
        --kills) kills=$2; shift ;;
        --processes) processes=$2; shift ;;
        --updates) updates=$2; shift ;;
        --loops) loops=$2; shift ;;
        --fuzz-seconds) fuzz_seconds=$2; shift ;;
        -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
        *) echo "reliability.sh: unknown option '$1'" >&2; exit 64 ;;
    esac
    shift
done

swift build --build-tests >&2
bin=$(swift build --show-bin-path)
worker="$bin/SceneStoreWorker"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
rows=()
failed=0
row() { rows+=("| $1 | $2 | $3 | $4 | $5 |"); [ "$5" = "ok" ] || failed=1; }

# 1. kill -9 at random moments while a writer acknowledges each durable write.
line=$("$worker" crash "$work/kill/scenes" main "$kills" "${SEED:-$RANDOM}")
lost=$(sed -n 's/.*lost=\([0-9]*\).*/\1/p' <<<"$line")
torn=$(sed -n 's/.*torn=\([0-9]*\).*/\1/p' <<<"$line")
left=$(sed -n 's/.*temp-after-next-write=\([0-9]*\).*/\1/p' <<<"$line")
seen=$(sed -n 's/.*temp-seen-after-kill=\([0-9]*\).*/\1/p' <<<"$line")
result=ok; [ "$lost" = 0 ] && [ "$torn" = 0 ] && [ "$left" = 0 ] || result=FAILED
row "kill -9 during writes" "$kills kills ($seen mid-write)" 0 "$lost lost, $torn torn, $left temp left" "$result"

# 2-3. Every crash window (simulated power loss) and injected I/O faults: the tests.
for suite in CrashWindowTests MarkerCrashWindowTests FaultInjectionTests HostileInputTests; do
    if out=$(NAVSTATE_VERBOSE=1 swift test --skip-build --filter "$suite" 2>&1); then result=ok; else result=FAILED; fi
    cases=$(grep -o 'with [0-9]* tests\? in' <<<"$out" | tail -1 | grep -o '[0-9]*' || echo 0)
    detail=$(grep -o 'crash points: [0-9]*, disk states checked: [0-9]*' <<<"$out" | head -1 || true)
    crashes=$(grep -c 'Fatal error\|Segmentation\|signal code' <<<"$out" || true)
    case "$suite" in
        CrashWindowTests) name="every crash window (simulated power loss)" ;;
        MarkerCrashWindowTests) name="every crash window of the restore guard's marker" ;;
        FaultInjectionTests) name="I/O faults (ENOSPC, EIO, EROFS, EFBIG)" ;;
        HostileInputTests) name="hostile input corpus (library and CLI)" ;;
    esac
    row "$name" "$cases tests${detail:+; $detail}" "$crashes" "$([ "$result" = ok ] && echo 0 || echo 'see swift test')" "$result"
done

# 4. Processes at once: read-modify-write of one shared key and one key each, readers alongside.
scenes="$work/processes/scenes"
pids=()
for p in $(seq 1 "$processes"); do
    "$worker" increment "$scenes" main shared "$updates" & pids+=($!)
    "$worker" increment "$scenes" main "p$p" "$updates" & pids+=($!)
done
"$worker" read "$scenes" main shared $((updates * 4)) & reader=$!
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
wait "$reader" || status=1
shared=$("$worker" get "$scenes" main shared)
lostupdates=$((processes * updates - shared))
for p in $(seq 1 "$processes"); do
    own=$("$worker" get "$scenes" main "p$p")
    lostupdates=$((lostupdates + updates - own))
done
result=ok; [ "$status" = 0 ] && [ "$lostupdates" = 0 ] || result=FAILED
row "concurrent processes" "$((processes * 2)) x $updates updates + a reader" 0 "$lostupdates lost updates" "$result"

# 5. Crash loops: an app process that restores and then ends on the restored screen, three launches
# in a row, then two that close normally. Each launch prints one JSON line; the guard must give
# exactly the expected sequence, every round: a trap (fatalError) counts at once; SIGKILL (kill -9)
# only from the second in a row. The Swift runtime's backtracer, which a trap reaches through the
# guard's handler, is quiet here.
navigation_worker="$bin/NavigationWorker"
crash_loops() { # <mode> <expected sequence>
    local mode=$1 expected=$2 good=0 round root seen out
    for round in $(seq 1 "$loops"); do
        root="$work/loops-$mode/$round"
        mkdir -p "$root/worker/scenes"
        printf '%s' '{"format":1,"savedAt":"2026-11-22T06:00:00.000Z","scene":"main","values":{"navigation":{"json":{"path":["a","b"],"tab":2}}}}' \
            >"$root/worker/scenes/main.json"
        seen=()
        for launch in "$mode" "$mode" "$mode" healthy healthy; do
            out=$(SWIFT_BACKTRACE=enable=no "$navigation_worker" "$launch" "$root" main 2>/dev/null || true)
            seen+=("$(sed -n 's/.*"failures":\([0-9]*\),"intervention":\("[a-z-]*"\|null\).*"restoredNothing":\(true\|false\).*/\2 \1 \3/p' <<<"$out" | tr -d '"')")
        done
        [ "$(IFS='|'; echo "${seen[*]}")" = "$expected" ] && good=$((good + 1))
    done
    echo "$good"
}
good=$(crash_loops trap 'null 0 false|crash-loop 1 false|crash-loop 2 true|crash-loop 3 true|null 0 false')
result=ok; [ "$good" = "$loops" ] || result=FAILED
row "crash loops (a trap on the restored screen, 3 in a row)" "$loops rounds, $((loops * 3)) traps" 0 "$((loops - good)) rounds off the expected sequence" "$result"
good=$(crash_loops kill 'null 0 false|null 0 false|crash-loop 1 false|crash-loop 2 true|null 0 false')
result=ok; [ "$good" = "$loops" ] || result=FAILED
row "kill loops (kill -9 on the restored screen, 3 in a row)" "$loops rounds, $((loops * 3)) kills" 0 "$((loops - good)) rounds off the expected sequence" "$result"

# 6. Fuzzing the decode-and-validate paths.
if line=$(Scripts/fuzz.sh "$fuzz_seconds" 2>/dev/null | tail -1); then result=ok; else result=FAILED; fi
runs=$(sed -n 's/.*runs=\([0-9]*\).*/\1/p' <<<"$line")
crashes=$(sed -n 's/.*crashes=\([0-9]*\).*/\1/p' <<<"$line")
row "libFuzzer, ${fuzz_seconds}s" "${runs:-0} inputs" "${crashes:-?}" "-" "$result"

echo
echo "| check | cases tried | crashes | lost or torn | result |"
echo "| --- | --- | --- | --- | --- |"
printf '%s\n' "${rows[@]}"
passed=$(printf '%s\n' "${rows[@]}" | grep -c '| ok |$' || true)
echo
echo "reliability: $passed passed, $(( ${#rows[@]} - passed )) failed"
exit $failed
