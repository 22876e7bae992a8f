// codeseek web UI: three views (search, file, repositories) drawn from the
// URL, so every view is a permalink. Everything it shows comes from the
// server's /api/ endpoints; code arrives as escaped, highlighted HTML.
"use strict";

const $ = (sel, root = document) => root.querySelector(sel);
const main = $("#main");
const DEBOUNCE_MS = 150;

function el(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const k of kids) if (k !== null && k !== undefined && k !== false) e.append(k);
  return e;
}

async function api(path, opts = {}) {
  const resp = await fetch(path, opts);
  let body = {};
  try { body = await resp.json(); } catch (e) { /* not JSON */ }
  if (!resp.ok) throw new Error(body.error || resp.status + " " + resp.statusText);
  return body;
}

function fileURL(repo, path, start, end) {
  const u = "/file?" + new URLSearchParams({ repo, path }).toString();
  if (!start) return u;
  return u + "#L" + start + (end && end !== start ? "-L" + end : "");
}

// codeTable renders highlighted lines with numbers; first is the number
// of the first line, marked a [start, end] range to shade.
function codeTable(lines, first, marked, linkLines, label) {
  const tbody = el("tbody");
  lines.forEach((html, i) => {
    const n = first + i;
    const num = linkLines ? el("a", { href: "#L" + n, text: String(n), tabindex: "-1" }) : String(n);
    const src = el("td", { class: "src" });
    src.innerHTML = html; // escaped and highlighted by the server
    const tr = el("tr", { id: linkLines ? "L" + n : null, "data-line": n }, el("td", { class: "ln" }, num), src);
    if (marked && n >= marked[0] && n <= marked[1]) tr.classList.add("mark");
    tbody.append(tr);
  });
  // A box that scrolls must take focus, so a keyboard can scroll it.
  return el("div", { class: "code", tabindex: "0", role: "region", "aria-label": label || "code" }, el("table", { role: "presentation" }, tbody));
}

// --- routing -------------------------------------------------------------

let cleanup = () => {};

function go(url, replace) {
  if (replace) history.replaceState(null, "", url);
  else history.pushState(null, "", url);
  render();
}

function render() {
  cleanup();
  cleanup = () => {};
  const path = location.pathname;
  for (const a of document.querySelectorAll(".bar nav a")) a.removeAttribute("aria-current");
  if (path === "/file") { $("#nav-search").setAttribute("aria-current", "page"); fileView(); }
  else if (path === "/repos") { $("#nav-repos").setAttribute("aria-current", "page"); reposView(); }
  else { $("#nav-search").setAttribute("aria-current", "page"); searchView(); }
}

