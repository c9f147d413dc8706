#!/bin/sh
# Records from the terminal game: save and load commands.
cd "$(dirname "$0")/.." || exit 2
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

out=$(printf 'c8-c6\na6-c4\nsave %s/g.sgf\nquit\n' "$tmp" | $Q play loa --second=human 2>&1)
has "$out" "Saved to $tmp/g.sgf." "play: save"
sgf=$(cat "$tmp/g.sgf"); has "$sgf" ";B[c8-c6]" "saved moves"; has "$sgf" "PB[human]" "saved players"
out=$(printf 'load %s/g.sgf\nmoves\nload %s/none.sgf\nsave %s/no/dir.sgf\nhelp\nquit\n' "$tmp" "$tmp" "$tmp" |
    $Q play loa --second=human 2>&1)
has "$out" "Loaded $tmp/g.sgf: " "play: load"
has "$out" " 4  W .[W]. . . . W  4" "loaded position, its last turn bracketed"
has "$out" " 6 [.]. B . . . . W  6" "the last turn's start square bracketed"
has "$out" "cannot read $tmp/none.sgf: No such file" "play: load missing"
has "$out" "cannot write $tmp/no/dir.sgf" "play: save into a missing folder"
has "$out" "  save FILE      save the game as an SGF record" "play: help"
# the terminal game and GTP read each other's records
printf 'load %s/g.sgf\nc6-a6\nsave %s/h.sgf\nquit\n' "$tmp" "$tmp" | $Q play loa --second=human >/dev/null 2>&1
out=$(printf 'loadsgf %s/h.sgf\nquartet-moves\n' "$tmp" | $Q gtp); has "$out" "= c8-c6 a6-c4 c6-a6" "GTP reads play's record"
# a record that starts from a position (QP[]) keeps it when the terminal
# game plays on and saves: the file loads again and replays
printf '(;FF[4]GM[9]SZ[8]QG[loa]QP[1b1bbbb1/w6w/w1b4w/w6w/w6w/w6w/w6w/1bbbbbb1 w])\n' >"$tmp/qp.sgf"
out=$(printf 'load %s/qp.sgf\na6-c4\nsave %s/qp2.sgf\nquit\n' "$tmp" "$tmp" | $Q play loa --second=human 2>&1)
has "$out" "Saved to $tmp/qp2.sgf." "play: save after a start position"
has "$(cat "$tmp/qp2.sgf")" "QP[1b1bbbb1/w6w/w1b4w/w6w/w6w/w6w/w6w/1bbbbbb1 w]" "play keeps QP[]"
out=$(printf 'loadsgf %s/qp2.sgf\nquartet-moves\nquartet-position\n' "$tmp" | $Q gtp)
has "$out" "= a6-c4" "the saved record replays"
has "$out" "= 1b1bbbb1/w6w/2b4w/w6w/w1w4w/w6w/w6w/1bbbbbb1 b" "the saved record's position"
summary cli_record
