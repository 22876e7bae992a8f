package nav

import (
	"math"
	"path"
	"slices"
	"sort"
	"strings"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/internal/pathclass"
	"github.com/codeseek/codeseek/store"
)

// A code map ranks a repository's files and declarations by how much the
// rest of the repository uses them, as aider's repository map does: the
// files form a graph whose edges go from a file that uses a name to the
// files that declare it, PageRank orders the files, and each file passes
// its rank on to the declarations it uses. Names declared in many files
// (String, Close, init) say little about which one is meant and are left
// out of the graph.

// maxDeclarers is the most files a name may be declared in and still link
// its users to its declarations; maxMemberDeclarers the same for a member
// name, whose uses (w.Write, x.Close) say even less about which type is
// meant.
const (
	maxDeclarers       = 12
	maxMemberDeclarers = 3
)

// MapSymbol is a declaration in a code map.
type MapSymbol struct {
	Def chunker.Def
	// References estimates the uses across the repository: the uses of
	// the name outside its file, shared among the files declaring it.
	References int
	Rank       float64
}

// MapFile is a file in a code map with its declarations, most important
// first.
type MapFile struct {
	Path     string
	Language string
	Rank     float64
	// Aside is a file pathclass sets aside (a test, example, benchmark,
	// mock, vendored copy, generated file or type stub), or a Go file
	// that only a custom build tag builds (gin's `//go:build nomsgpack`
	// variant of binding.go): a map is about
	// the code itself, so these follow the project's own files and their
	// declarations follow its declarations, however much they are used.
	Aside   bool
	Symbols []MapSymbol
}

// Map is a code map: files most important first.
type Map struct {
	Files        []MapFile
	TotalFiles   int
	TotalSymbols int
}

// CodeMap maps the files under dir ("" for the whole repository) that
// keep accepts.
func CodeMap(ix Index, dir string, keep func(path, lang string) bool) Map {
	rk := ranksOf(ix)
	dir = strings.Trim(dir, "/")
	if dir == "." {
		dir = ""
	}
	var m Map
	for _, f := range graphFiles(ix) {
		if dir != "" && f.Path != dir && !strings.HasPrefix(f.Path, dir+"/") || keep != nil && !keep(f.Path, f.Language) {
			continue
		}
		g, err := ix.FileDecls(f.Path)
		if err != nil || g == nil {
			continue
		}
		aside := pathclass.Of(f.Path)&pathclass.Aside != 0 || f.Language == "go" && !commonBuild(f.Path, f.Build)
		mf := MapFile{Path: f.Path, Language: f.Language, Rank: rk.file[f.Path], Aside: aside}
		listed := map[string]bool{}
		for _, d := range g.Defs {
			// Overloads, a property's getter and setter and a Python
			// @overload stack share a name, and so its rank and uses:
			// the map lists the name once, at its first declaration,
			// instead of spending the budget on copies.
			if !mapped(d) || mapAnnouncement(f.Language, d) || listed[d.Qualified()] {
				continue
			}
			listed[d.Qualified()] = true
			k := declKey{f.Path, d.Name, d.Parent != ""}
			mf.Symbols = append(mf.Symbols, MapSymbol{Def: d, References: int(math.Round(rk.uses[k])), Rank: rk.def[k] + mf.Rank*1e-3})
		}
		sort.SliceStable(mf.Symbols, func(i, j int) bool {
			a, b := mf.Symbols[i], mf.Symbols[j]
			if a.Rank != b.Rank {
				return a.Rank > b.Rank
			}
			return mapKindRank(a.Def) < mapKindRank(b.Def)
		})
		m.TotalSymbols += len(mf.Symbols)
		m.Files = append(m.Files, mf)
	}
	m.TotalFiles = len(m.Files)
	putAside(m.Files)
	sort.SliceStable(m.Files, func(i, j int) bool {
		a, b := m.Files[i], m.Files[j]
		if a.Aside != b.Aside {
			return b.Aside
		}
		return a.Rank > b.Rank
	})
	return m
}

// substantive are the files of defs that declare name as more than a
// namespace they reopen or a type they announce ("namespace std {" in
// abseil's int128.h, "class Status;"): every std:: of the repository
// made int128.h the first file of its map, and a forward declaration
// took the uses of the class it names.
func substantive(ix Index, name string, defs []store.NameFile) []store.NameFile {
	named := map[string]bool{}
	for _, d := range ix.DefinitionsOf(name) {
		if !mapAnnouncement(d.Language, d.Def) {
			named[d.Path] = true
		}
	}
	return slices.DeleteFunc(slices.Clone(defs), func(f store.NameFile) bool { return !named[f.Path] })
}

// minUsesChecked is how many files must use a name before its
// declarations are read for announcements: the names that move a map
// (std, a widely used class) are used all over, and reading every name's
// declarations would cost a large C repository's map its speed.
const minUsesChecked = 8

