package chunker

import (
	"strings"
	"testing"
)

func TestHighlightClassifiesAcrossLanguages(t *testing.T) {
	cases := []struct {
		lang, src string
		want      map[string]TokenClass
	}{
		{"go", "// Sum adds.\nfunc Sum(a int) string {\n\treturn \"x\" + 42\n}\n",
			map[string]TokenClass{"// Sum adds.": ClassComment, "func": ClassKeyword, "return": ClassKeyword, `"x"`: ClassString, "42": ClassNumber, "int": ClassType}},
		{"python", "# note\ndef f(x):\n    return 'a' if x else 3.5\n",
			map[string]TokenClass{"# note": ClassComment, "def": ClassKeyword, "return": ClassKeyword, "'a'": ClassString, "3.5": ClassNumber}},
		{"rust", "/* c */ fn main() -> u32 { let s = \"hi\"; 7 }",
			map[string]TokenClass{"/* c */": ClassComment, "fn": ClassKeyword, "let": ClassKeyword, `"hi"`: ClassString, "7": ClassNumber, "u32": ClassType}},
	}
	for _, tc := range cases {
		got := map[string]TokenClass{}
		for _, tok := range Highlight(tc.lang, []byte(tc.src)) {
			got[tc.src[tok.Start:tok.End]] = tok.Class
		}
		for text, class := range tc.want {
			if got[text] != class {
				t.Errorf("%s: %q classed %d, want %d (all: %v)", tc.lang, text, got[text], class, got)
			}
		}
		if c, ok := got["("]; ok {
			t.Errorf("%s: punctuation classed %d", tc.lang, c)
		}
	}
}

func TestHighlightFragmentAndUnknownLanguage(t *testing.T) {
	if Highlight("text", []byte("func x")) != nil || Highlight("cobol", []byte("x")) != nil {
		t.Error("a language without a grammar was highlighted")
	}
	// A chunk cut mid-function still colours what it can.
	src := "\treturn fmt.Sprintf(\"%d\", n)\n}\n"
	var strs []string
	for _, tok := range Highlight("go", []byte(src)) {
		if tok.Class == ClassString {
			strs = append(strs, src[tok.Start:tok.End])
		}
	}
	if strings.Join(strs, ",") != `"%d"` {
		t.Errorf("fragment strings %q", strs)
	}
}
