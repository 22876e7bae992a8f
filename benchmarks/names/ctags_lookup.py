"""Name look-ups against Universal Ctags: does `codeseek search NAME` answer
with the declaration first?

    python3 benchmarks/names/ctags_lookup.py ROOT BIN [N]

ROOT is a repository indexed with BIN (`codeseek index ROOT`, the data
directory in CODESEEK_DATA_DIR). Universal Ctags lists ROOT's functions,
methods, types, modules and macros; N of them (default 200, seed 1) whose
name ctags gives once in the repository, four characters or longer, in a
source file of at most 1 MB outside tests, examples, docs, demos and
vendored or external trees, are searched for by name alone. A hit is the
first result's file holding the tag's line. Printed: the share first and
in the first three, how many of the names are a single lower-case word
(`squeeze`, `multi`), and the misses. Ctags has no Zig or Dart parser, so
Zig files are read for the lines that declare a function (`pub fn name(`) or
a type (`const Name = struct {`, `enum`, `union`), and Dart files for a
class, mixin, enum or extension and a function or method with its type
(`  bool flag(String name) {`) instead.
"""

import json
import os
import random
import re
import subprocess
import sys
from collections import Counter

KINDS = {"function", "method", "class", "struct", "interface", "trait", "enum", "type", "typedef", "module", "macro"}
CODE = (".py", ".js", ".ts", ".go", ".rs", ".c", ".h", ".java", ".kt", ".rb", ".swift", ".cs", ".cpp", ".hpp",
        ".scala", ".lua", ".php", ".ex", ".exs", ".hs", ".zig", ".dart")
ASIDE = ("test", "vendor/", "node_modules", "third_party", "example", "bench", "doc", "external/", "demo")


def sample(root, n):
    out = subprocess.run(["ctags", "-R", "--output-format=json", "--fields=+nKz", "-f", "-", "."],
                         cwd=root, capture_output=True, text=True, check=True).stdout
    tags = [json.loads(line) for line in out.splitlines() if line.startswith("{")] + lexed_tags(root)
    count = Counter(t["name"] for t in tags)

    def wanted(t):
        p = t["path"]
        return (t.get("kind") in KINDS and count[t["name"]] == 1 and len(t["name"]) >= 4
                and not t["name"].startswith(("Anonymous", "__anon")) and p.endswith(CODE)
                and not any(a in p for a in ASIDE) and os.path.getsize(os.path.join(root, p)) <= 1_000_000)

    tags = sorted((t for t in tags if wanted(t)), key=lambda t: (t["path"], t["line"]))
    random.Random(1).shuffle(tags)
    return tags[:n]


ZIG_DECL = re.compile(r"^\s*(?:pub\s+)?(?:inline\s+|export\s+)?(?:fn\s+([A-Za-z_]\w*)\s*\("
                      r"|const\s+([A-Za-z_]\w*)\s*=\s*(?:extern\s+|packed\s+)?(?:struct|enum|union)\b)")


DART_DECL = re.compile(r"^\s*(?:(?:abstract|final|sealed|base)\s+)*(?:class|mixin|enum|extension)\s+([A-Za-z_]\w*)"
                       r"|^\s*(?:(?:static|external)\s+)*(?!(?:return|await|throw|else|new|yield|case|final|var|const)\b)[A-Za-z_][\w<>?,]*(?:<[^(]*>)?\??\s+([a-z_]\w*)\s*\(")
DART_NOT_NAMES = {"if", "for", "while", "switch", "return", "catch", "assert", "super", "this"}


def lexed_tags(root):
    """Tags, in ctags's shape, for the functions and types Zig and Dart files
    declare: (type, function) from the line's first and second group."""
    tags = []
    for d, dirs, files in os.walk(root):
        dirs[:] = [x for x in dirs if not x.startswith(".")]
        for f in files:
            decl = ZIG_DECL if f.endswith(".zig") else DART_DECL if f.endswith(".dart") else None
            if decl is None:
                continue
            path = os.path.relpath(os.path.join(d, f), root)
            with open(os.path.join(d, f), encoding="utf-8", errors="replace") as fh:
                for line, text in enumerate(fh, 1):
                    m = decl.match(text)
                    if not m:
                        continue
                    fn, typ = (m[1], m[2]) if decl is ZIG_DECL else (m[2], m[1])
                    if (fn or typ) not in DART_NOT_NAMES:
                        tags.append({"name": fn or typ, "path": path, "line": line,
                                     "kind": "function" if fn else "type"})
    return tags


def main():
    root, binary = sys.argv[1], sys.argv[2]
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    tags = sample(root, n)
    if not tags:
        sys.exit(f"{root}: ctags lists no names to look up (a language ctags does not parse, or every "
                 "file set aside as a test, example, doc or vendored tree)")
    first = top3 = 0
    misses = []
    for t in tags:
        out = subprocess.run([binary, "search", t["name"], "--format", "json", "--limit", "5"],
                             cwd=root, capture_output=True, text=True, check=True).stdout
        results = json.loads(out).get("results") or []

        def hit(r):
            return r["file_path"] == t["path"].removeprefix("./") and r["start_line"] <= t["line"] <= r["end_line"]

        first += bool(results) and hit(results[0])
        top3 += any(hit(r) for r in results[:3])
        if not (results and hit(results[0])):
            misses.append(f'{t["name"]} ({t["kind"]}, {t["path"]}:{t["line"]}): first '
                          + (f'{results[0]["file_path"]}:{results[0]["start_line"]}' if results else "nothing"))
    words = sum(t["name"].isalpha() and t["name"].islower() for t in tags)
    print(f"{root}: {len(tags)} names ({words} single lower-case words), declaration first "
          f"{first / len(tags):.3f}, in the first three {top3 / len(tags):.3f}")
    for m in misses:
        print("  miss:", m)


if __name__ == "__main__":
    main()
