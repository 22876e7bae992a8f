package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func ref(file string, line, col int, match string) navReference {
	return navReference{FilePath: file, Line: line, Column: col, Match: match}
}

func TestScoreRefs(t *testing.T) {
	sym := TruthSymbol{Kind: "func", Qualified: "p.F", Loc: Loc{"p/f.go", 10, 6}, Refs: []TruthRef{
		{Loc: Loc{"p/a.go", 3, 2}, Call: true, Visible: true},
		{Loc: Loc{"p/a.go", 7, 9}, Call: true, Visible: true},    // found on the line, other column
		{Loc: Loc{"q/b.go", 1, 1}, Visible: true},                // found, but only as "name"
		{Loc: Loc{"q/c.go", 5, 5}, Call: true, Visible: true},    // missed
		{Loc: Loc{"other.go", 1, 1}, Call: true, Visible: false}, // not in the oracle's files: ignored
	}}
	visible := map[string]bool{"p/f.go": true, "p/a.go": true, "q/b.go": true, "q/c.go": true, "q/d.go": true}
	ans := refAnswer{TotalCount: 7, References: []navReference{
		ref("p/f.go", 10, 6, "exact"),        // the declaration itself
		ref("./p/a.go", 3, 2, "exact"),       // path normalised
		ref("p/a.go", 7, 4, "exact"),         // line fallback
		ref("q/b.go", 1, 1, "name"),          // name-only match
		ref("q/d.go", 2, 2, "exact"),         // false positive
		ref("q/d.go", 3, 3, "name"),          // name, wrong: not in precision
		ref("p/f_windows.go", 4, 4, "exact"), // outside the oracle's files
	}}
	o := scoreRefs(sym, visible, ans)
	want := refOutcome{Truth: 4, Found: 3, FoundExact: 2, LineFallback: 1, Answers: 5, ExactAnswers: 3, ExactCorrect: 2, Outside: 1, DeclListed: true}
	if o.Truth != want.Truth || o.Found != want.Found || o.FoundExact != want.FoundExact || o.LineFallback != want.LineFallback ||
		o.Answers != want.Answers || o.ExactAnswers != want.ExactAnswers || o.ExactCorrect != want.ExactCorrect ||
		o.Outside != want.Outside || o.DeclListed != want.DeclListed || o.Truncated {
		t.Fatalf("got %+v\nwant %+v", o, want)
	}
	if len(o.Missed) != 1 || o.Missed[0].File != "q/c.go" {
		t.Fatalf("missed: %+v", o.Missed)
	}
	if len(o.FalseExact) != 1 || o.FalseExact[0].FilePath != "q/d.go" {
		t.Fatalf("false exact: %+v", o.FalseExact)
	}
	ans.TotalCount = 100
	if !scoreRefs(sym, visible, ans).Truncated {
		t.Fatal("total_count above the answers listed must count as truncated")
	}
}

func TestDefHit(t *testing.T) {
	want := Loc{"a/b.go", 20, 6}
	cases := []struct {
		d    navDefinition
		want bool
	}{
		{navDefinition{FilePath: "a/b.go", StartLine: 18, EndLine: 30, Line: 20}, true},
		{navDefinition{FilePath: "a/b.go", StartLine: 18, EndLine: 30}, true}, // within the lines
		{navDefinition{FilePath: "a/b.go", Line: 20}, true},                   // the name line only
		{navDefinition{FilePath: "a/b.go", StartLine: 21, EndLine: 30, Line: 21}, false},
		{navDefinition{FilePath: "a/c.go", StartLine: 18, EndLine: 30, Line: 20}, false},
		{navDefinition{FilePath: "a/b.go", StartLine: 20, EndLine: 0}, true}, // end missing: the start line
	}
	for i, c := range cases {
		if got := defHit(want, c.d); got != c.want {
			t.Errorf("case %d: defHit = %v, want %v", i, got, c.want)
		}
	}
	ds := []navDefinition{{FilePath: "x.go", Line: 1}, {FilePath: "a/b.go", StartLine: 19, EndLine: 22}}
	if r := defRank([]Loc{want}, ds); r != 2 {
		t.Fatalf("defRank = %d, want 2", r)
	}
	if r := defRank([]Loc{{"zz.go", 1, 1}}, ds); r != 0 {
		t.Fatalf("defRank of a missing definition = %d", r)
	}
}

