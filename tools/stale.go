package tools

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/codeseek/codeseek/indexer"
	"github.com/codeseek/codeseek/store"
)

// maxStaleChecked bounds the files of one answer whose freshness is
// checked: a stat each.
const maxStaleChecked = 200

// staleWarning names the files among an answer's paths that changed
// since the last index run (size, or time and content, differ from the
// index's record of them): navigation answers come from the index, so
// their lines and text in those files are the lines they had then. A file
// only touched (a checkout, a formatter that changed nothing) is read
// and hashed once to tell.
func staleWarning(m *store.Manifest, paths []string) string {
	if m == nil || m.Meta.Path == "" {
		return ""
	}
	var stale []string
	seen := map[string]bool{}
	for _, p := range paths {
		if seen[p] || len(seen) >= maxStaleChecked {
			continue
		}
		seen[p] = true
		f, ok := m.File(p)
		if !ok {
			continue
		}
		full := filepath.Join(m.Meta.Path, filepath.FromSlash(p))
		fi, err := os.Stat(full)
		if err != nil || fi.Size() != f.Size || !fi.ModTime().Equal(f.ModTime) && !sameContent(full, m.Meta.Path, f.Hash) {
			stale = append(stale, p)
		}
	}
	if len(stale) == 0 {
		return ""
	}
	return fmt.Sprintf("%d file(s) in this answer changed since the last index run (%s): their lines are the lines they had then; run index_repository for the current ones",
		len(stale), strings.Join(stale[:min(len(stale), 3)], ", ")+more(len(stale)-3))
}

// sameContent reports whether the file at path still has the content the
// index hashed.
func sameContent(path, root string, hash uint64) bool {
	raw, err := indexer.ReadFile(path, indexer.ReadOptions{Root: root})
	return err == nil && indexer.Hash(raw) == hash
}
