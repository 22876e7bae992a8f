package chunker

import (
	"strings"
	"testing"
)

// Files checked out on Windows (git's autocrlf) end their lines with CRLF.
// They must chunk as their LF twins do: same spans, same symbols, so an
// index and its answers do not depend on the platform that made them.
func TestCRLFChunksLikeLF(t *testing.T) {
	files := map[string]string{
		"a.go": "package a\n\n// Sum adds.\nfunc Sum(a, b int) int {\n\treturn a + b\n}\n\ntype T struct{ X int }\n\nfunc (t T) Get() int { return t.X }\n",
		"a.py": "import os\n\n\nclass Box:\n    \"\"\"A box.\"\"\"\n\n    def open(self):\n        return os.getcwd()\n\n\ndef main():\n    Box().open()\n",
		"a.md": "# Title\n\nIntro.\n\n## Install\n\nRun it.\n\n## Use\n\nCall it.\n",
	}
	for name, lf := range files {
		crlf := strings.ReplaceAll(lf, "\n", "\r\n")
		a, b := Split(name, []byte(lf), Options{}), Split(name, []byte(crlf), Options{})
		if len(a) == 0 || len(a) != len(b) {
			t.Fatalf("%s: %d chunks with LF, %d with CRLF", name, len(a), len(b))
		}
		for i := range a {
			if a[i].StartLine != b[i].StartLine || a[i].EndLine != b[i].EndLine || a[i].Symbol != b[i].Symbol || a[i].SymbolKind != b[i].SymbolKind || a[i].Signature != b[i].Signature || a[i].Doc != strings.ReplaceAll(b[i].Doc, "\r", "") {
				t.Errorf("%s chunk %d: LF %d-%d %q %s, CRLF %d-%d %q %s", name, i,
					a[i].StartLine, a[i].EndLine, a[i].Symbol, a[i].SymbolKind, b[i].StartLine, b[i].EndLine, b[i].Symbol, b[i].SymbolKind)
			}
		}
	}
}
