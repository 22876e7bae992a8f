package formatter

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestURIRoundTrip(t *testing.T) {
	for _, path := range []string{"a.go", "pkg/sub/x_test.go", "docs/naïve|pipe.md", "odd dir/a#b?.go", "100%/x.go"} {
		uri := HitURI("0123456789ab", path, 10, 40)
		loc, err := ParseURI(uri)
		if err != nil {
			t.Fatalf("%s: %v", uri, err)
		}
		if loc != (Location{RepositoryID: "0123456789ab", Path: path, StartLine: 10, EndLine: 40}) {
			t.Errorf("%s parsed to %+v", uri, loc)
		}
	}
}

// Agents join compact output's u prefix with a raw path; that URI must
// read the same lines.
func TestParseURIRawAndPartial(t *testing.T) {
	cases := map[string]Location{
		"codeseek://id/docs/naïve|pipe.md#L1-L3": {"id", "docs/naïve|pipe.md", 1, 3},
		"codeseek://id/a#b.go#L7":                {"id", "a#b.go", 7, 7},
		"codeseek://id/a.go":                     {"id", "a.go", 0, 0},
	}
	for uri, want := range cases {
		if got, err := ParseURI(uri); err != nil || got != want {
			t.Errorf("ParseURI(%q) = %+v, %v; want %+v", uri, got, err, want)
		}
	}
	for _, bad := range []string{"file:///etc/passwd", "codeseek://", "codeseek://id/", "codeseek:///a.go", "codeseek://id/a.go#L0", "codeseek://id/a.go#L9-L2", "codeseek://id/a.go#Lx"} {
		if loc, err := ParseURI(bad); err == nil {
			t.Errorf("ParseURI(%q) = %+v, want an error", bad, loc)
		} else if !strings.Contains(err.Error(), "codeseek://") {
			t.Errorf("ParseURI(%q) error %q does not show the expected shape", bad, err)
		}
	}
}

// Results from several repositories cannot share one prefix: compact and
// concise Markdown then give each hit its full URI.
func TestURIsAcrossRepositories(t *testing.T) {
	r := SearchResponse{Results: []SearchResult{
		{RepositoryID: "aaa", FilePath: "x.go", StartLine: 1, EndLine: 2, Content: "x"},
		{RepositoryID: "bbb", FilePath: "x.go", StartLine: 3, EndLine: 4, Content: "y"},
	}, TotalCount: 2}
	text, err := RenderSearch(r, Options{Format: Compact, Detail: Concise})
	if err != nil {
		t.Fatal(err)
	}
	var out compactSearchOut
	if err := json.Unmarshal([]byte(text), &out); err != nil {
		t.Fatal(err)
	}
	if out.U != "" || out.R[0].U != "codeseek://aaa/x.go#L1-L2" || out.R[1].U != "codeseek://bbb/x.go#L3-L4" {
		t.Errorf("compact URIs: %s", text)
	}
	md, err := RenderSearch(r, Options{Format: Markdown, Detail: Concise})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md, "[x.go](codeseek://bbb/x.go#L3-L4)") {
		t.Errorf("markdown URIs:\n%s", md)
	}
}

// Any path round-trips through HitURI and ParseURI, and no input makes
// ParseURI panic.
func FuzzParseURI(f *testing.F) {
	for _, s := range []string{"a.go", "odd dir/a#b?.go", "100%/x.go", "docs/naïve|pipe.md", "#L1", "a/../b"} {
		f.Add(s, 3, 9)
	}
	f.Fuzz(func(t *testing.T, path string, start, end int) {
		ParseURI(path)                    // arbitrary text: an error or a location, never a panic
		ParseURI("codeseek://id/" + path) // as an agent might join it
		if path == "" || start < 1 || end < start || strings.ContainsRune(path, 0) || !utf8.ValidString(path) {
			return
		}
		loc, err := ParseURI(HitURI("id", path, start, end))
		if err != nil || loc != (Location{"id", path, start, end}) {
			t.Errorf("HitURI(%q) parsed to %+v, %v", path, loc, err)
		}
	})
}
