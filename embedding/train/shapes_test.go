package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestIdentQuery(t *testing.T) {
	for sym, want := range map[string]string{
		"ParseDuration": "parse duration", "Server.Close": "close server", "read_all_lines": "read all lines",
		"HTTP_TIMEOUT": "", "Close": "", "ab": "", "parseHTTPHeader": "parse http header",
	} {
		if got := identQuery(sym); got != want {
			t.Errorf("identQuery(%q) = %q, want %q", sym, got, want)
		}
	}
}

// TestFileWordsSplitLikeTheFeaturizer: a name's words are the featurizer's
// words, so a pair's query and the code it names share features.
func TestFileWordsSplitLikeTheFeaturizer(t *testing.T) {
	for rel, want := range map[string]string{
		"src/retry_policy.py": "retry policy", "lib/Zip+arity.swift": "zip arity", "x/HTTPClientV2.go": "http client v 2",
		"web/user-profile.component.ts": "user profile", "utils.go": "", "größeBerechnen.rs": "größe berechnen",
	} {
		if got := fileWords(rel); got != want {
			t.Errorf("fileWords(%q) = %q, want %q", rel, got, want)
		}
	}
}

func TestQuestionFrom(t *testing.T) {
	seen := map[string]bool{}
	for seed := uint64(0); seed < 40; seed++ {
		q := questionFrom("Parses the duration string. It accepts units.", "ParseDuration", seed)
		if !strings.Contains(q, "the duration string") {
			t.Fatalf("seed %d: %q does not keep the object", seed, q)
		}
		seen[strings.Fields(q)[0]] = true
	}
	for _, start := range []string{"where", "how", "which"} {
		if !seen[start] {
			t.Errorf("no %q question in 40 seeds: %v", start, seen)
		}
	}
	if q := questionFrom("The duration parser used everywhere.", "ParseDuration", 1); q != "how does parse duration work" {
		t.Errorf("a doc with no leading verb gave %q", q)
	}
	if q := questionFrom("Status of the thing here.", "", 1); q != "" {
		t.Errorf("no verb and no name gave %q", q)
	}
}

func TestBaseVerb(t *testing.T) {
	for w, want := range map[string]string{"parses": "parse", "applies": "apply", "matches": "match", "returns": "return",
		"status": "", "class": "", "Returns": "", "does": "do", "a2s": ""} {
		if got := baseVerb(w); got != want {
			t.Errorf("baseVerb(%q) = %q, want %q", w, got, want)
		}
	}
}

func TestFileDoc(t *testing.T) {
	for _, c := range []struct{ path, lang, src, want string }{
		{"a/dur.go", "go", "// Package dur parses and formats time spans.\npackage dur\n", "parses and formats time spans."},
		{"m.py", "python", "#!/usr/bin/env python\n\"\"\"Helpers for retrying HTTP requests.\n\nMore.\n\"\"\"\nimport os\n", "Helpers for retrying HTTP requests."},
		{"src/lib.rs", "rust", "//! Fast regular expression parsing for Rust programs.\n//!\n//! More.\nuse std::fmt;\n", "Fast regular expression parsing for Rust programs."},
		{"x.h", "c", "/* Copyright 2020 A. Licensed under MIT. */\n#include <a.h>\n", ""},
		{"y.js", "javascript", "const a = 1;\n// not a header comment at all here\n", ""},
	} {
		got, r := fileDoc(c.path, []byte(c.src), c.lang)
		if got != c.want {
			t.Errorf("fileDoc(%s) = %q, want %q", c.path, got, c.want)
		}
		if got != "" && r.from < 1 {
			t.Errorf("fileDoc(%s) gave no lines", c.path)
		}
	}
}

// durSrc's functions are long enough to get a chunk each.
var durSrc = strings.ReplaceAll(`// Package dur parses and formats time spans for config files.
package dur

// ParseDuration parses a duration string such as "3h" into seconds.
func ParseDuration(s string) int {
	n := len(s)
	return n * 3600
}

func ParseTime(s string) int {
	n := len(s)
	return n
}

func FormatDuration(n int) string {
	s := ""
	return s
}
`, "\tn := len(s)\n", strings.Repeat("\tn := len(s) + 1 // a line of filler code to grow the body\n", 30))

// TestMineSourceShapes mines a tiny source with a README and checks that
// every shape appears, pointing at the right code, with hard negatives
// that are other declarations.
func TestMineSourceShapes(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "duration.go"), []byte(durSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	readme := "# dur\n\n## Parsing spans\n\nUse `ParseDuration` to read a span from a config file.\n"
	if err := os.WriteFile(filepath.Join(root, "README.md"), []byte(readme), 0o644); err != nil {
		t.Fatal(err)
	}
	h := Hyper{Seed: 1, HardPerPair: 2}
	sm := mineSource(&Source{Kind: "gomod", Name: "dur", Root: root}, h)
	var pairs []Pair
	for _, f := range sm.files {
		pairs = append(pairs, f.pairs...)
	}
	pairs = append(pairs, sm.extra...)
	byShape := map[string][]Pair{}
	for _, p := range pairs {
		byShape[p.Shape] = append(byShape[p.Shape], p)
		if p.Target == 0 || p.Source != "dur" || p.Lang != "go" {
			t.Errorf("pair %q: target %d source %q lang %q", p.Query, p.Target, p.Source, p.Lang)
		}
	}
	want := map[string]string{
		shapeDocstring: "parses a duration string such as \"3h\" into seconds.",
		shapeFileDoc:   "parses and formats time spans for config files.",
		shapeReadme:    "Parsing spans. Use `ParseDuration` to read a span from a config file.",
	}
	for shape, q := range want {
		if len(byShape[shape]) == 0 || byShape[shape][0].Query != q {
			t.Errorf("%s pairs = %+v, want query %q", shape, byShape[shape], q)
		}
	}
	if !strings.Contains(byShape[shapeReadme][0].Code, "func ParseDuration") {
		t.Errorf("the README pair points at %q, want ParseDuration", byShape[shapeReadme][0].Code)
	}
	idents := map[string]bool{}
	for _, p := range byShape[shapeIdent] {
		idents[p.Query] = true
	}
	for _, q := range []string{"parse duration", "parse time", "format duration"} {
		if !idents[q] {
			t.Errorf("no ident pair %q in %v", q, idents)
		}
	}
	if len(byShape[shapeQuestion]) == 0 {
		t.Error("no question pairs")
	}
	for _, p := range byShape[shapeDocstring] {
		if len(p.Hard) == 0 {
			t.Fatalf("the ParseDuration pair has no hard negatives")
		}
		for _, hn := range p.Hard {
			if hn.Target == p.Target || strings.Contains(hn.Code, "func ParseDuration") {
				t.Errorf("hard negative is the answer itself: %q", hn.Code)
			}
			if !strings.Contains(hn.Code, "ParseTime") && !strings.Contains(hn.Code, "FormatDuration") {
				t.Errorf("hard negative %q shares no name word with ParseDuration", hn.Code)
			}
		}
	}
}
