#!/usr/bin/env bash
# The app's first window and its memory mid-game, as docs/app.md ("Measuring the app") says.
#
#   bash tools/measure-app.sh [PROGRAM] [RUNS]
#
# PROGRAM is the fief binary (target/release/fief by default); RUNS fresh starts are timed
# (3 by default). Each start has an empty HOME (no preferences, no autosave), under a virtual
# display, with GTK's cairo renderer (the GL renderer under Xvfb adds about 80 MB of its own).
# Prints, for each start, the milliseconds from launch to the main window being shown; then
# the resident memory of a game stopped at its first battle (`--until battle`), once the
# window has been up for 5 seconds.
set -euo pipefail
app=${1:-target/release/fief}
runs=${2:-3}
[ -x "$app" ] || { echo "no program at $app (build it: cargo build --release)" >&2; exit 2; }
command -v xvfb-run >/dev/null && command -v xdotool >/dev/null ||
  { echo "needs xvfb-run and xdotool (apt-get install xvfb xauth xdotool)" >&2; exit 2; }
app=$(readlink -f "$app")
export GSK_RENDERER=cairo GTK_A11Y=none LANGUAGE=en LANG=C.UTF-8
xvfb-run -a -s "-screen 0 1280x800x24" bash -s "$app" "$runs" <<'INSIDE'
set -euo pipefail
app=$1
runs=$2
# Milliseconds until a window of process $1 is shown (polled every 5 ms, for 20 s at most).
shown_after() {
  local pid=$1 start=$2
  for _ in $(seq 1 4000); do
    if xdotool search --onlyvisible --pid "$pid" >/dev/null 2>&1; then
      echo $(( ($(date +%s%N) - start) / 1000000 ))
      return 0
    fi
    sleep 0.005
  done
  echo "never"
}
for i in $(seq 1 "$runs"); do
  home=$(mktemp -d)
  start=$(date +%s%N)
  HOME=$home XDG_CONFIG_HOME=$home/.config XDG_DATA_HOME=$home/.local/share \
    XDG_STATE_HOME=$home/.local/state "$app" >/dev/null 2>&1 &
  pid=$!
  echo "start $i: first window after $(shown_after "$pid" "$start") ms"
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$home"
done
home=$(mktemp -d)
start=$(date +%s%N)
HOME=$home XDG_CONFIG_HOME=$home/.config XDG_DATA_HOME=$home/.local/share \
  XDG_STATE_HOME=$home/.local/state "$app" --seed 4 --until battle >/dev/null 2>&1 &
pid=$!
after=$(shown_after "$pid" "$start")
sleep 5
rss=$(awk '/^VmRSS:/ { print int($2 / 1024) }' "/proc/$pid/status")
hwm=$(awk '/^VmHWM:/ { print int($2 / 1024) }' "/proc/$pid/status")
echo "mid-game (--seed 4 --until battle, shown after $after ms): ${rss} MB resident, ${hwm} MB at most"
kill "$pid" 2>/dev/null || true
wait "$pid" 2>/dev/null || true
rm -rf "$home"
INSIDE
