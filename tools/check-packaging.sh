#!/usr/bin/env bash
# Checks the packaging files: the desktop file, the metainfo, the Flatpak manifest (parsed by
# flatpak-builder; building it needs the GNOME runtime, which cannot be fetched here), the
# vendored cargo sources against Cargo.lock, the translations, and `make install` into a
# staging directory.
set -euo pipefail
cd "$(dirname "$0")/.."
app=io.github.fief1429.Fief
echo "== desktop-file-validate"
desktop-file-validate "data/$app.desktop"
echo "== appstreamcli validate --no-net"
appstreamcli validate --no-net "data/$app.metainfo.xml"
echo "== flatpak-builder --show-manifest"
(cd flatpak && flatpak-builder --show-manifest "$app.json" >/dev/null)
echo "== flatpak/cargo-sources.json matches Cargo.lock"
python3 - <<'PY'
import json, re, sys
lock = open("Cargo.lock").read()
want = set()
for block in lock.split("[[package]]")[1:]:
    name = re.search(r'^name = "(.*)"', block, re.M).group(1)
    version = re.search(r'^version = "(.*)"', block, re.M).group(1)
    if 'source = "registry+' in block:
        want.add(f"{name}-{version}")
have = {s["dest"].split("/")[-1] for s in json.load(open("flatpak/cargo-sources.json"))
        if s.get("type") == "archive"}
if want != have:
    print("out of date; regenerate with scripts/flatpak-sources.sh")
    print("missing:", sorted(want - have)[:10], "extra:", sorted(have - want)[:10])
    sys.exit(1)
print(f"{len(want)} crates vendored")
PY
echo "== translations (msgfmt --check --statistics)"
python3 scripts/extract_messages.py --check
for lang in $(sed -e 's/#.*//' po/LINGUAS); do
  msgcmp --use-untranslated "po/$lang.po" po/fief.pot
  stats=$(msgfmt --check --statistics -o /dev/null "po/$lang.po" 2>&1)
  echo "$lang: $stats"
  # Every message of po/fief.pot is in the catalogue (msgcmp) and translated, none fuzzy.
  if echo "$stats" | grep -Eq "untranslated|fuzzy"; then
    echo "po/$lang.po is not complete" >&2
    exit 1
  fi
done
echo "== make install (staged)"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
make -s install PREFIX=/usr DESTDIR="$stage" PROFILE=debug >/dev/null
for f in bin/fief "share/applications/$app.desktop" "share/metainfo/$app.metainfo.xml" \
    "share/icons/hicolor/scalable/apps/$app.svg" \
    "share/icons/hicolor/symbolic/apps/$app-symbolic.svg"; do
  test -f "$stage/usr/$f" || { echo "make install did not install $f" >&2; exit 1; }
done
for lang in $(sed -e 's/#.*//' po/LINGUAS); do
  test -f "$stage/usr/share/locale/$lang/LC_MESSAGES/fief.mo" || { echo "no $lang .mo" >&2; exit 1; }
done
# The installed binary finds its installed translations (PREFIX/share/locale).
out=$(LANGUAGE=fr LANG=C.UTF-8 LC_ALL= "$stage/usr/bin/fief" --help)
echo "$out" | head -1
echo "$out" | grep -q "Utilisation" || { echo "the installed app is not translated" >&2; exit 1; }
echo "packaging: all checks passed"
