package store

import (
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/internal/bench"
)

// tokenizerCases are the inputs on which LexTerms must agree with the
// frozen tokenizer: acronyms, digits, underscores, non-ASCII letters and
// digits, mixed scripts, title case, combining marks and invalid UTF-8.
var tokenizerCases = []string{
	"parseHTTPRequest2 x_y __init__ ID HTTPServer getURLPath v2Beta",
	"func (s *Server) ListenAndServeTLS(certFile string) error { return nil }",
	"naïveCafé größeΣίσυφος 日本語Text snake_Case_ID",
	"", "___", "a1b2C3", "ABC", "aBC", "ABc", "HTTPRequest2", "_x_", "x__y", "A_B",
	"ǅemalǈudi ǲwon", "İstanbulİÇ KelvinK", "ﬁnalﬂow", "ΣΑΣ σας", "x٣y ९९problems", "a\u0301b", "e\u0301Tag",
	"ÀBCdé ÉTATCivil", "\xffabc\xfe日本\xc3", "ＡＢＣｄｅ１２", "Ⅻroman ⅻ", "ªºⅠ", "𝐀𝐁𝐜 𝟏𝟐",
	"retry_upload.go", "src/net/http/server.go", "snake_Case_ID", "JSONToYAML_v2", "i18nMessages",
}

// randomTokenizerText draws text from an alphabet of every rune class.
func randomTokenizerText(rng *rand.Rand) string {
	alphabet := []rune("aAbBzZ09_ .(é日ÉǅΣσ٣ⅻ\u0301-İK")
	var b strings.Builder
	for j := rng.Intn(30); j > 0; j-- {
		b.WriteRune(alphabet[rng.Intn(len(alphabet))])
	}
	return b.String()
}

func lexTermsOf(text string, terms func(string, func([]byte))) []string {
	var out []string
	terms(text, func(t []byte) { out = append(out, string(t)) })
	return out
}

func checkLexTermsFrozen(t *testing.T, text string) {
	t.Helper()
	got, want := lexTermsOf(text, LexTerms), lexTermsOf(text, frozenLexTerms)
	if !slices.Equal(got, want) {
		t.Fatalf("LexTerms(%q) = %q, frozen tokenizer gives %q", text, got, want)
	}
}

func TestLexTermsMatchFrozen(t *testing.T) {
	for _, text := range tokenizerCases {
		checkLexTermsFrozen(t, text)
	}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 5000; i++ {
		checkLexTermsFrozen(t, randomTokenizerText(rng))
	}
	if got := lexTermsOf("parseHTTPRequest2 x", LexTerms); !slices.Equal(got, []string{"parse", "http", "request", "2", "parsehttprequest2", "x"}) {
		t.Errorf("LexTerms = %q", got)
	}
}

// FuzzLexTermsMatchFrozen guards the persisted lexicons: any change to the
// terms of any text is a failure.
func FuzzLexTermsMatchFrozen(f *testing.F) {
	for _, text := range tokenizerCases {
		f.Add(text)
	}
	f.Fuzz(checkLexTermsFrozen)
}

// lexBenchTexts are chunk-sized pieces of Go standard library sources
// plus paths and symbols, as buildShard tokenizes them.
func lexBenchTexts(b *testing.B) []string {
	var texts []string
	for _, c := range bench.GoSourceChunks(b) {
		texts = append(texts, c, "src/net/http/server.go", "ServeHTTP")
	}
	return texts
}

// BenchmarkLexTerms compares LexTerms with the frozen tokenizer, pass by
// pass over the same texts (metric new/old: below 1 is faster).
func BenchmarkLexTerms(b *testing.B) {
	texts := lexBenchTexts(b)
	n := 0
	add := func(t []byte) { n += len(t) }
	pass := func(terms func(string, func([]byte))) func() {
		return func() {
			for _, text := range texts {
				terms(text, add)
			}
		}
	}
	bench.Compare(b, pass(frozenLexTerms), pass(LexTerms))
}
