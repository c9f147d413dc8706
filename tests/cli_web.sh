#!/bin/sh
# The web server over HTTP, as the page meets it: every API call and every
# error, two seats with two tokens, a watcher who cannot move, live updates
# delivering a computer's move, a restart that loses nothing, the page's
# files, and a clean stop on SIGTERM.  Servers bind 127.0.0.1 on a free port.
cd "$(dirname "$0")/.." || exit 2
. tests/lib.sh
t=$(mktemp -d)
pid=""
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; [ -n "$KEEP" ] && cp "$t/err" /tmp/cli_web.err; rm -rf "$t"' EXIT

# start [ARGS]: a server on a free port with the database in $t; sets $url
start() {
    : >"$t/out"
    "$Q" serve --port 0 --db "$t/games.db" "$@" >"$t/out" 2>>"$t/err" &
    pid=$!
    for _ in $(seq 100); do
        url=$(sed -n 's|^quartet serve: open \(http://127.0.0.1:[0-9]*\)/.*|\1|p' "$t/out")
        [ -n "$url" ] && return 0
        sleep 0.1
    done
    echo "FAIL the server did not start"; cat "$t/out" "$t/err"; fail=$((fail + 1))
}
# stop [SIGNAL]: SIGTERM (or SIGNAL), then the exit status must be 0 within 10 s
stop() {
    kill -"${1:-TERM}" "$pid"
    for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    wait "$pid"; rc=$?
    pid=""
    status "$rc" 0 "server stops cleanly on SIG${1:-TERM}"
    has "$(cat "$t/out")" "quartet serve: stopping" "stop message"
}
# call METHOD PATH [BODY] [TOKEN]: sets $code and $body (a stream opened
# by mistake ends after 30 s)
call() {
    code=$(curl -s -m 30 -o "$t/body" -w '%{http_code}' -X "$1" ${4:+-H "X-Quartet-Token: $4"} \
        ${3:+--data-binary "$3"} "$url$2")
    body=$(cat "$t/body")
}
# expect CODE FRAGMENT DESCRIPTION: the last call's status and body
expect() {
    if [ "$code" = "$1" ]; then pass=$((pass + 1))
    else fail=$((fail + 1)); echo "FAIL $3: HTTP $code, expected $1 ($body)"; fi
    has "$body" "$2" "$3"
}
field() { printf '%s' "$body" | sed -n "s/.*\"$1\":\"\\([^\"]*\\)\".*/\\1/p" | head -n 1; }
# token N: seat N's token in the body's "tokens" ("" for a computer's seat)
token() {
    printf '%s' "$body" | sed -n 's/.*"tokens":\[\([^]]*\)\].*/\1/p' | tr -d '"' |
        cut -d, -f$(($1 + 1)) | sed 's/^null$//'
}
# moves TEXT KEY: the values of "KEY":"..." in TEXT, one a line, sorted
moves() { printf '%s' "$1" | grep -o "\"$2\":\"[^\"]*\"" | sed 's/.*:"\(.*\)"/\1/' | sort -u; }
# wait_analysis ID PATTERN: the latest analysis of game ID once it has
# PATTERN (30 s at most)
wait_analysis() {
    for _ in $(seq 300); do
        call GET "/api/games/$1/analysis"
        printf '%s' "$body" | grep -q "$2" && return 0
        sleep 0.1
    done
    echo "no analysis with $2: $body"
    return 1
}
# wait_proof ID: the latest analysis of game ID once its proof has ended
wait_proof() { wait_analysis "$1" '"proof":{"done":true'; }

start

# ---- the catalogue ----
call GET /api/catalog
expect 200 '{"name":"loa","title":"Lines of Action","colours":["black","white"],"options":[{"name":"simultaneous","help":"both players connected by one move: draw, or the mover wins","choices":["draw","mover"],"default":"draw"}' "catalogue: LOA"
has "$body" '{"name":"size","help":"cells on each side of the triangle","min":2,"max":26,"default":11}' "catalogue: Y's size range"
has "$body" '"name":"coffee","title":"Coffee","colours":["black","orange"]' "catalogue: Coffee"
has "$body" '"name":"lot","title":"LOT (Line of Three)","colours":["white","black"]' "catalogue: LOT"
has "$body" '{"name":"size","help":"cells per side, hex 2..10, square 3..19 (0: the sheet'"'"'s 4 on hex, 5 on square)","min":0,"max":19,"default":0,"resolved":"4"}' "catalogue: what Coffee's size 0 comes to"
has "$body" '"min":0,"max":19,"default":0,"resolved":"4"},{"name":"pie"' "catalogue: what Coffee's n 0 comes to"

# ---- what each level means, per game and options ----
call POST /api/levels '{"game":"coffee"}'
expect 200 '{"levels":[{"level":1,"text":"50 iterations a move, 70 % of the moves at random"},{"level":2,"text":"50 iterations a move, 25 % of the moves at random"},{"level":3,"text":"50 iterations a move"},{"level":4,"text":"170 iterations a move"},{"level":5,"text":"700 iterations a move"},{"level":6,"text":"2200 iterations a move"},{"level":7,"text":"6000 iterations a move"},{"level":8,"text":"16000 iterations a move"},{"level":9,"text":"44000 iterations a move"},{"level":10,"text":"128000 iterations a move"}],"default":8}' "levels: Coffee's ladder"
call POST /api/levels '{"game":"y","options":{"variant":"double","size":9}}'
expect 200 '{"levels":[{"level":1,"text":"120 iterations a move, 90 % of the moves at random"},{"level":2,"text":"120 iterations a move, 65 % of the moves at random"},' "levels: Y's two-stone variant has its own ladder"
has "$body" '{"level":10,"text":"128000 iterations a move"}],"default":9}' "levels: its default"
call POST /api/levels '{"game":"y"}'
has "$body" '{"level":3,"text":"10 iterations a move, 25 % of the moves at random"},{"level":4,"text":"10 iterations a move"}' "levels: Y's standard game"
has "$body" '"default":9}' "levels: Y's default level"
call POST /api/levels '{"game":"loa","options":{"repetition":0}}'
expect 200 '{"levels":[{"level":1,"text":"100 nodes a move, 85 % of the moves at random"},' "levels: LOA's alpha-beta counts nodes"
has "$body" '{"level":10,"text":"2000000 nodes a move"}],"default":8}' "levels: LOA's top and default"
call POST /api/levels '{"game":"lot"}'
has "$body" '{"level":4,"text":"170 nodes a move"},' "levels: LOT's steep ladder"
call POST /api/levels '{"game":"chess"}'
expect 400 '{"error":"unknown game '"'"'chess'"'"' (games: loa y lot coffee)"}' "levels: an unknown game"
call POST /api/levels '{"game":"y","options":{"size":99}}'
expect 400 '{"error":"option size: 99 is out of range (2..26)"}' "levels: a bad option"
call POST /api/levels '{"game":"y","seats":[]}'
expect 400 '{"error":"unknown field '"'"'seats'"'"'"}' "levels: an unknown field"
call GET /api/levels
expect 405 '{"error":"method not allowed"}' "levels: POST only"

