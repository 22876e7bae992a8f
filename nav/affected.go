package nav

import (
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/codeseek/codeseek/chunker"
)

// LineRange is a run of lines, 1-based and inclusive; End < Start is the
// place between lines End and Start, where a diff removed lines.
type LineRange struct{ Start, End int }

// FileChange is one file of a diff: its content before and after (nil
// when it did not exist) and the lines the diff touched on each side.
type FileChange struct {
	Path       string
	Old, New   []byte
	OldChanged []LineRange
	NewChanged []LineRange
}

// The change kinds and risks of affected_by_diff.
const (
	ChangeAdded     = "added"
	ChangeRemoved   = "removed"
	ChangeSignature = "signature_changed"
	ChangeBody      = "body_changed"

	RiskHigh   = "high"   // removed or re-signatured, and still referenced
	RiskMedium = "medium" // its body changed and others use it
	RiskLow    = "low"    // nothing else uses it, or it is new
)

// Change is a declaration a diff touches and the references that may feel
// it.
type Change struct {
	Path         string
	Def          chunker.Def // the new declaration; the old one when removed
	Kind         string
	OldSignature string
	Risk         string
	References   []Reference
}

// Affected compares the declarations of each changed file before and
// after, and finds in the index the references of each declaration the
// diff adds, removes, re-signatures or edits: the blast radius of the
// change. Risk is high for a removed or re-signatured declaration that is
// still referenced.
func Affected(ix Index, changes []FileChange) []Change {
	type versions struct{ old, cur map[string]chunker.Def }
	decls := make([]versions, len(changes))
	parallel(len(changes), func(i int) {
		decls[i] = versions{declsOf(changes[i].Path, changes[i].Old), declsOf(changes[i].Path, changes[i].New)}
	})
	var out []Change
	for i, fc := range changes {
		old, cur := decls[i].old, decls[i].cur
		for key, nd := range cur {
			od, existed := old[key]
			c := Change{Path: fc.Path, Def: nd}
			switch {
			case !existed && nd.Kind == "field":
				continue // a new field is part of its type's change
			case !existed:
				c.Kind = ChangeAdded
			case declaredType(od) != declaredType(nd) && !valueDecl(nd.Kind):
				c.Kind, c.OldSignature = ChangeSignature, od.Signature
			case touchesOwn(fc.NewChanged, nd, cur) || touchesOwn(fc.OldChanged, od, old):
				c.Kind = ChangeBody
			default:
				continue
			}
			out = append(out, c)
		}
		for key, od := range old {
			if _, ok := cur[key]; !ok {
				out = append(out, Change{Path: fc.Path, Def: od, Kind: ChangeRemoved, OldSignature: od.Signature})
			}
		}
	}
	parallel(len(out), func(i int) {
		c := &out[i]
		if c.Kind != ChangeAdded {
			c.References = changeReferences(ix, c.Path, c.Def)
		}
		c.Risk = riskOf(c.Kind, len(c.References))
	})
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if ra, rb := riskOrder(a.Risk), riskOrder(b.Risk); ra != rb {
			return ra < rb
		}
		if len(a.References) != len(b.References) {
			return len(a.References) > len(b.References)
		}
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		return a.Def.Line < b.Def.Line
	})
	return out
}

// valueDecl reports whether a declaration's signature line holds its
// value (a constant or variable): a change there is to the body, not to
// how it is used.
func valueDecl(kind string) bool {
	switch kind {
	case "const", "var", "let", "variable", "constant":
		return true
	}
	return false
}

// parallel calls fn(0..n-1) on all cores.
func parallel(n int, fn func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(n, runtime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				fn(i)
			}
		}()
	}
	wg.Wait()
}

func riskOf(kind string, refs int) string {
	switch {
	case refs == 0 || kind == ChangeAdded:
		return RiskLow
	case kind == ChangeRemoved || kind == ChangeSignature:
		return RiskHigh
	}
	return RiskMedium
}

func riskOrder(r string) int {
	switch r {
	case RiskHigh:
		return 0
	case RiskMedium:
		return 1
	}
	return 2
}

