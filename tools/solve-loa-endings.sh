#!/bin/sh
# Solve Lines of Action positions a few plies before the end of real games.
# usage: tools/solve-loa-endings.sh DATA_DIR [SECONDS] [PLIES...]
# For every record that ends on the board (no resignation or forfeit, the
# last move finishes the game), solves the positions PLIES plies before the
# end (default 1 3 5 7 9) with --first and a time limit of SECONDS each
# (default 2), deeper only while the shallower ones were proven.  Prints
# one line per position: FILE|GAME|PLIES|VALUE|NODES|MS, where VALUE is the
# value for the side to move there.
Q=${Q:-./bin/quartet}
dir=$1; secs=${2:-2}; shift 2 2>/dev/null
plies=${*:-1 3 5 7 9}
for f in "$dir"/*.txt; do
    grep -v '^#' "$f" | while IFS='|' read -r gn pb pw moves end start; do
        [ "$end" = "-" ] || continue
        set -- $moves; n=$#
        pos=${start:+--position}
        # the record must end on the board
        out=$($Q solve loa ${pos:+"$pos" "$start"} --moves "$moves" --nodes 1 --progress 0 2>&1)
        case $out in *"already over"*) ;; *) continue ;; esac
        for k in $plies; do
            [ "$k" -lt "$n" ] || break
            keep=$(echo "$moves" | tr ' ' '\n' | head -n $((n - k)) | tr '\n' ' ')
            res=$($Q solve loa ${pos:+"$pos" "$start"} --moves "$keep" --first --quiet \
                  --time "$secs" --memory 32 --progress 0 2>/dev/null | grep '^result')
            v=$(echo "$res" | sed 's/.*value=\([a-z]*\).*/\1/')
            echo "$(basename "$f")|$gn|$k|$v|$(echo "$res" | sed 's/.*nodes=\([0-9]*\).*/\1/')|$(echo "$res" | sed 's/.*ms=\([0-9]*\).*/\1/')"
            [ "$v" = unknown ] && break
        done
    done
done
