#!/usr/bin/env bash
# Starts the app under a virtual display in several states and writes PNGs to
# docs/screenshots/: the start (new-game dialog), a game in progress, an election ballot, a
# battle and the end of a game. Installs what it needs (tools/setup.sh, then imagemagick).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
if ! command -v import >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get install -y -qq --no-install-recommends imagemagick
fi
cargo build --quiet --bin fief
out=docs/screenshots
mkdir -p "$out"
export GTK_A11Y=none
# Screenshots never touch the user's own saves and preferences.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export XDG_DATA_HOME=$scratch/data XDG_CONFIG_HOME=$scratch/config

# shot NAME SECONDS ARGS...: run the app with ARGS, wait, photograph the screen.
shot() {
    local name=$1 wait=$2
    shift 2
    xvfb-run -a -s "-screen 0 1280x800x24" bash -c "
        ./target/debug/fief $* &
        pid=\$!
        sleep $wait
        import -window root '$out/$name.png'
        kill \$pid"
    echo "wrote $out/$name.png"
}

shot start 4
shot game 5 --seed 4 --until movement --pace slow
shot election 5 --seed 1 --until vote --pace slow
shot battle 5 --seed 7 --until battle --pace slow
shot end 6 --seed 2 --until end --pace instant
