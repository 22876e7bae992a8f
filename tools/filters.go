package tools

import (
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/store"
)

// maxExtLen bounds what can pass for a file extension in file_type.
const maxExtLen = 16

// cleanDirectory checks and normalises the directory filter: relative to
// the repository root and inside it. A silently empty answer to
// "../.." or "/etc" would look like "nothing matches" instead of "wrong
// argument".
func cleanDirectory(raw string) (string, error) {
	d := filepath.ToSlash(strings.TrimSpace(raw))
	if d == "" {
		return "", nil
	}
	if strings.HasPrefix(d, "/") || filepath.IsAbs(raw) || filepath.VolumeName(raw) != "" {
		return "", argErrorf("directory", "%q is an absolute path: pass a directory relative to the repository root, such as \"internal/server\"", raw)
	}
	c := path.Clean(d)
	if c == ".." || strings.HasPrefix(c, "../") {
		return "", argErrorf("directory", "%q leaves the repository: pass a directory inside it, relative to its root, such as \"internal/server\"", raw)
	}
	if c == "." {
		return "", nil
	}
	return c, nil
}

// checkFileType accepts a language name or something shaped like a file
// extension ("go", ".py", "c++").
func checkFileType(raw string) error {
	f := strings.ToLower(strings.TrimSpace(raw))
	if f == "" || slices.Contains(chunker.Languages(), f) {
		return nil
	}
	ext := strings.TrimPrefix(f, ".")
	if ext != "" && len(ext) <= maxExtLen && strings.IndexFunc(ext, notExtRune) < 0 {
		return nil
	}
	return argErrorf("file_type", "%q is neither a language nor a file extension: pass an extension (\"go\", \".py\") or one of the languages %s",
		raw, strings.Join(chunker.Languages(), ", "))
}

func notExtRune(r rune) bool {
	return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '+' || r == '_' || r == '-')
}

// checkFiltersMatch refuses a directory or extension filter that no
// indexed file of the searched repositories matches: the client almost
// certainly mistyped it, and an empty answer would not say so.
func checkFiltersMatch(indexes []store.Searcher, p SearchParams) error {
	ft := strings.ToLower(strings.TrimSpace(p.FileType))
	checkExt := ft != "" && !slices.Contains(chunker.Languages(), ft)
	ext := "." + strings.TrimPrefix(ft, ".")
	dirFound, extFound := p.Directory == "", !checkExt
	prefix := p.Directory + "/"
	for _, ix := range indexes {
		for _, f := range ix.Manifest().Files {
			if !dirFound && (strings.HasPrefix(f.Path, prefix) || f.Path == p.Directory) {
				dirFound = true
			}
			if !extFound && strings.EqualFold(path.Ext(f.Path), ext) {
				extFound = true
			}
			if dirFound && extFound {
				return nil
			}
		}
	}
	if !dirFound {
		return argErrorf("directory", "no indexed file lies under %q in the repositories searched: pass a repository-relative directory that exists, as result file_path values show it", p.Directory)
	}
	return argErrorf("file_type", "no indexed file has the extension %q in the repositories searched: pass an extension they have, or one of the languages %s",
		ext, strings.Join(chunker.Languages(), ", "))
}
