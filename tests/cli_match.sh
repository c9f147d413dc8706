#!/bin/sh
# quartet match: refereeing misbehaving engines, the log, resume, errors.
# The engines here are tests/engines/fake.sh (see its header).
cd "$(dirname "$0")/.." || exit 2
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
F=tests/engines/fake.sh

out=$($Q help match); status $? 0 "help match"
for flag in -game -games -schedule -openings -opening-start -random-plies -seed -tc -margin -timeout \
    -max-plies -concurrency -sprt -log -resume -sgf -report -debug cmd= name= example \
    "3 a write failed (disk full"; do
    has "$out" "$flag" "help match documents $flag"
done

# Every way of misbehaving, round robin: the first mover misbehaves first
# and loses with its own reason; the match goes on to the end.
out=$($Q match -games 2 -tc ms=300 -random-plies 2 -log "$tmp/rr.log" \
    cmd="$F illegal" name=illegal cmd="$F garbage" name=garbage cmd="$F slow" name=slow \
    cmd="$F crash" name=crash cmd="$F refuse" name=refuse 2>&1)
status $? 0 "misbehaving round robin exits 0"
has "$out" "roundrobin, 5 players, 20 games" "round robin schedule"
has "$out" "match finished: 20 games" "all games played"
has "$out" "game 1/20: illegal vs garbage 0-1 (illegal loses: illegal move 'zz99' by black: 'zz99' is not a move" "illegal move"
has "$out" "game 2/20: garbage vs illegal 0-1 (garbage loses: garbage answer 'hello there' to 'genmove black')" "garbage answer"
has "$out" "slow vs illegal 0-1 (slow loses: time forfeit: no move within 350 ms)" "time forfeit"
has "$out" "crash vs illegal 0-1 (crash loses: engine exited with status 3)" "crash mid-game"
has "$out" "refuse vs illegal 0-1 (refuse loses: engine refused 'genmove': no move)" "refused genmove"
# crash was restarted for its later games: it played (and lost) all 4 as first player
n=$(grep -c "first=crash.*result=0-1.*engine exited with status 3" "$tmp/rr.log")
status "$n" 4 "crash restarted after each crash"
has "$(grep -c '^game=' "$tmp/rr.log")" "20" "20 log lines"
has "$out" "illegal      8      4      4      0   50.0%      0.0" "standings"

# An engine that refuses to hear a move loses when it is told one.
out=$($Q match -games 2 -tc ms=500 cmd="$F illegal" name=a cmd="$F deaf" name=b 2>&1)
has "$out" "game 2/2: b vs a 0-1 (b loses: illegal move" "deaf moves first and loses"
has "$out" "game 1/2: a vs b 0-1 (a loses: illegal move" "illegal first"

# An answer past the stated limit (64 KiB) is garbage.
out=$($Q match -games 2 -tc ms=2000 cmd="$F flood" name=f cmd="$F illegal" name=i 2>&1)
has "$out" "game 1/2: f vs i 0-1 (f loses: engine sent an answer longer than 65536 bytes)" "answer limit"

# A resignation ends the game off the board: in the log and the record.
out=$($Q match -games 2 -tc ms=500 -sgf "$tmp/resign.sgf" cmd="$F resign" name=r cmd="$F illegal" name=i 2>&1)
has "$out" "game 1/2: r vs i 0-1 (Black resigned)" "resignation"
has "$(cat "$tmp/resign.sgf")" "RE[W+R]" "resignation in the record"

# A clock: time_left before each turn, the time used taken off and the
# increment added; running out (plus the margin) loses on time.
out=$($Q match -games 2 -tc 1+0.1 -debug random:seed=1 random:seed=2 2>&1)
has "$out" "time_left black 1 0" "clock starts at the base"
t=$(printf '%s\n' "$out" | grep -o 'time_left black [0-9.]*' | sed -n 2p | cut -d' ' -f3)
if awk -v t="$t" 'BEGIN { exit !(t > 1.0 && t <= 1.1) }'; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL clock: black's second time_left is '$t', expected 1.0 < t <= 1.1"; fi
out=$($Q match -games 2 -tc 1+0 cmd="$F slow" name=s cmd="$F illegal" name=i 2>&1)
has "$out" "game 1/2: s vs i 0-1 (s loses: time forfeit: out of time (1000 ms on the clock + 50 ms margin))" "flag fall"

# A stray extra answer is caught by the command ids, not taken for the next.
out=$($Q match -games 2 -random-plies 2 -tc ms=500 cmd="$F twice" name=twice cmd="$F illegal" name=ill 2>&1)
has "$out" "game 1/2: twice vs ill 0-1 (twice loses: answer to another command (id 4) for 'play white a7-c7')" "stray answer"
has "$out" "game 2/2: ill vs twice 1-0 (twice loses: answer to another command" "stray answer, second game"

