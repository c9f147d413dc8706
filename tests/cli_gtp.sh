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
# end of input during a search: the search still answers
out=$(printf 'genmove b\n' | $Q gtp loa); has "$out" "= " "answer at end of input"
# CR line ends, a last line without a newline
out=$(printf 'name\r\nversion' | $Q gtp); has "$out" "= quartet" "CR tolerated"; has "$out" "= 0." "last line"
# a line longer than the protocol's buffer is refused, the next one works
out=$( (awk 'BEGIN { s = "play b "; for (i = 0; i < 70000; i++) s = s "x"; print s }'; printf 'name\n') | $Q gtp)
has "$out" "? syntax error: line too long" "long line"; has "$out" "= quartet" "after a long line"
# start-up
out=$($Q help gtp); has "$out" "usage: quartet gtp [GAME" "help gtp"
out=$($Q gtp chess </dev/null 2>&1); status $? 2 "gtp unknown game"; has "$out" "unknown game 'chess'" "gtp unknown game"
out=$($Q gtp loa --player=wizard </dev/null 2>&1); status $? 2 "gtp bad player"; has "$out" "unknown player kind" "gtp bad player"
out=$($Q gtp loa --white=ai </dev/null 2>&1); status $? 2 "gtp bad arg"; has "$out" "--player=KIND" "gtp bad arg"
out=$(printf 'quartet-settings\n' | $Q gtp loa --player=random:seed=9); has "$out" "seed=9" "gtp --player settings"
summary cli_gtp
