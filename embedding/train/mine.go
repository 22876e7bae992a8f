package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
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
}

// minQueryWords and minCodeLines follow the evaluation's definition of a
// usable docstring query, so training and evaluation agree on the task.
const (
	minQueryWords = 4
	minCodeLines  = 3
	maxCodeBytes  = 16 << 10
)

// mineSource walks a source root and returns its pairs in a stable order.
func mineSource(s *Source) []Pair {
	var files []string
	_ = filepath.WalkDir(s.Root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(s.Root, path)
		if d.IsDir() {
			base := d.Name()
			if path != s.Root && (base == "testdata" || base == "vendor" || base == "node_modules" ||
				strings.HasPrefix(base, ".") || base == "__pycache__") {
				return filepath.SkipDir
			}
			if s.Kind == "pystd" && (rel == "test" || rel == "idlelib" || rel == "site-packages" ||
				rel == "lib-dynload" || strings.HasPrefix(rel, "config-")) {
				return filepath.SkipDir
			}
			if s.Kind == "pystd" && (base == "tests" || base == "test") {
				return filepath.SkipDir
			}
			return nil
		}
		if d.Type().IsRegular() && langOf(path) != "" {
			files = append(files, path)
		}
		return nil
	})
	slices.Sort(files)
	var out []Pair
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil || len(src) > 4<<20 {
			continue
		}
		var ps []Pair
		switch langOf(f) {
		case "go":
			ps = mineGo(f, src)
		case "python":
			ps = minePython(string(src))
		case "javascript":
			ps = mineJS(string(src))
		}
		rel, _ := filepath.Rel(s.Root, f)
		rel = filepath.ToSlash(rel)
		for i := range ps {
			ps[i].Source = s.Name
			// The indexer embeds "path symbol\ncontent" (indexer.EmbedText);
			// train on the same shape.
			if ps[i].Symbol != "" {
				ps[i].Code = rel + " " + ps[i].Symbol + "\n" + ps[i].Code
			} else {
				ps[i].Code = rel + "\n" + ps[i].Code
			}
		}
		out = append(out, ps...)
	}
	return out
}

func langOf(path string) string {
	base := filepath.Base(path)
	switch {
	case strings.HasSuffix(base, "_test.go"):
		return ""
	case strings.HasSuffix(base, ".go"):
		return "go"
	case strings.HasSuffix(base, ".py"):
		if strings.HasPrefix(base, "test_") {
			return ""
		}
		return "python"
	case strings.HasSuffix(base, ".min.js"), strings.HasSuffix(base, ".d.ts"),
		strings.Contains(base, ".test."), strings.Contains(base, ".spec."):
		return ""
	case strings.HasSuffix(base, ".js"), strings.HasSuffix(base, ".mjs"),
		strings.HasSuffix(base, ".cjs"), strings.HasSuffix(base, ".ts"):
		return "javascript"
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

// mineGo extracts documented functions and methods with go/ast.
func mineGo(path string, src []byte) []Pair {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil || ast.IsGenerated(f) {
		return nil
	}
	var out []Pair
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Doc == nil || fd.Body == nil {
			continue
		}
		start, end := fset.Position(fd.Pos()), fset.Position(fd.End())
		if end.Line-start.Line+1 < minCodeLines || start.Column != 1 {
			continue
		}
		q := cleanQuery(fd.Doc.Text(), fd.Name.Name)
		code := string(src[start.Offset:end.Offset])
		if q == "" || len(code) > maxCodeBytes {
			continue
		}
		sym := fd.Name.Name
		if fd.Recv != nil && len(fd.Recv.List) == 1 {
			if r := recvName(fd.Recv.List[0].Type); r != "" {
				sym = r + "." + sym
			}
		}
		out = append(out, Pair{Query: q, Code: code, Lang: "go", Symbol: sym})
	}
	return out
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
func minePython(src string) []Pair {
	lines := strings.Split(src, "\n")
	var out []Pair
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
		out = append(out, Pair{Query: q, Code: code, Lang: "python", Symbol: m[2]})
		// Nested functions are mined too: continue after the def line.
	}
	return out
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
		out = append(out, Pair{Query: q, Code: code, Lang: "javascript", Symbol: jsName(line)})
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

// recvName is the receiver's type name without pointer or type parameters.
func recvName(e ast.Expr) string {
	for {
		switch t := e.(type) {
		case *ast.StarExpr:
			e = t.X
		case *ast.IndexExpr:
			e = t.X
		case *ast.IndexListExpr:
			e = t.X
		case *ast.Ident:
			return t.Name
		default:
			return ""
		}
	}
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
