#!/usr/bin/env bash
# The fuzzer over the front-matter parser and the scanner's per-file reader (libFuzzer). A run
# fails on a crash, a broken round trip, a hang (-timeout) or a leak; the failing input is saved
# in Fuzz/crashes/ (add it to Fuzz/corpus once it is fixed, so every later run tries it).
#
#   Fuzz/run.sh [SECONDS]          coverage-guided exploration for SECONDS (default 60) from a
#                                  random seed; FUZZ_SEED=N repeats a seed on the same machine
#   FUZZ_RUNS=N Fuzz/run.sh        what CI runs: the seed corpus, then exactly N inputs made by
#                                  Fuzz/mutate.py from FUZZ_SEED (default 1). The same seed gives
#                                  the same inputs on every machine, so a failure replays exactly.
#
# Coverage-guided exploration follows timing and memory layout, so two machines given the same
# seed drift apart after a few hundred inputs; that is why CI replays a generated set instead.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
swift build -c release -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library --product FrontMatterFuzzer >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/inputs" "$work/scratch"
seed_files=()
while IFS= read -r file; do seed_files+=("$file"); done < <( (ls -d "$PWD"/corpus/*; find "$PWD/../Examples/journal" -name '*.md') | LC_ALL=C sort)
cp "${seed_files[@]}" "$work/inputs/"
if [[ -n "${FUZZ_RUNS:-}" ]]; then
    seed=${FUZZ_SEED:-1}
    python3 mutate.py --seed "$seed" --count "$FUZZ_RUNS" --out "$work/inputs" "${seed_files[@]}"
    limit=(-runs=0)
    replay="FUZZ_SEED=$seed FUZZ_RUNS=$FUZZ_RUNS Fuzz/run.sh"
else
    seed=${FUZZ_SEED:-$((RANDOM * 32768 + RANDOM + 1))}
    limit=(-max_total_time="$seconds")
    replay="FUZZ_SEED=$seed Fuzz/run.sh $seconds"
fi
echo "fuzz: seed $seed (to repeat: $replay)" >&2
mkdir -p crashes
# Swift's own backtracer would catch the crash before libFuzzer could save the input.
FUZZ_SCRATCH="$work/scratch" SWIFT_BACKTRACE=enable=no ./.build/release/FrontMatterFuzzer "$work/inputs" \
    -seed="$seed" "${limit[@]}" -timeout=5 -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1 \
    -artifact_prefix=crashes/ >"$work/log" 2>&1 || {
    grep -E "precondition|Fatal|ERROR|SUMMARY|Test unit written" "$work/log" | head -20 >&2
    echo "the fuzzer found a failing input: Fuzz/crashes/ (seed $seed; to repeat: $replay)" >&2
    exit 1
}
grep -E "INITED|DONE|number_of_executed_units|peak_rss" "$work/log" | tail -4
