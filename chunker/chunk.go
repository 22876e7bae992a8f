// Package chunker splits source files and documents into chunks: whole,
// meaningful units (declarations for code, sections for documentation) that
// are embedded and searched one by one.
//
// Code in the 17 languages with a tree-sitter grammar is cut at
// declarations, SQL at statements; documentation is cut at section
// headings; everything else falls back to windows of whole lines ending
// at blank lines.
package chunker

import (
	"bytes"
	"errors"
	"path/filepath"
	"sort"
	"strings"

	"github.com/codeseek/codeseek/internal/lazyre"
	sitter "github.com/smacker/go-tree-sitter"
)

// Version identifies the chunking and symbol graph rules. It is recorded
// in every index so that a change of rules triggers a rebuild instead of a
// mixed index.
const Version = "ts-146+graph-71"

// DefaultMaxTokens is the default chunk size budget: large enough for a
// typical function with its doc comment, small enough for an embedding
// model's context and for a focused search hit.
const DefaultMaxTokens = 400

// Chunk is one searchable unit of a file. Lines are 1-based and inclusive.
//
// Content is always exactly the file's lines StartLine..EndLine, so that
// callers can show, highlight and re-read chunks from the file. When a
// function is too large for the budget it is split at statement
// boundaries into several chunks that all carry the function's Symbol,
// SymbolKind and Signature; the pieces after the first do not contain the
// signature line, and EmbedText prepends it so that each piece stands on
// its own when embedded.
type Chunk struct {
	StartLine int
	EndLine   int
	// Content is the exact text of lines StartLine..EndLine, without the
	// final line terminator.
	Content  string
	Language string
	// Symbol is the declared name ("ParseDuration", "Server.Close" for a
	// method), several names joined by ", " when neighbouring declarations
	// were merged to fill the budget, the heading path ("Install > Linux") for a document section,
	// or empty.
	Symbol string
	// SymbolKind is "function", "method", "class", "struct", "interface",
	// "enum", "type", "const", "var", "module", "imports", "section" and so
	// on; "mixed" for merged declarations of different kinds; empty for
	// anonymous windows.
	SymbolKind string
	// Parent is the enclosing symbol, such as the class of a method.
	Parent string
	// Signature is the one-line declaration header, white space collapsed.
	Signature string
	// Doc is the documentation attached to the declaration (the doc comment
	// above it, or the Python docstring inside it) exactly as it appears in
	// Content, or empty. Chunks of several merged declarations have no Doc;
	// Symbols gives each declaration's Doc and lines.
	Doc string
}

// EmbedText is the text to embed for the chunk: Content, preceded by the
// signature line when the chunk is a later piece of a split declaration,
// by the enclosing class when the content does not name it (a Python
// method), and by the heading path ("Install > Linux") for a document
// section, so that every chunk carries its context.
func (c Chunk) EmbedText() string {
	if c.SymbolKind == "section" {
		first := c.Content
		if i := strings.IndexByte(first, '\n'); i >= 0 {
			first = first[:i]
		}
		if c.Symbol != "" && strings.Trim(first, "#= \t\r") != c.Symbol {
			return c.Symbol + "\n" + c.Content
		}
		return c.Content
	}
	text := c.Content
	sig := strings.TrimSuffix(c.Signature, "…")
	if sig != "" && !strings.Contains(strings.Join(strings.Fields(c.Content), " "), sig) {
		text = c.Signature + "\n" + text
	}
	if c.Parent != "" && !strings.Contains(c.Content, c.Parent) {
		text = c.Parent + "\n" + text
	}
	return text
}

// Options tunes chunking. The zero value uses the defaults.
type Options struct {
	// MaxTokens is the size budget of one chunk.
	MaxTokens int
	// CountTokens counts the tokens of a text. nil uses an estimate of four
	// bytes a token; the indexer passes the embedding model's tokenizer so
	// that the budget matches what the model sees.
	CountTokens func(string) int
}

func (o Options) maxTokens() int {
	if o.MaxTokens <= 0 {
		return DefaultMaxTokens
	}
	return o.MaxTokens
}

