package tokens

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// reference is o200k_base's pre-tokenizer pattern (split.go) for Go's
// regexp, which prefers among alternatives and repetitions as a
// backtracking engine does: \s is spelled out as unicode.IsSpace's set
// (regexp's is ASCII), and the lookahead of \s+(?!\S), which regexp
// lacks, becomes a run at the end of the text or a run before one more
// space, of which the piece is the first group.
var reference = regexp.MustCompile(strings.NewReplacer(`\s`, `\t\n\v\f\r\x{85}\p{Z}`).Replace(
	`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?|` +
		`[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?|` +
		`\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|[\s]*[\r\n]+|[\s]+$|([\s]+)[\s]|[\s]+`))

// referencePieces is the reference's split of s.
func referencePieces(s string) []string {
	var out []string
	for len(s) > 0 {
		m := reference.FindStringSubmatchIndex(s)
		if m == nil || m[0] != 0 {
			panic(fmt.Sprintf("reference pattern skips %q", s))
		}
		end := m[1]
		if m[2] >= 0 {
			end = m[3]
		}
		out = append(out, s[:end])
		s = s[end:]
	}
	return out
}

func pieces(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		e := nextPiece(s, i)
		if e <= i {
			panic("nextPiece made no progress")
		}
		out = append(out, s[i:e])
		i = e
	}
	return out
}

// splitSeeds are texts where the alternatives' classes overlap or their
// backtracking matters: marks and modifier letters in both letter
// classes, title case, other digits, contractions in odd cases, white
// space before a word, a break or the end.
var splitSeeds = []string{
	"", "a", "ABCdef", "HTTPServer", "don't WON'T I'M we'Re they'LL it's 'S 'ſ", "ǅemal ǅ", "ʰa aʰ ʰʰ", "a\u0301b \u0301abc Ä\u0301",
	"日本語のテキスト", "١٢٣٤٥ Ⅻ½ 1234567", "x\u00a0 y\u2003z", "\t(", "  a", "a  \n b", " \n\n ", "a\r\n\r\n  b", "foo//bar\n/",
	" ((x)) ", "K\u212a k", "İstanbul ß ẞ", "\u200d\u200c", "🎉🚀a", "emoji 👍🏽 ok", "a'", "a'x", "\x00\x01 \x7f", "\n \n", "a  \n b",
	"naïve café — Ελληνικά", "path/to/file.go:12:3", "x := []int{1, 2}\n\treturn\n}\n",
}

func TestSplitMatchesThePattern(t *testing.T) {
	texts := append([]string{}, splitSeeds...)
	for _, glob := range []string{filepath.Join(runtime.GOROOT(), "src", "unicode", "*.go"), "../*/*.md", "../chunker/testdata/*/*"} {
		files, _ := filepath.Glob(glob)
		for i, f := range files {
			if i >= 10 {
				break
			}
			if b, err := os.ReadFile(f); err == nil {
				texts = append(texts, strings.ToValidUTF8(string(b), "\uFFFD"))
			}
		}
	}
	for _, s := range texts {
		if got, want := pieces(s), referencePieces(s); !slices.Equal(got, want) {
			t.Errorf("%.40q: split differs from the engine's\n got %q\nwant %q", s, first(got, 12), first(want, 12))
		}
	}
}

func first(s []string, n int) []string { return s[:min(n, len(s))] }

func FuzzSplit(f *testing.F) {
	for _, s := range splitSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		s = strings.ToValidUTF8(s, "\uFFFD")
		if got, want := pieces(s), referencePieces(s); !slices.Equal(got, want) {
			t.Errorf("%q: got %q, want %q", s, got, want)
		}
	})
}