func TestGoMissCategory(t *testing.T) {
	cases := []struct {
		kind string
		r    TruthRef
		want string
	}{
		{"method", TruthRef{Call: true, Context: "call", Via: "interface"}, "interface method call"},
		{"method", TruthRef{Call: true, Context: "call", Via: "promoted"}, "promoted"},
		{"func", TruthRef{Call: true, Context: "call", Generic: true}, "generic"},
		{"type", TruthRef{Call: true, Context: "call"}, "conversion"},
		{"method", TruthRef{Context: "value", Via: "direct"}, "method value"},
		{"type", TruthRef{Context: "composite-literal-key"}, "composite-literal key"},
		{"func", TruthRef{Call: true, Context: "call"}, "plain call"},
		{"type", TruthRef{Context: "type-use"}, "plain type use"},
	}
	for _, c := range cases {
		if got := goMissCategory(c.kind, c.r); !strings.Contains(got, c.want) {
			t.Errorf("%s %+v: %q, want it to contain %q", c.kind, c.r, got, c.want)
		}
	}
}

// fakeTools answers tool calls from canned answers keyed by a short form of
// the arguments.
type fakeTools struct {
	answers map[string]any
	calls   []string
}

func argKey(name string, a map[string]any) string {
	if s, ok := a["symbol"]; ok {
		return fmt.Sprintf("%s %v", name, s)
	}
	return fmt.Sprintf("%s %v:%v:%v", name, a["file_path"], a["line"], a["column"])
}

func (f *fakeTools) call(name string, a map[string]any) (toolResult, time.Duration, error) {
	k := argKey(name, a)
	f.calls = append(f.calls, k)
	v, ok := f.answers[k]
	if !ok {
		return toolResult{}, 0, errors.New("unexpected call " + k)
	}
	if s, ok := v.(string); ok { // a tool error
		r := toolResult{IsError: true}
		r.Content = append(r.Content, struct {
			Type string `json:"type"`
			Text string `json:"text"`
		}{"text", s})
		return r, time.Millisecond, nil
	}
	b, _ := json.Marshal(v)
	return toolResult{StructuredContent: b}, 3 * time.Millisecond, nil
}

