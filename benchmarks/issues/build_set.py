#!/usr/bin/env python3
"""Build the issue-style dev set (benchmarks/testdata/issues-dev.json) from
repositories' history.

For each commit after a base commit B on the first-parent line of a branch:
its message (subject + body, trailers removed) is the query and the
non-test, non-doc source files it changed are the answer, when they number
1-4 and all exist at B. The set is built once and committed
(benchmarks/testdata/issues-dev.json); this script documents how.

    python3 benchmarks/issues/build_set.py --mirror-root /work/.mirror \
        > benchmarks/testdata/issues-dev.json

MIRROR_ROOT holds OWNER+NAME/repo bare git directories (the fetch tool's
layout); a plain clone's .git works as well. The selection is deterministic:
candidates are filtered (below), the ones describing a bug come first, then a
seeded shuffle; at most PER_PROJECT per project and MAX_PER_FILE per answer
file, minus DROP, the commits read and rejected by hand.
"""
import argparse, json, re, subprocess, sys

# Git trailers ("Signed-off-by: ...", Gerrit's "Change-Id: ...").
TRAILER = re.compile(
    r"^\s*[A-Z][a-z]+(-[a-z]+)+:\s.*<[^@>\s]+@[^>\s]+>\s*$|"  # any "Word-word: Name <email>" trailer
    r"^\s*(signed-off-by|co-authored-by|co-developed-by|reviewed-by|reviewed-on|change-id|run-trybot|trybot-result|"
    r"auto-submit|luci-trybot-result|commit-queue|cc|acked-by|tested-by|reported-by|suggested-by|"
    r"helped-by|github-pull-request|github-last-rev|pr-url|pull-request|pull-request-sha|bug|issue|fixes|closes|updates|refs?)\s*:\s*\S.*$", re.I)
# Lines that only point at an issue or PR: "Fixes #12", "Closes gh-3", "Fixes golang/go#4".
ISSUE_LINE = re.compile(
    r"^\s*((fix(es|ed)?|close[sd]?|resolve[sd]?|ref(s)?|see|updates?|for|part of|related( to)?)\b[^a-z]*)?"
    r"((#|gh-)\d+|[\w.-]+/[\w.-]+#\d+|https?://\S+)([\s,.;]*((and|,)\s*)?((#|gh-)\d+|[\w.-]+/[\w.-]+#\d+|https?://\S+))*[\s.]*$",
    re.I)
# Commits that do not describe a behaviour: maintenance, releases, reverts.
SKIP_SUBJECT = re.compile(
    r"^(\S+:\s+)?(update|bump|upgrade|release|revert|refactor|style|chore|ci|docs?|build|deps|test|tests|"
    r"lint|clippy|rustfmt|gofmt|format|cleanup|clean up|typo|fix typo|fix link|version|sync|merge|"
    r"remove unused|simplify|rename|move|use|tweak|minor|nit|lock|vendor|run|bench)\b", re.I)
BORS = re.compile(r"^(auto merge of|merge pull request|merge #|merge branch)", re.I)
# A subject's area prefix ("http2: ", "fix(parser): ", "Core: ", "proc/native: "):
# the committer's filing, which a bug reporter does not write and which names
# the package directory outright.
PREFIX = re.compile(r"^(?:[\w./,{}*+-]{1,40}(?:\([\w./ ,-]{1,40}\))?!?:\s+)+")

TEST_RE = re.compile(
    r"(^|/)(tests?|testdata|testing|test-data|__tests__|fixtures?|_fixtures|spec|specs|e2e|"
    r"benches|benchmarks?|examples?|docs?|doc-?src|misc|scripts?|\.github|tools?/test|\w*test)(/|$)|"
    r"_test\.go$|(^|/)test_[^/]*\.py$|_tests?\.py$|\.test\.[jt]s$|\.spec\.[jt]s$|(^|/)conftest\.py$", re.I)


def git(gd, *args):
    return subprocess.run(["git", "--git-dir", gd, *args], check=True, capture_output=True,
                          text=True, errors="replace").stdout


