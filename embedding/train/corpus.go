package main

import (
	"crypto/sha256"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// srcFile is one file of a source: its path relative to its source root
// (what the indexer would show) and on disk.
type srcFile struct {
	rel, path string
}

// fileMined is what one source file yields.
type fileMined struct {
	hash  [32]byte
	pairs []Pair
	// negs are chunks that answer no mined query.
	negs []CodeRef
}

// mineAll mines every source, workers at a time, and hands each result to
// add in source order, holding at most a few results that arrived early.
// With isolate, each source is mined in a child process, and a source whose
// child fails is skipped and recorded (Source.Skipped).
func mineAll(sources []*Source, h Hyper, workers int, isolate bool, add func(*Source, sourceMined) error) error {
	workers = max(1, workers)
	done := make([]chan sourceMined, len(sources))
	for i := range done {
		done[i] = make(chan sourceMined, 1)
	}
	// window bounds the results mined but not yet added.
	window := make(chan struct{}, 2*workers)
	next := make(chan int)
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		defer close(next)
		for i := range sources {
			select {
			case window <- struct{}{}:
			case <-stop:
				return
			}
			select {
			case next <- i:
			case <-stop:
				return
			}
		}
	}()
	for w := 0; w < workers; w++ {
		go func() {
			for i := range next {
				done[i] <- mineOne(sources[i], h, isolate)
			}
		}()
	}
	for i, s := range sources {
		m := <-done[i]
		<-window
		if err := add(s, m); err != nil {
			return err
		}
	}
	return nil
}

// mineOne mines s, in a child process with isolate.
func mineOne(s *Source, h Hyper, isolate bool) sourceMined {
	if !isolate {
		return mineSource(s, h)
	}
	m, err := mineIsolated(s, h)
	if err != nil {
		s.Skipped = "mining failed: " + err.Error()
		log.Printf("skipping %s %s: %s", s.Name, s.Version, s.Skipped)
	}
	return m
}

// sourceMined is what one source yields: its files, and pairs built from
// the source as a whole (README sections that name its code).
type sourceMined struct {
	files []fileMined
	extra []Pair
}

// mineSource walks a source and mines its files in a stable order.
func mineSource(s *Source, h Hyper) sourceMined {
	var out sourceMined
	files, docs := walkSource(s)
	idx := newSymbolIndex()
	for _, f := range files {
		src, err := os.ReadFile(f.path)
		if err != nil || len(src) > 4<<20 || skippedContent(src) {
			continue
		}
		fm := mineFile(f.rel, src, s, h, idx)
		fm.hash = sha256.Sum256(src)
		out.files = append(out.files, fm)
	}
	out.extra = readmePairs(s, docs, idx)
	addHardNegatives(out, idx, h)
	return out
}

// skipDirs are directories never mined: vendored copies, tests and
// fixtures (shared/TRAINING.md).
var skipDirs = map[string]bool{
	"testdata": true, "vendor": true, "_vendor": true, "third_party": true, "third-party": true,
	"node_modules": true, "bundled": true, "__pycache__": true, "__tests__": true,
}

// testDirs hold tests; they are skipped in Debian packages and the Python
// standard library. The Go sources keep them: their _test.go files are the
// negatives of the first model.
var testDirs = map[string]bool{"test": true, "tests": true, "spec": true}

// walkSource lists a source's code files and README documents, sorted.
func walkSource(s *Source) (code, docs []srcFile) {
	roots := []string{s.Root}
	if s.Kind == "deb" {
		roots = roots[:0]
		for _, d := range debSourceDirs {
			if st, err := os.Stat(filepath.Join(s.Root, d)); err == nil && st.IsDir() {
				roots = append(roots, filepath.Join(s.Root, d))
			}
		}
	}
	skipTests := s.Kind == "deb" || s.Kind == "pystd"
	for _, root := range roots {
		_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			rel, _ := filepath.Rel(root, path)
			rel = filepath.ToSlash(rel)
			if d.IsDir() {
				base := d.Name()
				if path == root {
					return nil
				}
				if skipDirs[base] || strings.HasPrefix(base, ".") || (skipTests && testDirs[base]) {
					return filepath.SkipDir
				}
				if s.Kind == "pystd" && (rel == "idlelib" || rel == "site-packages" ||
					rel == "lib-dynload" || strings.HasPrefix(rel, "config-")) {
					return filepath.SkipDir
				}
				return nil
			}
			if !d.Type().IsRegular() {
				return nil
			}
			switch {
			case isReadme(d.Name()):
				docs = append(docs, srcFile{rel, path})
			case fileLang(path) != "" || strings.HasSuffix(path, "_test.go"):
				code = append(code, srcFile{rel, path})
			}
			return nil
		})
	}
	byRel := func(a, b srcFile) int { return strings.Compare(a.path, b.path) }
	slices.SortFunc(code, byRel)
	slices.SortFunc(docs, byRel)
	return code, docs
}

func isReadme(name string) bool {
	low := strings.ToLower(name)
	return strings.HasPrefix(low, "readme") && (strings.HasSuffix(low, ".md") || strings.HasSuffix(low, ".rst") ||
		strings.HasSuffix(low, ".markdown") || low == "readme" || strings.HasSuffix(low, ".txt"))
}

// skippedContent reports generated and minified files.
func skippedContent(src []byte) bool {
	head := src[:min(len(src), 2048)]
	for _, m := range []string{"Code generated", "DO NOT EDIT", "@generated", "autogenerated", "auto-generated", "Generated by"} {
		if strings.Contains(string(head), m) {
			return true
		}
	}
	// Minified: very long lines on average.
	lines := 1 + strings.Count(string(src), "\n")
	return len(src) > 2000 && len(src)/lines > 300
}
