#!/bin/sh
# make install / uninstall staged under a temporary DESTDIR: the binary and
# the manual page land under PREFIX, the page renders without a warning,
# the installed binary runs, and uninstall removes both.
cd "$(dirname "$0")/.." || exit 2
. tests/lib.sh

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=$(make --no-print-directory install DESTDIR="$tmp" PREFIX=/usr 2>&1)
status $? 0 "make install"
for f in usr/bin/quartet usr/share/man/man1/quartet.1; do
    if [ -f "$tmp/$f" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL $f not installed"; fi
done
mode() { stat -c %a "$1" 2>/dev/null; }
has "$(mode "$tmp/usr/bin/quartet")" "755" "the binary is executable by all"
has "$(mode "$tmp/usr/share/man/man1/quartet.1")" "644" "the page is readable by all"
n=$(find "$tmp" -type f | wc -l)
status "$n" 2 "nothing else installed (the web page is inside the binary)"

out=$("$tmp/usr/bin/quartet" --version 2>&1); status $? 0 "the installed binary runs"
has "$out" "quartet 0.1.0" "the installed binary's version"
out=$("$tmp/usr/bin/quartet" perft lot 2 2>&1); has "$out" "perft 2: 2401" "the installed binary plays"

# the page: groff's warnings (-ww) on standard error, none allowed
page="$tmp/usr/share/man/man1/quartet.1"
warn=$(groff -man -Tutf8 -ww -z "$page" 2>&1)
status "${#warn}" 0 "groff renders the page without warnings"
[ -z "$warn" ] || echo "$warn"
text=$(MANWIDTH=80 man --warnings -l "$page" 2>"$tmp/man.err")
status $? 0 "man -l renders the page"
status "$(wc -c <"$tmp/man.err")" 0 "man -l: no warnings"
for s in NAME SYNOPSIS DESCRIPTION COMMANDS GAMES FILES ENVIRONMENT "EXIT STATUS" EXAMPLES; do
    has "$text" "$s" "man page section $s"
done
# every command the program lists has its own part of the page
for c in $("$tmp/usr/bin/quartet" --help | sed -n '/^commands:/,/^$/p' | awk 'NF > 1 {print $1}'); do
    has "$text" "quartet $c" "man page: quartet $c"
done
has "$text" "built into the program" "man page: the web page is in the binary"

out=$(make --no-print-directory uninstall DESTDIR="$tmp" PREFIX=/usr 2>&1)
status $? 0 "make uninstall"
n=$(find "$tmp" -type f ! -name man.err | wc -l)
status "$n" 0 "uninstall removes both files"
summary cli_install
