package formatter

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

type parsedHit struct {
	Path       string
	Start, End int
	Text       string
	Score      float64
}

// parseCompactSearch decodes compact search output the way the format
// documentation tells an agent to: split l at its last colon, and an empty
// path means the path of the previous result.
func parseCompactSearch(t *testing.T, s string) (hits []parsedHit, n int, warning string) {
	t.Helper()
	var v struct {
		R []struct {
			L string  `json:"l"`
			T string  `json:"t"`
			S float64 `json:"s"`
		} `json:"r"`
		N  int    `json:"n"`
		MS int64  `json:"ms"`
		W  string `json:"w"`
	}
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("invalid compact JSON %s: %v", s, err)
	}
	prev := ""
	for i, r := range v.R {
		c := strings.LastIndexByte(r.L, ':')
		if c < 0 {
			t.Fatalf("location %q has no colon", r.L)
		}
		path := r.L[:c]
		if path == "" {
			if i == 0 {
				t.Fatalf("first location %q has no path", r.L)
			}
			path = prev
		}
		var h parsedHit
		if _, err := fmt.Sscanf(r.L[c+1:], "%d-%d", &h.Start, &h.End); err != nil {
			t.Fatalf("location %q: %v", r.L, err)
		}
		h.Path, h.Text, h.Score = path, r.T, r.S
		hits = append(hits, h)
		prev = path
	}
	return hits, v.N, v.W
}

func TestCompactSearchGroupsByFile(t *testing.T) {
	r := SearchResponse{TotalCount: 9, Results: []SearchResult{
		{FilePath: "a.go", StartLine: 1, EndLine: 10, Content: "A1", Score: 0.9},
		{FilePath: "b.go", StartLine: 5, EndLine: 6, Content: "B1", Score: 0.8},
		{FilePath: "a.go", StartLine: 20, EndLine: 30, Content: "A2", Score: 0.7},
		{FilePath: "a.go", StartLine: 3, EndLine: 4, Content: "inside A1", Score: 0.6},
		{FilePath: ":odd.go", StartLine: 1, EndLine: 1, Content: "odd", Score: 0.5},
		{FilePath: "b.go", StartLine: 6, EndLine: 9, Content: "overlaps B1", Score: 0.4},
	}}
	out, err := RenderSearch(r, Options{Format: Compact, Detail: Concise})
	if err != nil {
		t.Fatal(err)
	}
	hits, n, _ := parseCompactSearch(t, out)
	want := []parsedHit{
		{"a.go", 1, 10, "A1", 0.9}, {"a.go", 20, 30, "A2", 0.7},
		{"b.go", 5, 6, "B1", 0.8}, {"b.go", 6, 9, "overlaps B1", 0.4},
		{":odd.go", 1, 1, "odd", 0.5},
	}
	if n != 9 || fmt.Sprint(hits) != fmt.Sprint(want) {
		t.Errorf("hits = %v (n=%d)\nwant %v", hits, n, want)
	}
	if c := strings.Count(out, `"a.go`); c != 1 {
		t.Errorf("path a.go written %d times: %s", c, out)
	}
}

func TestTrimText(t *testing.T) {
	cases := map[string]string{
		"\n\n\tfunc A() {\n\t\treturn  \n\t}\n\n": "func A() {\n\treturn\n}",
		"    x\n\n  y":          "  x\n\ny",
		"a\r\nb\r\n":            "a\nb",
		"  \n \t \n":            "",
		"\t\tmixed\n    spaces": "\t\tmixed\n    spaces",
	}
	for in, want := range cases {
		if got := trimText(in); got != want {
			t.Errorf("trimText(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCompactConciseCutsText(t *testing.T) {
	long := strings.Repeat("word ", 100)
	out, err := RenderSearch(SearchResponse{Results: []SearchResult{{FilePath: "a", Content: long}}}, Options{Format: Compact, Detail: Concise})
	if err != nil {
		t.Fatal(err)
	}
	hits, _, _ := parseCompactSearch(t, out)
	if n := utf8.RuneCountInString(hits[0].Text); n > ConciseContentLimit || !strings.HasSuffix(hits[0].Text, "word"+Ellipsis) {
		t.Errorf("concise compact text (%d runes) = %q", n, hits[0].Text)
	}
}

// TestCompactIsLeanerThanJSON keeps the point of the format honest on the
// golden sample.
func TestCompactIsLeanerThanJSON(t *testing.T) {
	for _, d := range allDetails {
		j, _ := RenderSearch(sampleSearch(), Options{Format: JSON, Detail: d})
		c, _ := RenderSearch(sampleSearch(), Options{Format: Compact, Detail: d})
		jt, _ := CountTokens(j)
		ct, _ := CountTokens(c)
		if ct*100 > jt*75 {
			t.Errorf("%s: compact %d tokens vs JSON %d: more than 75%%", d, ct, jt)
		}
	}
}

func TestCompactFormatDocumentsEveryKey(t *testing.T) {
	for _, key := range []string{"r =", "n =", "ms =", "w =", "l =", "t =", "s =", "y =", "b =", "a =", "h =", "d =",
		"id =", "p =", "st =", "fi/fu/fs/fd", "ci/cd", "sec =", "ec =", "e =", "sk =", "db =",
		"f =", "lang =", "repo =", CompactSymbolsHeaderDetailed, CompactRepositoriesHeaderDetailed, CompactRepositoriesHeaderConcise} {
		if !strings.Contains(CompactFormat, key) {
			t.Errorf("CompactFormat does not explain %q", key)
		}
	}
}
