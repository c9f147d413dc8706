#!/bin/sh
# fuzz/run.sh HARNESS... - run each built harness (build/fuzz/bin/NAME) for
# FUZZ_SECONDS seconds, one after the other, from its seeds in
# fuzz/corpus/NAME (never written) plus build/fuzz/corpus/NAME (what runs
# found), with fuzz/NAME.dict when there is one.  Prints one line per
# harness: "NAME: RUNS runs in SECONDS s, COVERAGE, ok" or "... CRASH FILE".
# Exits 1 when any harness crashed, leaked, hung (-timeout) or ran out of
# memory (-rss_limit_mb); the input is kept as build/fuzz/crash-NAME-*.
cd "$(dirname "$0")/.." || exit 2
secs=${FUZZ_SECONDS:-60}
bad=0
for name in "$@"; do
    bin=build/fuzz/bin/$name
    work=build/fuzz/corpus/$name
    mkdir -p "$work"
    set -- -max_total_time="$secs" -timeout=20 -rss_limit_mb=2048 -print_final_stats=1 -print_funcs=0 \
        -artifact_prefix="build/fuzz/crash-$name-"
    case $name in
        fuzz_sgf) set -- "$@" -max_len=16384 ;;
        fuzz_gtp) set -- "$@" -max_len=8192 ;;
        *) set -- "$@" -max_len=4400 ;;
    esac
    [ -f "fuzz/$name.dict" ] && set -- "$@" -dict="fuzz/$name.dict"
    log=build/fuzz/$name.log
    UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 "$bin" "$@" "$work" "fuzz/corpus/$name" >"$log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
    t=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -n 1)
    if [ $rc -eq 0 ]; then
        echo "$name: ${runs:-0} runs in ${t:-$secs} s, $cov, ok"
    else
        bad=1
        crash=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n 1)
        echo "$name: CRASH after ${runs:-?} runs (exit $rc): ${crash:-see $log}"
        grep -E 'ERROR|fuzz check failed|runtime error' "$log" | head -n 3
    fi
done
exit $bad