# ---- two people, two tokens ----
call POST /api/games '{"game":"loa","seats":[{"kind":"human"},{"kind":"human"}]}'
expect 201 '"state":{"id":"' "create a game for two people"
moves "$body" text >"$t/legal0" # LOA's first moves
id=$(field id)
tok0=$(token 0)
tok1=$(token 1)
status "${#id}" 16 "game id: 16 hex digits"
status "${#tok0}" 32 "first token: 128 bits"
status "${#tok1}" 32 "second token: 128 bits"
has "$body" "\"links\":[\"/#game=$id&token=$tok0\",\"/#game=$id&token=$tok1\"],\"watch\":\"/#game=$id\"" "invitation links"
has "$body" '"to_move":0,"result":{"code":"none","reason":""},"turns":[],"seats":[{"kind":"human"},{"kind":"human"}],"you":0,"thinking":false,"pondering":false,"clocks":null,"ply":0,"view_ply":0,"board":{"kind":"square","width":10.0,"height":10.0,"cells":[{"name":"a1","x":1.0,"y":8.0,"shape":"square","size":1.0,"piece":null,"marks":[]},{"name":"b1","x":2.0,"y":8.0,"shape":"square","size":1.0,"piece":{"player":0,"kind":"piece"},"marks":[]}' "the state of a new LOA game"
has "$body" '"moves":[{"text":"b1-h1","clicks":["b1","h1"]},' "the moves with their click paths"

call GET "/api/games/$id"
expect 200 '"you":null' "a watcher reads the state"
call GET "/api/games/$id" "" "$tok1"
expect 200 '"you":1' "the second token is the second seat"

call POST "/api/games/$id/play" '{"move":"c1-c3"}'
expect 403 '{"error":"this needs a seat'"'"'s token (X-Quartet-Token)"}' "a watcher cannot move"
call POST "/api/games/$id/play" '{"move":"c1-c3"}' 0123456789abcdef0123456789abcdef
expect 403 '{"error":"wrong seat token"}' "a wrong token cannot move"
call POST "/api/games/$id/play" '{"move":"c1-c3"}' "$tok1"
expect 403 '{"error":"it is not your turn: black is to move"}' "out of turn"
call POST "/api/games/$id/play" '{"move":"c1-c4"}' "$tok0"
expect 400 '{"error":"illegal move c1-c4' "an illegal move"
call POST "/api/games/$id/play" '{"move":"c1-c3"' "$tok0"
expect 400 '{"error":"malformed JSON: ' "malformed JSON"
call POST "/api/games/$id/play" '["c1-c3"]' "$tok0"
expect 400 '{"error":"the body must be a JSON object"}' "a body that is no object"
call POST "/api/games/$id/play" '{}' "$tok0"
expect 400 '{"error":"move must be a move'"'"'s text, e.g. {\"move\":\"c8-c6\"}"}' "no move field"
call POST "/api/games/$id/play" '{"move":5}' "$tok0"
expect 400 '{"error":"move must be a move'"'"'s text, e.g. {\"move\":\"c8-c6\"}"}' "a move that is no text"
call GET "/api/games/$id"
expect 200 '"turns":[],' "refused moves changed nothing"

call POST "/api/games/$id/play" '{"move":"c1-c3"}' "$tok0"
expect 200 '"to_move":1,"result":{"code":"none","reason":""},"turns":[{"player":0,"text":"c1-c3"}],' "the first seat moves"
has "$body" '{"name":"c1","x":3.0,"y":8.0,"shape":"square","size":1.0,"piece":null,"marks":["last"]}' "the last move is marked"
call POST "/api/games/$id/play" '{"move":"h3xf1"}' "$tok1"
expect 200 '"turns":[{"player":0,"text":"c1-c3"},{"player":1,"text":"h3xf1"}],' "the second seat moves"
call GET "/api/games/$id?ply=1"
expect 200 '"ply":2,"view_ply":1,' "review: the board after one move"
has "$body" '"moves":[]' "review: no moves"
has "$body" '{"name":"f1","x":6.0,"y":8.0,"shape":"square","size":1.0,"piece":{"player":0,"kind":"piece"},"marks":[]}' "review: f1 before the capture"
call GET "/api/games/$id?ply=3"
expect 400 '{"error":"ply is past the last move"}' "review past the end"
call GET "/api/games/$id?ply=x"
expect 400 '{"error":"ply must be a move number"}' "review with a bad ply"

# ---- undo and resign ----
call POST "/api/games/$id/undo" "" "$tok0"
expect 200 '"turns":[],' "undo takes back the opponent's turn and one's own"
call POST "/api/games/$id/undo" "" "$tok1"
expect 409 '{"error":"nothing to undo: this seat has not moved"}' "nothing to undo"
call POST "/api/games/$id/undo"
expect 403 "needs a seat's token" "a watcher cannot undo"
call POST "/api/games/$id/play" '{"move":"c1-c3"}' "$tok0"
call POST "/api/games/$id/resign" "" "$tok1"
expect 200 '"to_move":null,"result":{"code":"1-0","reason":"White resign' "resign"
has "$body" '"moves":[]' "no moves after the end"
call POST "/api/games/$id/play" '{"move":"b1-b3"}' "$tok0"
expect 409 '{"error":"the game is over"}' "no move after the end"
call POST "/api/games/$id/resign" "" "$tok0"
expect 409 '{"error":"the game is over"}' "no resignation after the end"

# ---- taking back a finished game (docs/RULES-NOTES.md) ----
# a resignation is the resigner's to take back, never the winner's
call POST /api/games '{"game":"loa","seats":[{"kind":"human"},{"kind":"human"}]}'
kid=$(field id)
k0=$(token 0)
k1=$(token 1)
has "$body" '"undo":[false,false]' "no undo is offered before a move"
call POST "/api/games/$kid/play" '{"move":"c1-c3"}' "$k0"
call POST "/api/games/$kid/resign" "" "$k1"
expect 200 '"result":{"code":"1-0","reason":"White resigned"}' "White resigns before its first move"
has "$body" '"turn":null,"updated":' "no turn after the end"
has "$body" '"undo":[false,true]' "after White's resignation only White's undo is offered"
call POST "/api/games/$kid/undo" "" "$k0"
expect 409 '{"error":"only white, who resigned, can take the resignation back"}' "the winner cannot take back the loser's resignation"
call GET "/api/games/$kid"
expect 200 '"to_move":null,"result":{"code":"1-0","reason":"White resigned"},"turns":[{"player":0,"text":"c1-c3"}],' "the refused undo changed nothing"
call POST "/api/games/$kid/undo" "" "$k1"
expect 200 '"to_move":1,"result":{"code":"none","reason":""},"turns":[{"player":0,"text":"c1-c3"}],' "the resigner takes back the resignation alone"
has "$body" '"undo":[true,false]' "then each seat's undo as in play"
# Black resigns on White's turn: its undo leaves every move on the board
call POST "/api/games/$kid/play" '{"move":"h3xf1"}' "$k1"
call POST "/api/games/$kid/play" '{"move":"b1-b3"}' "$k0"
call POST "/api/games/$kid/resign" "" "$k0"
expect 200 '"result":{"code":"0-1","reason":"Black resigned"}' "a resignation on the other seat's turn"
call POST "/api/games/$kid/undo" "" "$k0"
expect 200 '"to_move":1,"result":{"code":"none","reason":""},"turns":[{"player":0,"text":"c1-c3"},{"player":1,"text":"h3xf1"},{"player":0,"text":"b1-b3"}],' "taking it back takes back no move"

