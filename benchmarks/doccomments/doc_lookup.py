"""Doc comments as questions, in the languages no docstring suite holds: does
`codeseek search` find the function a doc comment describes once the comment
is gone from the code?

    python3 benchmarks/doccomments/doc_lookup.py ROOT BIN [N]

ROOT is a source tree in Elixir, Haskell, Zig, Ruby, Dart, PHP or Lua (any
mix). Each function or type with a doc comment right above it (Elixir's
`@doc`, Haskell's `-- |`, `///` in Zig and Dart, `#` lines in Ruby, `/** */`
in PHP, `---` in Lua) gives a question: the comment's first paragraph,
without a leading "name:"/"the", when it has four words or more and the
declaration three lines or more (as the docstring suite asks). A copy of
ROOT with every such comment blanked (line numbers kept) is indexed with BIN
in a scratch data directory; N questions (default 100, seed 1) are asked in
hybrid, vector and lexical mode. A hit is a result of the function's file
that holds its declaration line. Printed per mode: MRR@10, Recall@1 and
Recall@10, then hybrid's misses. With DOC_LOOKUP_KEEP=DIR the stripped copy
(DIR/src) and its index (DIR/data) are kept there to look at the misses. The lexical mode is the baseline the same
run gives; the docstring suite (../shared/eval/run_eval.py) measures Go,
Python and JavaScript the same way.
"""

import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

MIN_BODY_LINES = 3
ASIDE = ("test", "spec/", "vendor/", "node_modules", "third_party", "example", "bench", "demo", "deps/", "_build/")
MIN_WORDS = 4


def elixir(lines):
    """@doc heredocs or strings followed, across attributes, by a def."""
    out, i = [], 0
    while i < len(lines):
        m = re.match(r'\s*@doc\s+(~[sS])?("""|")(.*)', lines[i])
        if not m:
            i += 1
            continue
        doc, start = [], i
        if m[2] == '"""':
            i += 1
            while i < len(lines) and not lines[i].strip().startswith('"""'):
                doc.append(lines[i])
                i += 1
        else:
            doc.append(m[3].rstrip().rstrip('"'))
        end = i
        i += 1
        while i < len(lines) and (not lines[i].strip() or lines[i].strip().startswith("@")):
            i += 1
        d = i < len(lines) and re.match(r"\s*(?:def|defp|defmacro|defmacrop|defguard)\s+([a-z_]\w*[?!]?)", lines[i])
        if d:
            out.append((list(range(start, end + 1)), i, d[1], doc))
    return out


def line_comments(lines, prefix, decl, skip=None):
    """Runs of comment lines starting with prefix, right above a line decl
    matches (blank lines and skip-matching lines between are allowed)."""
    out, i = [], 0
    while i < len(lines):
        if not lines[i].lstrip().startswith(prefix):
            i += 1
            continue
        start = i
        while i < len(lines) and lines[i].lstrip().startswith(prefix):
            i += 1
        doc = [ln.lstrip()[len(prefix):] for ln in lines[start:i]]
        j = i
        while j < len(lines) and skip and skip.match(lines[j]):
            j += 1
        d = j < len(lines) and decl.match(lines[j])
        if d:
            out.append((list(range(start, i)), j, next(g for g in d.groups() if g), doc))
    return out


def php(lines):
    out, i = [], 0
    decl = re.compile(r"\s*(?:(?:public|private|protected|static|abstract|final)\s+)*function\s+&?(\w+)")
    while i < len(lines):
        if not lines[i].lstrip().startswith("/**"):
            i += 1
            continue
        start = i
        while i < len(lines) and "*/" not in lines[i]:
            i += 1
        doc = [re.sub(r"^\s*(/\*\*|\*/|\*)", "", ln).replace("*/", "") for ln in lines[start:i + 1]]
        j = i + 1
        while j < len(lines) and lines[j].lstrip().startswith("#["):
            j += 1
        d = j < len(lines) and decl.match(lines[j])
        if d:
            out.append((list(range(start, i + 1)), j, d[1], doc))
        i += 1
    return out


def haskell(lines):
    """Haddock `-- |` with its `--` continuation lines."""
    out = []
    for blanked, j, name, doc in line_comments(lines, "--", HASKELL_DECL):
        first = lines[blanked[0]].lstrip()
        if first.startswith("-- |"):
            out.append((blanked, j, name, [d.removeprefix(" |") for d in doc]))
    return out


HASKELL_DECL = re.compile(r"([a-z_][\w']*)\s*::|(?:data|newtype|type|class)\s+(?:[^=]*=>\s*)?([A-Z]\w*)")
ZIG_DECL = re.compile(r"\s*(?:pub\s+)?(?:inline\s+|export\s+)?(?:fn\s+([A-Za-z_]\w*)\s*\("
                      r"|const\s+([A-Za-z_]\w*)\s*=\s*(?:extern\s+|packed\s+)?(?:struct|enum|union)\b)")
DART_DECL = re.compile(r"\s*(?:(?:abstract|final|sealed|base)\s+)*(?:class|mixin|enum|extension)\s+([A-Za-z_]\w*)"
                       r"|\s*(?:(?:static|external)\s+)*(?!(?:return|await|throw|else|new|yield|case|final|var|const)\b)"
                       r"[A-Za-z_][\w<>?,]*(?:<[^(]*>)?\??\s+(?:get\s+)?([a-z_]\w*)\s*[({]")
RUBY_DECL = re.compile(r"\s*def\s+(?:self\.)?([a-z_]\w*[?!=]?)|\s*(?:class|module)\s+([A-Z][\w:]*)")
LUA_DECL = re.compile(r"\s*(?:local\s+)?function\s+(?:[\w.]+[.:])?(\w+)\s*\(|\s*(?:local\s+)?(?:[\w.]+\.)?(\w+)\s*=\s*function\b")

