package store

import (
	"math"
	"runtime"
)

// A bug report's words are spread over the file it is about: the
// function that fails, the type it takes, the message it raises, each in
// a chunk of its own. BM25 over whole files counts them together, where
// the chunk channel weighs each chunk's share alone.

// FileHit is a file with its score for a query.
type FileHit struct {
	Path  string
	Score float64
}

// LexicalFiles returns up to n files of kind k by BM25 over whole files,
// best first: a file's term frequencies and length are its chunks'
// summed, and document frequencies count files. keep, when not nil, is
// asked with the file's first chunk.
func (ix *Index) LexicalFiles(k Kind, query string, n int, keep func(*Chunk) bool) []FileHit {
	if ix.live[k] == 0 || n <= 0 {
		return nil
	}
	defer runtime.KeepAlive(ix) // the views point into its mapped segments
	views := ix.views[k]
	lens := ix.fileLengths(k)
	if lens.files == 0 {
		return nil
	}
	avgLen := lens.total / float64(lens.files)
	scores := make([][]float64, len(views))
	for v := range views {
		scores[v] = make([]float64, len(views[v].files))
	}
	var tfs []fileTF
	for _, t := range queryTerms(query) {
		tfs = tfs[:0]
		for v := range views {
			if i := views[v].lex.find(t.text); i >= 0 {
				tfs = views[v].fileTFs(i, int32(v), tfs)
			}
		}
		df := float64(len(tfs))
		idf := math.Log(1 + (float64(lens.files)-df+0.5)/(df+0.5))
		for _, e := range tfs {
			scores[e.view][e.file] += t.qtf * idf * bm25Norm(e.tf, lens.of[e.view][e.file], avgLen)
		}
	}
	best := newTopK(n, fileBetter)
	for v := range views {
		vw := &views[v]
		for f, s := range scores[v] {
			h := FileHit{Path: vw.files[f].path, Score: s}
			if s > 0 && best.wants(h) && (keep == nil || keep(vw.chunk(vw.files[f].lo))) {
				best.add(h)
			}
		}
	}
	return best.sorted()
}

// fileBetter orders file hits: higher score first, ties by path.
func fileBetter(a, b FileHit) bool {
	if a.Score != b.Score {
		return a.Score > b.Score
	}
	return a.Path < b.Path
}

// fileTF is a term's frequency in one file of one view.
type fileTF struct {
	view, file int32
	tf         float64
}

// fileTFs appends the term's frequency in each live file of the view that
// holds it. Postings come in chunk order and a part's files tile its
// chunks in order, so one pass with a cursor over the files finds each
// posting's file.
func (v *view) fileTFs(term int, vi int32, out []fileTF) []fileTF {
	it := v.lex.iter(term)
	f := 0
	for doc, tf, ok := it.next(); ok; doc, tf, ok = it.next() {
		row := int32(doc)
		if v.isDead(row) {
			continue
		}
		for f < len(v.files) && v.files[f].hi <= row {
			f++
		}
		if f == len(v.files) {
			break
		}
		if n := len(out); n > 0 && out[n-1].view == vi && out[n-1].file == int32(f) {
			out[n-1].tf += float64(tf)
		} else {
			out = append(out, fileTF{view: vi, file: int32(f), tf: float64(tf)})
		}
	}
	return out
}

// fileLengths are the lexical lengths of an index's files of one kind.
type fileLengths struct {
	of    [][]float64 // per view, per file: its chunks' lengths summed
	files int         // live files
	total float64     // the live files' lengths summed
}

// fileLengths returns the files' lengths of kind k, worked out once per
// index.
func (ix *Index) fileLengths(k Kind) fileLengths {
	type key struct{ k Kind }
	return ix.Memo(key{k}, func() any {
		var out fileLengths
		for v := range ix.views[k] {
			vw := &ix.views[k][v]
			lens := make([]float64, len(vw.files))
			for f, span := range vw.files {
				for r := span.lo; r < span.hi; r++ {
					lens[f] += float64(vw.lex.DocLen[r])
				}
				if span.hi > span.lo && !vw.isDead(span.lo) {
					out.files++
					out.total += lens[f]
				}
			}
			out.of = append(out.of, lens)
		}
		return out
	}).(fileLengths)
}
