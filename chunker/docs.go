package chunker

import (
	"bytes"
	"html"
	"strings"

	"github.com/codeseek/codeseek/internal/lazyre"
)

// heading is a section start found in a document.
type heading struct {
	line  int // first line of the heading (an overline for reST)
	last  int // last line of the heading (an underline)
	level int
	title string
}

// splitDoc cuts a document into sections at its headings (Markdown ATX,
// setext and HTML <h1>-<h6>, reStructuredText underlines, AsciiDoc "==").
// Each chunk is named by its heading path ("Install > Linux"), under the
// page title of a Markdown front matter block when there is one, since a
// static-site page (Hugo, Jekyll) keeps its title there rather than in a
// heading; sections over the budget are split further between paragraphs.
// A section that holds only its heading joins the section that follows
// it, and so does a front matter block with nothing after it but a
// heading.
func splitDoc(s *source, lang string, budget int) []span {
	fm := frontMatter(s, lang)
	hs := findHeadings(s, lang, fm)
	var out []span
	var path []string
	start, title := 0, fm.title
	emit := func(end int) {
		if start > end {
			return
		}
		out = append(out, s.paragraphs(start, end, budget, meta{symbol: title, kind: "section"})...)
	}
	for i, h := range hs {
		// A heading directly followed by another heading (no body) stays
		// with the next section, and so does a front matter block.
		switch {
		case i == 0 && fm.end >= 0 && s.allBlank(fm.end+1, h.line-1):
		case i == 0 || !onlyHeading(s, hs[i-1], h.line-1):
			emit(h.line - 1)
			start = h.line
		}
		for len(path) < h.level {
			path = append(path, "")
		}
		path = path[:h.level]
		path[h.level-1] = h.title
		title = underTitle(fm.title, joinHeadings(path))
	}
	emit(s.n - 1)
	return out
}

// underTitle puts a heading path under the document's title, unless the
// path already starts with it (a page whose first heading repeats its
// front matter title).
func underTitle(docTitle, path string) string {
	switch {
	case docTitle == "":
		return path
	case path == "":
		return docTitle
	case strings.EqualFold(path, docTitle) || strings.HasPrefix(strings.ToLower(path), strings.ToLower(docTitle)+" > "):
		return path
	}
	return docTitle + " > " + path
}

// allBlank reports whether lines a..b are all blank (true when a > b).
func (s *source) allBlank(a, b int) bool {
	for i := a; i <= b; i++ {
		if !s.blank(i) {
			return false
		}
	}
	return true
}

// docFront is a Markdown document's front matter block.
type docFront struct {
	end   int    // its closing line, -1 when there is none
	title string // its title key, or ""
}

// maxFrontMatter bounds the lines searched for the end of a front matter
// block, so that a document opening with a thematic break ("---") is not
// read to its end.
const maxFrontMatter = 200

// frontMatter finds a Markdown document's leading front matter block, YAML
// between "---" lines or TOML between "+++" lines (Hugo, Jekyll, MkDocs),
// and its top-level title.
func frontMatter(s *source, lang string) docFront {
	fm := docFront{end: -1}
	if lang != "markdown" || s.n == 0 {
		return fm
	}
	open := strings.TrimSpace(strings.TrimPrefix(string(s.line(0)), "\ufeff"))
	if open != "---" && open != "+++" {
		return fm
	}
	for i := 1; i < min(s.n, maxFrontMatter); i++ {
		raw := string(s.line(i))
		t := strings.TrimSpace(raw)
		if t == open || (open == "---" && t == "...") {
			fm.end = i
			return fm
		}
		if fm.title != "" || raw != strings.TrimLeft(raw, " \t") {
			continue // only a top-level key names the page
		}
		sep := ":"
		if open == "+++" {
			sep = "="
		}
		if k, v, ok := strings.Cut(t, sep); ok && strings.TrimSpace(k) == "title" {
			fm.title = unquoteValue(strings.TrimSpace(v))
		}
	}
	return docFront{end: -1} // not closed: a thematic break, not front matter
}

// unquoteValue strips the quotes around a YAML or TOML string value.
func unquoteValue(v string) string {
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
		v = v[1 : len(v)-1]
	}
	return strings.TrimSpace(v)
}

