#!/bin/sh
# A fake engine for tests/cli_match.sh: speaks just enough GTP and then
# misbehaves at its first genmove, as chosen by its first argument:
#   illegal   answers with a move that does not exist
#   garbage   answers with a line that is not a GTP answer
#   slow      sleeps 2 s before answering (a time forfeit)
#   crash     exits with status 3 (mid-game: after hearing the opening)
#   refuse    answers genmove with an error
#   deaf      refuses every `play` it is told
#   twice     answers every play twice (the second answer is stray)
#   resign    resigns
#   flood     answers with one 70,000-byte line
#   winner    always answers a1-c1 (wins the LOA position
#             "w6w/8/8/8/8/8/8/b2b4 b" at once; illegal elsewhere)
# FAKE_DELAY=SECONDS makes it think that long before answering genmove.
# FAKE_ONCE=FILE lets it start once: later starts exit 5 at once.
mode=$1
if [ -n "$FAKE_ONCE" ]; then
    [ -e "$FAKE_ONCE" ] && exit 5
    : >"$FAKE_ONCE"
fi
while IFS= read -r line; do
    set -- $line
    case "$1" in [0-9]*) id=$1; shift ;; *) id= ;; esac
    case "$1" in
    quit) printf '=\n\n'; exit 0 ;;
    name) printf '= fake-%s\n\n' "$mode" ;;
    play)
        if [ "$mode" = deaf ]; then printf '?%s not listening\n\n' "$id"
        elif [ "$mode" = twice ]; then printf '=%s\n\n=%s\n\n' "$id" "$id"
        else printf '=\n\n'; fi ;;
    genmove)
        [ -n "$FAKE_DELAY" ] && sleep "$FAKE_DELAY"
        case "$mode" in
        illegal) printf '= zz99\n\n' ;;
        garbage) printf 'hello there\n\n' ;;
        slow) sleep 2; printf '= a1\n\n' ;;
        crash) exit 3 ;;
        refuse) printf '? no move\n\n' ;;
        winner) printf '= a1-c1\n\n' ;;
        resign) printf '= resign\n\n' ;;
        flood) printf '= '; head -c 70000 /dev/zero | tr '\0' x; printf '\n\n' ;;
        *) printf '= zz99\n\n' ;;
        esac ;;
    *) printf '=\n\n' ;;
    esac
done
