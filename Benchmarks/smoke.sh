#!/usr/bin/env bash
# Runs every benchmark once or twice on small inputs, in the debug build that `swift build`
# makes, to show that each still works. It measures nothing worth reading and checks no time, so
# a slow machine cannot fail it; a benchmark that cannot run (a missing product, a fixture that
# does not compile, a path that computes something else) fails it.
#
#   Benchmarks/smoke.sh [SWIFT-BUILD-ARGS]   # after `swift build`; scripts/test runs it
#
# Full runs: see BENCHMARKS.md.
set -euo pipefail
cd "$(dirname "$0")/.."

# The benchmark target is part of the package only with TRANSITION_CATALOG_BENCHMARKS set.
export TRANSITION_CATALOG_BENCHMARKS=1
# Extra arguments go to `swift build` (scripts/test passes its own, to share the build).
swift build --product TransitionBenchmarks "$@"
swift build --product startup-anchor "$@"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
TRANSITION_BENCHMARKS_SMOKE=1 .build/debug/TransitionBenchmarks >"$log" 2>&1 || status=$?

registered=$(sed -n 's/^smoke: \([0-9]*\) benchmarks registered$/\1/p' "$log")
ran=$(grep -c '^Debug results for ' "$log" || true)
grep '^benchmark ' "$log" >&2 || true
if [ "$status" != 0 ] || [ -z "$registered" ] || [ "$ran" != "$registered" ]; then
    last=$(grep '^Debug results for ' "$log" | tail -1 | sed 's/^Debug results for \(.*\):$/\1/')
    echo "benchmark smoke: $ran of ${registered:-?} benchmarks ran (exit status $status); the one after '${last:-none}' failed" >&2
    grep -v '^ \|^#\|^$\|^Debug results\|^[A-Z][A-Za-z /()#]*:$' "$log" | tail -10 >&2
    exit 1
fi
echo "benchmark smoke: all $ran benchmarks ran"