// Split chunks one file: code by its declarations (tree-sitter, or a
// lexer of its own for SQL and Elixir), documents by their sections, and
// files neither way fits (minified, generated, unparsable) by line
// windows, every chunk within opt's token budget. path is used for language
// detection only; src is the file content. The returned ranges are sorted
// and do not overlap.
func Split(path string, src []byte, opt Options) []Chunk {
	chunks, _ := SplitReport(path, src, opt)
	return chunks
}

// SplitReport is Split that also says when the chunks depend on more than
// path and src: ErrParseTimeout when the parse hit its time limit, so that
// a less loaded run may chunk the file by declarations instead of line
// windows. The chunks cover the file either way.
func SplitReport(path string, src []byte, opt Options) ([]Chunk, error) {
	a, err := analyze(path, src, opt, false)
	return a.Chunks, err
}

// Analysis is what indexing takes from one file: its chunks and its part
// of the symbol graph.
type Analysis struct {
	Chunks []Chunk
	// Graph is nil for documents, for files chunked by line windows
	// (minified, generated over maxParsedGenerated by a tool other than
	// Go's, unparsable) and for languages without graph rules.
	Graph *Graph
	// Marks are what the file says about itself (FileMarks).
	Marks Marks
}

// Analyze is SplitReport that also extracts the file's symbol graph from
// the same parse.
func Analyze(path string, src []byte, opt Options) (Analysis, error) {
	return analyze(path, src, opt, true)
}

func analyze(path string, src []byte, opt Options, withGraph bool) (Analysis, error) {
	lang := Language(path, src)
	s := newSource(src, opt.CountTokens)
	s.path = path
	budget := opt.maxTokens()
	var spans []span
	var out Analysis
	var report error
	switch {
	case len(src) == 0:
		return out, nil
	case IsDoc(path):
		spans = splitDoc(s, lang, budget)
	case minified(s):
		spans = s.windows(0, s.n-1, budget, meta{})
	case generated(src):
		spans = s.windows(0, s.n-1, budget, meta{})
		switch {
		case !withGraph:
		case lang == "go": // generated Go code calls and declares like any other
			out.Graph = goGraph(src)
		case len(src) <= maxParsedGenerated:
			_, out.Graph, _ = splitCode(s, lang, budget, true)
		}
	case lexedLanguages[lang].split != nil:
		spans, out.Graph = lexedLanguages[lang].split(s, budget, withGraph)
	default:
		var err error
		spans, out.Graph, err = splitCode(s, lang, budget, withGraph)
		if err != nil {
			spans = s.windows(0, s.n-1, budget, meta{})
		}
		if errors.Is(err, ErrParseTimeout) {
			report = err
		}
	}
	out.Chunks = finish(s, lang, budget, spans)
	out.Marks = FileMarks(lang, src) | codeMarks(path, out.Chunks)
	return out, report
}

// maxParsedGenerated is the largest generated file parsed for its
// graph: a generator's API (syn's gen/visit.rs, its Visit trait) is
// declared there for def and refs to find; a larger one is mostly tables
// (a parser's). Its chunks are line windows either way, ranked as built
// (FileMarks): chunked by declarations, a generated file's named chunks
// took places from the code it was generated for (RxSwift's Zip+arity.swift
// beside Zip.swift; file-level set 0.8909 → 0.8898).
const maxParsedGenerated = 512 << 10

// errNoGrammar: the language has no tree-sitter grammar or rules.
var errNoGrammar = errors.New("no grammar")

// splitCode chunks a file with its tree-sitter grammar and, with
// withGraph, extracts its graph. It returns an error, and the caller
// falls back to line windows, for languages without one and for files
// whose parse failed or ran out of budget or time.
func splitCode(s *source, lang string, budget int, withGraph bool) ([]span, *Graph, error) {
	var g *Graph
	if withGraph && lang == "go" {
		g = goGraph(s.src)
	}
	lang, code := hostedCode(lang, s.src)
	spec := specs[lang]
	pool := poolFor(lang)
	if spec == nil || pool == nil || code == nil {
		return nil, g, errNoGrammar
	}
	tree, err := parseCode(pool, lang, code)
	if err != nil {
		return nil, g, err
	}
	defer tree.Close()
	c := newCoder(s, spec, budget)
	if withGraph && g == nil {
		c.memo, c.containers = map[unitsKey][]unit{}, map[containerKey]container{}
	}
	spans := c.chunkTree(tree.RootNode())
	if withGraph && g == nil {
		g = treeGraph(s, lang, spec, tree.RootNode(), c)
	}
	return spans, g, nil
}

