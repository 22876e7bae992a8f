package nav

import (
	"path"
	"path/filepath"
	"strings"
	"sync"
)

// moduleSet tells whether the repository may hold a module an import
// names: by the names of the indexed files' directories and stems. It is
// generous on purpose (a directory "json" anywhere counts for `import
// json`), since a use wrongly taken for a library's loses a true
// reference, while the other way only keeps a match by name.
type moduleSet struct {
	ix    Index
	once  sync.Once
	names map[string]bool
}

func newModuleSet(ix Index) *moduleSet { return &moduleSet{ix: ix} }

// holds reports whether an element of the module's name (`numpy` or
// `linalg` of `numpy.linalg`, `lodash` or `fp` of `lodash/fp`) names a
// directory or file stem of an indexed file, or the repository's own
// directory (a package indexed from inside, whose files import it by its
// name). A relative module is the repository's.
func (m *moduleSet) holds(mod string) bool {
	if mod == "" || strings.HasPrefix(mod, ".") {
		return true
	}
	m.once.Do(func() {
		m.names = map[string]bool{path.Base(filepath.ToSlash(m.ix.Manifest().Meta.Path)): true}
		for _, f := range m.ix.GraphFiles() {
			for _, part := range strings.Split(f.Path, "/") {
				m.names[strings.TrimSuffix(part, path.Ext(part))] = true
			}
		}
	})
	for _, e := range strings.FieldsFunc(mod, func(r rune) bool { return strings.ContainsRune("./#:@", r) }) {
		if m.names[e] {
			return true
		}
	}
	return false
}

// importedOutside reports a name bound by an import of a module the
// repository does not hold (`import sys`, `import numpy as np`,
// `import fs from 'fs'`): what is selected from it (`sys.exit`) is the
// library's, none of the repository's declarations of that name.
func (c useCtx) importedOutside(first string) bool {
	if c.modules == nil {
		return false
	}
	for _, im := range c.imports {
		if im.Name == first && im.Name != "." && im.Name != "_" {
			return !c.modules.holds(im.Path)
		}
	}
	return false
}
