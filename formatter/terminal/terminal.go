// Package terminal renders codeseek's answers for a person at a terminal,
// after ripgrep's printer: a coloured header per hit (path in magenta,
// lines in green), then the code with line numbers, syntax colours and
// the query's terms emphasised, a blank line between hits. The machine
// formats (JSON, Markdown, compact) stay in package formatter and are what
// a pipe gets; this view is for eyes only and makes no promise about its
// exact text.
//
// Like formatter it does no I/O: the caller decides whether there is a
// terminal, whether colour is wanted and how wide the screen is, and
// passes that in Options.
//
// What any file can put in front of a person is sanitised: control
// characters in code, paths and names are shown in caret notation (^[ for
// ESC), so indexed content cannot move the cursor, retitle the window or
// hide text.
package terminal

import (
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"

	"github.com/codeseek/codeseek/formatter"
)

// Options says how the view is drawn.
type Options struct {
	// Color turns on ANSI colour and emphasis; off, the view is plain
	// text (what NO_COLOR or --color never ask for).
	Color bool
	// Width is the screen's width in columns: longer lines are cut to it
	// and end in "…", so a minified line cannot flood the screen. 0
	// keeps every line whole.
	Width int
	// Detail is formatter.Concise (the default) for ConciseLines lines
	// per search hit, formatter.Detailed for whole chunks with the lines
	// around them.
	Detail formatter.Detail
	// MaxTokens, when positive, keeps the leading items (hits, symbols,
	// references, …) whose plain rendering fits this many o200k_base
	// tokens, as --max-tokens does for the machine formats.
	MaxTokens int
}

// ConciseLines is how many lines of code a search hit shows by default
// (a single line more rather than a note saying it was left out):
// enough for a signature and its first statements, few enough that ten
// hits fit a screen or two.
const ConciseLines = 5

// TabWidth is the tab stop code is drawn with. Tabs are expanded, not
// passed through, so the width of a line is known and cutting it to the
// screen is exact.
const TabWidth = 4

// SGR parameters of the view. Only the 16 basic colours are used, so the
// user's terminal theme decides the actual shades and the view reads on
// dark and light backgrounds alike.
const (
	stylePath     = "35"     // magenta, as ripgrep's paths
	styleLine     = "32"     // green, as ripgrep's line numbers
	styleMatch    = "1;4;31" // bold, underlined red: the query's terms
	styleContext  = "2"      // dim: lines around a hit, notes
	styleSymbol   = "1"      // bold: the declaration a hit is
	styleWarning  = "33"     // yellow
	styleHighRisk = "1;31"
)

const ellipsis = "…"

// seg is a run of text in one style ("" is the terminal's default).
type seg struct{ text, style string }

func plain(s string) seg         { return seg{s, ""} }
func styled(s, style string) seg { return seg{s, style} }

// printer builds the view line by line.
type printer struct {
	b     strings.Builder
	color bool
	width int
}

func newPrinter(o Options) *printer { return &printer{color: o.Color, width: max(o.Width, 0)} }

func (p *printer) String() string { return p.b.String() }

func (p *printer) blank() { p.b.WriteByte('\n') }

// line writes segs as one line: control characters in caret notation,
// tabs as a space, cut to the width with a final "…" when it is longer.
func (p *printer) line(segs ...seg) {
	total := 0
	for _, s := range segs {
		total += textWidth(s.text)
	}
	limit := -1
	if p.width > 0 && total > p.width {
		limit = max(p.width-1, 0) // room for the ellipsis
	}
	col, cur, cut := 0, "", false
	for _, s := range segs {
		for _, r := range s.text {
			vis := visible(r)
			w := textWidth(vis)
			if limit >= 0 && col+w > limit {
				cut = true
				break
			}
			if p.color && s.style != cur && vis != "" {
				p.setStyle(cur, s.style)
				cur = s.style
			}
			p.b.WriteString(vis)
			col += w
		}
		if cut {
			break
		}
	}
	if cut {
		if p.color && cur != styleContext {
			p.setStyle(cur, styleContext)
			cur = styleContext
		}
		p.b.WriteString(ellipsis)
	}
	if p.color && cur != "" {
		p.b.WriteString("\x1b[0m")
	}
	p.b.WriteByte('\n')
}

