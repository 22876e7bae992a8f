// End-to-end test of `codeseek serve` with the official MCP TypeScript SDK
// client, over stdio and over streamable HTTP. The SDK validates every
// structuredContent against the tool's outputSchema itself (callTool throws
// on a mismatch), so these checks are a client's view, not ours.
//
// Usage: node e2e.mjs CODESEEK_BINARY
// Env: CODESEEK_E2E_STDLIB=1 also indexes the Go standard library
// (index_repository must answer within 30 s while the run goes on, and a
// search then finds time/format.go for "parse a duration string").

import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const bin = process.argv[2];
if (!bin) {
  console.error("usage: node e2e.mjs CODESEEK_BINARY");
  process.exit(2);
}
const TOOLS = ["index_repository", "search_code", "search_docs", "list_repositories", "get_symbols",
  "find_definition", "find_references", "call_hierarchy", "code_map", "find_related", "affected_by_diff"];
const timeout = 10 * 60 * 1000; // per request: the stdlib index may keep a call busy

function fixture() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "codeseek-e2e-repo-"));
  fs.mkdirSync(path.join(root, "upload"));
  fs.writeFileSync(path.join(root, "upload", "retry.go"), `package upload

// RetryUpload sends a file again after a failure, waiting longer each time.
func RetryUpload(send func() error, attempts int) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = send(); err == nil {
			return nil
		}
	}
	return err
}
`);
  fs.writeFileSync(path.join(root, "upload", "client.go"), `package upload

// Upload sends a file, retrying three times.
func Upload(send func() error) error {
	return RetryUpload(send, 3)
}
`);
  fs.writeFileSync(path.join(root, "README.md"), "# Uploader\n\n## Configuration\n\nSet UPLOAD_RETRIES to change how often a failed upload is retried.\n");
  // A git repository, so affected_by_diff has a change to read.
  const git = (...args) => execFileSync("git", ["-C", root, ...args], { stdio: "ignore" });
  git("init", "-q");
  git("add", ".");
  git("-c", "user.name=e2e", "-c", "user.email=e2e@example.com", "commit", "-qm", "first");
  return root;
}

function call(client, name, args, options = {}) {
  return client.callTool({ name, arguments: args }, undefined, { timeout, ...options });
}

