#!/usr/bin/env bash
# Installs what is missing, then runs every test: the library alone (no GTK), then
# everything with the GUI under a virtual display.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
echo "== library without GTK (cargo test --no-default-features)"
cargo test --no-default-features
echo "== everything, GUI included (xvfb-run -a cargo test)"
GTK_A11Y=none xvfb-run -a cargo test
