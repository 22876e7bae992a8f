package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"hash/fnv"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/internal/goast"
)

// Pair is one (documentation, code) training example: the cleaned first
// paragraph of a function's doc comment or docstring, and the function
// with its documentation removed, as a search index would hold it when the
// docs are missing.
type Pair struct {
	Query, Code string
	Lang        string
	Source      string
	// Symbol is the declared name as the chunker reports it ("Type.Method").
	Symbol string
	// Line is the 1-based line of the declaration; DocFrom..DocTo are the
	// lines of its documentation.
	Line, DocFrom, DocTo int
	// ChunkCode is the chunk that holds the function when the file, with
	// every doc blanked, is cut by chunker.Split: what an index of
	// undocumented code stores. Empty when it equals the function alone.
	ChunkCode string
	// Shape is the kind of query: shapeDocstring, shapeFileDoc, ...
	Shape string
	// Target identifies the answer (source, file and chunk), so that
	// another pair with the same answer is never used as its negative.
	Target uint64
	// Hard are code chunks of the same source that look like the answer
	// (similar names) but are not it.
	Hard []CodeRef
}

// CodeRef is a code text (as embedded) and the chunk it stands for.
type CodeRef struct {
	Code   string
	Target uint64
}

// minQueryWords and minCodeLines follow the evaluation's definition of a
// usable docstring query, so training and evaluation agree on the task.
const (
	minQueryWords = 4
	minCodeLines  = 3
	maxCodeBytes  = 16 << 10
)

// mineFile mines one file: documented declarations become pairs, and the
// chunks of the file (with every mined doc blanked) give each pair its
// chunk view and the source its negatives. The file's own doc, its
// declarations' names and questions built from its docs give pairs of the
// other shapes; idx collects the file's chunks for the source-wide shapes.
func mineFile(rel string, src []byte, s *Source, h Hyper, idx *symbolIndex) fileMined {
	var ps []Pair
	lang := fileLang(rel)
	switch lang {
	case "go":
		ps, _ = mineGo(rel, src, false)
	case "python":
		ps, _ = minePython(string(src))
	case "javascript", "typescript":
		ps = mineJS(string(src))
	case "c":
		lang = chunker.Language(rel, src) // a .h file may be C++
		ps, _ = mineSymbols(rel, src, lang)
	default:
		if treeLangs[lang] {
			ps, _ = mineSymbols(rel, src, lang)
		}
	}
	test := strings.HasSuffix(rel, "_test.go")
	var fm fileMined
	if lang == "" && !test {
		return fm
	}
	for i := range ps {
		ps[i].Source, ps[i].Lang, ps[i].Shape = s.Name, lang, shapeDocstring
		ps[i].Code = embedText(rel, ps[i].Code)
	}
	fdoc, docLines := fileDoc(rel, src, lang)
	if docLines.to > 0 {
		src = blankLines(src, docLines)
	}
	negs, chunks := chunkViews(s.Name, rel, src, ps, test)
	fm.negs = negs
	if test {
		return fm
	}
	fm.pairs = append(ps, shapePairs(s, rel, lang, fdoc, ps, chunks, h.Seed, idx)...)
	return fm
}

// blankLines empties the lines of r, keeping line numbers.
func blankLines(src []byte, r lineRange) []byte {
	lines := strings.SplitAfter(string(src), "\n")
	for l := r.from; l >= 1 && l <= r.to && l <= len(lines); l++ {
		lines[l-1] = blankLine(lines[l-1])
	}
	return []byte(strings.Join(lines, ""))
}

// embedText is the text the indexer embeds for a chunk (indexer.EmbedText:
// "path\ncontent"); training uses the same shape.
func embedText(rel, code string) string {
	return rel + "\n" + code
}

// chunkViews blanks the documentation of every mined function in src (as
// an index of stripped code would see it), cuts the file with the project's
// chunker, and sets each pair's ChunkCode to the chunk holding its
// declaration. Chunks holding no mined function are returned as
// negatives (every chunk, for a test file).
func chunkViews(source, rel string, src []byte, ps []Pair, test bool) (negs []CodeRef, chunks []chunker.Chunk) {
	lines := strings.SplitAfter(string(src), "\n")
	for _, p := range ps {
		for l := p.DocFrom; l >= 1 && l <= p.DocTo && l <= len(lines); l++ {
			if strings.HasSuffix(lines[l-1], "\n") {
				lines[l-1] = "\n"
			} else {
				lines[l-1] = ""
			}
		}
	}
	stripped := []byte(strings.Join(lines, ""))
	chunks = chunker.Split(rel, stripped, chunker.Options{})
	used := make([]bool, len(chunks))
	for i := range ps {
		k := sort.Search(len(chunks), func(k int) bool { return chunks[k].EndLine >= ps[i].Line })
		ps[i].Target = targetID(source, rel, ps[i].Line)
		if k < len(chunks) && chunks[k].StartLine <= ps[i].Line {
			used[k] = true
			ps[i].Target = targetID(source, rel, chunks[k].StartLine)
			text := embedText(rel, chunks[k].EmbedText())
			if normKey(text) != normKey(ps[i].Code) && len(text) <= 2*maxCodeBytes {
				ps[i].ChunkCode = text
			}
		}
	}
	for k, c := range chunks {
		if (test || !used[k]) && c.EndLine-c.StartLine+1 >= minCodeLines {
			negs = append(negs, CodeRef{embedText(rel, c.EmbedText()), targetID(source, rel, c.StartLine)})
		}
	}
	return negs, chunks
}

