#!/bin/sh
# quartet solve: exact output, proof files written, checked and rejected, errors.
cd "$(dirname "$0")/.." || exit 2
. tests/lib.sh
T=${TMPDIR:-/tmp}/quartet-cli-solve.$$
mkdir -p "$T" || exit 2
trap 'rm -rf "$T"' EXIT
mask() { sed 's/ ms=[0-9]*/ ms=N/'; }

out=$($Q solve y size=3 pie=0 | mask); status $? 0 "solve y 3"
same "$out" "solve y size=3 variant=standard pie=0
a1 loss
b1 win
c1 loss
b2 win
c2 win
c3 loss
value win for black to move: 3 winning moves of 6
result value=win to_move=black winning=b1,b2,c2 drawing=- moves=6 nodes=10 ms=N memory_mb=54" "y size 3"

# with the swap: every first move loses, and the answer says when to swap
out=$($Q solve y size=3 pie=1 --replies --memory 8 | mask)
same "$out" "solve y size=3 variant=standard pie=1
a1 loss; white wins with: c2
b1 loss; white wins with: swap
c1 loss; white wins with: b2
b2 loss; white wins with: swap
c2 loss; white wins with: swap
c3 loss; white wins with: b1
value loss for black to move: 0 winning moves of 6
result value=loss to_move=black winning=- drawing=- moves=6 nodes=32 ms=N memory_mb=12" "y size 3 pie 1 replies"

# a position and moves; quiet; another move order and two threads agree
out=$($Q solve y size=4 pie=0 --position "1/2/3/4 b 1 - -" --moves "a1 d4" --quiet | mask)
same "$out" "value win for black to move: 4 winning moves of 8
result value=win to_move=black winning=c1,c2,c3,d3 drawing=- moves=8 nodes=160 ms=N memory_mb=54" "position and moves"
a=$($Q solve coffee board=square size=3 n=3 --quiet | grep -o 'value=[a-z]* to_move=[a-z]* winning=[^ ]*')
b=$($Q solve coffee board=square size=3 n=3 --quiet --order 77 --threads 2 | grep -o 'value=[a-z]* to_move=[a-z]* winning=[^ ]*')
same "$b" "$a" "another order and two threads"
has "$a" "value=win to_move=black winning=b1d,b1a,a2d,a2a,c2d,c2a,b3d,b3a" "coffee square 3"

# a limit: unknown, exit 1
out=$($Q solve y size=7 pie=0 --nodes 3000 --quiet --progress 0); status $? 1 "node limit"
has "$out" "value unknown for black to move (node limit reached)" "limit reason"
has "$out" "result value=unknown to_move=black winning=- drawing=- moves=28" "unknown result line"

# proofs: written, verified, tampered
out=$($Q solve y size=4 pie=0 --quiet --proof "$T/y4.proof" | mask); status $? 0 "solve with proof"
has "$out" "proof written to $T/y4.proof" "proof written"
out=$($Q solve --verify "$T/y4.proof"); status $? 0 "verify"
same "$out" "proof ok: black wins (y size=4 variant=standard pie=0), 1 claim, 525 nodes" "verify output"
sed 's/^0 /0 a1 1 /' "$T/y4.proof" > "$T/bad.proof"
out=$($Q solve --verify "$T/bad.proof" 2>&1); status $? 1 "tampered"
same "$out" "quartet solve: proof $T/bad.proof rejected: checksum mismatch: the file was changed after it was written" "tampered file"
head -n 3 "$T/y4.proof" > "$T/cut.proof"
out=$($Q solve --verify "$T/cut.proof" 2>&1); status $? 1 "cut"
has "$out" "rejected: the last line is not 'checksum HEX'" "cut file"
out=$($Q solve lot --position "7/7/7/7/7/7/7 w" --nodes 1 --quiet --proof "$T/none.proof" 2>&1)
status $? 1 "no proof when unknown"
[ ! -e "$T/none.proof" ] && [ ! -e "$T/none.proof.tmp" ]; status $? 0 "no file left behind"
has "$out" "quartet solve: no proof written: the value is unknown" "no proof when unknown, said"
# a proof that cannot be written is refused before the solve, not after it
out=$($Q solve y size=3 --proof "$T/missing/y3.proof" 2>&1); status $? 2 "proof into a missing folder"
same "$out" "quartet solve: --proof: cannot write $T/missing/y3.proof.tmp: No such file or directory" \
    "proof into a missing folder"
out=$($Q solve y size=3 --proof "$T" 2>&1); status $? 2 "proof onto a folder"
same "$out" "quartet solve: --proof: cannot write $T: it is a folder" "proof onto a folder"
: >"$T/y3.proof.tmp"
out=$($Q solve y size=3 --quiet --proof "$T/y3.proof" | mask); status $? 0 "a leftover temporary file is replaced"
has "$out" "proof written to $T/y3.proof" "a leftover temporary file is replaced"

# a draw is proven by two claims (LOT, one cell left)
pos="wWwBbwb/WBwwWbw/bBBwBBw/BwWWbWW/wwbwBwb/BBwwWBW/wBWWBb1 w"
out=$($Q solve lot --position "$pos" --proof "$T/draw.proof" | mask); status $? 0 "lot draw"
has "$out" "result value=draw to_move=white winning=- drawing=g1 moves=1" "lot draw value"
out=$($Q solve --verify "$T/draw.proof"); has "$out" "proof ok: draw (lot pie=1), 2 claims" "draw proof"

# errors
out=$($Q solve 2>&1); status $? 2 "no game"; has "$out" "quartet: name a game" "no game"
out=$($Q solve y size=3 --memory 0 2>&1); status $? 2 "memory 0"
same "$out" "quartet solve: --memory (MB) must be a whole number 1..65536, not '0'" "memory 0"
out=$($Q solve y size=3 --threads 65 2>&1); status $? 2 "threads"
same "$out" "quartet solve: --threads must be a whole number 1..64, not '65'" "threads 65"
out=$($Q solve y size=3 --bogus 2>&1); status $? 2 "bogus"
same "$out" "quartet solve: unknown argument: '--bogus'" "unknown flag"
out=$($Q solve y size=3 --position 2>&1); status $? 2 "missing value"
same "$out" "quartet solve: missing value after: '--position'" "missing value"
out=$($Q solve y size=3 --first --threads 2 2>&1); status $? 2 "--first with threads"
same "$out" "quartet solve: --first searches with one thread (not --threads 2)" "--first with threads"
out=$($Q solve y size=3 pie=0 --moves "a1 zz" 2>&1); status $? 2 "bad move"
same "$out" "quartet solve: move 2 'zz': 'zz' is not a move (expected a cell such as e5, or swap)" "bad move"
out=$($Q solve y size=2 pie=0 --moves "a1 b1 b2" 2>&1); status $? 2 "game over"
same "$out" "quartet solve: the game is already over (1-0)" "game over"
out=$($Q solve --verify 2>&1); status $? 2 "verify alone"
out=$($Q solve --verify "$T/missing" 2>&1); status $? 1 "verify missing"
has "$out" "cannot read $T/missing: No such file or directory" "verify missing"
summary cli_solve