// setStyle switches from style cur to next.
func (p *printer) setStyle(cur, next string) {
	if cur != "" {
		p.b.WriteString("\x1b[0m")
	}
	if next != "" {
		p.b.WriteString("\x1b[" + next + "m")
	}
}

// warning writes an answer's warning, if any.
func (p *printer) warning(w string) {
	if w != "" {
		p.line(styled("warning: "+w, styleWarning))
	}
}

// visible is how r is drawn: control characters in caret notation (^[,
// ^M, ^?), other non-printing runes as U+FFFD, a tab as a space (code has
// its tabs expanded before it gets here).
func visible(r rune) string {
	switch {
	case r == '\t':
		return " "
	case r < 0x20:
		return "^" + string(rune(r+'@'))
	case r == 0x7f:
		return "^?"
	case r == utf8.RuneError, r >= 0x80 && r < 0xa0:
		return "\ufffd"
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c,
		r == 0x2028, r == 0x2029:
		// Bidirectional controls reorder what a person reads (Trojan
		// Source), line separators break lines: show that they are there.
		return "\ufffd"
	}
	return string(r)
}

// textWidth is how many columns s takes: wide East Asian runes two,
// combining marks none.
func textWidth(s string) int {
	n := 0
	for _, r := range s {
		n += runeWidth(r)
	}
	return n
}

func runeWidth(r rune) int {
	switch {
	case r < 0x20 || r == 0x7f:
		return 2 // caret notation
	case r < 0x7f:
		return 1
	case unicode.In(r, unicode.Mn, unicode.Me):
		return 0
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	return 1
}

// expandTabs replaces the tabs of one line with spaces to the next tab
// stop; col is the column the text starts at.
func expandTabs(s string, col int) (string, int) {
	if !strings.Contains(s, "\t") {
		return s, col + textWidth(s)
	}
	var b strings.Builder
	for _, r := range s {
		if r == '\t' {
			n := TabWidth - col%TabWidth
			b.WriteString(strings.Repeat(" ", n))
			col += n
			continue
		}
		b.WriteRune(r)
		col += runeWidth(r)
	}
	return b.String(), col
}

// lineRange is "12-20", or "12" for a single line.
func lineRange(start, end int) string {
	if end <= start {
		return strconv.Itoa(start)
	}
	return strconv.Itoa(start) + "-" + strconv.Itoa(end)
}

// plural is "1 reference", "3 references".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// fit renders the largest prefix of n items whose plain rendering (no
// colour, no width) fits o.MaxTokens, all of them without a budget, so a
// budget keeps the same items on a terminal and through a pipe; draw(k,
// o) renders the first k items, saying what was left out.
func fit(n int, o Options, draw func(k int, o Options) string) (string, error) {
	if o.MaxTokens <= 0 {
		return draw(n, o), nil
	}
	plainOpts := o
	plainOpts.Color, plainOpts.Width = false, 0
	var firstErr error
	k := sort.Search(n+1, func(k int) bool {
		if k == 0 {
			return false
		}
		t, err := formatter.CountTokens(draw(k, plainOpts))
		if err != nil && firstErr == nil {
			firstErr = err
		}
		return err != nil || t > o.MaxTokens
	}) - 1
	if firstErr != nil {
		return "", firstErr
	}
	return draw(k, o), nil
}

// leftOut is the warning of an answer a budget cut, joined to the
// answer's own.
func leftOut(prev string, left int, what string, maxTokens int) string {
	if left <= 0 {
		return prev
	}
	w := strconv.Itoa(left) + " " + what + " left out to fit --max-tokens=" + strconv.Itoa(maxTokens)
	if prev != "" {
		return prev + "; " + w
	}
	return w
}
