#!/usr/bin/env python3
"""Score a safety detector command on a labelled JSON Lines set.

Two sets to check every change against:
    /work/shared/safety/dev.jsonl          the development set (the phrase lists were built from it)
    Benchmarks/safety-heldout.jsonl        661 fresh entries (324 flag, 318 no_flag, 19 either) written
                                           by hand, none copied from dev.jsonl; same labels and
                                           conventions. Score both: a change that helps dev but drops
                                           held-out recall or raises its FPR is memorising wording.

Usage:
    python3 score.py --data dev.jsonl -- <detector command...>
    python3 score.py --data dev.jsonl --per-item -- <detector command...>

Batch mode (default): every item is sent as {"text": ...} on one line of standard input; the
command must print exactly one line per input line, "true" or "false". With --per-item, the
command is run once per item with the raw text on standard input; exit status 1 means flag,
0 means no flag, anything else is an error (counted against the detector).

Labels: "flag", "no_flag", "either" ("either" items are not scored). Prints per-category
results, every miss and false positive (the entry text, so keep the output private), and a
final line: recall=0.980 fpr=0.020 n_flag=150 n_no_flag=150
Standard library only.
"""
import argparse
import json
import subprocess
import sys
from collections import defaultdict


def load(path):
    items = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.strip()
            if not line:
                continue
            item = json.loads(line)
            item["line"] = number
            items.append(item)
    return items


def run_batch(command, items, timeout):
    payload = "".join(json.dumps({"text": it["text"]}, ensure_ascii=False) + "\n" for it in items)
    proc = subprocess.run(command, input=payload.encode("utf-8"), stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=timeout)
    lines = proc.stdout.decode("utf-8", "replace").splitlines()
    if proc.returncode != 0:
        sys.stderr.write(f"detector exited with status {proc.returncode}\n")
    if len(lines) != len(items):
        sys.stderr.write(f"detector printed {len(lines)} lines for {len(items)} items; "
                         "missing or malformed lines count as errors\n")
    results = []
    for i in range(len(items)):
        answer = lines[i].strip().lower() if i < len(lines) else ""
        results.append(True if answer == "true" else False if answer == "false" else None)
    return results


def run_per_item(command, items, timeout):
    results = []
    for it in items:
        try:
            proc = subprocess.run(command, input=it["text"].encode("utf-8"), stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL, timeout=timeout)
            results.append(True if proc.returncode == 1 else False if proc.returncode == 0 else None)
        except subprocess.TimeoutExpired:
            results.append(None)
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data", required=True, help="labelled JSON Lines file")
    parser.add_argument("--per-item", action="store_true", help="run the command once per item (exit status contract)")
    parser.add_argument("--quiet", action="store_true", help="do not print missed and false-positive texts")
    parser.add_argument("--timeout", type=float, default=600.0)
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- followed by the detector command")
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give the detector command after --")

    items = load(args.data)
    results = (run_per_item if args.per_item else run_batch)(command, items, args.timeout)

    per_category = defaultdict(lambda: [0, 0, 0])  # flagged, total, errors
    misses, false_positives, either_flagged, errors = [], [], [], 0
    tp = n_flag = fp = n_no_flag = 0
    for it, r in zip(items, results):
        label, category = it.get("label"), it.get("category", "?")
        stats = per_category[(label, category)]
        stats[1] += 1
        if r is None:
            stats[2] += 1
            errors += 1
        elif r:
            stats[0] += 1
        if label == "flag":
            n_flag += 1
            if r is True:
                tp += 1
            else:
                misses.append((it, r))
        elif label == "no_flag":
            n_no_flag += 1
            if r is not False:
                fp += 1
                false_positives.append((it, r))
        elif r:
            either_flagged.append(it)

    print("label     category                      flagged/total")
    for (label, category), (flagged, total, errs) in sorted(per_category.items(), key=lambda kv: (str(kv[0][0]), str(kv[0][1]))):
        note = f"  ({errs} errors)" if errs else ""
        print(f"{label:<9} {category:<30} {flagged:>3}/{total:<3}{note}")

    def show(title, rows):
        print(f"\n{title}: {len(rows)}")
        if args.quiet:
            return
        for it, r in rows:
            status = "ERROR" if r is None else ""
            print(f"  line {it['line']:>3} [{it.get('category', '?')}] {status} {json.dumps(it['text'], ensure_ascii=False)}")

    show("MISSES (flag items not flagged)", misses)
    show("FALSE POSITIVES (no_flag items flagged)", false_positives)
    print(f"\neither items flagged (not scored): {len(either_flagged)}/{sum(1 for it in items if it.get('label') == 'either')}")
    if errors:
        print(f"errors: {errors}")
    recall = tp / n_flag if n_flag else 0.0
    fpr = fp / n_no_flag if n_no_flag else 0.0
    print(f"recall={recall:.3f} fpr={fpr:.3f} n_flag={n_flag} n_no_flag={n_no_flag}")


if __name__ == "__main__":
    main()
