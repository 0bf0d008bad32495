#!/usr/bin/env python3
"""Writes a fixed set of inputs for the front-matter fuzzer: seeded mutations of the seed files.

The same seed and seed files give the same inputs, byte for byte, on any machine; this is what
CI replays (coverage-guided exploration, whose path depends on timing, runs from Fuzz/run.sh
SECONDS). The mutations aim at what a front-matter reader gets wrong: fences, line breaks (LF,
CRLF, lone CR), byte order marks, YAML punctuation, anchors and aliases, invalid UTF-8, and
splices of one file into another.

    mutate.py --seed N --count N --out DIR SEED_FILE...
"""
import argparse
import os
import random

TOKENS = [b"---", b"...", b"--- ", b"\n", b"\r\n", b"\r", b"\xef\xbb\xbf", b":", b": ", b"#", b"'", b'"',
          b"&a ", b"*a", b"? ", b"- ", b"\t", b"\x00", b"\xff", b"\xc3", b"\xe2\x80\xa8", b"\x1b[2J",
          b"{", b"}", b"[", b"]", b"|", b">", b"!!str ", b"id: ", b"date: ", b"feeling: ", b"safety: ",
          b"2026-11-22T03:42:00Z", b"2026-11-22 10:00:00 +0100", b"true", b"~", b"\\", b"%YAML 1.2\n"]


def mutate(data: bytearray, others: list, rng: random.Random) -> bytearray:
    for _ in range(rng.randint(1, 6)):
        kind = rng.randrange(7)
        at = rng.randint(0, len(data))
        if kind == 0 and data:                      # change a byte
            data[min(at, len(data) - 1)] = rng.randrange(256)
        elif kind == 1:                             # insert a token that matters to the format
            data[at:at] = rng.choice(TOKENS)
        elif kind == 2 and data:                    # erase a range
            data[at:at + rng.randint(1, 16)] = b""
        elif kind == 3 and data:                    # repeat a range
            start = rng.randrange(len(data))
            data[at:at] = data[start:start + rng.randint(1, 32)]
        elif kind == 4:                             # splice part of another seed file
            other = rng.choice(others)
            start = rng.randint(0, len(other))
            data[at:at] = other[start:start + rng.randint(1, 64)]
        elif kind == 5:                             # change every line break of one kind
            old, new = rng.sample([b"\n", b"\r\n", b"\r"], 2)
            data = bytearray(bytes(data).replace(old, new))
        elif kind == 6 and data:                    # flip a bit
            index = min(at, len(data) - 1)
            data[index] ^= 1 << rng.randrange(8)
    return data[:8192]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--count", type=int, required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("files", nargs="+")
    arguments = parser.parse_args()
    seeds = []
    for path in sorted(arguments.files):
        with open(path, "rb") as file:
            seeds.append(file.read())
    rng = random.Random(arguments.seed)
    for number in range(arguments.count):
        data = mutate(bytearray(rng.choice(seeds)), seeds, rng)
        with open(os.path.join(arguments.out, f"{number:06d}"), "wb") as file:
            file.write(data)


if __name__ == "__main__":
    main()
