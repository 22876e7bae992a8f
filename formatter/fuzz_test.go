package formatter

import (
	"encoding/json"
	"math"
	"reflect"
	"testing"
)

// FuzzRenderSearch checks that arbitrary chunk text (invalid UTF-8,
// control characters, quotes, pipes, fences) never produces invalid JSON in
// the JSON and compact formats, nor a broken table in Markdown.
func FuzzRenderSearch(f *testing.F) {
	f.Add("func A() {}", "a.go", "A", 0.5, "ctx")
	f.Add("a|b\\c\n\r\"`<>&\x00\xff", "dir/x|y.go", "", math.NaN(), "\u2028\u2029")
	f.Add("```\n~~~\n````", "", "`", math.Inf(1), "")
	f.Add("日本語 🙂", "naïve.md", "Überblick", -1.0, "\t\t")
	f.Fuzz(func(t *testing.T, content, path, symbol string, score float64, ctx string) {
		r := SearchResponse{TotalCount: 2, Warning: ctx, Results: []SearchResult{
			{FilePath: path, Symbol: symbol, Content: content, Score: score, ContextBefore: ctx, ContextAfter: content, StartLine: 1, EndLine: 2},
			{FilePath: path, Content: ctx, Score: score, StartLine: 3, EndLine: 4},
		}}
		for _, d := range allDetails {
			for _, fm := range []Format{JSON, Compact} {
				out, err := RenderSearch(r, Options{Format: fm, Detail: d})
				if err != nil {
					t.Fatalf("%s/%s: %v", fm, d, err)
				}
				if !json.Valid([]byte(out)) {
					t.Fatalf("%s/%s: invalid JSON: %q", fm, d, out)
				}
			}
		}
		md, err := RenderSearch(r, Options{Format: Markdown, Detail: Concise})
		if err != nil {
			t.Fatal(err)
		}
		if checkTables(t, "search", md) != 1 {
			t.Fatalf("concise markdown lost its table: %q", md)
		}
	})
}

// FuzzCompactRows checks that any cell text survives EncodeRows/ParseRows.
func FuzzCompactRows(f *testing.F) {
	f.Add("a|b", `c\d`, "e\nf")
	f.Add(`\`, "|", "\r\n")
	f.Add("", "", "")
	f.Fuzz(func(t *testing.T, a, b, c string) {
		rows := [][]string{{a, b, c}, {c, a, b}}
		_, got, err := ParseRows("x|y|z", EncodeRows(rows))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, rows) {
			t.Fatalf("round trip %q -> %q", rows, got)
		}
	})
}
