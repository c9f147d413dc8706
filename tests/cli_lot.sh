#!/bin/sh
# LOT through bin/quartet: perft, the terminal game's tower choices, swap.
cd "$(dirname "$0")/.." || exit 2
. tests/lib.sh

out=$($Q games); has "$out" "lot - LOT (Line of Three)" "games lists lot"
out=$($Q perft lot 3); status $? 0 "perft lot 3"; has "$out" "perft 3: 112896" "perft lot 3"
out=$($Q perft lot 2 pie=0); has "$out" "perft 2: 2352" "perft lot pie=0"
out=$($Q perft lot 1 --position "7/7/7/7/7/7/ww5 w" --divide)
has "$out" "c1+c1-a1-b1 1" "perft --divide shows tower moves"; has "$out" "perft 1: 49" "tower choices counted"
out=$($Q perft lot 1 --position "7/7/7/7/7/7/www4 w" 2>&1); status $? 2 "bad position"
has "$out" "the single white discs a1-b1-c1 form a line of three" "bad position explained"
out=$($Q perft lot 1 pie=3 2>&1); status $? 2 "bad option"; has "$out" "option pie: 3 is out of range (0..1)" "bad option"

# two people: White makes a line on the rank and picks the tower from a numbered list
out=$(printf 'a1\ng7\nb1\nf7\nc1\n2\nc1+c1-a1-b1\nswap\nh9\nquit\n' | $Q play lot --black=human 2>&1)
status $? 0 "play lot"
has "$out" "LOT (Line of Three) (pie=1)" "title"
has "$out" " 1  w w . . . . .  1" "board drawing"
has "$out" "w b = single disc, W B = tower (two discs)." "legend"
has "$out" "'c1' is the start of 3 moves:" "tower choices offered"
has "$out" "  3. c1+c1-a1-b1" "numbered choice"
has "$out" " 1 [. W .]. . . .  1" "chosen tower made (b1 kept), the move's cells bracketed"
has "$out" "c1+c1-a1-b1: a disc on c1 makes no line of three" "no tower due explained"
has "$out" "swap is allowed only as Black's first move" "late swap refused"
has "$out" "h9 is off the board" "off-board cell"

# swap, shown to people as colours swapped
out=$(printf 'd4\nswap\nquit\n' | $Q play lot --black=human 2>&1)
has "$out" "Black may play swap" "swap offered"
has "$out" " 4  . . .[b]. . .  4" "swap turns White's disc Black"
has "$out" "White to move (human)" "White moves after swap"

out=$($Q play lot --first=random:seed=3 --second=random:seed=4 </dev/null 2>&1)
status $? 0 "random against random"; has "$out" "Game over: " "a finished game"
summary cli_lot
