#!/usr/bin/env bash
# Let-go crash test with real SIGKILLs: purges the middle entry of a generated journal, kills the
# process after a growing delay, runs `resume`, and checks that every run converges to exactly
# the history of an uninterrupted purge, with the real git CLI (fsck, cat-file, log).
#
# Usage: crash.sh [--bin DRIVER] [COUNT] [STEPS]     (defaults: 1000 entries, 40 kill points)
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
BIN=""
[[ "${1:-}" == "--bin" ]] && { BIN="$2"; shift 2; }
COUNT="${1:-1000}"
STEPS="${2:-40}"
if [[ -z "$BIN" ]]; then
  if [[ -d "$HERE/LetGoBench" ]]; then
    (cd "$HERE/LetGoBench" && swift build -c release --product letgo-bench >&2)
    BIN="$HERE/LetGoBench/.build/release/letgo-bench"
  else
    (cd "$HERE" && swift build -c release --product git-bench >&2)
    BIN="$HERE/.build/release/git-bench"
  fi
fi
GENERATOR="$HERE/make-journal.py"
[[ -f "$GENERATOR" ]] || GENERATOR="$HERE/Benchmarks/make-journal.py"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/letgo-crash.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT
export GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null

BASE="$WORK/base"
mkdir -p "$BASE"
git -C "$BASE" init -q -b main
python3 "$GENERATOR" "$COUNT" "$WORK/names" | git -C "$BASE" fast-import --quiet --done
git -C "$BASE" reset -q --hard
git -C "$BASE" gc -q
NAME="$(sed -n "$(( (COUNT + 1) / 2 ))p" "$WORK/names")"
FILE="$(git -C "$BASE" ls-files "*/$NAME")"

cp -a "$BASE" "$WORK/reference"
START=$(date +%s%N)
"$BIN" purge "$WORK/reference" "$FILE"
DURATION_MS=$(( ($(date +%s%N) - START) / 1000000 ))
EXPECTED="$(git -C "$WORK/reference" log --all --format='%H %T')"
UNTOUCHED="$(git -C "$BASE" log --all --format='%H %T')"
echo "uninterrupted purge: ${DURATION_MS} ms; killing at $STEPS points in 0..${DURATION_MS} ms" >&2

killed=0
untouched=0
for step in $(seq 0 $(( STEPS - 1 ))); do
  COPY="$WORK/copy"
  rm -rf "$COPY"
  cp -a "$BASE" "$COPY"
  DELAY=$(python3 -c "print(${DURATION_MS} * ${step} / ${STEPS} / 1000)")
  "$BIN" purge "$COPY" "$FILE" &
  PID=$!
  sleep "$DELAY"
  kill -9 "$PID" 2>/dev/null || true
  STATUS=0
  wait "$PID" 2>/dev/null || STATUS=$?
  [[ $STATUS -eq 137 ]] && killed=$((killed + 1))
  RESUMED="$("$BIN" resume "$COPY")"
  if [[ "$RESUMED" == "false" && "$(git -C "$COPY" log --all --format='%H %T')" == "$UNTOUCHED" ]]; then
    # Killed before the pending record was on disk: the let-go never started, nothing changed.
    git -C "$COPY" fsck --full --no-progress >/dev/null || { echo "step $step: fsck failed" >&2; exit 1; }
    untouched=$((untouched + 1))
    continue
  fi
  [[ ! -e "$COPY/.git/say/pending-purge" ]] || { echo "step $step: the record is still there" >&2; exit 1; }
  git -C "$COPY" fsck --full --no-progress --no-dangling >/dev/null || { echo "step $step: fsck failed" >&2; exit 1; }
  [[ -z "$(git -C "$COPY" fsck --full --no-progress --dangling 2>&1)" ]] || { echo "step $step: dangling objects" >&2; exit 1; }
  if git -C "$COPY" cat-file --batch-all-objects --batch | grep -F "$NAME" >/dev/null; then echo "step $step: the name is still stored" >&2; exit 1; fi
  [[ "$(git -C "$COPY" log --all --format='%H %T')" == "$EXPECTED" ]] || { echo "step $step: history differs from an uninterrupted purge" >&2; exit 1; }
  [[ -z "$(git -C "$COPY" status --porcelain)" ]] || { echo "step $step: the working tree is not clean" >&2; exit 1; }
done
echo "crash.sh: $STEPS runs, $killed of them killed by SIGKILL: $(( STEPS - untouched )) converged to the uninterrupted result, $untouched were killed before the record was on disk and left everything as it was" >&2