# An engine that never starts stops the match (exit 1), nothing is scored.
out=$($Q match -games 2 cmd="/nonexistent/engine" cmd="$F illegal" -log "$tmp/dead.log" 2>&1)
status $? 1 "engine that cannot start"
has "$out" "engine engine cannot be started: engine exited with status 127" "start failure message"
has "$(grep -c '^game=' "$tmp/dead.log")" "0" "no game scored"
lacks "$out" "rank" "no table without games"
lacks "$out" "50.0%" "no 0-game scores"

# An engine that started once but cannot be restarted loses its games by
# forfeit; three failed restarts in a row end the match (status 1).
out=$($Q match -games 8 -tc ms=500 -log "$tmp/once.log" cmd="FAKE_ONCE=$tmp/once $F crash" name=c cmd="$F illegal" name=i 2>&1)
status $? 1 "engine that cannot be restarted"
has "$out" "game 1/8: c vs i 0-1 (c loses: engine exited with status 3)" "crash before the restarts"
has "$out" "game 2/8: i vs c 1-0 (c loses: could not be restarted: engine exited with status 5)" "restart forfeit"
has "$out" "engine c cannot be started: engine exited with status 5" "third failed restart stops"
status "$(grep -c '^game=' "$tmp/once.log")" 3 "games up to the stop are logged"

# A gauntlet: the first player against each other one, never the others
# against each other.
out=$($Q match -schedule gauntlet -games 2 -tc ms=500 -log "$tmp/g.log" cmd="$F illegal" name=g \
    cmd="$F garbage" name=x cmd="$F illegal" name=y 2>&1)
has "$out" "gauntlet, 3 players, 4 games" "gauntlet schedule"
status "$(grep -c '^game=.*first=g	second=[xy]	' "$tmp/g.log")" 2 "gauntlet: g first twice"
status "$(grep -c '^game=.*first=[xy]	second=g	' "$tmp/g.log")" 2 "gauntlet: g second twice"

# -max-plies: a draw by adjudication after exactly N plies.
out=$($Q match -games 2 -max-plies 4 -log "$tmp/mp.log" random:seed=1 random:seed=2 2>&1)
has "$out" "game 1/2: random:seed=1 vs random:seed=2 1/2-1/2 (adjudicated: 4 plies reached)" "adjudication"
status "$(grep -c 'result=1/2-1/2.*turns=4	' "$tmp/mp.log")" 2 "adjudicated games keep their 4 turns"

# Any searcher plays by name with its own settings (checked before the match).
out=$($Q match -games 2 -random-plies 2 -log "$tmp/ab.log" alphabeta:depth=2 random:seed=3 2>&1)
has "$out" "match finished: 2 games" "alphabeta plays by name"
out=$($Q match -game coffee -games 1 random random 2>&1)
has "$(printf '%s\n' "$out" | tail -n 1)|" "match finished: 1 game|" "one game is one game"
status "$(grep -c '^game=' "$tmp/ab.log")" 2 "alphabeta's games logged"
# MCTS with two search threads plays a match (and its settings are checked).
out=$($Q match -game y size=5 -games 2 -random-plies 2 -log "$tmp/thr.log" mcts:threads=2,iterations=500 random:seed=3 2>&1)
has "$out" "match finished: 2 games" "mcts with two threads plays a match"
status "$(grep -c '^game=' "$tmp/thr.log")" 2 "its games logged"
out=$($Q match -games 2 mcts:threads=0 random 2>&1); status $? 2 "the threads setting checked"
has "$out" "player mcts:threads=0: threads must be 1..64, not 0" "the threads setting checked"
out=$($Q match -games 2 alphabeta:depth=99 random 2>&1); status $? 2 "alphabeta's settings checked"
has "$out" "player alphabeta:depth=99: depth must be 0..60, not 99" "alphabeta's settings checked"
out=$($Q match -games 2 wizard random 2>&1); status $? 2 "unknown player kind"
has "$out" "unknown player 'wizard' (quartet[:settings], a searcher such as alphabeta[:settings] or random[:settings], or cmd=\"COMMAND\")" "unknown player kind"

