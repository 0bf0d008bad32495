# Shared by the kill sweeps (letgo-kill-sweep.sh, keep-kill-sweep.sh): sourced, not run.
#
# sweep_start NAME "$@"  reads --say, --seed and --points, checks for strace and git, and makes
#                        the work folder $WORK (removed at exit unless KEEP_WORK is set) with a
#                        private home for say and git.
# sweep_points COMMAND…  runs COMMAND once under strace to count its renames, links and unlinks,
#                        and sets `points` to every one of them ("rename:3"), or to --points of
#                        them chosen from the seed (printed with the command that repeats it).
# sweep_kill POINT COMMAND…  runs COMMAND with SIGKILL injected at that write point.

sweep_start() {
  SWEEP_NAME="$1"; shift
  SAY="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/../.build/debug/say"
  SEED=""
  POINTS=""
  while [[ $# -gt 0 ]]; do
    case "$1" in
      --say) SAY="$2"; shift 2 ;;
      --seed) SEED="$2"; shift 2 ;;
      --points) POINTS="$2"; shift 2 ;;
      *) echo "$SWEEP_NAME: unknown argument $1" >&2; exit 64 ;;
    esac
  done
  command -v strace >/dev/null || { echo "$SWEEP_NAME: strace is not installed (scripts/install-dependencies --tests)" >&2; exit 1; }
  command -v git >/dev/null || { echo "$SWEEP_NAME: git is not installed" >&2; exit 1; }
  WORK="$(mktemp -d "${TMPDIR:-/tmp}/${SWEEP_NAME%.sh}.XXXXXX")"
  [[ -n "${KEEP_WORK:-}" ]] || trap 'rm -rf "$WORK"' EXIT; echo "work: $WORK" >&2
  export HOME="$WORK/home" XDG_CONFIG_HOME="$WORK/home/c" XDG_STATE_HOME="$WORK/home/s" XDG_CACHE_HOME="$WORK/home/cache" \
    GIT_CONFIG_NOSYSTEM=1 GIT_CONFIG_GLOBAL=/dev/null
  mkdir -p "$HOME"
}

sweep_points() {
  strace -f -qq -c -o "$WORK/counts" -e trace=rename,renameat,renameat2,link,linkat,unlink,unlinkat "$@" >/dev/null 2>&1
  points=()
  local call n i
  for call in rename link unlink; do
    n=$(awk -v c="$call" '$NF == c { print $4 }' "$WORK/counts")
    for ((i = 1; i <= ${n:-0}; i++)); do points+=("$call:$i"); done
  done
  if [[ -n "$POINTS" ]]; then
    SEED="${SEED:-1}"
    mapfile -t points < <(python3 -c 'import random,sys; p=sys.argv[3:]; random.Random(int(sys.argv[1])).shuffle(p); print("\n".join(sorted(p[:int(sys.argv[2])])))' "$SEED" "$POINTS" "${points[@]}")
    echo "${SWEEP_NAME%.sh}: seed $SEED, ${#points[@]} write points (repeat: Benchmarks/$SWEEP_NAME --seed $SEED --points $POINTS)" >&2
  else
    echo "${SWEEP_NAME%.sh}: all ${#points[@]} write points" >&2
  fi
}

sweep_kill() {
  local point="$1"; shift
  local call="${point%%:*}" when="${point##*:}" calls
  case "$call" in
    rename) calls="rename,renameat,renameat2" ;;
    link) calls="link,linkat" ;;
    unlink) calls="unlink,unlinkat" ;;
  esac
  # (In braces with stderr closed, so the shell's own "Killed" notice stays out of the output.)
  { strace -f -qq -o /dev/null -e trace="$calls" -e inject="$calls:signal=KILL:when=$when" "$@" >/dev/null; } 2>/dev/null || true
}
