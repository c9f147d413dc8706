#!/bin/sh
# loadtest.sh [GAMES] [TURNS] [MS] - load test of `quartet serve` (not part of
# make test; figures go in docs/WEB.md).  GAMES clients (default 50) each
# create a game against the computer (MS per move, default 50; the four
# games in turn), then play TURNS turns (default 20): read the state, play
# its first legal move, wait for the computer's answer.  Every request's time
# is recorded.  At the end the server is restarted and every game's stored
# move count must equal what its client saw: nothing lost.
cd "$(dirname "$0")/.." || exit 2
Q=${Q:-./bin/quartet}
games=${1:-50} turns=${2:-20} ms=${3:-50}
t=$(mktemp -d)
pid=""
trap '[ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$t"' EXIT

start() {
    : >"$t/out"
    "$Q" serve --port 0 --db "$t/games.db" >"$t/out" 2>>"$t/err" &
    pid=$!
    for _ in $(seq 100); do
        url=$(sed -n 's|^quartet serve: open \(http://127.0.0.1:[0-9]*\)/.*|\1|p' "$t/out")
        [ -n "$url" ] && return 0
        sleep 0.1
    done
    echo "the server did not start"; exit 1
}

# req NAME METHOD PATH [BODY] [TOKEN]: the answer in $t/c$i.body, the time logged
req() {
    curl -s -o "$t/c$i.body" -w "$1 %{http_code} %{time_total}\n" -X "$2" \
        ${5:+-H "X-Quartet-Token: $5"} ${4:+--data-binary "$4"} "$url$3" >>"$t/times"
}

client() {
    i=$1
    case $((i % 4)) in
        0) spec='"game":"loa"' ;;
        1) spec='"game":"y","options":{"size":7}' ;;
        2) spec='"game":"lot"' ;;
        3) spec='"game":"coffee"' ;;
    esac
    req create POST /api/games "{$spec,\"seats\":[{\"kind\":\"human\"},{\"kind\":\"computer\",\"ms\":$ms}]}"
    id=$(sed -n 's/^{"id":"\([0-9a-f]*\)".*/\1/p' "$t/c$i.body")
    tok=$(sed -n 's/.*"tokens":\["\([0-9a-f]*\)",null\].*/\1/p' "$t/c$i.body")
    [ -n "$id" ] || { echo "client $i: no game"; return; }
    for _ in $(seq "$turns"); do
        # wait (bounded) until it is our turn or the game is over
        for _ in $(seq 200); do
            req state GET "/api/games/$id" "" "$tok"
            grep -q '"to_move":0' "$t/c$i.body" && ! grep -q '"thinking":true' "$t/c$i.body" && break
            grep -q '"to_move":null' "$t/c$i.body" && break
            sleep 0.05
        done
        grep -q '"to_move":null' "$t/c$i.body" && break
        move=$(sed -n 's/.*"moves":\[{"text":"\([^"]*\)".*/\1/p' "$t/c$i.body")
        req play POST "/api/games/$id/play" "{\"move\":\"$move\"}" "$tok"
    done
    for _ in $(seq 200); do
        req state GET "/api/games/$id" "" "$tok"
        grep -q '"thinking":false' "$t/c$i.body" && break
        sleep 0.05
    done
    ply=$(sed -n 's/.*"ply":\([0-9]*\),"view_ply".*/\1/p' "$t/c$i.body")
    echo "$id $ply" >>"$t/seen"
}

start
began=$(date +%s.%N)
clients=""
for i in $(seq "$games"); do client "$i" & clients="$clients $!"; done
wait $clients
ended=$(date +%s.%N)
kill -TERM "$pid"; wait "$pid"; pid=""
start
lost=0
while read -r id ply; do
    now=$(curl -s "$url/api/games/$id" | sed -n 's/.*"ply":\([0-9]*\),"view_ply".*/\1/p')
    [ "$now" = "$ply" ] || { lost=$((lost + 1)); echo "game $id: client saw $ply moves, stored $now"; }
done <"$t/seen"
echo "games: $(wc -l <"$t/seen") of $games, moves: $(awk '{s += $2} END {print s}' "$t/seen"), lost after a restart: $lost"
echo "wall time: $(awk -v a="$began" -v b="$ended" 'BEGIN {printf "%.1f", b - a}') s, errors: $(awk '$2 >= 400 || $2 == 0' "$t/times" | wc -l)"
for kind in create state play; do
    awk -v k="$kind" '$1 == k {print $3 * 1000}' "$t/times" | sort -n | awk -v k="$kind" '
        {v[NR] = $1} END {if (NR) printf "%-6s %6d requests  median %7.1f ms  p95 %7.1f ms  max %7.1f ms\n",
            k, NR, v[int((NR + 1) / 2)], v[int(NR * 0.95 + 0.5)], v[NR]}'
done