// declsOf lists a file version's declarations by qualified name and kind
// (a second declaration of the same key, an overload, gets a count).
func declsOf(path string, src []byte) map[string]chunker.Def {
	out := map[string]chunker.Def{}
	if src == nil {
		return out
	}
	g := chunker.GraphOf(path, src)
	if g == nil {
		return out
	}
	for _, d := range g.Defs {
		if d.Flags&chunker.DefEmbedded != 0 || !mapped(d) && d.Kind != "field" && d.Kind != "property" {
			continue
		}
		key := d.Kind + " " + d.Qualified()
		for i := 2; ; i++ {
			if _, dup := out[key]; !dup {
				break
			}
			key = d.Kind + " " + d.Qualified() + "#" + strconv.Itoa(i)
		}
		out[key] = d
	}
	return out
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// declaredType is what a declaration's signature tells its users: all of
// it, but a property's value (`val ok = code in 200..299`, C#'s `Id =>
// _id`), which is its body.
func declaredType(d chunker.Def) string {
	sig := oneLine(d.Signature)
	if d.Kind == "property" {
		for _, sep := range []string{" = ", " => "} {
			sig, _, _ = strings.Cut(sig, sep)
		}
	}
	return sig
}

// touchesOwn reports whether a changed range falls on a declaration's own
// lines: inside it and outside the members declared within it (decls, the
// same file version's). A class whose one method changed is not changed
// itself; the method is, and listing the class too would list every use
// of the class. Its fields are its own lines (a new field changes the
// type). An empty range (End < Start) is the place between lines End and
// Start where lines were removed: it changes the declaration spanning both.
func touchesOwn(ranges []LineRange, d chunker.Def, decls map[string]chunker.Def) bool {
	for _, r := range ranges {
		lo, hi := r.Start, r.End
		if hi < lo {
			lo, hi = hi, lo
			if d.StartLine <= lo && d.EndLine >= hi && !withinMember(lo, hi, d, decls) {
				return true
			}
			continue
		}
		for line := max(lo, d.StartLine); line <= min(hi, d.EndLine); line++ {
			if !withinMember(line, line, d, decls) {
				return true
			}
		}
	}
	return false
}

// withinMember reports whether lines lo..hi lie inside one member declared
// within d (not a field: a field's lines are its type's).
func withinMember(lo, hi int, d chunker.Def, decls map[string]chunker.Def) bool {
	for _, m := range decls {
		if m.Kind == "field" || m.StartLine == d.StartLine && m.EndLine == d.EndLine {
			continue
		}
		if m.StartLine >= d.StartLine && m.EndLine <= d.EndLine && m.StartLine <= lo && m.EndLine >= hi {
			return true
		}
	}
	return false
}

// changeReferences finds the uses of a changed declaration elsewhere: by
// resolution when the index holds the declaration (as last indexed), by
// name otherwise; uses inside the declaration itself do not count.
func changeReferences(ix Index, path string, d chunker.Def) []Reference {
	var refs []Reference
	if t, ok := indexedTarget(ix, path, d); ok {
		refs, _ = References(ix, t, RefFilter{})
	} else {
		refs = nameReferences(ix, path, d)
	}
	out := refs[:0]
	for _, r := range refs {
		if r.Path == path && r.Line >= d.StartLine && r.Line <= d.EndLine {
			continue
		}
		out = append(out, r)
	}
	return out
}

// indexedTarget finds the indexed declaration of the file with d's
// qualified name and kind.
func indexedTarget(ix Index, path string, d chunker.Def) (Target, bool) {
	g, err := ix.FileDecls(path)
	if err != nil || g == nil {
		return Target{}, false
	}
	lang := ""
	for _, c := range ix.ChunksOf(path) {
		lang = c.Language
		break
	}
	best := -1
	for i, x := range g.Defs {
		if x.Kind == d.Kind && x.Qualified() == d.Qualified() && x.Flags&chunker.DefEmbedded == 0 {
			if best < 0 || abs(x.Line-d.Line) < abs(g.Defs[best].Line-d.Line) {
				best = i
			}
		}
	}
	if best < 0 {
		return Target{}, false
	}
	return Target{Definition: Definition{Path: path, Language: lang, Def: g.Defs[best], Match: MatchExact}}, true
}

func abs(i int) int {
	if i < 0 {
		return -i
	}
	return i
}

// nameReferences lists the uses of d's name in files of its language
// family, all matched by name: the index does not hold d (a new file, or
// one not indexed since), so nothing can be resolved to it.
func nameReferences(ix Index, path string, d chunker.Def) []Reference {
	lang := chunker.Language(path, nil)
	var out []Reference
	for _, fr := range ix.ReferencesTo(d.Name) {
		if !sameFamily(fr.Language, lang) {
			continue
		}
		var lines []int
		start := len(out)
		for _, r := range fr.Refs {
			if lang == "go" && (d.Parent == "") != (r.Recv == "" || strings.HasPrefix(r.Recv, "p:")) {
				continue // a Go member is always selected from a value, a package-level name never
			}
			ref := Reference{Path: fr.Path, Line: r.Line, Col: r.Col, Kind: r.Kind, Match: MatchName, EnclosingIndex: -1}
			if e, ok := fr.Enclosing[r.Enclosing]; ok {
				ref.Enclosing, ref.EnclosingLine, ref.EnclosingIndex = e.Qualified(), e.Line, r.Enclosing
			}
			out = append(out, ref)
			lines = append(lines, r.Line)
		}
		texts := lineTexts(ix, fr.Path, lines)
		for i := start; i < len(out); i++ {
			out[i].Text = texts[out[i].Line]
		}
	}
	sortReferences(out)
	return out
}
