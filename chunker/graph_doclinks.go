package chunker

import "strings"

// linkTags are the inline tags of JSDoc and Javadoc that link to a
// declaration: {@link Name}, {@link Class#member label}, {@linkplain ...}.
var linkTags = set("link", "linkcode", "linkplain")

// typeTags are JSDoc's block tags that state a type in braces:
// @param {Parser} p, @returns {Notification<T>}.
var typeTags = set("param", "arg", "argument", "returns", "return", "type", "throws", "exception",
	"property", "prop", "typedef", "yields", "this", "enum", "implements", "extends", "augments")

// maxDocLinks bounds the references read from one comment.
const maxDocLinks = 64

// addDocLinks records the declarations a doc comment names as references,
// so a rename finds the documentation that names the old name, as gopls
// finds a Go doc comment's [Name] links: every name of a {@link ...} tag,
// each selected from the ones before it ("Notification#createNext" names
// Notification and selects createNext from it) and of an @see tag, the
// type names in the braces of JSDoc's type tags (@param {Parser} p), and
// the exception of Javadoc's @throws.
func (b *graphBuilder) addDocLinks(c *capture) {
	text := b.text(c.start, c.end)
	refs := 0
	for i := strings.IndexByte(text, '@'); i >= 0 && refs < maxDocLinks; {
		tagEnd := i + 1
		for tagEnd < len(text) && isNameByte(text[tagEnd]) {
			tagEnd++
		}
		tag, next := text[i+1:tagEnd], skipBlanks(text, tagEnd)
		switch {
		case i > 0 && text[i-1] == '{' && linkTags[tag]:
			refs += b.docPath(c, text, next, RefOther, false)
		case typeTags[tag] && next < len(text) && text[next] == '{':
			end := next + 1 + strings.IndexByte(text[next+1:], '}')
			if end > next {
				refs += b.docTypes(c, text, next+1, end)
			}
		case tag == "see":
			refs += b.docPath(c, text, next, RefOther, false)
		case (tag == "throws" || tag == "exception") && next < len(text) && text[next] >= 'A' && text[next] <= 'Z':
			refs += b.docPath(c, text, next, RefType, false) // Javadoc's @throws IOException
		}
		j := strings.IndexByte(text[tagEnd:], '@')
		if j < 0 {
			break
		}
		i = tagEnd + j
	}
}

// docTypes records the type names of a JSDoc type expression,
// text[start:end] ("Notification<T>", "Array<Parser>|null"): the paths
// whose first name is capitalized and longer than a type parameter's.
func (b *graphBuilder) docTypes(c *capture, text string, start, end int) int {
	refs := 0
	for i := start; i < end; {
		if !isNameByte(text[i]) || text[i] >= '0' && text[i] <= '9' || i > start && (isNameByte(text[i-1]) || text[i-1] == '\'' || text[i-1] == '"') {
			i++
			continue
		}
		j := i
		for j < end && isNameByte(text[j]) {
			j++
		}
		if text[i] >= 'A' && text[i] <= 'Z' && j-i > 1 {
			refs += b.docPath(c, text[:end], i, RefType, true)
		}
		for i = j; i < end && (isNameByte(text[i]) || text[i] == '.'); i++ {
		}
	}
	return refs
}

// docPath records the names of the dotted (or #-separated) path at
// text[start:] as references of kind, each selected from the ones before
// it; a URL or a module:path is none. It returns how many it recorded.
func (b *graphBuilder) docPath(c *capture, text string, start int, kind RefKind, typed bool) int {
	end := start
	for end < len(text) && (isNameByte(text[end]) || text[end] == '.' || text[end] == '#') {
		end++
	}
	if end == start || end < len(text) && text[end] == ':' && !typed {
		return 0
	}
	path := strings.TrimRight(text[start:end], ".#")
	if strings.IndexFunc(path, func(r rune) bool { return r >= 0x80 }) >= 0 {
		return 0
	}
	refs := 0
	for from := 0; from < len(path); {
		to := from + strings.IndexAny(path[from:], ".#")
		if to < from {
			to = len(path)
		}
		if to > from {
			r := b.refIn(c, text, start+from, start+to, kind)
			if from > 0 {
				r.hasRecv = true
				r.recv = [2]uint32{c.start + uint32(start), c.start + uint32(start+from-1)}
			}
			b.refs = append(b.refs, r)
			refs++
		}
		from = to + 1
	}
	return refs
}

// skipBlanks is the first index at or after i that is not a space or tab.
func skipBlanks(text string, i int) int {
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	return i
}
