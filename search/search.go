// Package search is codeseek's retrieval: it gathers candidate chunks from
// the vector and lexical channels of one or more indexes, describes each
// with ranking features (calibrated channel scores, declaration match,
// path evidence, path priors, file-level evidence), scores and orders
// them, and assembles the results as line spans. It knows nothing of MCP,
// files on disk or output formats.
package search

import (
	"context"
	"errors"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/codeseek/codeseek/store"
)

// Modes select the channels that feed the ranker.
const (
	Hybrid  = "hybrid"
	Vector  = "vector"
	Lexical = "lexical"
)

// minCandidates is how many hits each channel contributes at least: more
// than a page, so that file-level evidence and the priors have room.
const minCandidates = 100

// reportCandidates is how many hits each channel contributes to a
// report, whatever the page size: as many as a page of 50 gets, so that
// an agent's page of 10 leads with the files a page of 50 does. A
// report's words spread over many chunks of the file it is about, which
// the first 100 of each channel miss more often than a short query's
// (the issue dev set's first file at limit 10: 0.632 → 0.667); it costs
// a report about 8 ms more over the Go standard library
// (docs/evaluation.md).
const reportCandidates = 500

// Request is one search.
type Request struct {
	Query string
	Kind  store.Kind
	// Mode is Hybrid (default), Vector or Lexical.
	Mode string
	// Limit is the number of results.
	Limit int
	// PerFile caps the results from one file while other files still
	// have candidates.
	PerFile int
	// Vector is the query's embedding; nil in Lexical mode.
	Vector []float32
	// Filter narrows every channel before its top-n cut (the backend
	// pushes it down where it can).
	Filter  store.Filter
	Options Options
	// Embedder, when set, embeds the members of merged chunks (Members);
	// nil leaves them to the chunk's vector.
	Embedder Embedder
}

// Result is one answer: a span of lines of one file, built around the
// best-ranked chunk in it.
type Result struct {
	Index store.Searcher
	// Chunk is the highest-ranked chunk of the span.
	Chunk      *store.Chunk
	Start, End int
	Lines      []string
	// Score is in 0..1, higher is better.
	Score float64
	// Copies are other files of the same repository holding a chunk with
	// the same text as this result's, left out of the results.
	Copies []string
}

// candidate is a chunk being ranked for one query.
type candidate struct {
	chunk *store.Chunk
	ix    store.Searcher
	vec   float64 // cosine similarity; -1 until known
	lex   float64 // BM25, 0 when the chunk is no lexical hit
	// printedHit is a best hit of the query's error lines' words alone
	// (printedHits), read for the literal printing them.
	printedHit bool
	decl       int // declaration tier (store.Decl) of the queried name, else 0
	// embedded is the tier of a declaration of a name the phrase mentions.
	embedded int
	// mention is how surely the query names the chunk's file, 0..1.
	mention float64
	// atFrame is how deep the innermost frame of a stack trace that is at
	// a line of the chunk is (framedAt: 1 outermost to 2 innermost), 0
	// when none is.
	atFrame float64
	// fileLex is the chunk's file's whole-file BM25 score relative to the
	// best file's, 0..1, for a report (FileLexical).
	fileLex float64
	// abs is the absolute similarity: the channel blend on fixed scales
	// (cosine, saturated BM25), 1 for a declaration of the queried name.
	abs   float64
	score float64
	// eff is score after the per-file decay, the final order.
	eff float64
}

// fileKey names the candidate's file across the repositories searched.
func (cd *candidate) fileKey() string { return cd.ix.Manifest().Meta.ID + "\x00" + cd.chunk.FilePath }