async function exercise(client, label) {
  const step = (s) => console.log(`[${label}] ${s}`);

  const { tools } = await client.listTools();
  for (const name of TOOLS) {
    const tool = tools.find((t) => t.name === name);
    assert.ok(tool, `${name} is listed`);
    assert.equal(tool.outputSchema?.type, "object", `${name} has an outputSchema`);
  }
  step(`tools/list: ${tools.length} tools, each with an outputSchema`);

  const root = fixture();
  let progress = 0;
  const idx = await call(client, "index_repository", { repo_path: root }, { onprogress: () => progress++ });
  assert.ok(!idx.isError, JSON.stringify(idx.content));
  assert.equal(idx.structuredContent.status, "done");
  assert.equal(idx.structuredContent.files_indexed, 3);
  const repo = idx.structuredContent.repository_id;
  step(`index_repository: done, ${idx.structuredContent.chunks_created} chunks, ${progress} progress notifications`);
  assert.ok(progress > 0, "progress notifications arrive while the call waits");

  for (const format of ["json", "compact", "markdown"]) {
    const res = await call(client, "search_code", { query: "retry a failed upload", repository_id: repo, response_format: format, detail_level: "concise" });
    assert.ok(!res.isError, JSON.stringify(res.content));
    assert.ok(res.structuredContent.results.length > 0, `search_code ${format} finds something`);
    assert.equal(res.content[0].type, "text");
  }
  const code = await call(client, "search_code", { query: "retry a failed upload", repository_id: repo });
  const hit = code.structuredContent.results.find((r) => r.file_path === "upload/retry.go");
  assert.ok(hit, "search_code finds upload/retry.go");
  assert.match(hit.uri, /^codeseek:\/\/[^/]+\/upload\/retry\.go#L\d+-L\d+$/);
  const read = await client.readResource({ uri: hit.uri });
  assert.ok(read.contents[0].text.includes("func RetryUpload"), `resources/read ${hit.uri} returns the code`);
  step(`search_code → ${hit.uri}; resources/read returns its ${read.contents[0].text.split("\n").length} lines`);

  const docs = await call(client, "search_docs", { query: "how often are uploads retried" });
  assert.ok(docs.structuredContent.results.some((r) => r.file_path === "README.md"), "search_docs finds the README");
  const list = await call(client, "list_repositories", {});
  assert.equal(list.structuredContent.repositories.find((r) => r.repository_id === repo)?.status, "done");
  const syms = await call(client, "get_symbols", { file_path: "upload/retry.go", repository_id: repo });
  assert.ok(syms.structuredContent.symbols.some((s) => s.name === "RetryUpload"));
  step("search_docs, list_repositories, get_symbols: structuredContent valid");

  await navigation(client, repo, root, step);

  const { resourceTemplates } = await client.listResourceTemplates();
  assert.ok(resourceTemplates.some((t) => t.uriTemplate.startsWith("codeseek://")), "a codeseek:// resource template is listed");
  step(`resources/templates/list: ${resourceTemplates.map((t) => t.uriTemplate).join(", ")}`);

  const bg = await call(client, "index_repository", { repo_path: root, force_reindex: true, wait_seconds: 0 });
  assert.ok(["indexing", "done"].includes(bg.structuredContent.status), JSON.stringify(bg.structuredContent));
  let status = bg.structuredContent.status;
  for (let i = 0; status !== "done" && i < 600; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const l = await call(client, "list_repositories", {});
    status = l.structuredContent.repositories.find((r) => r.repository_id === repo).status;
  }
  assert.equal(status, "done", "a background run ends and list_repositories says so");
  step(`index_repository wait_seconds 0: ${bg.structuredContent.status}, then list_repositories: done`);

  const bad = await call(client, "search_code", { query: "x", limit: 1000 });
  assert.ok(bad.isError, "a bad argument is a tool error");
  fs.rmSync(root, { recursive: true, force: true });
}

// The navigation tools answer in every format, and the SDK validates each
// structuredContent against the tool's outputSchema.
async function navigation(client, repo, root, step) {
  const calls = [
    ["find_definition", { symbol: "RetryUpload" }],
    ["find_definition", { file_path: "upload/client.go", line: 5 }],
    ["find_references", { symbol: "upload.RetryUpload", kind: "call" }],
    ["call_hierarchy", { symbol: "RetryUpload", direction: "incoming", depth: 2 }],
    ["call_hierarchy", { symbol: "Upload", direction: "outgoing" }],
    ["code_map", { max_tokens: 300 }],
    ["find_related", { file_path: "upload/retry.go", line: 5 }],
    ["affected_by_diff", {}],
  ];
  for (const [name, args] of calls) {
    for (const format of ["json", "compact", "markdown"]) {
      for (const detail of ["concise", "detailed"]) {
        const res = await call(client, name, { repository_id: repo, response_format: format, detail_level: detail, ...args });
        assert.ok(!res.isError, `${name} ${format} ${detail}: ${JSON.stringify(res.content)}`);
        assert.ok(res.structuredContent, `${name} has structuredContent`);
      }
    }
  }
  const def = await call(client, "find_definition", { repository_id: repo, file_path: "upload/client.go", line: 5 });
  assert.equal(def.structuredContent.definitions[0].symbol, "RetryUpload");
  assert.equal(def.structuredContent.definitions[0].match, "exact");
  const refs = await call(client, "find_references", { repository_id: repo, symbol: "RetryUpload", kind: "call" });
  assert.deepEqual(refs.structuredContent.references.map((r) => [r.file_path, r.enclosing, r.match]), [["upload/client.go", "Upload", "exact"]]);
  const map = await call(client, "code_map", { repository_id: repo, max_tokens: 300, response_format: "compact" });
  assert.ok(map.content[0].text.includes("RetryUpload"), "code_map lists RetryUpload");

  fs.writeFileSync(path.join(root, "upload", "retry.go"), fs.readFileSync(path.join(root, "upload", "retry.go"), "utf8").replace("attempts int) error", "attempts int, wait bool) error"));
  const aff = await call(client, "affected_by_diff", { repository_id: repo });
  const change = aff.structuredContent.changes.find((c) => c.symbol === "RetryUpload");
  assert.ok(change, JSON.stringify(aff.structuredContent));
  assert.equal(change.change, "signature_changed");
  assert.equal(change.risk, "high");
  assert.deepEqual(change.references.map((r) => r.enclosing), ["Upload"]);
  step(`navigation: ${calls.length} calls x 3 formats x 2 levels valid; affected_by_diff: RetryUpload ${change.change}, risk ${change.risk}, caller Upload`);
}

async function stdlib(client) {
  const goroot = execFileSync("go", ["env", "GOROOT"]).toString().trim();
  const src = path.join(goroot, "src");
  const start = Date.now();
  const first = await call(client, "index_repository", { repo_path: src, detail_level: "concise" });
  const secs = (Date.now() - start) / 1000;
  assert.ok(!first.isError, JSON.stringify(first.content));
  console.log(`[stdlib] index_repository answered in ${secs.toFixed(1)} s with status ${first.structuredContent.status} ${JSON.stringify(first.structuredContent.progress ?? {})}`);
  assert.ok(secs < 30, "index_repository answers within 30 s");
  const id = first.structuredContent.repository_id;
  let status = first.structuredContent.status;
  while (status !== "done") {
    await new Promise((r) => setTimeout(r, 15000));
    const list = await call(client, "list_repositories", { detail_level: "concise" });
    const r = list.structuredContent.repositories.find((x) => x.repository_id === id);
    status = r.status;
    console.log(`[stdlib] ${Math.round((Date.now() - start) / 1000)} s: list_repositories status ${status} ${JSON.stringify(r.progress ?? {})}`);
  }
  const res = await call(client, "search_code", { query: "parse a duration string", repository_id: id, limit: 10 });
  const files = res.structuredContent.results.map((r) => r.file_path);
  console.log(`[stdlib] "parse a duration string" → ${files.join(", ")}`);
  assert.ok(files.includes("time/format.go"), "time/format.go is found");
}

// Every client's snippet from `codeseek mcp-config CLIENT` parses, puts the
// server under the key that client reads, and starts a working server.
const CLIENT_KEYS = { claude: "mcpServers", cursor: "mcpServers", vscode: "servers", gemini: "mcpServers", zed: "context_servers" };

async function mcpConfig(env) {
  const entries = {};
  for (const [client, key] of Object.entries(CLIENT_KEYS)) {
    const doc = JSON.parse(execFileSync(bin, ["mcp-config", client], { stdio: ["ignore", "pipe", "ignore"] }).toString());
    entries[client] = doc[key]?.codeseek;
    assert.ok(entries[client], `${client}: ${key}.codeseek`);
  }
  assert.equal(entries.vscode.type, "stdio");
  const toml = execFileSync(bin, ["mcp-config", "codex"], { stdio: ["ignore", "pipe", "ignore"] }).toString();
  const m = toml.match(/^\[mcp_servers\.codeseek\]\ncommand = ("(?:[^"\\]|\\.)*")\nargs = (\[.*\])\n$/);
  assert.ok(m, `codex snippet: ${toml}`);
  entries.codex = { command: JSON.parse(m[1]), args: JSON.parse(m[2]) };
  for (const [client, e] of Object.entries(entries)) {
    assert.ok(path.isAbsolute(e.command), `${client}: absolute command ${e.command}`);
    assert.equal(e.args[0], "serve");
    const c = new Client({ name: `e2e-${client}`, version: "1.0.0" });
    await c.connect(new StdioClientTransport({ command: e.command, args: e.args, env, stderr: "ignore" }));
    assert.equal((await c.listTools()).tools.length, TOOLS.length);
    await c.close();
  }
  console.log(`[mcp-config] ${Object.keys(entries).join(", ")}: snippets parse and start codeseek serve (${entries.codex.command})`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

async function waitForHTTP(url, child) {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`codeseek serve exited with ${child.exitCode}`);
    try {
      await fetch(url, { method: "GET" });
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`${url} did not come up`);
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "codeseek-e2e-data-"));
  // The server may read only under its roots: the fixtures' temporary
  // directory, and the Go source tree for the standard-library run.
  const roots = [fs.realpathSync(os.tmpdir())];
  if (process.env.CODESEEK_E2E_STDLIB === "1") roots.push(path.join(execFileSync("go", ["env", "GOROOT"]).toString().trim(), "src"));
  const env = { ...process.env, CODESEEK_DATA_DIR: dataDir, CODESEEK_ROOTS: roots.join(path.delimiter) };
  try {
    const stdio = new Client({ name: "codeseek-e2e", version: "1.0.0" });
    await stdio.connect(new StdioClientTransport({ command: bin, args: ["serve"], env, stderr: "inherit" }));
    await exercise(stdio, "stdio");
    await mcpConfig(env);
    if (process.env.CODESEEK_E2E_STDLIB === "1") await stdlib(stdio);
    await stdio.close();

    const port = await freePort();
    const child = spawn(bin, ["serve", "--http", `127.0.0.1:${port}`], { env, stdio: ["ignore", "inherit", "inherit"] });
    try {
      const url = `http://127.0.0.1:${port}/mcp`;
      await waitForHTTP(url, child);
      const http = new Client({ name: "codeseek-e2e", version: "1.0.0" });
      await http.connect(new StreamableHTTPClientTransport(new URL(url)));
      await exercise(http, "http");
      await http.close();
    } finally {
      child.kill();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  console.log("e2e: all checks passed");
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
