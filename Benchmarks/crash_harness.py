#!/usr/bin/env python3
"""Crash-consistency harness: SIGKILLs `say` at random moments and checks nothing is lost.

Each round starts one operation on a versioned journal, kills it with SIGKILL after a random
delay (sometimes before it starts, sometimes after it has finished), then runs `say history`
(which finishes an interrupted let-go and commits edits) and checks the invariants:

  - every keep that reported success is on disk, complete, with its exact text;
  - no entry file is empty or unreadable (history reports no problem);
  - no temporary file is left in entries/ after the listing;
  - a let-go either never happened (the entry is still there) or left nothing of the entry in
    any object of the repository (`git cat-file --batch-all-objects --batch`);
  - every entry that was never let go is still there;
  - `git fsck --full` is clean.

Operations: keep (`say write --keep`), let-go (`say let-go ID --yes`), and hand-edit (a file
edited in place as an editor would, then `say history` to commit it, killed mid-way).

Prints the counts per operation and a final line `crash: N passed, M failed`.

Usage: Benchmarks/crash_harness.py [--rounds 200] [--say PATH] [--seed N]
"""
import argparse, json, os, random, shutil, signal, subprocess, sys, tempfile, time, uuid

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Harness:
    def __init__(self, say, work, rng):
        self.say, self.work, self.rng = say, work, rng
        self.journal = os.path.join(work, "journal")
        self.env = dict(os.environ, HOME=work, XDG_CONFIG_HOME=work + "/config", XDG_STATE_HOME=work + "/state",
                        XDG_DATA_HOME=work + "/data", SAY_LOCK_TIMEOUT="30", TERM="dumb",
                        GIT_CONFIG_NOSYSTEM="1")
        self.kept = {}       # id -> text of every keep that reported success and was not let go
        self.gone = {}       # id -> marker of entries whose let-go completed
        self.failures = []
        self.counts = {}
        self.killed = 0      # rounds where the kill landed while say was still running

    def run(self, *args, stdin=None, check=True):
        result = subprocess.run([self.say, *args, "--journal", self.journal], input=stdin, capture_output=True,
                                text=True, env=self.env, timeout=120)
        if check and result.returncode != 0:
            raise RuntimeError("say %s failed: %s" % (" ".join(args), result.stderr))
        return result

    def start(self, *args, stdin=None):
        process = subprocess.Popen([self.say, *args, "--journal", self.journal], stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=self.env)
        if stdin is not None:
            try:
                process.stdin.write(stdin)
            except BrokenPipeError:
                pass
        try:
            process.stdin.close()
        except BrokenPipeError:
            pass
        process.stdin = None
        return process

    def kill_after(self, process, delay):
        """Lets the process run for `delay` seconds (less if it ends first), then SIGKILLs it."""
        try:
            process.wait(timeout=delay)
        except subprocess.TimeoutExpired:
            process.send_signal(signal.SIGKILL)
        out, err = process.communicate(timeout=60)
        if process.returncode == -signal.SIGKILL:
            self.killed += 1
        return process.returncode, out, err

    def entries_on_disk(self):
        listing = json.loads(self.run("history", "--json").stdout)
        return {item["id"]: item for item in listing}

    def text_of(self, entry_id):
        result = self.run("show", entry_id, "--json", check=False)
        return json.loads(result.stdout)["text"] if result.returncode == 0 else None

    def git(self, *args):
        return subprocess.run(["git", *args], cwd=self.journal, capture_output=True, env=self.env, timeout=120)

    # Operations -----------------------------------------------------------------------------

    def keep(self, delay):
        marker = "keep-" + uuid.uuid4().hex[:12]
        text = "%s\nsecond line of %s" % (marker, marker)
        status, out, _ = self.kill_after(self.start("write", "--keep", "--json", stdin=text), delay)
        if status == 0:
            self.kept[json.loads(out)["id"]] = text
        return marker

    def let_go(self, delay):
        if not self.kept:
            return self.keep(delay)
        entry_id = self.rng.choice(sorted(self.kept))
        marker = self.kept[entry_id].split("\n")[0]
        status, _, _ = self.kill_after(self.start("let-go", entry_id, "--yes"), delay)
        self.pending_let_go = (entry_id, marker, status == 0)
        return marker

    def hand_edit(self, delay):
        if not self.kept:
            return self.keep(delay)
        entry_id = self.rng.choice(sorted(self.kept))
        path = os.path.join(self.journal, self.entries_on_disk()[entry_id]["path"])
        with open(path) as handle:
            document = handle.read()
        edited_text = self.kept[entry_id] + "\nedited " + uuid.uuid4().hex[:6]
        head, _, _ = document.partition("\n---\n")
        temporary = path + ".editor"
        with open(temporary, "w") as handle:
            handle.write(head + "\n---\n" + edited_text + "\n")
        os.replace(temporary, path)  # an editor's atomic save
        self.kept[entry_id] = edited_text
        self.kill_after(self.start("history"), delay)
        return None

    # Checks ----------------------------------------------------------------------------------

    def check(self, operation):
        self.pending_let_go = getattr(self, "pending_let_go", None)
        listing = self.run("history", "--json")
        if listing.stderr.strip():
            self.failures.append("%s: history reported problems: %s" % (operation, listing.stderr.strip()))
        on_disk = {item["id"]: item for item in json.loads(listing.stdout)}
        if self.pending_let_go:
            entry_id, marker, reported = self.pending_let_go
            self.pending_let_go = None
            if entry_id in on_disk:
                if reported:
                    self.failures.append("let-go reported success but the entry is still there")
            else:
                del self.kept[entry_id]
                self.gone[entry_id] = marker
        for entry_id, text in self.kept.items():
            if entry_id not in on_disk:
                self.failures.append("%s: a kept entry is missing" % operation)
            elif self.text_of(entry_id) != text:
                self.failures.append("%s: a kept entry's text changed" % operation)
        leftovers = [name for folder, _, names in os.walk(os.path.join(self.journal, "entries"))
                     for name in names if ".tmp-" in name or name.endswith(".editor")]
        if leftovers:
            self.failures.append("%s: temporary files left: %s" % (operation, leftovers))
        objects = self.git("cat-file", "--batch-all-objects", "--batch").stdout
        for entry_id, marker in self.gone.items():
            if marker.encode() in objects:
                self.failures.append("%s: an entry let go is still in the repository's objects" % operation)
        fsck = self.git("fsck", "--full")
        if fsck.returncode != 0:
            self.failures.append("%s: git fsck failed: %s" % (operation, fsck.stderr.decode()[:300]))
        for item in on_disk.values():
            if os.path.getsize(os.path.join(self.journal, item["path"])) == 0:
                self.failures.append("%s: an empty entry file" % operation)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--say", default=None, help="the say binary (default: build release)")
    parser.add_argument("--seed", type=int, default=int(time.time()))
    args = parser.parse_args()
    say = args.say
    if say is None:
        subprocess.run(["swift", "build", "-c", "release", "--product", "say"], cwd=ROOT, check=True,
                       stdout=subprocess.DEVNULL)
        say = os.path.join(ROOT, ".build", "release", "say")
    rng = random.Random(args.seed)
    work = tempfile.mkdtemp(prefix="say-crash-")
    harness = Harness(say, work, rng)
    try:
        harness.run("init", "--git")
        for _ in range(6):
            harness.keep(10)  # never killed: the delay outlasts the keep
        # How long each operation takes when left alone, so kills land inside it.
        started = time.perf_counter()
        harness.run("history")
        typical = max(0.02, (time.perf_counter() - started) * 4)
        operations = [("keep", harness.keep), ("let-go", harness.let_go), ("hand-edit", harness.hand_edit)]
        failed_rounds = 0
        for round_number in range(args.rounds):
            name, operation = rng.choice(operations)
            delay = rng.choice([0, rng.uniform(0, typical), rng.uniform(0, typical * 3)])
            before = len(harness.failures)
            operation(delay)
            harness.check(name)
            harness.counts[name] = harness.counts.get(name, 0) + 1
            if len(harness.failures) > before:
                failed_rounds += 1
                print("round %d (%s, killed after %.0f ms): %s" % (round_number, name, delay * 1000,
                                                                  "; ".join(harness.failures[before:])))
        print("seed %d; rounds per operation: %s; killed while running: %d; entries kept now %d, let go %d" % (
            args.seed, ", ".join("%s %d" % item for item in sorted(harness.counts.items())), harness.killed,
            len(harness.kept), len(harness.gone)))
        print("crash: %d passed, %d failed" % (args.rounds - failed_rounds, failed_rounds))
        sys.exit(1 if failed_rounds else 0)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
