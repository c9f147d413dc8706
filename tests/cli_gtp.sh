#!/bin/sh
# The GTP front end: every tests/gtp/*.t script, then what a script cannot
# express (interrupting a search, overlong lines, start-up arguments).
#
# Format of a .t file (add a file per game; nothing else needs to change):
#   any line            is sent to `quartet gtp` as it is.  Lines that are
#                       empty or start with '#' are GTP comments: sent too,
#                       they get no answer, so they double as the file's notes.
#   > TEXT              the previous command's answer, exactly, one '>' line
#                       per answer line ("> = c8-c6"; trailing blanks ignored)
#   ~ TEXT              the previous command's answer contains TEXT
#   a command with neither must succeed (its answer starts with '=').
#   @TMP@ is replaced by a fresh temporary folder, @DATA@ by tests/gtp/data.
#   The first line may be "#! ARGS": arguments for `quartet gtp`.
# Each answer is one check; a file whose answer count differs from its
# command count fails once more.
cd "$(dirname "$0")/.." || exit 2
. tests/lib.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for t in tests/gtp/*.t; do
    sed -e "s|@TMP@|$tmp|g" -e "s|@DATA@|tests/gtp/data|g" "$t" >"$tmp/script"
    args=$(sed -n '1s/^#! *//p' "$tmp/script")
    grep -v -E '^(>( |$)|~ )' "$tmp/script" >"$tmp/in"
    # shellcheck disable=SC2086
    $Q gtp $args <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
    result=$(awk -v file="$t" '
        FNR == NR {
            if ($0 ~ /^>( |$)/) { if (n) { x = substr($0, 3); sub(/[ \t\r]+$/, "", x)
                                  exact[n] = ne[n]++ ? exact[n] "\n" x : x } ; next }
            if ($0 ~ /^~ /) { if (n) frag[n, nf[n]++] = substr($0, 3); next }
            line = $0; gsub(/^[ \t]+|[ \t\r]+$/, "", line)
            if (line == "" || line ~ /^#/) next
            cmd[++n] = $0; next
        }
        { got[++a] = $0 }
        END {
            pass = fail = 0
            for (i = 1; i <= n; i++) {
                ans = got[i]; split(ans, L, "\n"); norm = ""
                for (k = 1; k in L; k++) { x = L[k]; sub(/[ \t\r]+$/, "", x); norm = norm (k > 1 ? "\n" : "") x }
                ok = 1; why = ""
                if (i in exact) { if (norm != exact[i]) { ok = 0; why = "expected:\n" exact[i] } }
                for (k = 0; k < nf[i]; k++) if (index(ans, frag[i, k]) == 0) { ok = 0; why = why "lacks: " frag[i, k] "\n" }
                if (!(i in exact) && !nf[i] && substr(ans, 1, 1) != "=") { ok = 0; why = "expected success" }
                if (ok) pass++
                else { fail++; printf "FAIL %s command %d: %s\n%s\ngot:\n%s\n", file, i, cmd[i], why, ans }
            }
            if (a != n) { fail++; printf "FAIL %s: %d commands but %d answers\n", file, n, a }
            printf "RESULT %d %d\n", pass, fail
        }' "$tmp/script" RS= "$tmp/out")
    printf '%s\n' "$result" | grep -v '^RESULT'
    set -- $(printf '%s\n' "$result" | sed -n 's/^RESULT //p')
    pass=$((pass + $1)) fail=$((fail + $2))
    if [ -s "$tmp/err" ]; then fail=$((fail + 1)); echo "FAIL $t: stderr:"; cat "$tmp/err"; fi
done

# "# interrupt" reaches a running genmove; the queued command waits for it
out=$( (printf 'quartet-set ms 60000\ngenmove b\n'; sleep 0.3; printf '# interrupt\nquartet-to_move\n') |
    timeout 30 $Q gtp loa); status $? 0 "interrupted genmove ends"
has "$out" "= white" "queued command answered after the search"
out=$( (printf 'quartet-set ms 60000\n1 genmove b\n'; sleep 0.3; printf '2 gogui-interrupt\n3 quartet-to_move\n') |
    timeout 30 $Q gtp loa); status $? 0 "gogui-interrupt during genmove"
has "$out" "=2 " "gogui-interrupt answered"; has "$out" "=3 white" "after gogui-interrupt"
# quartet-perft and quartet-solve run in the background as genmove does:
# "# interrupt" or gogui-interrupt stops them (LOA's perft 12 and a 600 s
# solve of its start would run for hours), the commands queued meanwhile
# follow, and the next perft is not stopped by the last one's interrupt.
start="1bbbbbb1/w6w/w6w/w6w/w6w/w6w/w6w/1bbbbbb1 b"
out=$( (printf '1 quartet-perft 12\n'; sleep 0.3; printf '# interrupt\n2 quartet-position\n3 quartet-perft 3\n') |
    timeout 60 $Q gtp loa); status $? 0 "interrupted perft ends"
same "$out" "$(printf '?1 interrupted\n\n=2 %s\n\n=3 44952' "$start")" "perft interrupted"
out=$( (printf '1 quartet-solve 600\n'; sleep 0.3; printf '2 gogui-interrupt\n3 quartet-position\n') |
    timeout 60 $Q gtp loa); status $? 0 "interrupted solve ends"
same "$out" "$(printf '=1 unknown -\n\n=2 \n\n=3 %s' "$start")" "solve interrupted"
# end of input during a search: the search still answers
out=$(printf 'genmove b\n' | $Q gtp loa); has "$out" "= " "answer at end of input"
# CR line ends, a last line without a newline
out=$(printf 'name\r\nversion' | $Q gtp); has "$out" "= quartet" "CR tolerated"; has "$out" "= 0." "last line"
# a line of control characters alone is an empty line: no answer, also
# when it waits for a search
out=$(printf '\001\n1 name\n' | $Q gtp); status "$(printf '%s' "$out" | grep -c .)" 1 "^A line"
has "$out" "=1 quartet" "^A line"
out=$( (printf 'quartet-set ms 300\n1 genmove b\n'; sleep 0.1; printf '\001\n2 name\n') | $Q gtp)
lacks "$out" "?" "^A line during a search"; has "$out" "=2 quartet" "after a ^A line during a search"
# a line longer than the protocol's buffer is refused, the next one works
out=$( (awk 'BEGIN { s = "play b "; for (i = 0; i < 70000; i++) s = s "x"; print s }'; printf 'name\n') | $Q gtp)
has "$out" "? syntax error: line too long" "long line"; has "$out" "= quartet" "after a long line"
# start-up
out=$($Q help gtp); has "$out" "usage: quartet gtp [GAME" "help gtp"
# The help lists exactly the commands the engine knows, in lines under 80
# columns, each with its arguments as the engine's usage error gives them.
listing=$(printf '%s\n' "$out" | awk '/^Standard commands/ { on = 1; next }
    on && /^quartet.s own commands:$/ { next } on && /^  / { print; next } on { exit }')
entries=$(printf '%s\n' "$listing" | sed 's/^  //; s/  /\n/g')
same "$(printf '%s\n' "$entries" | awk '{ print $1 }' | sort)" \
    "$(echo list_commands | $Q gtp | tr -d '=\r' | awk 'NF { print $1 }' | sort)" "help gtp lists every command"
same "$(printf '%s\n' "$listing" | awk 'length > 79')" "" "help gtp's list within 79 columns"
# README's two lists of the commands, written by hand, name every one
words=$(awk '/^- Standard commands:/ { on = 1 } on && /^- / && !/^- (Standard commands|quartet.s own):/ { exit }
    on' README.md | tr -c 'A-Za-z0-9_-' '\n')
for c in $(echo list_commands | $Q gtp | tr -d '=\r'); do
    if printf '%s\n' "$words" | grep -qx -- "$c"; then pass=$((pass + 1))
    else fail=$((fail + 1)); echo "FAIL README's GTP lists name $c"; fi
done
# a command that needs an argument, sent without, answers with its usage
needed=$(printf '%s\n' "$entries" | awk 'NF > 1 && $2 !~ /^\[/')
same "$(printf '%s\n' "$needed" | awk '{ print $1 }' | $Q gtp | sed -n 's/^? syntax error: usage: //p')" \
    "$needed" "help gtp's arguments as in the usage errors"
out=$($Q gtp chess </dev/null 2>&1); status $? 2 "gtp unknown game"; has "$out" "unknown game 'chess'" "gtp unknown game"
out=$($Q gtp loa --player=wizard </dev/null 2>&1); status $? 2 "gtp bad player"; has "$out" "unknown player kind" "gtp bad player"
out=$($Q gtp loa --white=ai </dev/null 2>&1); status $? 2 "gtp bad arg"; has "$out" "--player=KIND" "gtp bad arg"
out=$(printf 'quartet-settings\n' | $Q gtp loa --player=random:seed=9); has "$out" "seed=9" "gtp --player settings"
# quartet-analyze: "=", then one line per update until the next command (or
# "# interrupt", or SECONDS), then an empty line.  Every line is parsed
# strictly: groups "info move M visits V winrate W prior P [proven R [plies N]]
# pv M ...", the first group's move legal and its pv starting with it.
out=$( (printf 'quartet-game y size=5\n1 quartet-analyze 5\n'; sleep 0.8
        printf '2 all_legal_moves\n3 quartet-analyze 5 1\n'; sleep 2.5
        printf '4 quartet-analyze 0\n5 quartet-analyze 5 x\n6 quartet-analyze 10\n'; sleep 0.4
        printf '# interrupt\n7 name\n') | timeout 30 $Q gtp 2>&1); status $? 0 "quartet-analyze exits"
check=$(printf '%s\n' "$out" | awk '
    function group(g, legal,   w, n, i) {
        if (g ~ /  / || g ~ / $/) return "bad spacing: " g
        n = split(g, w, " ")
        i = 10
        if (w[i] == "proven") {
            if (w[i + 1] !~ /^(win|loss|draw)$/) return "bad proven: " g
            i += 2
            if (w[i] == "plies") { if (w[i + 1] !~ /^[1-9][0-9]*$/) return "bad plies: " g; i += 2 }
        }
        if (n < i || w[1] != "info" || w[2] != "move" || w[4] != "visits" || w[6] != "winrate" ||
            w[8] != "prior" || w[i] != "pv") return "bad words: " g
        if (w[5] !~ /^[0-9]+$/) return "bad visits: " g
        if (w[7] !~ /^[01]\.[0-9][0-9][0-9][0-9]$/ || w[7] > 1) return "bad winrate: " g
        if (w[9] !~ /^[01]\.[0-9][0-9][0-9][0-9]$/ || w[9] > 1) return "bad prior: " g
        if (n < i + 1 || w[i + 1] != w[3]) return "pv does not start with the move: " g
        if (legal != "" && index(" " legal " ", " " w[3] " ") == 0) return "illegal move: " g
        return ""
    }
    /^=1$/ { block = 1; next }
    /^=3$/ { block = 3; next }
    /^=6$/ { block = 6; next }
    /^=2 / { legal = substr($0, 4) }
    block && $0 == "" { ends[block]++; block = 0; next }
    block {
        lines[block]++
        line = $0; gsub(/ info move /, "\ninfo move ", line)
        k = split(line, G, "\n")
        for (i = 1; i <= k; i++) { why = group(G[i], block == 1 ? "" : legal); if (why != "") bad = bad "\n" why }
        if (block == 3 && k > 1 && G[1] == G[2]) bad = bad "\nrepeated group"
        next
    }
    END {
        printf "lines %d %d %d ends %d %d %d%s\n", (lines[1] >= 2), (lines[3] >= 2), (lines[6] >= 1),
               ends[1], ends[3], ends[6], bad
    }')
has "$check" "lines 1 1 1 ends 1 1 1" "quartet-analyze streams and ends"
lacks "$check" "bad" "quartet-analyze line format"; lacks "$check" "illegal" "quartet-analyze moves legal"
has "$out" "?4 syntax error: expected INTERVAL_CS from 1 to 6000 and SECONDS from 1 to 86400" "analyze range"
has "$out" "?5 syntax error: expected INTERVAL_CS" "analyze bad seconds"; has "$out" "=7 quartet" "after analyze"
# A proven candidate says so before its pv; a solved root ends the answer at once.
out=$( (printf 'quartet-game y size=4\nplay b a1\nplay w b2\nplay b b1\nplay w c3\nplay b c1\nplay w d4\n'
        printf '1 quartet-analyze 10 5\n'; sleep 0.5; printf '2 name\n') | $Q gtp 2>&1)
has "$out" "=1
info move d2 visits 0 winrate 1.0000 prior 1.0000 proven win plies 1 pv d2 info move d1 visits 0 winrate 1.0000 prior 1.0000 proven win plies 1 pv d1

=2 quartet" "quartet-analyze proven wins"
out=$(printf 'gogui-analyze_commands\n' | $Q gtp); has "$out" "string/Analyze 1 s/quartet-analyze 100 1" "analyze for GoGui"

# Pondering (ponder=1): the tree searched on the opponent's time is kept by
# the next genmove ("hit"); any command ends it.  ponder=0 never ponders.
# c=0.7 so that the short ponder tries every reply, a1 included, even
# under ThreadSanitizer (Y's own c=0.1 may leave a corner unvisited);
# level 4, Y's first level without a beginner's slips (a slip is no search).
# answered N: wait (at most 30 s) until the engine has given N answers
answered() {
    i=0
    while [ "$(grep -c '^=' "$tmp/pout" 2>/dev/null)" -lt "$1" ] && [ $i -lt 300 ]; do
        sleep 0.1; i=$((i + 1)); done
}
for ponder in 1 0; do
    (printf 'quartet-game y size=6\nquartet-set level 4\nquartet-set c 0.7\nquartet-set ponder %s\ngenmove b\n' $ponder
     answered 5; sleep 0.3; printf 'play w a1\ngenmove b\n'; answered 7; sleep 0.3
     printf 'quartet-ponder\n') | timeout 60 $Q gtp >"$tmp/pout" 2>"$tmp/ponder.err"
    out=$(cat "$tmp/pout")
    if [ $ponder = 1 ]; then
        has "$(printf '%s\n' "$out" | grep -E '^= ponders 2 iterations [1-9][0-9]* hits 1 misses 0$')" \
            "ponders" "ponder hit counted"
        has "$(cat "$tmp/ponder.err")" "quartet: ponder hit (" "ponder hit on stderr"
    fi
done
has "$out" "= ponders 0 iterations 0 hits 0 misses 0" "no ponder by default"
status "$(wc -c <"$tmp/ponder.err")" 0 "nothing on stderr without ponder"
# LOA's ai (alpha-beta) ponders into its table: the next genmove finds its
# position there already searched (level 4, 100 nodes, its first level
# without a beginner's slips, and the seed make g1-g3 first).
(printf 'quartet-game loa\nquartet-set level 4\nquartet-set ponder 1\ngenmove b\n'
 answered 4; sleep 0.3; printf 'play w a2-c2\ngenmove b\n'; answered 6; sleep 0.3
 printf 'quartet-ponder\n') | timeout 60 $Q gtp >"$tmp/pout" 2>"$tmp/ponder.err"
out=$(cat "$tmp/pout")
has "$out" "= g1-g3" "LOA: the first move at level 4"
has "$(printf '%s\n' "$out" | grep -E '^= ponders 2 iterations [1-9][0-9]* hits 1 misses 0$')" \
    "ponders" "LOA: alpha-beta's ponder hit counted"
has "$(cat "$tmp/ponder.err")" "quartet: ponder hit (" "LOA: ponder hit on stderr"
# A new kind of player takes over only the settings the user gave: a
# game's tuned defaults (LOA's evaluation) still apply to it, as a match's
# referee sets players up before the game.
out=$(printf 'quartet-set level 3\nquartet-player mcts\nquartet-game loa\nquartet-settings\n' | $Q gtp y)
has "$out" "= seed=1 level=3 ladder=standard iterations=0 ms=0 memory=256 c=0.7 cutoff=1 evalplies=4 maxplies=1000 prior=4" \
    "game defaults after quartet-player"
summary cli_gtp
