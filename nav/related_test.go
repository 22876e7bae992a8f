package nav

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/store"
)

// A test that repeats a function's code is the most similar chunk there
// is, yet no answer to "what else does this": it follows the project's
// code. From a test, other tests are what is related, and keep their
// place.
func TestRelatedPutsTestsAfterCode(t *testing.T) {
	const fn = "func Parse(text string) (int, error) {\n\treturn strconv.Atoi(text)\n}\n"
	ix := testIndex(t, map[string]string{
		"conv/parse.go":      "package conv\n\nimport \"strconv\"\n\n" + fn + "\nfunc Other() {}\n",
		"conv/parse_test.go": "package conv\n\nimport \"strconv\"\n\n" + fn,
		"util/atoi.go":       "package util\n\nimport \"strconv\"\n\nfunc Atoi(s string) (int, error) {\n\treturn strconv.Atoi(s)\n}\n",
	})
	_, hits, err := Related(context.Background(), ix, "conv/parse.go", 5, 10, store.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, h := range hits {
		paths = append(paths, h.Chunk.FilePath)
	}
	if len(paths) == 0 || paths[len(paths)-1] != "conv/parse_test.go" || paths[0] != "util/atoi.go" {
		t.Errorf("related to Parse: %v, want util/atoi.go first and the test last", paths)
	}
	_, hits, err = Related(context.Background(), ix, "conv/parse_test.go", 5, 10, store.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) == 0 || hits[0].Chunk.FilePath != "conv/parse.go" {
		t.Errorf("related to the test: %v, want conv/parse.go (its twin) first", hits)
	}
}

// A large file whose own chunks fill the nearest few dozen still yields
// the chunks of other files first, at any limit.
func TestRelatedLooksPastALargeFile(t *testing.T) {
	var big strings.Builder
	big.WriteString("package text\n\nimport \"strings\"\n")
	for i := range 80 {
		fmt.Fprintf(&big, "\n// Upper%d upper-cases s.\nfunc Upper%d(s string) string {\n", i, i)
		for range 10 {
			big.WriteString("\ts = strings.ToUpper(strings.TrimSpace(s))\n")
		}
		big.WriteString("\treturn s\n}\n")
	}
	ix := testIndex(t, map[string]string{
		"text/upper.go": big.String(),
		"util/shout.go": "package util\n\nimport \"strings\"\n\n// Shout upper-cases s.\nfunc Shout(s string) string {\n\treturn strings.ToUpper(strings.TrimSpace(s))\n}\n",
	})
	_, hits, err := Related(context.Background(), ix, "text/upper.go", 7, 2, store.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(hits) == 0 || hits[0].Chunk.FilePath != "util/shout.go" {
		var paths []string
		for _, h := range hits {
			paths = append(paths, h.Chunk.FilePath)
		}
		t.Errorf("related at limit 2: %v, want util/shout.go first", paths)
	}
}

// An import block is like every other file's and does nothing: it is no
// relative of a function.
func TestRelatedLeavesOutImportBlocks(t *testing.T) {
	var imports strings.Builder
	imports.WriteString("package util\n\nimport (\n")
	for _, p := range []string{"context", "errors", "fmt", "io", "net/http", "os", "sort", "strconv", "strings", "sync", "time", "unicode"} {
		fmt.Fprintf(&imports, "\t%q\n", p)
	}
	imports.WriteString(")\n\n")
	// One long function after the imports leaves the block a chunk of
	// its own.
	imports.WriteString("// Long does many different things.\nfunc Long(x int) int {\n")
	for i := range 300 {
		fmt.Fprintf(&imports, "\tif x > %d {\n\t\tx = x*%d - %d\n\t}\n", i, i+1, i)
	}
	imports.WriteString("\treturn x\n}\n")
	ix := testIndex(t, map[string]string{
		"util/many.go": imports.String(),
		"net/handler.go": "package net\n\nimport (\n\t\"fmt\"\n\t\"net/http\"\n\t\"strings\"\n)\n\n// Handle writes the greeting.\n" +
			"func Handle(w http.ResponseWriter, r *http.Request) {\n\tfmt.Fprintln(w, strings.ToUpper(r.URL.Path))\n}\n",
	})
	_, hits, err := Related(context.Background(), ix, "net/handler.go", 11, 50, store.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range hits {
		if h.Chunk.SymbolKind == "imports" {
			t.Errorf("related to Handle: the import block %s:%d-%d", h.Chunk.FilePath, h.Chunk.StartLine, h.Chunk.EndLine)
		}
	}
}

// Byte-identical copies of a chunk (a file copied per platform) are one
// related chunk naming the others, and a chunk of another language (a
// docs generator's HTML page about the function) comes after the code.
func TestRelatedNamesCopiesOnce(t *testing.T) {
	const helper = "func Retry(send func() error, attempts int) error {\n\tvar err error\n\tfor i := 0; i < attempts; i++ {\n\t\tif err = send(); err == nil {\n\t\t\treturn nil\n\t\t}\n\t}\n\treturn err\n}\n"
	ix := testIndex(t, map[string]string{
		"net/retry.go":          "package net\n\n" + strings.Replace(helper, "Retry", "Upload", 1),
		"sync/linux/retry.go":   "package retry\n\n" + helper,
		"sync/darwin/retry.go":  "package retry\n\n" + helper,
		"sync/windows/retry.go": "package retry\n\n" + helper,
		"docs/retry.html":       "<html><body><h1>Retry</h1><pre>" + helper + "</pre></body></html>\n",
	})
	_, hits, err := Related(context.Background(), ix, "net/retry.go", 3, 10, store.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, h := range hits {
		got = append(got, fmt.Sprintf("%s+%d", h.Chunk.FilePath, len(h.Copies)))
	}
	if len(hits) < 1 || !strings.HasPrefix(hits[0].Chunk.FilePath, "sync/") || len(hits[0].Copies) != 2 {
		t.Errorf("related: %v, want one sync/ copy first naming the other two", got)
	}
	for i, h := range hits {
		if h.Chunk.FilePath == "docs/retry.html" && i != len(hits)-1 {
			t.Errorf("related: %v, want the HTML page last", got)
		}
	}
}

// A line in no declaration (a licence header) has nothing related but
// other files' headers: the answer says so. A script without
// declarations still has its code compared.
func TestRelatedAtALineInNoDeclaration(t *testing.T) {
	const header = "// Copyright 2024 The Authors. All rights reserved.\n// Use of this source code is governed by the MIT license.\n\n"
	var fns strings.Builder
	for i := range 12 {
		fmt.Fprintf(&fns, "// Get%d returns a value.\nfunc Get%d(k string) string {\n", i, i)
		for j := range 12 {
			fmt.Fprintf(&fns, "\tk = strings.Repeat(k, %d) + \"value number %d of the getter\"\n", j, j)
		}
		fns.WriteString("\treturn k\n}\n\n")
	}
	ix := testIndex(t, map[string]string{
		"context.go": header + "package gin\n\nimport \"strings\"\n\n" + fns.String(),
		"binding.go": header + "package gin\n\n// Bind binds.\nfunc Bind(k string) string {\n\treturn k\n}\n",
		"deploy.sh":  "set -e\nmake build\ncp bin/app /srv/app\nsystemctl restart app\n",
		"release.sh": "set -e\nmake release\ncp bin/app /srv/app\n",
	})
	if _, _, err := Related(context.Background(), ix, "context.go", 1, 10, store.Filter{}); !errors.Is(err, ErrNoPosition) || !strings.Contains(err.Error(), "in no declaration") {
		t.Errorf("related at the licence header: %v, want an error saying the line is in no declaration", err)
	}
	if _, hits, err := Related(context.Background(), ix, "deploy.sh", 2, 10, store.Filter{}); err != nil || len(hits) == 0 {
		t.Errorf("related in a script: %v (%d hits), want its neighbours", err, len(hits))
	}
}