// chunkTree chunks a parsed file. When the file exhausts its work budget
// the spans made so far are returned; finish covers the rest with windows.
func (c *coder) chunkTree(root *sitter.Node) []span {
	c.emit(c.units(root, ""))
	return c.out
}

// finish turns spans into chunks: it sorts them, trims blank edge lines,
// drops overlaps, covers stray non-blank lines with windows, and fills in
// the text.
func finish(s *source, lang string, budget int, spans []span) []Chunk {
	sort.SliceStable(spans, func(i, j int) bool { return spans[i].a < spans[j].a })
	var clean []span
	next := 0 // first line not yet covered
	addGap := func(a, b int) {
		for a <= b && s.blank(a) {
			a++
		}
		if a <= b {
			clean = append(clean, s.windows(a, b, budget, meta{})...)
		}
	}
	for _, sp := range spans {
		if sp.a < next {
			sp.a = next
		}
		if sp.b >= s.n {
			sp.b = s.n - 1
		}
		for sp.a <= sp.b && s.blank(sp.a) {
			sp.a++
		}
		for sp.b >= sp.a && s.blank(sp.b) {
			sp.b--
		}
		if sp.a > sp.b {
			continue
		}
		addGap(next, sp.a-1)
		clean = append(clean, sp)
		next = sp.b + 1
	}
	addGap(next, s.n-1)
	chunks := make([]Chunk, 0, len(clean))
	for _, sp := range clean {
		c := Chunk{
			StartLine: sp.a + 1, EndLine: sp.b + 1, Content: s.text(sp.a, sp.b), Language: lang,
			Symbol: sp.symbol, SymbolKind: sp.kind, Parent: sp.parent, Signature: sp.sig, Doc: sp.doc,
		}
		if c.Doc != "" && (sp.docA < sp.a || sp.docB > sp.b || !strings.Contains(c.Content, c.Doc)) {
			c.Doc = ""
		}
		chunks = append(chunks, c)
	}
	return chunks
}

// minifiedAvgLineBytes marks a file as minified or data-like by its
// average line length.
const minifiedAvgLineBytes = 300

// minified reports whether the file is minified or data-like: lines so
// long that no declaration structure would help and parsing is wasted.
// Such files get line windows, which leave out single lines over twice the
// budget instead of making a giant chunk of them. Blanks do not count: a
// doc block padded into columns (Carbon's `@property string $name …`,
// 341 bytes a line, 122 without the padding) is no minified code, and its
// class had lost every declaration.
func minified(s *source) bool {
	if s.n == 0 || len(s.src)/s.n <= minifiedAvgLineBytes {
		return false
	}
	blanks := bytes.Count(s.src, []byte{' '}) + bytes.Count(s.src, []byte{'\t'})
	return (len(s.src)-blanks)/s.n > minifiedAvgLineBytes
}

