package store

// This file freezes the lexical tokenizer as it was before internal/ident
// replaced it (commit f7c7d4a), so that tests can prove the persisted
// lexicon terms did not change. Do not edit it to match new behaviour.

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// frozenLexTerms calls add for every lexical term of text: each lowercased word
// part of an identifier and, for compound identifiers, the whole
// identifier lowercased. The byte slice passed to add is only valid during
// the call, so hot loops can look it up in a map without allocating.
func frozenLexTerms(text string, add func(term []byte)) {
	var whole, part []byte
	i := 0
	for i < len(text) {
		// Skip to the next identifier.
		r, size := rune(text[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(text[i:])
		}
		if !frozenIsIdentRune(r) {
			i += size
			continue
		}
		start := i
		for i < len(text) {
			r, size = rune(text[i]), 1
			if r >= utf8.RuneSelf {
				r, size = utf8.DecodeRuneInString(text[i:])
			}
			if !frozenIsIdentRune(r) {
				break
			}
			i += size
		}
		ident := text[start:i]
		if frozenIsASCII(ident) {
			whole, part = frozenAsciiTerms(ident, whole[:0], part[:0], add)
			continue
		}
		parts := 0
		frozenForEachWord(ident, func(w string) { parts++; add([]byte(w)) })
		if parts > 1 {
			add([]byte(strings.ToLower(ident)))
		}
	}
}

func frozenIsIdentRune(r rune) bool {
	if r < utf8.RuneSelf {
		return r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r)
}

func frozenIsASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// frozenAsciiTerms splits an ASCII identifier the way embedding.Words does
// (underscores, lower→upper, acronym→word, letter↔digit) without
// allocating, and reports the parts and the whole identifier.
func frozenAsciiTerms(ident string, whole, part []byte, add func([]byte)) ([]byte, []byte) {
	parts := 0
	emit := func() {
		if len(part) > 0 {
			add(part)
			parts++
			part = part[:0]
		}
	}
	class := func(c byte) int {
		switch {
		case 'a' <= c && c <= 'z':
			return 1
		case 'A' <= c && c <= 'Z':
			return 2
		case '0' <= c && c <= '9':
			return 3
		}
		return 0
	}
	for j := 0; j < len(ident); j++ {
		c := ident[j]
		cl := class(c)
		if cl == 0 { // underscore
			emit()
			continue
		}
		if len(part) > 0 {
			prev := class(ident[j-1])
			switch {
			case (cl == 3) != (prev == 3):
				emit()
			case cl == 2 && prev == 1:
				emit()
			case cl == 2 && prev == 2 && j+1 < len(ident) && class(ident[j+1]) == 1:
				emit() // "HTTPRequest": cut before "Request"
			}
		}
		if cl == 2 {
			c += 32
		}
		part = append(part, c)
	}
	emit()
	if parts > 1 {
		whole = whole[:0]
		for j := 0; j < len(ident); j++ {
			c := ident[j]
			if 'A' <= c && c <= 'Z' {
				c += 32
			}
			whole = append(whole, c)
		}
		add(whole)
	}
	return whole, part
}

// frozenForEachWord calls fn for each word Words would return, without
// allocating the slice.
func frozenForEachWord(text string, fn func(string)) {
	frozenForEachIdentifier(text, func(ident string) {
		frozenSplitIdentifier(ident, fn)
	})
}

// frozenForEachIdentifier calls fn for each maximal run of letters, digits and
// underscores, as written (not lowercased).
func frozenForEachIdentifier(text string, fn func(string)) {
	start := -1
	for i, r := range text {
		word := r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)
		switch {
		case word && start < 0:
			start = i
		case !word && start >= 0:
			fn(text[start:i])
			start = -1
		}
	}
	if start >= 0 {
		fn(text[start:])
	}
}

// frozenSplitIdentifier cuts one identifier at case, underscore and digit
// boundaries and passes the lowercased parts to fn.
func frozenSplitIdentifier(ident string, fn func(string)) {
	runes := []rune(ident)
	start := 0
	emit := func(end int) {
		if end > start {
			fn(strings.ToLower(string(runes[start:end])))
		}
		start = end
	}
	for i := 0; i < len(runes); i++ {
		r := runes[i]
		if r == '_' {
			emit(i)
			start = i + 1
			continue
		}
		if i == start {
			continue
		}
		prev := runes[i-1]
		switch {
		case unicode.IsDigit(r) != unicode.IsDigit(prev) && prev != '_':
			emit(i)
		case unicode.IsUpper(r) && unicode.IsLower(prev):
			emit(i)
		case unicode.IsUpper(r) && unicode.IsUpper(prev) && i+1 < len(runes) && unicode.IsLower(runes[i+1]):
			emit(i) // "HTTPRequest": cut before "Request"
		}
	}
	emit(len(runes))
}
