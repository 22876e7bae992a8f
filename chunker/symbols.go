package chunker

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
)

// Symbol is one declaration of a file, as listed by the get_symbols tool:
// an outline that lets an agent jump to the right lines without reading
// the whole file.
type Symbol struct {
	// Name is the declared name without its parent ("Close").
	Name string
	// Kind is the declaration kind, as in Chunk.SymbolKind.
	Kind string
	// Parent is the enclosing declaration ("Server"), or empty.
	Parent string
	// Signature is the one-line declaration header.
	Signature string
	// StartLine and EndLine are 1-based and inclusive; the doc comment
	// above the declaration is included.
	StartLine int
	EndLine   int
	// Doc is the declaration's doc comment or docstring, or empty.
	Doc string
}

// Symbols lists the declarations of a source file (functions, methods,
// classes and their members, types, constants and variables) in file
// order, the objects a SQL file creates, an Elixir, Zig, Haskell or Dart
// file's containers and functions, or the section headings of a document. Files in other
// languages without a grammar, and files whose parse fails or runs out of
// its budget, have no symbols.
func Symbols(path string, src []byte) []Symbol {
	lang := Language(path, src)
	s := newSource(src, nil)
	s.path = path
	if len(src) == 0 {
		return nil
	}
	if IsDoc(path) {
		return docSymbols(s, lang)
	}
	if minified(s) {
		return nil // no structure worth listing, and slow to parse
	}
	if l, ok := lexedLanguages[lang]; ok {
		return l.symbols(s)
	}
	lang, code := hostedCode(lang, src)
	spec := specs[lang]
	pool := poolFor(lang)
	if spec == nil || pool == nil || code == nil {
		return nil
	}
	tree, err := parseCode(pool, lang, code)
	if err != nil {
		return nil // no outline without a tree, as for a language without a grammar
	}
	defer tree.Close()
	var out []Symbol
	newCoder(s, spec, DefaultMaxTokens).walkDecls(tree.RootNode(), nil, func(d *decl, _ string) {
		if !blankName(d.name) {
			out = append(out, d.symbol())
		}
	})
	return out
}

// walkDecls calls visit for each declaration of a parsed file, in file
// order, found the way Split finds them: the file's items, the members of
// class-likes and namespaces, and the declarations inside wrappers (IIFE,
// UMD bundle, #ifdef). visit also gets the parent the declaration was
// classified under, which tells a parent the classifier gave itself
// ("Foo" of "void Foo::bar()") from the enclosing one. The walk stops
// where the file's work budget runs out.
//
// Looking inside every item for a wrapper of declarations is most of the
// walk's work. mayHold, when not nil, tells from the byte range of an
// item's lines whether it can hold one (enough declarations at all), so
// that the others are passed over; it must not say no to an item holding
// declarations.
func (c *coder) walkDecls(root *sitter.Node, mayHold func(start, end uint32) bool, visit func(d *decl, parent string)) {
	var walk func(n *sitter.Node, parent string, depth int)
	walk = func(n *sitter.Node, parent string, depth int) {
		for _, u := range c.units(n, parent) {
			if c.exhausted() {
				return // the outline so far; the rest of the file is too costly
			}
			if depth < maxSymbolDepth && len(u.ds) <= 1 && (len(u.ds) == 0 || u.ds[0].body == nil) &&
				(mayHold == nil || mayHold(uint32(c.start[u.a]), uint32(c.start[u.b+1]))) {
				// Declarations inside a wrapper, found the way Split
				// finds them.
				if found := c.findContainer(u); found.node != nil {
					p := parent
					switch {
					case len(u.ds) == 1:
						visit(u.ds[0], parent)
						if p = c.containerParent(u.ds[0], found.node); p != parent && !objectLiteral(found.node) {
							c.openFunction(p)
							p = c.nestedParent(found.via, u.ds[0], p, visit)
						}
					case found.owner != nil:
						// A class inside a block, with its members.
						owner := *found.owner
						owner.parent = parent
						visit(&owner, parent)
						p = owner.membersParent()
					default:
						if fn := c.innerOwner(u, found.node); fn != nil {
							visit(fn, parent)
							p = c.containerParent(fn, found.node)
							c.openFunction(p)
							p = c.nestedParent(found.via, fn, p, visit)
						}
					}
					walk(found.node, p, depth+1)
					continue
				}
			}
			for _, d := range u.ds {
				if d.imported {
					continue
				}
				visit(d, parent)
				members := d.body
				if members == nil {
					members = d.listed
				}
				if members != nil && depth < maxSymbolDepth {
					walk(members, d.membersParent(), depth+1)
				}
			}
		}
	}
	walk(root, "", 0)
}

// Qualified is the name with its parent ("Server.Close"), as the
// symbol's members name it in Parent.
func (s Symbol) Qualified() string {
	if s.Parent == "" {
		return s.Name
	}
	return s.Parent + "." + s.Name
}

// symbol is the declaration as get_symbols lists it.
func (d *decl) symbol() Symbol {
	return Symbol{Name: d.name, Kind: d.kind, Parent: d.parent, Signature: d.sig,
		StartLine: d.a + 1, EndLine: d.b + 1, Doc: d.doc}
}

// maxSymbolDepth bounds class nesting in symbol tables; deeper members are
// rare and would make the walk unbounded on pathological input.
const maxSymbolDepth = 16

// docSymbols lists a document's headings as sections, under the page
// title of its front matter as Split names its chunks: the title is a
// section spanning the page, unless the first heading repeats it.
func docSymbols(s *source, lang string) []Symbol {
	fm := frontMatter(s, lang)
	hs := findHeadings(s, lang, fm)
	var out []Symbol
	docTitle := fm.title
	if docTitle != "" && len(hs) > 0 && strings.EqualFold(hs[0].title, docTitle) {
		docTitle = ""
	}
	if docTitle != "" {
		end := s.n - 1
		for end > 0 && s.blank(end) {
			end--
		}
		out = append(out, Symbol{Name: docTitle, Kind: "section", Signature: docTitle, StartLine: 1, EndLine: end + 1})
	}
	var path []string
	for i, h := range hs {
		for len(path) < h.level {
			path = append(path, "")
		}
		path = path[:h.level]
		path[h.level-1] = h.title
		end := s.n - 1
		for _, next := range hs[i+1:] {
			if next.level <= h.level {
				end = next.line - 1
				break
			}
		}
		for end > h.line && s.blank(end) {
			end--
		}
		titleLine := h.last
		if h.last > h.line || (h.last == h.line+1) {
			titleLine = h.last - 1 // an underlined heading
		}
		out = append(out, Symbol{Name: h.title, Kind: "section", Parent: underTitle(docTitle, joinHeadings(path[:h.level-1])),
			Signature: oneLine(string(s.line(titleLine))), StartLine: h.line + 1, EndLine: end + 1})
	}
	return out
}
