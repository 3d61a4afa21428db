#!/usr/bin/env bash
# Where the start-up of `catalog` goes, in instructions: valgrind's count of the instructions a
# process executes does not drift with the load of a shared machine, so two builds compare
# exactly where CPU times need many interleaved rounds. It does not count the kernel's part
# (exec, page faults), so its ratios are larger than those of CPU time: read it for what changed
# and where, and BENCHMARKS.md's CPU figures for how long.
#
#   Benchmarks/startup-instructions.sh [CATALOG]   (after `swift build -c release`)
#
# CATALOG defaults to .build/release/catalog. Needs valgrind (`apt-get install -y valgrind`).
# Prints the instructions of an empty Swift program, of one that loads what catalog loads
# (Benchmarks/Fixtures/essentials.swift), of `catalog --version` and of a warm `catalog list`
# of the built-ins, their ratios, and what the list's instructions are spent on.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
catalog=${1:-$root/.build/release/catalog}
[ -x "$catalog" ] || { echo "build first: swift build -c release (no $catalog)" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "needs valgrind: apt-get install -y valgrind" >&2; exit 2; }
built=$(dirname "$catalog")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

swiftc -O "$root/Benchmarks/Fixtures/empty.swift" -o "$work/empty"
swiftc -O "$root/Benchmarks/Fixtures/essentials.swift" -o "$work/essentials"
# valgrind cannot read the DWARF of Swift 6 binaries: a copy without it keeps the symbol names.
# The copy sits beside the built-ins and the worker, as an installed catalog does.
mkdir "$work/bin"
objcopy --strip-debug "$catalog" "$work/bin/catalog"
for f in libCatalogPlugins.so libCatalogPluginsC.so catalog-worker; do ln -s "$built/$f" "$work/bin/$f"; done
export TRANSITION_CATALOG_CACHE="$work/cache"
"$work/bin/catalog" list >/dev/null
"$work/bin/catalog" list >/dev/null

# count NAME PROGRAM [ARGS]: runs PROGRAM under callgrind, keeping its profile as NAME.
count() {
    local name=$1
    shift
    valgrind --tool=callgrind --callgrind-out-file="$work/$name.out" "$@" >/dev/null 2>"$work/$name.log"
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$work/$name.log"
}
empty=$(count empty "$work/empty")
essentials=$(count essentials "$work/essentials")
version=$(count version "$work/bin/catalog" --version)
list=$(count list "$work/bin/catalog" list)

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f×", a / b }'; }
millions() { awk -v a="$1" 'BEGIN { printf "%.2f M", a / 1e6 }'; }
echo "| program | instructions | ÷ empty | ÷ essentials |"
echo "|---|---|---|---|"
for row in "empty Swift program:$empty" "essentials:$essentials" "catalog --version:$version" "catalog list (warm):$list"; do
    echo "| ${row%%:*} | $(millions "${row##*:}") | $(ratio "${row##*:}" "$empty") | $(ratio "${row##*:}" "$essentials") |"
done

# The inclusive count of the first function whose name matches PATTERN in profile NAME.
inclusive() {
    callgrind_annotate --inclusive=yes --threshold=100 "$work/$1.out" 2>/dev/null \
        | grep -m1 -E "$2" | awk '{ gsub(",", "", $1); print $1 }'
}
# The self count of every function whose name matches PATTERN in profile NAME, summed.
self() {
    callgrind_annotate --threshold=100 "$work/$1.out" 2>/dev/null \
        | grep -E "$2" | awk '{ gsub(",", "", $1); s += $1 } END { print s + 0 }'
}
echo
echo "Of the warm list's $(millions "$list"):"
echo
echo "| part | instructions | share |"
echo "|---|---|---|"
part() { [ -n "$2" ] && echo "| $1 | $(millions "$2") | $(awk -v a="$2" -v b="$list" 'BEGIN { printf "%.0f %%", 100 * a / b }') |"; }
part "dynamic linking (ld.so relocation and symbol lookup)" "$(self list 'ld-linux-x86-64')"
part "the Swift runtime searching conformance records" "$(self list 'swift_conformsToProtocolMaybeInstantiateSuperclasses|ConformanceCandidate')"
part "the argument parser, all of it" "$(inclusive list 'ParsableCommandPAAE11parseAsRoot')"
part "… its check for a completion-script request" "$(inclusive list 'checkForCompletionScriptRequest')"
part "… reflection (Mirror) over the commands' properties" "$(inclusive list 'MirrorV10reflecting')"
part "the list command itself (read the scan cache, print)" "$(inclusive list '7catalog4ListV3run')"
