#!/bin/sh
# Y through the generic front ends: perft, the terminal game, multi-stone turns.
cd "$(dirname "$0")/.." || exit 2
. tests/lib.sh

out=$($Q perft y 3 size=4); status $? 0 "perft y"; has "$out" "perft 3: 810" "perft y size 4 with pie"
out=$($Q perft y 3 size=4 pie=0); has "$out" "perft 3: 720" "perft y size 4 without pie"
out=$($Q perft y 2 size=5 --position "1/2/3/1b2/5 w 2 - swap" --divide)
has "$out" "swap 14" "perft divide lists swap"; has "$out" "perft 2: 196" "perft from a position"
out=$($Q perft y 2 size=27 2>&1); status $? 2 "bad size"; has "$out" "option size: 27 is out of range (2..26)" "bad size"
out=$($Q perft y 2 variant=triple 2>&1); status $? 2 "bad variant"
has "$out" "'triple' is not one of: standard, progressive, double" "bad variant"
out=$($Q games); has "$out" "pie=auto|0|1" "games lists Y's options"

# help explains comma-joined turns where a turn can hold several stones only
out=$(printf 'help\nquit\n' | $Q play y variant=double --white=human 2>&1)
has "$out" "A turn of several moves is written with commas, e.g. h2,j4." "help: multi-stone turns"
out=$(printf 'help\nquit\n' | $Q play y --white=human 2>&1)
lacks "$out" "written with commas" "help: standard Y has one stone a turn"

# the sheet's example: after White's h2 and j4, Black may not play h3 and i4 together
out=$(printf 'a1\nh2,j4\nh3,i4\nh3\ni4\nundo\nquit\n' | $Q play y variant=double --white=human 2>&1)
status $? 0 "play y"
has "$out" "Y (size=11 variant=double pie=auto)" "title"
has "$out" "     a b c d e f g h i j k" "column letters"
has "$out" "       9 i . . .  9" "each row numbered at both ends, its first cell's column before it"
has "$out" "Turn 3: Black places 2 stones; 1 placed, 1 to go (so far: h3)" "stones left this turn"
has "$out" "illegal move i4: it would join h3, placed earlier this turn, in one group" "group rule"
has "$out" "Took back 1 turn." "undo"

out=$(printf 'c3\nswap\nquit\n' | $Q play y size=5 --white=human 2>&1)
has "$out" "colours swapped" "swap shown"
has "$out" "   3 c[W]. .  3" "the swapped stone bracketed"
has "$out" " 1 a . . . . .  1" "bottom row"

# computer against computer ends with a Y, in every variant
for v in standard progressive double; do
    out=$($Q play y size=7 variant=$v --first=random:seed=1 --second=random:seed=2 </dev/null 2>&1)
    status $? 0 "random game $v"; has "$out" "makes a Y" "random game $v ends with a Y"
done

# tools/ypatterns.c: the standard game's pattern counts from match logs.
# Every position after the opening counts once, its move chosen once; a
# log of another game is skipped; a bad move stops the tool.
yp=${QUARTET_TOOLS:-build/rel/tools}/ypatterns
tmp=$(mktemp -d)
$Q match -game y size=5 -games 2 -random-plies 1 -tc iterations=50 -seed 3 quartet name=a quartet name=b \
    -log "$tmp/y.log" >/dev/null 2>&1
$Q match -game lot -games 1 -tc iterations=50 quartet name=a quartet name=b -log "$tmp/lot.log" >/dev/null 2>&1
positions=$(grep '^game=' "$tmp/y.log" | tr '\t' '\n' | grep '^moves=' | sed 's/^moves=//' | tr ' ' '\n' |
    grep -cvx 'swap')
out=$("$yp" "$tmp/y.log" "$tmp/lot.log"); status $? 0 "ypatterns"
has "$out" "from 2 games ($positions positions)" "ypatterns counts the Y games' positions"
sums=$(printf '%s\n' "$out" | grep '^    {' | tr -d '{},' | awk '{ s += $4; c += $5 } END { print s, c }')
# the empty cells before each counted move of Y 5's 15 (swap places no stone)
empty=$(grep '^game=' "$tmp/y.log" | tr '\t' '\n' | grep -E '^(opening|moves)=' | awk -F= '
    $1 == "opening" { stones = 0; n = split($2, t, " "); for (i = 1; i <= n; i++) stones += t[i] != "swap" }
    $1 == "moves" { n = split($2, t, " "); for (i = 1; i <= n; i++) if (t[i] != "swap") { s += 15 - stones; stones++ } }
    END { print s }')
has "$sums" "$empty $positions" "ypatterns: every empty cell seen, one chosen in each position"
printf '%s\n' "$out" > "$tmp/counts.h"
printf '#include <stdint.h>\n#include "counts.h"\nint main(void) { return sizeof y_pattern_counts == 0; }\n' > "$tmp/c.c"
${CC:-cc} -o "$tmp/c" "$tmp/c.c" && "$tmp/c"; status $? 0 "ypatterns writes a C table"
sed 's/\tmoves=[^\t]*/\tmoves=zz9/' "$tmp/y.log" > "$tmp/bad.log"
out=$("$yp" "$tmp/bad.log" 2>&1); status $? 1 "ypatterns: a bad move"
has "$out" "ypatterns: zz9: " "ypatterns names the bad move"
rm -rf "$tmp"
summary cli_y