def clean(msg):
    lines = msg.rstrip().split("\n")
    subject = re.sub(r"\s*\((#\d+(, )?)+\)\s*$", "", lines[0]).strip()
    subject = re.sub(r"\s*\[(skip ci|ci skip)\]", "", subject, flags=re.I)
    subject = PREFIX.sub("", subject).strip()
    body = []
    for ln in lines[1:]:
        if TRAILER.match(ln):
            continue
        if ISSUE_LINE.match(ln):
            continue
        if re.match(r"^\s*(PR|Pull request|PR-URL|Original-commit)\s*[:#]", ln, re.I):
            continue
        if re.fullmatch(r"\s*-{9,}\s*", ln):
            continue  # a squash merge's separator before its co-author lines
        body.append(ln.rstrip())
    text = "\n".join([subject, ""] + body).strip()
    text = re.sub(r"\n{3,}", "\n\n", text)
    return text


def words(s):
    return len(re.findall(r"[A-Za-z]{2,}", s))



def mine(gd, base_ref, exts, first_parent=True, min_words=30, named=False):
    """Every commit after base_ref whose message and changes qualify. With
    named, only those whose message names a changed file (its path or file
    name): the set that measures what a mentioned file is worth."""
    base = git(gd, "rev-parse", base_ref + "^{commit}").strip()
    at_base = set(git(gd, "ls-tree", "-r", "--name-only", base).split("\n"))
    fp = ["--first-parent"] if first_parent else []
    out = []
    for line in git(gd, "rev-list", "--reverse", "--parents", *fp, f"{base}..HEAD").split("\n"):
        if not line:
            continue
        sha, *parents = line.split()
        if len(parents) != 1:
            continue  # merges: their own first-parent commits are mined instead
        msg = git(gd, "log", "-1", "--format=%B", sha)
        if BORS.match(msg) or SKIP_SUBJECT.search(msg.split("\n", 1)[0]):
            continue
        names = [n for n in git(gd, "diff-tree", "--no-commit-id", "-r", "--name-only", parents[0], sha).split("\n") if n]
        src = [n for n in names if n.endswith(tuple(exts)) and not TEST_RE.search(n)]
        if not 1 <= len(src) <= 4 or any(n not in at_base for n in src):
            continue
        text = clean(msg)
        if words(text) < min_words:
            continue
        low = text.lower()
        # The answer's path, or its file name, in the text gives it away.
        if any(n.lower() in low or n.rsplit("/", 1)[-1].lower() in low for n in src) != named:
            continue
        out.append({"commit": sha, "text": text, "files": src})
    return base, out


# (OWNER/NAME, base, extensions, first-parent): B is a release tag, or for
# jquery the point where its 3.5.1 release branched from main (the tag itself
# is a commit off main holding built files). tornado merges its PRs, so its
# commits are taken from the merged branches too.
PROJECTS = [
    ("golang/net", "v0.17.0", [".go"], True),
    ("go-delve/delve", "v1.21.2", [".go"], True),
    ("python/mypy", "v1.11", [".py"], True),
    ("tornadoweb/tornado", "v6.0.0", [".py"], False),
    ("jquery/jquery", "merge-base:3.5.1", [".js"], True),
    ("alacritty/alacritty", "tags/v0.12.0", [".rs"], True),
    ("rust-lang/regex", "regex-automata-0.4.2", [".rs"], True),
]
# A second, Python-only check (--set python, benchmarks/testdata/issues-python.json):
# five more projects' history, for telling a rule that holds for reports in
# general from one fitted to the dev set's 171 commits.
PYTHON_PROJECTS = [
    ("encode/httpx", "0.13.0", [".py"], True),
    ("pallets/click", "8.0.0", [".py"], False),
    ("python-attrs/attrs", "19.1.0", [".py"], True),
    ("encode/starlette", "0.13.0", [".py"], True),
    ("psf/black", "22.12.0", [".py"], True),
]
# A third, two large projects (--set large, benchmarks/testdata/issues-large.json)
# whose pull requests are squashed with their template into the message, as
# pasted reports arrive: sqlalchemy (687 Python files; HTML comments, a
# checklist) and streamlit (Python and TypeScript; section headings and a
# contribution licence agreement), from its last commit of 2023.
LARGE_PROJECTS = [
    ("sqlalchemy/sqlalchemy", "rel_2_0_23", [".py"], False),
    ("streamlit/streamlit", "7ef2aa66dabc740fef8f5c7a072ea8dcece8f73c", [".py", ".ts", ".tsx"], True),
]
PER_PROJECT = 25
# Each of the large set's projects gives as many queries as a set of several.
PER_LARGE_PROJECT = 40
MAX_PER_FILE = 3
SEED = 23
# A message that describes a misbehaviour: what an issue reports.
BUGGY = re.compile(r"\b(bug|crash\w*|panic\w*|error\w*|fail\w*|incorrect\w*|wrong\w*|regression|broke\w*|"
                   r"hang\w*|deadlock\w*|leak\w*|exception|traceback|unexpected\w*|invalid|should|instead)\b", re.I)
