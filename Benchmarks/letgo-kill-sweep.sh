#!/usr/bin/env bash
# Kills `say let-go` with SIGKILL at every write point (the N-th rename, link or unlink, through
# strace's syscall injection) and checks that the next run of say converges:
#   - either the let-go finished: the entry's words are in no git object, its file is gone, the
#     other entries are all there;
#   - or it never started: the entry is still there, whole, and a new `say let-go` of it works
#     (no lock say left behind blocks it);
#   and in both cases `git fsck --full --strict` is clean and `git status` shows nothing.
#
# Usage: letgo-kill-sweep.sh [--say SAY] [--seed S --points K]
#   With no --points: every write point (the full sweep). With --points K: K of them, chosen
#   from the seed (what CI runs); the seed and the command that repeats the run are printed.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/kill-sweep-common.sh"
sweep_start letgo-kill-sweep.sh "$@"

# A journal with a few entries, one of them edited twice, packed and loose objects, a stash.
BASE="$WORK/base"
"$SAY" init --git --journal "$BASE" >/dev/null
for i in 1 2 3 4; do "$SAY" write --keep --text "KEEP-$i entry that stays" --journal "$BASE" >/dev/null; done
GOES_PATH="$("$SAY" write --keep --json --text "GOES-v1 the words that must go" --journal "$BASE" | python3 -c 'import json,sys; print(json.load(sys.stdin)["path"])')"
git -C "$BASE" gc -q
python3 - "$BASE/$GOES_PATH" <<'PY'
import sys
path = sys.argv[1]
text = open(path).read().replace("GOES-v1", "GOES-v2")
open(path, "w").write(text)
PY
"$SAY" history --journal "$BASE" >/dev/null   # commits the edit
"$SAY" write --keep --text "KEEP-5 entry that stays" --journal "$BASE" >/dev/null
GOES_ID="$("$SAY" history --json --journal "$BASE" | python3 -c 'import json,sys; print([e["id"] for e in json.load(sys.stdin) if e["preview"].startswith("GOES")][0])')"

# Every write the let-go makes, uninterrupted.
cp -a "$BASE" "$WORK/probe"
sweep_points "$SAY" let-go "$GOES_ID" --yes --journal "$WORK/probe"

# Whether the words are in any object (read whole: `grep -q` would end the pipe early).
stored() {
  git -C "$1" cat-file --batch-all-objects --batch > "$WORK/objects"
  grep -q "GOES-" "$WORK/objects"
}

check_clean() {
  git -C "$1" fsck --full --strict --no-progress >/dev/null 2>&1 || { echo "$2: git fsck failed" >&2; git -C "$1" fsck --full --strict 2>&1 | head -5 >&2; exit 1; }
  [[ -z "$(git -C "$1" status --porcelain)" ]] || { echo "$2: git status is not clean" >&2; git -C "$1" status --porcelain >&2; exit 1; }
  local listed
  listed="$("$SAY" history --json --journal "$1")"
  for i in 1 2 3 4 5; do
    grep -q "KEEP-$i" <<<"$listed" || { echo "$2: entry KEEP-$i is missing" >&2; exit 1; }
  done
}

finished=0
untouched=0
for point in "${points[@]}"; do
  COPY="$WORK/copy"
  rm -rf "$COPY"; cp -a "$BASE" "$COPY"
  rm -f "$WORK/retry.log"
  sweep_kill "$point" "$SAY" let-go "$GOES_ID" --yes --journal "$COPY"
  # The next run of say settles the journal (finishing an interrupted let-go).
  "$SAY" history --journal "$COPY" >/dev/null 2>&1 || { echo "$point: the next run failed" >&2; "$SAY" history --journal "$COPY" >&2 || true; exit 1; }
  if stored "$COPY"; then
    # Not let go: the entry must be whole, and letting it go now must work.
    [[ -f "$COPY/$GOES_PATH" ]] && grep -q "GOES-v2" "$COPY/$GOES_PATH" || { echo "$point: the entry is half gone" >&2; exit 1; }
    check_clean "$COPY" "$point"
    "$SAY" let-go "$GOES_ID" --yes --journal "$COPY" </dev/null >"$WORK/retry.log" 2>&1 || { echo "$point: letting go again failed:" >&2; cat "$WORK/retry.log" >&2; exit 1; }
    untouched=$((untouched + 1))
  else
    finished=$((finished + 1))
  fi
  if stored "$COPY"; then echo "$point: the words are still stored" >&2; cat "$WORK/retry.log" >&2 2>/dev/null; exit 1; fi
  [[ ! -e "$COPY/$GOES_PATH" ]] || { echo "$point: the entry's file is still there" >&2; exit 1; }
  [[ ! -e "$COPY/.git/say/pending-purge" ]] || { echo "$point: the pending record is still there" >&2; exit 1; }
  check_clean "$COPY" "$point"
  [[ -z "$(find "$COPY/.git" -name '*.lock')" ]] || { echo "$point: a lock was left behind" >&2; find "$COPY/.git" -name '*.lock' >&2; exit 1; }
done
echo "letgo-kill-sweep: ${#points[@]} kills: $finished finished by the next run, $untouched had not started and let go cleanly afterwards" >&2
echo "${#points[@]} passed, 0 failed"
