#!/bin/sh
# The web page in a real browser: starts `quartet serve` on a free port with
# a fresh database, runs the Node tests in tests/browser/ (Debian's chromium
# driven by playwright-core) and prints "cli_browser: N passed, N failed".
# Screenshots are kept in build/browser/.
cd "$(dirname "$0")/.." || exit 2
Q=${Q:-./bin/quartet}
if [ ! -x /usr/bin/chromium ] || [ ! -d node_modules/playwright-core ] || ! command -v node >/dev/null; then
    echo "cli_browser: needs /usr/bin/chromium, node and node_modules/playwright-core (make deps)"
    echo "cli_browser: 0 passed, 1 failed"
    exit 1
fi
tmp=$(mktemp -d)
pidfile=$tmp/server.pid
cleanup() {
    [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null
    rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

# A free port: bind port 0 on the loopback and read the number back.
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
# QUARTET_ASSETS=DIR serves the page from disk instead of the binary.
set -- serve --host 127.0.0.1 --port "$port" --db "$tmp/games.db"
[ -n "$QUARTET_ASSETS" ] && set -- "$@" --assets "$QUARTET_ASSETS"
"$Q" "$@" >"$tmp/server.log" 2>&1 &
echo $! >"$pidfile"

mkdir -p build/browser
args=$(node -e 'console.log(JSON.stringify(process.argv.slice(1)))' -- "$@")
QUARTET_URL=http://127.0.0.1:$port QUARTET_BIN=$Q QUARTET_SERVE_ARGS=$args \
QUARTET_PIDFILE=$pidfile QUARTET_LOG=$tmp/server.log QUARTET_ARTEFACTS=build/browser \
    node --test --test-concurrency=1 --test-reporter=tap tests/browser/ >"$tmp/tap" 2>&1
rc=$?
cat "$tmp/tap" >build/browser/report.tap
grep -E '^(not ok|# (tests|pass|fail|cancelled|duration))' "$tmp/tap"
grep -B2 -A30 '^ *not ok' "$tmp/tap" | head -n 150
pass=$(sed -n 's/^# pass \([0-9]*\)$/\1/p' "$tmp/tap")
fail=$(sed -n 's/^# fail \([0-9]*\)$/\1/p' "$tmp/tap")
cancelled=$(sed -n 's/^# cancelled \([0-9]*\)$/\1/p' "$tmp/tap")
pass=${pass:-0}
fail=$((${fail:-0} + ${cancelled:-0}))
[ "$rc" -ne 0 ] && [ "$fail" -eq 0 ] && fail=1
if [ "$fail" -ne 0 ]; then echo "server log:"; tail -n 20 "$tmp/server.log"; fi
echo "cli_browser: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
