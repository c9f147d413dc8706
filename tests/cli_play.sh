#!/bin/sh
# The terminal game driven through a pipe, as a person would type.
cd "$(dirname "$0")/.." || exit 2
. tests/lib.sh

out=$(printf 'help\nc8-c5\nzz\nmoves\nc8-c6\nundo\nboard\nquit\n' | $Q play loa --white=random:seed=7 2>&1)
status $? 0 "play exits cleanly"
has "$out" "Lines of Action (simultaneous=draw nomove=pass repetition=3)" "title"
has "$out" " 8  . B B B B B B .  8" "board drawing"
has "$out" "  moves          list the legal moves" "help"
has "$out" "must move exactly 2 squares" "illegal move explained"
has "$out" "'zz' is not a move" "garbage explained"
has "$out" "36 legal moves:" "moves"
has "$out" "White plays " "computer replies"
has "$out" "Took back 2 turns." "undo takes back both turns"

# human against human, to the end of a game: the sheet's connection example
out=$(printf 'c8-c6\na6-c4\nquit\n' | $Q play loa --second=human 2>&1)
has "$out" "White to move (human)" "two humans"
lacks "$out" "plays" "no computer moves"

# random against random plays a whole game and stops by itself
out=$($Q play loa --first=random:seed=3 --second=random:seed=4 </dev/null 2>&1)
status $? 0 "computer against computer"
has "$out" "Game over: " "a finished game"

# the pie rule is announced as a colour swap
out=$(printf 'd4\nswap\nquit\n' | $Q play lot --black=human 2>&1)
has "$out" "Colours swapped: the first piece changes colour." "swap announced"

# bad seats
out=$($Q play loa --green=human 2>&1); status $? 2 "bad side"; has "$out" "unknown side 'green'" "bad side"
out=$($Q play loa --white=wizard 2>&1); status $? 2 "bad player"; has "$out" "unknown player kind 'wizard'" "bad player"
out=$($Q play loa --white=ai:level=99 2>&1); status $? 2 "bad setting"; has "$out" "level must be 1..10, not 99" "bad setting"
out=$($Q play loa nomove=sometimes 2>&1); status $? 2 "bad option"; has "$out" "not one of: pass, lose" "bad option"
# end of input mid-game leaves cleanly
out=$(printf 'c8-c6\n' | $Q play loa --white=human 2>&1); status $? 0 "end of input"
# flags and options in any order; a bad clock
out=$(printf 'quit\n' | $Q play lot --black=human pie=0 2>&1); status $? 0 "option after a flag"
has "$out" "LOT (Line of Three) (pie=0)." "option after a flag"
out=$($Q play loa --clock 5 2>&1 </dev/null); status $? 0 "clock minutes only"
has "$out" "Clock: Black 5:00 (running) White 5:00" "clock shown"
out=$($Q play loa --clock=x+3 2>&1); status $? 2 "bad clock"
has "$out" "quartet play: --clock wants MINUTES+SECONDS, e.g. --clock 5+3" "bad clock"
out=$($Q play loa stray 2>&1); status $? 2 "stray word"
has "$out" "unexpected argument 'stray'" "stray word"
# the help names every command
out=$($Q help play 2>&1)
for c in moves hint analyze undo resign "level N, time S" back forward first last "goto N" \
    "save FILE, load FILE" board new help quit "--clock MIN+SEC"; do
    has "$out" "$c" "help play: $c"
done
has "$out" "The board shows the last turn's cells in brackets ([B]), on a colour terminal" "help play: the marks"
has "$out" "also in reverse video (not when NO_COLOR is set)." "help play: NO_COLOR"
summary cli_play