document.addEventListener("click", (ev) => {
  const a = ev.target.closest("a");
  if (!a || ev.defaultPrevented || ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return;
  const u = new URL(a.href, location.href);
  if (u.origin !== location.origin || u.pathname.startsWith("/api/") || u.pathname.startsWith("/static/")) return;
  if (u.pathname === location.pathname && u.search === location.search && u.hash !== location.hash) {
    ev.preventDefault();
    history.pushState(null, "", u.href);
    window.dispatchEvent(new Event("hashchange"));
    return;
  }
  ev.preventDefault();
  go(u.href);
});
window.addEventListener("popstate", render);

// --- theme ---------------------------------------------------------------

function currentTheme() {
  const t = document.documentElement.dataset.theme;
  if (t) return t;
  return matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}
function labelTheme() {
  const next = currentTheme() === "dark" ? "light" : "dark";
  $("#theme").textContent = next === "dark" ? "Dark" : "Light";
  $("#theme").setAttribute("aria-label", "Switch to the " + next + " theme");
}
$("#theme").addEventListener("click", () => {
  const next = currentTheme() === "dark" ? "light" : "dark";
  document.documentElement.dataset.theme = next;
  try { localStorage.setItem("codeseek-theme", next); } catch (e) { /* not saved */ }
  labelTheme();
matchMedia("(prefers-color-scheme: dark)").addEventListener("change", labelTheme);
});
labelTheme();

// --- keyboard ------------------------------------------------------------

function typing(t) {
  return t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA");
}

// keys is the current view's handler for arrows, Enter and Escape.
let keys = null;
document.addEventListener("keydown", (ev) => {
  if (ev.key === "/" && !typing(ev.target)) {
    const q = $("#q");
    if (q) { ev.preventDefault(); q.focus(); q.select(); }
    else { ev.preventDefault(); go("/"); }
    return;
  }
  if (keys) keys(ev);
});

// moveSelection steps the selected item of list by d and scrolls to it.
function moveSelection(items, d) {
  if (!items.length) return -1;
  let i = items.findIndex((x) => x.classList.contains("selected"));
  items.forEach((x) => x.classList.remove("selected"));
  i = Math.max(0, Math.min(items.length - 1, i + d));
  items[i].classList.add("selected");
  items[i].scrollIntoView({ block: "nearest" });
  return i;
}

// --- search --------------------------------------------------------------

let repoOptions = null; // cached list for the repository filter

function searchView() {
  const params = new URLSearchParams(location.search);
  const state = {
    q: params.get("q") || "", kind: params.get("kind") === "docs" ? "docs" : "code",
    mode: params.get("mode") || "hybrid", lang: params.get("lang") || "", dir: params.get("dir") || "",
    repo: params.get("repo") || "",
  };
  document.title = state.q ? state.q + " – codeseek" : "codeseek";
  // A textarea, so that a bug report pasted whole keeps its lines: the
  // ranker reads a long text over several lines as a report. It grows
  // with what it holds; Enter searches, Shift+Enter starts a new line.
  const q = el("textarea", { id: "q", rows: "1", placeholder: "Search code: a question, an identifier or a bug report", autocomplete: "off", spellcheck: "false", "aria-describedby": "keys" });
  q.value = state.q;
  const fit = () => { q.style.height = "auto"; q.style.height = Math.min(q.scrollHeight + 2, Math.round(window.innerHeight * 0.4)) + "px"; };
  const kindBtn = (k, label) => el("button", { type: "button", "data-kind": k, "aria-pressed": String(state.kind === k), text: label });
  const kinds = el("div", { class: "switch", role: "group", "aria-label": "Search in" }, kindBtn("code", "Code"), kindBtn("docs", "Docs"));
  const mode = el("select", { id: "mode" }, ...["hybrid", "vector", "lexical"].map((m) => el("option", { value: m, selected: state.mode === m, text: m })));
  const lang = el("input", { id: "lang", type: "text", value: state.lang, placeholder: "go, .py", size: "8" });
  const dir = el("input", { id: "dir", type: "text", value: state.dir, placeholder: "internal/server", size: "14" });
  const repo = el("select", { id: "repo" }, el("option", { value: "", text: "all" }));
  const status = el("div", { class: "status", id: "status", role: "status", "aria-live": "polite" });
  const results = el("ol", { class: "results", id: "results", "aria-label": "Results" });
  main.replaceChildren(
    el("h1", { class: "visually-hidden", text: "Search" }),
    el("form", { class: "search", role: "search", onsubmit: (e) => { e.preventDefault(); run(0); } },
      el("label", { for: "q", class: "visually-hidden", text: "Search query" }), q,
      el("div", { class: "filters" }, kinds,
        el("label", { for: "mode" }, "mode", mode),
        el("label", { for: "lang" }, "language", lang),
        el("label", { for: "dir" }, "directory", dir),
        el("label", { for: "repo" }, "repository", repo)),
      el("p", { class: "keys", id: "keys" }, el("kbd", { text: "/" }), " search · ", el("kbd", { text: "↑" }), el("kbd", { text: "↓" }), " choose · ", el("kbd", { text: "Enter" }), " open · ", el("kbd", { text: "Shift+Enter" }), " new line · ", el("kbd", { text: "Esc" }), " back")),
    status, results);

  const fillRepos = (list) => {
    for (const r of list) repo.append(el("option", { value: r.id, selected: state.repo === r.id, text: r.path.split("/").slice(-2).join("/") + " (" + r.id + ")" }));
    if (state.repo && !list.some((r) => r.id === state.repo)) repo.append(el("option", { value: state.repo, selected: true, text: state.repo }));
  };
  if (repoOptions) fillRepos(repoOptions);
  else api("/api/repos").then((b) => { repoOptions = b.repositories; fillRepos(repoOptions); }).catch(() => fillRepos([]));

  let timer = 0, seq = 0, ctrl = null, lastKey = 0;
  const permalink = () => {
    const p = new URLSearchParams();
    if (state.q) p.set("q", state.q);
    if (state.kind !== "code") p.set("kind", state.kind);
    if (state.mode !== "hybrid") p.set("mode", state.mode);
    for (const k of ["lang", "dir", "repo"]) if (state[k]) p.set(k, state[k]);
    const s = p.toString();
    return "/" + (s ? "?" + s : "");
  };
  async function run(delay) {
    clearTimeout(timer);
    state.q = q.value.trim();
    Object.assign(state, { mode: mode.value, lang: lang.value.trim(), dir: dir.value.trim(), repo: repo.value || state.repo });
    history.replaceState(null, "", permalink());
    document.title = state.q ? state.q + " – codeseek" : "codeseek";
    if (!state.q) { results.replaceChildren(); status.textContent = ""; return; }
    timer = setTimeout(async () => {
      const my = ++seq;
      if (ctrl) ctrl.abort();
      ctrl = new AbortController();
      const p = new URLSearchParams({ q: state.q, kind: state.kind, mode: state.mode, lang: state.lang, dir: state.dir, repo: state.repo });
      status.textContent = "searching…";
      try {
        const body = await api("/api/search?" + p.toString(), { signal: ctrl.signal });
        if (my !== seq) return;
        showResults(body, my);
      } catch (e) {
        if (e.name === "AbortError" || my !== seq) return;
        results.replaceChildren();
        status.replaceChildren(el("span", { class: "error", text: e.message }));
      }
    }, delay);
  }
  function showResults(body) {
    const items = body.results.map((h) => {
      const open = el("a", { class: "open", href: fileURL(h.repo, h.path, h.start, h.end), text: h.path + ":" + h.start + "–" + h.end });
      return el("li", { class: "hit", "data-path": h.path },
        el("header", {}, open,
          h.symbol ? el("code", { text: h.symbol }) : null,
          el("span", { class: "meta", text: [h.kind, h.language, "score " + h.score.toFixed(3)].filter(Boolean).join(" · ") })),
        h.copies ? el("p", { class: "meta copies" }, "same text in ",
          ...h.copies.flatMap((c, i) => [i ? ", " : "", el("a", { href: fileURL(h.repo, c), text: c })])) : null,
        codeTable(h.lines, h.start, null, false, "lines " + h.start + "–" + h.end + " of " + h.path));
    });
    results.replaceChildren(...items);
    status.replaceChildren(...[
      body.results.length + " result" + (body.results.length === 1 ? "" : "s") + " in " + (body.took_ms < 10 ? body.took_ms.toFixed(1) : Math.round(body.took_ms)) + " ms · ",
      el("a", { href: permalink(), id: "permalink", text: "permalink" }),
      body.warning ? el("span", { class: "error", text: " · " + body.warning }) : null].filter(Boolean));
    results.dataset.query = state.q;
    // Time from the last keystroke to the first frame with these results
    // (docs/web-ui.md's measurement reads it).
    const key = lastKey;
    requestAnimationFrame(() => {
      if (key) results.dataset.ms = (performance.now() - key).toFixed(1);
      results.dataset.rendered = String(Number(results.dataset.rendered || 0) + 1);
    });
  }
  q.addEventListener("input", () => { lastKey = performance.now(); fit(); run(DEBOUNCE_MS); });
  for (const f of [mode, repo]) f.addEventListener("change", () => { if (f === repo) state.repo = repo.value; run(0); });
  for (const f of [lang, dir]) f.addEventListener("input", () => run(DEBOUNCE_MS));
  kinds.addEventListener("click", (e) => {
    const b = e.target.closest("button[data-kind]");
    if (!b) return;
    state.kind = b.dataset.kind;
    for (const x of kinds.querySelectorAll("button")) x.setAttribute("aria-pressed", String(x === b));
    q.placeholder = state.kind === "docs" ? "Search documentation" : "Search code: a question or an identifier";
    run(0);
  });
  keys = (ev) => {
    const items = [...results.querySelectorAll(".hit")];
    if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
      if (typing(ev.target) && ev.target !== q) return;
      ev.preventDefault();
      moveSelection(items, ev.key === "ArrowDown" ? 1 : -1);
    } else if (ev.key === "Enter") {
      if (ev.target !== q && typing(ev.target)) return;
      if (ev.target === q && ev.shiftKey) return; // a new line of the query
      // Enter opens the chosen result, else the first, once the results
      // are the query's; before that it searches at once.
      const fresh = results.dataset.query === q.value.trim();
      const sel = fresh && (items.find((x) => x.classList.contains("selected")) || items[0]);
      if (sel) { ev.preventDefault(); $("a.open", sel).click(); }
      else if (ev.target === q) { ev.preventDefault(); run(0); }
    } else if (ev.key === "Escape") {
      if (document.activeElement === q) q.blur();
      else if (history.length > 1) history.back();
    }
  };
  fit();
  if (state.q) run(0);
  else q.focus();
}

