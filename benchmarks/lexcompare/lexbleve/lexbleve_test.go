package lexbleve

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/search/query"

	"github.com/codeseek/codeseek/benchmarks/lexcompare/lex"
)

func TestTokenizer(t *testing.T) {
	var got []string
	for _, tok := range (Tokenizer{}).Tokenize([]byte("func ParseDuration(s string)")) {
		got = append(got, tok.String())
	}
	var want []string
	lex.Terms("func ParseDuration(s string)", func(b []byte) { want = append(want, string(b)) })
	toks := (Tokenizer{}).Tokenize([]byte("func ParseDuration(s string)"))
	if len(toks) != len(want) {
		t.Fatalf("got %v, want terms %v", got, want)
	}
	// func=1 parse=2 duration=3 parseduration=2 s=4 string=5
	pos := map[string]int{"func": 1, "parse": 2, "duration": 3, "parseduration": 2, "s": 4, "string": 5}
	for i, tok := range toks {
		if string(tok.Term) != want[i] || tok.Position != pos[want[i]] {
			t.Errorf("token %d: %s, want term %s at %d", i, tok, want[i], pos[want[i]])
		}
	}
	if toks[1].Start != 5 || toks[1].End != 18 {
		t.Errorf("offsets of %s, want 5..18", toks[1])
	}
}

func TestBM25AndPhrase(t *testing.T) {
	for _, tv := range []bool{true, false} {
		testBM25AndPhrase(t, tv)
	}
}

func testBM25AndPhrase(t *testing.T, termVectors bool) {
	dir := filepath.Join(t.TempDir(), "ix")
	docs := []lex.Doc{
		{ID: "a", FilePath: "time/format.go", Symbol: "ParseDuration", Content: "func ParseDuration(s string) (Duration, error) {}"},
		{ID: "b", FilePath: "strconv/atoi.go", Symbol: "Atoi", Content: "func Atoi(s string) (int, error) { parse it }"},
		{ID: "c", FilePath: "x/y.go", Symbol: "", Content: "var duration = 3 // parse later"},
	}
	if err := Build(dir, docs, 2, termVectors); err != nil {
		t.Fatal(err)
	}
	ix, err := bleve.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	req := bleve.NewSearchRequestOptions(Query("parse duration"), 10, 0, true)
	res, err := ix.Search(req)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) == 0 || res.Hits[0].ID != "a" {
		t.Fatalf("hits %v", res.Hits)
	}
	if expl := res.Hits[0].Expl.String(); !strings.Contains(expl, "bm25") {
		t.Errorf("not scored with BM25:\n%s", expl)
	}
	// A phrase on _all matches the compound identifier's parts.
	pq := query.NewMatchPhraseQuery("parse duration")
	pq.SetField(Field)
	res, err = ix.Search(bleve.NewSearchRequest(pq))
	if err != nil {
		t.Fatal(err)
	}
	if termVectors && (res.Total != 1 || res.Hits[0].ID != "a") {
		t.Errorf("phrase hits %v", res.Hits)
	}
	if !termVectors && res.Total != 0 {
		t.Errorf("phrase hits without term vectors: %v", res.Hits)
	}
}
