"""find_definition on instance attributes against jedi, for a Python package.

    python3 benchmarks/navoracle/attrs_jedi.py ROOT PACKAGE BIN [--sites N] [--misses]

ROOT is an indexed repository (`codeseek index ROOT` with the data directory
in CODESEEK_DATA_DIR) that holds PACKAGE, BIN a codeseek binary. The script
takes every attribute read (`x.attr`, `self.attr`) in PACKAGE's files in a
fixed random order and keeps the first N (default 150) where jedi's goto
leads into ROOT to an assignment of `self.attr`: a use of an instance
attribute. At each, `codeseek def FILE:LINE:COL` is asked, and printed:

- the first answer is jedi's assignment;
- the first answer is the same attribute of the same class, declared at
  another assignment (jedi follows the flow to the assignment that reaches
  the use; codeseek answers with the first, which declares the field);
- jedi's assignment is among the answers, not first;
- neither.
"""

import argparse
import ast
import json
import os
import random
import subprocess

import jedi


def attribute_reads(pkg):
    sites = []
    for d, _, files in os.walk(pkg):
        for f in sorted(files):
            if not f.endswith(".py"):
                continue
            p = os.path.join(d, f)
            with open(p, encoding="utf-8") as fh:
                tree = ast.parse(fh.read())
            for n in ast.walk(tree):
                if isinstance(n, ast.Attribute) and isinstance(n.ctx, ast.Load):
                    # The attribute's name ends the node (ASCII names).
                    sites.append((p, n.end_lineno, n.end_col_offset - len(n.attr), n.attr))
    sites.sort()
    random.Random(7).shuffle(sites)
    return sites


def jedi_sites(root, pkg, n):
    project = jedi.Project(root)
    picked = []
    for p, line, col, attr in attribute_reads(pkg):
        if len(picked) >= n:
            break
        try:
            defs = jedi.Script(path=p, project=project).goto(line, col)
        except Exception:  # jedi gives up on some positions: not a site
            continue
        defs = [d for d in defs if d.module_path and str(d.module_path).startswith(root) and d.type == "statement"]
        if not defs:
            continue
        with open(str(defs[0].module_path), encoding="utf-8") as fh:
            text = fh.read().split("\n")[defs[0].line - 1]
        if "self." + attr not in text:
            continue
        picked.append((os.path.relpath(p, root), line, col + 1, attr,
                       os.path.relpath(str(defs[0].module_path), root), defs[0].line))
    return picked


def holds(d, path, line):
    return d.get("file_path") == path and d.get("start_line", 0) <= line <= d.get("end_line", 0)


def main():
    ap = argparse.ArgumentParser(description="find_definition on instance attributes against jedi")
    ap.add_argument("root")
    ap.add_argument("package")
    ap.add_argument("bin")
    ap.add_argument("--sites", type=int, default=150)
    ap.add_argument("--misses", action="store_true", help="print the sites where jedi's assignment is not first")
    a = ap.parse_args()
    root, binary = os.path.abspath(a.root), a.bin
    sites = jedi_sites(root, os.path.join(root, a.package), a.sites)
    first = same = listed = 0
    for rel, line, col, attr, dpath, dline in sites:
        out = subprocess.run([binary, "def", "--repo", root, "--format", "json", "--limit", "20",
                              "%s:%d:%d" % (rel, line, col)], capture_output=True, text=True)
        try:
            defs = json.loads(out.stdout).get("definitions", [])
        except ValueError:
            defs = []
        if defs and holds(defs[0], dpath, dline):
            first += 1
            continue
        if defs and defs[0].get("file_path") == dpath and defs[0].get("symbol", "").endswith("." + attr) \
                and defs[0].get("match") == "exact":
            same += 1
            continue
        if any(holds(d, dpath, dline) for d in defs):
            listed += 1
        if a.misses:
            print("miss %s:%d:%d %s -> %s:%d, got %s" % (rel, line, col, attr, dpath, dline,
                  [(d.get("file_path"), d.get("start_line"), d.get("symbol"), d.get("match")) for d in defs[:3]]))
    print("sites %d: jedi's assignment first %d, the same attribute first %d, listed lower %d, neither %d"
          % (len(sites), first, same, listed, len(sites) - first - same - listed))


if __name__ == "__main__":
    main()
