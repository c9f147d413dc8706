#!/bin/sh
# The ai player from the command line: bench, and the ai in the terminal game.
cd "$(dirname "$0")/.." || exit 2
. tests/lib.sh

out=$($Q bench 300); status $? 0 "bench"
has "$out" "loa      start  iterations      300" "bench loa start"
has "$out" "loa      ply 8  iterations      300" "bench loa after random moves"
has "$out" "iterations/s" "bench speed"
sig1=$(printf '%s\n' "$out" | grep '^signature')
sig2=$($Q bench 300 | grep '^signature')
has "$sig1" "signature " "bench signature"
has "$sig2" "$sig1" "bench signature is reproducible"
sig3=$($Q bench 301 | grep '^signature')
lacks "$sig3" "$sig1" "bench signature follows the search"
out=$($Q bench 0 2>&1); status $? 2 "bench bad count"; has "$out" "ITERATIONS must be" "bench bad count"
out=$($Q help bench); has "$out" "usage: quartet bench [ITERATIONS]" "help bench"

# the ai against random, to the end of the game (reproducible: fixed seeds and budget)
out=$($Q play loa --first=ai:iterations=200:seed=5 --second=random:seed=3 </dev/null 2>&1)
status $? 0 "ai against random"
has "$out" "Game over: 1-0" "ai beats random"
out=$($Q play loa --first=ai:memory=0 2>&1); status $? 2 "bad memory"; has "$out" "setting memory: 0 is out of range" "bad memory"
out=$($Q play loa --first=ai:wizardry=3 2>&1); status $? 2 "unknown setting"; has "$out" "unknown setting 'wizardry'" "unknown setting"
summary cli_ai
