# lib.sh - helpers for the shell tests (tests/cli_*.sh).  Source it, call
# the checks, end with `summary NAME`.
Q=${Q:-./bin/quartet}
pass=0 fail=0
# has TEXT FRAGMENT DESCRIPTION: TEXT contains FRAGMENT
has() {
    if printf '%s' "$1" | grep -qF -- "$2"; then pass=$((pass + 1))
    else fail=$((fail + 1)); echo "FAIL $3: output lacks '$2'"; printf '%s\n' "$1" | tail -n 5; fi
}
lacks() {
    if printf '%s' "$1" | grep -qF -- "$2"; then fail=$((fail + 1)); echo "FAIL $3: output has '$2'"
    else pass=$((pass + 1)); fi
}
# same ACTUAL EXPECTED DESCRIPTION: the whole text
same() {
    if [ "$1" = "$2" ]; then pass=$((pass + 1))
    else fail=$((fail + 1)); echo "FAIL $3: got"; printf '%s\n' "$1"; echo "expected"; printf '%s\n' "$2"; fi
}
# status ACTUAL EXPECTED DESCRIPTION
status() {
    if [ "$1" -eq "$2" ]; then pass=$((pass + 1))
    else fail=$((fail + 1)); echo "FAIL $3: exit status $1, expected $2"; fi
}
summary() { echo "$1: $pass passed, $fail failed"; [ "$fail" -eq 0 ]; }
