#!/usr/bin/env python3
"""Questions over large repositories: the Go standard library, Linux.

The file-level dev set's repositories hold a few hundred files each; in a
repository of ten or eighty thousand, more files share a query's words by
chance (query.go, run.go, exit.go), and a rule that helps in the small
ones can cost here. stdlib.tsv holds 40 hand-written "how does X work"
questions over $(go env GOROOT)/src (go1.26), linux.tsv 30 over Debian's
linux-source 6.1, each with the file (or files: equal answers,
|-separated) that answers it. The script indexes the tree into --data-dir
(again only what changed), asks each question with `codeseek search
--limit 50`, reduces the chunks to files in rank order and prints MRR@10,
Acc@1 and Acc@5 of the first answering file, then every question not
answered first.

    python3 benchmarks/largerepo/run.py --bin ./codeseek --data-dir /tmp/std-data
    python3 benchmarks/largerepo/run.py --bin ./codeseek --data-dir /tmp/linux-data \
        --set linux --root /tmp/linux-source-6.1

The answers were chosen by reading the code of those releases; another
release may move a file, and the script names any answer it cannot find.
"""
import argparse, json, os, subprocess


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", required=True, help="codeseek binary")
    ap.add_argument("--data-dir", required=True, help="where the standard library's index is kept")
    ap.add_argument("--mode", default="hybrid", help="search mode: hybrid, vector or lexical")
    ap.add_argument("--set", default="stdlib", help="question set: stdlib or linux")
    ap.add_argument("--root", help="the repository (default: $(go env GOROOT)/src)")
    a = ap.parse_args()
    binp = os.path.abspath(a.bin)
    root = a.root or subprocess.check_output(["go", "env", "GOROOT"], text=True).strip() + "/src"
    here = os.path.dirname(os.path.abspath(__file__))
    questions = []
    for line in open(os.path.join(here, a.set + ".tsv")):
        if line.startswith("#") or not line.strip():
            continue
        q, files = line.rstrip("\n").split("\t")
        want = files.split("|")
        for f in want:
            if not os.path.exists(os.path.join(root, f)):
                print(f"answer missing in this Go release: {f} ({q!r})")
        questions.append((q, set(want)))
    subprocess.run([binp, "index", root, "--data-dir", a.data_dir], check=True,
                   stdout=subprocess.DEVNULL)
    rows = []
    for q, want in questions:
        out = subprocess.run([binp, "search", q, "--data-dir", a.data_dir, "--limit", "50",
                              "--format", "json", "--mode", a.mode],
                             cwd=root, capture_output=True, text=True, check=True).stdout
        files = []
        for r in json.loads(out)["results"]:
            if r["file_path"] not in files:
                files.append(r["file_path"])
        rank = next((i + 1 for i, p in enumerate(files) if p in want), 0)
        rows.append((rank, q, files[:3]))
    n = len(rows)
    mrr = sum(1 / r for r, _, _ in rows if 0 < r <= 10) / n
    acc1 = sum(1 for r, _, _ in rows if r == 1) / n
    acc5 = sum(1 for r, _, _ in rows if 0 < r <= 5) / n
    print(f"{a.mode}: {n} questions, MRR@10 {mrr:.3f}, Acc@1 {acc1:.3f}, Acc@5 {acc5:.3f}")
    for rank, q, top in sorted(rows, key=lambda r: (r[0] == 0, r[0]), reverse=True):
        if rank != 1:
            print(f"  {'-' if rank == 0 else rank:>3}  {q}  (first: {', '.join(top)})")


if __name__ == "__main__":
    main()
