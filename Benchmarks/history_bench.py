#!/usr/bin/env python3
"""Benchmark `say history --json` against reading every entry file, in the same run.

Builds say (release), generates journals of 10,000 and 100,000 entries, and prints for each:
the median time of `say history --json` (warm cache), the median time of a single C process
that reads every file whole (Benchmarks/readall.c), the same with `find ... -exec cat`, their
ratios, and the peak memory (max RSS) of `say history`.

Targets: history <= 1.5x the single-process read at 10,000 entries; peak memory < 100 MB at
100,000 entries.

Usage: Benchmarks/history_bench.py [--sizes 10000,100000] [--runs 7]
"""
import argparse, os, random, shutil, statistics, subprocess, sys, tempfile, time, uuid

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORDS = ("the a I it was and to of that felt like again today never said wanted could "
         "home work sister call night morning quiet late tired honest small thing").split()


def generate(folder, count, seed=7):
    rng = random.Random(seed)
    start = 1_700_000_000
    for index in range(count):
        moment = start + index * 3607 + rng.randrange(3600)
        t = time.gmtime(moment)
        entry_id = uuid.UUID(int=rng.getrandbits(128), version=4)
        name = time.strftime("%Y-%m-%dT%H%M%SZ", t) + "-" + str(entry_id)[:8] + ".md"
        sub = os.path.join(folder, "entries", time.strftime("%Y", t), time.strftime("%m", t))
        os.makedirs(sub, mode=0o700, exist_ok=True)
        lines = [" ".join(rng.choice(WORDS) for _ in range(rng.randrange(6, 16))).capitalize() + "."
                 for _ in range(rng.randrange(1, 6))]
        text = ("---\nid: %s\ndate: %s\nfeeling: %s\nsafety: false\n---\n%s\n"
                % (entry_id, time.strftime("%Y-%m-%dT%H:%M:%SZ", t),
                   rng.choice(["lighter", "same", "heavier"]), "\n".join(lines)))
        path = os.path.join(sub, name)
        with open(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600), "w") as handle:
            handle.write(text)


def run_timed(command):
    """Runs a command with output discarded; returns (seconds, max RSS in MB)."""
    started = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - started
    if status != 0:
        sys.exit("failed: %s\n%s" % (" ".join(command), process.stderr.read().decode()))
    return elapsed, usage.ru_maxrss / 1024


def median_of(command, runs):
    run_timed(command)  # warm the cache and the binary
    results = [run_timed(command) for _ in range(runs)]
    return statistics.median(r[0] for r in results), max(r[1] for r in results)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()

    subprocess.run(["swift", "build", "-c", "release", "--product", "say"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    say = os.path.join(ROOT, ".build", "release", "say")
    work = tempfile.mkdtemp(prefix="say-history-bench-")
    readall = os.path.join(work, "readall")
    subprocess.run(["cc", "-O2", "-o", readall, os.path.join(ROOT, "Benchmarks", "readall.c")], check=True)
    try:
        print("%8s  %10s  %10s  %10s  %8s  %8s  %9s" % ("entries", "history", "read all", "find+cat",
                                                        "vs read", "vs cat", "peak MB"))
        for size in (int(s) for s in args.sizes.split(",")):
            journal = os.path.join(work, "j%d" % size)
            generate(journal, size)
            history, peak = median_of([say, "history", "--json", "--journal", journal], args.runs)
            baseline, _ = median_of([readall, os.path.join(journal, "entries")], args.runs)
            findcat, _ = median_of(["sh", "-c", "find '%s/entries' -name '*.md' -exec cat {} + >/dev/null" % journal], args.runs)
            print("%8d  %8.1fms  %8.1fms  %8.1fms  %7.2fx  %7.2fx  %9.1f" % (
                size, history * 1000, baseline * 1000, findcat * 1000, history / baseline, history / findcat, peak))
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
