package tools

import (
	"testing"
)

// lexedRepo holds a file in each language chunked by a lexer instead of a
// grammar, each calling a function of another file of its language.
var lexedRepo = map[string]string{
	"lib/accounts.ex": "defmodule MyApp.Accounts do\n  @doc \"Gets a user.\"\n  def get_user(id), do: MyApp.Repo.fetch(id)\nend\n",
	"lib/repo.ex":     "defmodule MyApp.Repo do\n  def fetch(id) do\n    {:ok, id}\n  end\nend\n",
	"src/list.zig":    "const util = @import(\"util.zig\");\n\n/// Sums the items.\npub fn sum(xs: []const u8) u32 {\n    return util.fold(xs);\n}\n",
	"src/util.zig":    "pub fn fold(xs: []const u8) u32 {\n    var n: u32 = 0;\n    for (xs) |x| n += x;\n    return n;\n}\n",
	"src/Queue.hs":    "module Queue where\n\nimport qualified Util\n\n-- | The empty queue.\nempty :: [a]\nempty = Util.none\n",
	"src/Util.hs":     "module Util where\n\nnone :: [a]\nnone = []\n",
	"lib/app.dart":    "import 'store.dart';\n\n/// Starts the app.\nvoid start() {\n  Store().open();\n}\n",
	"lib/store.dart":  "class Store {\n  void open() {}\n}\n",
}

// get_symbols lists each lexed language's declarations, and navigation
// finds their definitions and callers across files.
func TestLexedLanguagesNavigate(t *testing.T) {
	svc, _ := indexedNav(t, lexedRepo)
	c := mcpClient(t, svc)
	for file, want := range map[string]string{"lib/accounts.ex": "get_user", "src/list.zig": "sum", "src/Queue.hs": "empty", "lib/app.dart": "start"} {
		var out struct {
			Language string                        `json:"language"`
			Symbols  []struct{ Name, Kind string } `json:"symbols"`
		}
		structured(t, callTool(t, c, "get_symbols", map[string]any{"file_path": file, "repository_id": svc.mustRepo(t)}), &out)
		found := false
		for _, s := range out.Symbols {
			found = found || s.Name == want && s.Kind == "function"
		}
		if !found {
			t.Errorf("%s (%s): symbols %+v, want function %s", file, out.Language, out.Symbols, want)
		}
		var defs struct {
			Definitions []struct {
				FilePath string `json:"file_path"`
				Doc      string
			} `json:"definitions"`
		}
		structured(t, callTool(t, c, "find_definition", map[string]any{"symbol": want}), &defs)
		if len(defs.Definitions) != 1 || defs.Definitions[0].FilePath != file || defs.Definitions[0].Doc == "" {
			t.Errorf("definition of %s: %+v, want %s with its doc", want, defs, file)
		}
	}
	for symbol, caller := range map[string]string{"fetch": "MyApp.Accounts.get_user", "fold": "sum", "none": "empty", "Store": "start"} {
		var refs refsOut
		structured(t, callTool(t, c, "find_references", map[string]any{"symbol": symbol}), &refs)
		found := false
		for _, r := range refs.References {
			found = found || r.Enclosing == caller
		}
		if refs.Definition.Symbol == "" || !found {
			t.Errorf("references to %s: %+v, want its definition and a use in %s", symbol, refs, caller)
		}
	}
}
