#!/bin/sh
# The ai player from the command line: bench, and the ai in the terminal game.
cd "$(dirname "$0")/.." || exit 2
. tests/lib.sh

out=$($Q bench --quick 300); status $? 0 "bench"
has "$out" "loa      start  iterations      300" "bench loa start"
has "$out" "loa      ply 8  iterations      300" "bench loa after random moves"
has "$out" "iterations/s" "bench speed"
# the speed report: exact perft counts (depth 2 less than the full report)
has "$out" "loa              3       44952 " "bench report loa perft"
has "$out" "y11              3      278850 " "bench report y11 perft"
has "$out" "y11-progressive  2        4290 " "bench report y progressive perft"
has "$out" "y19              2       36100 " "bench report y19 perft"
has "$out" "lot              3      112896 " "bench report lot perft"
has "$out" "coffee-square7   3       69200 " "bench report coffee square perft"
has "$out" "|     200 " "bench report loa playout count"
has "$out" "|    500 " "bench report search iterations"
sig1=$(printf '%s\n' "$out" | grep '^signature')
sig2=$($Q bench --quick 300 | grep '^signature')
has "$sig1" "signature " "bench signature"
has "$sig2" "$sig1" "bench signature is reproducible"
# Pinned: a change to what any search, playout or perft does (a move, a
# count, a random draw) changes the signature.  A change meant to do that
# writes the new one here and says so; any other that does is a defect.
has "$sig1" "signature b31c508c2b1de0f6" "bench signature as pinned"
sig3=$($Q bench --quick 301 | grep '^signature')
lacks "$sig3" "$sig1" "bench signature follows the search"
json=$($Q bench --quick --json 300); status $? 0 "bench --json"
has "$json" "\"signature\": \"${sig1#signature }\"" "bench --json: the same signature"
has "$json" '"perft": {"depth": 3, "leaves": 44952,' "bench --json perft"
has "$json" '"game": "coffee", "options": "board=square size=7",' "bench --json workload"
has "$out" "1st won policy/s" "bench report policy playouts column"
has "$json" '"policy_playouts": {"count": 1000, "first": ' "bench --json y11 policy playouts"
has "$json" '"policy_playouts": {"count": 0, "first": 0, "second": 0,' "bench --json loa: no policy playout"
printf '%s' "$json" | python3 -c 'import json,sys; d=json.load(sys.stdin); assert len(d["workloads"]) == 8 and len(d["search"]) == 8'
status $? 0 "bench --json parses: 8 workloads, 8 searches"
# each bad word is named with what is wrong with it
u="(usage: quartet bench [ITERATIONS] [--json] [--quick])"
out=$($Q bench 0 2>&1); status $? 2 "bench bad count"
same "$out" "quartet bench: ITERATIONS must be a whole number 1..100000000, not '0' $u" "bench bad count"
out=$($Q bench 5 6 2>&1); status $? 2 "bench two counts"
same "$out" "quartet bench: a second ITERATIONS '6' $u" "bench two counts"
out=$($Q bench --fast 2>&1); status $? 2 "bench bad flag"
same "$out" "quartet bench: unknown flag '--fast' $u" "bench bad flag"
out=$($Q bench 300 --jsn 2>&1); status $? 2 "bench misspelt flag after the count"
same "$out" "quartet bench: unknown flag '--jsn' $u" "bench misspelt flag after the count"
out=$($Q help bench); has "$out" "usage: quartet bench [ITERATIONS] [--json] [--quick]" "help bench"

# the ai against random, to the end of the game (reproducible: fixed seeds and budget)
out=$($Q play loa --first=ai:iterations=200:seed=5 --second=random:seed=3 </dev/null 2>&1)
status $? 0 "ai against random"
has "$out" "Game over: 1-0" "ai beats random"
out=$($Q play loa --first=ai:memory=0 2>&1); status $? 2 "bad memory"; has "$out" "memory must be 1..65536, not 0" "bad memory"
out=$($Q play loa --first=ai:wizardry=3 2>&1); status $? 2 "unknown setting"; has "$out" "unknown setting 'wizardry'" "unknown setting"
out=$($Q play loa --first=random:level=3 2>&1); status $? 2 "random's settings"
has "$out" "unknown setting 'level' for random (known: seed, careful)" "random's settings"
out=$($Q play loa --first=mcts:level=0 2>&1); status $? 2 "mcts by name"
has "$out" "level must be 1..10, not 0" "mcts by name"

# the settings' help comes from the searchers' tables, the same in every
# command's help and in the README
settings() { sed -n '/^Computer players (KIND/,$p' | tail -n +2; }
play=$($Q help play | settings)
has "$play" "    level=1..10  (default 8)" "help lists level"
has "$play" "    ladder=standard|steep  (default standard; lot: steep)" "help names LOT's ladder"
has "$play" "    cutoff=0..1000  (default 0; loa: 1)" "help names LOA's tuned default"
has "$play" "  random  a uniformly random legal move, or (careful=1) one a move ahead" "help lists random"
has "$play" "    careful=0|1  (default 0)" "help lists random's careful"
for c in gtp match; do
    other=$($Q help $c | settings)
    if [ "$other" = "$play" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL help $c: other settings"; fi
done
readme=$(sed -n '/^  ai  the strongest/,/^```$/p' README.md | sed '$d')
if [ "$readme" = "$play" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL README's settings differ from quartet help play"; fi
summary cli_ai
