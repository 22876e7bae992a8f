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
		{"lib/api/lib.api", "public final class org/acme/Pool {\n\tpublic fun <init> (I)V\n}\n", MarkBuilt},
		{"lib/api/lib.klib.api", "// Klib ABI Dump\n// Targets: [iosArm64]\n", MarkBuilt},
		{"notes.txt", "public final class Pool is what callers see.\n", 0},
		{"notes.txt", "Public class a/b paths are dumped.\n", 0},
		{"priv/static/widget.js", "var Widget = (() => {\n  // js/widget/dom.ts\n  var a = 1;\n  // js/widget/view.ts\n  var b = 2;\n" +
			"  // node_modules/morphdom/dist/morphdom-esm.js\n  var c = 3;\n  return a;\n})();\n", MarkBuilt},
		{"src/widget.ts", "// src/widget.ts\nimport { a } from './dom';\n// see lib/view.ts\n// and docs/view.md\nexport const b = a;\n", 0},
		// Shell completion scripts, by the lines declaring what they complete.
		{"completion/zsh/_shelf", "#compdef shelf\ntypeset -A opt_args\n_arguments '--dry[print only]'\n", MarkCompletion},
		{"completion/fish/shelf.fish", "function __shelf_tasks\n  shelf --list\nend\ncomplete -c shelf -l dry -d 'print only'\n" +
			"complete -c shelf -l offline -d 'use the cache'\ncomplete -c shelf -a '(__shelf_tasks)'\n", MarkCompletion},
		{"completion/bash/shelf.bash", "_shelf() {\n  COMPREPLY=( $(compgen -W \"--dry --offline\" -- $cur) )\n}\ncomplete -o default -F _shelf shelf\n", MarkCompletion},
		{"completion/nu/shelf.nu", "export extern \"shelf\" [\n  --dry # print only\n]\n", MarkCompletion},
		{"completion/ps/shelf.ps1", "Register-ArgumentCompleter -Native -CommandName shelf -ScriptBlock {\n}\n", MarkCompletion},
		// A fish function registering its own one completion, C's linkage,
		// a program writing a script: no completion scripts.
		{"functions/up.fish", "function up\n  cd ..\nend\ncomplete -c up -f\n", 0},
		{"include/shelf.h", "#ifdef __cplusplus\nextern \"C\" {\n#endif\nint shelf(void);\n", 0},
		{"src/complete/bash.rs", "const TEMPLATE: &str = \"_shelf() {\\n COMPREPLY=()\\n}\\ncomplete -F _shelf shelf\";\nfn generate() -> String { TEMPLATE.into() }\n", 0},
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

// An entry-point file that declares code is marked as code; one that only
// re-exports, and files not named as entry points, are not. A file whose
// declarations are mostly test blocks is marked as tests.
func TestCodeMarks(t *testing.T) {
	for _, c := range []struct {
		path, src string
		want      Marks
	}{
		{"src/expect/index.ts", "import { chai } from './chai'\n\nexport function createExpect(test) {\n  return chai.expect(test)\n}\n", MarkCode},
		{"pkg/__init__.py", "class Model:\n    def encode(self, text):\n        return text\n", MarkCode},
		{"pkg/__init__.py", "from .model import Model\nfrom .train import fit\n\n__all__ = ['Model', 'fit']\n", 0},
		{"src/public/index.ts", "export { describe, it } from './suite'\nexport * from './hooks'\n", 0},
		{"src/expect/create.ts", "export function createExpect(test) {\n  return test\n}\n", 0}, // not an entry point
		// A file of test blocks, whatever its name says, and a runner's
		// module named test.
		{"src/clamp/test.ts", "import { clamp } from './index.ts'\n\ndescribe('clamp', () => {\n  it('clamps', () => {\n    expect(clamp(1)).toBe(1)\n  })\n})\n", MarkTests},
		{"packages/runner/src/runners/test.ts", "export function createTestContext(test) {\n  return { test }\n}\n", 0},
	} {
		a, err := Analyze(c.path, []byte(c.src), Options{})
		if err != nil || a.Marks != c.want {
			t.Errorf("%s: marks %v (%v), want %v", c.path, a.Marks, err, c.want)
		}
	}
}

// A JavaScript or CSS file whose last line names its source map is a
// bundler's output; one that mentions a source map elsewhere is not.
func TestBuiltFilesNameTheirSourceMap(t *testing.T) {
	for _, tc := range []struct {
		lang, src string
		want      Marks
	}{
		{"javascript", "function add(a, b) {\n  return a + b;\n}\n//# sourceMappingURL=lib.js.map\n", MarkBuilt},
		{"css", ".a{color:red}\n/*# sourceMappingURL=app.css.map */\n", MarkBuilt},
		{"javascript", "// emits //# sourceMappingURL= lines\nfunction emit() {}\n", 0},
		{"python", "x = 1\n# sourceMappingURL=x\n", 0},
	} {
		if got := FileMarks(tc.lang, []byte(tc.src)); got != tc.want {
			t.Errorf("%s %q: marks %b, want %b", tc.lang, tc.src, got, tc.want)
		}
	}
}