# Commits read and rejected by hand: sha prefix -> why.
DROP = {
    "1ea883a2": "CI: disables a builder",
    "6181b0f5": "a clean-up; the description is one clause",
    "79b74e04": "a test port",
    "071f6dba": "a test fix",
    "b40a4807": "a size refactor",
    "18db8717": "removes a write-only property (refactor)",
    "d2436df3": "removes a parameter (refactor)",
    "296eb554": "documentation (man page)",
    "a52f76c9": "documentation (example code)",
    "a8982b3e": "removes a parameter (refactor)",
}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror-root", required=True)
    ap.add_argument("--candidates", action="store_true", help="print every candidate, not the selection")
    ap.add_argument("--set", choices=["dev", "python", "large"], default="dev",
                    help="the projects: the dev set's seven, the Python check's five or the large check's two")
    ap.add_argument("--named", action="store_true",
                    help="only messages that name a changed file (benchmarks/testdata/issues-named.json)")
    a = ap.parse_args()
    import random
    sets = []
    projects = {"dev": PROJECTS, "python": PYTHON_PROJECTS, "large": LARGE_PROJECTS}[a.set]
    per_project = PER_LARGE_PROJECT if a.set == "large" else PER_PROJECT
    for repo, base_ref, exts, first_parent in projects:
        gd = f"{a.mirror_root}/{repo.replace('/', '+')}/repo"
        if base_ref.startswith("merge-base:"):
            base_ref = git(gd, "merge-base", base_ref.split(":", 1)[1], "HEAD").strip()
        base, cands = mine(gd, base_ref, exts, first_parent, named=a.named)
        rnd = random.Random(SEED)
        rnd.shuffle(cands)
        cands.sort(key=lambda c: not BUGGY.search(c["text"]))
        # After the shuffle, so that a dropped commit leaves the others' order as it was.
        cands = [c for c in cands if not any(c["commit"].startswith(d) for d in DROP)]
        if not a.candidates:
            per_file, picked = {}, []
            for c in cands:
                if len(picked) == per_project or any(per_file.get(f, 0) >= MAX_PER_FILE for f in c["files"]):
                    continue
                for f in c["files"]:
                    per_file[f] = per_file.get(f, 0) + 1
                picked.append(c)
            cands = picked
        cands.sort(key=lambda c: int(git(gd, "log", "-1", "--format=%ct", c["commit"])))
        sets.append({"repo": repo, "base": base, "queries": cands})
        print(f"{repo}: base {base[:12]}, {len(cands)} queries", file=sys.stderr)
    json.dump({"description": "Issue-style queries: a fix commit's message (trailers and subject area prefix removed) "
               "and the non-test source files it changed; built by benchmarks/issues/build_set.py",
               "projects": sets}, sys.stdout, indent=1, ensure_ascii=False)
    print()


if __name__ == "__main__":
    main()
