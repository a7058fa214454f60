#!/usr/bin/env bash
# Regenerates po/fief.pot from the sources listed in po/POTFILES, then merges it into every
# language of po/LINGUAS (creating a .po file for a new language). Translate, then check with
#   msgfmt --check --statistics -o /dev/null po/LANG.po
set -euo pipefail
cd "$(dirname "$0")/.."
python3 scripts/extract_messages.py
for lang in $(sed -e 's/#.*//' po/LINGUAS); do
  if [ -f "po/$lang.po" ]; then
    msgmerge --quiet --update --backup=none --no-fuzzy-matching "po/$lang.po" po/fief.pot
    # Messages the sources no longer use are dropped, not kept as obsolete entries.
    msgattrib --no-obsolete -o "po/$lang.po" "po/$lang.po"
  else
    msginit --no-translator --locale="$lang" --input=po/fief.pot --output-file="po/$lang.po"
  fi
  printf '%s: ' "$lang"
  msgfmt --check --statistics -o /dev/null "po/$lang.po"
done
