#!/bin/sh
# bin/quartet's subcommands: help, version, perft, games, and their errors.
cd "$(dirname "$0")/.." || exit 2
. tests/lib.sh

out=$($Q --help); status $? 0 "--help"; has "$out" "usage: quartet COMMAND" "--help"
has "$out" "perft" "--help lists perft"
out=$($Q --version); has "$out" "quartet 0." "--version"
out=$($Q help perft); has "$out" "usage: quartet perft GAME DEPTH" "help perft"
out=$($Q help nosuch 2>&1); status $? 2 "help nosuch"; has "$out" "unknown command 'nosuch'" "help nosuch"
out=$($Q frobnicate 2>&1); status $? 2 "unknown command"; has "$out" "unknown command 'frobnicate'" "unknown command"
out=$($Q 2>&1); status $? 2 "no command"

out=$($Q perft loa 3 repetition=0); status $? 0 "perft loa 3"; has "$out" "perft 3: 44952" "perft loa 3"
has "$out" "nodes/s" "perft speed"
# a fast run still has a time and a speed (microsecond clock)
out=$($Q perft loa 1)
if echo "$out" | grep -Eq '^time [0-9]+\.[0-9]{3} ms, [1-9][0-9]* nodes/s$'; then pass=$((pass+1)); echo "ok perft 1 timed"; else fail=$((fail+1)); echo "FAIL perft 1 timed: $out"; fi
out=$($Q perft loa 2 --position "w6b/8/8/8/8/8/8/b1b1w3 b"); has "$out" "perft 2: " "perft --position"
out=$($Q perft loa 2 --divide repetition=0); has "$out" "perft 2: 1244" "options after flags"
out=$($Q perft loa 1 --divide); has "$out" "c8xa6 1" "perft --divide"; has "$out" "perft 1: 36" "perft --divide total"
out=$($Q perft chess 3 2>&1); status $? 2 "perft unknown game"; has "$out" "unknown game 'chess'" "perft unknown game"
out=$($Q perft loa x 2>&1); status $? 2 "perft bad depth"; has "$out" "DEPTH must be" "perft bad depth"
out=$($Q perft loa 2 speed=9 2>&1); status $? 2 "perft bad option"; has "$out" "unknown option 'speed'" "perft bad option"
out=$($Q perft loa 2 --position "nonsense" 2>&1); status $? 2 "perft bad position"; has "$out" "position:" "perft bad position"

# every word counts, however many (up to the stated 64 after DEPTH), and
# a flag's missing value is named
many=$(for i in $(seq 40); do printf 'repetition=3 --divide '; done)
out=$($Q perft loa 1 $many 2>&1); status $? 2 "perft over 64 words"
same "$out" "quartet perft: too many arguments (at most 64 after DEPTH)" "perft over 64 words"
many=$(for i in $(seq 31); do printf 'repetition=3 --divide '; done)
out=$($Q perft loa 1 $many speed=9 --bogus 2>&1); status $? 2 "perft 64th word checked"
same "$out" "quartet: unknown option 'speed' for loa (options: simultaneous, nomove, repetition)" "perft 64th word checked"
out=$($Q perft loa 1 $many --bogus 2>&1); status $? 2 "perft last flag checked"
same "$out" "quartet perft: unexpected argument '--bogus'" "perft last flag checked"
out=$($Q perft loa 1 --position 2>&1); status $? 2 "perft --position without TEXT"
same "$out" "quartet perft: --position needs a TEXT" "perft --position without TEXT"
out=$($Q perft 2>&1); status $? 2 "perft alone"
same "$out" "usage: quartet perft GAME DEPTH [opt=value ...] [--position TEXT] [--divide]" "perft usage"

out=$($Q games); has "$out" "loa - Lines of Action" "games"; has "$out" "repetition=0..100" "games options"
summary cli_basic
