package chunker

import (
	"regexp"
	"strings"
	"testing"
)

// A compatibility module declares its functions in the branches of a
// version check or an optional import; its chunk is named for them, not
// for the import above them.
func TestPythonBranchDeclarationsNameTheChunk(t *testing.T) {
	src := `import sys

if sys.version_info >= (3, 11):
    def parse_toml(text):
        return tomllib.loads(text)
else:
    def parse_toml(text):
        return tomli.loads(text)

try:
    import orjson
except ImportError:
    orjson = None

    with suppress(ImportError):
        def fast_dumps(value):
            return json.dumps(value)
`
	chunks := Split("compat.py", []byte(src), Options{})
	if len(chunks) != 1 {
		t.Fatalf("want one chunk, got %d", len(chunks))
	}
	if c := chunks[0]; c.Symbol != "parse_toml, fast_dumps" || c.SymbolKind != "function" {
		t.Errorf("chunk named %q (%s), want the branches' functions and no fallback variable", c.Symbol, c.SymbolKind)
	}
}

// A branch too big for one chunk is split into pieces, each named for
// the functions it holds.
func TestPythonBranchPiecesAreNamed(t *testing.T) {
	var body strings.Builder
	for i := range 40 {
		body.WriteString("        value = transform(value, " + strings.Repeat("x", i%7+1) + ")\n")
	}
	src := "if sys.platform == \"win32\":\n    def read_registry(key):\n" + body.String() +
		"        return value\n\n    def proxy_bypass(host):\n" + body.String() + "        return host\n"
	chunks := Split("platform.py", []byte(src), Options{MaxTokens: 300})
	if len(chunks) < 2 {
		t.Fatalf("want the branch split, got %d chunk(s)", len(chunks))
	}
	for _, c := range chunks {
		if c.Symbol == "" || c.SymbolKind != "function" {
			t.Errorf("lines %d-%d named %q (%s), want the functions they hold", c.StartLine, c.EndLine, c.Symbol, c.SymbolKind)
		}
	}
	if last := chunks[len(chunks)-1]; !strings.Contains(last.Symbol, "proxy_bypass") {
		t.Errorf("last piece named %q, want proxy_bypass", last.Symbol)
	}
}

// A class whose methods all sit in a branch (typing stubs under `if
// TYPE_CHECKING:`) is split at them, and each piece is named for the
// methods of the class it holds, not for the class alone.
func TestPythonClassBranchMethodsAreSplit(t *testing.T) {
	var src strings.Builder
	src.WriteString("class Operations:\n    \"\"\"Migration operations.\"\"\"\n\n    if TYPE_CHECKING:\n")
	for _, name := range []string{"bulk_insert", "add_column", "drop_column"} {
		src.WriteString("\n        def " + name + "(self, table, rows):\n            \"\"\"Issue " + name + ".\n")
		for i := range 30 {
			src.WriteString("            line " + strings.Repeat("x", i%5+1) + " of the parameter documentation.\n")
		}
		src.WriteString("            \"\"\"\n            ...\n")
	}
	chunks := Split("ops.py", []byte(src.String()), Options{MaxTokens: 300})
	named := map[string]bool{}
	for _, c := range chunks {
		for _, n := range strings.Split(c.Symbol, ", ") {
			named[n] = true
		}
		if c.SymbolKind == "function" {
			t.Errorf("lines %d-%d named %q as functions, want the class's methods", c.StartLine, c.EndLine, c.Symbol)
		}
	}
	for _, want := range []string{"Operations.bulk_insert", "Operations.add_column", "Operations.drop_column"} {
		if !named[want] {
			t.Errorf("no chunk names %s: %v", want, named)
		}
	}
}

// A script's block (`if __name__ == "__main__":`) defining one function
// with its helpers nested in it lists them as that function's, split or
// not: a block too big for one chunk is no reason for the helpers to
// lose their parent.
func TestPythonMainBlockFunctionOwnsItsNestedFunctions(t *testing.T) {
	var body strings.Builder
	for i := range 12 {
		body.WriteString("            flow = rewrite(flow, " + strings.Repeat("y", i%5+1) + ")\n")
	}
	src := "if __name__ == \"__main__\":\n    opts = Options()\n\n    async def handle(reader, writer):\n" +
		"        def next_layer(nl):\n" + body.String() + "            return nl\n\n" +
		"        def request(flow):\n" + body.String() + "            return flow\n\n" +
		"        def response(flow):\n" + body.String() + "            return flow\n\n" +
		"        await serve(reader, writer, next_layer, request, response)\n\n    run(handle)\n"
	for _, budget := range []int{0, 200} {
		parents := map[string]string{}
		for _, s := range Outline("server.py", []byte(src)) {
			parents[s.Name] = s.Parent
		}
		for _, name := range []string{"next_layer", "request", "response"} {
			if p, ok := parents[name]; !ok || p != "handle" {
				t.Errorf("budget %d: %s listed %v with parent %q, want under handle", budget, name, ok, p)
			}
		}
		for _, c := range Split("server.py", []byte(src), Options{MaxTokens: budget}) {
			if strings.Contains(c.Symbol, "request") && !strings.Contains(c.Symbol, "handle.request") {
				t.Errorf("budget %d: chunk %d-%d named %q, want handle.request", budget, c.StartLine, c.EndLine, c.Symbol)
			}
		}
	}
}

