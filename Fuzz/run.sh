#!/usr/bin/env bash
# Builds the fuzzer with libFuzzer and runs it for SECONDS (default 60) over a copy of the seed
# corpus plus every sample entry. Exits non-zero on a crash, a hang (-timeout) or a leak.
# With FUZZ_RUNS set it runs that many inputs from FUZZ_SEED (default 1) instead: the same
# inputs every time, which is what CI wants.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
swift build -c release -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library --product FrontMatterFuzzer >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp corpus/* "$work"/
find ../Examples/journal -name '*.md' -exec cp {} "$work"/ \;
mkdir -p crashes
# Swift's own backtracer would catch the crash before libFuzzer could save the input.
if [[ -n "${FUZZ_RUNS:-}" ]]; then limit=(-runs="$FUZZ_RUNS" -seed="${FUZZ_SEED:-1}"); else limit=(-max_total_time="$seconds"); fi
SWIFT_BACKTRACE=enable=no ./.build/release/FrontMatterFuzzer "$work" "${limit[@]}" -timeout=5 \
    -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1 -artifact_prefix=crashes/ >"$work/log" 2>&1 || {
    grep -E "precondition|Fatal|ERROR|SUMMARY|Test unit written" "$work/log" | head -20 >&2
    echo "the fuzzer found a failing input: Fuzz/crashes/" >&2
    exit 1
}
tail -8 "$work/log"
