// Package ident is the one code-aware tokenizer of codeseek: it finds the
// identifiers of a text and cuts each into lowercase words at underscores,
// camelCase, PascalCase, acronym and letter/digit boundaries
// ("parseHTTPRequest2" → "parse", "http", "request", "2"). The lexical
// index, the query side, the built-in model's featurizer and the training
// data all tokenize with it, so a word means the same everywhere; persisted
// lexicons and trained weights depend on its exact output.
package ident

import (
	"unicode"
	"unicode/utf8"
)

// Rune classes. An identifier is a maximal run of letters, digits and
// underscores; upper, lower and digit drive the word boundaries.
const (
	other  uint8 = iota // not part of an identifier
	under               // '_'
	lower               // unicode.IsLower
	upper               // unicode.IsUpper
	digit               // unicode.IsDigit
	letter              // any other letter (CJK, title case, modifiers)
	multi               // a byte of a multi-byte rune: see classRune
)

// byteClass is the class of each ASCII byte, the fast path, and multi
// for the others.
var byteClass = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c >= utf8.RuneSelf:
			t[c] = multi
		case c == '_':
			t[c] = under
		case 'a' <= c && c <= 'z':
			t[c] = lower
		case 'A' <= c && c <= 'Z':
			t[c] = upper
		case '0' <= c && c <= '9':
			t[c] = digit
		}
	}
	return t
}()

// classRune returns the class and byte length of the non-ASCII rune at
// s[i]. Callers look ASCII bytes up in byteClass themselves, inline: a
// function doing both is too big for the compiler to inline.
func classRune(s string, i int) (uint8, int) {
	r, size := utf8.DecodeRuneInString(s[i:])
	switch {
	case unicode.IsUpper(r):
		return upper, size
	case unicode.IsLower(r):
		return lower, size
	case unicode.IsDigit(r):
		return digit, size
	case unicode.IsLetter(r):
		return letter, size
	}
	return other, size
}

// Identifiers calls fn with the byte offsets [start, end) of each
// identifier of text, in order.
func Identifiers(text string, fn func(start, end int)) {
	start := -1
	for i := 0; i < len(text); {
		c, size := byteClass[text[i]], 1
		if c == multi {
			c, size = classRune(text, i)
		}
		switch {
		case c != other && start < 0:
			start = i
		case c == other && start >= 0:
			fn(start, i)
			start = -1
		}
		i += size
	}
	if start >= 0 {
		fn(start, len(text))
	}
}

// Splitter cuts identifiers into lowercase words, reusing one buffer, so
// that tokenizing allocates nothing once the buffer has grown. The zero
// value is ready to use; a Splitter is not safe for concurrent use.
type Splitter struct {
	buf []byte
}

// Split calls word with each lowercase word of each identifier of text and
// then, if end is not nil, end with the identifier's byte offsets
// [start, end) and its number of words. The slice passed to word is only
// valid during the call.
//
// A word ends at an underscore, between a lower- and an uppercase letter,
// before the last capital of an acronym that a lowercase letter follows
// ("HTTPRequest" → "http", "request"), and between a digit and a
// non-digit. It is one pass that classifies each rune once, because the
// lexical index and the model featurizer spend much of their time here.
func (s *Splitter) Split(text string, word func(w []byte), end func(start, end, words int)) {
	id, start, n := -1, 0, 0 // identifier start, word start, words so far
	prev := other
	for i := 0; i < len(text); {
		c, size := byteClass[text[i]], 1
		if c == multi {
			c, size = classRune(text, i)
		}
		switch {
		case c == other:
			if id >= 0 {
				s.endIdent(text, id, start, i, n, word, end)
				id = -1
			}
		case id < 0:
			id, start, n = i, i, 0
			if c == under {
				start = i + size
			}
		case c == under:
			n += s.emit(text[start:i], word)
			start = i + size
		case i == start:
		case (c == digit) != (prev == digit),
			c == upper && prev == lower,
			c == upper && prev == upper && i+size < len(text) && lowerAt(text, i+size):
			n += s.emit(text[start:i], word)
			start = i
		}
		prev = c
		i += size
	}
	if id >= 0 {
		s.endIdent(text, id, start, len(text), n, word, end)
	}
}

// endIdent emits the last word of the identifier text[id:stop], whose
// last word starts at start, and reports the identifier to end.
func (s *Splitter) endIdent(text string, id, start, stop, n int, word func([]byte), end func(int, int, int)) {
	n += s.emit(text[start:stop], word)
	if end != nil {
		end(id, stop, n)
	}
}

func lowerAt(s string, i int) bool {
	c := byteClass[s[i]]
	if c == multi {
		c, _ = classRune(s, i)
	}
	return c == lower
}

// emit passes part, lowercased, to fn and reports whether it was a word.
func (s *Splitter) emit(part string, fn func([]byte)) int {
	if part == "" {
		return 0
	}
	s.buf = AppendLower(s.buf[:0], part)
	fn(s.buf)
	return 1
}

// AppendLower appends s lowercased rune by rune (as strings.ToLower does
// for valid UTF-8) to dst.
func AppendLower(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		dst = utf8.AppendRune(dst, unicode.ToLower(r))
		i += size
	}
	return dst
}
