package terminal

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/codeseek/codeseek/formatter"
)

// Search draws a search answer (search, related): per hit a header
// (path:lines, symbol, kind, score), then its code with line numbers and
// the terms of query emphasised; ConciseLines lines of it, or with
// formatter.Detailed the whole chunk and the lines around it (dim).
func Search(r formatter.SearchResponse, query string, o Options) (string, error) {
	terms := Terms(query)
	all := r.Results
	return fit(len(all), o, func(k int, o Options) string {
		p := newPrinter(o)
		for i, x := range all[:k] {
			if i > 0 {
				p.blank()
			}
			p.hit(x, terms, o.Detail)
		}
		if len(all) == 0 {
			p.line(styled("no results", styleContext))
		}
		if w := leftOut(r.Warning, len(all)-k, "results", o.MaxTokens); w != "" {
			if len(all) > 0 {
				p.blank()
			}
			p.warning(w)
		}
		return p.String()
	})
}

// hit draws one search hit.
func (p *printer) hit(x formatter.SearchResult, terms []string, d formatter.Detail) {
	head := []seg{styled(x.FilePath, stylePath), plain(":"), styled(lineRange(x.StartLine, x.EndLine), styleLine)}
	var tail []seg
	if x.SymbolKind != "" {
		tail = append(tail, plain(" "), styled("("+x.SymbolKind+")", styleContext))
	}
	tail = append(tail, plain("  "), styled(score(x.Score), styleContext))
	if x.Symbol != "" {
		head = append(head, plain("  "), styled(p.fitSymbol(x.Symbol, append(slices.Clone(head), tail...)), styleSymbol))
	}
	p.line(append(head, tail...)...)
	if len(x.Copies) > 0 {
		p.line(styled("same text in "+strings.Join(x.Copies, ", "), styleContext))
	}

	lines, skip := trimBlank(codeLines(x.Content, x.FilePath, x.Language, p.color))
	start := x.StartLine + skip
	if d != formatter.Detailed {
		hit := block{lines: lines, first: start, sep: ":"}
		gutter := gutterWidth(hit)
		if len(lines) <= ConciseLines+1 {
			p.code(hit, gutter, terms)
			return
		}
		from := window(lines, ConciseLines, terms)
		// A window that starts after a blank line may run short at the
		// hit's end.
		to := min(from+ConciseLines, len(lines))
		// A single line left out would cost its note's line: show it.
		if from == 1 {
			from = 0
		}
		if len(lines)-to == 1 {
			to = len(lines)
		}
		hit.lines, hit.first = lines[from:to], start+from
		if from > 0 {
			p.elided(gutter, plural(from, "line", "lines"))
		}
		p.code(hit, gutter, terms)
		if rest := len(lines) - to; rest > 0 {
			p.elided(gutter, plural(rest, "more line", "more lines"))
		}
		return
	}
	before, _ := trimBlankStart(codeLines(x.ContextBefore, x.FilePath, x.Language, false), true)
	after, _ := trimBlankStart(codeLines(x.ContextAfter, x.FilePath, x.Language, false), false)
	if x.ContextBefore == "" {
		before = nil
	}
	if x.ContextAfter == "" {
		after = nil
	}
	// The lines around the hit are those of the file before StartLine
	// and after EndLine.
	bb := block{lines: before, first: x.StartLine - len(before), sep: "-", dim: true}
	hit := block{lines: lines, first: start, sep: ":"}
	ab := block{lines: after, first: x.EndLine + 1, sep: "-", dim: true}
	gutter := gutterWidth(bb, hit, ab)
	p.code(bb, gutter, nil)
	p.code(hit, gutter, terms)
	p.code(ab, gutter, nil)
}

// minSymbolRoom is the least room a hit's symbols are cut to, with their
// ellipsis, so that the kind and score after them stay on the line;
// a narrower line is cut at its end instead.
const minSymbolRoom = 12

// fitSymbol cuts a hit's symbols (gin's `HandlersChain.Last, RouteInfo,
// RoutesInfo, …`) to the room the rest of its header leaves on the
// line, after the last name that fits (or inside a first name too long),
// so that the kind and score after them are not what is cut.
func (p *printer) fitSymbol(symbol string, rest []seg) string {
	if p.width == 0 {
		return symbol
	}
	room := p.width - 2 // the two spaces before the symbols
	for _, s := range rest {
		room -= textWidth(s.text)
	}
	if textWidth(symbol) <= room || room < minSymbolRoom {
		return symbol
	}
	names := strings.Split(symbol, ", ")
	for k := len(names) - 1; k > 0; k-- { // the leading names that fit, whole
		if s := strings.Join(names[:k], ", ") + ", …"; textWidth(s) <= room {
			return s
		}
	}
	var b strings.Builder
	w := 0
	for _, r := range symbol {
		rw := textWidth(visible(r))
		if w+rw > room-1 {
			break
		}
		b.WriteString(visible(r))
		w += rw
	}
	return strings.TrimRight(b.String(), ", ") + "…"
}

// trimBlankStart drops the blank lines of context away from the hit:
// leading ones before it (fromStart), trailing ones after it.
func trimBlankStart(lines [][]seg, fromStart bool) ([][]seg, int) {
	n := 0
	if fromStart {
		for len(lines) > 0 && strings.TrimSpace(lineText(lines[0])) == "" {
			lines, n = lines[1:], n+1
		}
		return lines, n
	}
	for len(lines) > 0 && strings.TrimSpace(lineText(lines[len(lines)-1])) == "" {
		lines, n = lines[:len(lines)-1], n+1
	}
	return lines, n
}

// score is a similarity with two decimals ("0.87").
func score(f float64) string {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		f = 0
	}
	return strconv.FormatFloat(f, 'f', 2, 64)
}
