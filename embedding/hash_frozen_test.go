package embedding

// This file freezes the hash embedder's tokenizer as it was before
// internal/ident replaced it (commit f7c7d4a), so that tests can prove the
// features of stored hash-v1 vectors did not change. Do not edit it to
// match new behaviour.

import (
	"strings"
	"unicode"
)

// frozenHashFeatures is hashFeatures with the frozen tokenizer.
func frozenHashFeatures(text string) map[string]float64 {
	counts := map[string]float64{}
	prev := ""
	frozenForEachIdentifier(text, func(ident string) {
		lower := strings.ToLower(ident)
		counts["i:"+lower] += 0.5
		frozenSplitIdentifier(ident, func(w string) {
			counts["w:"+w]++
			if prev != "" {
				counts["b:"+prev+" "+w] += 0.5
			}
			prev = w
		})
	})
	return counts
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
