package embedding

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Words splits text into lowercase code-aware words: at non-alphanumerics
// and at camelCase, PascalCase, snake_case and letter/digit boundaries.
// "parseHTTPRequest2" yields "parse", "http", "request", "2".
func Words(text string) []string {
	var out []string
	ForEachWord(text, func(w string) { out = append(out, w) })
	return out
}

// ForEachWord calls fn for each word Words would return, without
// allocating the slice.
func ForEachWord(text string, fn func(string)) {
	ForEachIdentifier(text, func(ident string) {
		splitIdentifier(ident, fn)
	})
}

// ForEachIdentifier calls fn for each maximal run of letters, digits and
// underscores, as written (not lowercased).
func ForEachIdentifier(text string, fn func(string)) {
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

// splitIdentifier cuts one identifier at case, underscore and digit
// boundaries and passes the lowercased parts to fn.
func splitIdentifier(ident string, fn func(string)) {
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

// truncateUTF8 cuts s to at most n bytes without splitting a rune.
func truncateUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
