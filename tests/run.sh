#!/bin/sh
# Runs every test program in DIR (default build/rel/tests) and every shell test
# (tests/cli_*.sh, which run the binary named by $Q, default bin/quartet),
# then prints the total as "N passed, N failed".  Exits non-zero if
# anything failed.
cd "$(dirname "$0")/.." || exit 2
dir=${1:-build/rel/tests}
# the tools built beside the tests (tests/cli_y.sh runs tools/ypatterns.c's)
export QUARTET_TOOLS="$(dirname "$dir")/tools"
passed=0 failed=0
log=$(mktemp)
# ONLY="prog script ..." runs just those (the ThreadSanitizer build).
for t in ${ONLY:-"$dir"/test_* tests/cli_*.sh}; do
    [ -e "$t" ] || continue
    case "$t" in *.d) continue ;; esac
    case "$t" in
        *.sh) sh "$t" >"$log" 2>&1 ;;
        *) "$t" >"$log" 2>&1 ;;
    esac
    rc=$?
    cat "$log"
    line=$(grep -E '[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1)
    p=$(echo "$line" | sed -E 's/.*(^|[^0-9])([0-9]+) passed, ([0-9]+) failed.*/\2/')
    f=$(echo "$line" | sed -E 's/.*(^|[^0-9])([0-9]+) passed, ([0-9]+) failed.*/\3/')
    if [ -z "$line" ]; then
        echo "$t: crashed or printed no summary (exit $rc)"
        p=0 f=1
    elif [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        echo "$t: exit $rc"
        f=1
    fi
    passed=$((passed + p))
    failed=$((failed + f))
done
rm -f "$log"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