# A full disk: the log cannot even get its header (status 3, not 1)...
ln -s /dev/full "$tmp/full.log"
out=$($Q match -games 2 -tc ms=500 -log "$tmp/full.log" cmd="$F illegal" cmd="$F garbage" 2>&1)
status $? 3 "log on a full disk"
has "$out" "cannot write log $tmp/full.log: No space left on device" "full disk message"
lacks "$out" "game 1/2" "no game on a full disk"
# ...or a game record fails after the game: the match stops there.
ln -s /dev/full "$tmp/full.sgf"
out=$($Q match -games 4 -tc ms=500 -sgf "$tmp/full.sgf" cmd="$F illegal" name=a cmd="$F garbage" name=b 2>&1)
status $? 3 "records on a full disk"
has "$out" "cannot write $tmp/full.sgf: No space left on device; stopping" "record write failure"
has "$out" "stopped after 1 of 4 games: a write failed" "stopped after the first game"
lacks "$out" "game 2/4" "no second game"
# A name without .sgf is a folder: a file of that name is refused before any game.
: > "$tmp/notdir"
out=$($Q match -games 2 -tc ms=500 -sgf "$tmp/notdir" cmd="$F illegal" cmd="$F garbage" 2>&1)
status $? 2 "-sgf names a file that is not a folder"
has "$out" "quartet match: -sgf $tmp/notdir: not a folder (a name ending in .sgf is one file of every game)" \
    "-sgf: not a folder"
