package formatter

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ConciseContentLimit is the most characters (runes) of chunk content that
// concise output carries, ellipsis included: enough to recognise a hit,
// small enough that ten hits stay a few hundred tokens.
const ConciseContentLimit = 200

// Ellipsis marks text that was cut; a single rune so it costs one
// character of the concise budget and one token.
const Ellipsis = "…"

// RenderSearch renders a search_code or search_docs answer so that the MCP
// server and the CLI produce byte-identical output for the same options.
func RenderSearch(r SearchResponse, o Options) (string, error) {
	o, err := o.normalize()
	if err != nil {
		return "", err
	}
	return renderSearchBudget(r, o)
}

// renderSearchUnbounded renders without any token budget.
func renderSearchUnbounded(r SearchResponse, o Options) (string, error) {
	switch o.Format {
	case Markdown:
		return markdownSearch(r, o.Detail), nil
	case Compact:
		return compactSearch(r, o.Detail)
	default:
		return jsonSearch(r, o.Detail)
	}
}

// RenderIndex renders an index_repository answer; like every Render
// function it is the single place the shape is decided, so the MCP tool and
// the CLI cannot drift apart.
func RenderIndex(r IndexReport, o Options) (string, error) {
	o, err := o.normalize()
	if err != nil {
		return "", err
	}
	switch o.Format {
	case Markdown:
		return markdownIndex(r, o.Detail), nil
	case Compact:
		return compactIndex(r, o.Detail)
	default:
		return jsonIndex(r, o.Detail)
	}
}

// RenderRepositories renders a list_repositories answer; compact output is
// a header+rows table because every repository has the same fields.
func RenderRepositories(r RepositoryList, o Options) (string, error) {
	o, err := o.normalize()
	if err != nil {
		return "", err
	}
	switch o.Format {
	case Markdown:
		return markdownRepositories(r, o.Detail), nil
	case Compact:
		return compactRepositories(r, o.Detail)
	default:
		return jsonRepositories(r, o.Detail)
	}
}

// RenderSymbols renders a get_symbols answer; compact output is a
// header+rows table, the cheapest shape for a long uniform list.
func RenderSymbols(r SymbolList, o Options) (string, error) {
	o, err := o.normalize()
	if err != nil {
		return "", err
	}
	switch o.Format {
	case Markdown:
		return markdownSymbols(r, o.Detail), nil
	case Compact:
		return compactSymbols(r, o.Detail)
	default:
		return jsonSymbols(r, o.Detail)
	}
}

// normalize fills in the defaults of the zero value (JSON, detailed) and
// rejects values that did not come through ParseFormat/ParseDetail.
func (o Options) normalize() (Options, error) {
	switch o.Format {
	case "":
		o.Format = JSON
	case JSON, Markdown, Compact:
	default:
		if _, err := ParseFormat(string(o.Format)); err != nil {
			return o, err
		}
		o.Format, _ = ParseFormat(string(o.Format))
	}
	switch o.Detail {
	case "":
		o.Detail = Detailed
	case Concise, Detailed:
	default:
		d, err := ParseDetail(string(o.Detail))
		if err != nil {
			return o, err
		}
		o.Detail = d
	}
	return o, nil
}

// encodeJSON marshals v without HTML escaping (code is full of <, > and &,
// and \u003c costs tokens and readability) and without the trailing newline.
func encodeJSON(v any) (string, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return "", fmt.Errorf("formatter: encode json: %w", err)
	}
	return strings.TrimSuffix(b.String(), "\n"), nil
}

// finite maps NaN and ±Inf to 0 because JSON cannot carry them and a broken
// score must not turn a whole answer into an error.
func finite(f float64) float64 {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0
	}
	return f
}

// round returns f rounded to the given number of decimals.
func round(f float64, decimals int) float64 {
	p := math.Pow10(decimals)
	return math.Round(finite(f)*p) / p
}

// latencyMS is the whole-millisecond latency reported to callers.
func latencyMS(r SearchResponse) int64 {
	return r.Latency.Milliseconds()
}

// TruncateContent shortens s to at most limit runes (ellipsis included),
// cutting at the last line break, else the last space, in the second half
// of the window so the preview ends on a whole line or word; it returns s
// unchanged when it already fits.
func TruncateContent(s string, limit int) string {
	if utf8.RuneCountInString(s) <= limit {
		return s
	}
	if limit <= 1 {
		return Ellipsis
	}
	// Byte offset of the end of the first limit-1 runes.
	end, n := 0, 0
	for i := range s {
		if n == limit-1 {
			end = i
			break
		}
		n++
	}
	window := s[:end]
	minCut := len(window) / 2
	cut := -1
	if i := strings.LastIndexByte(window, '\n'); i >= minCut {
		cut = i
	} else if i := strings.LastIndexFunc(window, unicode.IsSpace); i >= minCut {
		cut = i
	}
	if cut < 0 {
		cut = end
	}
	return strings.TrimRightFunc(window[:cut], unicode.IsSpace) + Ellipsis
}
