#!/usr/bin/env bash
# Let-go benchmark: journals of 1,000 and 10,000 entries (one commit each, some edited later),
# generated with git fast-import and packed with git gc. On fresh copies it times, with hyperfine:
#   ours      purge of a middle entry through the Swift wrapper (history rewrite + new pack)
#   filter    git-filter-repo --invert-paths --path FILE --force --replace-refs delete-no-add
#             + git reflog expire --expire=now --all + git gc --prune=now
#   gc        git reflog expire --expire=now --all + git gc --prune=now alone
#   commit    one new entry through the wrapper vs git add + git commit
# and prints medians and ratios from the same run.
#
# It also times the real program on the same journals: `say let-go` of the same entry and
# `say write --keep` of a new one (built in release mode from this repository, or --say PATH).
#
# Usage: bench.sh [--bin DRIVER] [--say SAY] [--runs N] [COUNT...]      (default counts: 1000 10000)
# DRIVER is an executable taking `purge REPO NAME...` and `commit REPO MESSAGE PATH...`; by
# default the script builds the one next to it (git-bench here, letgo-bench in Benchmarks/).
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BIN=""
SAY=""
RUNS=7
COUNTS=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --bin) BIN="$2"; shift 2 ;;
    --runs) RUNS="$2"; shift 2 ;;
    --say) SAY="$2"; shift 2 ;;
    *) COUNTS+=("$1"); shift ;;
  esac
