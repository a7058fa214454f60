#!/usr/bin/env bash
# Installs what is missing, then builds and starts the Fief desktop app.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
exec cargo run --release --bin fief
