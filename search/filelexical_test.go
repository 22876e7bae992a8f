package search

import (
	"context"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/store"
)

// filesSearcher answers the lexical channel with fixed chunk hits and
// ranks whole files with fixed scores, counting the whole-file requests.
type filesSearcher struct {
	declaringSearcher
	chunks []store.Hit
	files  []store.FileHit
	asked  *int
}

func (s filesSearcher) Lexical(context.Context, store.Kind, string, int, store.Filter) ([]store.Hit, error) {
	return s.chunks, nil
}

func (s filesSearcher) LexicalFiles(context.Context, store.Kind, string, int, store.Filter) ([]store.FileHit, error) {
	*s.asked++
	return s.files, nil
}

// A report's words spread over the file it is about: the file BM25 ranks
// first over its whole text comes first, though another file has the
// best single chunk. A one-line text asks for no whole-file ranking.
func TestReportLiftsTheFileItsWordsCover(t *testing.T) {
	asked := 0
	s := filesSearcher{
		declaringSearcher: declaringSearcher{ix: newIx()},
		chunks: []store.Hit{
			{Chunk: &store.Chunk{ID: "h", FilePath: "headers.py", StartLine: 1, EndLine: 9}, Score: 9},
			{Chunk: &store.Chunk{ID: "c", FilePath: "client.py", StartLine: 1, EndLine: 9}, Score: 8},
		},
		files: []store.FileHit{{Path: "client.py", Score: 30}, {Path: "headers.py", Score: 12}},
		asked: &asked,
	}
	report := "Parsing a header fails after a retry\n\nWhen the server closes the connection the client retries " +
		"the request and reconnects, but the header parser keeps the old buffer, so the retried response " +
		"is read with the previous request's header lines and the parse fails with a bad header error."
	first := func(text string) string {
		t.Helper()
		req := Request{Query: text, Limit: 10, Mode: Lexical}
		res, err := Search(context.Background(), []store.Searcher{s}, req)
		if err != nil || len(res) == 0 {
			t.Fatalf("Search: %v, %d results", err, len(res))
		}
		return res[0].Chunk.FilePath
	}
	if got := first(report); got != "client.py" || asked != 1 {
		t.Errorf("report: first %s, %d whole-file requests; want client.py after one", got, asked)
	}
	if got := first(strings.ReplaceAll(report, "\n", " ")); got != "headers.py" || asked != 1 {
		t.Errorf("one line: first %s, %d whole-file requests; want headers.py and none more", got, asked)
	}
}
