package terminal

import (
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/search"
)

// maxHighlight is the most bytes of code parsed for colour; longer text
// (a generated file's one chunk) is drawn plain, so a person's search
// never waits on a parse.
const maxHighlight = 64 << 10

// classStyle maps the chunker's token classes to the view's few colours.
var classStyle = map[chunker.TokenClass]string{
	chunker.ClassComment: "2",  // dim
	chunker.ClassKeyword: "34", // blue
	chunker.ClassType:    "36", // cyan
	chunker.ClassString:  "33", // yellow
	chunker.ClassNumber:  "36",
}

// codeLines splits code into lines of coloured runs (plain when colour is
// off or the language unknown), with tabs expanded. A final newline does
// not make an empty last line; "\r" before a newline is dropped.
func codeLines(code, file, lang string, color bool) [][]seg {
	code = strings.TrimSuffix(code, "\n")
	n := strings.Count(code, "\n") + 1
	out := make([][]seg, 1, n)
	add := func(text, style string) {
		for {
			i := strings.IndexByte(text, '\n')
			if i < 0 {
				if text != "" {
					out[len(out)-1] = append(out[len(out)-1], seg{text, style})
				}
				return
			}
			if t := strings.TrimSuffix(text[:i], "\r"); t != "" {
				out[len(out)-1] = append(out[len(out)-1], seg{t, style})
			}
			out = append(out, nil)
			text = text[i+1:]
		}
	}
	var toks []chunker.Token
	if color && len(code) <= maxHighlight {
		if lang == "" || lang == "text" {
			lang = chunker.Language(file, nil)
		}
		toks = chunker.Highlight(lang, []byte(code))
	}
	at := 0
	for _, t := range toks {
		if t.Start < at || t.End > len(code) {
			continue // nested in a token already drawn
		}
		add(code[at:t.Start], "")
		add(code[t.Start:t.End], classStyle[t.Class])
		at = t.End
	}
	add(code[at:], "")
	if len(out) > n { // a lexer that ensures a final newline
		out = out[:n]
	}
	for len(out) < n {
		out = append(out, nil)
	}
	for i, line := range out {
		if k := len(line) - 1; k >= 0 { // the "\r" of a CRLF line ending
			line[k].text = strings.TrimSuffix(line[k].text, "\r")
		}
		col := 0
		for j := range line {
			line[j].text, col = expandTabs(line[j].text, col)
		}
		out[i] = line
	}
	return out
}

// lineText is the text of a line of runs.
func lineText(line []seg) string {
	var b strings.Builder
	for _, s := range line {
		b.WriteString(s.text)
	}
	return b.String()
}

// Terms are the words of a query the view emphasises in code, lower-case
// and longest first: each word, and the parts of an identifier
// ("RetryUpload", "retry_upload" give retry and upload), without stop
// words and parts shorter than three letters, which would light up
// everything.
func Terms(query string) []string {
	seen := map[string]bool{}
	var terms []string
	addTerm := func(t string, minLen int) {
		t = asciiLower(t)
		if len(t) >= minLen && !search.IsStopWord(t) && !seen[t] {
			seen[t] = true
			terms = append(terms, t)
		}
	}
	for _, w := range strings.FieldsFunc(query, func(r rune) bool { return !isWordRune(r) }) {
		parts := identParts(w)
		if len(parts) == 1 {
			addTerm(w, 2)
			continue
		}
		for _, p := range parts {
			addTerm(p, 3)
		}
	}
	sort.SliceStable(terms, func(i, j int) bool { return len(terms[i]) > len(terms[j]) })
	return terms
}

