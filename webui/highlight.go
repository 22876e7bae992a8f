package webui

import (
	"html"
	"strings"

	"github.com/codeseek/codeseek/chunker"
)

// maxHighlight is the most bytes parsed for colour; a larger file (a
// generated one) is shown plain, so opening it never waits on a parse.
const maxHighlight = 512 << 10

// classNames are the CSS classes of the chunker's token classes; the
// stylesheet colours them for each theme.
var classNames = map[chunker.TokenClass]string{
	chunker.ClassComment: "c",
	chunker.ClassString:  "s",
	chunker.ClassNumber:  "n",
	chunker.ClassKeyword: "k",
	chunker.ClassType:    "t",
}

// highlightLines renders code as one HTML fragment per line: text
// escaped, tokens wrapped in <span class=…>, a token that spans lines
// (a block comment) closed at each line's end and reopened on the next,
// so every line stands alone in the page's table. The highlighting is the
// chunker's tree-sitter parse, the same the terminal view colours with.
func highlightLines(lang string, code []byte) []string {
	text := strings.TrimSuffix(string(code), "\n")
	var toks []chunker.Token
	if len(code) <= maxHighlight && lang != "" && lang != "text" {
		toks = chunker.Highlight(lang, code)
	}
	lines := []string{}
	var b strings.Builder
	emit := func(s, class string) {
		for {
			i := strings.IndexByte(s, '\n')
			part := s
			if i >= 0 {
				part = strings.TrimSuffix(s[:i], "\r")
			}
			if part != "" {
				if class != "" {
					b.WriteString(`<span class="` + class + `">`)
				}
				b.WriteString(html.EscapeString(part))
				if class != "" {
					b.WriteString("</span>")
				}
			}
			if i < 0 {
				return
			}
			lines = append(lines, b.String())
			b.Reset()
			s = s[i+1:]
		}
	}
	at := 0
	for _, t := range toks {
		if t.Start < at || t.End > len(text) {
			continue // nested in a token already drawn, or past the text
		}
		emit(text[at:t.Start], "")
		emit(text[t.Start:t.End], classNames[t.Class])
		at = t.End
	}
	emit(text[at:], "")
	return append(lines, b.String())
}