func normKey(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// lineAt is the 1-based line of byte offset off.
func lineAt(src string, off int) int { return strings.Count(src[:off], "\n") + 1 }

// targetID names the chunk of a file starting at line, the unit an
// index returns.
func targetID(source, rel string, line int) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s\x00%s\x00%d", source, rel, line)
	return h.Sum64() | 1 // never 0, which means "no target"
}

// fileLang is the language a file is mined as, or "" for files that give
// no pairs: tests, minified bundles, type declarations, unknown types.
func fileLang(path string) string {
	base := strings.ToLower(filepath.Base(path))
	switch {
	case strings.HasSuffix(base, "_test.go"), strings.HasPrefix(base, "test_") && strings.HasSuffix(base, ".py"),
		strings.HasSuffix(base, "_test.py"), strings.HasSuffix(base, ".min.js"), strings.HasSuffix(base, ".d.ts"),
		strings.Contains(base, ".test."), strings.Contains(base, ".spec."), strings.HasSuffix(base, "_spec.rb"),
		strings.HasSuffix(base, "_test.rb"), strings.HasSuffix(base, "test.java"), strings.HasSuffix(base, "test.php"):
		return ""
	}
	switch filepath.Ext(base) {
	case ".go":
		return "go"
	case ".py":
		return "python"
	case ".js", ".mjs", ".cjs":
		return "javascript"
	case ".ts", ".mts", ".cts":
		return "typescript"
	}
	if l := chunker.Language(path, nil); treeLangs[l] {
		return l
	}
	return ""
}

// cleanQuery turns raw documentation text (markers already removed) into a
// search-box query: the first paragraph, on one line, without a leading
// identifier (Go's "Name does ...") or article. It returns "" for docs that
// make no useful query.
func cleanQuery(doc, name string) string {
	low := strings.ToLower(doc)
	if strings.Contains(low, "deprecated") || strings.Contains(doc, "TODO") {
		return ""
	}
	para := doc
	lines := strings.Split(strings.TrimSpace(doc), "\n")
	for i, l := range lines {
		if strings.TrimSpace(l) == "" {
			para = strings.Join(lines[:i], "\n")
			break
		}
	}
	words := strings.Fields(para)
	if name != "" && len(words) > 0 && strings.TrimRight(words[0], ",.:") == name {
		words = words[1:]
	}
	if len(words) > 0 {
		switch words[0] {
		case "A", "An", "The", "a", "an", "the":
			words = words[1:]
		}
	}
	if len(words) < minQueryWords {
		return ""
	}
	if len(words) > 64 {
		words = words[:64]
	}
	return strings.Join(words, " ")
}

// mineGo extracts documented functions and methods with go/ast; the
// undocumented ones (every one, for a test file) become negatives.
func mineGo(path string, src []byte, test bool) (pairs, negs []Pair) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil || ast.IsGenerated(f) {
		return nil, nil
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		start, end := fset.Position(fd.Pos()), fset.Position(fd.End())
		if end.Line-start.Line+1 < minCodeLines || start.Column != 1 {
			continue
		}
		code := string(src[start.Offset:end.Offset])
		if len(code) > maxCodeBytes {
			continue
		}
		sym := fd.Name.Name
		if fd.Recv != nil && len(fd.Recv.List) == 1 {
			if r := goast.RecvTypeName(fd.Recv.List[0].Type); r != "" {
				sym = r + "." + sym
			}
		}
		p := Pair{Code: code, Lang: "go", Symbol: sym, Line: start.Line}
		if fd.Doc != nil {
			p.DocFrom, p.DocTo = fset.Position(fd.Doc.Pos()).Line, fset.Position(fd.Doc.End()).Line
		}
		if fd.Doc == nil || test {
			negs = append(negs, p)
			continue
		}
		if p.Query = cleanQuery(fd.Doc.Text(), fd.Name.Name); p.Query != "" {
			pairs = append(pairs, p)
		}
	}
	return pairs, negs
}

