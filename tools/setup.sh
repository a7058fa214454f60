#!/usr/bin/env bash
# Installs what building and testing Fief needs on Debian 12, skipping what is already there.
set -euo pipefail
# xdotool presses real keys in the keyboard test; gettext builds the translations; desktop-file-utils, appstream and flatpak-builder check the
# packaging files; dbus-daemon and dbus-bin give the network test a session bus of its own
# (dbus-run-session) on which it watches the desktop notifications (dbus-monitor).
packages=(pkg-config libgtk-4-dev libadwaita-1-dev xvfb xauth xdotool gettext desktop-file-utils appstream flatpak-builder python3 strace iproute2 dbus-daemon dbus-bin)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "Installing: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
# Rust: the toolchain Cargo.toml asks for (rust-version), through rustup when the machine
# has no cargo or an older one (Debian 12's own rustc is too old). rustup installs into
# ~/.cargo without questions, minimal profile; tools/run.sh and tools/test.sh put
# ~/.cargo/bin first on PATH.
need=$(sed -n 's/^rust-version *= *"\(.*\)"/\1/p' Cargo.toml)
export PATH="$HOME/.cargo/bin:$PATH"
have=$(cargo --version 2>/dev/null | awk '{print $2}' || true)
if [ -z "$have" ] || [ "$(printf '%s\n%s\n' "$need" "$have" | sort -V | head -n1)" != "$need" ]; then
  echo "Rust ${need} or newer is needed (found: ${have:-none}); installing it with rustup into ~/.cargo."
  if command -v rustup >/dev/null 2>&1; then
    rustup toolchain install stable --profile minimal
    rustup default stable
  else
    if ! command -v curl >/dev/null 2>&1; then
      sudo=""
      [ "$(id -u)" -ne 0 ] && sudo="sudo"
      $sudo apt-get update -qq
      DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends curl ca-certificates
    fi
    curl --proto '=https' --tlsv1.2 -sSf https://sh.rustup.rs |
      sh -s -- -y --profile minimal --default-toolchain stable --no-modify-path
  fi
  have=$(cargo --version | awk '{print $2}')
  echo "Using cargo ${have}."
fi
