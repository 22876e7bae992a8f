package main

import (
	"fmt"
	"slices"
	"testing"
)

func TestPickGroupsSizesFamiliesAndSeed(t *testing.T) {
	names := []string{
		"librust-serde-dev", "librust-serde+derive-dev", "librust-foo-0.3-dev", "librust-foo-dev",
		"golang-github-a-b-dev", "python3-x", "python3-tiny", "python3-huge", "node-y", "ruby-z", "php-w",
		"libzstd-dev", "libghc-text-dev", "libfoo-ocaml-dev", "libdb5.3-java-dev", "libbar-perl",
	}
	info := map[string]pkgInfo{}
	for _, n := range names {
		info[n] = pkgInfo{version: "1.0-1", kb: 100}
	}
	info["python3-tiny"] = pkgInfo{version: "1.0-1", kb: 2}
	info["python3-huge"] = pkgInfo{version: "1.0-1", kb: 90000}
	per := map[string]int{"rust": 10, "go": 10, "python": 10, "javascript": 10, "ruby": 10, "php": 10, "c": 10}
	got := map[string][]string{}
	for _, g := range pick(names, info, per, 1, 20, 20000) {
		got[g.lang] = g.pkgs
	}
	want := map[string][]string{
		"go": {"golang-github-a-b-dev"}, "python": {"python3-x"}, "javascript": {"node-y"},
		"ruby": {"ruby-z"}, "php": {"php-w"}, "c": {"libzstd-dev"},
	}
	for lang, w := range want {
		if !slices.Equal(got[lang], w) {
			t.Errorf("%s: picked %v, want %v", lang, got[lang], w)
		}
	}
	// One of the two foo versions, serde once, no feature metapackage.
	if r := got["rust"]; len(r) != 2 || !slices.Contains(r, "librust-serde-dev") {
		t.Errorf("rust: picked %v, want serde and one foo", r)
	}

	// The choice under a per-language cap is set by the seed alone.
	var many []string
	for i := 0; i < 50; i++ {
		many = append(many, fmt.Sprintf("python3-pkg%c%c", 'a'+i%26, 'a'+i/26))
	}
	for _, n := range many {
		info[n] = pkgInfo{version: "1", kb: 50}
	}
	first := pick(many, info, map[string]int{"python": 5}, 7, 20, 20000)
	again := pick(many, info, map[string]int{"python": 5}, 7, 20, 20000)
	other := pick(many, info, map[string]int{"python": 5}, 8, 20, 20000)
	if !slices.Equal(first[2].pkgs, again[2].pkgs) || len(first[2].pkgs) != 5 {
		t.Errorf("same seed picked %v then %v", first[2].pkgs, again[2].pkgs)
	}
	if slices.Equal(first[2].pkgs, other[2].pkgs) {
		t.Errorf("seeds 7 and 8 picked the same %v", first[2].pkgs)
	}
}