// Search runs req over indexes and returns up to req.Limit results, best
// first.
func Search(ctx context.Context, indexes []store.Searcher, req Request) ([]Result, error) {
	if req.Mode == "" {
		req.Mode = Hybrid
	}
	q := ParseQuery(asReported(indexes, req.Query))
	cands, err := gather(ctx, indexes, req, q)
	if err != nil {
		return nil, err
	}
	if q.word && slices.ContainsFunc(cands, func(cd *candidate) bool { return cd.decl > 0 }) {
		q.asName()
	}
	r := ranker{q: q, mode: req.Mode, opt: req.Options, w: req.Options.weights(), docs: req.Kind == store.Doc, decls: declCache{}}
	if err := r.memberScores(ctx, req.Embedder, req.Vector, cands); err != nil {
		return nil, err
	}
	r.score(cands)
	return assemble(cands, req.Limit, r.perFile(req)), nil
}

// perFile is the cap on one file's results while other files still have
// candidates. A query asking for one piece of code has no use for it:
// when its best matches lie in one file, that is evidence, not a lack of
// variety, as the per-file decay already says by fading out for it. Nor
// has a documentation search (sectionsAlone). A report has: it asks
// which files to change, and a trace's few files, each with a dozen
// matching chunks, would fill a page that the file at fault, named
// nowhere, needs a place on (reportPerFile).
func (r ranker) perFile(req Request) int {
	switch {
	case r.sectionsAlone():
		return max(1, req.Limit)
	case r.q.report:
		return min(reportPerFile, max(1, req.PerFile))
	case r.unitFocus() == 1:
		return max(1, req.Limit)
	}
	return max(1, req.PerFile)
}

// reportPerFile is a report's cap on one file's results: two chunks, the
// function at fault and its caller or test, before other files have
// theirs. Three gave an agent's page of 10 results fewer files (issue
// texts: the changed file in the first five 0.818 against 0.830 of 88).
const reportPerFile = 2

// gather collects the candidates of every index from the channels the
// mode asks for, plus the chunks declaring the names the query mentions.
func gather(ctx context.Context, indexes []store.Searcher, req Request, q Query) ([]*candidate, error) {
	n := max(minCandidates, 10*req.Limit)
	if q.report {
		n = max(n, reportCandidates)
	}
	var all []*candidate
	for _, ix := range indexes {
		ch, err := ask(ctx, ix, req, q, n)
		if err != nil {
			return nil, err
		}
		byChunk := map[any]*candidate{}
		var order []*candidate // as found, so the similarity request is the same every time
		get := func(c *store.Chunk) *candidate {
			k := identity(c)
			cd := byChunk[k]
			if cd == nil {
				cd = &candidate{chunk: c, ix: ix, vec: -1}
				byChunk[k] = cd
				order = append(order, cd)
			}
			return cd
		}
		for _, h := range ch.vec {
			get(h.Chunk).vec = h.Score
		}
		for _, h := range ch.lex {
			get(h.Chunk).lex = h.Score
		}
		for _, d := range ch.decl {
			get(d.Chunk).decl = d.Tier
		}
		for _, h := range ch.printed {
			// Only a chunk printing a line joins the candidates: the
			// others, hits of a message's few common words, would
			// change what every candidate's score is measured against.
			if _, ok := byChunk[identity(h.Chunk)]; ok || q.printed.printedBy(strings.ToLower(h.Chunk.Full().Content)) {
				get(h.Chunk).printedHit = true
			}
		}
		for _, decls := range ch.named {
			if declaringFiles(decls) > maxTypeFiles {
				continue
			}
			for _, d := range decls {
				cd := get(d.Chunk)
				cd.embedded = max(cd.embedded, d.Tier)
			}
		}
		if req.Options.on(Mentions) {
			mentioned(ix, req, q, order, get)
			if q.frameFunc != "" && len(ch.named) > 0 {
				framedFunction(ch.named[0], q.frameOwner, order)
			}
		}
		fileScores(ch.files, order)
		if req.Options.on(Declaration) {
			typeDeclarations(q, order)
		}
		if req.Options.on(Messages) && req.Kind != store.Doc && req.Mode != Vector {
			if err := sentinelUses(ctx, ix, req, q, append(ch.lex[:min(len(ch.lex), sentinelReads):min(len(ch.lex), sentinelReads)], ch.printed...), get); err != nil {
				return nil, err
			}
		}
		if err := similarities(ctx, ix, req, order); err != nil {
			return nil, err
		}
		all = append(all, order...)
	}
	return all, nil
}

