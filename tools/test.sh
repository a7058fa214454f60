#!/usr/bin/env bash
# Installs what is missing, then runs every test: the library alone (no GTK), then
# everything with the GUI under a virtual display. Ends with the total count.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
# A toolchain that setup.sh installed with rustup lives in ~/.cargo/bin.
export PATH="$HOME/.cargo/bin:$PATH"
log=$(mktemp)
trap 'rm -f "$log"' EXIT
echo "== library without GTK (cargo test --no-default-features)"
cargo test --no-default-features 2>&1 | tee -a "$log"
echo "== everything, GUI included (xvfb-run -a cargo test)"
GTK_A11Y=none xvfb-run -a cargo test 2>&1 | tee -a "$log"
echo "== every source file with translatable messages is in po/POTFILES"
missing=0
for f in $(grep -rlE '\b(tr|trf|trnf|n_)\(|msgn?!\(' src --include=*.rs); do
  grep -qx "$f" po/POTFILES || { echo "not in po/POTFILES: $f"; missing=1; }
done
[ "$missing" -eq 0 ]
echo "== no cycle of imports between the modules of src/ (scripts/module_imports.py)"
python3 scripts/module_imports.py
echo "== the README's rules table is the one the code gives (scripts/rules_table.py --check)"
python3 scripts/rules_table.py --check
echo "== packaging files (tools/check-packaging.sh)"
bash tools/check-packaging.sh
awk '/^test result:/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i } }
     END { printf "total: %d passed, %d failed\n", p, f }' "$log"