// announces reports declaring files in a language that writes
// namespaces (C++, C#, PHP) or adds to types declared elsewhere (Rust's
// impl blocks, Swift's extensions): C is left out, as its forward
// declarations are everywhere and reading each used name's declarations
// made the Linux kernel's map 102 → 434 s.
func announces(lang map[string]string, defs []store.NameFile) bool {
	return slices.ContainsFunc(defs, func(f store.NameFile) bool {
		switch lang[f.Path] {
		case "cpp", "csharp", "php", "rust", "swift":
			return true
		}
		return false
	})
}

// mapAnnouncement reports a declaration that only names a scope or a
// type declared elsewhere: a C++ or C# namespace (reopened in every file
// of it), a C or C++ forward declaration, a Rust impl block or a Swift
// extension (alacritty's `impl SerdeReplace for Option<T>` took the uses
// of Option, 281 of them, and led the map).
func mapAnnouncement(lang string, d chunker.Def) bool {
	return d.Kind == "namespace" || reopensType(d.Kind) || prototype(lang, d) && declaresType(d.Kind) ||
		lang == "zig" && strings.Contains(d.Signature, "= @import(") // const std = @import("std"): an import
}

// putAside scales the ranks of the aside files' declarations below the
// least of the project's own, keeping their order among themselves, so
// that a budget spends itself on the code first. A map of aside files
// alone (a directory of tests) keeps its ranks.
func putAside(files []MapFile) {
	floor, top := math.Inf(1), 0.0
	for _, f := range files {
		for _, s := range f.Symbols {
			if f.Aside {
				top = max(top, s.Rank)
			} else if s.Rank > 0 {
				floor = min(floor, s.Rank)
			}
		}
	}
	if math.IsInf(floor, 1) || top <= floor {
		return
	}
	scale := floor / top / 2
	for _, f := range files {
		if !f.Aside {
			continue
		}
		for i := range f.Symbols {
			f.Symbols[i].Rank *= scale
		}
	}
}

// mapped reports whether a declaration belongs on a map: fields, embedded
// types and local declarations are detail.
func mapped(d chunker.Def) bool {
	if d.Flags&chunker.DefEmbedded != 0 {
		return false
	}
	switch d.Kind {
	case "field", "property", "section", "imports":
		return false
	}
	// A one-letter name (jquery's `var i, support, …`) collects every
	// loop counter's uses and tells a reader nothing.
	return len(d.Name) > 1
}

// mapKindRank orders declarations of equal rank: types, then functions,
// then the rest; exported names (capitalized) first in each.
func mapKindRank(d chunker.Def) int {
	r := 2
	switch d.Kind {
	case "struct", "interface", "class", "type", "trait", "enum", "module", "object", "protocol":
		r = 0
	case "function", "method", "constructor":
		r = 1
	}
	if d.Name[0] < 'A' || d.Name[0] > 'Z' {
		r += 3
	}
	return r
}

// ranks is the repository's reference graph ranked: per file, and per
// declared name in a file.
type ranks struct {
	file map[string]float64
	def  map[declKey]float64
	uses map[declKey]float64
}

// declKey names the declarations of a name in a file: its members, or
// its top-level ones.
type declKey struct {
	path, name string
	member     bool
}

type ranksKey struct{}

func ranksOf(ix Index) *ranks {
	return ix.Memo(ranksKey{}, func() any { return buildRanks(ix) }).(*ranks)
}

const (
	damping    = 0.85
	iterations = 30
)

