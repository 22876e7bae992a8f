#!/usr/bin/env python3
"""Measure what a repository's history would add to issue-to-file search.

Two priors from the literature on bug localization, read from the commits
before each project's base (so nothing after the fix is seen), re-rank the
files `codeseek search` returns for each report of the issue sets:

- churn: how many of the last 3,000 commits changed the file (all, only
  those whose subject says fix/bug/crash/..., or decayed by age);
- similar past commits: the K commits whose messages best match the report
  (Okapi BM25 over the last 6,000 messages), each giving its files a share
  of its score.

A file's score becomes score * (1 + w * prior / max prior). The script
prints hybrid Acc@1 / Acc@5 per set for each prior and weight beside the
search's own order; docs/evaluation.md quotes the result (not kept).

    python3 benchmarks/issues/history_prior.py --bin ./codeseek \
        --data-dir DIR --root /tmp/codeseek-issues dev python large

--root holds the work trees benchmarks/issues/prepare.sh made (each a
clone at its base, with history); --data-dir is where their indexes are
(codeseek indexes a tree there on first search).
"""
import argparse, collections, json, math, os, re, subprocess

STOP = set("the and for that this with from are was not but have has when can will should into "
           "which there their been also than then any all its use used using only would could does "
           "did one two more some other what where how why".split())
FIX = re.compile(r"\b(fix|bug|crash|error|issue|regression|wrong|incorrect)", re.I)


def words(text):
    return [w for w in re.findall(r"[a-z][a-z0-9]+", text.lower()) if len(w) > 2 and w not in STOP]


def search(binary, data_dir, tree, text):
    """The distinct files of a hybrid search for text, best first, with scores."""
    out = subprocess.run([binary, "--data-dir", data_dir, "search", "--repo", tree, "--limit", "50",
                          "--format", "json", "--detail", "detailed", "-"],
                         input=text.encode(), capture_output=True, check=True).stdout
    files, scores = [], []
    for hit in json.loads(out)["results"]:
        if hit["file_path"] not in files:
            files.append(hit["file_path"])
            scores.append(hit["similarity_score"])
    return files, scores


def commits(tree, n):
    """(message, files) of the last n non-merge commits, newest first; a
    snapshot missing older objects gives the commits before the gap."""
    out = subprocess.run(["git", "-C", tree, "log", "--no-merges", "-n", str(n), "--format=%x01%B%x02",
                          "--name-only"], capture_output=True, text=True).stdout
    for c in out.split("\x01"):
        if "\x02" in c:
            msg, names = c.split("\x02", 1)
            files = [f for f in names.split("\n") if f.strip()]
            if 0 < len(files) <= 20:
                yield msg, files


class History:
    def __init__(self, tree):
        log = list(commits(tree, 6000))
        self.churn = {"all": collections.Counter(), "fix": collections.Counter(), "decayed": collections.Counter()}
        for i, (msg, files) in enumerate(log[:3000]):
            for f in files:
                self.churn["all"][f] += 1
                self.churn["decayed"][f] += math.exp(-i / 1000)
                if FIX.search(msg.split("\n", 1)[0]):
                    self.churn["fix"][f] += 1
        self.docs = [(collections.Counter(words(m)), f) for m, f in log]
        self.df = collections.Counter(w for tf, _ in self.docs for w in tf)
        self.avg = sum(sum(tf.values()) for tf, _ in self.docs) / max(1, len(self.docs))

    def similar(self, text, k):
        """Files of the k past commits most like text, by BM25 of their messages."""
        n, terms = len(self.docs), set(words(text))
        scored = []
        for tf, files in self.docs:
            length = sum(tf.values())
            s = sum(math.log(1 + (n - self.df[w] + .5) / (self.df[w] + .5)) * tf[w] * 2.2 /
                    (tf[w] + 1.2 * (.25 + .75 * length / self.avg)) for w in terms if w in tf)
            if s > 0:
                scored.append((s, files))
        scored.sort(key=lambda x: -x[0])
        prior = collections.Counter()
        for s, files in scored[:k]:
            for f in files:
                prior[f] += s / scored[0][0] / math.sqrt(len(files))
        return prior


def reranked(files, scores, prior, w, log=False):
    val = [math.log1p(prior.get(f, 0)) if log else prior.get(f, 0) for f in files]
    top = max(val) or 1
    order = sorted(range(len(files)), key=lambda i: -scores[i] * (1 + w * val[i] / top))
    return [files[i] for i in order]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", required=True)
    ap.add_argument("--data-dir", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("sets", nargs="+")
    a = ap.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    runs = []  # (set, gold, files, scores, history, text)
    hist = {}
    for s in a.sets:
        data = json.load(open(os.path.join(here, "..", "testdata", f"issues-{s}.json")))
        for p in data["projects"]:
            tree = os.path.join(a.root, p["repo"].replace("/", "+"))
            hist.setdefault(tree, History(tree))
            for q in p["queries"]:
                files, scores = search(a.bin, a.data_dir, tree, q["text"])
                runs.append((s, set(q["files"]), files, scores, hist[tree], q["text"]))

    def report(label, order):
        row = []
        for s in a.sets:
            ranks = [next((i + 1 for i, f in enumerate(order(r)) if f in r[1]), 0) for r in runs if r[0] == s]
            row.append(f"{s} {sum(x == 1 for x in ranks) / len(ranks):.3f} / {sum(0 < x <= 5 for x in ranks) / len(ranks):.3f}")
        print(f"{label:26} " + "   ".join(row))

    report("search as it is", lambda r: r[2])
    for kind in ("all", "fix", "decayed"):
        for w in (0.1, 0.2, 0.3):
            report(f"churn ({kind}) w={w}", lambda r, kind=kind, w=w: reranked(r[2], r[3], r[4].churn[kind], w, log=True))
    for k in (5, 10, 20):
        similar = {id(r): r[4].similar(r[5], k) for r in runs}
        for w in (0.05, 0.1, 0.2, 0.5):
            report(f"similar commits k={k} w={w}", lambda r, w=w, similar=similar: reranked(r[2], r[3], similar[id(r)], w))


if __name__ == "__main__":
    main()