# ---- two people on their own screens (an invited seat) ----
# no engine's word while they play, for a seat or a watcher; an undo is an
# offer the opponent accepts or declines
call POST /api/games '{"game":"loa","seats":[{"kind":"human"},{"kind":"human","invited":"yes"}]}'
expect 400 '{"error":"seat 2: invited must be true or false"}' "invited is true or false"
call POST /api/games '{"game":"loa","seats":[{"kind":"human"},{"kind":"computer","invited":true}]}'
expect 400 '{"error":"seat 2: invited is for a person'"'"'s seat"}' "a computer's seat is not invited"
call POST /api/games '{"game":"loa","seats":[{"kind":"human"},{"kind":"human","invited":true}]}'
aid=$(field id)
a0=$(token 0)
a1=$(token 1)
expect 201 '"seats":[{"kind":"human"},{"kind":"human","invited":true}]' "an invited seat"
has "$body" '"apart":true,"takeback":null' "two people apart, no takeback offered"
apart_msg='{"error":"the analysis opens when the game is over: two people are playing"}'
call POST "/api/games/$aid/analysis" '{"ms":200}'
expect 409 "$apart_msg" "no analysis for a watcher while two people play"
call POST "/api/games/$aid/analysis" '{"ms":200,"ply":0}' "$a0"
expect 409 "$apart_msg" "nor for a seat, nor of an earlier position"
call GET "/api/games/$aid/analysis"
expect 409 "$apart_msg" "nor the latest analysis"
call POST "/api/games/$aid/computer" '{}' "$a0"
expect 409 '{"error":"the computer does not move for a person: two people are playing"}' "no computer's move for a person"
call POST "/api/games/$aid/play" '{"move":"c1-c3"}' "$a0"
call POST "/api/games/$aid/play" '{"move":"h3xf1"}' "$a1"
call POST "/api/games/$aid/undo" "" "$a0"
expect 202 '"turns":[{"player":0,"text":"c1-c3"},{"player":1,"text":"h3xf1"}],' "an undo offers a takeback and takes nothing back"
has "$body" '"apart":true,"takeback":{"by":0},"undo":[false,false]' "the state carries the offer"
offered='{"error":"black'"'"'s takeback offer waits for an answer"}'
call POST "/api/games/$aid/undo" "" "$a0"
expect 409 "$offered" "a second offer is refused"
call POST "/api/games/$aid/undo" "" "$a1"
expect 409 "$offered" "the other seat cannot offer while one waits"
call POST "/api/games/$aid/takeback" '{"accept":true}'
expect 403 '{"error":"this needs a seat'"'"'s token (X-Quartet-Token)"}' "a watcher cannot accept"
call POST "/api/games/$aid/takeback" '{"accept":true}' 00000000000000000000000000000000
expect 403 '{"error":"wrong seat token"}' "a non-seat cannot accept"
call POST "/api/games/$aid/takeback" '{"accept":true}' "$a0"
expect 403 '{"error":"the other seat accepts a takeback: its offerer can only cancel it"}' "the offerer cannot accept"
call POST "/api/games/$aid/takeback" '{}' "$a1"
expect 400 '{"error":"accept must be true or false, e.g. {\"accept\":true}"}' "takeback: accept is needed"
call POST "/api/games/$aid/takeback" '{"accept":true,"turns":1}' "$a1"
expect 400 '{"error":"unknown field '"'"'turns'"'"'"}' "takeback: an unknown field"
call GET "/api/games/$aid"
expect 200 '"turns":[{"player":0,"text":"c1-c3"},{"player":1,"text":"h3xf1"}],' "the refused answers changed nothing"
has "$body" '"takeback":{"by":0}' "the offer still waits"
call POST "/api/games/$aid/takeback" '{"accept":false}' "$a1"
expect 200 '"turns":[{"player":0,"text":"c1-c3"},{"player":1,"text":"h3xf1"}],' "declined: nothing taken back"
has "$body" '"apart":true,"takeback":null,"undo":[true,true]' "declined: no offer"
call POST "/api/games/$aid/takeback" '{"accept":false}' "$a1"
expect 409 '{"error":"no takeback is offered"}' "no offer to answer"
call POST "/api/games/$aid/undo" "" "$a0"
call POST "/api/games/$aid/takeback" '{"accept":false}' "$a0"
expect 200 '"apart":true,"takeback":null' "the offerer cancels"
call POST "/api/games/$aid/undo" "" "$a0"
call POST "/api/games/$aid/play" '{"move":"b1-b3"}' "$a0"
expect 200 '"apart":true,"takeback":null' "a move clears the offer"
call POST "/api/games/$aid/undo" "" "$a0"
call POST "/api/games/$aid/takeback" '{"accept":true}' "$a1"
expect 200 '"turns":[{"player":0,"text":"c1-c3"},{"player":1,"text":"h3xf1"}],' "accepted: the offerer's turn is taken back"
has "$body" '"takeback":null' "accepted: no offer"
call POST "/api/games/$aid/undo" "" "$a0"
call POST "/api/games/$aid/takeback" '{"accept":true}' "$a1"
expect 200 '"turns":[],' "accepted: the offerer's turn and the reply after it"
# a resignation: the resigner asks, the winner consents; the analysis
# opens at the end and closes when the game goes on
call POST "/api/games/$aid/play" '{"move":"c1-c3"}' "$a0"
call POST "/api/games/$aid/resign" "" "$a1"
call POST "/api/games/$aid/analysis" '{"ms":200,"ply":0}'
expect 202 '{"ply":0,"to_move":0,' "the analysis opens when the game is over"
wait_analysis "$aid" '"done":true,"candidates"'
expect 200 '{"ply":0,"to_move":0,' "the analysis of a finished game between two people"
call POST "/api/games/$aid/undo" "" "$a0"
expect 409 '{"error":"only white, who resigned, can take the resignation back"}' "the winner cannot ask to take back the resignation"
call POST "/api/games/$aid/undo" "" "$a1"
expect 202 '"result":{"code":"1-0","reason":"White resigned"}' "the resigner's undo offers"
has "$body" '"takeback":{"by":1}' "the resigner's offer"
call POST "/api/games/$aid/takeback" '{"accept":true}' "$a0"
expect 200 '"to_move":1,"result":{"code":"none","reason":""},"turns":[{"player":0,"text":"c1-c3"}],' "the winner accepts: the resignation alone is taken back"
call POST "/api/games/$aid/analysis" '{"ms":200}'
expect 409 "$apart_msg" "the analysis closes when the game goes on"

