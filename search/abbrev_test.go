package search

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/store"
)

// lexAsked records the text each lexical request asks for, and how many
// hits.
type lexAsked struct {
	declaringSearcher
	asked *[]string
	k     *[]int
}

func (s lexAsked) Lexical(_ context.Context, _ store.Kind, text string, k int, _ store.Filter) ([]store.Hit, error) {
	*s.asked = append(*s.asked, text)
	*s.k = append(*s.k, k)
	return nil, nil
}

// A question about code also asks the lexical channel for the short forms
// identifiers write (src, loc, ctx); a documentation question, a name and a
// long report ask for their own words only.
func TestQuestionsAboutCodeAskForAbbreviations(t *testing.T) {
	var asked []string
	s := lexAsked{declaringSearcher{ix: newIx()}, &asked, new([]int)}
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

// A report reads as many candidates at an agent's page of 10 as at a
// page of 50, so its first files do not depend on the page; a short
// query reads what its page needs.
func TestReportReadsCandidatesWhateverThePage(t *testing.T) {
	report := "Session rollback leaves the connection checked out\n\nAfter a failed flush the session " +
		"rolls back but the pool never gets its connection back, so the next request waits for the pool timeout."
	for _, tc := range []struct {
		query string
		limit int
		want  int
	}{{report, 10, reportCandidates}, {report, 60, 600}, {"connection pool timeout", 10, minCandidates}} {
		var k []int
		s := lexAsked{declaringSearcher{ix: newIx()}, new([]string), &k}
		if _, err := Search(context.Background(), []store.Searcher{s}, Request{Query: tc.query, Kind: store.Code, Limit: tc.limit, Mode: Lexical}); err != nil {
			t.Fatal(err)
		}
		if len(k) != 1 || k[0] != tc.want {
			t.Errorf("%.30q at limit %d asks the lexical channel for %v hits, want %d", tc.query, tc.limit, k, tc.want)
		}
	}
}
