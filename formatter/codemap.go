package formatter

import (
	"errors"
	"fmt"
	"path"
	"sort"
	"strings"
)

// RenderCodeMap renders a code_map answer. r lists every file in order of
// importance with all its declarations, most important first; under
// o.MaxTokens the answer keeps the most important declarations that fit
// (by Rank, across files), counts what each listed file left out, and
// folds the files left out entirely into counts per directory, so the
// answer never exceeds the budget.
func RenderCodeMap(r CodeMapResponse, o Options) (string, error) {
	o, err := o.normalize()
	if err != nil {
		return "", err
	}
	kept, err := FitCodeMap(r, o.MaxTokens, func(rr CodeMapResponse) (string, error) { return codeMapFormats.render(rr, o.measured()) })
	if err != nil {
		return "", err
	}
	return codeMapFormats.render(kept, o)
}

// FitCodeMap is the map RenderCodeMap draws under a budget, for every
// renderer (the CLI's terminal view too), so every rendering of a map
// keeps the same declarations: measure draws a map as the budget counts
// it, and the answer is the map of the most important declarations whose
// drawing fits maxTokens (everything when maxTokens is not positive).
func FitCodeMap(r CodeMapResponse, maxTokens int, measure func(CodeMapResponse) (string, error)) (CodeMapResponse, error) {
	type item struct{ file, sym int }
	var items []item
	for fi, f := range r.Files {
		for si := range f.Symbols {
			items = append(items, item{fi, si})
		}
	}
	sort.SliceStable(items, func(i, j int) bool {
		return r.Files[items[i].file].Symbols[items[i].sym].Rank > r.Files[items[j].file].Symbols[items[j].sym].Rank
	})
	prefix := func(k int) CodeMapResponse {
		keep := make([]map[int]bool, len(r.Files))
		for _, it := range items[:k] {
			if keep[it.file] == nil {
				keep[it.file] = map[int]bool{}
			}
			keep[it.file][it.sym] = true
		}
		rr := r
		rr.Files, rr.Folded = nil, nil
		// A folded directory stands where its most important file would:
		// r.Files is in order of importance (the project's own code before
		// tests, stubs and vendored copies), and a count of symbols would
		// put a vendored tree of stubs first.
		folded := map[string]int{}
		for fi, f := range r.Files {
			if keep[fi] == nil && (len(f.Symbols) > 0 || k < len(items)) {
				dir := foldDir(r.Directory, f.FilePath)
				i, ok := folded[dir]
				if !ok {
					i = len(rr.Folded)
					folded[dir] = i
					rr.Folded = append(rr.Folded, MapFolded{Dir: dir})
				}
				rr.Folded[i].Files++
				rr.Folded[i].Symbols += len(f.Symbols)
				continue
			}
			nf := MapFile{FilePath: f.FilePath}
			for si, s := range f.Symbols {
				if keep[fi][si] {
					nf.Symbols = append(nf.Symbols, s)
				}
			}
			nf.More = len(f.Symbols) - len(nf.Symbols) + f.More
			rr.Files = append(rr.Files, nf)
		}
		if len(rr.Folded) > maxFoldedDirs {
			// A tree of dozens of modules (okhttp's 31) would spend a
			// small budget on counts alone: the least important
			// directories are one line of the warning.
			var files, symbols int
			for _, f := range rr.Folded[maxFoldedDirs:] {
				files, symbols = files+f.Files, symbols+f.Symbols
			}
			more := fmt.Sprintf("%s folded (%s, %s): pass one as directory to map it",
				plural(len(rr.Folded)-maxFoldedDirs, "more directory", "more directories"),
				plural(files, "file", "files"), plural(symbols, "declaration", "declarations"))
			rr.Folded = rr.Folded[:maxFoldedDirs]
			if rr.Warning != "" {
				more = rr.Warning + "; " + more
			}
			rr.Warning = more
		}
		return rr
	}
	if maxTokens <= 0 {
		return prefix(len(items)), nil
	}
	// A declaration's row costs well over four tokens, so no more than
	// MaxTokens/4 of them can fit: the search need not render more.
	k, err := fitPrefix(min(len(items), maxTokens/4), maxTokens, func(k int) (string, error) { return measure(prefix(k)) })
	if err != nil {
		return CodeMapResponse{}, err
	}
	kept := prefix(k)
	if fits, err := fitsBudget(measure, kept, maxTokens); err != nil || fits {
		return kept, err
	}
	// Even the folded counts do not fit: say so in the fewest tokens.
	kept = CodeMapResponse{RepositoryID: r.RepositoryID, Directory: r.Directory, TotalFiles: r.TotalFiles, TotalSymbols: r.TotalSymbols,
		Warning: "the map does not fit max_tokens: raise max_tokens or pass a smaller directory"}
	if fits, err := fitsBudget(measure, kept, maxTokens); err != nil || !fits {
		if err == nil {
			err = fmt.Errorf("%w: max_tokens=%d cannot hold even the map's counts", ErrBudgetTooSmall, maxTokens)
		}
		return CodeMapResponse{}, err
	}
	return kept, nil
}

// fitsBudget reports whether measure's drawing of r fits maxTokens.
func fitsBudget(measure func(CodeMapResponse) (string, error), r CodeMapResponse, maxTokens int) (bool, error) {
	s, err := measure(r)
	if err != nil {
		return false, err
	}
	n, err := CountTokens(s)
	return err == nil && n <= maxTokens, err
}

// maxFoldedDirs bounds the folded directories a map lists one by one.
const maxFoldedDirs = 8

// ErrBudgetTooSmall is wrapped by the error of a rendering whose smallest
// possible answer does not fit max_tokens: it is returned instead of an
// answer over the budget.
var ErrBudgetTooSmall = errors.New("max_tokens is too small")

// foldDir is the directory a left-out file is counted under: the first
// level below the map's directory.
func foldDir(root, file string) string {
	rel := file
	if root != "" && root != "." {
		rel = strings.TrimPrefix(file, root+"/")
	}
	dir := path.Dir(rel)
	if dir == "." {
		return joinDir(root, "")
	}
	first, _, _ := strings.Cut(dir, "/")
	return joinDir(root, first)
}

func joinDir(root, sub string) string {
	switch {
	case root == "" || root == ".":
		if sub == "" {
			return "."
		}
		return sub
	case sub == "":
		return root
	}
	return root + "/" + sub
}