// onlyHeading reports whether the section of h, ending at line end, has no
// content besides its heading lines.
func onlyHeading(s *source, h heading, end int) bool {
	for i := h.last + 1; i <= end; i++ {
		if !s.blank(i) {
			return false
		}
	}
	return true
}

// findHeadings returns the document's headings in order, after its front
// matter fm (frontMatter). Fenced and delimited blocks are skipped so that
// "# comment" in code is not a heading.
func findHeadings(s *source, lang string, fm docFront) []heading {
	var hs []heading
	fence := ""
	rstLevels := map[string]int{}
	// A front matter block is metadata: its closing "---" under a
	// "key: value" line is no setext heading.
	for i := fm.end + 1; i < s.n; i++ {
		raw := string(s.line(i))
		t := strings.TrimSpace(raw)
		if fence != "" {
			if strings.HasPrefix(t, fence) {
				fence = ""
			}
			continue
		}
		switch {
		case strings.HasPrefix(t, "```"):
			fence = "```"
			continue
		case strings.HasPrefix(t, "~~~"):
			fence = "~~~"
			continue
		case lang == "asciidoc" && (t == "----" || t == "...." || t == "++++"):
			fence = t
			continue
		}
		if lang == "markdown" || lang == "text" {
			if lvl, title := atxHeading(t); lvl > 0 && raw == strings.TrimLeft(raw, " \t") {
				hs = append(hs, heading{line: i, last: i, level: lvl, title: title})
				continue
			}
		}
		if lang == "markdown" && raw == strings.TrimLeft(raw, " \t") || lang == "html" {
			if lvl, title := htmlHeading(t); lvl > 0 {
				hs = append(hs, heading{line: i, last: i, level: lvl, title: title})
				continue
			}
		}
		if lang == "asciidoc" || lang == "rdoc" { // RDoc's headings are AsciiDoc's: "= Title", "== Section"
			if lvl, title := adocHeading(t); lvl > 0 {
				hs = append(hs, heading{line: i, last: i, level: lvl, title: title})
				continue
			}
		}
		// Underlined headings: Markdown setext, reST, plain text.
		if lang == "asciidoc" || lang == "rdoc" || t == "" || i+1 >= s.n || raw != strings.TrimLeft(raw, " \t") {
			continue
		}
		next := strings.TrimSpace(string(s.line(i + 1)))
		if !underline(next) || len([]rune(next)) < len([]rune(t))*2/3 || underline(t) {
			continue
		}
		if lang == "markdown" && next[0] != '=' && next[0] != '-' {
			continue
		}
		if lang == "markdown" && next[0] == '-' && (i == 0 || !s.blank(i-1)) && !onlyText(t) {
			continue
		}
		first, style := i, next[:1]
		if i > 0 && strings.TrimSpace(string(s.line(i-1))) == next {
			first, style = i-1, "over"+style
		}
		var lvl int
		if lang == "markdown" {
			lvl = 1
			if next[0] == '-' {
				lvl = 2
			}
		} else {
			lvl = rstLevels[style]
			if lvl == 0 {
				lvl = len(rstLevels) + 1
				rstLevels[style] = lvl
			}
		}
		hs = append(hs, heading{line: first, last: i + 1, level: lvl, title: t})
		i++
	}
	return hs
}

func onlyText(t string) bool {
	return !strings.HasPrefix(t, "-") && !strings.HasPrefix(t, "*") && !strings.HasPrefix(t, "|")
}

// underline reports whether t is a line of one repeated punctuation
// character, as under a reST or setext heading.
func underline(t string) bool {
	if len(t) < 3 || !strings.ContainsRune("=-~^\"'`#*+<>:._", rune(t[0])) {
		return false
	}
	return strings.Count(t, t[:1]) == len(t)
}

// atxHeading returns the level and title of a "## Title" line, or 0.
func atxHeading(t string) (int, string) {
	n := 0
	for n < len(t) && t[n] == '#' {
		n++
	}
	if n == 0 || n > 6 || (len(t) > n && t[n] != ' ' && t[n] != '\t') {
		return 0, ""
	}
	title := strings.TrimSpace(strings.TrimRight(strings.TrimSpace(t[n:]), "#"))
	if title == "" {
		return 0, ""
	}
	return n, title
}

