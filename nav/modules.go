package nav

import (
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/codeseek/codeseek/store"
)

// moduleSet tells whether the repository may hold a module an import
// names: by the names of the indexed files' directories and stems. It is
// generous on purpose (a directory "json" anywhere counts for `import
// json`), since a use wrongly taken for a library's loses a true
// reference, while the other way only keeps a match by name.
type moduleSet struct {
	ix   Index
	once sync.Once
	// files are the indexed files; names their directories' and stems'
	// names, true for a directory's; packages packageFile's answers by
	// module.
	files    []store.GraphFile
	names    map[string]bool
	packages map[string]*store.GraphFile
}

func newModuleSet(ix Index) *moduleSet { return &moduleSet{ix: ix} }

// load reads the indexed files once, on first need.
func (m *moduleSet) load() {
	m.once.Do(func() {
		m.files = m.ix.GraphFiles()
		m.names = map[string]bool{path.Base(filepath.ToSlash(m.ix.Manifest().Meta.Path)): true}
		for _, f := range m.files {
			dirs, file := path.Split(f.Path)
			stem := strings.TrimSuffix(file, path.Ext(file))
			if _, ok := m.names[stem]; !ok {
				m.names[stem] = false
			}
			for _, dir := range strings.Split(strings.Trim(dirs, "/"), "/") {
				m.names[dir] = true
			}
		}
		m.packages = map[string]*store.GraphFile{}
	})
}

// holds reports whether an element of the module's name (`numpy` or
// `linalg` of `numpy.linalg`, `lodash` or `fp` of `lodash/fp`) names a
// directory or file stem of an indexed file, or the repository's own
// directory (a package indexed from inside, whose files import it by its
// name). A relative module is the repository's. A JavaScript package
// named bare ('vite', 'node:fs') is a directory (a workspace package), so
// only a directory's name holds it: vitest's vite.ts is no 'vite'.
func (m *moduleSet) holds(mod, lang string) bool {
	mod, _, _ = strings.Cut(mod, "#") // a JavaScript named import's symbol is no module
	if mod == "" || strings.HasPrefix(mod, ".") {
		return true
	}
	m.load()
	pkg := sameFamily(lang, "javascript") && !strings.Contains(mod, "/")
	for _, e := range strings.FieldsFunc(mod, func(r rune) bool { return strings.ContainsRune("./#:@", r) }) {
		if dir, ok := m.names[e]; ok && (dir || !pkg) {
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
			return !c.modules.holds(im.Path, c.file.Language)
		}
	}
	return false
}

// packageFile is the file that is package mod itself (`click` is
// `src/click/__init__.py`, a JavaScript directory's `index.js`), or nil.
// Relative modules, which depend on the importing file, have none here.
func (m *moduleSet) packageFile(from store.GraphFile, mod string) *store.GraphFile {
	if mod == "" || strings.HasPrefix(mod, ".") {
		return nil
	}
	m.load()
	if f, ok := m.packages[mod]; ok {
		return f
	}
	var pkg *store.GraphFile
	for i, f := range m.files {
		stem := strings.TrimSuffix(path.Base(f.Path), path.Ext(f.Path))
		if (stem == "__init__" || stem == "index") && moduleMatches(f, from, mod) {
			pkg = &m.files[i]
			break
		}
	}
	m.packages[mod] = pkg
	return pkg
}

// viaPackage resolves a name a package re-exports: after `import click`,
// click.echo is the echo that click/__init__.py imports (`from .utils
// import echo`), as Python and JavaScript packages publish their API.
func (c useCtx) viaPackage(ix Index, mod string, cands []store.FileDef) (store.FileDef, bool) {
	if c.modules == nil || len(cands) == 0 {
		return store.FileDef{}, false
	}
	pkg := c.modules.packageFile(c.file, mod)
	if pkg == nil {
		return store.FileDef{}, false
	}
	reexported := reexportedBy(ix, *pkg, cands[0].Def.Name)
	if reexported == nil {
		return store.FileDef{}, false
	}
	return pick(cands, reexported)
}

// reexportedBy returns the test for the declaration that package file pkg
// imports as name from one of its modules (`from .utils import echo` in
// click/__init__.py: utils.py's echo), or nil when pkg imports no name.
func reexportedBy(ix Index, pkg store.GraphFile, name string) func(store.FileDef) bool {
	for _, im := range ix.FileImports(pkg.Path) {
		if im.Name != name {
			continue
		}
		from, sym := splitImport(pkg, im.Path, name)
		return func(d store.FileDef) bool {
			return d.Def.Parent == "" && d.Def.Name == sym && moduleMatches(d.GraphFile, pkg, from)
		}
	}
	return nil
}
