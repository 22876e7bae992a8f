package main

import (
	"crypto/sha256"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
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

// mineAll mines every source, workers at a time, and merges the results in
// source order. A file whose content an earlier file (of any source)
// already had is skipped: Debian ships many versions of one library. With
// isolate, each source is mined in a child process, and a source whose
// child fails is skipped and recorded (Source.Skipped).
func mineAll(sources []*Source, h Hyper, workers int, isolate bool) ([]Pair, map[string][]CodeRef) {
	results := make([]sourceMined, len(sources))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < max(1, workers); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if !isolate {
					results[i] = mineSource(sources[i], h)
					continue
				}
				var err error
				if results[i], err = mineIsolated(sources[i], h); err != nil {
					sources[i].Skipped = "mining failed: " + err.Error()
					log.Printf("skipping %s %s: %s", sources[i].Name, sources[i].Version, sources[i].Skipped)
				}
			}
		}()
	}
	for i := range sources {
		next <- i
	}
	close(next)
	wg.Wait()
	seen := map[[32]byte]bool{}
	var pairs []Pair
	negTexts := map[string][]CodeRef{}
	for i, s := range sources {
		var ps []Pair
		var ns []CodeRef
		s.Files = 0
		for _, f := range results[i].files {
			if seen[f.hash] {
				continue
			}
			seen[f.hash] = true
			s.Files++
			ps = append(ps, f.pairs...)
			ns = append(ns, f.negs...)
		}
		ps = append(ps, results[i].extra...)
		s.Negatives = len(ns)
		log.Printf("%-45s %-24s %6d files %7d pairs %7d negatives", s.Name, s.Version, s.Files, len(ps), len(ns))
		pairs = append(pairs, ps...)
		negTexts[s.Name] = ns
	}
	return pairs, negTexts
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
