#!/usr/bin/env bash
# Sync benchmark against a folder remote holding COUNT entries (default 2,000; one commit each,
# some edited later), generated with git fast-import and started by `say sync`. In one run, on
# fresh copies each time, it times in turn (A, B, A, B, …):
#   join  `say sync --remote R` of a new, empty journal (the first sync of a new computer)
#    vs   `git clone --no-local R` (the same transfer and checkout through git's own transport)
#   one   `say sync` of one new entry (kept with `say write` before the timed run)
#    vs   `git pull --rebase && git push` of the same change in a git clone
# and prints each median, the ratio of the medians and the median of the pairwise ratios,
# then checks that the new computer holds exactly the remote's files and a clean status.
# Targets: join at most 1.5x, one at most 1.0x.
#
# Usage: sync_bench.sh [--say SAY] [--runs N] [COUNT...]
# SAY defaults to a release build of this repository. Needs git and python3.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SAY=""
RUNS=9
COUNTS=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --say) SAY="$2"; shift 2 ;;
    --runs) RUNS="$2"; shift 2 ;;
    *) COUNTS+=("$1"); shift ;;
  esac
done
[[ ${#COUNTS[@]} -eq 0 ]] && COUNTS=(2000)
for tool in git python3; do
  command -v "$tool" >/dev/null || { echo "sync_bench.sh: $tool is not installed" >&2; exit 1; }
done
if [[ -z "$SAY" ]]; then
  (cd "$HERE/.." && swift build -c release --product say >&2)
  SAY="$HERE/../.build/release/say"
fi
SAY="$(cd "$(dirname "$SAY")" && pwd)/$(basename "$SAY")"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/sync-bench.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
export GIT_AUTHOR_NAME="Bench" GIT_AUTHOR_EMAIL="bench@example.com" GIT_COMMITTER_NAME="Bench" GIT_COMMITTER_EMAIL="bench@example.com"
export HOME="$WORK/home" XDG_CONFIG_HOME="$WORK/home/c" XDG_STATE_HOME="$WORK/home/s" XDG_DATA_HOME="$WORK/home/d"
mkdir -p "$HOME"

for COUNT in "${COUNTS[@]}"; do
  A0="$WORK/a0-$COUNT"; R0="$WORK/r0-$COUNT.git"; G0="$WORK/g0-$COUNT"
  mkdir -p "$A0" "$R0"
  git -C "$A0" init -q -b main
  python3 "$HERE/make-journal.py" "$COUNT" "$WORK/names-$COUNT" | git -C "$A0" fast-import --quiet --done
  git -C "$A0" reset -q --hard
  # The .gitignore say writes when it turns versioning on, as a journal made by say has it.
  printf '.say-lock\n*.swp\n*.swo\n*~\n.#*\n.DS_Store\n' > "$A0/.gitignore"
  git -C "$A0" commit -q -m "Start versioning" .gitignore
  git -C "$A0" gc -q
  git -C "$R0" init -q --bare -b main
  "$SAY" sync --journal "$A0" --remote "$R0" >/dev/null
  git -C "$R0" gc -q
  git clone -q --no-local "$R0" "$G0"
  echo "== $COUNT entries: $(git -C "$R0" rev-list --count main) commits on the remote, pack $(du -sh "$R0/objects/pack" | cut -f1)" >&2

  python3 - "$SAY" "$WORK" "$COUNT" "$RUNS" "$A0" "$R0" "$G0" <<'PY'
import os, shutil, statistics, subprocess, sys, time
say, work, count, runs, a0, r0, g0 = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5], sys.argv[6], sys.argv[7]
a, r, b, g = (os.path.join(work, name + "-" + count) for name in ("a", "r", "b", "g"))
quiet = dict(stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)

def fresh(source, target):
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(source, target, symlinks=True)

def timed(command, prepare):
    prepare()
    os.sync()
    start = time.monotonic()
    subprocess.run(command, **quiet)
    return time.monotonic() - start

def prepare_join():
    shutil.rmtree(b, ignore_errors=True)
    fresh(r0, r)

def prepare_one():
    fresh(a0, a)
    fresh(r0, r)
    subprocess.run(["git", "-C", a, "config", "remote.origin.url", r], **quiet)
    subprocess.run([say, "write", "--keep", "--text", "A new entry.", "--journal", a], **quiet)

def prepare_git_one():
    fresh(g0, g)
    fresh(r0, r)
    subprocess.run(["git", "-C", g, "remote", "set-url", "origin", r], **quiet)
    folder = os.path.join(g, "entries", "2030", "01")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "2030-01-01T000000Z-0123abcd.md"), "w") as file:
        file.write("---\nfeeling: same\n---\nA new entry.\n")
    subprocess.run(["git", "-C", g, "add", "entries"], **quiet)
    subprocess.run(["git", "-C", g, "commit", "-q", "-m", "Keep 0123abcd"], **quiet)

def pair(name, command_a, prepare_a, command_b, prepare_b, target):
    timed(command_a, prepare_a); timed(command_b, prepare_b)  # warm-up
    first, second = [], []
    for _ in range(runs):
        first.append(timed(command_a, prepare_a))
        second.append(timed(command_b, prepare_b))
    ratios = [x / y for x, y in zip(first, second)]
    ma, mb = statistics.median(first), statistics.median(second)
    print(f"  {name:<44} {ma*1000:7.0f} ms   vs {mb*1000:7.0f} ms   "
          f"ratio of medians {ma/mb:4.2f}, median pairwise ratio {statistics.median(ratios):4.2f}   (target <= {target})")

print(f"{count} entries on the remote, {runs} runs each (medians)")
pair("say sync, a new computer joins", [say, "sync", "--remote", r, "--journal", b], prepare_join,
     ["git", "clone", "-q", "--no-local", r, b], prepare_join, "1.5")
pair("say sync, one new entry", [say, "sync", "--journal", a], prepare_one,
     ["sh", "-c", f"git -C '{g}' pull -q --rebase && git -C '{g}' push -q"], prepare_git_one, "1.0")

# The new computer ends with exactly the remote's files, and a clean status.
prepare_join()
subprocess.run([say, "sync", "--remote", r, "--journal", b], **quiet)
status = subprocess.run(["git", "-C", b, "status", "--porcelain"], capture_output=True, text=True, check=True).stdout
tracked = subprocess.run(["git", "-C", b, "ls-files"], capture_output=True, text=True, check=True).stdout.split()
remote_files = subprocess.run(["git", "-C", r, "ls-tree", "-r", "--name-only", "main"], capture_output=True, text=True, check=True).stdout.split()
on_disk = sum(len(files) for _, _, files in os.walk(os.path.join(b, "entries")))
entries = [path for path in remote_files if path.startswith("entries/")]
if status or sorted(tracked) != sorted(remote_files) or on_disk != len(entries):
    sys.exit("sync_bench.sh: the new computer does not hold exactly the remote's files with a clean status")
PY
  rm -rf "$A0" "$R0" "$G0" "$WORK"/a-* "$WORK"/r-* "$WORK"/b-* "$WORK"/g-*
done
