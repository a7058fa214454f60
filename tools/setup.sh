#!/usr/bin/env bash
# Installs what building and testing Fief needs on Debian 12, skipping what is already there.
set -euo pipefail
# gettext builds the translations; desktop-file-utils, appstream and flatpak-builder check the
# packaging files.
packages=(pkg-config libgtk-4-dev libadwaita-1-dev xvfb xauth gettext desktop-file-utils appstream flatpak-builder)
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
if ! command -v cargo >/dev/null 2>&1; then
  echo "Rust (cargo) is not installed. Install a current toolchain with rustup (https://rustup.rs) and run this again." >&2
  exit 1
fi