func buildRanks(ix Index) *ranks {
	id := map[string]int{}
	var paths []string
	node := func(p string) int {
		i, ok := id[p]
		if !ok {
			i = len(paths)
			id[p] = i
			paths = append(paths, p)
		}
		return i
	}
	files := graphFiles(ix)
	lang := make(map[string]string, len(files))
	for _, f := range files {
		node(f.Path)
		lang[f.Path] = f.Language
	}
	canUse := goVisibility(ix, files)
	edges := make([]map[int]float64, len(paths))
	out := make([]float64, len(paths))
	each := func(fn func(name string, member bool, defs, uses []store.NameFile)) {
		ix.EachName(func(name string, nu store.NameUse) {
			// A member use (x.name) links to member declarations, any
			// other use to top-level ones: "meta" the type and d.meta()
			// the method are not the same name's uses.
			for i, g := range [2][2][]store.NameFile{
				{subtract(nu.Defs, nu.MemberDefs), subtract(nu.Uses, nu.MemberUses)},
				{nu.MemberDefs, nu.MemberUses},
			} {
				limit := maxDeclarers
				if i == 1 {
					limit = maxMemberDeclarers
					g[1] = notBuiltin(name, g[1], lang)
				}
				if len(g[0]) > 0 && len(g[0]) <= limit && len(g[1]) >= minUsesChecked && announces(lang, g[0]) {
					g[0] = substantive(ix, name, g[0])
				}
				if len(g[0]) > 0 && len(g[0]) <= limit && len(g[1]) > 0 {
					fn(name, i == 1, g[0], g[1])
				}
			}
		})
	}
	each(func(_ string, _ bool, defs, uses []store.NameFile) {
		for _, u := range uses {
			a := node(u.Path)
			for _, d := range defs {
				w := weight(u, d, len(defs))
				if w == 0 || !sameFamily(lang[u.Path], lang[d.Path]) || !canUse(u.Path, d.Path) {
					continue
				}
				b := node(d.Path)
				if edges[a] == nil {
					edges[a] = map[int]float64{}
				}
				edges[a][b] += w
				out[a] += w
			}
		}
	})
	n := len(paths)
	pr := make([]float64, n)
	for i := range pr {
		pr[i] = 1 / float64(max(n, 1))
	}
	next := make([]float64, n)
	for it := 0; it < iterations && n > 0; it++ {
		dangling := 0.0
		for i := range next {
			next[i] = 0
		}
		for a, es := range edges {
			if out[a] == 0 {
				continue
			}
			for b, w := range es {
				next[b] += damping * pr[a] * w / out[a]
			}
		}
		for a := range pr {
			if out[a] == 0 {
				dangling += pr[a]
			}
		}
		base := (1-damping)/float64(n) + damping*dangling/float64(n)
		for i := range next {
			next[i] += base
		}
		pr, next = next, pr
	}
	rk := &ranks{file: make(map[string]float64, n), def: map[declKey]float64{}, uses: map[declKey]float64{}}
	for i, p := range paths {
		rk.file[p] = pr[i] * float64(n) // 1 is the average file
	}
	each(func(name string, member bool, defs, uses []store.NameFile) {
		for _, u := range uses {
			a := id[u.Path]
			for _, d := range defs {
				w := weight(u, d, len(defs))
				if w == 0 || !sameFamily(lang[u.Path], lang[d.Path]) || !canUse(u.Path, d.Path) {
					continue
				}
				k := declKey{d.Path, name, member}
				if out[a] > 0 {
					rk.def[k] += pr[a] * float64(n) * w
				}
				rk.uses[k] += float64(u.Count) / float64(len(defs))
			}
		}
	})
	return rk
}

// sameDirWeight scales a use from the declaring file's own directory (its
// package, in Go): what the rest of the repository uses matters more than
// what a package uses of itself.
const sameDirWeight = 0.3

// weight is how much a file's uses of a name link it to one of the name's
// declaring files: the square root of the uses, so a file calling one
// helper a hundred times does not outweigh a hundred files using it once,
// shared among the declarers; 0 within a file.
func weight(use, decl store.NameFile, declarers int) float64 {
	if use.Path == decl.Path {
		return 0
	}
	w := math.Sqrt(float64(use.Count)) / float64(declarers)
	if path.Dir(use.Path) == path.Dir(decl.Path) {
		w *= sameDirWeight
	}
	return w
}

// notBuiltin leaves out the member uses of name in files whose language
// has a built-in method of that name (a Python list's append): the graph
// does not know those uses' receivers, and they are the built-in's.
func notBuiltin(name string, uses []store.NameFile, lang map[string]string) []store.NameFile {
	builtin := func(u store.NameFile) bool { return chunker.BuiltinMember(lang[u.Path], name) }
	if !slices.ContainsFunc(uses, builtin) {
		return uses // shared with the name index: copied only when a use goes
	}
	return slices.DeleteFunc(slices.Clone(uses), builtin)
}

// subtract removes part's counts from all's, file by file.
func subtract(all, part []store.NameFile) []store.NameFile {
	if len(part) == 0 {
		return all
	}
	minus := make(map[string]int, len(part))
	for _, p := range part {
		minus[p.Path] = p.Count
	}
	var out []store.NameFile
	for _, a := range all {
		if c := a.Count - minus[a.Path]; c > 0 {
			out = append(out, store.NameFile{Path: a.Path, Count: c})
		}
	}
	return out
}

// goVisibility returns whether a file can use the declarations of
// another: a Go file sees only its own package and the packages it
// imports, which settles most of what a shared name leaves open; files of
// other languages are not restricted.
func goVisibility(ix Index, files []store.GraphFile) func(user, decl string) bool {
	w := goWorldOf(ix)
	sees := map[string]map[string]bool{}
	for _, f := range files {
		if f.Language != "go" {
			continue
		}
		dirs := map[string]bool{path.Dir(f.Path): true}
		for _, im := range ix.FileImports(f.Path) {
			if d, ok := w.importDir(im.Path, f.Path); ok {
				dirs[d] = true
			}
		}
		sees[f.Path] = dirs
	}
	return func(user, decl string) bool {
		dirs, ok := sees[user]
		return !ok || dirs[path.Dir(decl)]
	}
}
