package search

import (
	"path"
	"strings"
	"unicode"

	"github.com/codeseek/codeseek/store"
)

// variantsOf returns a test for files that are variants of another
// candidate file: same directory and extension, and a name that extends
// the other's at a word boundary — Zip+arity.swift and Zip+Collection.swift
// beside Zip.swift, MessagePackSerializer.Json.cs beside
// MessagePackSerializer.cs, BeanSerializerBase.java beside
// BeanSerializer.java. A query about the concept wants the plain file,
// while the variants often match it as well or better, having more of the
// same words. When the query names the extension ("zip a collection"),
// the variant is what it asks for and is left alone.
func variantsOf(q Query, cands []*candidate) func(string) bool {
	files := map[string]bool{} // dir + "\x00" + lower-case stem + "\x00" + ext
	key := func(dir, stem, ext string) string { return dir + "\x00" + strings.ToLower(stem) + "\x00" + ext }
	for _, cd := range cands {
		dir, stem, ext := splitName(cd.chunk.FilePath)
		files[key(dir, stem, ext)] = true
	}
	memo := map[string]bool{}
	return func(p string) bool {
		v, ok := memo[p]
		if ok {
			return v
		}
		dir, stem, ext := splitName(p)
		plus := strings.Contains(stem, "+")
		for i := 1; i < len(stem) && !v; i++ {
			if plus && stem[i] != '+' {
				continue // Type+Category: the type is the whole name before a '+'
			}
			if wordBoundary(stem, i) && files[key(dir, stem[:i], ext)] {
				v = !namesAnyWord(q.Terms, stem[i:]) && !(plus && extensionSuffixes[strings.ToLower(stem[i+1:])])
			}
		}
		memo[p] = v
		return v
	}
}

// extensionSuffixes name a Type+Category file that adds the type's
// methods (Swift's ObservableType+Extensions.swift, Objective-C's
// NSString+Additions.m): the type's API, which a query about the type asks
// for as much as its declaration, where Zip+arity.swift is a variant.
var extensionSuffixes = map[string]bool{"extensions": true, "extension": true, "additions": true}

// splitName splits a path into its directory, name stem and extension.
func splitName(p string) (dir, stem, ext string) {
	dir, base := path.Split(p)
	ext = path.Ext(base)
	return dir, strings.TrimSuffix(base, ext), ext
}

// wordBoundary reports whether a new word starts at byte i of a name: after
// a separator (Zip+arity, poll_fd, Serializer.Json) or at a capital after a
// lower-case letter or digit (BeanSerializer|Base).
func wordBoundary(s string, i int) bool {
	switch s[i] {
	case '+', '_', '-', '.':
		return true
	}
	prev := rune(s[i-1])
	return unicode.IsUpper(rune(s[i])) && (unicode.IsLower(prev) || unicode.IsDigit(prev))
}

// namesAnyWord reports whether a query term matches a word of name.
func namesAnyWord(terms []string, name string) bool {
	hit := false
	store.LexTerms(name, func(t []byte) {
		hit = hit || termsMatch(terms, string(t))
	})
	return hit
}