// generatedLine matches a line by which a file says a program wrote it:
// Go's convention (`// Code generated by stringer. DO NOT EDIT.`), the
// many generators that say it in other words and cases (`This file is
// autogenerated by build-validation.js, do not edit`, `AUTOGENERATED FILE
// - DO NOT EDIT`, `automatically generated. Do not modify`, `an
// automatically GENERATED file, which should not be manually edited`), and
// a file saying what it is (`This file is automatically generated by
// running …`, its instructions on the next line), a warning above the
// line saying so (`DO NOT EDIT MANUALLY` / `This is an autogenerated
// file for …`, Sorbet's RBI files), Facebook's `@generated`, .NET's
// tools' `This code was generated by a
// tool.` (not its `<auto-generated />` alone, which silences analyzers
// on files kept by hand too: MessagePack's BufferWriter.cs), and the banners of the parser and scanner
// generators that say it no other way (`A Bison parser, made by GNU
// Bison 3.8.2`, `A lexical scanner generated by flex`, re2c's, `ANSI-C
// code produced by gperf version 3.1`), and a comment opening with what
// wrote it (`/* automatically generated by rust-bindgen 0.72.1 */`,
// `// Autogenerated by Thrift Compiler`).
var generatedLine = lazyre.New(`(?im)generated\b.*\b(?:do not (?:edit|modify)\b|should not be (?:manually )?(?:edited|modified)\b)|@generated\b|\bthis code was generated by a tool\b|\bmade by GNU Bison\b|\bgenerated by (?:flex|re2c)\b|\bproduced by gperf\b|` +
	`\b(?:this|the) (?:file|code|module|source) (?:is|was|has been) (?:automatically |auto-?)?generated\b|\bdo not edit\b[^\n]*\n(?:[^\n]*\n)?[^\n]*\b(?:auto-?|automatically )generated\b|` +
	`^[\s/*#;!-]*(?:auto-?|automatically )generated (?:by|with|from|using)\b`)

// generated reports whether the file says, in the comments it opens
// with, that it is machine-written. Such files are chunked by size and
// rank as generated (MarkBuilt); a small one is parsed for its graph
// (maxParsedGenerated). A generator's own source writing the header into its
// output (vue-router's generateDTS.ts, the line in a template string) is
// no generated file.
func generated(src []byte) bool {
	src = bytes.TrimPrefix(src[:min(len(src), 2048)], []byte("\xef\xbb\xbf")) // a byte order mark opens many .NET files
	return generatedLine().Match(leadingComments(src))
}

// leadingComments returns the lines src opens with that are blank or
// comments, `//`, `#`, `--`, `;` or `<!--` lines and `/* … */` blocks,
// past the lines a file must open with before its comments may (preamble).
func leadingComments(src []byte) []byte {
	inBlock := false
	end := 0
	for end < len(src) {
		next := bytes.IndexByte(src[end:], '\n')
		if next < 0 {
			next = len(src) - end
		} else {
			next++
		}
		t := bytes.TrimSpace(src[end : end+next])
		switch {
		case inBlock || len(t) == 0:
		case bytes.HasPrefix(t, []byte("/*")):
			inBlock = true
		case bytes.HasPrefix(t, []byte("//")) || bytes.HasPrefix(t, []byte("#")) || bytes.HasPrefix(t, []byte("--")) ||
			bytes.HasPrefix(t, []byte(";")) || bytes.HasPrefix(t, []byte("<!--")) || bytes.HasPrefix(t, []byte("*")),
			preamble().Match(t):
		default:
			return src[:end]
		}
		if inBlock && bytes.Contains(t, []byte("*/")) {
			inBlock = false
		}
		end += next
	}
	return src
}

// preamble matches a line a file opens with before its header comment
// may: PHP's `<?php` (and `declare(strict_types=1);`), a package or
// namespace line, one import, `'use strict';`. A generator writes its
// banner after them (PHP-Parser's Php7.php, under its `use` lines).
var preamble = lazyre.New(`^(?:<\?php\b.*|declare\s*\([^)]*\)\s*;|(?:package|namespace|import)\s+[\w.\\*]+\s*;?|(?:use|using)\s+[\w.\\{}, =]+;|['"]use strict['"];?)$`)

// docLanguages maps documentation extensions to language names.
var docLanguages = map[string]string{
	".md": "markdown", ".markdown": "markdown", ".mdx": "markdown", ".mkd": "markdown", ".mdown": "markdown",
	// Markdown under names of its own: ExDoc's cheatsheets, Livebook's
	// notebooks, Quarto's and R Markdown's documents.
	".cheatmd": "markdown", ".livemd": "markdown", ".qmd": "markdown", ".rmd": "markdown",
	".rst": "restructuredtext", ".adoc": "asciidoc", ".asciidoc": "asciidoc", ".rdoc": "rdoc",
	".txt": "text",
	// Sandcastle's MAML topics (.NET's conceptual docs, Newtonsoft.Json's
	// Doc/*.aml): prose in XML.
	".aml": "text",
	// JetBrains Writerside's topics (Exposed's documentation-website):
	// prose in XML too.
	".topic": "text",
	// Man pages (roff) are a program's documentation, by section.
	".1": "text", ".2": "text", ".3": "text", ".4": "text", ".5": "text", ".6": "text", ".7": "text", ".8": "text", ".9": "text",
}

