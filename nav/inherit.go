package nav

import (
	"slices"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/store"
)

// A method called on self, or on a value of a stated class, is often
// declared by a base class (MIMEPart's self.attach() is Message.attach):
// resolution then walks the class's bases, as the language's method
// lookup does, first base first. Bases are read from the inherit
// references of the file that declares the class.

// maxAncestors bounds the classes a member is looked for in.
const maxAncestors = 16

// fileBasesKey memoizes one file's classes' bases.
type fileBasesKey struct{ path string }

// basesIn returns the bases of the classes the file at path declares, by
// the class's qualified name, once per index.
func basesIn(ix Index, path string) map[string][]string {
	return ix.Memo(fileBasesKey{path}, func() any {
		out := map[string][]string{}
		g, err := ix.FileGraph(path)
		if err != nil || g == nil {
			return out
		}
		for _, r := range g.Refs {
			if r.Kind == chunker.RefInherit && r.Enclosing >= 0 && int(r.Enclosing) < len(g.Defs) {
				cls := g.Defs[r.Enclosing].Qualified()
				out[cls] = append(out[cls], r.Name)
			}
		}
		return out
	}).(map[string][]string)
}

// classDef is the one class-like declaration named like cls in the
// language's family, preferring the file at path.
func classDef(ix Index, cls, lang, path string) (store.FileDef, bool) {
	var classes []store.FileDef
	for _, d := range familyDefs(ix.DefinitionsOf(lastElem(cls)), lang) {
		if classLike(d.Def.Kind) {
			classes = append(classes, d)
		}
	}
	return pick(classes, func(d store.FileDef) bool { return d.Path == path }, func(store.FileDef) bool { return true })
}

// classLike reports a declaration that declares a type and its bases
// once. It is narrower than chunker.ClassLike on purpose: an impl or an
// extension reopens a type declared elsewhere, and counting it would make
// every Rust or Swift type with one ambiguous to look up.
func classLike(kind string) bool {
	switch kind {
	case "class", "struct", "interface", "trait", "object", "protocol", "record":
		return true
	}
	return false
}

// ancestors lists the bases of cls, then theirs, breadth first, each once.
func (c useCtx) ancestors(ix Index, cls string) []string {
	var out []string
	seen := map[string]bool{lastElem(cls): true}
	queue := []string{cls}
	for len(queue) > 0 && len(out) < maxAncestors {
		d, ok := classDef(ix, queue[0], c.file.Language, c.file.Path)
		queue = queue[1:]
		if !ok {
			continue
		}
		for _, b := range basesIn(ix, d.Path)[d.Def.Qualified()] {
			if !seen[b] {
				seen[b] = true
				out = append(out, b)
				queue = append(queue, b)
			}
		}
	}
	return out
}

// inherited picks the candidate a base of cls declares: the nearest base
// that declares one, when exactly one candidate is its.
func (c useCtx) inherited(ix Index, cls string, cands []store.FileDef) (store.FileDef, bool) {
	for _, b := range c.ancestors(ix, cls) {
		of := func(d store.FileDef) bool { return owner(d) == b }
		if slices.ContainsFunc(cands, of) {
			return pick(cands, of)
		}
	}
	return store.FileDef{}, false
}
