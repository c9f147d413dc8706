#!/bin/sh
# Saves into a folder that cannot be written: the terminal game's save,
# GTP's quartet-savesgf, the match runner's -log and -sgf, the web server's
# database.  Each fails with its exact message and changes or leaves
# nothing.  Permission bits do not stop root, so as root every command runs
# as the unprivileged user 65534 (setpriv from util-linux) on a copy of the
# program in a temporary folder that user can read.
cd "$(dirname "$0")/.." || exit 2
. tests/lib.sh
t=$(mktemp -d)
pid=""
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; chmod -R u+w "$t"; rm -rf "$t"' EXIT
chmod 755 "$t"
cp "$Q" "$t/quartet"
chmod 755 "$t/quartet"

if [ "$(id -u)" = 0 ]; then
    as="setpriv --reuid=65534 --regid=65534 --clear-groups"
    if ! $as "$t/quartet" version >/dev/null 2>&1; then
        echo "SKIP cli_readonly: cannot run as user 65534 (setpriv from util-linux missing or refused)"
        summary cli_readonly
        exit 0
    fi
else
    as=""
fi
q() { $as "$t/quartet" "$@"; }

mkdir "$t/ro" "$t/db"
printf '(;FF[4]GM[9]QG[loa];B[c1-c3])\n' >"$t/ro/old.sgf"
cp "$t/ro/old.sgf" "$t/old.copy"
# a database the server made, then left in a folder nobody else may write
"$Q" serve --port 0 --db "$t/db/games.db" >"$t/out" 2>&1 &
pid=$!
for _ in $(seq 100); do
    url=$(sed -n 's|^quartet serve: open \(http://127.0.0.1:[0-9]*\)/.*|\1|p' "$t/out")
    [ -n "$url" ] && break
    sleep 0.1
done
curl -s -o /dev/null -X POST "$url/api/games" -d '{"game":"lot"}'
kill "$pid"; wait "$pid"; pid=""
chmod 555 "$t/ro" "$t/db"
chmod 444 "$t/db/games.db"
listing() { ls -la "$t/ro" "$t/db" | grep -v '^total'; cksum "$t/ro/old.sgf" "$t/db/games.db"; }
before=$(listing)
ro=$t/ro

# GTP: a new file and an existing one
out=$(printf 'play b c8-c6\nquartet-savesgf %s/g.sgf\nquartet-savesgf %s/old.sgf\nquartet-moves\n' \
    "$ro" "$ro" | q gtp 2>&1)
has "$out" "? cannot save file: cannot write $ro/g.sgf: Permission denied" "GTP: a new file"
has "$out" "? cannot save file: cannot write $ro/old.sgf: Permission denied" "GTP: over a file"
has "$out" "= c8-c6" "GTP: the game goes on after the failed saves"

# the terminal game: the save fails, and quitting still warns
out=$(printf 'c8-c6\nsave %s/g.sgf\nsave %s/old.sgf\nquit\nquit\n' "$ro" "$ro" |
    q play loa --white=human 2>&1)
status $? 0 "terminal: leaves cleanly"
has "$out" "cannot write $ro/g.sgf: Permission denied" "terminal: a new file"
has "$out" "cannot write $ro/old.sgf: Permission denied" "terminal: over a file"
has "$out" "This game is not saved" "terminal: the game counts as not saved"

# the match runner: the log and a records file are checked before any game
out=$(q match -games 2 -tc iterations=10 -log "$ro/m.log" random:seed=1 random:seed=2 2>&1)
status $? 2 "match: -log"
has "$out" "quartet match: cannot open log $ro/m.log: Permission denied" "match: -log message"
out=$(q match -games 2 -tc iterations=10 -sgf "$ro/m.sgf" random:seed=1 random:seed=2 2>&1)
status $? 2 "match: -sgf FILE"
has "$out" "quartet match: cannot write $ro/m.sgf: Permission denied" "match: -sgf FILE message"
# a folder of records: the first game's record fails and the match stops
out=$(q match -games 2 -tc iterations=10 -sgf "$ro" random:seed=1 random:seed=2 2>&1)
status $? 3 "match: -sgf DIR stops with the write-failure status"
has "$out" "quartet match: cannot write $ro/game-00001.sgf: Permission denied; stopping" \
    "match: -sgf DIR message"
has "$out" "stopped after 1 of 2 games: a write failed" "match: -sgf DIR summary"

# the web server: a new database, a new folder for it, an existing one
out=$(q serve --port 0 --db "$ro/games.db" 2>&1)
status $? 1 "serve: a new database"
has "$out" "quartet serve: database $ro/games.db: unable to open database file" \
    "serve: a new database message"
out=$(q serve --port 0 --db "$ro/sub/games.db" 2>&1)
status $? 1 "serve: a new folder"
has "$out" "quartet serve: cannot create $ro/sub: Permission denied" "serve: a new folder message"
out=$(q serve --port 0 --db "$t/db/games.db" 2>&1)
status $? 1 "serve: a database that cannot be written"
has "$out" "quartet serve: database $t/db/games.db: cannot be written" \
    "serve: an existing database message"

# nothing changed, nothing left behind (no temporary file, journal or record)
after=$(listing)
if [ "$before" = "$after" ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL the read-only folders changed:"; echo "$before"; echo "$after"; fi
status "$(cmp -s "$t/ro/old.sgf" "$t/old.copy" && echo 0 || echo 1)" 0 "the old record is unchanged"
summary cli_readonly