// IsDoc reports whether path is documentation (searched by search_docs)
// rather than code (searched by search_code).
func IsDoc(path string) bool {
	path = untemplated(path)
	if filepath.Base(path) == cmakeLists {
		return false // build code, whose # comments read as headings
	}
	_, ok := docLanguages[strings.ToLower(filepath.Ext(path))]
	if ok {
		return true
	}
	base := strings.ToUpper(filepath.Base(path))
	lang := Language(path, nil)
	if stem, _, dotted := strings.Cut(filepath.Base(path), "."); lang == "text" && dotted && (strings.HasPrefix(base, "README.") || len(stem) > 3 && proseName(stem)) {
		// README.SETUP, README.linux, openssh's PROTOCOL.mux: prose,
		// whatever follows the dot; not a short name's (Sorbet's ENV.rbi).
		return true
	}
	if (lang == "html" || lang == "xml" || lang == "text" && sampleExts[strings.ToLower(filepath.Ext(path))]) && inDocsDir(path) {
		// A manual's pages (junit4's doc/faq.html, jemalloc's DocBook
		// doc/jemalloc.xml.in) and its commented samples (lighttpd's
		// doc/config/*.conf, doc/systemd/lighttpd.service); not the
		// tools' own settings a docs directory holds (black's
		// docs/compatible_configs/*/setup.cfg, its make.bat).
		return true
	}
	return lang == "text" && proseName(filepath.Base(path))
}

// proseName reports whether a file's name is one a project writes prose
// under: a name alone, in capitals (README, tmux's CHANGES, a GNU
// project's NEWS, INSTALL and THANKS, LICENSE-MIT; an `install` script is
// code), but the build files named so (Bazel's BUILD), or a capitalised
// one of the usual such names (ChangeLog, Changes, Authors).
func proseName(base string) bool {
	if base != "" && base[0] >= 'A' && base[0] <= 'Z' && capitalisedProse[strings.ToLower(base)] {
		return true
	}
	letters := 0
	for _, r := range base {
		switch {
		case r >= 'A' && r <= 'Z':
			letters++
		case r >= '0' && r <= '9' || r == '-' || r == '_':
		default:
			return false
		}
	}
	return letters >= 3 && !capitalBuildFiles[base]
}

// capitalisedProse are the names, lower-cased, a project writes prose
// under in any case but all lower (jemalloc's ChangeLog, Perl's Changes).
var capitalisedProse = set("changelog", "changes", "news", "history", "authors", "contributors", "thanks", "readme", "license", "licence", "copying", "notice", "todo")

// capitalBuildFiles are build files named in capitals: code, not prose.
var capitalBuildFiles = map[string]bool{"BUILD": true, "BUCK": true, "WORKSPACE": true, "PKGBUILD": true, "APKBUILD": true}

// sampleExts are the extensions of the sample configurations a manual
// ships in its directory: a server's `.conf`, systemd's units, files
// named as samples.
var sampleExts = map[string]bool{".conf": true, ".service": true, ".socket": true, ".timer": true, ".sample": true, ".example": true}

// docsDirs name the directories a project keeps its documentation in,
// Maven's site pages (`src/site/xdoc/howto_concurrency.xml`) among them.
var docsDirs = map[string]bool{"doc": true, "docs": true, "documentation": true, "manual": true, "xdoc": true}

// inDocsDir reports whether path lies below a documentation directory.
func inDocsDir(path string) bool {
	dir := filepath.ToSlash(filepath.Dir(path))
	for _, d := range strings.Split(strings.ToLower(dir), "/") {
		if docsDirs[d] {
			return true
		}
	}
	return false
}