// htmlTag matches an HTML tag, to strip from a heading's title.
var htmlTag = lazyre.New(`<[^>]*>`)

// htmlHeadingLine matches a line that is one HTML heading element,
// "<h2>Title</h2>" or "<h2 id="x">Title</h2>": Markdown pages written
// partly in HTML (GitHub renders them) use it for their section titles.
var htmlHeadingLine = lazyre.New(`(?i)^<h([1-6])(?:\s[^>]*)?>(.*)</h([1-6])>$`)

// htmlHeading returns the level and title of a line holding one HTML
// heading element, or 0.
func htmlHeading(t string) (int, string) {
	if len(t) < 9 || (t[1] != 'h' && t[1] != 'H') {
		return 0, ""
	}
	m := htmlHeadingLine().FindStringSubmatch(t)
	if m == nil || m[1] != m[3] {
		return 0, ""
	}
	title := strings.Join(strings.Fields(html.UnescapeString(htmlTag().ReplaceAllString(m[2], ""))), " ")
	if title == "" {
		return 0, ""
	}
	return int(m[1][0] - '0'), title
}

// adocHeading returns the level and title of an AsciiDoc "== Title" line.
func adocHeading(t string) (int, string) {
	n := 0
	for n < len(t) && t[n] == '=' {
		n++
	}
	if n == 0 || n > 6 || len(t) <= n || t[n] != ' ' {
		return 0, ""
	}
	return n, strings.TrimSpace(t[n:])
}

func joinHeadings(path []string) string {
	var parts []string
	for _, p := range path {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, " > ")
}

// leadShare: a piece of at most budget/leadShare tokens before a paragraph
// that does not fit with it is a lead (a heading, a line introducing a
// list or a code block) and stays with that paragraph.
const leadShare = 8

// paragraphs cuts lines a..b into spans of at most budget tokens made of
// whole paragraphs (blocks between blank lines, fenced code kept whole
// where it fits). A paragraph over the budget is cut into line windows.
func (s *source) paragraphs(a, b, budget int, m meta) []span {
	var out []span
	curA, curB := -1, -1
	flush := func() {
		if curA >= 0 {
			out = append(out, span{a: curA, b: curB, meta: m})
		}
		curA, curB = -1, -1
	}
	i := a
	for i <= b {
		if s.blank(i) {
			i++
			continue
		}
		// One paragraph: up to the next blank line outside a fence.
		j := i
		inFence := false
		for j <= b {
			t := bytes.TrimSpace(s.line(j))
			if bytes.HasPrefix(t, []byte("```")) || bytes.HasPrefix(t, []byte("~~~")) {
				inFence = !inFence
			}
			if !inFence && j+1 <= b && s.blank(j+1) {
				break
			}
			j++
		}
		if j > b {
			j = b
		}
		// A heading, or a lead line under it, is never a piece of its own:
		// alone it answers nothing, yet ranks for every question naming
		// its words. It joins the next paragraph, even a little over the
		// budget, or the first window of a paragraph too big to keep whole.
		lead := curA >= 0 && s.tokens(curA, curB) <= budget/leadShare
		switch {
		case curA >= 0 && s.tokens(curA, j) <= budget:
			curB = j
		case s.tokens(i, j) <= budget:
			if lead {
				curB = j
				break
			}
			flush()
			curA, curB = i, j
		default:
			leadA, leadB := curA, curB
			if lead {
				curA = -1
			}
			flush()
			ws := s.windows(i, j, budget, m)
			switch {
			case lead && len(ws) > 0:
				ws[0].a = leadA
			case lead: // the paragraph was one line too long to keep
				ws = []span{{a: leadA, b: leadB, meta: m}}
			}
			if len(ws) > 0 {
				out = append(out, ws[:len(ws)-1]...)
				curA, curB = ws[len(ws)-1].a, ws[len(ws)-1].b
			}
		}
		i = j + 1
	}
	flush()
	return out
}
