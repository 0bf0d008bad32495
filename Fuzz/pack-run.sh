#!/usr/bin/env bash
# The fuzzer over the git layer's pack and delta reader (libFuzzer): entry headers, OFS_DELTA
# distances, zlib streams with a claimed size, deltas against a base. A run fails on a crash, a
# delta that does not round-trip, a hang (-timeout), or any single allocation over 64 MB
# (-malloc_limit_mb): no header may make the reader allocate what it merely claims.
#
#   Fuzz/pack-run.sh [SECONDS]       coverage-guided exploration (default 60 s); FUZZ_SEED=N repeats a seed
#   FUZZ_RUNS=N Fuzz/pack-run.sh     what CI runs: exactly N inputs generated from FUZZ_SEED (default 1),
#                                    byte for byte the same on every machine
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-60}
swift build -c release -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library --product PackReaderFuzzer >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/inputs" pack-crashes
if [[ -n "${FUZZ_RUNS:-}" ]]; then
    seed=${FUZZ_SEED:-1}
    python3 - "$seed" "$FUZZ_RUNS" "$work/inputs" <<'PY'
import random, sys, zlib
seed, count, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
rng = random.Random(seed)
def header(kind, size):
    first = (kind << 4) | (size & 15); size >>= 4; out = []
    while size:
        out.append(first | 0x80); first = size & 0x7F; size >>= 7
    return bytes(out + [first])
def varint(n):
    out = []
    while n >= 0x80: out.append((n & 0x7F) | 0x80); n >>= 7
    return bytes(out + [n])
for number in range(count):
    choice = rng.randrange(4)
    if choice == 0:   # a pack entry: honest or lying size, real or broken zlib
        body = bytes(rng.randrange(256) for _ in range(rng.randrange(200)))
        size = len(body) if rng.random() < 0.5 else rng.choice([0, 1, 1 << 20, 1 << 40, rng.randrange(1 << 32)])
        data = header(rng.choice([1, 2, 3, 4, 6, 7]), size) + zlib.compress(body)
    elif choice == 1:  # a base and a delta
        base = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 1000)))
        ops = b""
        for _ in range(rng.randrange(6)):
            if rng.random() < 0.5:
                n = rng.randrange(1, 128); ops += bytes([n]) + bytes(rng.randrange(256) for _ in range(n))
            else:
                ops += bytes([0x80 | rng.randrange(128)]) + bytes(rng.randrange(256) for _ in range(rng.randrange(8)))
        target = rng.choice([len(base), rng.randrange(1 << 16), 1 << 40])
        split = min(len(base) // 4, 255)
        data = bytes([split]) + base[: split * 4] + varint(split * 4) + varint(target) + ops
    else:              # noise, and noise with a valid-looking start
        data = bytes(rng.randrange(256) for _ in range(rng.randrange(2, 300)))
        if choice == 3: data = header(6, rng.randrange(1 << 20)) + data
    if rng.random() < 0.3 and len(data) > 1:  # flip a byte
        i = rng.randrange(len(data)); data = data[:i] + bytes([rng.randrange(256)]) + data[i + 1:]
    open(f"{out}/{number:06d}", "wb").write(data)
PY
    limit=(-runs=0)
    replay="FUZZ_SEED=$seed FUZZ_RUNS=$FUZZ_RUNS Fuzz/pack-run.sh"
else
    seed=${FUZZ_SEED:-$((RANDOM * 32768 + RANDOM + 1))}
    limit=(-max_total_time="$seconds")
    replay="FUZZ_SEED=$seed Fuzz/pack-run.sh $seconds"
fi
echo "pack fuzz: seed $seed (to repeat: $replay)" >&2
SWIFT_BACKTRACE=enable=no ./.build/release/PackReaderFuzzer "$work/inputs" -seed="$seed" "${limit[@]}" -timeout=5 \
    -rss_limit_mb=1024 -malloc_limit_mb=64 -max_len=4096 -print_final_stats=1 -artifact_prefix=pack-crashes/ >"$work/log" 2>&1 || {
    grep -E "precondition|Fatal|ERROR|SUMMARY|Test unit written|malloc" "$work/log" | head -20 >&2
    echo "the pack fuzzer found a failing input: Fuzz/pack-crashes/ (seed $seed; to repeat: $replay)" >&2
    exit 1
}
grep -E "INITED|DONE|number_of_executed_units|peak_rss" "$work/log" | tail -4