done
[[ ${#COUNTS[@]} -eq 0 ]] && COUNTS=(1000 10000)
for tool in git git-filter-repo hyperfine python3; do
  command -v "$tool" >/dev/null || { echo "bench.sh: $tool is not installed" >&2; exit 1; }
done
if [[ -z "$BIN" ]]; then
  if [[ -d "$HERE/LetGoBench" ]]; then
    (cd "$HERE/LetGoBench" && swift build -c release --product letgo-bench >&2)
    BIN="$HERE/LetGoBench/.build/release/letgo-bench"
  else
    (cd "$HERE" && swift build -c release --product git-bench >&2)
    BIN="$HERE/.build/release/git-bench"
  fi
fi
if [[ -z "$SAY" ]]; then
  (cd "$HERE/.." && swift build -c release --product say >&2)
  SAY="$HERE/../.build/release/say"
fi
GENERATOR="$HERE/make-journal.py"
[[ -f "$GENERATOR" ]] || GENERATOR="$HERE/Benchmarks/make-journal.py"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/letgo-bench.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
export GIT_AUTHOR_NAME="Bench" GIT_AUTHOR_EMAIL="bench@example.com" GIT_COMMITTER_NAME="Bench" GIT_COMMITTER_EMAIL="bench@example.com"

median() { python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["results"][0]["median"])' "$1"; }

for COUNT in "${COUNTS[@]}"; do
  BASE="$WORK/base-$COUNT"
  mkdir -p "$BASE"
  git -C "$BASE" init -q -b main
  python3 "$GENERATOR" "$COUNT" "$WORK/names-$COUNT" | git -C "$BASE" fast-import --quiet --done
  git -C "$BASE" reset -q --hard
  git -C "$BASE" gc -q
  NAME="$(sed -n "$(( (COUNT + 1) / 2 ))p" "$WORK/names-$COUNT")"
  FILE="$(git -C "$BASE" ls-files "*/$NAME")"
  COPY="$WORK/copy-$COUNT"
  PREP="rm -rf '$COPY' && cp -a '$BASE' '$COPY' && sync"
  echo "== $COUNT entries: $(git -C "$BASE" rev-list --count HEAD) commits, pack $(du -sh "$BASE/.git/objects/pack" | cut -f1), purging the middle entry" >&2
  hyperfine --style basic --runs "$RUNS" --warmup 1 --prepare "$PREP" --export-json "$WORK/ours.json" \
    "'$BIN' purge '$COPY' '$FILE'" >&2
  hyperfine --style basic --runs "$RUNS" --warmup 1 --prepare "$PREP" --export-json "$WORK/filter.json" \
    "cd '$COPY' && git filter-repo --quiet --invert-paths --path '$FILE' --force --replace-refs delete-no-add >/dev/null && git reflog expire --expire=now --all && git gc -q --prune=now" >&2
  hyperfine --style basic --runs "$RUNS" --warmup 1 --prepare "$PREP" --export-json "$WORK/gc.json" \
    "git -C '$COPY' reflog expire --expire=now --all && git -C '$COPY' gc -q --prune=now" >&2
  NEW="entries/2030/01/2030-01-01T000000Z-0123abcd.md"
  CPREP="$PREP && mkdir -p '$COPY/entries/2030/01' && printf -- '---\nfeeling: same\n---\nA new entry.\n' > '$COPY/$NEW'"
  hyperfine --style basic --runs "$RUNS" --warmup 1 --prepare "$CPREP" --export-json "$WORK/commit-ours.json" \
    "'$BIN' commit '$COPY' 'Keep 0123abcd' '$NEW'" >&2
  hyperfine --style basic --runs "$RUNS" --warmup 1 --prepare "$CPREP" --export-json "$WORK/commit-git.json" \
    "git -C '$COPY' add '$NEW' && git -C '$COPY' commit -q -m 'Keep 0123abcd'" >&2
  # The real program: settles the journal (pending purge, outside edits), lists it, then acts.
  TAG="${NAME%.md}"; TAG="${TAG##*-}"
  SAYENV="env HOME='$WORK/home' XDG_CONFIG_HOME='$WORK/home/c' XDG_STATE_HOME='$WORK/home/s'"
  hyperfine --style basic --runs "$RUNS" --warmup 1 --prepare "$PREP" --export-json "$WORK/say-letgo.json" \
    "$SAYENV '$SAY' let-go '$TAG' --yes --journal '$COPY'" >&2
  hyperfine --style basic --runs "$RUNS" --warmup 1 --prepare "$PREP" --export-json "$WORK/say-keep.json" \
    "$SAYENV '$SAY' write --keep --text 'A new entry.' --journal '$COPY'" >&2
  # Pack size: git's own gc of the same history (the entry removed by filter-repo) against ours.
  eval "$PREP"
  (cd "$COPY" && git filter-repo --quiet --invert-paths --path "$FILE" --force --replace-refs delete-no-add >/dev/null && git reflog expire --expire=now --all && git gc -q --prune=now)
  GCPACK=$(cat "$COPY"/.git/objects/pack/*.pack | wc -c)
  # Correctness of one purged copy, with the real git CLI.
  eval "$PREP"
  "$BIN" purge "$COPY" "$FILE"
  OURPACK=$(cat "$COPY"/.git/objects/pack/*.pack | wc -c)
  git -C "$COPY" fsck --full --strict --no-progress
  if git -C "$COPY" cat-file --batch-all-objects --batch | grep -F "$NAME" >/dev/null; then echo "bench.sh: the purged name is still stored" >&2; exit 1; fi
  OURS=$(median "$WORK/ours.json"); FILTER=$(median "$WORK/filter.json"); GC=$(median "$WORK/gc.json")
  CO=$(median "$WORK/commit-ours.json"); CG=$(median "$WORK/commit-git.json")
  SL=$(median "$WORK/say-letgo.json"); SK=$(median "$WORK/say-keep.json")
  python3 - "$COUNT" "$OURS" "$FILTER" "$GC" "$CO" "$CG" "$SL" "$SK" "$OURPACK" "$GCPACK" <<'PY'
import sys
count, ours, filt, gc, co, cg, sl, sk, ourpack, gcpack = sys.argv[1], *map(float, sys.argv[2:])
print(f"{count} entries (medians)")
print(f"  let go, ours                      {ours*1000:8.0f} ms")
print(f"  filter-repo + reflog expire + gc  {filt*1000:8.0f} ms   ours is {filt/ours:4.1f}x faster (target >= 3x)")
print(f"  reflog expire + gc alone          {gc*1000:8.0f} ms   ours / this = {ours/gc:4.2f} (aim <= 1.5)")
print(f"  keep one entry, ours              {co*1000:8.1f} ms")
print(f"  git add + git commit              {cg*1000:8.1f} ms   ours / this = {co/cg:4.2f}")
print(f"  say let-go (the whole program)    {sl*1000:8.0f} ms   filter-repo is {filt/sl:4.1f}x slower; / gc alone = {sl/gc:4.2f}")
print(f"  say write --keep                  {sk*1000:8.1f} ms   / git add + commit = {sk/cg:4.2f} (target <= 0.7)")
print(f"  pack after let go, ours           {ourpack/1e6:8.2f} MB   / git gc's of the same history = {ourpack/gcpack:4.2f} (target <= 1.2)")
PY
  rm -rf "$BASE" "$COPY"
done
