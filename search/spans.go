package search

import (
	"slices"
	"strings"

	"github.com/codeseek/codeseek/store"
)

// span is a result being assembled: one chunk, or several adjacent chunks
// of the same file merged.
type span struct {
	best *candidate // the highest-ranked chunk in the span
	// placed is the candidate whose place in the ranking the span holds
	// when it is not best's: a file's imports chunk, shown as its code.
	placed     *candidate
	start, end int
	lines      []string
	// copies are the other files whose chunk has the same text as one
	// of the span's, in rank order.
	copies []string
}

// assemble walks the ranked candidates and builds up to limit results:
// chunks adjacent to or overlapping a result of the same file merge into
// it, a piece of a documentation section already shown is left out, and
// a file gets more than perFile results only when no other file has
// anything left to show.
func assemble(ranked []*candidate, limit, perFile int) []Result {
	var out []*span
	var overflow []*candidate
	perPath := map[string][]*span{}
	// A long documentation section is split into pieces that all match
	// the same question; a second piece of a section already shown would
	// repeat its answer and push another section off the page.
	shown := map[string]bool{}
	seen := func(cd *candidate) bool {
		sec := sectionKey(cd.fileKey(), cd.chunk)
		return sec != "" && shown[sec]
	}
	mark := func(cd *candidate) {
		if sec := sectionKey(cd.fileKey(), cd.chunk); sec != "" {
			shown[sec] = true
		}
	}
	// A chunk whose text a shown result already has, from another file
	// (a generated or vendored copy, a file copied per platform), is
	// named on that result instead of repeating it.
	var copies copyIndex
	copied := func(cd *candidate) bool {
		sp := copies.of(cd)
		p := cd.chunk.FilePath
		if sp == nil || p == sp.best.chunk.FilePath {
			return false
		}
		if len(sp.copies) < maxCopies && !slices.Contains(sp.copies, p) {
			sp.copies = append(sp.copies, p)
		}
		return true
	}
	take := func(cd *candidate) {
		sp := newSpan(cd)
		key := cd.fileKey()
		perPath[key] = append(perPath[key], sp)
		out = append(out, sp)
		mark(cd)
		copies.add(cd, sp)
	}
	// A chunk next to a shown result widens it, the page full or not, and
	// one held back for its file's share too: the lines between a
	// function's head and the line a question matched belong to that one
	// answer. Results that come to touch stay apart: joining them moves
	// the later one's lines ahead of the files between (tokens to the
	// answer: recall within 1k tokens 0.895 against 0.882).
	joined := func(cd *candidate) bool {
		sp := touching(perPath[cd.fileKey()], cd.chunk)
		if sp == nil {
			return false
		}
		sp.merge(cd.chunk)
		mark(cd)
		return true
	}
	used := map[*candidate]bool{}
	for i, cd := range ranked {
		if used[cd] {
			continue
		}
		mine := perPath[cd.fileKey()]
		if joined(cd) {
			continue
		}
		if copied(cd) || len(out) == limit || seen(cd) {
			continue // later candidates may still merge into chosen results
		}
		if len(mine) >= perFile {
			overflow = append(overflow, cd)
			continue
		}
		if cd.chunk.SymbolKind == "imports" && len(mine) > 0 {
			continue // its file is shown: what it imports answers nothing more
		}
		if code := codeInstead(ranked[i+1:], cd); code != nil && !used[code] {
			// A file's imports chunk at its place shows the file's best
			// code: the imports name what the file uses, which matched,
			// and answer nothing an agent reads them for.
			used[code] = true
			take(code)
			out[len(out)-1].placed = cd
			joined(cd)
			continue
		}
		take(cd)
	}
	for _, cd := range overflow {
		if !joined(cd) && len(out) < limit && !seen(cd) && !copied(cd) {
			take(cd)
		}
	}
	results := make([]Result, len(out))
	for i, sp := range out {
		sp.trim()
		score := reported(sp.rank(), out[0].rank())
		if i > 0 {
			// A result placed by its file (a held-back chunk, the code
			// shown for an imports chunk) may score above one before it:
			// the score falls with rank all the same.
			score = min(score, results[i-1].Score)
		}
		results[i] = Result{Index: sp.best.ix, Chunk: sp.best.chunk, Start: sp.start, End: sp.end, Lines: sp.lines,
			Score: score, Copies: sp.copies}
	}
	return results
}

