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

With --project black the same is done for psf/black after 22.12.0 (the
Python check's base): a commit whose subject speaks of a crash, an error,
an exception or a failure and that adds a test data case has the case's
source (before `# output`, with its `# flags:`) formatted by the base's
black (`--verbose --check`, which prints the traceback of a failure); the
work tree needs `_black_version.py`, which a release build writes, so one is
made in a scratch directory. Answers are the files under src/black.
"""
import argparse, json, os, re, subprocess, sys, tempfile

from build_set import git  # beside this script: the same reading of a bare mirror

SITE = "/usr/lib/python3/site-packages/"


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


def report(subject, code, output, strip):
    out = output.replace(strip, SITE)
    lines = out.rstrip().split("\n")
    if len(lines) > 120:
        i = next(k for k, l in enumerate(lines) if l.startswith("Traceback"))
        lines = lines[:i + 21] + ["  ..."] + lines[-60:]
    title = re.sub(r"\s*\(#\d+\)$", "", subject)
    title = re.sub(r"^(\[[^\]]+\]\s*)?(Fix(es)?:?|Prevent)\s+", "", title)
    title = title[0].upper() + title[1:]
    tb = "\n".join(lines)
    return f"{title}\n\n**To Reproduce**\n\n```python\n{code}\n```\n\n**Traceback**\n\n```\n{tb}\n```"


def mypy_case(gd, sha, parent, names, at_base, scratch, work_tree, python):
    """The mypy crash a commit fixes, as (code, output, answer), or None."""
    src = [n for n in names if n.startswith("mypy/") and n.endswith(".py") and "/test/" not in n and n in at_base]
    if not 1 <= len(src) <= 4:
        return None
    body, after = first_case(git(gd, "diff", parent, sha, "--", "test-data/unit"))
    if body is None or after.startswith("[file"):
        return None
    code = "\n".join(body).strip("\n")
    flags = []
    for l in body:
        m = re.match(r"#\s*flags:\s*(.*)", l)
        if m:
            flags = m[1].split()
    with open(os.path.join(scratch, "main.py"), "w") as f:
        f.write(code + "\n")
    cmd = [python, "-m", "mypy", "--show-traceback", "--no-incremental", "--cache-dir=/dev/null", *flags, "main.py"]
    return code, run(cmd, scratch, work_tree, None), src


def black_case(gd, sha, parent, names, at_base, scratch, work_tree, python):
    """The black crash a commit fixes, as (code, output, answer), or None."""
    src = [n for n in names if n.startswith("src/black/") and n.endswith(".py") and n in at_base]
    cases = [n for n in names if n.startswith("tests/data/") and n.endswith(".py")]
    if not 1 <= len(src) <= 4 or not cases:
        return None
    case = git(gd, "show", f"{sha}:{cases[0]}")
    flags = []
    if case.startswith("# flags:"):
        flags = [f for f in case.split("\n", 1)[0][len("# flags:"):].split() if not f.startswith("--minimum-version")]
    code = case.split("\n# output")[0]
    with open(os.path.join(scratch, "_black_version.py"), "w") as f:
        f.write('version = "0"\n')
    cmd = [python, "-m", "black", "--verbose", "--check", *flags, "-"]
    return code, run(cmd, scratch, os.path.join(work_tree, "src") + os.pathsep + scratch, code), src


def run(cmd, cwd, path, stdin):
    try:
        r = subprocess.run(cmd, cwd=cwd, input=stdin, capture_output=True, text=True, timeout=120,
                           env={**os.environ, "PYTHONPATH": path})
    except subprocess.TimeoutExpired:
        return ""
    return r.stdout + r.stderr


# project -> (OWNER/NAME, base, subject words of a crash, case reader, the
# prefix its tracebacks' paths carry)
PROJECTS = {
    "mypy": ("python/mypy", "v1.11", r"crash", mypy_case, ""),
    "black": ("psf/black", "22.12.0", r"crash|error|exception|fail", black_case, "src/"),
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror-root", required=True)
    ap.add_argument("--work-tree", required=True, help="the project checked out at the base (prepare.sh)")
    ap.add_argument("--project", choices=sorted(PROJECTS), default="mypy")
    ap.add_argument("--python", default=sys.executable,
                    help="the interpreter that runs the base's code (black's needs click, pathspec, platformdirs, tomli)")
    a = ap.parse_args()
    repo, base_ref, words, read, prefix = PROJECTS[a.project]
    gd = f"{a.mirror_root}/{repo.replace('/', '+')}/repo"
    base = git(gd, "rev-parse", base_ref + "^{commit}").strip()
    at_base = set(git(gd, "ls-tree", "-r", "--name-only", base).split("\n"))
    scratch = tempfile.mkdtemp(prefix="crash-")
    strip = os.path.join(os.path.abspath(a.work_tree), prefix)
    queries = []
    for line in git(gd, "rev-list", "--reverse", "--parents", "--first-parent", f"{base}..HEAD").split("\n"):
        if not line:
            continue
        sha, *parents = line.split()
        if len(parents) != 1:
            continue
        subject = git(gd, "log", "-1", "--format=%s", sha).strip()
        if not re.search(words, subject, re.I):
            continue
        names = [n for n in git(gd, "diff-tree", "--no-commit-id", "-r", "--name-only", "--diff-filter=AM",
                                parents[0], sha).split("\n") if n]
        case = read(gd, sha, parents[0], names, at_base, scratch, os.path.abspath(a.work_tree), a.python)
        if case is None or "Traceback" not in case[1] or not case[0].strip():
            continue
        code, output, src = case
        queries.append({"commit": sha, "text": report(subject, code, output, strip), "files": src})
        print(f"{sha[:10]} {src} {subject}", file=sys.stderr)
    json.dump({"description": "Crash reports: a crash reproduced at the base (the fix's test case run by the base's "
               "code), its title, code and traceback; the answer is the files the fix changed; built by "
               "benchmarks/issues/crash_set.py",
               "projects": [{"repo": repo, "base": base, "queries": queries}]},
              sys.stdout, indent=1, ensure_ascii=False)
    print()
    print(f"{repo}: {len(queries)} crash reports", file=sys.stderr)


if __name__ == "__main__":
    main()