var (
	pyDef       = regexp.MustCompile(`^([ \t]*)(?:async[ \t]+)?def[ \t]+([A-Za-z_]\w*)[ \t]*\(`)
	pyDocStart  = regexp.MustCompile(`^[ \t]*[rRuU]?("""|'''|"|')`)
	jsDocTag    = regexp.MustCompile(`\{@\w+\s+([^}|]*)(?:\|[^}]*)?\}`)
	jsFuncStart = regexp.MustCompile(`^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?function\b|` +
		`^\s*(?:export\s+)?(?:var|let|const)\s+[\w$]+\s*=\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*=>|[\w$]+\s*=>)|` +
		`^\s*[\w$.]+\s*[:=]\s*(?:async\s+)?function\b|` +
		`^\s*(?:(?:public|private|protected|static|async|get|set|override)\s+)*[\w$]+\s*(?:<[^>]*>)?\([^)]*\)?\s*(?::\s*[^{]+)?\{?\s*$`)
	jsNameRe  = regexp.MustCompile(`function\s*\*?\s*([\w$]+)|(?:var|let|const)\s+([\w$]+)|([\w$]+)\s*[:=]\s*(?:async\s+)?function|([\w$]+)\s*(?:<[^>]*>)?\(`)
	jsNotFunc = regexp.MustCompile(`^\s*(?:if|for|while|switch|catch|return|with|else|do|new|typeof)\b`)
)

func indentOf(l string) int {
	n := 0
	for _, c := range l {
		switch c {
		case ' ':
			n++
		case '\t':
			n += 8
		default:
			return n
		}
	}
	return -1 // blank
}

// minePython extracts documented functions by indentation: the def line(s),
// a docstring as the first statement, and every following line indented
// deeper than the def.
func minePython(src string) (out, negs []Pair) {
	lines := strings.Split(src, "\n")
	for i := 0; i < len(lines); i++ {
		m := pyDef.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		ind := indentOf(lines[i])
		// The signature ends at the first line ending in ':' with balanced
		// parentheses.
		depth, sigEnd := 0, -1
		for j := i; j < len(lines) && j < i+30; j++ {
			for _, c := range lines[j] {
				switch c {
				case '(', '[', '{':
					depth++
				case ')', ']', '}':
					depth--
				}
			}
			t := strings.TrimSpace(stripPyComment(lines[j]))
			if depth <= 0 && strings.HasSuffix(t, ":") {
				sigEnd = j
				break
			}
		}
		if sigEnd < 0 || sigEnd+1 >= len(lines) {
			continue
		}
		// Body: lines indented deeper than the def, or blank.
		end := sigEnd
		for j := sigEnd + 1; j < len(lines); j++ {
			in := indentOf(lines[j])
			if in == -1 {
				continue
			}
			if in <= ind {
				break
			}
			end = j
		}
		if end == sigEnd {
			continue
		}
		// Docstring: first non-blank body line.
		ds := sigEnd + 1
		for ds <= end && indentOf(lines[ds]) == -1 {
			ds++
		}
		dm := pyDocStart.FindStringSubmatch(lines[ds])
		if dm == nil {
			if end-i+1 >= minCodeLines && end-i < 400 {
				negs = append(negs, Pair{Code: strings.Join(lines[i:end+1], "\n"), Lang: "python", Symbol: m[2]})
			}
			continue
		}
		quote := dm[1]
		first := strings.TrimSpace(lines[ds])
		first = first[strings.Index(first, quote)+len(quote):]
		var docLines []string
		dsEnd := -1
		if k := strings.Index(first, quote); k >= 0 {
			docLines = append(docLines, first[:k])
			dsEnd = ds
		} else if len(quote) == 3 {
			docLines = append(docLines, first)
			for j := ds + 1; j <= end; j++ {
				if k := strings.Index(lines[j], quote); k >= 0 {
					docLines = append(docLines, lines[j][:k])
					dsEnd = j
					break
				}
				docLines = append(docLines, lines[j])
			}
		}
		if dsEnd < 0 || end-i+1 < minCodeLines {
			continue
		}
		q := cleanQuery(dedent(docLines), "")
		if q == "" {
			continue
		}
		code := strings.Join(lines[i:sigEnd+1], "\n") + "\n" + strings.Join(lines[dsEnd+1:end+1], "\n")
		if strings.TrimSpace(strings.Join(lines[dsEnd+1:end+1], "")) == "" || len(code) > maxCodeBytes {
			continue
		}
		out = append(out, Pair{Query: q, Code: code, Lang: "python", Symbol: m[2], Line: i + 1, DocFrom: ds + 1, DocTo: dsEnd + 1})
		// Nested functions are mined too: continue after the def line.
	}
	return out, negs
}

