package tokens

import (
	"unicode"
	"unicode/utf8"
)

// The pre-tokenizer of o200k_base is a regular expression with a negative
// lookahead, seven alternatives tried in order at each place, the first
// that matches winning, each alternative greedy with backtracking:
//
//  1. [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//  2. [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?
//  3. \p{N}{1,3}
//  4.  ?[^\s\p{L}\p{N}]+[\r\n/]*
//  5. \s*[\r\n]+
//  6. \s+(?!\S)
//  7. \s+
//
// nextPiece matches them by hand, with what backtracking would find
// worked out for each (a backtracking regular expression engine was
// 240 KB of the binary and most of the time a count took). \s is
// unicode.IsSpace and the classes are the unicode package's. FuzzSplit
// checks nextPiece against the pattern run by Go's regexp, which prefers
// as a backtracking engine does; tiktoken-go's engine (regexp2) departs
// from the pattern in two places ("\n \n" is one piece, U+007F a
// symbol), where nextPiece follows the pattern as Python's regex module
// and tiktoken itself read it.

// nextPiece returns where the piece starting at i of s ends (> i when
// i < len(s): every character starts some alternative).
func nextPiece(s string, i int) int {
	if e := wordPiece(s, i); e > i {
		return e
	}
	r, n := utf8.DecodeRuneInString(s[i:])
	switch {
	case unicode.IsNumber(r):
		e := i + n
		for k := 1; k < 3 && e < len(s); k++ {
			r, n := utf8.DecodeRuneInString(s[e:])
			if !unicode.IsNumber(r) {
				break
			}
			e += n
		}
		return e
	case r == ' ' || isSymbol(r):
		j := i
		if r == ' ' {
			j += n
		}
		if e := runOf(s, j, isSymbol); e > j {
			return runOf(s, e, isBreakOrSlash)
		}
	}
	return spacePiece(s, i)
}

// wordPiece matches alternatives 1 and 2 at i, or returns i.
func wordPiece(s string, i int) int {
	r, n := utf8.DecodeRuneInString(s[i:])
	if isPrefix(r) {
		if e := lowerWord(s, i+n); e > 0 {
			return contraction(s, e)
		}
	}
	if e := lowerWord(s, i); e > 0 {
		return contraction(s, e)
	}
	if isPrefix(r) {
		if e := runOf(s, i+n, isUpper); e > i+n {
			return contraction(s, runOf(s, e, isLower))
		}
	}
	if e := runOf(s, i, isUpper); e > i {
		return contraction(s, runOf(s, e, isLower))
	}
	return i
}

// lowerWord matches [upper]*[lower]+ at j and returns its end, or -1.
// The classes share modifier and other letters and marks: when the
// upper run is not followed by a lower letter, the engine gives back the
// run's characters until one is in the lower class too, and that one is
// the word's last.
func lowerWord(s string, j int) int {
	u, lastLower := j, -1
	for u < len(s) {
		r, n := utf8.DecodeRuneInString(s[u:])
		if !isUpper(r) {
			break
		}
		if isLower(r) {
			lastLower = u + n
		}
		u += n
	}
	if e := runOf(s, u, isLower); e > u {
		return e
	}
	return lastLower
}

// contraction extends a word ending at e by an English contraction
// ('s, 't, 're, 've, 'm, 'll, 'd, in any case).
func contraction(s string, e int) int {
	if e >= len(s) || s[e] != '\'' {
		return e
	}
	for _, c := range [...]string{"s", "t", "re", "ve", "m", "ll", "d"} {
		if n := foldPrefix(s[e+1:], c); n > 0 {
			return e + 1 + n
		}
	}
	return e
}

// foldPrefix returns the length of the prefix of s that equals lower
// (ASCII) under Unicode case folding ('S and 'ſ are 's), or 0.
func foldPrefix(s, lower string) int {
	n := 0
	for i := 0; i < len(lower); i++ {
		r, w := utf8.DecodeRuneInString(s[n:])
		if w == 0 || !foldsTo(r, rune(lower[i])) {
			return 0
		}
		n += w
	}
	return n
}

// foldsTo reports whether r is c or one of its case variants.
func foldsTo(r, c rune) bool {
	for f := unicode.SimpleFold(c); f != c; f = unicode.SimpleFold(f) {
		if f == r {
			return true
		}
	}
	return r == c
}

// spacePiece matches alternatives 5 to 7 at i, which holds white space.
func spacePiece(s string, i int) int {
	w, lastBreak, lastStart := i, -1, i
	for w < len(s) {
		r, n := utf8.DecodeRuneInString(s[w:])
		if !unicode.IsSpace(r) {
			break
		}
		if r == '\r' || r == '\n' {
			lastBreak = w + n
		}
		lastStart = w
		w += n
	}
	switch {
	case lastBreak > 0: // \s*[\r\n]+ ends at the run's last line break
		return lastBreak
	case w == len(s) || lastStart == i: // \s+(?!\S) takes all at the end; \s+ a single space
		return w
	default: // \s+(?!\S): all but the last, which joins the next piece
		return lastStart
	}
}

// runOf returns the end of the run of characters in class starting at j.
func runOf(s string, j int, class func(rune) bool) int {
	for j < len(s) {
		r, n := utf8.DecodeRuneInString(s[j:])
		if !class(r) {
			break
		}
		j += n
	}
	return j
}

// isPrefix is [^\r\n\p{L}\p{N}]: what may lead a word.
func isPrefix(r rune) bool {
	return r != '\r' && r != '\n' && !unicode.IsLetter(r) && !unicode.IsNumber(r)
}

// isUpper is [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}].
func isUpper(r rune) bool {
	if r < utf8.RuneSelf {
		return 'A' <= r && r <= 'Z'
	}
	return unicode.In(r, unicode.Lu, unicode.Lt, unicode.Lm, unicode.Lo, unicode.M)
}

// isLower is [\p{Ll}\p{Lm}\p{Lo}\p{M}].
func isLower(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z'
	}
	return unicode.In(r, unicode.Ll, unicode.Lm, unicode.Lo, unicode.M)
}

// isSymbol is [^\s\p{L}\p{N}].
func isSymbol(r rune) bool {
	return !unicode.IsSpace(r) && !unicode.IsLetter(r) && !unicode.IsNumber(r)
}

func isBreakOrSlash(r rune) bool { return r == '\r' || r == '\n' || r == '/' }
