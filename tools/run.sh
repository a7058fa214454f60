#!/usr/bin/env bash
# Installs what is missing, then builds and starts the Fief desktop app.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
# A toolchain that setup.sh installed with rustup lives in ~/.cargo/bin.
export PATH="$HOME/.cargo/bin:$PATH"
exec cargo run --release --bin fief
