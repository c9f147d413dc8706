#!/bin/sh
# Solve LOT positions near the end of the AI's self-play games.
# usage: tools/solve-lot-endings.sh GAMES [ITERATIONS] [SECONDS] [PLIES...]
# Plays GAMES games of the ai against itself through GTP (seeds 1..GAMES,
# ITERATIONS per move, default 3000), then solves the positions PLIES
# turns before each game's end (default 1 3 5 7 9 11), with --first and a
# limit of SECONDS each (default 5), deeper only while proven.  Prints
# SEED|PLIES|VALUE|NODES|MS|RESULT per position.
Q=${Q:-./bin/quartet}
games=$1; iters=${2:-3000}; secs=${3:-5}; shift 3 2>/dev/null
plies=${*:-1 3 5 7 9 11}
for seed in $(seq 1 "$games"); do
    cmds="quartet-set seed $seed
quartet-set iterations $iters"
    for i in $(seq 1 60); do cmds="$cmds
genmove w
genmove b"; done
    moves=$(printf '%s\nquartet-result\nquartet-moves\n' "$cmds" | $Q gtp lot 2>/dev/null | grep '^=' | tail -2)
    result=$(echo "$moves" | head -1 | cut -c3-); moves=$(echo "$moves" | tail -1 | cut -c3-)
    set -- $moves; n=$#
    for k in $plies; do
        [ "$k" -lt "$n" ] || break
        keep=$(echo "$moves" | tr ' ' '\n' | head -n $((n - k)) | tr '\n' ' ')
        res=$($Q solve lot --moves "$keep" --first --quiet --time "$secs" --memory 32 \
              --progress 0 2>/dev/null | grep '^result')
        v=$(echo "$res" | sed 's/.*value=\([a-z]*\).*/\1/')
        echo "$seed|$k|$v|$(echo "$res" | sed 's/.*nodes=\([0-9]*\).*/\1/')|$(echo "$res" | sed 's/.*ms=\([0-9]*\).*/\1/')|$result"
        [ "$v" = unknown ] && break
    done
done