// --- file ----------------------------------------------------------------

function hashRange() {
  const m = /^#L(\d+)(?:-L?(\d+))?$/.exec(location.hash);
  if (!m) return null;
  const a = Number(m[1]), b = Number(m[2] || m[1]);
  return [Math.min(a, b), Math.max(a, b)];
}

async function fileView() {
  const params = new URLSearchParams(location.search);
  const repo = params.get("repo") || "", path = params.get("path") || "";
  document.title = path + " – codeseek";
  main.replaceChildren(el("p", { class: "status", role: "status", text: "loading " + path + "…" }));
  let f;
  try {
    f = await api("/api/file?" + new URLSearchParams({ repo, path }).toString());
  } catch (e) {
    main.replaceChildren(el("h1", { text: path }), el("p", { class: "error", role: "alert", text: e.message }));
    return;
  }
  const code = codeTable(f.lines, 1, null, true, f.path);
  code.id = "code";
  const outline = el("ul", { class: "outline", id: "outline" });
  for (const s of f.outline) {
    outline.append(el("li", {}, el("button", { type: "button", "data-start": s.start, "data-end": s.end, title: s.signature || s.name },
      (s.parent ? s.parent + "." : "") + s.name + " ", el("span", { class: "kind", text: s.kind }))));
  }
  if (!f.outline.length) outline.append(el("li", { class: "kind", text: f.warning || "no declarations" }));
  const navPanel = el("section", { class: "nav-panel", id: "navpanel", "aria-live": "polite" },
    el("h2", { text: "Definition and references" }),
    el("p", { class: "kind", text: "Click a name in the code." }));
  main.replaceChildren(el("div", { class: "fileview" },
    el("section", { "aria-label": "File" },
      el("h1", { text: f.path }),
      el("p", { class: "keys" }, f.language + " · " + f.lines.length + " lines · ", el("a", { href: "/?" + new URLSearchParams({ repo }).toString(), text: "search this repository" })),
      code),
    el("aside", { "aria-label": "Outline and navigation" },
      el("nav", { "aria-label": "Outline" }, el("h2", { text: "Outline" }), outline), navPanel)));

  const mark = (scroll) => {
    for (const tr of code.querySelectorAll("tr.mark")) tr.classList.remove("mark");
    const r = hashRange();
    if (!r) return;
    for (let n = r[0]; n <= r[1]; n++) { const tr = document.getElementById("L" + n); if (tr) tr.classList.add("mark"); }
    const first = document.getElementById("L" + r[0]);
    if (first && scroll) first.scrollIntoView({ block: "center" });
  };
  mark(true);
  const onHash = () => mark(true);
  window.addEventListener("hashchange", onHash);
  cleanup = () => window.removeEventListener("hashchange", onHash);

  outline.addEventListener("click", (e) => {
    const b = e.target.closest("button[data-start]");
    if (!b) return;
    for (const x of outline.querySelectorAll("button")) x.classList.toggle("current", x === b);
    history.pushState(null, "", "#L" + b.dataset.start + "-L" + b.dataset.end);
    mark(true);
  });

  code.addEventListener("click", (e) => {
    const td = e.target.closest("td.src");
    const sel = window.getSelection();
    if (!td || !sel || !sel.isCollapsed || !sel.focusNode || !td.contains(sel.focusNode)) return;
    const r = document.createRange();
    r.setStart(td, 0);
    r.setEnd(sel.focusNode, sel.focusOffset);
    const offset = r.toString().length;
    const text = td.textContent;
    let a = offset, b = offset;
    while (a > 0 && /[\w$]/.test(text[a - 1])) a--;
    while (b < text.length && /[\w$]/.test(text[b])) b++;
    if (a === b || /^\d/.test(text.slice(a, b))) return;
    const line = Number(td.parentElement.dataset.line);
    navigate(repo, path, line, a + 1, text.slice(a, b), navPanel);
  });

  keys = (ev) => {
    const items = [...outline.querySelectorAll("button")];
    if (ev.key === "ArrowDown" || ev.key === "ArrowUp") {
      if (typing(ev.target)) return;
      ev.preventDefault();
      items.forEach((x) => x.classList.remove("selected"));
      let i = items.findIndex((x) => x.classList.contains("current"));
      i = Math.max(0, Math.min(items.length - 1, i + (ev.key === "ArrowDown" ? 1 : -1)));
      if (items[i]) { items[i].focus(); items[i].click(); }
    } else if (ev.key === "Escape") {
      ev.preventDefault();
      if (history.length > 1) history.back(); else go("/?" + new URLSearchParams({ repo }).toString());
    }
  };
}

