package main

import (
	"strings"

	"github.com/codeseek/codeseek/chunker"
)

// treeLangs are the languages mined through the chunker's tree-sitter
// declarations (chunker.Symbols); Go, Python and JavaScript keep their own
// miners, which the first model was trained with.
var treeLangs = map[string]bool{
	"rust": true, "ruby": true, "php": true, "c": true, "cpp": true, "java": true, "kotlin": true,
	"csharp": true, "scala": true, "swift": true, "lua": true, "bash": true, "tsx": true,
}

// declKinds are the declarations that make a pair's code side.
var declKinds = map[string]bool{
	"function": true, "method": true, "class": true, "struct": true, "interface": true, "enum": true,
	"trait": true, "impl": true, "type": true, "module": true, "union": true, "object": true,
	"protocol": true, "extension": true, "macro": true, "constructor": true,
}

// lineRange is a 1-based inclusive range of lines.
type lineRange struct{ from, to int }

// mineSymbols extracts documented declarations of a file in any language
// the chunker has a grammar for. The code side is the declaration with
// every declaration's doc in the file blanked; undocumented functions are
// returned as negatives.
func mineSymbols(rel string, src []byte, lang string) (pairs, negs []Pair) {
	syms := chunker.Symbols(rel, src)
	if len(syms) == 0 {
		return nil, nil
	}
	lines := strings.SplitAfter(string(src), "\n")
	docs := make([]lineRange, len(syms))
	blanked := append([]string(nil), lines...)
	for i, s := range syms {
		if s.Doc == "" {
			continue
		}
		docs[i] = locateDoc(lines, s)
		for l := docs[i].from; l >= 1 && l <= docs[i].to && l <= len(blanked); l++ {
			blanked[l-1] = blankLine(blanked[l-1])
		}
	}
	for i, s := range syms {
		if !declKinds[s.Kind] || s.StartLine < 1 || s.EndLine > len(lines) {
			continue
		}
		code := strings.Trim(strings.Join(blanked[s.StartLine-1:s.EndLine], ""), "\n")
		n := strings.Count(code, "\n") + 1
		// A header's prototype is one line, and is the declaration a
		// C or C++ search would land on.
		proto := (lang == "c" || lang == "cpp") && !strings.Contains(code, "{") && len(code) >= 20
		if (n < minCodeLines && !proto) || len(code) > maxCodeBytes {
			continue
		}
		p := Pair{Code: code, Lang: lang, Symbol: s.Qualified(), Line: declLine(blanked, s.StartLine, s.EndLine),
			DocFrom: docs[i].from, DocTo: docs[i].to}
		if s.Doc == "" {
			if s.Kind == "function" || s.Kind == "method" {
				negs = append(negs, p)
			}
			continue
		}
		if p.Query = cleanQuery(commentText(s.Doc), s.Name); p.Query != "" {
			pairs = append(pairs, p)
		}
	}
	return pairs, negs
}

func blankLine(l string) string {
	if strings.HasSuffix(l, "\n") {
		return "\n"
	}
	return ""
}

// locateDoc finds the lines of a symbol's doc inside its range.
func locateDoc(lines []string, s chunker.Symbol) lineRange {
	first, _, _ := strings.Cut(s.Doc, "\n")
	first = strings.TrimSpace(first)
	for l := s.StartLine; l <= s.EndLine && l <= len(lines); l++ {
		if strings.Contains(lines[l-1], first) {
			return lineRange{l, l + strings.Count(s.Doc, "\n")}
		}
	}
	return lineRange{}
}

// declLine is the first non-blank line of a declaration once its doc is
// blanked: the line a chunk must hold to hold the declaration.
func declLine(blanked []string, from, to int) int {
	for l := from; l <= to; l++ {
		if strings.TrimSpace(blanked[l-1]) != "" {
			return l
		}
	}
	return from
}

// licenseWords mark a comment block that is a licence header rather than
// documentation.
var licenseWords = []string{"copyright", "license", "licence", "spdx-", "permission is hereby", "all rights reserved"}

// commentText turns a doc comment in any of the chunker's languages into
// plain text: comment markers and the leading "*" of block comments go,
// Doxygen and JSDoc tags end the description (a leading @brief or \brief
// is kept as text). Licence headers give "".
func commentText(doc string) string {
	low := strings.ToLower(doc)
	for _, w := range licenseWords {
		if strings.Contains(low, w) {
			return ""
		}
	}
	var out []string
	for _, l := range strings.Split(doc, "\n") {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "#!") {
			continue // a shebang line above a shell function
		}
		for _, p := range []string{"/**", "/*!", "/*", "--[[", "=begin"} {
			if strings.HasPrefix(t, p) {
				t = t[len(p):]
				break
			}
		}
		for _, p := range []string{"*/", "]]", "=end"} {
			t = strings.TrimSuffix(t, p)
		}
		t = strings.TrimSpace(t)
		for _, p := range []string{"///", "//!", "//", "##", "#", "---", "--", "*"} {
			if strings.HasPrefix(t, p) {
				t = strings.TrimSpace(t[len(p):])
				break
			}
		}
		for _, p := range []string{"@brief ", `\brief `, "@summary ", `\summary `} {
			if strings.HasPrefix(t, p) {
				t = t[len(p):]
			}
		}
		if strings.HasPrefix(t, `\`) && len(t) > 1 && t[1] >= 'a' && t[1] <= 'z' {
			t = "@" + t[1:] // a Doxygen command: a tag like @param
		}
		out = append(out, t)
	}
	return jsDocText(strings.Join(out, "\n"))
}
