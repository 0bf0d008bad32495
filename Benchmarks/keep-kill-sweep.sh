#!/usr/bin/env bash
# Kills `say write --keep` with SIGKILL at every write point (the N-th rename, link or unlink,
# through strace's syscall injection) in a versioned journal that a listing has just settled,
# and checks that the next run of say converges:
#   - the new entry is either kept whole (listed, committed) or not there at all, never half;
#   - every entry kept before is listed, `git status` is clean, `git fsck --full --strict` too;
#   - no temporary file and no lock is left, and the next keep works.
#
# Usage: keep-kill-sweep.sh [--say SAY] [--seed S --points K]
#   With no --points: every write point (the full sweep). With --points K: K of them, chosen
#   from the seed; the seed and the command that repeats the run are printed.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/kill-sweep-common.sh"
sweep_start keep-kill-sweep.sh "$@"

# A versioned journal with a few entries, packed, listed once (so it holds the record that it
# is settled, which a keep carries forward).
BASE="$WORK/base"
"$SAY" init --git --journal "$BASE" >/dev/null
for i in 1 2 3 4; do "$SAY" write --keep --text "KEEP-$i entry that stays" --journal "$BASE" >/dev/null; done
git -C "$BASE" gc -q
"$SAY" history --journal "$BASE" >/dev/null
[[ -f "$BASE/.git/say/settled" ]] || { echo "keep-kill-sweep.sh: the listing left no settled record" >&2; exit 1; }

keep() { "$SAY" write --keep --text "NEW entry kept whole" --journal "$1"; }

# Every write a keep makes, uninterrupted.
cp -a "$BASE" "$WORK/probe"
sweep_points "$SAY" write --keep --text "NEW entry kept whole" --journal "$WORK/probe"

kept=0
absent=0
for point in "${points[@]}"; do
  COPY="$WORK/copy"
  rm -rf "$COPY"; cp -a "$BASE" "$COPY"
  sweep_kill "$point" "$SAY" write --keep --text "NEW entry kept whole" --journal "$COPY"
  # The next run of say settles the journal (committing what the killed keep left).
  listed="$("$SAY" history --json --journal "$COPY" 2>"$WORK/next.err")" || { echo "$point: the next run failed" >&2; cat "$WORK/next.err" >&2; exit 1; }
  [[ ! -s "$WORK/next.err" ]] || { echo "$point: the next run complained" >&2; cat "$WORK/next.err" >&2; exit 1; }
  for i in 1 2 3 4; do
    grep -q "KEEP-$i" <<<"$listed" || { echo "$point: entry KEEP-$i is missing" >&2; exit 1; }
  done
  if grep -q "NEW entry" <<<"$listed"; then
    kept=$((kept + 1))
    file="$(grep -rl "NEW entry kept whole" "$COPY/entries")"
    grep -q "^NEW entry kept whole$" "$file" || { echo "$point: the new entry is not whole" >&2; exit 1; }
    git -C "$COPY" ls-tree -r --name-only HEAD | grep -qx "${file#"$COPY/"}" || { echo "$point: the new entry is not committed" >&2; exit 1; }
  else
    absent=$((absent + 1))
    [[ -z "$(grep -rl "NEW entry" "$COPY/entries" 2>/dev/null)" ]] || { echo "$point: a half-kept entry is on disk but not listed" >&2; exit 1; }
  fi
  git -C "$COPY" fsck --full --strict --no-progress >/dev/null 2>&1 || { echo "$point: git fsck failed" >&2; git -C "$COPY" fsck --full --strict 2>&1 | head -5 >&2; exit 1; }
  [[ -z "$(git -C "$COPY" status --porcelain)" ]] || { echo "$point: git status is not clean" >&2; git -C "$COPY" status --porcelain >&2; exit 1; }
  [[ -z "$(find "$COPY" -name '*.tmp-*' -o -name '*.lock')" ]] || { echo "$point: a temporary file or lock was left" >&2; find "$COPY" -name '*.tmp-*' -o -name '*.lock' >&2; exit 1; }
  keep "$COPY" >/dev/null 2>"$WORK/again.err" || { echo "$point: the next keep failed" >&2; cat "$WORK/again.err" >&2; exit 1; }
  [[ -z "$(git -C "$COPY" status --porcelain)" ]] || { echo "$point: the next keep left changes" >&2; git -C "$COPY" status --porcelain >&2; exit 1; }
done
echo "keep-kill-sweep: ${#points[@]} kills: $kept kept whole after the next run, $absent never kept" >&2
echo "${#points[@]} passed, 0 failed"
