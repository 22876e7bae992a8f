// Package lexbleve is the bleve side of the benchmark: a scorch index on
// disk whose fields content, path and symbol are analysed with codeseek's
// own code-aware terms (lex.Terms) and composed into bleve's _all field,
// queried as a disjunction of term queries on _all with BM25 scoring.
package lexbleve

import (
	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/custom"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/mapping"
	"github.com/blevesearch/bleve/v2/registry"
	"github.com/blevesearch/bleve/v2/search/query"
	index "github.com/blevesearch/bleve_index_api"

	"github.com/codeseek/codeseek/benchmarks/lexcompare/lex"
)

// Names under which the tokenizer and analyzer are registered. The analyzer
// definition is persisted in the index mapping; the tokenizer must be
// registered in every process that opens the index (init does it).
const (
	TokenizerName = "codeseek_lex"
	AnalyzerName  = "codeseek_lex"
	// ScoringModel is the mapping's scoring model: bleve >= v2.5 knows "bm25";
	// "" (or "tfidf") is bleve's classic TF-IDF.
	ScoringModel = index.BM25Scoring
	// Field is the field queries run on: the composite of content, path and symbol.
	Field = "_all"
)

func init() {
	if err := registry.RegisterTokenizer(TokenizerName, func(map[string]interface{}, *registry.Cache) (analysis.Tokenizer, error) {
		return Tokenizer{}, nil
	}); err != nil {
		panic(err)
	}
}

// Tokenizer emits exactly the terms of lex.Terms (store.LexTerms), in the
// same order, with byte offsets: it finds each identifier with
// lex.Identifiers (codeseek's own scanner) and runs LexTerms on it. The parts of a compound
// identifier get consecutive positions and the whole identifier, which
// LexTerms emits last, shares the first part's position, like a synonym, so
// phrase queries see "parse duration" in "ParseDuration".
type Tokenizer struct{}

func (Tokenizer) Tokenize(input []byte) analysis.TokenStream {
	rv := make(analysis.TokenStream, 0, len(input)/6)
	pos := 0
	text := string(input)
	lex.Identifiers(text, func(start, end int) {
		first := len(rv)
		lex.Terms(text[start:end], func(t []byte) {
			pos++
			rv = append(rv, &analysis.Token{
				Start: start, End: end, Term: append([]byte(nil), t...),
				Position: pos, Type: analysis.AlphaNumeric,
			})
		})
		if n := len(rv) - first; n > 1 { // last term is the whole identifier
			rv[len(rv)-1].Position = rv[first].Position
			pos--
		}
	})
	return rv
}

// Mapping is the index mapping: one static document type with the text
// fields content, path and symbol, analysed with the custom analyzer,
// indexed but not stored (results map back to chunks by document ID, which
// is the chunk ID), without doc values, each composed into _all.
//
// termVectors is bleve's default for text fields: it keeps term positions
// and offsets, which _all inherits from the fields, and which phrase
// queries and highlighting need. Without them the index is smaller and
// faster to build but only answers term (bag-of-words, fuzzy, prefix)
// queries.
func Mapping(termVectors bool) (*mapping.IndexMappingImpl, error) {
	im := bleve.NewIndexMapping()
	if err := im.AddCustomAnalyzer(AnalyzerName, map[string]interface{}{
		"type":      custom.Name,
		"tokenizer": TokenizerName,
	}); err != nil {
		return nil, err
	}
	im.DefaultAnalyzer = AnalyzerName
	im.ScoringModel = ScoringModel
	text := bleve.NewTextFieldMapping()
	text.Analyzer = AnalyzerName
	text.Store = false
	text.IncludeTermVectors = termVectors
	text.DocValues = false
	text.IncludeInAll = true
	dm := bleve.NewDocumentStaticMapping()
	dm.AddFieldMappingsAt("content", text)
	dm.AddFieldMappingsAt("path", text)
	dm.AddFieldMappingsAt("symbol", text)
	im.DefaultMapping = dm
	return im, nil
}

type doc struct {
	Content string `json:"content"`
	Path    string `json:"path"`
	Symbol  string `json:"symbol"`
}

// Build creates a scorch index in dir (which must not exist), indexes docs
// in batches of batchSize and closes it, so that everything is on disk.
// termVectors: see Mapping.
func Build(dir string, docs []lex.Doc, batchSize int, termVectors bool) error {
	im, err := Mapping(termVectors)
	if err != nil {
		return err
	}
	ix, err := bleve.NewUsing(dir, im, scorch.Name, scorch.Name, nil)
	if err != nil {
		return err
	}
	b := ix.NewBatch()
	for _, d := range docs {
		if err := b.Index(d.ID, doc{Content: d.Content, Path: d.FilePath, Symbol: d.Symbol}); err != nil {
			ix.Close()
			return err
		}
		if b.Size() >= batchSize {
			if err := ix.Batch(b); err != nil {
				ix.Close()
				return err
			}
			b.Reset()
		}
	}
	if b.Size() > 0 {
		if err := ix.Batch(b); err != nil {
			ix.Close()
			return err
		}
	}
	return ix.Close()
}

// Open opens the index in dir.
func Open(dir string) (lex.Searcher, error) {
	ix, err := bleve.Open(dir)
	if err != nil {
		return nil, err
	}
	return searcher{ix}, nil
}

type searcher struct{ ix bleve.Index }

// Query is the bleve query for q: a disjunction of term queries on _all,
// one per distinct term of q, boosted by the term's count in q (the
// in-house BM25 multiplies by the query term frequency the same way).
func Query(q string) query.Query {
	counts := map[string]int{}
	var order []string
	lex.Terms(q, func(t []byte) {
		if counts[string(t)] == 0 {
			order = append(order, string(t))
		}
		counts[string(t)]++
	})
	if len(order) == 0 {
		return nil
	}
	qs := make([]query.Query, len(order))
	for i, t := range order {
		tq := query.NewTermQuery(t)
		tq.SetField(Field)
		tq.SetBoost(float64(counts[t]))
		qs[i] = tq
	}
	return query.NewDisjunctionQuery(qs)
}

func (s searcher) Search(q string, n int) ([]string, error) {
	bq := Query(q)
	if bq == nil {
		return nil, nil
	}
	req := bleve.NewSearchRequestOptions(bq, n, 0, false)
	res, err := s.ix.Search(req)
	if err != nil {
		return nil, err
	}
	ids := make([]string, len(res.Hits))
	for i, h := range res.Hits {
		ids[i] = h.ID
	}
	return ids, nil
}

func (s searcher) Close() error { return s.ix.Close() }