# ---- a field a call does not know: 400, naming it, and nothing changes ----
call POST "/api/games/$kid/play" '{"move":"a2-c2","colour":"white"}' "$k1"
expect 400 '{"error":"unknown field '"'"'colour'"'"'"}' "play: an unknown field"
call POST "/api/games/$kid/play" '{"mve":"a2-c2"}' "$k1"
expect 400 '{"error":"unknown field '"'"'mve'"'"'"}' "play: a misspelt field"
call POST "/api/games/$kid/undo" '{"turns":2}' "$k0"
expect 400 '{"error":"unknown field '"'"'turns'"'"'"}' "undo: an unknown field"
call POST "/api/games/$kid/resign" '{"seat":1}' "$k1"
expect 400 '{"error":"unknown field '"'"'seat'"'"'"}' "resign: an unknown field"
call POST "/api/games/$kid/computer" '{"level":2,"speed":9}' "$k1"
expect 400 '{"error":"unknown field '"'"'speed'"'"'"}' "computer: an unknown field"
call POST "/api/games/$kid/analysis" '{"ms":500,"depth":3}'
expect 400 '{"error":"unknown field '"'"'depth'"'"'"}' "analysis: an unknown field"
for path in "" /analysis /sgf /events; do
    call GET "/api/games/$kid$path" '{"ply":0}'
    expect 400 '{"error":"unknown field '"'"'ply'"'"'"}' "GET $path: a body's field"
done
call GET "/api/games/$kid/analysis"
expect 200 '{"ply":-1,"to_move":null,"visits":0,"depth":0,"ms":0,"done":true,"candidates":[],"proof":null}' "the refused analysis did not start"
call GET "/api/games/$kid"
expect 200 '"to_move":1,"result":{"code":"none","reason":""},"turns":[{"player":0,"text":"c1-c3"},{"player":1,"text":"h3xf1"},{"player":0,"text":"b1-b3"}],"seats":[{"kind":"human"},{"kind":"human"}],' "the refused calls changed nothing"
for seat in '{"kind":"human","colour":"red"}|seat 1: unknown field '"'"'colour'"'"'' \
    '{"kind":"human","level":3}|seat 1: level is for a computer seat' \
    '{"kind":"computer","speed":3}|seat 1: unknown field '"'"'speed'"'"''; do
    call POST /api/games "{\"game\":\"y\",\"seats\":[${seat%%|*},{\"kind\":\"human\"}]}"
    expect 400 "{\"error\":\"${seat#*|}\"}" "create: ${seat#*|}"
done
call POST /api/games '{"game":5}'
expect 400 '{"error":"game must be a game'"'"'s name (a string)"}' "create: a game that is no name"
call POST /api/games '{"sgf":["(;QG[loa])"]}'
expect 400 '{"error":"sgf must be a record'"'"'s text (a string)"}' "create: a record that is no text"
call POST /api/games '{"sgf":"(;FF[4]QG[y])","options":{"size":5}}'
expect 400 '{"error":"options come with game: a record gives its own"}' "create: options beside a record"

# ---- SGF out and in ----
call GET "/api/games/$id/sgf"
expect 200 ';B[c1-c3]' "SGF export"
has "$body" 'RE[B+R]' "SGF export: the result"
sgf=$(printf '%s' "$body" | tr -d '\n' | sed 's/\\/\\\\/g; s/"/\\"/g')
call POST /api/games "{\"sgf\":\"$sgf\",\"seats\":[{\"kind\":\"human\"},{\"kind\":\"human\"}]}"
expect 201 '"turns":[{"player":0,"text":"c1-c3"}]' "SGF import"
has "$body" '"result":{"code":"1-0"' "SGF import keeps the result"
call POST /api/games '{"sgf":"(;FF[4]QG[loa];B[c1-c9])"}'
expect 400 '{"error":"' "SGF import of a bad record"
# the error quotes one byte of a two-byte character: '?' keeps the JSON valid
call POST /api/games '{"sgf":"(;\u00e9"}'
expect 400 '{"error":"line 1: unexpected '"'?'"' (expected' "an error quoting half a character"
call POST /api/games '{"game":"loa","options":{"variant":"\u00e9\u00e9"}}'
expect 400 '{"error":"' "an option value that is no ASCII"

# ---- bad requests ----
call GET /api/games/0123456789abcdef
expect 404 '{"error":"no such game"}' "unknown game id"
call GET "/api/games/$id/nothing"
expect 404 '{"error":"no such call"}' "unknown call"
call GET /api/nothing
expect 404 '{"error":"no such call"}' "unknown API path"
long=$(head -c 994 /dev/zero | tr '\0' a) # /api/games/ID?x=... is then 1024 bytes
call GET "/api/games/$id?x=$long"
expect 200 '"id":"'"$id"'"' "a URL of 1024 bytes"
call GET "/api/games/$id?x=${long}a"
expect 414 '{"error":"the URL is over 1024 bytes"}' "a query past the URL's limit"
call GET "/api/$long$long"
expect 414 '{"error":"the URL is over 1024 bytes"}' "a path past the URL's limit"
call DELETE "/api/games/$id"
expect 405 '{"error":"method not allowed"}' "wrong method"
call GET /api/games
expect 405 '{"error":"method not allowed"}' "wrong method on the games"
call POST /api/games '{"game":"chess"}'
expect 400 '{"error":"unknown game '"'"'chess'"'"' (games: loa y lot coffee)"}' "unknown game"
call POST /api/games '{"game":"y","options":{"size":40}}'
expect 400 '{"error":"' "an option out of range"
has "$body" 'size' "an option out of range: named"
call POST /api/games '{"game":"y","options":{"colour":"red"}}'
expect 400 '{"error":"' "an unknown option"
call POST /api/games '{"game":"y","seats":[{"kind":"computer","level":11},{"kind":"human"}]}'
expect 400 '{"error":"level must be an integer from 1 to 10"}' "a level out of range"
call POST /api/games '{"game":"y","seats":[{"kind":"robot"},{"kind":"human"}]}'
expect 400 '{"error":"seat 1: kind must be \"human\" or \"computer\""}' "an unknown seat kind"
call POST /api/games '{"game":"y","turbo":1}'
expect 400 '{"error":"unknown field '"'"'turbo'"'"'"}' "an unknown field"
head -c 300000 /dev/zero | tr '\0' ' ' >"$t/big"
code=$(curl -s -o "$t/body" -w '%{http_code}' -X POST --data-binary @"$t/big" "$url/api/games")
body=$(cat "$t/body")
expect 413 '{"error":"the request body is over 256 KiB"}' "a body over the limit"
call GET "/api/games/$id"
expect 200 '"turns":[{"player":0,"text":"c1-c3"}]' "the stored game is unchanged after the errors"