// typeDeclarations marks the candidates that declare a type name the
// phrase mentions, as the index's declarations of its Names are marked.
// Only the candidates are read: a capitalized word may be as common in
// the code as "String", and asking the index for all its declarations
// would cost more than the lift is worth.
//
// A name that candidates in more than maxTypeFiles files declare
// ("String", "Error") picks out no file, and is left alone.
func typeDeclarations(q Query, cands []*candidate) {
	tiers := make([]int, len(cands))
	for _, name := range q.Types {
		var decls []store.Decl
		for i, cd := range cands {
			if tiers[i] = store.DeclTier(cd.chunk, name); tiers[i] > 0 {
				decls = append(decls, store.Decl{Chunk: cd.chunk, Tier: tiers[i]})
			}
		}
		if declaringFiles(decls) > maxTypeFiles {
			continue
		}
		for i, cd := range cands {
			cd.embedded = max(cd.embedded, tiers[i])
		}
	}
}

// fileScores sets each candidate's fileLex from the whole-file ranking.
func fileScores(files []store.FileHit, cands []*candidate) {
	if len(files) == 0 || files[0].Score <= 0 {
		return
	}
	rel := make(map[string]float64, len(files))
	for _, f := range files {
		rel[f.Path] = f.Score / files[0].Score
	}
	for _, cd := range cands {
		cd.fileLex = rel[cd.chunk.FilePath]
	}
}

// declaringFiles counts the files decls lie in.
func declaringFiles(decls []store.Decl) int {
	files := map[string]bool{}
	for _, d := range decls {
		files[d.Chunk.FilePath] = true
	}
	return len(files)
}

// maxTypeFiles is how many files may declare a name or a type name a
// phrase mentions for the name to pick out its file: `is_match` or
// `String`, declared all over, says nothing about where the answer is.
const maxTypeFiles = 3

// channels are one index's answers to one query.
type channels struct {
	vec, lex []store.Hit
	// decl declares the queried identifier; named[i] the i-th name a
	// phrase mentions.
	decl  []store.Decl
	named [][]store.Decl
	// files are the best files by BM25 over whole files, for a report.
	files []store.FileHit
	// printed are the best hits of the words of the error lines the
	// query quotes, alone (printedHits).
	printed []store.Hit
}

// fileSearcher is a Searcher that ranks whole files by BM25 (the embedded
// store); a report's words spread over the file it is about.
type fileSearcher interface {
	LexicalFiles(ctx context.Context, k store.Kind, query string, n int, f store.Filter) ([]store.FileHit, error)
}

// printedHits is how many of the best hits of an error line's words are
// read for the string literal printing it, beside the best hits of the
// whole query: its few fixed words (`Cannot index %s with %s`) are
// common ones, and a program's name and the place before them (`jq:
// error (at <stdin>:1): …`) had put the chunk printing it below the
// hundred best of the line. Tests and manuals quoting the message whole
// come first among its own; the literal printing it was 29th in jq.
const printedHits = 100

// reportFiles is how many files a report's whole-file ranking lifts.
const reportFiles = 20

// maxNamed bounds the names of a phrase looked up as declarations: a
// phrase naming more is a paste of code, not a lookup.
const maxNamed = 3

// namedLookups is how many of the query's names are looked up as
// declarations: maxNamed, and the function a backtrace names first, which
// may be the reporter's own (a Rust panic's `myapp::dump_state`) and
// declared nowhere in the index, beside them rather than in the place of
// one.
func (q Query) namedLookups() int {
	if q.frameFunc != "" {
		return maxNamed + 1
	}
	return maxNamed
}

