#!/usr/bin/env python3
"""Writes a `git fast-import` stream for a synthetic journal: one commit per entry, files under
entries/YYYY/MM/<time>Z-<8hex>.md with small YAML front matter and a few lines of text, and every
25th commit after the first 50 an edit of an earlier entry. Deterministic for a given count.

Usage: make-journal.py COUNT NAMES_FILE | git fast-import --quiet
NAMES_FILE receives the entry file names, one per line, in commit order."""
import random, sys, datetime

count = int(sys.argv[1])
names_out = open(sys.argv[2], "w")
rng = random.Random(count)
words = ("quiet morning letter river window sorry never said enough maybe later tomorrow kitchen "
         "train rain walk phone call mother father friend remember forgot hope tired light heavy").split()
start = datetime.datetime(2023, 1, 1, 6, 0, 0)
out = sys.stdout.buffer
entries = []  # (path, id, date, feeling)
mark = 0

def text_block():
    lines = []
    for _ in range(rng.randint(2, 6)):
        lines.append(" ".join(rng.choice(words) for _ in range(rng.randint(5, 14))).capitalize() + ".")
    return "\n".join(lines) + "\n"

def document(entry_id, date, feeling, body):
    return (f"---\nid: {entry_id}\ndate: {date}\nfeeling: {feeling}\nsafety: false\n---\n{body}").encode()

def commit(path, data, when, message):
    global mark
    mark += 1
    out.write(b"blob\nmark :%d\ndata %d\n" % (mark, len(data)) + data + b"\n")
    stamp = int(when.replace(tzinfo=datetime.timezone.utc).timestamp())
    msg = message.encode()
    out.write(b"commit refs/heads/main\n")
    out.write(b"author Journal Writer <writer@example.com> %d +0000\n" % stamp)
    out.write(b"committer Journal Writer <writer@example.com> %d +0000\n" % stamp)
    out.write(b"data %d\n%s\n" % (len(msg), msg))
    if first[0]:
        out.write(b"M 100644 inline .gitignore\ndata 7\n*.swp\n\n")
        first[0] = False
    out.write(b"M 100644 :%d %s\n\n" % (mark, path.encode()))

first = [True]
when = start
for number in range(count):
    when = when + datetime.timedelta(minutes=rng.randint(60, 300))
    entry_id = "%08x-%04x-4%03x-a%03x-%012x" % (rng.getrandbits(32), rng.getrandbits(16), rng.getrandbits(12), rng.getrandbits(12), rng.getrandbits(48))
    date = when.strftime("%Y-%m-%dT%H:%M:%SZ")
    name = when.strftime("%Y-%m-%dT%H%M%SZ") + "-" + entry_id[:8] + ".md"
    path = when.strftime("entries/%Y/%m/") + name
    feeling = rng.choice(["lighter", "same", "heavier"])
    entries.append((path, entry_id, date, feeling))
    names_out.write(name + "\n")
    commit(path, document(entry_id, date, feeling, text_block()), when, "Keep " + entry_id[:8])
    if number >= 50 and number % 25 == 0:
        path, entry_id, date, feeling = entries[rng.randrange(len(entries))]
        when = when + datetime.timedelta(minutes=1)
        commit(path, document(entry_id, date, rng.choice(["lighter", "same", "heavier"]), text_block()), when, "Edit " + entry_id[:8])
out.write(b"done\n")
