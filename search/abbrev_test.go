package search

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/store"
)

// lexAsked records the text each lexical request asks for.
type lexAsked struct {
	declaringSearcher
	asked *[]string
}

func (s lexAsked) Lexical(_ context.Context, _ store.Kind, text string, _ int, _ store.Filter) ([]store.Hit, error) {
	*s.asked = append(*s.asked, text)
	return nil, nil
}

// A question about code also asks the lexical channel for the short forms
// identifiers write (src, loc, ctx); a documentation question, a name and a
// long report ask for their own words only.
func TestQuestionsAboutCodeAskForAbbreviations(t *testing.T) {
	var asked []string
	s := lexAsked{declaringSearcher{ix: newIx()}, &asked}
	terms := func(text string, kind store.Kind) []string {
		t.Helper()
		asked = asked[:0]
		if _, err := Search(context.Background(), []store.Searcher{s}, Request{Query: text, Kind: kind, Limit: 5, Mode: Lexical}); err != nil {
			t.Fatal(err)
		}
		if len(asked) != 1 {
			t.Fatalf("%q: %d lexical requests, want 1", text, len(asked))
		}
		return strings.Fields(asked[0])
	}
	got := terms("source location of the request context", store.Code)
	for _, w := range []string{"source", "src", "location", "loc", "request", "req", "context", "ctx"} {
		if !slices.Contains(got, w) {
			t.Errorf("code question asks for %v, want %q among them", got, w)
		}
	}
	if got := terms("source location of the request context", store.Doc); slices.Contains(got, "src") {
		t.Errorf("documentation question asks for %v, want no abbreviations", got)
	}
	if got := terms("sourceLocation", store.Code); slices.Contains(got, "src") {
		t.Errorf("a name asks for %v, want the name only", got)
	}
	report := "The request fails when the source has a location past the end of the buffer; " +
		"the parser reads the context of the previous token and the error message names the wrong line."
	if got := terms(report, store.Code); slices.Contains(got, "src") || slices.Contains(got, "msg") {
		t.Errorf("a report asks for %v, want its own words", got)
	}
}

func TestWithAbbreviationsAddsEachFormOnce(t *testing.T) {
	got := withAbbreviations([]string{"config", "configuration", "cfg", "parser"})
	want := []string{"config", "configuration", "cfg", "parser"}
	if !slices.Equal(got, want) {
		t.Errorf("withAbbreviations = %v, want %v (cfg and config are there already)", got, want)
	}
	in := []string{"source", "value"}
	got = withAbbreviations(in)
	if !slices.Equal(got, []string{"source", "value", "src", "val"}) || !slices.Equal(in, []string{"source", "value"}) {
		t.Errorf("withAbbreviations(%v) = %v, want [source value src val] and the input unchanged", in, got)
	}
}