EXTRACT = {
    ".ex": elixir, ".exs": elixir, ".hs": haskell,
    ".zig": lambda ls: line_comments(ls, "///", ZIG_DECL),
    ".dart": lambda ls: line_comments(ls, "///", DART_DECL, re.compile(r"\s*@")),
    ".rb": lambda ls: line_comments(ls, "#", RUBY_DECL),
    ".php": php,
    ".lua": lambda ls: line_comments(ls, "---", LUA_DECL),
}


def body_lines(lines, j, name):
    """The non-blank lines of the declaration at line j: the lines indented
    deeper than it, its closing `}`/`end`, and in Haskell the equations
    that repeat its name."""
    def indent(s):
        return len(s) - len(s.lstrip())
    count, k = 1, j + 1
    while k < len(lines):
        s = lines[k]
        if s.strip() and indent(s) <= indent(lines[j]) and not s.startswith(name + " "):
            count += bool(re.match(r"\s*(\}|end\b|\]|\))", s))
            break
        count += bool(s.strip())
        k += 1
    return count


def question(doc, name):
    """The first paragraph, without a leading name or article."""
    para = []
    for ln in doc:
        s = ln.strip()
        if not s or s.startswith(("@", "##", "```", ">")) or s.lower().startswith(("example", "## ")):
            if para:
                break
            continue
        para.append(s)
    words = " ".join(para).split()
    if words and words[0].strip("`.,:;()") in (name, name + "()"):
        words = words[1:]
    while words and not any(c.isalnum() for c in words[0]):
        words = words[1:]
    if words and words[0].lower() in ("a", "an", "the"):
        words = words[1:]
    return " ".join(words)


def collect(root):
    questions, blank = [], {}
    for d, dirs, files in os.walk(root):
        dirs[:] = [x for x in dirs if not x.startswith(".")]
        for f in files:
            ext = os.path.splitext(f)[1]
            path = os.path.relpath(os.path.join(d, f), root)
            if ext not in EXTRACT or any(a in path for a in ASIDE):
                continue
            with open(os.path.join(d, f), encoding="utf-8", errors="replace") as fh:
                lines = fh.read().split("\n")
            for doc_lines, decl, name, doc in EXTRACT[ext](lines):
                q = question(doc, name)
                blank.setdefault(path, set()).update(doc_lines)
                if (len(q.split()) >= MIN_WORDS and body_lines(lines, decl, name) >= MIN_BODY_LINES
                        and not re.search(r"deprecated|todo", q, re.I)):
                    questions.append({"q": q, "path": path, "line": decl + 1, "name": name})
    seen = {}
    for q in questions:
        seen[q["q"].lower()] = seen.get(q["q"].lower(), 0) + 1
    return [q for q in questions if seen[q["q"].lower()] == 1], blank


def stripped_copy(root, blank, dest):
    shutil.copytree(root, dest, symlinks=False, ignore=shutil.ignore_patterns(".git"))
    for path, rows in blank.items():
        p = os.path.join(dest, path)
        with open(p, encoding="utf-8", errors="replace") as fh:
            lines = fh.read().split("\n")
        for r in rows:
            lines[r] = ""
        with open(p, "w", encoding="utf-8") as fh:
            fh.write("\n".join(lines))


def main():
    root, binary = sys.argv[1], os.path.abspath(sys.argv[2])
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    questions, blank = collect(root)
    if not questions:
        sys.exit(f"{root}: no documented function with a question of {MIN_WORDS} words or more "
                 "(languages read: " + ", ".join(sorted(EXTRACT)) + ")")
    questions.sort(key=lambda q: (q["path"], q["line"]))
    random.Random(1).shuffle(questions)
    questions = questions[:n]
    keep = os.environ.get("DOC_LOOKUP_KEEP")
    with tempfile.TemporaryDirectory(prefix="doc-lookup-") as tmp:
        if keep:
            tmp = keep
            shutil.rmtree(tmp, ignore_errors=True)
        src, data = os.path.join(tmp, "src"), os.path.join(tmp, "data")
        stripped_copy(root, blank, src)
        subprocess.run([binary, "--data-dir", data, "index", src], capture_output=True, check=True)
        misses, scores = [], {}
        for mode in ("hybrid", "vector", "lexical"):
            rr = r1 = r10 = 0.0
            for q in questions:
                out = subprocess.run([binary, "--data-dir", data, "search", q["q"], "--repo", src, "--mode", mode,
                                      "--format", "json", "--limit", "10"], capture_output=True, text=True,
                                     check=True).stdout
                results = json.loads(out).get("results") or []
                rank = next((i for i, r in enumerate(results, 1) if r["file_path"] == q["path"]
                             and r["start_line"] <= q["line"] <= r["end_line"]), None)
                if rank:
                    rr += 1 / rank
                    r1 += rank == 1
                    r10 += 1
                if mode == "hybrid" and rank != 1:
                    top = f'{results[0]["file_path"]}:{results[0]["start_line"]}' if results else "nothing"
                    misses.append(f'{q["name"]} ({q["path"]}:{q["line"]}) rank {rank}: {q["q"]!r}; first {top}')
            k = len(questions)
            scores[mode] = (rr / k, r1 / k, r10 / k)
    print(f"{root}: {len(questions)} questions")
    for mode, (mrr, a1, a10) in scores.items():
        print(f"  {mode:8s} MRR@10 {mrr:.3f}  R@1 {a1:.3f}  R@10 {a10:.3f}")
    for m in misses:
        print("  miss:", m)


if __name__ == "__main__":
    main()
