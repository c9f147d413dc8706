#!/bin/sh
# Coffee through the generic front ends: perft, the terminal game, options.
cd "$(dirname "$0")/.." || exit 2
. tests/lib.sh

out=$($Q perft coffee 3); status $? 0 "perft coffee"; has "$out" "perft 3: 18918" "perft hex 4"
out=$($Q perft coffee 3 board=square size=5); has "$out" "perft 3: 14528" "perft square 5"
out=$($Q perft coffee 2 board=square size=5 pie=1 --position "5/5/2b2/5/5 c3d o swap" --divide)
has "$out" "swap 14" "divide lists swap"; has "$out" "a1h 15" "divide lists a1h"
has "$out" "perft 2: 196" "perft from a position"
out=$($Q perft coffee 2 size=11 2>&1); status $? 2 "bad size"
has "$out" "option size: 11 is out of range for board=hex (2..10)" "bad size"
out=$($Q perft coffee 2 board=round 2>&1); status $? 2 "bad board"
has "$out" "'round' is not one of: hex, square" "bad board"
out=$($Q perft coffee 2 --position "4/5/6/7/6/5/4 d4h o -" 2>&1); status $? 2 "bad position"
has "$out" "the bar must lie on a piece of the player who moved last" "bad position"
out=$($Q games); has "$out" "coffee - Coffee (black moves first, then orange)" "games lists Coffee"
has "$out" "  size=0..19  (default 0) cells per side, hex 2..10, square 3..19 (0: the sheet's 4 on hex, 5 on square)" "games: size by board"

# the square board without a size is the sheet's beginner board: 5 x 5, four in a row
out=$(printf 'quit\n' | $Q play coffee board=square 2>&1)
has "$out" "Coffee (board=square size=5 n=4 pie=0). Type 'help' for commands." "square defaults to 5"
has "$out" " 5  * * * * *  5" "a 5 x 5 board"
out=$(printf 'quartet-game coffee board=square\nquartet-game\nboardsize 0\nboardsize 6\nquartet-game\n' | $Q gtp coffee 2>&1)
has "$out" "= coffee board=square size=5 n=4 pie=0" "GTP: square defaults to 5"
has "$out" "? unacceptable size: 0" "GTP: boardsize 0"
has "$out" "= coffee board=square size=6 n=4 pie=0" "GTP: boardsize 6"
# a record written with the size it was played at loads at that size
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
printf '(;FF[4]QG[coffee]QO[board=square size=4 n=4 pie=0];B[b2h])\n' >"$tmp/sq4.sgf"
out=$(printf 'load %s/sq4.sgf\nquit\n' "$tmp" | $Q play coffee --orange=human 2>&1)
has "$out" "sq4.sgf: 1 turn (back, forward" "one turn loaded"
has "$out" " 4  . . . .  4" "a record keeps its size: 4 x 4"
has "$out" " 2  *[B]* *  2" "the record's move"
out=$(printf 'loadsgf %s/sq4.sgf\nquartet-game\n' "$tmp" | $Q gtp 2>&1)
has "$out" "= coffee board=square size=4 n=4 pie=0" "GTP: a record keeps its size"

out=$(printf 'd4h\nmoves\ne4\nd5h\nd4v\ne4d\nundo\nquit\n' | $Q play coffee --orange=human 2>&1)
status $? 0 "play coffee"
has "$out" "Coffee (board=hex size=4 n=4 pie=0)" "title"
has "$out" " 4  * * *[B]* * *  4" "bar on d4 (the last piece, bracketed) and the cells along h"
has "$out" "B Black, O Orange, [ ] the last piece (the bar's), * where Orange may place" "legend"
has "$out" "Bar: on d4 along h (horizontal). 4 in a row wins." "bar line"
has "$out" "18 legal moves:" "moves"
has "$out" "e4 does not win, so the bar's axis is needed too" "axis needed"
has "$out" "d5 is not on the line the bar marks (axis h through d4)" "off the line"
has "$out" "there is no axis v on the hex board" "no v on hex"
has "$out" "Bar: on e4 along d (rising to the right)." "Orange's move"
has "$out" "Took back 1 turn." "undo"

out=$(printf 'c3d\nswap\nquit\n' | $Q play coffee board=square size=5 pie=1 --orange=human 2>&1)
has "$out" "colours swapped" "swap shown"
has "$out" " 3  . .[O]. .  3" "the swapped piece keeps the bar"

# computer against computer ends with a winner on every board
for o in "" "board=square size=5" "size=6" "board=square size=7 pie=1"; do
    out=$($Q play coffee $o --first=random:seed=1 --second=random:seed=2 </dev/null 2>&1)
    status $? 0 "random game $o"; has "$out" "Game over: " "random game $o ends"
    lacks "$out" "1/2-1/2" "no draw $o"
done
summary cli_coffee