lacks "$out" "game 1/2" "no game when -sgf is not a folder"
# The log fills up mid-match (a file size limit: 2 blocks): the game whose
# line failed is not counted; -resume with room again plays the rest.
out=$( (ulimit -f 2; $Q match -games 12 -tc ms=500 -log "$tmp/lim.log" cmd="$F illegal" name=a cmd="$F garbage" name=b) 2>&1)
status $? 3 "log write fails mid-match"
has "$out" "writing the log failed: File too large; stopping" "file size limit message"
n=$(grep -c '^game=.*	ms=$' "$tmp/lim.log")
if [ "$n" -ge 1 ] && [ "$n" -lt 12 ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL file size limit: $n whole game lines, expected 1..11"; fi
has "$out" "stopped after $n of 12 games: a write failed; free space, then run again with -resume" "count of logged games"
out=$($Q match -games 12 -tc ms=500 -log "$tmp/lim.log" -resume cmd="$F illegal" name=a cmd="$F garbage" name=b 2>&1)
status $? 0 "resume after a full disk"
has "$out" "resuming: $n of 12 games already played" "resume counts the logged games"
status "$(grep -c '^game=' "$tmp/lim.log")" 12 "every game once after the resume"

# Resume: kill the runner midway, run again with -resume: every game once.
args="-games 12 -tc ms=3000 -log $tmp/res.log"
FAKE_DELAY=0.1 $Q match $args cmd="$F illegal" name=a cmd="$F garbage" name=b >/dev/null 2>&1 &
pid=$!
# kill it once two games are logged (or after 5 s at most)
i=0
logged() { cat "$tmp/res.log" 2>/dev/null | grep -c '^game='; }
while [ "$(logged)" -lt 2 ] && [ $i -lt 50 ]; do
    sleep 0.1; i=$((i + 1))
done
kill -KILL $pid
wait $pid 2>/dev/null
before=$(logged)
if [ "$before" -gt 0 ] && [ "$before" -lt 12 ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL resume: $before games before the kill, expected 1..11"; fi
printf 'game=12\tencounter=1\tround=12\tfirst=b' >>"$tmp/res.log" # a line cut short
out=$(FAKE_DELAY=0 $Q match $args cmd="$F illegal" name=a cmd="$F garbage" name=b 2>&1)
status $? 2 "resume without -resume refuses"
has "$out" "already exists: add -resume" "resume needed"
out=$(FAKE_DELAY=0 $Q match $args -resume cmd="$F illegal" name=a cmd="$F garbage" name=b 2>&1)
status $? 0 "resumed match finishes"
has "$out" "resuming: $before of 12 games already played" "resume message"
has "$out" "dropping an unfinished last line" "partial line dropped"
has "$out" "match finished: 12 games" "resumed total"
games=$(grep '^game=' "$tmp/res.log" | cut -f1 | sort | uniq | wc -l | tr -d ' ')
lines=$(grep -c '^game=' "$tmp/res.log")
status "$games" 12 "12 distinct games after resume"
status "$lines" 12 "no duplicate games after resume"
has "$out" "a vs b: +6 -6 =0, score 50.0%" "resumed totals include old games"
out=$($Q match -games 10 -tc ms=3000 -log "$tmp/res.log" -resume cmd="$F illegal" name=a cmd="$F garbage" name=b 2>&1)
status $? 2 "resume of another match"
has "$out" "quartet match: log $tmp/res.log belongs to another match (games: '12' in the log, '10' here)" \
    "resume of another match names the difference"
# game lines that are not this match's: refused with the line's number,
# the log left as it was
head -n 1 "$tmp/res.log" >"$tmp/bad.log"
good=$(sed -n 2p "$tmp/res.log")
for bad in 'garbage|not a game line of this match' \
    "$(printf '%s' "$good" | sed 's/^game=[0-9]*/game=0/')|not a game line of this match" \
    "$(printf '%s' "$good" | sed 's/^game=[0-9]*/game=13/')|not a game line of this match" \
    "$(printf '%s' "$good" | sed 's/result=[^	]*/result=2-0/')|not a game line of this match" \
    "$(printf '%s' "$good" | sed 's/first=[^	]*/first=c/')|game [0-9]* was not c vs [ab] in this match"; do
    head -n 1 "$tmp/res.log" >"$tmp/bad.log"
    printf '%s\n' "${bad%%|*}" >>"$tmp/bad.log"
    cp "$tmp/bad.log" "$tmp/bad.before"
    out=$($Q match -games 12 -tc ms=3000 -log "$tmp/bad.log" -resume cmd="$F illegal" name=a cmd="$F garbage" name=b 2>&1)
    status $? 2 "a bad game line: ${bad#*|}"
    if printf '%s' "$out" | grep -q "^quartet match: $tmp/bad.log:2: ${bad#*|}\$"; then pass=$((pass + 1))
    else fail=$((fail + 1)); echo "FAIL a bad game line: ${bad#*|}: $out"; fi
    if cmp -s "$tmp/bad.log" "$tmp/bad.before"; then pass=$((pass + 1))
    else fail=$((fail + 1)); echo "FAIL a refused log was changed: ${bad#*|}"; fi
done
# a log cut short within its first line (the very match's, but no line break)
head -n 1 "$tmp/res.log" | tr -d '\n' >"$tmp/cut.log"
out=$($Q match -games 12 -tc ms=3000 -log "$tmp/cut.log" -resume cmd="$F illegal" name=a cmd="$F garbage" name=b 2>&1)
status $? 2 "resume of a log cut within its first line"
has "$out" "quartet match: log $tmp/cut.log belongs to another match (its first line has no line break)" \
    "a first line without its end"

# SIGTERM: the runner stops cleanly, says how to go on.
FAKE_DELAY=0.1 $Q match -games 40 -tc ms=3000 -log "$tmp/term.log" cmd="$F illegal" cmd="$F garbage" >"$tmp/term.out" 2>&1 &
pid=$!
sleep 0.5
kill -TERM $pid
wait $pid
status $? 130 "SIGTERM exit status"
has "$(cat "$tmp/term.out")" "run again with -resume to finish" "SIGTERM message"

# Openings from a file (moves and a position), each played twice with
# colours swapped; one SGF collection and one file per game.
printf '# two openings\nC8-C6, h5-f5\n\npos:w6b/8/8/8/8/8/8/b1b1w3 b\n' >"$tmp/op.txt"
out=$($Q match -games 4 -openings "$tmp/op.txt" -tc ms=500 -log "$tmp/op.log" -sgf "$tmp/all.sgf" \
    cmd="$F illegal" name=a cmd="$F garbage" name=b 2>&1)
status $? 0 "openings file"
status "$(grep -c 'opening=c8-c6 h5-f5' "$tmp/op.log")" 2 "move opening twice, canonical"
status "$(grep -c 'opening=pos:w6b/8/8/8/8/8/8/b1b1w3 b' "$tmp/op.log")" 2 "position opening twice"
has "$(sed -n 3p "$tmp/op.log")" "first=b	second=a" "colours swapped in the pair"
status "$(grep -c '^(;FF\[4\]' "$tmp/all.sgf")" 4 "SGF collection holds 4 games"
has "$(cat "$tmp/all.sgf")" ";B[c8-c6]C[opening]" "SGF opening moves"
has "$(cat "$tmp/all.sgf")" "GN[game 1]GC[0-1 a loses: illegal move 'zz99'" "SGF reason"
has "$(cat "$tmp/all.sgf")" "PB[a]PW[b]" "SGF players"
has "$(cat "$tmp/all.sgf")" "RE[W+F]" "SGF forfeit result"
has "$(cat "$tmp/all.sgf")" "QP[w6b/8/8/8/8/8/8/b1b1w3 b]" "SGF position opening"
$Q match -games 2 -tc ms=500 -sgf "$tmp/sgf" cmd="$F illegal" cmd="$F garbage" >/dev/null 2>&1
status "$(ls "$tmp/sgf" | wc -l | tr -d ' ')" 2 "one SGF file per game"

# -opening-start: the book from its N-th opening, round to the first again;
# the start is part of the match (a log of another start does not resume).
out=$($Q match -games 6 -openings "$tmp/op.txt" -opening-start 2 -log "$tmp/os.log" random random 2>&1)
status $? 0 "opening start"
has "$out" "openings file:$tmp/op.txt:2:" "opening start: the book read"
P='pos:w6b/8/8/8/8/8/8/b1b1w3 b' M='c8-c6 h5-f5'
got=$(grep -o 'opening=[^	]*' "$tmp/os.log" | sed 's/^opening=//' | tr '\n' '|')
if [ "$got" = "$P|$P|$M|$M|$P|$P|" ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL opening start: the games' openings $got"; fi
has "$(head -n 1 "$tmp/os.log")" ":start=2	" "opening start in the log's first line"
out=$($Q match -games 6 -openings "$tmp/op.txt" -log "$tmp/os.log" -resume random random 2>&1)
status $? 2 "another start does not resume"
has "$out" "belongs to another match (openings: 'file:$tmp/op.txt:2:" "another start does not resume"
has "$out" ":start=2' in the log, 'file:$tmp/op.txt:2:" "another start: the two books named"
out=$($Q match -openings "$tmp/op.txt" -opening-start 3 random random 2>&1)
status $? 2 "opening start past the book"
has "$out" "quartet match: -opening-start 3: $tmp/op.txt holds 2 openings" "opening start past the book"
out=$($Q match -opening-start 2 random random 2>&1)
status $? 2 "opening start without a book"; has "$out" "-opening-start needs -openings FILE" "opening start without a book"

# SPRT: W wins every game (a winning move in the position, or the
# opponent's illegal move); pairs decide elo0=0 elo1=50 after 4 pairs
# (LLR 3.254 > 2.944), and the match stops there with status 0.
printf 'pos:w6w/8/8/8/8/8/8/b2b4 b\n' >"$tmp/win.txt"
out=$($Q match -games 40 -openings "$tmp/win.txt" -tc ms=1000 -sprt elo0=0 elo1=50 -report 4 \
    cmd="$F winner" name=W cmd="$F illegal" name=L 2>&1)
status $? 0 "SPRT stop exits 0"
has "$out" "game 1/40: W vs L 1-0 (Black connects all pieces)" "winning move refereed"
has "$out" "LLR 1.148, bounds [-2.944, 2.944] (pair samples) -> continue" "SPRT after 2 pairs"
has "$out" "LLR 3.254, bounds [-2.944, 2.944] (pair samples) -> H1 accepted" "SPRT after 4 pairs"
has "$out" "SPRT: H1 accepted (elo >= elo1) after 8 games" "SPRT early stop"
has "$out" "pairs by points 0/0.5/1/1.5/2: 0 0 0 0 4, Elo +inf, variance" "pentanomial counts"
# a score of 100% has no interval: none is printed
has "$out" "W vs L: +8 -0 =0, score 100.0%, Elo +inf, LOS 99.8%, draws 0.0%" "no interval at 100%"
lacks "$out" "+- inf" "no infinite interval"
lacks "$out" "+- ?" "no unknown interval"
has "$out" "   1  W         8      8      0      0  100.0%     +inf       -" "standings without interval"

# Built-in players (quartet gtp subprocesses): a fixed seed repeats every
# game, with or without concurrency; another seed gives other games.
run_random() { $Q match -games 6 -random-plies 2 -tc ms=500 "$@" random:seed=3 random >/dev/null 2>&1; }
run_random -seed 7 -log "$tmp/r1.log"; status $? 0 "random vs random"
run_random -seed 7 -log "$tmp/r2.log" -concurrency 3; status $? 0 "random vs random, concurrency 3"
run_random -seed 8 -log "$tmp/r3.log"
status "$(grep -c '^game=' "$tmp/r1.log")" 6 "six random games"
# the same games, turn for turn (the ms= field, last, is timing; with
# concurrency games finish in another order)
if [ "$(cut -f1-10 "$tmp/r1.log" | sort)" = "$(cut -f1-10 "$tmp/r2.log" | sort)" ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL reproducible: the two runs differ"; diff "$tmp/r1.log" "$tmp/r2.log" | head -5; fi
if [ "$(cut -f8-10 "$tmp/r1.log")" != "$(cut -f8-10 "$tmp/r3.log")" ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL seed: -seed 8 played the same games as -seed 7"; fi
has "$(head -n 2 "$tmp/r1.log" | tail -n 1)" "first=random:seed=3	second=random	" "built-in names"

# A game repeats whatever its engines played before: alpha-beta's
# transposition table starts empty with every game's seed, so two games
# at once (each pair of engines playing its own share) play the same games.
run_ab() { $Q match -games 10 -random-plies 2 -tc iterations=300 "$@" alphabeta alphabeta:level=3 >/dev/null 2>&1; }
run_ab -log "$tmp/ab1.log"; status $? 0 "alphabeta match"
run_ab -log "$tmp/ab2.log" -concurrency 2; status $? 0 "alphabeta match, concurrency 2"
same "$(cut -f1-10 "$tmp/ab2.log" | sort)" "$(cut -f1-10 "$tmp/ab1.log" | sort)" "alphabeta games repeat"

# Y with two-stone turns: genmove answers whole turns, the log keeps them.
out=$($Q match -game y size=5 variant=double -games 2 -tc iterations=20 -log "$tmp/y.log" \
    quartet:level=2 random:seed=4 2>&1)
status $? 0 "Y match with built-in players"
has "$out" "match: y (size=5 variant=double pie=auto)" "Y options pass through"
has "$(sed -n 2p "$tmp/y.log")" "result=" "Y game logged"
if grep -q 'moves=[a-e][0-9] [a-e][0-9],[a-e][0-9] ' "$tmp/y.log"; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL Y turns: no comma-joined turn in"; cat "$tmp/y.log"; fi

# Under a time control the built-in player uses its time rather than its
# level's iterations, at its own level and at level 10 (a level below 10
# chosen stays that level: below): each side's first four turns of each
# game take at least a sixth of 300 ms
# on average and some turn runs to the budget (300 ms less the clock's
# safety margin) or close, no turn over 300 ms + the margin, no forfeit;
# under a clock with increment (1+0.1) no forfeit and at least half the base
# used.  Not more: a search stops early once its best move cannot change.
# The margin is wide (1 s): on a machine loaded many times over, a process
# can wait that long for a core.
for tc in ms=300 1+0.1; do
    rm -f "$tmp/time.log"
    $Q match -game y size=8 -games 2 -random-plies 2 -tc "$tc" -margin 1000 -log "$tmp/time.log" \
        quartet:level=10 quartet:seed=5 >/dev/null 2>&1
    status $? 0 "match under -tc $tc"
    status "$(grep -c '^game=.*result=' "$tmp/time.log")" 2 "two games under -tc $tc"
    lacks "$(cat "$tmp/time.log")" "forfeit" "no time forfeit under -tc $tc"
    used=$(awk -F'\t' '/^game=/ {
        for (i = 1; i <= NF; i++) if ($i ~ /^ms=/) { n = split(substr($i, 4), t, " ") }
        for (k = 1; k <= n; k++) { if (t[k] > most) most = t[k]; side[k % 2] += t[k]
            if (k <= 8) first[k % 2] += t[k] }
        for (s = 0; s < 2; s++) {
            if (!sides || side[s] < low) low = side[s]
            if (!sides || first[s] / 4 < slow) slow = first[s] / 4
            sides++ }
        delete side; delete first
    } END { printf "%d %d %d\n", slow, most, low }' "$tmp/time.log")
    set -- $used
    if [ "$tc" = ms=300 ]; then
        if [ "$1" -ge 50 ] && [ "$2" -ge 150 ] && [ "$2" -le 1300 ]; then pass=$((pass + 1))
        else fail=$((fail + 1)); echo "FAIL -tc ms=300: a side's first turns $1 ms on average, longest turn $2 ms"; fi
    elif [ "$3" -ge 500 ]; then pass=$((pass + 1))
    else fail=$((fail + 1)); echo "FAIL -tc 1+0.1: a side used only $3 ms in a game"; fi
done
# A level below 10 that was chosen plays that level under a clock: level 4
# (ten iterations of Y) answers in a few milliseconds, where its time would
# be some 300 ms a turn.
rm -f "$tmp/time.log"
$Q match -game y size=8 -games 2 -random-plies 2 -tc 10+0 -margin 1000 -log "$tmp/time.log" \
    quartet:level=4 name=a quartet:level=4,seed=5 name=b >/dev/null 2>&1
status $? 0 "levels 4 under -tc 10+0"
slow=$(awk -F'\t' '/^game=/ { for (i = 1; i <= NF; i++) if ($i ~ /^ms=/) n = split(substr($i, 4), t, " ")
    for (k = 1; k <= n && k <= 8; k++) { sum += t[k]; turns++ } } END { printf "%d\n", sum / turns }' "$tmp/time.log")
if [ "$slow" -lt 40 ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL level 4 under -tc 10+0: its first turns took $slow ms on average"; fi

# Bad command lines change nothing and say why.
out=$($Q match random 2>&1); status $? 2 "one player"; has "$out" "at least two players" "one player"
out=$($Q match -tc 5x random random 2>&1); status $? 2 "bad tc"; has "$out" "-tc '5x': expected" "bad tc"
out=$($Q match -game loa speed=3 random random 2>&1); status $? 2 "bad option"
has "$out" "'speed=3' is neither a player nor an option of the game" "bad option"
out=$($Q match quartet:colour=3 random 2>&1); status $? 2 "bad setting"; has "$out" "unknown setting 'colour'" "bad setting"
# A built-in player's settings are checked against its searcher in the
# game, wherever -game stands: "ai" is alpha-beta in LOT and LOA, MCTS in
# Coffee.
ab="seed, level, ladder, iterations, depth, ms, memory, tt, lmr, null, rfp, lmp, ponder, threads, mistakes; for another game's searcher: c, cutoff, evalplies, maxplies, prior, reuse, rave, expand, prove, careful"
mcts="seed, level, ladder, iterations, ms, memory, c, cutoff, evalplies, maxplies, prior, reuse, ponder, rave, threads, expand, mistakes, prove; for another game's searcher: depth, tt, lmr, null, rfp, lmp, careful"
for args in "quartet:frob=3 alphabeta:depth=2 -game lot" "-game lot quartet:frob=3 alphabeta:depth=2" \
    "quartet:frob=3 random"; do
    # shellcheck disable=SC2086
    out=$($Q match $args 2>&1); status $? 2 "settings checked: $args"
    same "$out" "quartet match: player quartet:frob=3: unknown setting 'frob' for ai (known: $ab) (see quartet help match)" \
        "alpha-beta's settings named: $args"
done
out=$($Q match quartet:frob=3 random -game coffee 2>&1); status $? 2 "settings checked in coffee"
same "$out" "quartet match: player quartet:frob=3: unknown setting 'frob' for ai (known: $mcts) (see quartet help match)" \
    "MCTS's settings named in coffee"
out=$($Q match -sprt elo0=5 elo1=0 random random 2>&1); status $? 2 "bad sprt"; has "$out" "elo1 must be greater" "bad sprt"
out=$($Q match -schedule match random random random 2>&1); status $? 2 "match of three"
printf 'c8-c6\nzz\n' >"$tmp/bad.txt"
out=$($Q match -openings "$tmp/bad.txt" random random 2>&1); status $? 2 "bad opening"
has "$out" "bad.txt:2: bad opening:" "bad opening line"
# book_refused FILE MESSAGE DESCRIPTION: the book FILE is refused with MESSAGE
book_refused() {
    out=$($Q match -openings "$1" random random 2>&1); status $? 2 "$3"
    same "$out" "$2" "$3"
}
# a line of separators alone names no opening (it was taken as the start)
printf 'c8-c6 h5-f5\n , ,\t,\n' >"$tmp/seps.txt"
book_refused "$tmp/seps.txt" "quartet match: $tmp/seps.txt:2: bad opening: no move and no position" \
    "a line of separators in a book"
printf 'pos: \n' >"$tmp/seps.txt"
book_refused "$tmp/seps.txt" "quartet match: $tmp/seps.txt:1: bad opening: no move and no position" \
    "pos: with nothing after it"
# a NUL byte ended the file's reading unseen (the lines after it lost)
printf 'c8-c6\nb1-b3\000zz\nh2-f4\n' >"$tmp/nul.txt"
book_refused "$tmp/nul.txt" "quartet match: $tmp/nul.txt:2: bad opening: a NUL byte (not a text file)" \
    "a NUL byte in a book"
# a UTF-8 byte order mark before the first line is no part of it
printf '\357\273\277c8-c6\n' >"$tmp/bom.txt"
out=$($Q match -openings "$tmp/bom.txt" -games 2 -log "$tmp/bom.log" random random 2>&1)
status $? 0 "a book with a byte order mark"
has "$out" "openings file:$tmp/bom.txt:1:" "a book with a byte order mark: its opening read"
# random openings that always end the game (Y 3 has 6 cells) would let
# the openings decide the games: refused, with no log begun
out=$($Q match -game y size=3 pie=0 -random-plies 6 -log "$tmp/over.log" random random 2>&1)
status $? 2 "random openings that end the game"
same "$out" "quartet match: -random-plies 6: 100 tries of that many random moves all ended the game; ask for fewer" \
    "random openings that end the game"
[ ! -e "$tmp/over.log" ]; status $? 0 "no log for refused random openings"
out=$($Q match -resume random random 2>&1); status $? 2 "resume without log"; has "$out" "-resume needs -log" "resume without log"
# files over their limits (sparse: nothing is written), refused before any game
truncate -s 16777217 "$tmp/huge.txt"
out=$($Q match -openings "$tmp/huge.txt" random random 2>&1); status $? 2 "openings over the limit"
has "$out" "quartet match: openings file $tmp/huge.txt: larger than 16777216 bytes, the limit" "openings limit"
truncate -s 1073741825 "$tmp/huge.log"
out=$($Q match -games 2 -log "$tmp/huge.log" -resume random random 2>&1); status $? 2 "log over the limit"
has "$out" "quartet match: log $tmp/huge.log: larger than 1073741824 bytes, the limit for a log" "log limit"
status "$(stat -c %s "$tmp/huge.log")" 1073741825 "the log over the limit is not written"
status "$(dd if="$tmp/huge.log" bs=64 count=1 2>/dev/null | tr -d '\0' | wc -c)" 0 "nothing written at its start"
rm -f "$tmp/huge.txt" "$tmp/huge.log"

# A book of even openings (tools/balanced-openings.py): three openings of
# two random plies, each after its rate, that a match plays as a file.
B=tools/balanced-openings.py
python3 $B --quartet "$Q" --plies 2 --count 3 --ms 100 --low 0 --high 1 --seed 5 \
    y size=5 >"$tmp/book.txt" 2>"$tmp/book.err"
status $? 0 "balanced-openings writes a book"
has "$(head -n 1 "$tmp/book.txt")" "# y size=5: 2 random plies, side to move's win rate in [0.0, 1.0] after 100 ms" "book header"
status "$(grep -c '^# [01]\.[0-9][0-9][0-9]$' "$tmp/book.txt")" 3 "three rates"
status "$(grep -cE '^[a-e][1-5] ([a-e][1-5]|swap)$' "$tmp/book.txt")" 3 "three openings of two moves"
out=$($Q match -game y size=5 -openings "$tmp/book.txt" -games 6 -tc iterations=20 random random 2>&1)
status $? 0 "the book plays"
has "$out" "openings file:$tmp/book.txt:3:" "three openings read"
has "$out" "match finished: 6 games" "every opening with both colours"
# in the two-stone variant the second ply's turn is played to its end:
# Black's one stone, White's two
python3 $B --quartet "$Q" --plies 2 --count 3 --ms 100 --low 0 --high 1 \
    y size=7 variant=double >"$tmp/book2.txt" 2>/dev/null
status $? 0 "a book of the two-stone variant"
status "$(grep -cE '^[a-g][1-7] [a-g][1-7] [a-g][1-7]$' "$tmp/book2.txt")" 3 "each opening ends its turn"
out=$($Q match -game y size=7 variant=double -openings "$tmp/book2.txt" -games 6 -tc iterations=20 \
    random random 2>&1)
has "$out" "match finished: 6 games" "the variant's book plays"
out=$(python3 $B --quartet "$tmp/none" y 2>&1)
status $? 1 "no engine: exit 1"
has "$out" "balanced-openings: cannot run $tmp/none: No such file or directory" "and why"
# a window no opening meets (a win proven in 50 ms after two random
# stones on Y 11): it stops after its tries and says so
out=$(python3 $B --quartet "$Q" --plies 2 --count 2 --ms 50 --low 1 --high 1 --tries 3 \
    y size=11 2>&1 >/dev/null)
status $? 1 "balanced-openings fails when it cannot keep enough"
has "$out" "balanced-openings: kept 0 of 2 openings in 3 tries" "and says why"
out=$(python3 $B --quartet "$Q" --low 0.6 --high 0.4 y 2>&1)
status $? 2 "a window upside down is refused"
has "$out" "0 <= low <= high <= 1" "with the limits"

# The books under docs/openings, the ones docs/STRENGTH.md's matches name:
# each loads for the game its first line names, every opening of it.
for book in docs/openings/*.txt; do
    spec=$(head -n 1 "$book" | sed -n 's/^# \([^:]*\):.*/\1/p')
    n=$(grep -vc '^#' "$book")
    # shellcheck disable=SC2086 # the game and its options, one word each
    out=$($Q match -game $spec -openings "$book" -games 2 -tc iterations=10 random random 2>&1)
    status $? 0 "$book plays as a book of $spec"
    has "$out" "openings file:$book:$n:" "$book: its $n openings"
done

summary cli_match
