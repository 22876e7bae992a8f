package chunker

import "testing"

func TestFileMarks(t *testing.T) {
	for _, c := range []struct {
		path, src string
		want      Marks
	}{
		{"types/lsp/pyright.lua", "---@meta\n\n---@class lspconfig.settings.pyright\n", MarkStub},
		{"meta/vim.lua", "\xef\xbb\xbf\n---@meta _\nvim = {}\n", MarkStub},
		{"lua/plugin.lua", "local M = {}\n---@meta\nreturn M\n", 0},          // not the first line
		{"lua/plugin.lua", "---@metatable of the config\nlocal M = {}\n", 0}, // another word
		{"lua/plugin.lua", "-- ---@meta\nlocal M = {}\n", 0},
		{"script.py", "---@meta\n", 0},
	} {
		if got := FileMarks(Language(c.path, []byte(c.src)), []byte(c.src)); got != c.want {
			t.Errorf("%s %q: marks %v, want %v", c.path, c.src, got, c.want)
		}
	}
	a, err := Analyze("types/lsp/pyright.lua", []byte("---@meta\n\n---@class Settings\n---@field enabled boolean\n"), Options{})
	if err != nil || a.Marks != MarkStub {
		t.Errorf("Analyze: marks %v (%v), want the stub mark", a.Marks, err)
	}
}
