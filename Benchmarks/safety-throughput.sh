#!/usr/bin/env bash
# Throughput of the safety matcher through `say debug safety` (text on stdin, exit 1 = flag).
#
#   Benchmarks/safety-throughput.sh [path/to/say]      (default: .build/release/say)
#
# Builds ~4 MB of ordinary journal text (nothing in it should flag; large enough that start-up
# noise stays small beside the matching), runs the detector on it several times, and reports
# MB/s after subtracting the cost of a run on a one-word input (process start-up and reading the
# phrase table), beside a baseline timed in the same run: grep for three words over the same
# text, so a slower machine shows in both. Then times the phrase table itself: a one-word
# check with an empty cache folder (the table is compiled and saved, as on the first run after an
# update) and with the saved table, each against `say --version` (start-up alone) in the same
# run. Build in release mode first:
#   swift build -c release --product say
set -euo pipefail
SAY=${1:-.build/release/say}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export XDG_CACHE_HOME="$TMP/cache"

python3 - "$TMP/text.txt" <<'PY'
import random, sys
random.seed(7)
openings = ["Today", "This morning", "After work", "On the bus", "Last night", "At lunch", "On Sunday"]
people = ["Mum", "my sister", "Priya", "the neighbour", "my manager", "Tom", "the kids", "our landlord"]
verbs = ["rang", "texted", "popped round to see", "had coffee with", "walked with", "helped", "cooked for"]
details = ["and we talked about the garden.", "which took longer than expected.", "and it rained, of course.",
           "then we split a portion of chips.", "but the printer jammed twice before ten."]
extras = ["This commute is killing me.", "I'm dying to see the new film.", "Spent an hour cutting the grass.",
          "Burned the toast again.", "The cake there is to die for.", "Killing time before the dentist.",
          "My phone died halfway through the call.", "Cut my finger chopping onions.", "Dead tired, bed by ten."]
out, n = [], 0
while n < 4_000_000:
    s = random.choice(extras) if random.random() < 0.3 else \
        f"{random.choice(openings)} {random.choice(people)} {random.choice(verbs)} me {random.choice(details)}"
    out.append(s + ("\n\n" if len(out) % 6 == 5 else " "))
    n += len(out[-1].encode())
open(sys.argv[1], "w").write("".join(out))
PY
printf 'hello' > "$TMP/small.txt"

run() { # best wall time and best CPU time (user + system) in seconds of 5 runs; fails if the
         # exit status is not 0 (no flag). CPU time is what a busy machine disturbs least.
  python3 - "$SAY" "$1" <<'PY'
import os, sys, time
say, path = sys.argv[1], sys.argv[2]
wall = cpu = None
for _ in range(5):
    with open(path, "rb") as f:
        t = time.perf_counter()
        pid = os.fork()
        if pid == 0:
            os.dup2(f.fileno(), 0)
            os.execv(say, [say, "debug", "safety"])
        _, status, usage = os.wait4(pid, 0)
        dt = time.perf_counter() - t
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"unexpected exit status {os.waitstatus_to_exitcode(status)} (the benchmark text should not flag)")
    used = usage.ru_utime + usage.ru_stime
    wall = dt if wall is None else min(wall, dt)
    cpu = used if cpu is None else min(cpu, used)
print(wall, cpu)
PY
}
read -r BIG BIGCPU < <(run "$TMP/text.txt")
read -r SMALL SMALLCPU < <(run "$TMP/small.txt")
# The baseline, timed in the same run on the same text: grep looking for three of the words the
# table cares about (best of 5), so a slower or busier machine shows in both numbers.
GREP=$(python3 - "$TMP/text.txt" <<'PY'
import subprocess, sys, time
data = open(sys.argv[1], "rb").read()
best = None
for _ in range(5):
    t = time.perf_counter()
    subprocess.run(["grep", "-c", "-i", "-F", "-e", "kill", "-e", "die", "-e", "cut"], input=data, stdout=subprocess.DEVNULL)
    dt = time.perf_counter() - t
    best = dt if best is None else min(best, dt)
print(best)
PY
)
python3 - "$TMP/text.txt" "$BIG" "$SMALL" "$GREP" "$BIGCPU" "$SMALLCPU" <<'PY'
import os, sys
size = os.path.getsize(sys.argv[1]) / 1e6
big, small, grep, bigcpu, smallcpu = (float(a) for a in sys.argv[2:7])
work, workcpu = max(big - small, 1e-9), max(bigcpu - smallcpu, 1e-9)
print(f"text {size:.2f} MB: {big*1000:.1f} ms per run, start-up {small*1000:.1f} ms, "
      f"matching {work*1000:.1f} ms => {size/work:.0f} MB/s (target 50 MB/s)")
print(f"CPU time: {bigcpu*1000:.1f} ms per run, start-up {smallcpu*1000:.1f} ms, "
      f"matching {workcpu*1000:.1f} ms => {size/workcpu:.0f} MB/s of CPU time")
print(f"baseline, same run: grep -ciF for three words over the same text {grep*1000:.1f} ms; "
      f"say's whole run is {big/grep:.1f}x that")
PY

python3 - "$SAY" "$TMP" <<'PY'
import os, shutil, subprocess, sys, time
say, tmp = sys.argv[1], sys.argv[2]
def best(args, fresh_cache):
    times = []
    for _ in range(7):
        env = dict(os.environ)
        if fresh_cache:
            env["XDG_CACHE_HOME"] = os.path.join(tmp, "empty-cache")
            shutil.rmtree(env["XDG_CACHE_HOME"], ignore_errors=True)
        t = time.perf_counter()
        subprocess.run(args, input=b"hello", env=env, stdout=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - t)
    return min(times)
base = best([say, "--version"], False)
cold = best([say, "debug", "safety"], True)
warm = best([say, "debug", "safety"], False)
print(f"phrase table: compiled and saved {cold*1000:.1f} ms ({cold/base:.1f}x start-up), "
      f"read back {warm*1000:.1f} ms ({warm/base:.1f}x start-up); start-up alone "
      f"(say --version) {base*1000:.1f} ms")
PY