func isWordRune(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// identParts splits an identifier at underscores and case changes:
// "parseHTTPRequest" is parse, HTTP, Request.
func identParts(w string) []string {
	var parts []string
	for _, chunk := range strings.Split(w, "_") {
		rs := []rune(chunk)
		start := 0
		for i := 1; i < len(rs); i++ {
			lowerToUpper := unicode.IsUpper(rs[i]) && !unicode.IsUpper(rs[i-1])
			acronymEnd := unicode.IsUpper(rs[i-1]) && unicode.IsUpper(rs[i]) && i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if lowerToUpper || acronymEnd {
				parts = append(parts, string(rs[start:i]))
				start = i
			}
		}
		if start < len(rs) {
			parts = append(parts, string(rs[start:]))
		}
	}
	return parts
}

// asciiLower lower-cases ASCII letters only, so byte offsets in the
// result are those of s.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// matches returns the byte ranges of text where a term starts a word or
// a part of an identifier (case-insensitive): "port" in "ParsePort" and
// "port_number", not in "import".
func matches(text string, terms []string) [][2]int {
	if len(terms) == 0 {
		return nil
	}
	low := asciiLower(text)
	var out [][2]int
	for i := 0; i < len(low); {
		hit := 0
		if partStart(text, i) {
			for _, t := range terms {
				if strings.HasPrefix(low[i:], t) {
					hit = len(t)
					break
				}
			}
		}
		if hit == 0 {
			i++
			continue
		}
		out = append(out, [2]int{i, i + hit})
		i += hit
	}
	return out
}

// partStart reports whether a word or an identifier part starts at byte i.
func partStart(text string, i int) bool {
	c := text[i]
	if !isASCIIWord(c) {
		return c >= 0x80 // a non-ASCII letter: judged by the term itself
	}
	if i == 0 {
		return true
	}
	p := text[i-1]
	switch {
	case !isASCIIWord(p) || p == '_':
		return p < 0x80
	case 'A' <= c && c <= 'Z':
		return !('A' <= p && p <= 'Z') || (i+1 < len(text) && 'a' <= text[i+1] && text[i+1] <= 'z')
	case '0' <= c && c <= '9':
		return !('0' <= p && p <= '9')
	}
	return false
}

func isASCIIWord(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// emphasise restyles the parts of a line the terms match.
func emphasise(line []seg, terms []string) []seg {
	ms := matches(lineText(line), terms)
	if len(ms) == 0 {
		return line
	}
	var out []seg
	pos := 0 // byte offset of the current seg in the line
	for _, s := range line {
		end := pos + len(s.text)
		cur := pos
		for _, m := range ms {
			a, b := max(m[0], pos), min(m[1], end)
			if a >= b {
				continue
			}
			if a > cur {
				out = append(out, seg{s.text[cur-pos : a-pos], s.style})
			}
			out = append(out, seg{s.text[a-pos : b-pos], styleMatch})
			cur = b
		}
		if cur < end {
			out = append(out, seg{s.text[cur-pos:], s.style})
		}
		pos = end
	}
	return out
}

// block is code drawn with line numbers.
type block struct {
	lines [][]seg
	first int    // number of lines[0]
	sep   string // ":" for a hit's lines, "-" for the lines around it
	dim   bool   // the lines around a hit: dim, without syntax colours
}

// gutterWidth is how many digits the largest line number of blocks takes.
func gutterWidth(blocks ...block) int {
	w := 1
	for _, b := range blocks {
		if n := len(strconv.Itoa(b.first + len(b.lines) - 1)); n > w {
			w = n
		}
	}
	return w
}

// code writes a block, numbers right-aligned to gutter digits.
func (p *printer) code(b block, gutter int, terms []string) {
	for i, l := range b.lines {
		num := strconv.Itoa(b.first + i)
		segs := []seg{styled(strings.Repeat(" ", gutter-len(num))+num, styleLine), plain(b.sep)}
		if b.dim {
			segs = append(segs, styled(lineText(l), styleContext))
		} else {
			segs = append(segs, emphasise(l, terms)...)
		}
		p.line(segs...)
	}
}

// elided writes the note that stands for lines not shown.
func (p *printer) elided(gutter int, note string) {
	p.line(plain(strings.Repeat(" ", gutter)+" "), styled(ellipsis+" "+note, styleContext))
}

// trimBlank drops blank lines at both ends of lines, returning how many
// it dropped at the start.
func trimBlank(lines [][]seg) ([][]seg, int) {
	skip := 0
	for len(lines) > 0 && strings.TrimSpace(lineText(lines[0])) == "" {
		lines, skip = lines[1:], skip+1
	}
	for len(lines) > 0 && strings.TrimSpace(lineText(lines[len(lines)-1])) == "" {
		lines = lines[:len(lines)-1]
	}
	return lines, skip
}

// window picks the n lines of lines to show: those with the most lines
// the terms match, the first of them two lines down (after the lines that
// lead to it, unless a blank line is between), or the top of a chunk (its
// doc and signature) when nothing matches.
func window(lines [][]seg, n int, terms []string) int {
	if len(lines) <= n || len(terms) == 0 {
		return 0
	}
	const lead = 2
	hit := make([]bool, len(lines))
	for i, l := range lines {
		hit[i] = len(matches(lineText(l), terms)) > 0
	}
	best, bestN, bestOff, bestFirst := 0, 0, 0, 0
	for i := 0; i+n <= len(lines); i++ {
		c, first := 0, -1
		for j := i; j < i+n; j++ {
			if hit[j] {
				c++
				if first < 0 {
					first = j
				}
			}
		}
		if c == 0 {
			continue
		}
		off := abs(first - i - lead)
		if c > bestN || c == bestN && off < bestOff {
			best, bestN, bestOff, bestFirst = i, c, off, first
		}
	}
	// The lines leading to the first match stop at a blank line: what is
	// above it belongs to something else.
	for j := best; j < bestFirst; j++ {
		if strings.TrimSpace(lineText(lines[j])) == "" {
			best = j + 1
		}
	}
	return best
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
