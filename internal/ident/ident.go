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
)

// asciiClass is the class of each ASCII byte: the fast path.
var asciiClass = func() (t [utf8.RuneSelf]uint8) {
	for c := range t {
		switch {
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

// classAt returns the class and byte length of the rune at s[i].
func classAt(s string, i int) (uint8, int) {
	if c := s[i]; c < utf8.RuneSelf {
		return asciiClass[c], 1
	}
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
		c, size := classAt(text, i)
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
// then, if end is not nil, end with the identifier's offsets [start, end)
// and its number of words. The slice passed to word is only valid during
// the call.
func (s *Splitter) Split(text string, word func(w []byte), end func(start, end, words int)) {
	Identifiers(text, func(start, stop int) {
		n := s.Words(text[start:stop], word)
		if end != nil {
			end(start, stop, n)
		}
	})
}

// Words calls fn with each lowercase word of the identifier id, which must
// hold identifier runes only (as Identifiers finds them), and returns the
// number of words. A word ends at an underscore, between a lower- and an
// uppercase letter, before the last capital of an acronym that a
// lowercase letter follows ("HTTPRequest" → "http", "request"), and
// between a digit and a non-digit. The slice passed to fn is only valid
// during the call.
func (s *Splitter) Words(id string, fn func(w []byte)) int {
	n, start := 0, 0
	prev := under
	for i := 0; i < len(id); {
		c, size := classAt(id, i)
		switch {
		case c == under:
			n += s.emit(id[start:i], fn)
			start = i + size
		case i == start:
		case (c == digit) != (prev == digit),
			c == upper && prev == lower,
			c == upper && prev == upper && i+size < len(id) && lowerAt(id, i+size):
			n += s.emit(id[start:i], fn)
			start = i
		}
		prev = c
		i += size
	}
	return n + s.emit(id[start:], fn)
}

func lowerAt(s string, i int) bool {
	c, _ := classAt(s, i)
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
