// navoracle's TypeScript oracle: a line-oriented server around the
// TypeScript language service (tsserver's engine).
//
// Run by `navoracle ts-truth` (embedded in the Go binary, written to the
// cache and started as `node ts_oracle.js ROOT` with NODE_PATH holding the
// `typescript` package). It speaks JSON-RPC 2.0, one message per line on
// stdin and stdout, with the jedi helper's methods:
//
//   version                        -> {"typescript": "5.9.3", "node": "v20..."}
//   list                           -> {"decls": [...], "excluded": {...}, "files": [...]}
//   refs {"file", "line", "col"}   -> {"refs": [...]}
//   goto {"file", "line", "col"}   -> {"defs": [...]}
//
// Paths are relative to ROOT with '/'; lines are 1-based and columns 1-based
// byte offsets (TypeScript's own positions are UTF-16 offsets: converted
// here). A failure is answered as a JSON-RPC error.
"use strict";

const ts = require("typescript");
const fs = require("fs");
const path = require("path");
const readline = require("readline");

const ROOT = path.resolve(process.argv[2]);

function walk(dir, out) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== "node_modules") walk(p, out);
    } else if (e.isFile() && /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith(".d.ts")) {
      out.push(p);
    }
  }
  return out;
}

const files = walk(ROOT, []).sort();
const texts = new Map();
function text(f) {
  if (!texts.has(f)) texts.set(f, fs.readFileSync(f, "utf8"));
  return texts.get(f);
}

const options = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ["lib.es2022.d.ts", "lib.dom.d.ts"],
  strict: false,
  noEmit: true,
  skipLibCheck: true,
  jsx: ts.JsxEmit.Preserve,
};

const host = {
  getScriptFileNames: () => files,
  getScriptVersion: () => "1",
  getScriptSnapshot: (f) => (fs.existsSync(f) ? ts.ScriptSnapshot.fromString(text(f)) : undefined),
  getCurrentDirectory: () => ROOT,
  getCompilationSettings: () => options,
  getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
  fileExists: ts.sys.fileExists,
  readFile: ts.sys.readFile,
  readDirectory: ts.sys.readDirectory,
  directoryExists: ts.sys.directoryExists,
  getDirectories: ts.sys.getDirectories,
};
const ls = ts.createLanguageService(host, ts.createDocumentRegistry());

function rel(f) {
  return path.relative(ROOT, f).split(path.sep).join("/");
}

function abs(r) {
  return path.join(ROOT, r);
}

// loc converts a UTF-16 offset in file f to {file, line, col} with a
// 1-based line and a 1-based byte column.
function loc(f, pos) {
  const sf = ls.getProgram().getSourceFile(f);
  const lc = sf.getLineAndCharacterOfPosition(pos);
  const lineStart = sf.getPositionOfLineAndCharacter(lc.line, 0);
  const before = sf.text.slice(lineStart, lineStart + lc.character);
  return { file: rel(f), line: lc.line + 1, col: Buffer.byteLength(before, "utf8") + 1 };
}

// offset converts a 1-based line and byte column to a UTF-16 offset.
function offset(f, line, col) {
  const sf = ls.getProgram().getSourceFile(f);
  const lineStart = sf.getPositionOfLineAndCharacter(line - 1, 0);
  const lineEnd = line < sf.getLineStarts().length ? sf.getLineStarts()[line] : sf.text.length;
  const bytes = Buffer.from(sf.text.slice(lineStart, lineEnd), "utf8");
  return lineStart + bytes.subarray(0, col - 1).toString("utf8").length;
}

function moduleName(r) {
  return r.replace(/\.(ts|tsx)$/, "").replace(/\/index$/, "");
}

function hasModifier(node, kind) {
  return (ts.getModifiers ? ts.getModifiers(node) || [] : node.modifiers || []).some((m) => m.kind === kind);
}

function listDecls() {
  const decls = [];
  const excluded = {};
  const excl = (reason, example) => {
    const e = (excluded[reason] = excluded[reason] || { count: 0, examples: [] });
    e.count++;
    if (e.examples.length < 5) e.examples.push(example);
  };
  const program = ls.getProgram();
  for (const f of files) {
    const sf = program.getSourceFile(f);
    const r = rel(f);
    const seen = new Set();
    const add = (kind, nameNode, container, node) => {
      const name = nameNode.text;
      const qualified = container ? container + "." + name : name;
      if (name.startsWith("_")) return excl("name starts with _", r + ":" + qualified);
      const key = kind + " " + qualified;
      if (seen.has(key)) return excl("overload signature or redeclaration (the first is kept)", r + ":" + qualified);
      seen.add(key);
      const l = loc(f, nameNode.getStart(sf));
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
      decls.push({ kind, name, container: container || "", package: moduleName(r), qualified, file: l.file, line: l.line, col: l.col, end_line: end });
    };
    const visit = (node, container) => {
      if (ts.isFunctionDeclaration(node) && node.name) {
        if (container === undefined) add("function", node.name, "", node);
        else excl("nested function", r + ":" + node.name.text);
        return;
      }
      if (ts.isClassDeclaration(node) && node.name) {
        if (container !== undefined) return excl("nested class", r + ":" + node.name.text);
        add("class", node.name, "", node);
        for (const m of node.members) {
          if (!ts.isMethodDeclaration(m) || !ts.isIdentifier(m.name)) continue;
          if (hasModifier(m, ts.SyntaxKind.PrivateKeyword)) {
            excl("private method", r + ":" + node.name.text + "." + m.name.text);
            continue;
          }
          add("method", m.name, node.name.text, m);
        }
        return;
      }
      if (ts.isModuleDeclaration(node) || ts.isFunctionLike(node)) return; // namespaces and bodies: not sampled
      ts.forEachChild(node, (c) => visit(c, container));
    };
    ts.forEachChild(sf, (c) => visit(c, undefined));
  }
  return { decls, excluded, files: files.map(rel) };
}

