package ident

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func words(text string) (out []string) {
	var s Splitter
	s.Split(text, func(w []byte) { out = append(out, string(w)) }, nil)
	return out
}

func TestWords(t *testing.T) {
	for text, want := range map[string][]string{
		"parseHTTPRequest2":      {"parse", "http", "request", "2"},
		"__init__":               {"init"},
		"snake_Case_ID":          {"snake", "case", "id"},
		"getURLPath v2Beta":      {"get", "url", "path", "v", "2", "beta"},
		"ABC aBC ABc":            {"abc", "a", "bc", "a", "bc"},
		"größeBerechnen":         {"größe", "berechnen"},
		"日本語Text ÉTATCivil":      {"日本語text", "état", "civil"}, // no case change inside 日本語T,
		"x٣y":                    {"x", "٣", "y"},
		"a-b.c(d) é\u0301":       {"a", "b", "c", "d", "é"},
		"":                       nil,
		"___ ,;":                 nil,
		"HTTPServer2Go i18nKeys": {"http", "server", "2", "go", "i", "18", "n", "keys"},
	} {
		if got := words(text); !slices.Equal(got, want) {
			t.Errorf("words(%q) = %q, want %q", text, got, want)
		}
	}
}

func TestSplitReportsIdentifiers(t *testing.T) {
	text := "x := fooBar(_, ÉtéX2)\xff"
	var got []string
	var s Splitter
	s.Split(text, func([]byte) {}, func(start, end, n int) {
		got = append(got, text[start:end]+"/"+string(rune('0'+n)))
	})
	if want := []string{"x/1", "fooBar/2", "_/0", "ÉtéX2/3"}; !slices.Equal(got, want) {
		t.Errorf("identifiers %q, want %q", got, want)
	}
}

func TestSplitDoesNotAllocate(t *testing.T) {
	var s Splitter
	text := "func (s *Server) ListenAndServeTLS(certFile string) error { größeΣίσυφος }"
	n := 0
	count := func(w []byte) { n += len(w) }
	s.Split(text, count, nil) // grow the buffer
	if a := testing.AllocsPerRun(100, func() { s.Split(text, count, nil) }); a != 0 {
		t.Errorf("Split allocates %v times per call", a)
	}
}

func FuzzAppendLowerIsToLower(f *testing.F) {
	f.Add("ÉTAT Civil İK ǅ ΣΑΣ")
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return // identifiers are valid UTF-8
		}
		if got, want := string(AppendLower(nil, s)), strings.ToLower(s); got != want {
			t.Fatalf("AppendLower(%q) = %q, want %q", s, got, want)
		}
	})
}

// FuzzIdentifiersAgreeWithSplit: Identifiers finds the identifiers that
// Split splits, so callers that need only the spans see the same units.
func FuzzIdentifiersAgreeWithSplit(f *testing.F) {
	f.Add("x := fooBar(_, ÉtéX2)\xff 日本語Text a\u0301b")
	f.Fuzz(func(t *testing.T, text string) {
		var spans, split [][2]int
		Identifiers(text, func(start, end int) { spans = append(spans, [2]int{start, end}) })
		var s Splitter
		s.Split(text, func([]byte) {}, func(start, end, _ int) { split = append(split, [2]int{start, end}) })
		if !slices.Equal(spans, split) {
			t.Fatalf("Identifiers(%q) = %v, Split reports %v", text, spans, split)
		}
	})
}
