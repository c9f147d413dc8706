#!/bin/sh
# Exported names: every global symbol of the core library and the front
# ends begins with its module's prefix (the file's name, "game_" for the
# game registry), and none is also exported by a shared library the binary
# links.  A clash is not a link error: the dynamic linker silently binds the
# library's own calls to our function (libedit once called our
# history_init and crashed the terminal game on the first key).
cd "$(dirname "$0")/.." || exit 2
. tests/lib.sh
objdir=${OBJDIR:-build/rel}

bad=""
for o in $(find "$objdir" -name '*.o' ! -path '*/tests/*' | sort); do
    mod=$(basename "$o" .o)
    for s in $(nm -g --defined-only "$o" | awk '{print $3}'); do
        case "$s" in
            main) [ "$mod" = main ] && continue ;;
            "${mod}_"*) continue ;;
            game_*) [ "$mod" = registry ] && continue ;;
        esac
        bad="$bad $mod:$s"
    done
done
if [ -z "$bad" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL symbols without their module's prefix:$bad"; fi

ours=$(mktemp); theirs=$(mktemp)
find "$objdir" -name '*.o' ! -path '*/tests/*' -exec nm -g --defined-only {} + | awk 'NF == 3 {print $3}' | sort -u >"$ours"
for lib in $(ldd "$Q" | awk '$3 ~ /^\// {print $3}'); do
    nm -D --defined-only "$lib" 2>/dev/null | awk 'NF == 3 {print $3}'
done | sort -u >"$theirs"
clash=$(comm -12 "$ours" "$theirs" | grep -vx main | tr '\n' ' ')
if [ -z "$clash" ] && [ -s "$theirs" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL names also exported by a linked library: $clash"; fi
rm -f "$ours" "$theirs"
summary cli_symbols