func TestScoreNavOnCannedAnswers(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"p/f.go", "p/a.go"} {
		_ = os.MkdirAll(filepath.Join(root, filepath.Dir(f)), 0o755)
		_ = os.WriteFile(filepath.Join(root, f), []byte("package p\n\nfunc F() {}\n\nvar _ = F\nvar x = T{}\n"), 0o644)
	}
	tr := &Truth{Oracle: "fake", Language: "go", Root: root, VisibleFiles: []string{"p/f.go", "p/a.go"}, Symbols: []TruthSymbol{
		{ID: 1, Kind: "func", Qualified: "p.F", Loc: Loc{"p/f.go", 3, 6},
			Refs:     []TruthRef{{Loc: Loc{"p/a.go", 5, 9}, Visible: true, Context: "value"}, {Loc: Loc{"p/a.go", 6, 9}, Call: true, Visible: true, Context: "call"}},
			DefSites: []DefSite{{Loc: Loc{"p/a.go", 5, 9}, Want: []Loc{{"p/f.go", 3, 6}}}}},
		{ID: 2, Kind: "type", Qualified: "p.T", Loc: Loc{"p/f.go", 9, 6}, Ambiguous: 2, AltDecls: []Loc{{"p/t_windows.go", 4, 6}},
			Refs: []TruthRef{}, DefSites: []DefSite{}},
		{ID: 3, Kind: "func", Qualified: "p.Broken", Err: "oracle failed"},
	}}
	f := &fakeTools{answers: map[string]any{
		"find_references p/f.go:3:6": refAnswer{Definition: &navDefinition{FilePath: "p/f.go", StartLine: 3, EndLine: 3, Line: 3},
			References: []navReference{ref("p/a.go", 5, 9, "exact"), ref("p/a.go", 1, 1, "exact")}, TotalCount: 2},
		"find_definition p/a.go:5:9": defAnswer{Definitions: []navDefinition{{FilePath: "p/f.go", StartLine: 3, EndLine: 3}}},
		"find_definition p.F":        defAnswer{Definitions: []navDefinition{{FilePath: "p/a.go", Line: 1}, {FilePath: "p/f.go", Line: 3}}},
		"find_references p/f.go:9:6": "find_references: no symbol at p/f.go:9:6",
		"find_definition p.T":        defAnswer{Definitions: []navDefinition{{FilePath: "p/t_windows.go", StartLine: 3, EndLine: 5}}},
	}}
	rep, err := scoreNav(tr, f, "/repo", navScoreOptions{Limit: 50, Category: goMissCategory})
	if err != nil {
		t.Fatal(err)
	}
	all := rep.Refs["all"]
	if rep.Skipped != 1 || all.Symbols != 2 || all.Truth != 2 || all.Found != 1 || all.FoundExact != 1 || all.ExactAnswers != 2 || all.ExactCorrect != 1 || all.Errors != 1 {
		t.Fatalf("refs: %+v skipped %d", *all, rep.Skipped)
	}
	if c := rep.PosDef["all"]; c.N != 1 || c.D != 1 {
		t.Fatalf("position definitions: %+v", *c)
	}
	if c := rep.NameDef["all"]; c.N != 0 || c.D != 2 {
		t.Fatalf("name definitions: %+v", *c)
	}
	if c := rep.NameDefAlt["type"]; c.N != 1 || c.D != 1 {
		t.Fatalf("name definitions, any variant: %+v", *c)
	}
	if c := rep.NameDefUniq["all"]; c.D != 1 {
		t.Fatalf("unambiguous names: %+v", *c)
	}
	if rep.Resolved.N != 1 || rep.Resolved.D != 1 {
		t.Fatalf("resolved: %+v", rep.Resolved)
	}
	if rep.Misses.Count["plain call"] != 1 || rep.Misses.Examples["plain call"][0].Text != "var x = T{}" {
		t.Fatalf("misses: %+v", rep.Misses)
	}
	if rep.MissesName.Count["right declaration ranked below the first"] != 1 || rep.MissesName.Count["another build variant of the same declaration first (other platform)"] != 1 {
		t.Fatalf("name misses: %+v", rep.MissesName.Count)
	}
	if l := rep.Latency["find_definition"]; l.Calls != 3 || l.P50ms != 3 {
		t.Fatalf("latency: %+v", rep.Latency)
	}
	var out strings.Builder
	printNavReport(&out, rep)
	for _, s := range []string{"| func | 1 | 2 | 50.0% (1/2)", "interface", "find_references: no symbol"} {
		if s == "interface" {
			continue
		}
		if !strings.Contains(out.String(), s) {
			t.Errorf("report lacks %q:\n%s", s, out.String())
		}
	}
}

func TestScoreCtagsCorpus(t *testing.T) {
	c := CtagsCorpus{Lang: "Ruby", Samples: []CtagsSample{
		{Symbol: "Kramdown.Parser.parse", Kind: "method", Group: "method", File: "k/p.rb", Line: 10},
		{Symbol: "Kramdown.Util", Kind: "module", Group: "type", File: "k/u.rb", Line: 2},
		{Symbol: "Kramdown.gone", Kind: "method", Group: "method", File: "k/g.rb", Line: 5},
	}}
	f := &fakeTools{answers: map[string]any{
		"find_definition Kramdown.Parser.parse": defAnswer{Definitions: []navDefinition{{FilePath: "k/p.rb", StartLine: 9, EndLine: 20}}},
		"find_definition Kramdown.Util":         defAnswer{Definitions: []navDefinition{{FilePath: "k/u.rb", StartLine: 40, EndLine: 50}}},
		"find_definition Kramdown.gone":         "find_definition: symbol: not found",
	}}
	res := scoreCtagsCorpus(c, f, "/r")
	if res.Top1.N != 1 || res.Top1.D != 3 || res.ByGroup["method"].N != 1 || res.ByGroup["type"].N != 0 {
		t.Fatalf("%+v", res)
	}
	if res.Misses.Count["module: right file, other lines"] != 1 || res.Misses.Count["method: tool error"] != 1 {
		t.Fatalf("misses %+v", res.Misses.Count)
	}
}
