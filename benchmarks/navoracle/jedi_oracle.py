"""navoracle's Python oracle: a line-oriented server around jedi.

Run by `navoracle py-truth` (embedded in the Go binary, written to the cache
and started as `python3 jedi_oracle.py ROOT`). It speaks JSON-RPC 2.0, one
message per line on stdin and stdout; the methods and their results:

  version                        -> {"jedi": "0.18.2", "python": "3.11.2"}
  list                           -> {"decls": [...], "excluded": {...}}
  refs {"file", "line", "col"}   -> {"refs": [...]}
  goto {"file", "line", "col"}   -> {"defs": [...]}

Paths are relative to ROOT with '/'; lines are 1-based and columns 1-based
byte offsets (jedi's own columns are 0-based code points: converted here).
A failure is answered as a JSON-RPC error.
"""

import ast
import json
import os
import sys

# ROOT is the directory that holds the package (the package's parent), so
# that jedi's project path resolves `import email.message` to the corpus.
ROOT = os.path.abspath(sys.argv[1])

_lines = {}
_roles = {}


def lines_of(path):
    if path not in _lines:
        with open(path, encoding="utf-8", errors="replace") as f:
            _lines[path] = f.read().split("\n")
    return _lines[path]


def rel(path):
    r = os.path.relpath(str(path), ROOT)
    return r.replace(os.sep, "/")


def byte_col(path, line, char_col):
    """0-based code-point column -> 1-based byte column."""
    ls = lines_of(path)
    text = ls[line - 1] if 0 < line <= len(ls) else ""
    return len(text[:char_col].encode("utf-8")) + 1


def char_col(path, line, bcol):
    """1-based byte column -> 0-based code-point column."""
    ls = lines_of(path)
    text = ls[line - 1] if 0 < line <= len(ls) else ""
    return len(text.encode("utf-8")[: bcol - 1].decode("utf-8", errors="replace"))


def module_name(relpath):
    parts = relpath[:-3].split("/")
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def name_col(path, line, keyword, name):
    """1-based byte column of `name` after `keyword` on a line."""
    text = lines_of(path)[line - 1]
    i = text.find(keyword + " ")
    j = text.find(name, i + len(keyword) if i >= 0 else 0)
    if j < 0:
        return None
    return len(text[:j].encode("utf-8")) + 1


def list_decls():
    decls, excluded = [], {}

    def excl(reason, example):
        e = excluded.setdefault(reason, {"count": 0, "examples": []})
        e["count"] += 1
        if len(e["examples"]) < 5:
            e["examples"].append(example)

    files = []
    for d, dirs, fs in os.walk(ROOT):
        dirs[:] = sorted(x for x in dirs if x not in ("__pycache__", "test", "tests"))
        for f in sorted(fs):
            if f.endswith(".py"):
                files.append(os.path.join(d, f))
    for path in sorted(files):
        r = rel(path)
        try:
            with open(path, "rb") as f:
                tree = ast.parse(f.read(), path)
        except (SyntaxError, ValueError) as e:
            excl("file does not parse", r)
            continue
        mod = module_name(r)

        def visit(body, container, in_func):
            for node in body:
                if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                    is_class = isinstance(node, ast.ClassDef)
                    kind = "class" if is_class else ("method" if container else "function")
                    qual = ".".join(x for x in (mod, container, node.name) if x)
                    if in_func:
                        excl("declared inside a function (not sampled)", qual)
                    elif node.name.startswith("_"):
                        excl("private or special name (leading underscore; not sampled)", qual)
                    else:
                        kw = "class" if is_class else "def"
                        col = name_col(path, node.lineno, kw, node.name)
                        if col is None:
                            excl("name not found on its line", qual)
                        else:
                            decls.append({
                                "kind": kind, "name": node.name, "container": container,
                                "package": mod, "qualified": qual, "file": r,
                                "line": node.lineno, "col": col, "end_line": node.end_lineno,
                            })
                    if is_class:
                        visit(node.body, ".".join(x for x in (container, node.name) if x), in_func)
                    else:
                        visit(node.body, container, True)
                elif isinstance(node, (ast.If, ast.Try)) and not in_func:
                    # Definitions under `if`/`try` at module or class level
                    # (platform variants, fallbacks) count like others.
                    for part in (node.body, getattr(node, "orelse", []), getattr(node, "finalbody", [])):
                        visit(part, container, in_func)
                    for h in getattr(node, "handlers", []):
                        visit(h.body, container, in_func)

        visit(tree.body, "", False)
    return {"decls": decls, "excluded": excluded, "files": [rel(p) for p in files]}


