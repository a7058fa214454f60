#!/usr/bin/env python3
"""Checks that the modules of the crate import one another without a cycle (no two import each
other, nor any longer ring) (`use super::X`, `super::X::`,
`crate::a::b`, grouped `use super::{a, b}`): each cycle found is printed and the exit status is 1.
A module is a file under src/ (src/rules/mod.rs is `rules`, src/session/standing.rs is
`session::standing`); a file included with #[path] in another (tests, composers) is part of that
file's module, and a module's use of its own parent or children does not count. With --edges,
every module's imports are listed too. Usage: scripts/module_imports.py [src] [--edges]"""
import re, sys
from pathlib import Path

args = [a for a in sys.argv[1:] if not a.startswith('--')]
src = Path(args[0] if args else Path(__file__).resolve().parent.parent / 'src')


def name_of(p):
    parts = list(p.relative_to(src).with_suffix('').parts)
    if parts[-1] == 'mod':
        parts = parts[:-1]
    return '::'.join(parts)


files = [p for p in sorted(src.rglob('*.rs'))
         if p.name not in ('lib.rs', 'main.rs') and 'bin' not in p.relative_to(src).parts]
mods = {name_of(p): p for p in files}
# Files pulled into another with #[path = "..."]: part of that file's module.
included = {}
for p in files:
    for m in re.finditer(r'#\[path\s*=\s*"([^"]+)"\]', p.read_text()):
        included[name_of((p.parent / m.group(1)).resolve())] = name_of(p)


def owner(n):
    while n in included:
        n = included[n]
    return n


def resolve(me, path):
    """The module a path written in module `me` names, if it is one of ours."""
    segs = path.split('::')
    if segs[0] == 'crate':
        base, segs = [], segs[1:]
    elif segs[0] == 'super':
        base = me.split('::')
        while segs and segs[0] == 'super':
            base, segs = base[:-1], segs[1:]
    else:
        return None
    full = base + segs
    for k in range(len(full), 0, -1):
        n = '::'.join(full[:k])
        if n in mods:
            return owner(n)
    return None


edges = {}
for n, p in mods.items():
    me = owner(n)
    # A #[path] file's `super` is the module that includes it: resolve as if written there.
    where = me + '::_' if n in included else n
    text = re.sub(r'//[^\n]*', '', p.read_text())
    paths = re.findall(r'\b((?:crate|super)(?:::\w+)+)', text)
    for pre, inner in re.findall(r'\b((?:crate|super)(?:::\w+)*)::\{([^}]*)\}', text):
        paths += [pre + '::' + part.strip().split(' ')[0] for part in inner.split(',') if part.strip()]
    for path in paths:
        t = resolve(where, path)
        if t and t != me and not t.startswith(me + '::') and not me.startswith(t + '::'):
            edges.setdefault(me, set()).add(t)
def find_cycles():
    """Every cycle of imports met by a depth-first walk (a pair importing each other is one)."""
    found, state = [], {}

    def walk(v, stack):
        state[v] = 1
        stack.append(v)
        for w in sorted(edges.get(v, ())):
            if state.get(w) == 1:
                found.append(stack[stack.index(w):] + [w])
            elif not state.get(w):
                walk(w, stack)
        stack.pop()
        state[v] = 2

    for v in sorted(edges):
        if not state.get(v):
            walk(v, [])
    return found


sys.setrecursionlimit(10000)
cycles = find_cycles()
if '--edges' in sys.argv:
    for a in sorted(edges):
        print(f'{a} -> {", ".join(sorted(edges[a]))}')
for c in cycles:
    print('CYCLE: ' + ' -> '.join(c))
print(f'{len(mods)} files, {len(set(map(owner, mods)))} modules, '
      f'{sum(map(len, edges.values()))} imports, {len(cycles)} cycles')
sys.exit(1 if cycles else 0)