// navigate fills the panel with the definition and references of the
// name at a position; a position the graph does not know falls back to
// the name.
async function navigate(repo, path, line, col, name, panel) {
  panel.replaceChildren(el("h2", { text: name }), el("p", { class: "kind", text: "looking up…" }));
  const p = new URLSearchParams({ repo, path, line: String(line), col: String(col), symbol: name }).toString();
  const [defs, refs] = await Promise.allSettled([api("/api/definition?" + p), api("/api/references?" + p)]);
  const list = (items, empty, cls) => {
    const ul = el("ul", { class: cls });
    for (const x of items) {
      ul.append(el("li", {}, el("a", { class: "ref", href: fileURL(x.repo, x.path, x.line, x.end) },
        x.path + ":" + x.line + (x.symbol ? " " + x.symbol : ""),
        x.text ? el("span", { class: "reftext", text: x.text }) : null)));
    }
    if (!items.length) ul.append(el("li", { class: "kind", text: empty }));
    return ul;
  };
  const kids = [el("h2", { text: name })];
  kids.push(el("h3", { class: "kind", text: "Definitions" }));
  kids.push(defs.status === "fulfilled" ? list(defs.value.definitions, "none found", "defs") : el("p", { class: "error", text: defs.reason.message }));
  kids.push(el("h3", { class: "kind", text: "References" + (refs.status === "fulfilled" ? " (" + refs.value.total + ")" : "") }));
  kids.push(refs.status === "fulfilled" ? list(refs.value.references, "none found", "refs") : el("p", { class: "error", text: refs.reason.message }));
  panel.replaceChildren(...kids);
}

