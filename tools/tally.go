package tools

import (
	"sort"
	"strings"

	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/indexer"
)

// tally counts what an index run's changed files hold as they stream
// past, for its report: the files themselves are not kept.
type tally struct {
	changed map[string]bool
	chunks  int
	tokens  int
	secrets int // files with secrets redacted
	dirs    map[string]*formatter.DirStat
}

func newTally() *tally {
	return &tally{changed: map[string]bool{}, dirs: map[string]*formatter.DirStat{}}
}

func (t *tally) add(fs []indexer.FileChunks) {
	for _, f := range fs {
		t.changed[f.File.Path] = true
		t.chunks += len(f.Chunks)
		if f.Secrets > 0 {
			t.secrets++
		}
		for _, c := range f.Chunks {
			t.tokens += (len(indexer.EmbedText(f.File.Path, c)) + 3) / 4
		}
		if len(f.Chunks) > 0 {
			st := t.dir(f.File.Path)
			st.Files++
			st.Chunks += len(f.Chunks)
		}
	}
}

// dir is the tally of path's directory, cut to two levels
// ("node_modules/lodash", "src/server"; "." for the root): deep enough to
// name the culprit, shallow enough not to scatter it.
func (t *tally) dir(path string) *formatter.DirStat {
	dir := "."
	if parts := strings.Split(path, "/"); len(parts) > 1 {
		dir = strings.Join(parts[:min(2, len(parts)-1)], "/")
	}
	st := t.dirs[dir]
	if st == nil {
		st = &formatter.DirStat{Dir: dir}
		t.dirs[dir] = st
	}
	return st
}

// biggestDirs lists the n directories with the most chunks, for a dry
// run: users can ignore build output or vendored code before paying for it.
func (t *tally) biggestDirs(n int) []formatter.DirStat {
	out := make([]formatter.DirStat, 0, len(t.dirs))
	for _, st := range t.dirs {
		out = append(out, *st)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Chunks != out[j].Chunks {
			return out[i].Chunks > out[j].Chunks
		}
		return out[i].Dir < out[j].Dir
	})
	return out[:min(n, len(out))]
}
