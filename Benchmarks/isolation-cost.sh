#!/usr/bin/env bash
# The cost of isolation, side by side in one run:
#   1. `catalog validate` of the built-ins, isolated (the default) against --in-process;
#   2. what a hanging plugin costs each command at the default settings.
# Usage: Benchmarks/isolation-cost.sh [RUNS]   (after `swift build`; RUNS defaults to 3)
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

ratio() { python3 -c "print(f'{$1 / $2:.2f}')"; }

echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); $runs runs each, medians"
echo
echo "validate, the built-ins"
iso=$(median "$catalog" validate)
inp=$(median "$catalog" validate --in-process)
echo "  isolated    ${iso} s"
echo "  in-process  ${inp} s"
echo "  ratio       $(ratio "$iso" "$inp")x"
echo
echo "preview push slide --format json (isolated sampling)"
echo "  isolated    $(median "$catalog" preview push slide --format json) s"
echo
echo "a hanging plugin at the default settings (list runs without the cache)"
for fixture in fault_loop hang_in_step; do
    id=${fixture//_/-}
    so="$work/$fixture.so"
    echo "  $fixture"
    echo "    validate  $(median "$catalog" validate --no-builtins "$so") s"
    echo "    list      $(median "$catalog" list --no-builtins --no-cache --plugin-path "$so") s"
    echo "    preview   $(median "$catalog" preview push "$id" --no-builtins --plugin-path "$so" --format json) s"
    echo "    gallery   $(median "$catalog" gallery --no-builtins --plugin-path "$so" --out "$work/gallery-$fixture") s"
done
