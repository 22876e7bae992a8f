package search

import (
	"strings"

	"github.com/codeseek/codeseek/store"
)

// minCopyBytes is the least text a chunk needs for another file's
// identical chunk to be shown as a copy of it rather than a result of
// its own: short chunks (a closing brace, a one-line getter) are the same
// by chance, not copied.
const minCopyBytes = 64

// maxCopies bounds the copies a result names: a license header or a
// generated stub can be in hundreds of files, and the first few say so.
const maxCopies = 10

// copyIndex finds the shown result whose text a candidate repeats in
// another file (a generated or vendored copy, a file copied per
// platform). The same text declares the same names, so only candidates
// with a shown result's symbol and kind have their text read: assembly
// walks every candidate, and reading (and hashing) every candidate's text
// would undo what reading text on demand saves (store.Chunk.Full).
type copyIndex struct {
	bySymbol map[copySymbol][]shownText
}

// copySymbol is what a chunk and its copies share without reading text.
type copySymbol struct {
	repo, symbol string
	kind         store.Kind
}

// shownText is a shown result's chunk text, trimmed, and the result.
type shownText struct {
	text string
	sp   *span
}

func symbolOf(cd *candidate) copySymbol {
	return copySymbol{cd.ix.Manifest().Meta.ID, cd.chunk.Symbol, cd.chunk.Kind}
}

// copyText is cd's trimmed text, and false for text too short to tell.
func copyText(cd *candidate) (string, bool) {
	t := strings.TrimSpace(cd.chunk.Full().Content)
	return t, len(t) >= minCopyBytes
}

// add records sp, taken for cd, unless a result with its text is shown.
func (x *copyIndex) add(cd *candidate, sp *span) {
	k := symbolOf(cd)
	t, ok := copyText(cd)
	if !ok || x.find(k, t) != nil {
		return
	}
	if x.bySymbol == nil {
		x.bySymbol = map[copySymbol][]shownText{}
	}
	x.bySymbol[k] = append(x.bySymbol[k], shownText{t, sp})
}

// of returns the shown result cd's text repeats, or nil.
func (x *copyIndex) of(cd *candidate) *span {
	k := symbolOf(cd)
	if len(x.bySymbol[k]) == 0 {
		return nil
	}
	t, ok := copyText(cd)
	if !ok {
		return nil
	}
	return x.find(k, t)
}

func (x *copyIndex) find(k copySymbol, text string) *span {
	for _, s := range x.bySymbol[k] {
		if s.text == text {
			return s.sp
		}
	}
	return nil
}