func stripPyComment(l string) string {
	if k := strings.IndexByte(l, '#'); k >= 0 && !strings.ContainsAny(l[:k], `"'`) {
		return l[:k]
	}
	return l
}

// dedent joins docstring lines, trimming each; paragraph breaks stay as
// empty lines.
func dedent(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(strings.TrimSpace(l))
		b.WriteByte('\n')
	}
	return b.String()
}

// mineJS extracts JSDoc blocks directly above a function, method or
// function-valued assignment, with the body found by brace matching.
func mineJS(src string) []Pair {
	var out []Pair
	pos := 0
	for {
		k := strings.Index(src[pos:], "/**")
		if k < 0 {
			break
		}
		start := pos + k
		e := strings.Index(src[start+3:], "*/")
		if e < 0 {
			break
		}
		docEnd := start + 3 + e + 2
		pos = docEnd
		doc := src[start+3 : docEnd-2]
		// The declaration is on the next non-empty line.
		rest := src[docEnd:]
		nl := strings.IndexByte(rest, '\n')
		if nl < 0 || strings.TrimSpace(rest[:nl]) != "" {
			continue
		}
		declStart := docEnd + nl + 1
		lineEnd := strings.IndexByte(src[declStart:], '\n')
		if lineEnd < 0 {
			continue
		}
		line := src[declStart : declStart+lineEnd]
		if !jsFuncStart.MatchString(line) || jsNotFunc.MatchString(line) {
			continue
		}
		end := jsBodyEnd(src, declStart)
		if end < 0 {
			continue
		}
		code := src[declStart:end]
		if strings.Count(code, "\n")+1 < minCodeLines || len(code) > maxCodeBytes {
			continue
		}
		q := cleanQuery(jsDocText(doc), "")
		if q == "" {
			continue
		}
		out = append(out, Pair{Query: q, Code: code, Lang: "javascript", Symbol: jsName(line),
			Line: lineAt(src, declStart), DocFrom: lineAt(src, start), DocTo: lineAt(src, docEnd-1)})
	}
	return out
}

// jsDocText strips comment markers and keeps the text before the first
// @tag; a doc that starts with tags (date-fns style) contributes its
// @summary or @description text instead.
func jsDocText(doc string) string {
	var b strings.Builder
	var tagged strings.Builder
	inTags, inDesc := false, false
	for _, l := range strings.Split(doc, "\n") {
		l = strings.TrimSpace(l)
		l = strings.TrimSpace(strings.TrimLeft(l, "*"))
		if strings.HasPrefix(l, "@") {
			inTags = true
			tag, rest, _ := strings.Cut(l, " ")
			inDesc = (tag == "@summary" || tag == "@description") && tagged.Len() == 0
			if inDesc {
				tagged.WriteString(rest)
				tagged.WriteByte('\n')
			}
			continue
		}
		if !inTags {
			b.WriteString(l)
			b.WriteByte('\n')
		} else if inDesc {
			tagged.WriteString(l)
			tagged.WriteByte('\n')
		}
	}
	s := b.String()
	if strings.TrimSpace(s) == "" {
		s = tagged.String()
	}
	return jsDocTag.ReplaceAllString(s, "$1")
}

// jsBodyEnd returns the offset just past the brace that closes the first
// block opened at or after from, skipping strings, template literals and
// comments; -1 if there is none within a reasonable distance.
func jsBodyEnd(src string, from int) int {
	depth := 0
	opened := false
	limit := min(len(src), from+maxCodeBytes)
	for i := from; i < limit; i++ {
		c := src[i]
		switch c {
		case '\'', '"', '`':
			j := i + 1
			for j < limit && src[j] != c {
				if src[j] == '\\' {
					j++
				} else if src[j] == '\n' && c != '`' {
					break
				}
				j++
			}
			i = j
		case '/':
			if i+1 < limit && src[i+1] == '/' {
				for i < limit && src[i] != '\n' {
					i++
				}
			} else if i+1 < limit && src[i+1] == '*' {
				e := strings.Index(src[i+2:limit], "*/")
				if e < 0 {
					return -1
				}
				i += 2 + e + 1
			}
		case '{':
			depth++
			opened = true
		case '}':
			depth--
			if opened && depth == 0 {
				return i + 1
			}
			if depth < 0 {
				return -1
			}
		case ';':
			if !opened && depth == 0 {
				return -1
			}
		}
	}
	return -1
}

// jsName guesses the declared name from a declaration line.
func jsName(line string) string {
	m := jsNameRe.FindStringSubmatch(line)
	for _, g := range m[1:] {
		if g != "" {
			return g
		}
	}
	return ""
}
