package chunker

import (
	"slices"
	"strings"
	"testing"
)

const luaGraphSrc = `local json = require("json")
local util = require "lib.util"
local M = {}

--- Adds an item.
function M.add(cart, item)
  local copy = util.clone(item)
  helper(process, copy)
  return json.encode(copy)
end

function M:save(store)
  self:flush()
  store:write(self)
end

local function check(x) return x > 0 end
M.handler = function() return check(1) end

return M
`

func TestLuaGraph(t *testing.T) {
	src := luaGraphSrc
	g := analyzeGraph(t, "m.lua", src)
	checkImports(t, g, "json json", "util lib.util")
	checkDefs(t, g, src, []wantDef{
		{qualified: "M", kind: "var", at: "local M"},
		{qualified: "M.add", kind: "method", at: "M.add", doc: "Adds an item."},
		{qualified: "M.save", kind: "method", at: "M:save"},
		{qualified: "check", kind: "function", at: "function check"},
		{qualified: "M.handler", kind: "method", at: "M.handler"}, // as M.add is
	})
	checkRefs(t, g, src, []wantRef{
		{"clone", "util.clone", RefCall, "n:util", "M.add"},
		{"helper", "helper(", RefCall, "", "M.add"},
		{"process", "process,", RefOther, "", "M.add"},
		{"encode", "json.encode", RefCall, "n:json", "M.add"},
		{"flush", "self:flush", RefCall, "self", "M.save"},
		{"write", "store:write", RefCall, "?", "M.save"},
		{"check", "check(1)", RefCall, "", "M.handler"},
	})
	checkNoRefs(t, g, "cart", "item", "copy", "store", "self", "x")
}

// A table's function fields are declarations: a config's on_init and
// on_attach, whose calls come from whatever is handed the table.
func TestLuaTableFunctionFields(t *testing.T) {
	src := "local M = {}\n\nreturn {\n  cmd = { 'clangd' },\n  on_init = function(client, result)\n    return result\n  end,\n  on_attach = function(client, bufnr)\n    M.switch(bufnr)\n  end,\n}\n"
	g := analyzeGraph(t, "clangd.lua", src)
	checkDefs(t, g, src, []wantDef{
		{qualified: "on_init", kind: "function", at: "on_init ="},
		{qualified: "on_attach", kind: "function", at: "on_attach ="},
	})
	checkRefs(t, g, src, []wantRef{{"switch", "M.switch", RefCall, "n:M", "on_attach"}})
	for _, d := range g.Defs {
		if d.Name == "cmd" {
			t.Errorf("cmd, a table of strings, is declared: %+v", d)
		}
	}
}

// Lua's grammar folds the comments above a function into its node, a
// file's `---@brief` header a blank line above included: the function
// starts at the comments no blank line parts from it, and the header is
// no part of its doc.
func TestLuaDeclarationLeavesOutTheFileHeader(t *testing.T) {
	src := []byte("---@brief\n---\n--- Configures clangd.\n\n-- switch between source and header\nlocal function switch(bufnr)\n  return bufnr\nend\n\n---@param x number\n---@return number\nlocal function twice(x)\n  return 2 * x\nend\n")
	got := map[string]Symbol{}
	for _, s := range Symbols("clangd.lua", src) {
		got[s.Name] = s
	}
	if s := got["switch"]; s.StartLine != 5 || s.EndLine != 8 {
		t.Errorf("switch is lines %d-%d, want 5-8 (from the comment right above)", s.StartLine, s.EndLine)
	}
	if s := got["twice"]; s.StartLine != 10 || s.EndLine != 14 {
		t.Errorf("twice is lines %d-%d, want 10-14 (its ---@param doc included)", s.StartLine, s.EndLine)
	}
	g := analyzeGraph(t, "clangd.lua", string(src))
	for _, d := range g.Defs {
		if d.Name == "switch" && d.Doc != "switch between source and header" {
			t.Errorf("switch's doc is %q, want the comment right above it", d.Doc)
		}
	}
	covered := map[int]bool{}
	for _, c := range Split("clangd.lua", src, Options{}) {
		for i := c.StartLine; i <= c.EndLine; i++ {
			covered[i] = true
		}
	}
	for _, i := range []int{1, 2, 3, 5, 6, 10, 12} {
		if !covered[i] {
			t.Errorf("line %d is in no chunk", i)
		}
	}
}

// An annotation the grammar does not parse (a `---@field` with a
// description after its type) loses no declaration: `---` lines are read
// as the comments they are, and an error no longer runs on to the next
// `]]` (here an index of an index).
func TestLuaAnnotationsLoseNoDeclaration(t *testing.T) {
	src := []byte("---@class Runner\n---@field lhs string lhs\nlocal M = {}\n--- Finds a child.\nfunction M.f(c)\n  return c[c[1]]\nend\nfunction M.g()\n  return 1\nend\nreturn M\n")
	var got []string
	docs := map[string]string{}
	for _, s := range Symbols("runner.lua", src) {
		got = append(got, s.Qualified())
		docs[s.Qualified()] = s.Doc
	}
	if want := []string{"M", "M.f", "M.g"}; !slices.Equal(got, want) {
		t.Errorf("outline %q, want %q", got, want)
	}
	if docs["M.f"] != "--- Finds a child." {
		t.Errorf("M.f's doc is %q, want its --- comment", docs["M.f"])
	}
	bare := strings.Replace(string(src), "--- Finds a child.\n", "", 1)
	got = got[:0]
	for _, s := range Symbols("runner.lua", []byte(bare)) {
		got = append(got, s.Qualified())
	}
	if want := []string{"M", "M.f", "M.g"}; !slices.Equal(got, want) {
		t.Errorf("without the doc line: outline %q, want %q", got, want)
	}
}

// A call of what a method call returned (`picker:updater(win, buf)()`),
// which the grammar does not parse, loses no declaration after it.
func TestLuaMethodResultCallLosesNoDeclaration(t *testing.T) {
	src := []byte("ui.refresh = function(buf)\n  view:updater(view.win, view.buf)()\n  pane.move_preview(buf, 1)\n  pane.shift_preview(buf, -1)\n  pane.shift_preview(buf, 1)\n  pane.move_list(buf, -1)\n  pane.move_list(buf, 1)\n  pane.shift_list(buf, -1)\n  pane.shift_list(buf, 1)\n  if 0 ~= env.menu_open() then\n    keys.send(keys.code(\"<c-y>\", true, true, true), \"n\", true)\n  end\nend\nui.close = function(buf)\n  env.run [[open]]\nend\n")
	var got []string
	for _, s := range Symbols("actions.lua", src) {
		got = append(got, s.Qualified())
	}
	if want := []string{"ui.refresh", "ui.close"}; !slices.Equal(got, want) {
		t.Errorf("outline %q, want %q", got, want)
	}
}
