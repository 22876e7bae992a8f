#!/usr/bin/env python3
"""Build the crash-report check (benchmarks/testdata/issues-crash.json): mypy
crashes reproduced at the issue sets' mypy base, reported as users report
them, with the traceback.

For each first-parent commit after v1.11 whose subject speaks of a crash,
that changes 1-4 files under mypy/ (not its tests) present at the base, and
that adds a test case to test-data/unit: the case's main module (and its
`# flags:`) is written out and checked with the base's mypy
(`python -m mypy --show-traceback`, from the work tree prepare.sh made).
When mypy crashes there, the query is the commit's subject as an issue
title ("Crash on self-type in callable protocol"), the case's code and
mypy's output with its traceback; the answer is the files the commit
changed. Cases that need other files (`[file ...]`) are left out, and so
are commits whose case does not crash the base (the bug came later).

    python3 benchmarks/issues/crash_set.py --mirror-root /work/.mirror \\
        --work-tree /tmp/codeseek-issues/python+mypy > benchmarks/testdata/issues-crash.json

The traceback's paths are rewritten from the work tree to an installed
package's (/usr/lib/python3/site-packages/mypy/...), as a user's would read;
a recursion's hundreds of frames are cut to the first ten and the last
thirty, as a report would paste them.
"""
import argparse, json, os, re, subprocess, sys, tempfile

BASE = "v1.11"
SITE = "/usr/lib/python3/site-packages/"


def git(gd, *args):
    return subprocess.run(["git", "--git-dir", gd, *args], check=True, capture_output=True,
                          text=True, errors="replace").stdout


def first_case(diff):
    """The first test case the diff adds: its header, its main module's
    lines, and the section after them."""
    added = [l[1:] for l in diff.split("\n") if l.startswith("+") and not l.startswith("+++")]
    for i, l in enumerate(added):
        if l.startswith("[case "):
            body = []
            for m in added[i + 1:]:
                if m.startswith("["):
                    break
                body.append(m)
            after = added[i + 1 + len(body)] if i + 1 + len(body) < len(added) else ""
            return body, after
    return None, None


def report(subject, code, output, work_tree):
    out = output.replace(work_tree.rstrip("/") + "/", SITE)
    lines = out.rstrip().split("\n")
    if len(lines) > 120:
        i = next(k for k, l in enumerate(lines) if l.startswith("Traceback"))
        lines = lines[:i + 21] + ["  ..."] + lines[-60:]
    title = re.sub(r"\s*\(#\d+\)$", "", subject)
    title = re.sub(r"^(\[[^\]]+\]\s*)?(Fix|Prevent)\s+", "", title)
    title = title[0].upper() + title[1:]
    tb = "\n".join(lines)
    return f"{title}\n\n**To Reproduce**\n\n```python\n{code}\n```\n\n**Traceback**\n\n```\n{tb}\n```"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror-root", required=True)
    ap.add_argument("--work-tree", required=True, help="mypy checked out at the base (prepare.sh)")
    a = ap.parse_args()
    gd = f"{a.mirror_root}/python+mypy/repo"
    base = git(gd, "rev-parse", BASE + "^{commit}").strip()
    at_base = set(git(gd, "ls-tree", "-r", "--name-only", base).split("\n"))
    scratch = tempfile.mkdtemp(prefix="crash-")
    main_py = os.path.join(scratch, "main.py")
    queries = []
    for line in git(gd, "rev-list", "--reverse", "--parents", "--first-parent", f"{base}..HEAD").split("\n"):
        if not line:
            continue
        sha, *parents = line.split()
        if len(parents) != 1:
            continue
        subject = git(gd, "log", "-1", "--format=%s", sha).strip()
        if "crash" not in subject.lower():
            continue
        names = [n for n in git(gd, "diff-tree", "--no-commit-id", "-r", "--name-only", parents[0], sha).split("\n") if n]
        src = [n for n in names if n.startswith("mypy/") and n.endswith(".py") and "/test/" not in n and n in at_base]
        if not 1 <= len(src) <= 4:
            continue
        body, after = first_case(git(gd, "diff", parents[0], sha, "--", "test-data/unit"))
        if body is None or after.startswith("[file"):
            continue
        code = "\n".join(body).strip("\n")
        if not code.strip():
            continue
        flags = []
        for l in body:
            m = re.match(r"#\s*flags:\s*(.*)", l)
            if m:
                flags = m[1].split()
        with open(main_py, "w") as f:
            f.write(code + "\n")
        try:
            r = subprocess.run([sys.executable, "-m", "mypy", "--show-traceback", "--no-incremental",
                                "--cache-dir=/dev/null", *flags, "main.py"], cwd=scratch, capture_output=True,
                               text=True, timeout=120, env={**os.environ, "PYTHONPATH": a.work_tree})
        except subprocess.TimeoutExpired:
            continue
        output = r.stdout + r.stderr
        if "Traceback" not in output:
            continue
        queries.append({"commit": sha, "text": report(subject, code, output, a.work_tree), "files": src})
        print(f"{sha[:10]} {src} {subject}", file=sys.stderr)
    json.dump({"description": "Crash reports: a mypy crash reproduced at the base (the fix's test case checked by the "
               "base's mypy), its title, code and traceback; the answer is the files the fix changed; built by "
               "benchmarks/issues/crash_set.py",
               "projects": [{"repo": "python/mypy", "base": base, "queries": queries}]},
              sys.stdout, indent=1, ensure_ascii=False)
    print()
    print(f"python/mypy: {len(queries)} crash reports", file=sys.stderr)


if __name__ == "__main__":
    main()
