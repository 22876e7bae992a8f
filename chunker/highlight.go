package chunker

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
)

// TokenClass is what a highlighter colours a stretch of code as. The
// classes are the few a terminal view tells apart; they come from the same
// tree-sitter parse that chunks the code, so highlighting needs no second
// set of grammars (a regular-expression highlighter would add 8 MB of
// lexers to the binary and 9 ms to every start).
type TokenClass uint8

// Token classes.
const (
	ClassComment TokenClass = iota + 1
	ClassString
	ClassNumber
	ClassKeyword
	ClassType
)

// Token is a classified byte range [Start, End) of the highlighted text.
type Token struct {
	Start, End int
	Class      TokenClass
}

// Highlight classifies the comments, strings, numbers, keywords and type
// names of src, written in lang (a name Language returns), in source
// order. It returns nil for a language without a grammar or a text the
// parser gives up on; a fragment (one chunk of a file) is fine, as
// tree-sitter recovers around what it cannot place.
func Highlight(lang string, src []byte) []Token {
	p := poolFor(lang)
	if p == nil || len(src) == 0 {
		return nil
	}
	tree, err := p.parse(src)
	if err != nil {
		return nil
	}
	defer tree.Close()
	var out []Token
	var walk func(n *sitter.Node)
	walk = func(n *sitter.Node) {
		if c, whole := classify(n); c != 0 {
			out = append(out, Token{int(n.StartByte()), int(n.EndByte()), c})
			if whole {
				return
			}
		}
		for ch := range children(n, false) {
			walk(ch)
		}
	}
	walk(tree.RootNode())
	return out
}

// classify names the class of a node by the conventions tree-sitter
// grammars share (comment, string_literal, integer, type_identifier, and
// keywords as anonymous word tokens), so one rule serves every language.
// whole is whether the node's children are part of it (a string's escape
// sequences and interpolations are coloured as the string).
func classify(n *sitter.Node) (c TokenClass, whole bool) {
	t := n.Type()
	switch {
	case strings.Contains(t, "comment"):
		return ClassComment, true
	case !n.IsNamed():
		if n.ChildCount() == 0 && isWord(t) {
			return ClassKeyword, false
		}
	case strings.Contains(t, "string") || t == "char_literal" || t == "character_literal" || t == "rune_literal" || t == "heredoc_body" || t == "raw_string_literal":
		return ClassString, true
	case n.ChildCount() == 0 && (strings.Contains(t, "integer") || strings.Contains(t, "float") || strings.Contains(t, "number") || strings.HasSuffix(t, "int_literal")):
		return ClassNumber, false
	case n.ChildCount() == 0 && (t == "type_identifier" || t == "primitive_type" || t == "predefined_type" || t == "builtin_type" || t == "integral_type" || t == "floating_point_type" || t == "boolean_type" || t == "void_type"):
		return ClassType, false
	}
	return 0, false
}

// isWord is whether an anonymous token is a keyword (func, return, if)
// rather than punctuation.
func isWord(t string) bool {
	if t == "" {
		return false
	}
	for _, r := range t {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '_') {
			return false
		}
	}
	return true
}