// A module's names bound by unpacking or a chain of assignments are
// declared, each at its name (rrule's `MO, TU, … = weekdays = tuple(…)`),
// as ctags lists them; an attribute or item set declares nothing.
func TestPythonUnpackedAndChainedNamesAreDeclared(t *testing.T) {
	src := "MO, TU = weekdays = (0, 1)\nALPHA, *REST = 1, 2, 3\n(GAMMA, (DELTA, EPS)) = (3, (4, 5))\n[ZETA] = [6]\nconfig.x = cache[0] = ETA = 7\n"
	var got []string
	for _, s := range Outline("consts.py", []byte(src)) {
		got = append(got, s.Name+":"+s.Kind)
	}
	want := "MO:var TU:var weekdays:var ALPHA:var REST:var GAMMA:var DELTA:var EPS:var ZETA:var ETA:var"
	if strings.Join(got, " ") != want {
		t.Errorf("outline %v, want %s", got, want)
	}
	g := analyzeGraph(t, "consts.py", src)
	for _, name := range []string{"weekdays", "REST", "EPS", "ETA"} {
		if d := findDef(g, name); d == nil || d.Kind != "var" {
			t.Errorf("no var definition %s", name)
		}
	}
}

// Helpers nested in a function nested in another are the inner
// function's, in the outline and in the chunks split at them, as the
// graph names them (main.start.a), in Python as in JavaScript.
func TestFunctionsNestedTwiceNameTheirOwner(t *testing.T) {
	var body strings.Builder
	for i := range 12 {
		body.WriteString("            total = total + " + strings.Repeat("x", i%5+1) + "\n")
	}
	helper := func(name string) string {
		return "        def " + name + "(total):\n" + body.String() + "            return total\n\n"
	}
	py := "def main():\n    def start(argv):\n        files = []\n\n" + helper("a") + helper("b") + helper("c") + "        return a(files)\n    return start\n"
	js := strings.NewReplacer("def main():", "function main() {", "def start(argv):", "function start(argv) {", "files = []", "const files = [];").Replace(py)
	js = regexpDefs.ReplaceAllString(js, "function $1(total) {")
	js = strings.ReplaceAll(js, "            return total\n", "            return total\n        }\n") + "  }\n}\n"
	for path, src := range map[string]string{"cli.py": py, "cli.js": js} {
		parents := map[string]string{}
		for _, s := range Outline(path, []byte(src)) {
			parents[s.Name] = s.Parent
		}
		if p := parents["start"]; p != "main" {
			t.Errorf("%s: start listed under %q, want main", path, p)
		}
		for _, name := range []string{"a", "b", "c"} {
			if p := parents[name]; p != "main.start" {
				t.Errorf("%s: %s listed under %q, want main.start", path, name, p)
			}
		}
		named := 0
		for _, c := range Split(path, []byte(src), Options{MaxTokens: 120}) {
			if strings.Contains(c.Symbol, "main.start.") {
				named++
			} else if strings.Contains(c.Symbol, "main.a") || strings.Contains(c.Symbol, "main.b") {
				t.Errorf("%s: chunk %d-%d named %q, want under main.start", path, c.StartLine, c.EndLine, c.Symbol)
			}
		}
		if named == 0 {
			t.Errorf("%s: no chunk named under main.start", path)
		}
	}
}

// regexpDefs finds the Python helpers' heads to write them as JavaScript.
var regexpDefs = regexp.MustCompile(`def (\w+)\(total\):`)

// PHP's helpers declared under a guard (`if (! function_exists('app'))`,
// Laravel's helpers.php) name their chunks, as Python's branches do; the
// file's opening lines stay its imports.
func TestPHPGuardedFunctionsNameTheirChunks(t *testing.T) {
	var src strings.Builder
	src.WriteString("<?php\n\nuse App\\Container;\n\n")
	for _, name := range []string{"app", "config", "cache"} {
		src.WriteString("if (! function_exists('" + name + "')) {\n    /**\n     * Get the " + name + " instance.\n     */\n    function " + name + "($key = null)\n    {\n")
		for i := range 25 {
			src.WriteString("        $value" + strings.Repeat("x", i%4) + " = Container::getInstance()->make('" + name + "', [$key]);\n")
		}
		src.WriteString("        return $value;\n    }\n}\n\n")
	}
	var named []string
	for _, c := range Split("helpers.php", []byte(src.String()), Options{}) {
		if c.SymbolKind == "imports" {
			continue
		}
		if n := c.Symbol + " " + c.SymbolKind; len(named) == 0 || named[len(named)-1] != n {
			named = append(named, n) // a helper split in pieces names each
		}
	}
	if got := strings.Join(named, "|"); got != "app function|config function|cache function" {
		t.Errorf("chunks named %q, want each guarded helper's", got)
	}
}