// identity is what makes two channels' hits one candidate. Remote
// backends answer each channel with their own copies of a chunk, matched
// by chunk ID; the embedded store hands every channel the same pointer
// for a row, whose ID may wait for its text (store.Chunk.Full).
func identity(c *store.Chunk) any {
	if c.Whole() {
		return c.ID
	}
	return c
}

// ask runs the channels req needs at once: a remote backend answers each
// with a round trip, and the embedded store loses nothing by it.
func ask(ctx context.Context, ix store.Searcher, req Request, q Query, n int) (channels, error) {
	var ch channels
	var wg sync.WaitGroup
	var mu sync.Mutex
	var errs []error
	run := func(fn func() error) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := fn(); err != nil {
				mu.Lock()
				errs = append(errs, err)
				mu.Unlock()
			}
		}()
	}
	if req.Mode != Lexical && req.Vector != nil {
		run(func() (err error) { ch.vec, err = ix.Vector(ctx, req.Kind, req.Vector, n, req.Filter); return })
	}
	if req.Mode != Vector {
		run(func() (err error) {
			ch.lex, err = ix.Lexical(ctx, req.Kind, q.lexicalText(req.Kind), n, req.Filter)
			return
		})
	}
	if fs, ok := ix.(fileSearcher); ok && req.Mode != Vector && req.Options.on(FileLexical) && q.report {
		run(func() (err error) {
			ch.files, err = fs.LexicalFiles(ctx, req.Kind, q.lexicalText(req.Kind), reportFiles, req.Filter)
			return
		})
	}
	if text := q.printed.errorText(); text != "" && req.Mode != Vector && req.Options.on(Messages) && req.Kind == store.Code {
		run(func() (err error) { ch.printed, err = ix.Lexical(ctx, req.Kind, text, printedHits, req.Filter); return })
	}
	if req.Options.on(Declaration) {
		if q.Kind == Identifier || q.word {
			run(func() (err error) {
				ch.decl, err = ownedDeclarations(ctx, ix, req, q.Name, qualifierOf(q.Text, q.Name))
				return
			})
		} else {
			ch.named = make([][]store.Decl, min(len(q.Names), q.namedLookups()))
			for i := range ch.named {
				owner := ""
				if i == 0 && q.frameFunc != "" {
					owner = q.frameOwner // Names[0]: the backtrace's function, of its type
				}
				run(func() (err error) { ch.named[i], err = ownedDeclarations(ctx, ix, req, q.Names[i], owner); return })
			}
		}
	}
	wg.Wait()
	return ch, errors.Join(errs...)
}

// similarities fills in the cosine similarity of the candidates the vector
// channel did not score, in one request to the backend.
func similarities(ctx context.Context, ix store.Searcher, req Request, cands []*candidate) error {
	var missing []*candidate
	var chunks []*store.Chunk
	for _, cd := range cands {
		if cd.vec < 0 {
			cd.vec = 0
			if req.Vector != nil {
				missing = append(missing, cd)
				chunks = append(chunks, cd.chunk)
			}
		}
	}
	if len(chunks) == 0 {
		return nil
	}
	sims, err := ix.Similarity(ctx, req.Kind, req.Vector, chunks)
	if err != nil {
		return err
	}
	for i, cd := range missing {
		cd.vec = sims[i]
	}
	return nil
}

// better orders candidates by final score, then by path and line, so equal
// scores always come out the same way.
func better(a, b *candidate) bool {
	if a.eff != b.eff {
		return a.eff > b.eff
	}
	if a.chunk.FilePath != b.chunk.FilePath {
		return a.chunk.FilePath < b.chunk.FilePath
	}
	return a.chunk.StartLine < b.chunk.StartLine
}

func sortCandidates(cands []*candidate) {
	sort.Slice(cands, func(i, j int) bool { return better(cands[i], cands[j]) })
}