def roles_of(path):
    """(line, byte col) -> (context, call, via) for every name and attribute."""
    if path in _roles:
        return _roles[path]
    roles = {}
    try:
        with open(path, "rb") as f:
            src = f.read()
        tree = ast.parse(src, path)
    except (SyntaxError, ValueError, OSError):
        _roles[path] = roles
        return roles
    parents = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[child] = node

    def pos(node):
        if isinstance(node, ast.Attribute):
            return (node.end_lineno, node.end_col_offset - len(node.attr.encode("utf-8")) + 1)
        return (node.lineno, node.col_offset + 1)

    for node in ast.walk(tree):
        if isinstance(node, ast.alias):
            if getattr(node, "lineno", None):
                roles[(node.lineno, node.col_offset + 1)] = ("import", False, "")
                # `import a.b.c`: also the last component
                last = node.name.split(".")[-1]
                if last != node.name:
                    roles[(node.lineno, node.col_offset + 1 + len(node.name) - len(last))] = ("import", False, "")
            continue
        if not isinstance(node, (ast.Name, ast.Attribute)):
            continue
        p = parents.get(node)
        via = ""
        if isinstance(node, ast.Attribute):
            if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
                via = "self"
            elif isinstance(node.value, ast.Name):
                via = "name"
            else:
                via = "expression"
        ctx, call = "value", False
        if isinstance(p, ast.Call) and p.func is node:
            ctx, call = "call", True
            gp = parents.get(p)
            if isinstance(gp, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and p in gp.decorator_list:
                ctx = "decorator"
        elif isinstance(p, ast.ClassDef) and node in p.bases:
            ctx = "inherit"
        elif isinstance(p, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node in p.decorator_list:
            ctx = "decorator"
        elif isinstance(p, ast.arg) and p.annotation is node or \
                isinstance(p, (ast.FunctionDef, ast.AsyncFunctionDef)) and p.returns is node or \
                isinstance(p, ast.AnnAssign) and p.annotation is node:
            ctx = "type-annotation"
        elif isinstance(node.ctx, ast.Store):
            ctx = "assignment"
        roles[pos(node)] = (ctx, call, via)
    _roles[path] = roles
    return roles


def handle(op, req, project, jedi):
    if op == "version":
        return {"jedi": jedi.__version__, "python": sys.version.split()[0]}
    if op == "list":
        return list_decls()
    path = os.path.join(ROOT, req["file"])
    line = req["line"]
    col = char_col(path, line, req["col"])
    script = jedi.Script(path=path, project=project)
    if op == "refs":
        out = []
        for n in script.get_references(line, col, include_builtins=False):
            if n.module_path is None or n.line is None:
                continue
            mp = str(n.module_path)
            bc = byte_col(mp, n.line, n.column)
            ctx, call, via = roles_of(mp).get((n.line, bc), ("unparsed", False, ""))
            r = rel(mp)
            out.append({
                "file": r, "line": n.line, "col": bc, "call": call, "context": ctx, "via": via,
                "definition": bool(n.is_definition()), "visible": not r.startswith("../"),
            })
        return {"refs": out}
    if op == "goto":
        out = []
        for n in script.goto(line, col, follow_imports=True):
            if n.module_path is None or n.line is None:
                continue
            mp = str(n.module_path)
            out.append({"file": rel(mp), "line": n.line, "col": byte_col(mp, n.line, n.column)})
        return {"defs": out}
    raise ValueError("unknown method %r" % op)


def main():
    try:
        import jedi
    except ImportError:
        print("jedi is not importable by %s; install it with: apt-get install -y python3-jedi" % sys.executable, file=sys.stderr)
        return 1
    project = jedi.Project(path=ROOT)
    for raw in sys.stdin:
        raw = raw.strip()
        if not raw:
            continue
        req = json.loads(raw)
        ans = {"jsonrpc": "2.0", "id": req.get("id")}
        try:
            ans["result"] = handle(req.get("method"), req.get("params") or {}, project, jedi)
        except Exception as e:  # an oracle failure on one symbol is recorded, not fatal
            ans["error"] = {"code": -32000, "message": "%s: %s" % (type(e).__name__, e)}
        print(json.dumps(ans), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
