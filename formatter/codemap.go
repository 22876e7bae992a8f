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
	return FitCodeMap(r, o.MaxTokens, func(rr CodeMapResponse) (string, error) { return codeMapFormats.render(rr, o) })
}

// FitCodeMap is RenderCodeMap for a renderer of another package (the
// CLI's terminal view), so every rendering of a map keeps the same
// declarations under a budget: render draws a map, and the answer is the
// rendering of the most important declarations whose rendering fits
// maxTokens (everything when maxTokens is not positive).
func FitCodeMap(r CodeMapResponse, maxTokens int, render func(CodeMapResponse) (string, error)) (string, error) {
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
	prefix := func(k int) (string, error) {
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
		return render(rr)
	}
	if maxTokens <= 0 {
		return prefix(len(items))
	}
	// A declaration's row costs well over four tokens, so no more than
	// MaxTokens/4 of them can fit: the search need not render more.
	s, err := fitPrefix(min(len(items), maxTokens/4), maxTokens, prefix)
	if err != nil {
		return "", err
	}
	if n, err := CountTokens(s); err != nil || n <= maxTokens {
		return s, err
	}
	// Even the folded counts do not fit: say so in the fewest tokens.
	rr := CodeMapResponse{RepositoryID: r.RepositoryID, Directory: r.Directory, TotalFiles: r.TotalFiles, TotalSymbols: r.TotalSymbols,
		Warning: "the map does not fit max_tokens: raise max_tokens or pass a smaller directory"}
	if s, err = render(rr); err != nil {
		return "", err
	}
	if n, err := CountTokens(s); err != nil || n > maxTokens {
		return "", fmt.Errorf("%w: max_tokens=%d cannot hold even the map's counts (%d tokens)", ErrBudgetTooSmall, maxTokens, n)
	}
	return s, nil
}

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