// nodeAt is the innermost node whose text spans pos.
function nodeAt(sf, pos) {
  let found = sf;
  const visit = (n) => {
    if (n.getStart(sf) <= pos && pos < n.getEnd()) {
      found = n;
      ts.forEachChild(n, visit);
    }
  };
  ts.forEachChild(sf, visit);
  return found;
}

// role says how a reference is used: its syntactic context, whether it is
// called, and what a member is selected from.
function role(sf, pos) {
  const n = nodeAt(sf, pos);
  let p = n.parent;
  let via = "";
  let target = n;
  if (p && ts.isPropertyAccessExpression(p) && p.name === n) {
    const e = p.expression;
    via = e.kind === ts.SyntaxKind.ThisKeyword || e.kind === ts.SyntaxKind.SuperKeyword ? "self" : ts.isIdentifier(e) ? "name" : "expression";
    target = p;
    p = p.parent;
  }
  if (!p) return { context: "value", call: false, via };
  if ((ts.isCallExpression(p) || ts.isNewExpression(p)) && p.expression === target) return { context: "call", call: true, via };
  if (ts.isImportSpecifier(p) || ts.isImportClause(p) || ts.isExportSpecifier(p) || ts.isNamespaceImport(p)) return { context: "import", call: false, via };
  if (ts.isExpressionWithTypeArguments(p) && p.parent && ts.isHeritageClause(p.parent)) return { context: "inherit", call: false, via };
  if (ts.isTypeReferenceNode(p) || ts.isTypeQueryNode(p) || ts.isQualifiedName(p)) return { context: "type-annotation", call: false, via };
  if (ts.isDecorator(p)) return { context: "decorator", call: false, via };
  return { context: "value", call: false, via };
}

// refs lists the uses of the declaration at a position. The language
// service groups references by the symbol they resolve to, and adds the
// groups of the symbols related to it (the methods a method overrides or
// is overridden by, an interface member it implements): only the
// declaration's own group is kept, with the groups of the import and
// export bindings of it (kind "alias", whose uses in the importing files
// are the declaration's): its uses as TypeScript resolves them, as
// codeseek's exact answers are meant to be.
function refs(req) {
  const f = abs(req.file);
  const pos = offset(f, req.line, req.col);
  const out = [];
  const visible = new Set(files);
  const groups = ls.findReferences(f, pos) || [];
  const own = groups.filter((g) => {
    const d = g.definition;
    return d.kind === "alias" || (d.fileName === f && d.textSpan.start <= pos && pos < d.textSpan.start + Math.max(1, d.textSpan.length));
  });
  for (const sym of own.length ? own : groups) {
    for (const r of sym.references) {
      if (r.isDefinition) continue;
      const sf = ls.getProgram().getSourceFile(r.fileName);
      if (!sf) continue;
      const l = loc(r.fileName, r.textSpan.start);
      Object.assign(l, role(sf, r.textSpan.start), { visible: visible.has(r.fileName) });
      out.push(l);
    }
  }
  return { refs: out };
}

function gotoDef(req) {
  const f = abs(req.file);
  const pos = offset(f, req.line, req.col);
  const defs = (ls.getDefinitionAtPosition(f, pos) || [])
    .filter((d) => ls.getProgram().getSourceFile(d.fileName))
    .map((d) => loc(d.fileName, d.textSpan.start));
  return { defs };
}

const ops = {
  version: () => ({ typescript: ts.version, node: process.version }),
  list: listDecls,
  refs,
  goto: gotoDef,
};

const rl = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
rl.on("line", (line) => {
  if (!line.trim()) return;
  const req = JSON.parse(line);
  const answer = { jsonrpc: "2.0", id: req.id };
  try {
    const op = ops[req.method];
    if (!op) throw new Error("unknown method " + req.method);
    answer.result = op(req.params || {});
  } catch (e) {
    answer.error = { code: -32000, message: String((e && e.stack) || e) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
});