# ---- the computer, live updates ----
# against BODY FILE: a game of a person against the computer, its live
# updates written to FILE; sets $gid, $gtok and $spid (the reader)
against() {
    call POST /api/games "$1"
    gid=$(field id)
    gtok=$(token 0)
    timeout 15 curl -sN "$url/api/games/$gid/events?token=$gtok" >"$2" 2>/dev/null &
    spid=$!
    sleep 0.3
}
against '{"game":"y","options":{"size":5},"seats":[{"kind":"human"},{"kind":"computer","ms":1500}]}' "$t/events"
expect 201 '"seats":[{"kind":"human"},{"kind":"computer","ms":1500}]' "a game against the computer"
cid=$gid ctok=$gtok
call POST "/api/games/$cid/play" '{"move":"c3"}' "$ctok"
expect 200 '"thinking":true' "the computer starts thinking after a move"
call POST "/api/games/$cid/undo" "" "$ctok"
expect 200 '"turns":[],' "undo stops the computer and takes back the move"
call POST "/api/games/$cid/play" '{"move":"c3"}' "$ctok"
call POST "/api/games/$cid/play" '{"move":"d4"}' "$ctok"
expect 409 '{"error":"the computer is thinking"}' "no move while the computer thinks"
for _ in $(seq 100); do grep -q '"turns":\[{"player":0,"text":"c3"},{"player":1' "$t/events" && break; sleep 0.1; done
kill "$spid" 2>/dev/null; wait "$spid" 2>/dev/null
events=$(cat "$t/events")
has "$events" 'event: state' "live updates: the state"
has "$events" '"turns":[{"player":0,"text":"c3"},{"player":1,"text":"' "live updates deliver the computer's move"
has "$events" '"you":0' "live updates know the seat of the token"
has "$events" 'event: thinking
data: {"best":"' "live updates: the computer's current best move"
call GET "/api/games/$cid"
expect 200 '"thinking":false' "the computer's move is stored"
has "$body" '"ply":2' "the computer's move is in the state"

call POST "/api/games/$cid/computer" '{"ms":200}' "$ctok"
expect 202 '"thinking":true' "the computer moves for a person on request"
for _ in $(seq 150); do call GET "/api/games/$cid"; printf '%s' "$body" | grep -q '"ply":4' && break; sleep 0.1; done
expect 200 '"ply":4' "the computer played for the person, then answered"
has "$body" '"seats":[{"kind":"human"},{"kind":"computer","ms":1500}]' "the person keeps the seat"
call POST "/api/games/$cid/computer" '{"level":3,"ms":100}' "$ctok"
expect 400 '{"error":"give level or ms, not both"}' "computer: level and ms"

# thinking events: one per 250 ms of search and one at its end (docs/API.md)
against '{"game":"loa","seats":[{"kind":"human"},{"kind":"computer","ms":2000}]}' "$t/tevents"
call POST "/api/games/$gid/play" '{"move":"c1-c3"}' "$gtok"
for _ in $(seq 150); do grep -q '"ply":2,' "$t/tevents" && break; sleep 0.1; done
kill "$spid" 2>/dev/null; wait "$spid" 2>/dev/null
nthink=$(grep -c '^event: thinking' "$t/tevents")
last_ms=$(sed -n 's/^data: {"best":.*"ms":\([0-9]*\)}$/\1/p' "$t/tevents" | tail -n 1)
# one per 250 ms of search until its end (which may come early, once the
# move is certain) and one at the end; a starved search reports late, and
# the first report waits for the searcher's first whole answer (LOA's
# alpha-beta: its first depth), which a sanitizer build can take longer
# than one interval to finish.  Never more than one per interval; at least
# half of them, which a loaded machine still delivers (a server that sent
# only the final report would fail).
periodic=$(( ${last_ms:-0} / 250 ))
if [ "$nthink" -ge $((periodic / 2)) ] && [ "$nthink" -le $((periodic + 2)) ] && [ "$nthink" -ge 2 ]; then
    pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL $nthink thinking events in a search of ${last_ms:-?} ms"; fi

# ---- analysis ----
call POST "/api/games/$cid/analysis" '{"ms":50}'
expect 400 '{"error":"ms must be an integer from 100 to 30000"}' "analysis time out of range"
call POST "/api/games/$cid/analysis" '{"ms":300}'
expect 202 '"done":false' "analysis starts"
for _ in $(seq 60); do call GET "/api/games/$cid/analysis"; printf '%s' "$body" | grep -q '"done":true,"candidates"' && break; sleep 0.1; done
expect 200 '"done":true,"candidates"' "analysis ends"
has "$body" '{"ply":4,' "analysis of the position after four moves"
has "$body" '"candidates":[{"move":"' "analysis: candidate moves"
has "$body" '"pv":["' "analysis: the principal variation"
wait_proof "$cid"
printf '%s' "$body" | grep -Eq '"proof":\{"done":true,"value":"(win|loss|unknown)","winning":\['
status $? 0 "the proof beside it ends with the analysis's time (proven, or unknown)"

# ---- the analysis of an earlier position: the game stays as it is ----
call POST "/api/games/$kid/analysis" '{"ms":500,"ply":0}'
expect 202 '{"ply":0,"to_move":0,"visits":0,"depth":0,"ms":0,"done":false,"candidates":[]' \
    "an analysis of the start of a game three moves on"
wait_analysis "$kid" '"done":true,"candidates"'
expect 200 '{"ply":0,"to_move":0,' "the analysis is of the start"
moves "$body" move >"$t/cands0"
if [ -s "$t/cands0" ] && [ -z "$(comm -23 "$t/cands0" "$t/legal0")" ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL candidates not legal at the start: $(cat "$t/cands0")"; fi
call GET "/api/games/$kid"
expect 200 '"to_move":1,"result":{"code":"none","reason":""},"turns":[{"player":0,"text":"c1-c3"},{"player":1,"text":"h3xf1"},{"player":0,"text":"b1-b3"}],' "the analysed game is as it was"
call POST "/api/games/$kid/analysis" '{"ms":3000,"ply":1}'
expect 202 '{"ply":1,"to_move":1,' "an analysis of the position after one move"
call POST "/api/games/$kid/analysis" '{"ms":3000,"ply":2}'
expect 202 '{"ply":2,"to_move":0,' "a new analysis replaces the one that runs"
call GET "/api/games/$kid/analysis"
expect 200 '{"ply":2,' "the latest analysis is the new one"
call POST "/api/games/$kid/analysis" '{"ply":4}'
expect 400 '{"error":"ply is past the last move"}' "an analysis past the last move"
call POST "/api/games/$kid/analysis" '{"ply":-1}'
expect 400 '{"error":"ply must be an integer from 0 to 100000"}' "an analysis of no move number"
# a finished game: its past positions, not its last
call POST "/api/games/$id/analysis" '{"ms":300,"ply":1}'
expect 409 '{"error":"the game is over"}' "no analysis of a finished game's last position"
call POST "/api/games/$id/analysis" '{"ms":300,"ply":0}'
expect 202 '{"ply":0,"to_move":0,' "a finished game's earlier position is analysed"
wait_analysis "$id" '"done":true,"candidates"'
moves "$body" move >"$t/cands0"
status "$([ -s "$t/cands0" ] && comm -23 "$t/cands0" "$t/legal0" | wc -l)" 0 "its candidates are legal there"

# ---- several moves in one turn, Coffee's marks, a clock ----
call POST /api/games '{"game":"y","options":{"size":4,"variant":"double"},"seats":[{"kind":"human"},{"kind":"human"}]}'
yid=$(field id)
y0=$(token 0)
y1=$(token 1)
has "$body" '"undo":[false,false],"turn":{"moves":1,"made":0},"updated":' "Y double: the first turn is one stone"
since=$(date +%s)
call POST "/api/games/$yid/play" '{"move":"a1"}' "$y0"
expect 200 '"undo":[true,false],"turn":{"moves":2,"made":0},"updated":' "Y double: then two stones a turn"
# updated: when the move was stored, in seconds since 1970
updated=$(printf '%s' "$body" | sed -n 's/.*"updated":\([0-9]*\)}$/\1/p')
if [ -n "$updated" ] && [ "$updated" -ge "$since" ] && [ "$updated" -le "$(date +%s)" ]; then
    pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL updated is when the move was stored: '$updated', from $since"; fi
call POST "/api/games/$yid/play" '{"move":"b1"}' "$y1"
expect 200 '"to_move":1,' "Y double: the second stone of a turn is the same player's"
has "$body" '"turn":{"moves":2,"made":1},"updated":' "Y double: one of the turn's two stones placed"
call POST "/api/games/$yid/play" '{"move":"d1"}' "$y1"
expect 200 '"to_move":0,"result":{"code":"none","reason":""},"turns":[{"player":0,"text":"a1"},{"player":1,"text":"b1"},{"player":1,"text":"d1"}]' "Y double: one entry per stone"
call POST "/api/games/$yid/undo" "" "$y1"
expect 200 '"turns":[{"player":0,"text":"a1"}]' "undo takes back both stones of the turn"
call POST /api/games '{"game":"coffee","options":{"board":"square","size":3},"clock_ms":60000,"clock_inc_ms":180000}'
cof=$(field id)
c0=$(token 0)
has "$body" '"clocks":{"ms":[' "a game with a clock"
has "$body" '"running":0,"base_ms":60000,"inc_ms":180000}' "the first player's clock runs; the time control"
call POST "/api/games/$cof/play" '{"move":"b2d"}' "$c0"
expect 200 '{"name":"a1","x":1.0,"y":3.0,"shape":"square","size":1.0,"piece":null,"marks":["allowed"]}' "Coffee: the allowed cells"
has "$body" '{"name":"b2","x":2.0,"y":2.0,"shape":"square","size":1.0,"piece":{"player":0,"kind":"disc"},"marks":["last","bar"]}' "Coffee: the bar's piece"
has "$body" '"lines":[{"from":"a1","to":"c3","kind":"bar"}]' "Coffee: the bar's line"
has "$body" '"moves":[{"text":"a1h","clicks":["a1",{"choice":"h","label":"horizontal"}]}' "Coffee: the axis as a choice"
has "$body" '"running":1,"base_ms":60000,"inc_ms":180000}' "the second player's clock runs"
left0=$(printf '%s' "$body" | sed -n 's/.*"clocks":{"ms":\[\([0-9]*\),.*/\1/p')
if [ "$left0" -gt 60000 ] && [ "$left0" -le 240000 ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL the increment after a turn: $left0 ms left of 60000 + 180000"; fi
for bad in '"clock_ms":60000,"clock_inc_ms":180001|clock_inc_ms must be an integer from 0 to 180000' \
    '"clock_ms":60000,"clock_inc_ms":-1|clock_inc_ms must be an integer from 0 to 180000' \
    '"clock_inc_ms":2000|clock_inc_ms needs clock_ms: the increment adds to a clock'; do
    call POST /api/games "{\"game\":\"lot\",${bad%%|*}}"
    expect 400 "{\"error\":\"${bad#*|}\"}" "a bad increment: ${bad%%|*}"
done

# after any end, no cell is shown as one the next move may take
call POST /api/games '{"sgf":"(;FF[4]QG[coffee]QO[board=square size=3];B[b2d])","seats":[{"kind":"human"},{"kind":"human"}]}'
has "$body" '"marks":["allowed"]' "Coffee: the allowed cells while the game goes on"
fid=$(field id)
f1=$(token 1)
call POST "/api/games/$fid/resign" "" "$f1"
expect 200 '"result":{"code":"1-0","reason":"Orange resigned"}' "Coffee: a resignation"
lacks "$body" '"allowed"' "Coffee: no allowed cell after a resignation"
has "$body" '"lines":[{"from":"a1","to":"c3","kind":"bar"}]' "Coffee: the bar's line stays, to draw the bar"
call GET "/api/games/$fid?ply=0"
has "$body" '"marks":["allowed"]' "Coffee: a review of the start shows where its move could go"

call POST /api/games '{"game":"lot","clock_ms":1000}'
lid=$(field id)
l0=$(token 0)
sleep 1.6
call GET "/api/games/$lid"
expect 200 '"result":{"code":"0-1","reason":"' "the first player's time runs out"
has "$body" '"clocks":{"ms":[0,1000],"running":null,"base_ms":1000,"inc_ms":0}' "the clock after the flag fell"
lost_reason=$(printf '%s' "$body" | sed -n 's/.*"result":{"code":"0-1","reason":"\([^"]*\)"}.*/\1/p')
has "$lost_reason" "time" "the reason says time"
has "$body" '"undo":[false,false]' "no undo is offered after a loss on time"
call POST "/api/games/$lid/undo" "" "$l0"
expect 409 '{"error":"the game is over (White lost on time): that cannot be taken back"}' "a loss on time cannot be taken back"
call GET "/api/games/$lid"
expect 200 '"result":{"code":"0-1","reason":"White lost on time"}' "the refused undo changed nothing"

# a beginner (below level 1) answers at once; its seat is kept over the restart below
call POST /api/games '{"game":"y","options":{"size":5},"seats":[{"kind":"human"},{"kind":"computer","beginner":true}]}'
expect 201 '"seats":[{"kind":"human"},{"kind":"computer","beginner":true}]' "a game against a beginner"
bid=$(field id)
btok=$(token 0)
call POST "/api/games/$bid/play" '{"move":"c3"}' "$btok"
for _ in $(seq 50); do call GET "/api/games/$bid"; printf '%s' "$body" | grep -q '"ply":2,' && break; sleep 0.1; done
expect 200 '"ply":2,' "the beginner answers"
# it looks a move ahead: Black's d1 joins the three sides (a plain random
# player would find it one time in four)
call POST /api/games '{"sgf":"(;FF[4]QG[y]QO[size=4];B[a1];W[d4];B[b1];W[d3];B[c1];W[d2])","seats":[{"kind":"computer","beginner":true},{"kind":"human"}]}'
expect 201 '"ply":6' "a beginner to move in an imported game"
wid=$(field id)
for _ in $(seq 50); do call GET "/api/games/$wid"; printf '%s' "$body" | grep -q '"ply":7,' && break; sleep 0.1; done
expect 200 '{"player":0,"text":"d1"}]' "the beginner takes its win at once"
has "$body" '"result":{"code":"1-0"' "the beginner's win ends the game"
call POST /api/games '{"game":"y","seats":[{"kind":"human"},{"kind":"computer","beginner":true,"level":2}]}'
expect 400 '{"error":"a beginner has no level or ms"}' "a beginner with a level"
call POST /api/games '{"game":"y","seats":[{"kind":"human"},{"kind":"computer","beginner":1}]}'
expect 400 '{"error":"beginner must be true or false"}' "beginner: not true or false"
call POST /api/games '{"game":"y","seats":[{"kind":"human"},{"kind":"computer","beginner":true,"ponder":true}]}'
expect 400 '{"error":"seat 2: ponder needs a time per move (ms), not a beginner"}' "a beginner cannot ponder"

# ---- a restart loses nothing ----
clocks() { printf '%s' "$body" | sed -n 's/.*"clocks":{"ms":\[\([0-9]*\),\([0-9]*\)\].*/\1 \2/p'; }
sleep 1
t0=$(date +%s%3N)
call GET "/api/games/$cof"
set -- $(clocks)
cof0=$1 cof1=$2
cofwhen=$(printf '%s' "$body" | sed -n 's/.*"updated":\([0-9]*\)}$/\1/p')
call GET "/api/games/$cid"
before=$(printf '%s' "$body" | sed 's/"thinking":[a-z]*//')
stop
start
has "$(cat "$t/out")" "(12 games in $t/games.db)" "a restart loads every game"
call GET "/api/games/$aid"
expect 200 '"seats":[{"kind":"human"},{"kind":"human","invited":true}]' "an invited seat stays invited over a restart"
call GET "/api/games/$bid"
expect 200 '"seats":[{"kind":"human"},{"kind":"computer","beginner":true}]' "a beginner stays a beginner over a restart"
call GET "/api/games/$cof"
t1=$(date +%s%3N)
set -- $(clocks)
status "$1" "$cof0" "a restart keeps the waiting side's time left exactly, increments included"
has "$body" '"running":1,"base_ms":60000,"inc_ms":180000}' "a restart keeps the time control"
# storing the clocks at the stop is no change of the game
status "$(printf '%s' "$body" | sed -n 's/.*"updated":\([0-9]*\)}$/\1/p')" "$cofwhen" "a restart keeps when the game last changed"
# the running side lost no more than the wall time between the two readings
# (however long the restart took on a loaded machine)
if [ "$2" -le "$cof1" ] && [ "$2" -ge $((cof1 - (t1 - t0))) ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL the running clock after a restart: $2 ms, was $cof1 ms ($((t1 - t0)) ms apart)"; fi
call GET "/api/games/$cid"
after=$(printf '%s' "$body" | sed 's/"thinking":[a-z]*//')
if [ "$before" = "$after" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL the state changed over a restart"; fi
# the first legal move (the timed computer's moves depend on its speed)
free=$(printf '%s' "$after" | sed -n 's/.*"moves":\[{"text":"\([^"]*\)".*/\1/p')
call POST "/api/games/$cid/play" "{\"move\":\"$free\"}" "$ctok"
expect 200 '"ply":5' "the token still moves after a restart"
call GET "/api/games/$id"
expect 200 '"result":{"code":"1-0","reason":"White resign' "a finished game stays finished"
call GET "/api/games/$lid"
expect 200 '"result":{"code":"0-1","reason":"'"$lost_reason"'"}' "a game lost on time stays lost"

# a restart while the computer thinks: it thinks again and moves
call POST /api/games '{"game":"loa","seats":[{"kind":"human"},{"kind":"computer","ms":2000}]}'
rid=$(field id)
rtok=$(token 0)
call POST "/api/games/$rid/play" '{"move":"c1-c3"}' "$rtok"
expect 200 '"thinking":true' "the computer is thinking before the restart"
stop INT
start
call GET "/api/games/$rid"
expect 200 '"thinking":true' "after the restart the computer thinks again"
has "$body" '"ply":1,' "after the restart: the position before the computer's move"
for _ in $(seq 150); do call GET "/api/games/$rid"; printf '%s' "$body" | grep -q '"ply":2,' && break; sleep 0.1; done
expect 200 '"ply":2,' "after the restart the computer moves"

# ---- the page's files ----
# built in: every file of src/web/page/, byte for byte
for f in $(cd src/web/page && find . -type f | sed 's|^\./||'); do
    code=$(curl -s -o "$t/file" -w '%{http_code}' "$url/$f")
    if [ "$code" = 200 ] && cmp -s "$t/file" "src/web/page/$f"; then pass=$((pass + 1))
    else fail=$((fail + 1)); echo "FAIL the built-in page file $f (HTTP $code)"; fi
done
code=$(curl -s -o "$t/file" -w '%{http_code} %{content_type}' "$url/")
status "$(cmp -s "$t/file" src/web/page/index.html && echo 0 || echo 1)" 0 "/ is the built-in index.html"
has "$code" "200 text/html; charset=utf-8" "/ is HTML"
mkdir -p "$t/page"
printf '<!doctype html><title>q</title>\n' >"$t/page/index.html"
printf 'export const x = 1;\n' >"$t/page/app.js"
stop
start --assets "$t/page" --max-games 6
code=$(curl -s -o "$t/body" -w '%{http_code} %{content_type}' "$url/"); body=$(cat "$t/body")
expect '200 text/html; charset=utf-8' '<!doctype html><title>q</title>' "the page from --assets"
code=$(curl -s -o "$t/body" -w '%{http_code} %{content_type}' "$url/app.js"); body=$(cat "$t/body")
expect '200 text/javascript; charset=utf-8' 'export const x = 1;' "a module from --assets"
code=$(curl -s --path-as-is -o "$t/body" -w '%{http_code}' "$url/../games.db"); body=$(cat "$t/body")
expect 404 '{"error":"no such file"}' "no path out of the page's folder"
call GET /missing.js
expect 404 '{"error":"no such file"}' "a missing file"
call POST /api/games '{"game":"lot"}'
expect 429 '{"error":"too many games (the limit is 6)"}' "too many games"

# a game whose creation could not be stored takes no place in the limit
stop
start --max-games 14
python3 -c '
import sqlite3, sys, time
con = sqlite3.connect(sys.argv[1], isolation_level=None)
con.execute("BEGIN IMMEDIATE")
print("locked", flush=True)
time.sleep(8)
con.execute("ROLLBACK")' "$t/games.db" >"$t/lock" &
lpid=$!
for _ in $(seq 50); do grep -q locked "$t/lock" && break; sleep 0.1; done
call POST /api/games '{"game":"lot"}'
expect 503 '{"error":"database: database is locked"}' "a creation the database refuses"
wait "$lpid"
call POST /api/games '{"game":"lot"}'
expect 201 '"id":"' "the refused creation left its place free"
call POST /api/games '{"game":"lot"}'
expect 429 '{"error":"too many games (the limit is 14)"}' "the limit counts only stored games"
stop
start
has "$(cat "$t/out")" "(14 games in $t/games.db)" "the refused creation was not stored"

# a level a person chose stays that level with a clock: the computer at
# level 4 (170 nodes in LOT) answers at once, where the whole strength
# would spend seconds of its minute
call POST /api/games '{"game":"lot","seats":[{"kind":"human"},{"kind":"computer","level":4}],"clock_ms":60000}'
kid4=$(field id)
k40=$(token 0)
call POST "/api/games/$kid4/play" '{"move":"d4"}' "$k40"
for _ in $(seq 100); do
    call GET "/api/games/$kid4"
    printf '%s' "$body" | grep -q '"thinking":false' && break
    sleep 0.1
done
has "$body" '"turns":[{"player":0,"text":"d4"},{"player":1,"text":"' "level 4 with a clock: the computer moved"
left1=$(printf '%s' "$body" | sed -n 's/.*"clocks":{"ms":\[[0-9]*,\([0-9]*\)\].*/\1/p')
if [ "${left1:-0}" -ge 59000 ]; then pass=$((pass + 1))
else fail=$((fail + 1)); echo "FAIL level 4 with a clock searched its level, not the clock: $left1 ms of 60000 left"; fi

# ---- the analysis's proof: a proven value and every winning move ----
call POST /api/games '{"game":"y","options":{"size":3,"pie":0},"seats":[{"kind":"human"},{"kind":"human"}]}'
sid=$(field id)
s0=$(token 0)
call POST "/api/games/$sid/analysis" '{"ms":3000}'
expect 202 '"proof":{"done":' "an analysis starts a proof beside the search"
wait_proof "$sid"
expect 200 '"proof":{"done":true,"value":"win","winning":["b1","b2","c2"],"solved":6,"moves":6,"nodes":' "Y 3: a proven win and all three winning first moves"
# the search proves every first move too (it ends once they are), with
# the game's length along each proof: Black's third stone ends a win, a
# loss lasts until the board is full
for _ in $(seq 100); do
    printf '%s' "$body" | grep -q '"done":true,"candidates"' && break
    sleep 0.1
    call GET "/api/games/$sid/analysis"
done
for m in b1 b2 c2; do
    has "$body" "\"move\":\"$m\",\"clicks\":[\"$m\"],\"visits\":" "a winning first move among the candidates, with its clicks"
    has "$(printf '%s' "$body" | sed -n "s/.*\"move\":\"$m\",\([^}]*\)}.*/\1/p")" '"proven":"win","plies":5' "$m: a proven win, five moves to the end"
done
for m in a1 c1 c3; do
    has "$(printf '%s' "$body" | sed -n "s/.*\"move\":\"$m\",\([^}]*\)}.*/\1/p")" '"proven":"loss","plies":6' "$m: a proven loss, six moves to the end"
done
call POST "/api/games/$sid/play" '{"move":"b2"}' "$s0"
expect 200 '"ply":1' "a winning first move"
call POST "/api/games/$sid/analysis" '{"ms":3000}'
wait_proof "$sid"
expect 200 '"proof":{"done":true,"value":"loss","winning":[],"solved":5,"moves":5,"nodes":' "after it, a proven loss for the side to move"
has "$body" '{"ply":1,' "the proof is of the position analysed"
# a proof that ends at once keeps its result: its first state ("started")
# is in place before its thread runs (this raced once, and the analysis
# then showed an unfinished proof for ever)
ended=0
for _ in 1 2 3 4 5 6 7 8; do
    call POST "/api/games/$sid/analysis" '{"ms":3000}'
    wait_proof "$sid" >/dev/null && ended=$((ended + 1))
done
status "$ended" 8 "eight instant proofs in a row each end"

# a computer seat at a level says what the level plays in this game
call POST /api/games '{"game":"coffee","seats":[{"kind":"computer","level":2},{"kind":"human"}]}'
expect 201 '"seats":[{"kind":"computer","level":2,"text":"50 iterations a move, 25 % of the moves at random"},{"kind":"human"}]' "a level seat's text"

# ---- pondering: the computer thinks on the person's time ----
call POST /api/games '{"game":"y","seats":[{"kind":"human"},{"kind":"computer","level":3,"ponder":true}]}'
expect 400 '{"error":"seat 2: ponder needs a time per move (ms), not a level"}' "ponder with a level"
call POST /api/games '{"game":"y","seats":[{"kind":"human","ponder":true},{"kind":"computer","ms":300}]}'
expect 400 '{"error":"seat 1: ponder is for a computer seat"}' "ponder for a person"
call POST /api/games '{"game":"y","seats":[{"kind":"human"},{"kind":"computer","ms":300,"ponder":"yes"}]}'
expect 400 '{"error":"seat 2: ponder must be true or false"}' "ponder that is no boolean"
call POST /api/games '{"game":"y","options":{"size":7},"seats":[{"kind":"human"},{"kind":"computer","ms":300,"ponder":true}]}'
expect 201 '"seats":[{"kind":"human"},{"kind":"computer","ms":300,"ponder":true}],"you":0,"thinking":false,"pondering":false,' "a computer seat that ponders"
pid1=$(field id)
ptok=$(token 0)
call POST "/api/games/$pid1/play" '{"move":"d4"}' "$ptok"
expect 200 '"thinking":true,"pondering":false' "the computer's turn is no ponder"
for _ in $(seq 100); do call GET "/api/games/$pid1"; printf '%s' "$body" | grep -q '"ply":2,' && break; sleep 0.1; done
expect 200 '"thinking":false,"pondering":true,' "after its move the computer ponders"
call POST "/api/games/$pid1/play" '{"move":"c3"}' "$ptok"
expect 200 '"thinking":true,"pondering":false' "the person's move ends the ponder"
for _ in $(seq 100); do call GET "/api/games/$pid1"; printf '%s' "$body" | grep -q '"ply":4,' && break; sleep 0.1; done
expect 200 '"pondering":true' "it ponders again after its next move"
call POST "/api/games/$pid1/resign" "" "$ptok"
expect 200 '"thinking":false,"pondering":false' "a resignation ends the ponder"
# at most WEBGAME_PONDER_MAX (4) games ponder at once: five computers that
# move first, then wait for their person
pgames=""
for _ in 1 2 3 4 5; do
    call POST /api/games '{"game":"y","options":{"size":5},"seats":[{"kind":"computer","ms":100,"ponder":true},{"kind":"human"}]}'
    pgames="$pgames $(field id):$(token 1)"
done
for _ in $(seq 100); do
    n=0 moved=0
    for g in $pgames; do
        call GET "/api/games/${g%%:*}"
        printf '%s' "$body" | grep -q '"ply":1,' && moved=$((moved + 1))
        printf '%s' "$body" | grep -q '"pondering":true' && n=$((n + 1))
    done
    [ "$moved" = 5 ] && break
    sleep 0.1
done
has "$moved/$n" "5/4" "five computers moved, four of them ponder"
for g in $pgames; do call POST "/api/games/${g%%:*}/resign" "" "${g#*:}"; done
expect 200 '"pondering":false' "the last resignation ends its ponder"

stop
if grep -qE "$tok0|$tok1|$ctok" "$t/out" "$t/err"; then fail=$((fail + 1)); echo "FAIL a token was logged"
else pass=$((pass + 1)); fi
summary cli_web
