#!/usr/bin/env python3
"""Writes the README's table "rulebook section -> where in the engine -> scenarios and tests of it"
between the markers <!-- rules-table --> and <!-- /rules-table --> of README.md, from the code
itself: the sections the in-app rules list (src/ui/rulebook/sections.rs), the functions of src/rules/
(its folders too, named by path: state/mod.rs) whose comments or refusals cite each section, the scenario files (tests/scenarios/) whose
description cites it, and the test functions of tests/*.rs whose doc comment or comments cite it. Usage: scripts/rules_table.py [--check] (--check: exit 1 if the README's
table is not the one the code gives)."""
import glob, json, os, re, sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
os.chdir(ROOT)

sections = [(n, t) for n, t in re.findall(r's\("([0-9.]+)", tr\("([^"]*)"\)',
                                           open("src/ui/rulebook/sections.rs", encoding="utf-8").read())
            if not n.startswith(("12.", "13."))]


# Each citation is credited to a function: a doc comment to the function below it, any other
# line to the function it is in.
funcs = {}  # (file, fn) -> text of its doc comment and body
for path in sorted(glob.glob("src/rules/**/*.rs", recursive=True)):
    base = os.path.relpath(path, "src/rules")  # movement.rs, state/mod.rs
    current, doc, depth, fn_depth = None, [], 0, 0
    for line in open(path, encoding="utf-8"):
        s = line.strip()
        if s.startswith("#[cfg(test)]"):
            break
        m = re.match(r"(pub(\([a-z]+\))? )?(const )?fn (\w+)", s)
        if m:
            current, fn_depth = (base, m.group(4)), depth
            funcs.setdefault(current, "")
            funcs[current] += " ".join(doc) + " " + s
            doc = []
        elif s.startswith("///"):
            doc.append(s)
        else:
            if not s.startswith("#["):
                doc = []
            if current:
                funcs[current] += " " + s
        code = re.sub(r'"([^"\\]|\\.)*"', '""', s.split("//")[0] if not s.startswith("//") else "")
        depth += code.count("{") - code.count("}")
        if current and depth <= fn_depth and ("}" in code or code.endswith(";")):
            current = None

# Each test function of tests/*.rs with its doc comment and body.
tests = {}  # (file, fn) -> text
for path in sorted(glob.glob("tests/*.rs")):
    base = os.path.basename(path)
    lines = open(path, encoding="utf-8").read().split("\n")
    for i, line in enumerate(lines):
        if line.strip() not in ("#[test]", "#[gtk4::test]", "#[tokio::test]"):
            continue
        j = i + 1
        while j < len(lines) and not re.match(r"\s*(pub )?(async )?fn \w+", lines[j]):
            j += 1
        if j == len(lines):
            continue
        name = re.match(r"\s*(?:pub )?(?:async )?fn (\w+)", lines[j]).group(1)
        k = i - 1
        doc = []
        while k >= 0 and lines[k].strip().startswith(("///", "#[")):
            doc.insert(0, lines[k]); k -= 1
        end = j + 1
        while end < len(lines) and lines[end] != "}":
            end += 1
        # Only what the test says in words (its doc comment and comments), not numbers in its code.
        words = [l.split("//", 1)[1] for l in doc + lines[j:end + 1] if "//" in l]
        tests[(base, name)] = " ".join(words)

scenarios = {}
for path in sorted(glob.glob("tests/scenarios/*.json")):
    try:
        scenarios[os.path.basename(path)[:-5]] = json.load(open(path, encoding="utf-8")).get("description", "")
    except ValueError:
        pass

# Files that route every decision or narrate it cite sections only in passing: the table names
# each rule's own home instead.
ROUTERS = {"mod.rs", "prompt.rs", "decisions.rs", "round.rs", "questions.rs", "told.rs"}
listed = [sec for sec, _ in sections]


def home(num):
    """The deepest listed section that `num` falls under (1.7.1 -> 1.7), or None."""
    best = None
    for sec in listed:
        if (num == sec or num.startswith(sec + ".")) and (best is None or len(sec) > len(best)):
            best = sec
    return best


def count(text, sec):
    """Citations of `sec` or of a subsection of it that has no row of its own."""
    n = 0
    for m in re.finditer(r"(?<![\d.])" + re.escape(sec) + r"(\.\d+)*(?![\d])", text):
        if home(m.group(0)) == sec:
            n += 1
    return n


rows = ["| Section | Where in the engine (`src/rules/`) | Scenarios (`tests/scenarios/`) | Tests (`tests/*.rs`) |",
        "|---|---|---|---|"]
for sec, title in sections:
    hits = {}
    for (f, fn), text in funcs.items():
        if f in ROUTERS:
            continue
        n = count(text, sec)
        if n:
            hits.setdefault(f, []).append((n, fn))
    where = []
    for f in sorted(hits, key=lambda f: -sum(n for n, _ in hits[f]))[:3]:
        fns = [fn for n, fn in sorted(hits[f], key=lambda x: (-x[0], x[1]))[:3]]
        where.append(f"{f}: " + ", ".join(f"`{fn}`" for fn in fns))
    sc = [k for k, d in scenarios.items() if count(d, sec)]
    shown = ", ".join(sc[:4]) + (f" (+{len(sc) - 4})" if len(sc) > 4 else "")
    ts = {}
    for (f, fn), text in tests.items():
        if count(text, sec):
            ts.setdefault(f, []).append(fn)
    told = []
    for f in sorted(ts, key=lambda f: (-len(ts[f]), f))[:2]:
        fns = ts[f]
        told.append(f"{f}: " + ", ".join(f"`{fn}`" for fn in fns[:3]) + (f" (+{len(fns) - 3})" if len(fns) > 3 else ""))
    more = sum(len(v) for f, v in ts.items()) - sum(min(len(ts[f]), 3) for f in sorted(ts, key=lambda f: (-len(ts[f]), f))[:2])
    tested = "; ".join(told) + (f"; {more} more" if len(ts) > 2 and more else "")
    rows.append(f"| {sec} {title} | {'; '.join(where) or '—'} | {shown or '—'} | {tested or '—'} |")
table = "\n".join(rows) + "\n"

readme = open("README.md", encoding="utf-8").read()
start, end = "<!-- rules-table -->\n", "<!-- /rules-table -->"
i, j = readme.find(start), readme.find(end)
if i < 0 or j < 0:
    sys.exit("README.md has no <!-- rules-table --> markers")
new = readme[: i + len(start)] + table + readme[j:]
if "--check" in sys.argv:
    if new != readme:
        sys.exit("README.md: the rules table is not current; run scripts/rules_table.py")
    sys.exit(0)
open("README.md", "w", encoding="utf-8").write(new)
print(f"README.md: {len(sections)} sections")
