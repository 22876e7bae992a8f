#!/bin/sh
# Prepare the work trees BenchmarkIssueToFile searches: one OWNER+NAME
# directory per project of benchmarks/testdata/issues-dev.json under ROOT,
# checked out at the project's base commit, cloned from MIRROR_ROOT's
# OWNER+NAME/repo bare git directories (the fetch tool's layout; a
# directory holding plain clones as OWNER+NAME/.git works too).
#
#   benchmarks/issues/prepare.sh /work/.mirror /tmp/codeseek-issues
#   CODESEEK_ISSUES_ROOT=/tmp/codeseek-issues go test ./benchmarks -run '^$' -bench IssueToFile -benchtime 1x -timeout 60m
#
# A third argument names another set's projects (python: issues-python.json,
# large: issues-large.json).
set -eu
mirror=${1:?usage: prepare.sh MIRROR_ROOT ROOT [SET]}
root=${2:?usage: prepare.sh MIRROR_ROOT ROOT [SET]}
set=${3:-dev}
here=$(dirname "$0")
mkdir -p "$root"
python3 -c 'import json,sys
for p in json.load(open(sys.argv[1]))["projects"]: print(p["repo"].replace("/", "+"), p["base"])' \
	"$here/../testdata/issues-$set.json" | while read -r name base; do
	src=$mirror/$name/repo
	[ -d "$src" ] || src=$mirror/$name
	if [ ! -d "$root/$name/.git" ]; then
		git clone -q --no-checkout "$src" "$root/$name"
	fi
	# A snapshot may lack its largest blobs (binary test data): leave those
	# paths out of the checkout rather than fail on them.
	missing=$(git -C "$root/$name" ls-tree -r "$base" | awk '$2 == "blob" {print $3}' |
		git -C "$root/$name" cat-file --batch-check | awk '$2 == "missing" {print $1}')
	if [ -n "$missing" ]; then
		git -C "$root/$name" sparse-checkout set --no-cone '/*' $(git -C "$root/$name" ls-tree -r "$base" |
			awk -v m="$missing" 'BEGIN {n = split(m, a, "\n"); for (i = 1; i <= n; i++) miss[a[i]] = 1}
				$2 == "blob" && ($3 in miss) {sub(/^[^\t]*\t/, ""); print "!/" $0}') 2>/dev/null # it reports the absent blobs at the clone's default branch
		echo "$name: $(echo "$missing" | wc -l) blobs absent from the snapshot left out"
	fi
	# With paths left out, checkout still complains about their objects (and
	# exits 1) after writing every other file; HEAD at the base is what counts.
	git -C "$root/$name" -c advice.detachedHead=false checkout -q --force "$base" 2>/dev/null || true
	if [ "$(git -C "$root/$name" rev-parse HEAD)" != "$base" ]; then
		echo "$root/$name: checkout of $base failed" >&2
		exit 1
	fi
	git -C "$root/$name" clean -qfdx
	echo "$root/$name at $(git -C "$root/$name" rev-parse --short HEAD)"
done
