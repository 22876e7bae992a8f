"""The code map's reference counts against jedi's, for a Python repository.

    python3 benchmarks/navoracle/map_jedi.py ROOT BIN [BIN ...]

ROOT is an indexed Python repository (`codeseek index ROOT` with the data
directory in CODESEEK_DATA_DIR), each BIN a codeseek binary. For every
declaration any binary's `codeseek map --max-tokens 8000` lists, jedi
(`Script.get_references`, the repository as its project) counts the
references outside the declaring file, which is what the map's
`references` estimates. Printed per binary: the declarations compared,
the share whose count is within 2x of jedi's (counts + 1, so 0 and 1
compare), and the median and mean of |log2(map + 1) - log2(jedi + 1)|; then
the declarations whose counts differ between the first two binaries.
jedi misses uses it cannot type (a method called on a value returned by a
function it cannot infer), so the numbers compare binaries, not truths.
"""

import json
import math
import os
import subprocess
import sys

import jedi


def map_counts(binary, root):
    out = subprocess.run([binary, "map", "--format", "json", "--max-tokens", "8000"],
                         cwd=root, capture_output=True, text=True, check=True).stdout
    d = json.loads(out)
    return {(f["file_path"], s["symbol"], s["line"]): s["references"]
            for f in d["files"] for s in f["symbols"]}


def jedi_count(project, root, path, symbol, line):
    full = os.path.join(root, path)
    with open(full, encoding="utf-8") as fh:
        src = fh.read()
    col = src.splitlines()[line - 1].find(symbol.split(".")[-1])
    if col < 0:
        return None
    try:
        refs = jedi.Script(src, path=full, project=project).get_references(line, col, include_builtins=False)
    except Exception:  # jedi gives up on some constructs; those are left out
        return None
    return sum(1 for r in refs if r.module_path and os.path.relpath(str(r.module_path), root) != path)


def error(count, truth):
    return abs(math.log2((count + 1) / (truth + 1)))


def main():
    root, bins = os.path.abspath(sys.argv[1]), sys.argv[2:]
    maps = [map_counts(b, root) for b in bins]
    project = jedi.Project(root)
    rows = []
    for key in sorted(set().union(*maps)):
        path, symbol, line = key
        if path.endswith(".py"):
            truth = jedi_count(project, root, path, symbol, line)
            if truth is not None:
                rows.append((key, truth, [m.get(key) for m in maps]))
    for i, b in enumerate(bins):
        errs = sorted(error(r[2][i], r[1]) for r in rows if r[2][i] is not None)
        print(f"{b}: {len(errs)} declarations, within 2x {sum(e <= 1 for e in errs) / len(errs):.2f}, "
              f"median |log2| {errs[len(errs) // 2]:.2f}, mean {sum(errs) / len(errs):.2f}")
    if len(bins) > 1:
        for (path, symbol, _), truth, counts in rows:
            if counts[0] != counts[1]:
                print(f"  {path} {symbol}: jedi {truth}, map {counts[0]} -> {counts[1]}")


if __name__ == "__main__":
    main()
