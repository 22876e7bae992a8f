package chunker

import (
	"bytes"
	"strings"
)

// heading is a section start found in a document.
type heading struct {
	line  int // first line of the heading (an overline for reST)
	last  int // last line of the heading (an underline)
	level int
	title string
}

// splitDoc cuts a document into sections at its headings (Markdown ATX and
// setext, reStructuredText underlines, AsciiDoc "=="). Each chunk is named
// by its heading path ("Install > Linux"); sections over the budget are
// split further between paragraphs. A section that holds only its heading
// joins the section that follows it.
func splitDoc(s *source, lang string, budget int) []span {
	hs := findHeadings(s, lang)
	var out []span
	var path []string
	start, title := 0, ""
	emit := func(end int) {
		if start > end {
			return
		}
		out = append(out, s.paragraphs(start, end, budget, meta{symbol: title, kind: "section"})...)
	}
	for i, h := range hs {
		// A heading directly followed by another heading (no body) stays
		// with the next section.
		if i == 0 || !onlyHeading(s, hs[i-1], h.line-1) {
			emit(h.line - 1)
			start = h.line
		}
		for len(path) < h.level {
			path = append(path, "")
		}
		path = path[:h.level]
		path[h.level-1] = h.title
		title = joinHeadings(path)
	}
	emit(s.n - 1)
	return out
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

// findHeadings returns the document's headings in order. Fenced and
// delimited blocks are skipped so that "# comment" in code is not a
// heading.
func findHeadings(s *source, lang string) []heading {
	var hs []heading
	fence := ""
	rstLevels := map[string]int{}
	for i := 0; i < s.n; i++ {
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
		if lang == "asciidoc" {
			if lvl, title := adocHeading(t); lvl > 0 {
				hs = append(hs, heading{line: i, last: i, level: lvl, title: title})
				continue
			}
		}
		// Underlined headings: Markdown setext, reST, plain text.
		if lang == "asciidoc" || t == "" || i+1 >= s.n || raw != strings.TrimLeft(raw, " \t") {
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
		switch {
		case curA >= 0 && s.tokens(curA, j) <= budget:
			curB = j
		case s.tokens(i, j) <= budget:
			flush()
			curA, curB = i, j
		default:
			flush()
			ws := s.windows(i, j, budget, m)
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
