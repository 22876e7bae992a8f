package chunker

import (
	"bytes"
	"sort"
)

// approxTokens estimates the token count of text. Code averages about four
// bytes a token; counting that way keeps the chunker free of the embedder.
func approxTokens(s string) int { return (len(s) + 3) / 4 }

// source is a file with its line table. Lines are 0-based internally and
// end with their "\n"; chunk ranges are converted to 1-based at the end.
type source struct {
	// path names the file, where a language declares something by it
	// (a Zig file is a struct named by its file).
	path  string
	src   []byte
	start []int // start[i] is the byte offset of line i; start[n] == len(src)
	n     int   // number of lines
	// tok is the prefix sum of per-line token counts when a custom counter
	// is set; nil means the byte-based estimate over the whole range.
	tok []int
}

func newSource(src []byte, count func(string) int) *source {
	s := &source{src: src}
	s.start = append(s.start, 0)
	for i := 0; i < len(src); {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		s.start = append(s.start, i)
	}
	if s.start[len(s.start)-1] != len(src) {
		s.start = append(s.start, len(src))
	}
	s.n = len(s.start) - 1
	if count != nil {
		s.tok = make([]int, s.n+1)
		for i := 0; i < s.n; i++ {
			s.tok[i+1] = s.tok[i] + count(string(src[s.start[i]:s.start[i+1]]))
		}
	}
	return s
}

// tokens counts the tokens of lines a..b inclusive.
func (s *source) tokens(a, b int) int {
	if a > b {
		return 0
	}
	if s.tok != nil {
		return s.tok[b+1] - s.tok[a]
	}
	return (s.start[b+1] - s.start[a] + 3) / 4
}

// lineEnd returns the offset of the "\n" ending the line holding i, or
// len(src).
func lineEnd(src []byte, i int) int {
	if j := bytes.IndexByte(src[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(src)
}

// nextCode returns the first line after line b that is not blank (the
// last line when all are).
func (s *source) nextCode(b int) int {
	a := b + 1
	for a < s.n-1 && s.blank(a) {
		a++
	}
	return a
}

// position is the 1-based line and column of byte off.
func (s *source) position(off int) (int, int) {
	line := s.lineAt(off)
	return line + 1, off - s.start[line] + 1
}

// line returns line i without its terminator.
func (s *source) line(i int) []byte {
	l := s.src[s.start[i]:s.start[i+1]]
	l = bytes.TrimSuffix(l, []byte("\n"))
	return bytes.TrimSuffix(l, []byte("\r"))
}

// blank reports whether line i holds only white space.
// lineAt returns the line holding byte off.
func (s *source) lineAt(off int) int {
	return sort.Search(s.n, func(i int) bool { return s.start[i+1] > off })
}

func (s *source) blank(i int) bool {
	return len(bytes.TrimSpace(s.src[s.start[i]:s.start[i+1]])) == 0
}

// text returns lines a..b exactly, without the final line terminator.
func (s *source) text(a, b int) string {
	t := s.src[s.start[a]:s.start[b+1]]
	t = bytes.TrimSuffix(t, []byte("\n"))
	t = bytes.TrimSuffix(t, []byte("\r"))
	return string(t)
}

// span is a line range a..b (0-based, inclusive) with the metadata of the
// chunk it will become.
type span struct {
	a, b int
	meta
}

// meta is the descriptive part of a chunk.
type meta struct {
	symbol, kind, parent, sig, doc string
	docA, docB                     int // lines of doc when doc != ""
}

// windows cuts lines a..b into spans of at most budget tokens, preferring
// to end at a blank line or a line starting with a closing brace. A single
// line larger than twice the budget (minified or generated data) is left
// out rather than allowed to become a giant chunk.
func (s *source) windows(a, b, budget int, m meta) []span {
	var out []span
	emit := func(from, to int) {
		for from <= to && s.blank(from) {
			from++
		}
		for to >= from && s.blank(to) {
			to--
		}
		if from <= to {
			out = append(out, span{a: from, b: to, meta: m})
		}
	}
	start, lastBreak := a, -1
	for i := a; i <= b; i++ {
		if s.tokens(i, i) > 2*budget {
			emit(start, i-1)
			start, lastBreak = i+1, -1
			continue
		}
		if i > start && s.tokens(start, i) > budget {
			cut := i - 1
			if lastBreak >= start && lastBreak-start >= (i-start)/3 {
				cut = lastBreak
			}
			emit(start, cut)
			start, lastBreak = cut+1, -1
			i = cut
			continue
		}
		l := s.line(i)
		if len(bytes.TrimSpace(l)) == 0 || bytes.HasPrefix(l, []byte("}")) {
			lastBreak = i
		}
	}
	emit(start, b)
	return out
}
