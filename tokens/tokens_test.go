package tokens

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/tiktoken-go/tokenizer/codec"
)

// The reference is tiktoken-go, the library the embedded vocabulary was
// generated from: every count must equal its count.
func TestCountMatchesTiktoken(t *testing.T) {
	ref := codec.NewO200kBase()
	texts := []string{
		"", " ", "hello world", "Hello, World!\n\n", "func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {",
		"naïve café — 日本語のテキスト, emoji 🎉🚀 and Ελληνικά", "x := 12345678901234567890", "    \t\n  \r\n",
		"don't won't they'll I'M WE'RE", "https://example.com/a/b?c=d&e=f#g", strings.Repeat("ab", 300),
	}
	// Real source files of several languages from the Go tree and this one.
	for _, glob := range []string{filepath.Join(runtime.GOROOT(), "src", "net", "http", "*.go"), "../*/*.md", "../chunker/testdata/*/*"} {
		files, _ := filepath.Glob(glob)
		for i, f := range files {
			if i >= 15 {
				break
			}
			if b, err := os.ReadFile(f); err == nil {
				texts = append(texts, string(b))
			}
		}
	}
	if len(texts) < 30 {
		t.Fatalf("only %d texts found", len(texts))
	}
	for _, s := range texts {
		want, err := ref.Count(s)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Count(s)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Errorf("Count(%.40q…) = %d, tiktoken %d", s, got, want)
		}
	}
}

func TestCountLongPiecesStaysClose(t *testing.T) {
	for _, s := range []string{strings.Repeat("-", 100_000), strings.Repeat("+/", 50_000), strings.Repeat("é", 30_000)} {
		got, err := Count(s)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := codec.NewO200kBase().Count(s)
		if d := got - want; d < 0 || d > len(s)/maxPiece+1 {
			t.Errorf("%.10q×%d: %d tokens, tiktoken %d: cuts may add at most one per %d bytes", s[:4], len(s), got, want, maxPiece)
		}
	}
}

func TestCountReplacesInvalidUTF8(t *testing.T) {
	got, err := Count("ok \xff\xfe bytes")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := Count("ok \uFFFD bytes")
	if got != want || got == 0 {
		t.Errorf("invalid UTF-8 counted %d, its replacement %d", got, want)
	}
}

// BenchmarkCount counts the tokens of Go sources (net/http), the kind of
// text budgets and reports count.
func BenchmarkCount(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join(runtime.GOROOT(), "src", "net", "http", "*.go"))
	var text strings.Builder
	for _, f := range files {
		if src, err := os.ReadFile(f); err == nil {
			text.Write(src)
		}
	}
	s := text.String()
	if _, err := Count(s); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(s)))
	b.ResetTimer()
	for range b.N {
		Count(s)
	}
}
