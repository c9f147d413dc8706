#!/bin/sh
# Hostile and broken input at the front ends: each refused with its exact
# message and exit status, nothing left behind (docs/RELIABILITY.md).
cd "$(dirname "$0")/.." || exit 2
. tests/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Y's row counts: a digit run that overflowed an int is refused.
out=$($Q perft y 1 size=2 --position "1/4294967295b2 b 1 - -" 2>&1); rc=$?
status $rc 2 "perft: Y row count overflow"
has "$out" "quartet perft: position: row 1 must describe 2 cells" "perft: Y row count overflow"
long=$(printf '%04100d' 0)
out=$($Q perft loa 1 --position "$long" 2>&1); rc=$?
status $rc 2 "perft: overlong position"
has "$out" "quartet perft: position: longer than 4095 bytes" "perft: overlong position"

# Records: no device, no FIFO (which blocked forever), nothing larger than the limit.
mkfifo "$tmp/fifo"
printf '(;QG[loa]C[' >"$tmp/big.sgf"
head -c 4194304 /dev/zero | tr '\0' x >>"$tmp/big.sgf"
printf '])' >>"$tmp/big.sgf"
out=$(printf 'loadsgf /dev/zero\nloadsgf %s/fifo\nloadsgf %s/big.sgf\nquartet-moves\n' "$tmp" "$tmp" |
    timeout 20 $Q gtp); rc=$?
status $rc 0 "gtp: loadsgf of hostile files ends"
has "$out" "? cannot load file: cannot read /dev/zero: not a regular file" "loadsgf /dev/zero"
has "$out" "? cannot load file: cannot read $tmp/fifo: not a regular file" "loadsgf FIFO"
has "$out" "? cannot load file: cannot read $tmp/big.sgf: larger than 4194304 bytes, the limit for a record" \
    "loadsgf too large"
out=$(printf 'load /dev/zero\nquit\n' | timeout 20 $Q play loa --second=human 2>&1)
has "$out" "cannot read /dev/zero: not a regular file" "play: load /dev/zero"

# A save beyond the file size limit (ulimit -f) fails cleanly and leaves no file.
mkdir "$tmp/save"
out=$( (ulimit -f 0; printf 'play b c8-c6\nquartet-savesgf %s/save/g.sgf\nquartet-moves\n' "$tmp" |
    $Q gtp) | cat)
has "$out" "? cannot save file: cannot write $tmp/save/g.sgf: File too large" "save past ulimit -f"
has "$out" "= c8-c6" "gtp goes on after the failed save"
status "$(ls -A "$tmp/save" | wc -l)" 0 "no file left after the failed save"

# LOT is played on 7x7: boardsize 7 is its own size.
out=$(printf 'quartet-game lot\nboardsize 7\nboardsize 8\n' | $Q gtp)
has "$out" "$(printf '= \n\n= \n\n? unacceptable size: lot is played on a board of size 7 only')" "LOT boardsize"

# Memory beyond the machine is refused at once.
phys=$(awk '/^MemTotal:/ { print int($2 / 1024) }' /proc/meminfo)
out=$(printf 'quartet-set memory 65536\nquartet-set memory 64\nquartet-settings\n' | $Q gtp)
if [ "$phys" -lt 65536 ]; then
    has "$out" "? setting memory: 65536 MB is more than this machine has" "memory beyond the machine"
fi
has "$out" "memory=64 " "a memory that fits is taken"
case "$Q" in *-debug|*-tsan) ;; *)
    # an address-space limit: the allocation itself fails, and says so
    out=$( (ulimit -v 400000; printf 'quartet-set memory 2000\nquartet-settings\n' | $Q gtp) 2>&1)
    has "$out" "? setting memory: cannot allocate 2000 MB" "memory that cannot be allocated"
    has "$out" "memory=64 " "the old memory setting stays" ;;
esac

# GTP drops control characters, NUL among them, instead of ending the line there.
out=$(printf 'quartet-game y\nplay b a\0001\nquartet-moves\n' | $Q gtp)
has "$out" "$(printf '= \n\n= \n\n= a1')" "gtp: NUL dropped"
# A refused turn of 10,000 stones is quoted in 40 bytes, not 30 KB.
long=$(awk 'BEGIN { for (i = 0; i < 10000; i++) printf "a1,"; print "a1" }')
out=$(printf 'quartet-game y variant=progressive\nplay b %s\n' "$long" | $Q gtp)
has "$out" "? illegal move: a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a1,a...: a turn is written in at most 4095 bytes" \
    "gtp: long turn quoted briefly"
status "$(printf "%s" "$out" | wc -c)" 104 "gtp: long turn answer size"

summary cli_limits
