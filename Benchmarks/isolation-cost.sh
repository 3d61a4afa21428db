#!/usr/bin/env bash
# The cost of isolation, side by side in one run:
#   1. validate, preview (JSON, PNG, interactive) and run of the built-ins, isolated (the
#      default) against --in-process, with the ratios;
#   2. what one step request to a stepping worker costs (interactive scrubbing);
#   3. what a hanging plugin costs each command at the default settings.
# Usage: Benchmarks/isolation-cost.sh [RUNS]   (after `swift build`; RUNS defaults to 3)
#   VALIDATE_ARGS="--only lifecycle" Benchmarks/isolation-cost.sh   validates with those options
#   (the whole suite of the 41 built-ins takes minutes per run on a busy machine).
# Prints wall-clock medians in seconds and the ratios. Nothing is asserted: read the numbers.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
catalog="$root/.build/debug/catalog"
runs=${1:-3}
[ -x "$catalog" ] || { echo "build first: swift build (no $catalog)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export TRANSITION_CATALOG_CACHE="$work/cache.json"

for fixture in fault_loop hang_in_step; do
    cc -std=c11 -shared -fPIC -I "$root/include" "$root/Tests/Fixtures/Plugins/$fixture.c" -o "$work/$fixture.so" || exit 2
done

# SECONDS one run of a command takes (its output is discarded; exit status ignored)
seconds() {
    python3 -c 'import subprocess, sys, time
start = time.monotonic()
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(f"{time.monotonic() - start:.3f}")' "$@"
}

# median SECONDS of RUNS runs of a command (its output is discarded; exit status ignored)
median() {
    python3 - "$runs" "$@" <<'PY'
import subprocess, sys, time
runs = int(sys.argv[1]); cmd = sys.argv[2:]
times = []
for _ in range(runs):
    start = time.monotonic()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    times.append(time.monotonic() - start)
times.sort()
print(f"{times[len(times) // 2]:.3f}")
PY
}


echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $runs runs each, medians"
echo
# NAME ISOLATED-ARGS -- prints the isolated and --in-process medians (with the range of the
# runs) and their ratio; the two alternate run by run, so both see the same machine load.
pair() {
    local name=$1; shift
    local iso=() inp=() i
    for ((i = 0; i < runs; i++)); do
        iso+=("$(seconds "$catalog" "$@")")
        inp+=("$(seconds "$catalog" "$@" --in-process)")
    done
    python3 - "$name" "${iso[*]}" "${inp[*]}" <<'PY'
import sys
name, iso, inp = sys.argv[1], sorted(map(float, sys.argv[2].split())), sorted(map(float, sys.argv[3].split()))
mi, mp = iso[len(iso) // 2], inp[len(inp) // 2]
print(f"{name:<44} isolated {mi:6.3f} s ({iso[0]:.3f}-{iso[-1]:.3f})   in-process {mp:6.3f} s ({inp[0]:.3f}-{inp[-1]:.3f})   ratio {mi / mp:.2f}x")
PY
}
read -r -a validate_args <<< "${VALIDATE_ARGS:-}"
pair "validate (the built-ins) ${VALIDATE_ARGS:-}" validate "${validate_args[@]}"
pair "preview push slide --format json" preview push slide --format json
pair "preview push slide --format png" preview push slide --format png --out "$work/slide.png"
scenario="scrub 0.6 @0.3; release v=0.5 @0.4"
pair "preview pop slide --interactive (30 fps)" preview pop slide --interactive "$scenario" --format json
pair "preview pop slide --interactive (240 fps)" preview pop slide --interactive "$scenario" --format json --fps 240
pair "run push pop present dismiss" run push pop present dismiss --format json
echo
# One step request answered by the worker: the interactive preview at 240 fps less the one at
# 30 fps, per extra frame (each frame is one request and one answer).
frames() { "$catalog" preview pop slide --interactive "$scenario" --format json --fps "$1" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["frames"]))'; }
f30=$(frames 30); f240=$(frames 240)
t30=$(median "$catalog" preview pop slide --interactive "$scenario" --format json)
t240=$(median "$catalog" preview pop slide --interactive "$scenario" --format json --fps 240)
echo "one isolated step request: $(python3 -c "print(f'{($t240 - $t30) / ($f240 - $f30) * 1000:.2f}')") ms ($f30 and $f240 frames)"
echo
echo "a hanging plugin at the default settings (list runs without the cache)"
for fixture in fault_loop hang_in_step; do
    id=${fixture//_/-}
    so="$work/$fixture.so"
    printf '{"version": 1, "rules": [{"operation": "push", "animator": "%s"}]}' "$id" > "$work/$fixture.json"
    echo "  $fixture"
    echo "    validate     $(median "$catalog" validate --no-builtins "$so") s"
    echo "    list         $(median "$catalog" list --no-builtins --no-cache --plugin-path "$so") s"
    echo "    preview      $(median "$catalog" preview push "$id" --no-builtins --plugin-path "$so" --format json) s"
    echo "    interactive  $(median "$catalog" preview push "$id" --interactive "$scenario" --no-builtins --plugin-path "$so" --format json) s"
    echo "    run          $(median "$catalog" run --no-builtins --plugin-path "$so" --source "$work/$fixture.json" push) s"
    echo "    gallery      $(median "$catalog" gallery --no-builtins --plugin-path "$so" --out "$work/gallery-$fixture") s"
done
