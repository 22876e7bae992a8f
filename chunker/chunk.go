// Package chunker splits source files and documents into chunks: whole,
// meaningful units (declarations for code, sections for documentation) that
// are embedded and searched one by one.
package chunker

import (
	"path/filepath"
	"strings"
)

// Version identifies the chunking rules. It is recorded in every index so
// that a change of rules triggers a rebuild instead of a mixed index.
const Version = "lines-1"

// DefaultMaxTokens is the default chunk size budget.
const DefaultMaxTokens = 400

// Chunk is one searchable unit of a file. Lines are 1-based and inclusive.
type Chunk struct {
	StartLine int
	EndLine   int
	// Content is the exact text of lines StartLine..EndLine.
	Content  string
	Language string
	// Symbol is the declared name ("ParseDuration", "Server.Close"), or empty.
	Symbol string
	// SymbolKind is "function", "method", "class", "type", "const", "var",
	// "section" and so on, or empty for anonymous windows.
	SymbolKind string
	// Parent is the enclosing symbol, such as the class of a method.
	Parent string
	// Signature is the one-line declaration header.
	Signature string
	// Doc is the raw documentation attached to the declaration (doc comment
	// or docstring) as it appears inside Content, or empty.
	Doc string
}

// Options tunes chunking. The zero value uses the defaults.
type Options struct {
	// MaxTokens is the size budget of one chunk.
	MaxTokens int
}

func (o Options) maxTokens() int {
	if o.MaxTokens <= 0 {
		return DefaultMaxTokens
	}
	return o.MaxTokens
}

// Split chunks one file. path is used for language detection only; src is
// the file content. The returned ranges are sorted and do not overlap.
func Split(path string, src []byte, opt Options) []Chunk {
	lang := Language(path, src)
	if IsDoc(path) {
		return splitDoc(lang, string(src), opt)
	}
	return splitLines(lang, string(src), opt)
}

// docLanguages maps documentation extensions to language names.
var docLanguages = map[string]string{
	".md": "markdown", ".markdown": "markdown", ".mdx": "markdown",
	".rst": "restructuredtext", ".adoc": "asciidoc", ".asciidoc": "asciidoc",
	".txt": "text",
}

// IsDoc reports whether path is documentation (searched by search_docs)
// rather than code (searched by search_code).
func IsDoc(path string) bool {
	_, ok := docLanguages[strings.ToLower(filepath.Ext(path))]
	if ok {
		return true
	}
	base := strings.ToUpper(filepath.Base(path))
	return base == "README" || base == "LICENSE" || base == "CHANGELOG" || base == "AUTHORS"
}