// codeInstead returns, for an imports chunk, the best-ranked chunk of
// its file among later that is not one, or nil.
func codeInstead(later []*candidate, cd *candidate) *candidate {
	if cd.chunk.SymbolKind != "imports" {
		return nil
	}
	key := cd.fileKey()
	for _, o := range later {
		if o.fileKey() == key && o.chunk.SymbolKind != "imports" {
			return o
		}
	}
	return nil
}

// sectionKey names the documentation section a chunk is a piece of (its
// file and heading path), or "" for code and for text under no heading.
func sectionKey(file string, c *store.Chunk) string {
	if c.SymbolKind != "section" || c.Symbol == "" {
		return ""
	}
	return file + "\x00" + c.Symbol
}

// reported is the score a user sees, in 0..1 and falling with rank: the
// top result's absolute similarity (which means the same from query to
// query), scaled for the others by their ranking score relative to it.
func reported(cd, top *candidate) float64 {
	if top.eff <= 0 {
		return 0
	}
	return max(0, min(1, top.abs*cd.eff/top.eff))
}

// rank is the candidate whose ranking score places the span.
func (sp *span) rank() *candidate {
	if sp.placed != nil && sp.placed.eff > sp.best.eff {
		return sp.placed
	}
	return sp.best
}

func newSpan(cd *candidate) *span {
	return &span{best: cd, start: cd.chunk.StartLine, end: cd.chunk.EndLine, lines: chunkLines(cd.chunk)}
}

// chunkLines returns c's lines as they are in the file: a CRLF file's
// each with its "\r", the chunk's last too (its content ends before the
// line break), so that chunks merged into one span keep the file's bytes.
func chunkLines(c *store.Chunk) []string {
	content := c.Full().Content
	lines := strings.Split(content, "\n")
	if last := len(lines) - 1; strings.Contains(content, "\r\n") && !strings.HasSuffix(lines[last], "\r") {
		lines[last] += "\r"
	}
	return lines
}

// touching returns the span c overlaps or directly follows or precedes.
func touching(spans []*span, c *store.Chunk) *span {
	for _, sp := range spans {
		if c.StartLine <= sp.end+1 && c.EndLine >= sp.start-1 {
			return sp
		}
	}
	return nil
}

// merge widens the span to cover c, taking c's lines where the span has none.
func (sp *span) merge(c *store.Chunk) {
	start, end := min(sp.start, c.StartLine), max(sp.end, c.EndLine)
	lines := make([]string, end-start+1)
	cl := chunkLines(c)
	for i := range cl {
		if ln := c.StartLine + i; ln <= end {
			lines[ln-start] = cl[i]
		}
	}
	for i := range sp.lines { // the span's own lines win where both have one
		if ln := sp.start + i; ln <= end {
			lines[ln-start] = sp.lines[i]
		}
	}
	sp.start, sp.end, sp.lines = start, end, lines
}

// trim drops blank lines at both ends of the span, and the last line's
// break.
func (sp *span) trim() {
	for len(sp.lines) > 1 && strings.TrimSpace(sp.lines[0]) == "" {
		sp.lines = sp.lines[1:]
		sp.start++
	}
	for len(sp.lines) > 1 && strings.TrimSpace(sp.lines[len(sp.lines)-1]) == "" {
		sp.lines = sp.lines[:len(sp.lines)-1]
		sp.end--
	}
	last := len(sp.lines) - 1
	sp.lines[last] = strings.TrimSuffix(sp.lines[last], "\r") // the span ends before its line break
}