// --- repositories --------------------------------------------------------

function reposView() {
  document.title = "Repositories – codeseek";
  const tbody = el("tbody", { id: "repos" });
  const msg = el("p", { class: "status", id: "repomsg", role: "status", "aria-live": "polite" });
  const path = el("input", { id: "indexpath", type: "text", placeholder: "/path/to/repository", autocomplete: "off" });
  const form = el("form", { class: "index", onsubmit: async (e) => {
    e.preventDefault();
    await startIndex(path.value.trim(), false, msg);
  } }, el("label", { for: "indexpath", text: "Index a directory" }), path, el("button", { type: "submit", class: "primary", text: "Index" }));
  main.replaceChildren(el("h1", { text: "Repositories" }), form, msg,
    el("table", { class: "repos" },
      el("thead", {}, el("tr", {}, el("th", { scope: "col", text: "Repository" }), el("th", { scope: "col", text: "Files" }),
        el("th", { scope: "col", class: "wide", text: "Chunks" }), el("th", { scope: "col", class: "wide", text: "Indexed" }),
        el("th", { scope: "col", text: "Status" }), el("th", { scope: "col", text: "Action" }))),
      tbody));

  const draw = (list) => {
    if (!list.length) {
      tbody.replaceChildren(el("tr", {}, el("td", { colspan: "6", text: "Nothing indexed yet: index a directory above." })));
      return;
    }
    repoOptions = list;
    tbody.replaceChildren(...list.map((r) => {
      const running = r.status === "indexing";
      const status = el("td", { class: "state", "data-status": r.status });
      if (running) {
        const label = r.phase + (r.total ? " " + r.done + "/" + r.total : "");
        status.append(el("progress", { max: String(r.total || 1), value: r.total ? String(r.done) : null, "aria-label": "progress of " + r.path }), " ", el("span", { text: "indexing " + label }));
      } else if (r.status === "failed") {
        status.append(el("span", { class: "error", text: "failed" }), el("br"), el("span", { class: "kind", text: r.error }));
      } else if (r.status === "missing") {
        status.append(el("span", { class: "error", text: "directory missing" }), el("br"), el("span", { class: "kind", text: "searched from its index; its files cannot be opened" }));
      } else status.textContent = "done";
      return el("tr", { "data-id": r.id, "data-path": r.path },
        el("td", { class: "path" }, el("a", { href: "/?" + new URLSearchParams({ repo: r.id }).toString(), text: r.path }), el("br"), el("span", { class: "kind", text: r.id + (r.project ? " · " + r.project : "") })),
        el("td", { class: "num", text: String(r.files) }),
        el("td", { class: "num wide", text: String(r.chunks) }),
        el("td", { class: "wide", text: r.indexed_at ? new Date(r.indexed_at).toLocaleString() : "–" }),
        status,
        el("td", {}, el("button", { type: "button", disabled: running, "aria-label": "Re-index " + r.path, text: "Re-index", onclick: () => startIndex(r.path, false, msg) })));
    }));
  };
  api("/api/repos").then((b) => draw(b.repositories)).catch((e) => { msg.textContent = e.message; });
  const es = new EventSource("/api/events");
  es.addEventListener("repos", (e) => {
    const b = JSON.parse(e.data);
    if (b.error) msg.textContent = b.error; else draw(b.repositories);
  });
  cleanup = () => es.close();
  keys = (ev) => {
    if (ev.key === "Escape" && !typing(ev.target)) { ev.preventDefault(); if (history.length > 1) history.back(); else go("/"); }
  };
}

async function startIndex(path, force, msg) {
  if (!path) { msg.textContent = "Give the directory to index."; return; }
  msg.textContent = "starting " + path + "…";
  try {
    const r = await api("/api/index", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ path, force }) });
    msg.textContent = "indexing " + path + " (" + r.id + ")";
  } catch (e) {
    msg.replaceChildren(el("span", { class: "error", text: e.message }));
  }
}

render();
