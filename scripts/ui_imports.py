#!/usr/bin/env python3
"""Checks that no two modules of src/ui import each other (`use super::X`, `super::X::`,
`crate::ui::X`): each pair found is printed and the exit status is 1. A file included with
#[path] in another (tests, composers) is part of that file's module. With --edges, every
module's imports are listed too. Usage: scripts/ui_imports.py [src/ui] [--edges]"""
import re, sys
from pathlib import Path
args = [a for a in sys.argv[1:] if not a.startswith('--')]
ui = Path(args[0] if args else Path(__file__).resolve().parent.parent / 'src/ui')
files = sorted(p for p in ui.glob('*.rs') if p.name != 'mod.rs')
mods = {p.stem for p in files}
parent = {}
for p in files:
    for m in re.finditer(r'#\[path\s*=\s*"([^"]+)"\]', p.read_text()):
        parent[Path(m.group(1)).stem] = p.stem
def owner(stem):
    while stem in parent:
        stem = parent[stem]
    return stem
edges = {}
for p in files:
    me = owner(p.stem)
    child = p.stem in parent
    text = re.sub(r'//[^\n]*', '', p.read_text())
    found = set()
    for m in re.finditer(r'\bcrate::ui::(\w+)', text):
        found.add(m.group(1))
    # super::X (in a #[path] child, `super` is its parent: only super::super::X leaves it)
    for m in re.finditer(r'\b((?:super::)+)(\w+)', text):
        depth = m.group(1).count('super::')
        if child and depth == 1:
            continue
        found.add(m.group(2))
    # grouped imports: use super::{a, b::c}
    for m in re.finditer(r'\buse\s+((?:super::)+|crate::ui::)\{([^}]*)\}', text):
        if child and m.group(1) == 'super::':
            continue
        for part in m.group(2).split(','):
            found.add(part.strip().split('::')[0])
    for x in found:
        x = owner(x) if x in mods else x
        if x in mods and x != me:
            edges.setdefault(me, set()).add(x)
cycles = sorted({tuple(sorted((a, b))) for a in edges for b in edges[a] if a in edges.get(b, ())})
if '--edges' in sys.argv:
    for a in sorted(edges):
        print(f'{a} -> {", ".join(sorted(edges[a]))}')
for a, b in cycles:
    print(f'CYCLE: ui::{a} <-> ui::{b}')
print(f'{len(mods)} files, {len(set(map(owner, mods)))} modules, {sum(map(len, edges.values()))} imports, {len(cycles)} pairs importing each other')
sys.exit(1 if cycles else 0)
