#!/usr/bin/env bash
# Sync benchmark against a remote holding COUNT entries (default 10,000; one commit each, some
# edited later), generated with git fast-import. A journal is synced once into an empty bare
# repository (the remote); then, with hyperfine, on fresh copies each run:
#   one       `say sync` of one new entry (kept with `say write` before the timed run)
#   git-one   the same by hand with git: commit one file, `git pull --rebase`, `git push`
#   join      `say sync --remote` of a new, empty journal (first sync of a new computer)
#   clone     `git clone file://REMOTE` (the same transfer and checkout through git's transport)
#   clone-l   `git clone REMOTE` (git's local shortcut: hard links, no transfer)
# and prints medians and ratios from the same run, plus a check of the new computer's files.
#
# Usage: sync_bench.sh [--say SAY] [--runs N] [COUNT...]
# SAY defaults to a release build of this repository.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SAY=""
RUNS=5
COUNTS=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --say) SAY="$2"; shift 2 ;;
    --runs) RUNS="$2"; shift 2 ;;
    *) COUNTS+=("$1"); shift ;;
  esac
done
[[ ${#COUNTS[@]} -eq 0 ]] && COUNTS=(10000)
for tool in git hyperfine python3; do
  command -v "$tool" >/dev/null || { echo "sync_bench.sh: $tool is not installed" >&2; exit 1; }
done
if [[ -z "$SAY" ]]; then
  (cd "$HERE/.." && swift build -c release --product say >&2)
  SAY="$HERE/../.build/release/say"
fi
WORK="$(mktemp -d "${TMPDIR:-/tmp}/sync-bench.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
export GIT_AUTHOR_NAME="Bench" GIT_AUTHOR_EMAIL="bench@example.com" GIT_COMMITTER_NAME="Bench" GIT_COMMITTER_EMAIL="bench@example.com"
export HOME="$WORK/home" XDG_CONFIG_HOME="$WORK/home/c" XDG_STATE_HOME="$WORK/home/s" XDG_DATA_HOME="$WORK/home/d"
mkdir -p "$HOME"

median() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][0]["median"])' "$1"; }

for COUNT in "${COUNTS[@]}"; do
  A0="$WORK/a0-$COUNT"; R0="$WORK/r0-$COUNT.git"
  A="$WORK/a-$COUNT"; R="$WORK/r-$COUNT.git"; B="$WORK/b-$COUNT"; G="$WORK/g-$COUNT"
  mkdir -p "$A0" "$R0"
  git -C "$A0" init -q -b main
  python3 "$HERE/make-journal.py" "$COUNT" "$WORK/names-$COUNT" | git -C "$A0" fast-import --quiet --done
  git -C "$A0" reset -q --hard
  git -C "$A0" gc -q
  git -C "$R0" init -q --bare -b main
  # The first sync pushes the whole journal; it is timed once, for information.
  git -C "$A0" remote add origin "$R"
  cp -a "$R0" "$R"
  START=$(date +%s.%N)
  "$SAY" sync --journal "$A0" >/dev/null
  FIRST=$(python3 -c "import time,sys; print(time.time()-float(sys.argv[1]))" "$START")
  rm -rf "$R0" && mv "$R" "$R0"
  # A git workspace on the same remote, for the by-hand comparison.
  G0="$WORK/g0-$COUNT"
  git clone -q "file://$R0" "$G0"
  echo "== $COUNT entries: $(git -C "$R0" rev-list --count main) commits on the remote, pack $(du -sh "$R0/objects/pack" | cut -f1)" >&2

  # origin in A0 names $R; each run restores $R and $A from the pristine copies.
  PREP_ONE="rm -rf '$A' '$R' && cp -a '$A0' '$A' && cp -a '$R0' '$R' && '$SAY' write --keep --text 'A new entry.' --journal '$A' >/dev/null && sync"
  hyperfine --style basic --runs "$RUNS" --warmup 1 --prepare "$PREP_ONE" --export-json "$WORK/one.json" \
    "'$SAY' sync --journal '$A'" >&2
  PREP_GIT="rm -rf '$G' '$R' && cp -a '$G0' '$G' && cp -a '$R0' '$R' && git -C '$G' remote set-url origin 'file://$R' && mkdir -p '$G/entries/2030/01' && printf -- '---\nfeeling: same\n---\nA new entry.\n' > '$G/entries/2030/01/2030-01-01T000000Z-0123abcd.md' && git -C '$G' add entries && git -C '$G' commit -q -m 'Keep 0123abcd' && sync"
  hyperfine --style basic --runs "$RUNS" --warmup 1 --prepare "$PREP_GIT" --export-json "$WORK/git-one.json" \
    "git -C '$G' pull -q --rebase && git -C '$G' push -q" >&2
  PREP_JOIN="rm -rf '$B' '$R' && cp -a '$R0' '$R' && sync"
  hyperfine --style basic --runs "$RUNS" --warmup 1 --prepare "$PREP_JOIN" --export-json "$WORK/join.json" \
    "'$SAY' sync --remote '$R' --journal '$B'" >&2
  hyperfine --style basic --runs "$RUNS" --warmup 1 --prepare "$PREP_JOIN" --export-json "$WORK/clone.json" \
    "git clone -q 'file://$R' '$B'" >&2
  hyperfine --style basic --runs "$RUNS" --warmup 1 --prepare "$PREP_JOIN" --export-json "$WORK/clone-local.json" \
    "git clone -q '$R' '$B'" >&2

  # Correctness: a new computer ends with exactly the remote's files, and a clean status.
  rm -rf "$B" "$R" && cp -a "$R0" "$R"
  "$SAY" sync --remote "$R" --journal "$B" >/dev/null
  [[ -z "$(git -C "$B" status --porcelain)" ]] || { echo "sync_bench.sh: the new computer's status is not clean" >&2; exit 1; }
  [[ "$(git -C "$B" ls-files | wc -l)" == "$(git -C "$R" ls-tree -r --name-only main | wc -l)" ]] \
    || { echo "sync_bench.sh: the new computer does not hold every file" >&2; exit 1; }
  [[ "$(find "$B/entries" -type f | wc -l)" == "$(git -C "$R" ls-tree -r --name-only main -- entries | wc -l)" ]] \
    || { echo "sync_bench.sh: entry files are missing on the new computer" >&2; exit 1; }

  ONE=$(median "$WORK/one.json"); GONE=$(median "$WORK/git-one.json")
  JOIN=$(median "$WORK/join.json"); CLONE=$(median "$WORK/clone.json"); CLONEL=$(median "$WORK/clone-local.json")
  python3 - "$COUNT" "$FIRST" "$ONE" "$GONE" "$JOIN" "$CLONE" "$CLONEL" <<'PY'
import sys
count, first, one, gone, join, clone, clonel = sys.argv[1], *map(float, sys.argv[2:])
print(f"{count} entries on the remote (medians)")
print(f"  first sync into the empty remote (once)  {first*1000:8.0f} ms")
print(f"  say sync, one new entry                  {one*1000:8.0f} ms")
print(f"  git pull --rebase + git push, one commit {gone*1000:8.0f} ms   say / git = {one/gone:4.2f}")
print(f"  say sync, a new computer joins           {join*1000:8.0f} ms")
print(f"  git clone file://                        {clone*1000:8.0f} ms   say / git = {join/clone:4.2f}")
print(f"  git clone (local path, hard links)       {clonel*1000:8.0f} ms   say / git = {join/clonel:4.2f}")
PY
  rm -rf "$A0" "$R0" "$A" "$R" "$B" "$G" "$G0"
done
