#!/usr/bin/env bash
# Photographs every page of the app under a virtual display, in English, French and German,
# at 1280x800 and 1920x1080: the new-game dialog, a game in progress, the purchase panel,
# an election ballot, a battle, the end of a game, the rules, the preferences and the
# keyboard shortcuts. Writes target/screenshots/LANG-WxH/PAGE.png and copies the English
# 1280x800 ones to docs/screenshots/. Installs what it needs (tools/setup.sh, then
# imagemagick and xdotool). Usage: scripts/screenshots.sh [LANG...] (default: en fr de).
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
export PATH="$HOME/.cargo/bin:$PATH"
if ! command -v import >/dev/null 2>&1 || ! command -v xdotool >/dev/null 2>&1; then
    sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get install -y -qq --no-install-recommends imagemagick xdotool
fi
cargo build --quiet --bin fief
langs=("$@")
[ ${#langs[@]} -eq 0 ] && langs=(en fr de)
export GTK_A11Y=none
# Screenshots never touch the user's own saves and preferences.
scratch=$(mktemp -d)
display_pid=""
cleanup() {
    [ -n "$display_pid" ] && kill "$display_pid" 2>/dev/null || true
    rm -rf "$scratch"
}
trap cleanup EXIT
export XDG_DATA_HOME=$scratch/data XDG_CONFIG_HOME=$scratch/config HOME=$scratch

# shot NAME SECONDS KEYS ARGS...: run the app with ARGS, wait, press KEYS (xdotool key
# names, "-" for none), wait, photograph the screen.
shot() {
    local name=$1 wait=$2 keys=$3
    shift 3
    ./target/debug/fief "$@" >/dev/null 2>&1 &
    local pid=$!
    sleep "$wait"
    if [ "$keys" != "-" ]; then
        xdotool key $keys
        sleep 2
    fi
    import -window root "$out/$name.png"
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}

for size in 1280x800 1920x1080; do
    w=${size%x*}
    h=${size#*x}
    # A display of that size; the window opens at that size (the scratch preferences).
    num=97
    while [ -e /tmp/.X11-unix/X$num ] || [ -e /tmp/.X$num-lock ]; do num=$((num + 1)); done
    Xvfb ":$num" -screen 0 "${size}x24" >/dev/null 2>&1 &
    display_pid=$!
    export DISPLAY=":$num"
    sleep 1
    for lang in "${langs[@]}"; do
        export LANGUAGE=$lang LANG=C.UTF-8
        out=target/screenshots/$lang-$size
        mkdir -p "$out"
        rm -rf "$XDG_CONFIG_HOME" "$XDG_DATA_HOME"
        mkdir -p "$XDG_CONFIG_HOME/fief"
        printf '{"window_width": %s, "window_height": %s}\n' "$w" "$h" \
            >"$XDG_CONFIG_HOME/fief/preferences.json"
        shot start 4 - 
        shot game 6 - --seed 4 --until movement --pace slow
        shot purchase 6 - --seed 4 --until purchase --pace slow
        shot election 6 - --seed 1 --until vote --pace slow
        shot battle 6 - --seed 7 --until battle --pace slow
        shot end 8 - --seed 2 --until end --pace instant
        shot rules 6 F1 --seed 4 --until movement --pace slow
        shot preferences 6 ctrl+comma --seed 4 --until movement --pace slow
        shot shortcuts 6 ctrl+question --seed 4 --until movement --pace slow
        echo "wrote $out/*.png"
    done
    kill "$display_pid" 2>/dev/null || true
    wait "$display_pid" 2>/dev/null || true
    display_pid=""
done
if [ -d target/screenshots/en-1280x800 ]; then
    mkdir -p docs/screenshots
    for page in start game purchase election battle end rules; do
        cp "target/screenshots/en-1280x800/$page.png" docs/screenshots/
    done
    echo "copied the English 1280x800 pages to docs/screenshots/"
fi
