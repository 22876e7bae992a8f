package chunker

import (
	"strings"
)

// Haskell has no grammar in the binding this project uses. Its layout
// makes the top level plain: a declaration starts on a line that starts in
// the first column, outside comments and strings, and runs to the next
// such line. A function's type signature and its equations are one
// declaration; data, newtype and type declare a type, class a class whose
// indented where block holds its methods, instance an instance of one.
// "-- |" and "{-| -}" comments above are a declaration's doc, blank lines
// between them or not.

// hsKind tells the lexer's tokens apart.
type hsKind uint8

const (
	hsWord    hsKind = iota + 1 // identifier (primes included), keyword or qualified name
	hsString                    // "…", 'c'
	hsComment                   // -- …, {- … -} (nested), pragmas
	hsPunct                     // an operator or one byte of punctuation
)

// hsTok is one of its tokens.
type hsTok = lexTok[hsKind]

// hsSymbol reports an operator character: "-->" is an operator, "--" a
// comment.
func hsSymbol(c byte) bool { return strings.IndexByte("!#$%&*+./<=>?@\\^|-~:", c) >= 0 }

// lexHaskell returns the tokens of src in one forward scan; an unclosed
// comment or string runs to the end of src (a string to its line's end).
func lexHaskell(src []byte) []hsTok {
	n := len(src)
	// With MagicHash a name may end in # (plusOne#, copyAddrToByteArray#).
	magicHash := strings.Contains(string(src[:min(n, maxPragmaScan)]), "MagicHash")
	return lexAll(src, func(i int) (hsKind, int) {
		c := src[i]
		switch {
		case c == '-' && i+1 < n && src[i+1] == '-' && hsLineComment(src, i):
			return hsComment, lineEnd(src, i)
		case c == '{' && i+1 < n && src[i+1] == '-':
			return hsComment, nestedComment(src, i, "{-", "-}")
		case c == '"':
			return hsString, zigQuoted(src, i)
		case c == '\'' && (i+2 < n && src[i+2] == '\'' || i+1 < n && src[i+1] == '\\'):
			return hsString, zigQuoted(src, i)
		case exIdentStart(c):
			end := hsIdentEnd(src, i)
			for magicHash && end < n && src[end] == '#' {
				end++
			}
			return hsWord, end
		case hsSymbol(c):
			end := i + 1
			for end < n && hsSymbol(src[end]) {
				end++
			}
			return hsPunct, end
		default:
			return hsPunct, i + 1
		}
	})
}

// maxPragmaScan is how much of a Haskell file's head is read for its
// LANGUAGE pragmas, which come before the module line.
const maxPragmaScan = 4096

// hsLineComment reports whether the dashes at i open a comment: two or
// more dashes not followed by another operator character.
func hsLineComment(src []byte, i int) bool {
	j := i
	for j < len(src) && src[j] == '-' {
		j++
	}
	return j >= len(src) || !hsSymbol(src[j])
}

// hsIdentEnd returns the end of the identifier at i, with its primes and
// the module names qualifying it ("Data.Map.insert", "foldl'").
func hsIdentEnd(src []byte, i int) int {
	for {
		seg := i
		for i < len(src) && (exIdentChar(src[i]) || src[i] == '\'') {
			i++
		}
		qualifier := src[seg] >= 'A' && src[seg] <= 'Z'
		if !qualifier || i+1 >= len(src) || src[i] != '.' || !exIdentStart(src[i+1]) {
			return i
		}
		i++
	}
}

// hsScan is one Haskell file's tokens and its top-level items.
type hsScan struct {
	s     *source
	toks  []hsTok
	named map[int]bool
}

func (h *hsScan) text(k int) string { return string(h.s.src[h.toks[k].start:h.toks[k].end]) }

// column0 reports whether token k starts its line.
func (h *hsScan) column0(k int) bool {
	start := h.toks[k].start
	return start == 0 || h.s.src[start-1] == '\n'
}

// hsTypeKeywords declare types.
var hsTypeKeywords = map[string]string{"data": "type", "newtype": "type", "type": "type", "class": "class", "instance": "instance"}

// hsLoose are the top-level items that declare nothing a search names.
var hsLoose = map[string]bool{
	"module": true, "import": true, "infix": true, "infixl": true, "infixr": true, "deriving": true, "default": true,
}

// outline builds the file's items: one per run of lines from a line
// starting in the first column to the next, merging a signature with its
// equations and a Haddock comment with what it documents.
func (h *hsScan) outline() []*outlineItem {
	starts := h.itemStarts(0, len(h.toks), true)
	return h.items(starts, len(h.toks), "", -1)
}

// itemStarts returns the tokens that begin items among tokens [i, end):
// the first token of each line in the first column (top level), or at the
// column of the first line (a where block).
func (h *hsScan) itemStarts(i, end int, top bool) []int {
	var out []int
	col := -1
	for k := i; k < end; k++ {
		line := h.s.lineAt(h.toks[k].start)
		if k > i && h.s.lineAt(h.toks[k-1].end-1) == line {
			continue // not first on its line
		}
		c := h.toks[k].start - h.s.start[line]
		if top && (c != 0 || h.s.src[h.toks[k].start] == '#') {
			continue // a CPP line (#if, #else) inside the declaration around it
		}
		if !top {
			if col < 0 {
				col = c
			}
			if c != col {
				continue
			}
		}
		out = append(out, k)
	}
	return out
}

// items makes the items of the runs starting at starts, the last ending
// before token end; parent names the class or instance they are in.
func (h *hsScan) items(starts []int, end int, parent string, prevB int) []*outlineItem {
	var items []*outlineItem
	var doc []int // the comment runs' first tokens waiting for a declaration
	for n, k := range starts {
		stop := end
		if n+1 < len(starts) {
			stop = starts[n+1]
		}
		line := h.s.lineAt(h.toks[k].start)
		if len(doc) > 0 && h.s.lineAt(h.toks[doc[len(doc)-1]].end-1)+1 < line &&
			(h.toks[k].kind == hsComment || h.haddock(doc) < 0) {
			// A blank line parts the comments above from what follows:
			// they document nothing, and are an item of their own. A
			// Haddock comment ("-- |") documents the declaration after
			// it across blank lines, as Haddock reads it (a quarter of
			// containers' docs are written so).
			items = append(items, &outlineItem{a: min(h.s.nextCode(prevB), h.s.lineAt(h.toks[doc[0]].start)),
				b: h.s.lineAt(h.toks[doc[len(doc)-1]].end - 1)})
			prevB = items[len(items)-1].b
			doc = doc[:0]
		}
		if h.toks[k].kind == hsComment {
			doc = append(doc, k)
			continue
		}
		it := &outlineItem{a: min(h.s.nextCode(prevB), line), b: h.s.lineAt(h.toks[stop-1].end - 1)}
		if len(doc) > 0 {
			it.a = min(it.a, h.s.lineAt(h.toks[doc[0]].start))
		}
		it.d, it.at = h.declare(k, stop, parent)
		if prev := lastItem(items); prev != nil && it.d != nil && prev.d != nil && prev.d.name == it.d.name &&
			prev.d.kind == it.d.kind && (it.d.kind == "function" || it.d.kind == "constant") && h.haddock(doc) < 0 {
			// An equation of the function above, or a pattern synonym's
			// definition under its signature, past any plain comment.
			prev.b, prev.d.b = it.b, it.b
			prevB = it.b
			doc = doc[:0]
			continue
		}
		if it.d != nil {
			it.d.a, it.d.b = it.a, it.b
			h.setDoc(it.d, doc)
			if w := h.where(k, stop); w >= 0 && (it.d.kind == "class" || it.d.kind == "instance") {
				it.members = h.items(h.itemStarts(w+1, stop, false), stop, it.d.name, h.s.lineAt(h.toks[w].start))
			} else if w := h.text(k); w == "data" || w == "newtype" {
				it.members = h.fields(k, stop, it.d.name)
			}
		}
		doc = doc[:0]
		items = append(items, it)
		prevB = it.b
	}
	return items
}

// constructor returns the data constructor token j names, when it opens
// one of a data or newtype declaration's alternatives (after "=" or "|",
// outside parentheses: `data Tree = Leaf | Node Tree Int Tree`), or nil.
// A constructor is a declaration of its own, as an enum's constants are:
// `def Tip` finds `data Map k a = Bin … | Tip`.
func (h *hsScan) constructor(j, nesting int, parent string, stop int) *outlineItem {
	if nesting != 0 || j == 0 || h.toks[j].kind != hsWord {
		return nil
	}
	if prev := h.text(j - 1); prev != "=" && prev != "|" && prev != "=>" {
		return nil // after "=>", an existential's context: `= forall a. Show a => Box a`
	}
	t := h.text(j)
	if t[0] < 'A' || t[0] > 'Z' || strings.Contains(t, ".") {
		return nil
	}
	end, depth := j+1, 0 // the alternative ends at the next "|" outside brackets
	for ; end < stop && (depth > 0 || h.text(end) != "|"); end++ {
		switch h.text(end) {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		}
	}
	sigEnd := lineEnd(h.s.src, h.toks[j].start)
	if end < stop && h.toks[end].start < sigEnd {
		sigEnd = h.toks[end].start
	}
	h.named[j] = true
	line := h.s.lineAt(h.toks[j].start)
	return &outlineItem{a: line, b: line, at: h.toks[j].start,
		d: &decl{name: t, kind: "constant", parent: parent, a: line, b: line,
			sig: strings.TrimSpace(headerText(h.s.src, uint32(h.toks[j].start), uint32(sigEnd)))}}
}

// fields returns the constructors and the record fields a data or
// newtype declaration in tokens [k, stop) declares ("{ runSetM :: IntSet
// -> … }", "a, b :: Int"): each field is a function that reads it, named
// like it.
func (h *hsScan) fields(k, stop int, parent string) []*outlineItem {
	var out []*outlineItem
	depth, first := 0, -1 // first: the first name of the fields before a "::"
	nesting := 0          // parentheses and brackets, outside the braces
	prev := ""            // the token before j but comments (`{ -- | doc` above a field)
	for j := k; j < stop; j++ {
		if h.toks[j].kind == hsComment {
			continue // a comment parts no field from its "{" or ","
		}
		if depth == 0 {
			if c := h.constructor(j, nesting, parent, stop); c != nil {
				out = append(out, c)
			}
			switch h.text(j) {
			case "(", "[":
				nesting++
			case ")", "]":
				nesting--
			}
		}
		switch t := h.text(j); {
		case t == "{":
			depth++
			first = -1
		case t == "}":
			depth--
		case depth != 1:
		case t == "," || t == "|":
		case t == "::" && first >= 0:
			for f := first; f < j; f++ {
				if h.lowerName(f) {
					h.named[f] = true
					line := h.s.lineAt(h.toks[f].start)
					out = append(out, &outlineItem{a: line, b: line, at: h.toks[f].start,
						d: &decl{name: h.text(f), kind: "field", parent: parent, sig: h.fieldSignature(f, stop), a: line, b: line}})
				}
			}
			first = -1
		case first < 0 && h.lowerName(j) && (prev == "{" || prev == ","):
			first = j
		}
		prev = h.text(j)
	}
	return out
}

// fieldSignature is a record field's declaration from its name at token
// f to the "," or "}" that ends it, its type over as many lines as it
// takes, comments left out: `storeMap :: Maybe Int`, not the next field.
func (h *hsScan) fieldSignature(f, stop int) string {
	end, depth := f, 0
	for j := f + 1; j < stop; j++ {
		if h.toks[j].kind == hsComment {
			continue
		}
		t := h.text(j)
		if depth == 0 && (t == "," || t == "}") {
			break
		}
		switch t {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			depth--
		}
		end = j
	}
	return strings.Join(strings.Fields(headerText(h.s.src, uint32(h.toks[f].start), uint32(h.toks[end].end))), " ")
}

// setDoc sets d's doc to the Haddock comments ("-- |", "{-|") among the
// comment tokens directly above it.
func (h *hsScan) setDoc(d *decl, doc []int) {
	if i := h.haddock(doc); i >= 0 {
		last := doc[len(doc)-1]
		d.doc = strings.TrimSpace(string(h.s.src[h.toks[doc[i]].start:h.toks[last].end]))
		d.docA, d.docB = h.s.lineAt(h.toks[doc[i]].start), h.s.lineAt(h.toks[last].end-1)
	}
}

// haddock is the index in doc of the first Haddock comment ("-- |",
// "{-|"), or -1.
func (h *hsScan) haddock(doc []int) int {
	for i, k := range doc {
		if strings.HasPrefix(strings.TrimLeft(h.text(k), "-{ "), "|") {
			return i
		}
	}
	return -1
}

// where returns the "where" opening a class's or instance's body among
// tokens [k, stop), or -1.
func (h *hsScan) where(k, stop int) int {
	for ; k < stop; k++ {
		if h.toks[k].kind == hsWord && h.text(k) == "where" {
			return k
		}
	}
	return -1
}

// declare reads the item starting at token k and ending before stop: a
// type, class or instance, or a function by its signature or equation.
func (h *hsScan) declare(k, stop int, parent string) (*decl, int) {
	start := k
	w := h.text(k)
	kind := hsTypeKeywords[w]
	switch {
	case h.toks[k].kind != hsWord && !h.operatorName(k):
		return nil, 0
	case hsLoose[w]:
		return nil, 0
	case kind != "":
		return h.typeDecl(k, stop, kind, parent)
	case w == "foreign":
		// foreign import ccall unsafe "string.h strlen" c_strlen :: …: the
		// name is the last before the signature, after the calling
		// convention, the safety and the entity's string.
		name := -1
		for j := k + 1; j < stop && h.text(j) != "::"; j++ {
			if h.lowerName(j) {
				name = j
			}
		}
		if name < 0 {
			return nil, 0
		}
		h.named[name] = true
		return &decl{name: h.text(name), kind: "function", parent: parent, sig: h.signature(start, stop)}, h.toks[name].start
	case w == "pattern":
		// pattern Both :: Int -> Pair, pattern Both x <- MkPair x _: a
		// synonym of a constructor, named as one is.
		switch {
		case k+1 < stop && h.operatorName(k+1):
			k += 2 // pattern (:|>) :: …
		case k+2 < stop && h.lowerName(k+1) && h.infixOperator(k+2) && h.text(k + 2)[0] == ':':
			k += 2 // pattern xs :|> x <- …: a constructor operator between its arguments
		case k+1 >= stop || h.toks[k+1].kind != hsWord || hsKeywords[h.text(k+1)]:
			return nil, 0
		default:
			k++
		}
		h.named[k] = true
		return &decl{name: h.text(k), kind: "constant", parent: parent, sig: h.signature(start, stop)}, h.toks[k].start
	}
	switch {
	case h.operatorName(k):
		k++
	case !h.lowerName(k):
		return nil, 0
	case k+1 < stop && h.infixOperator(k+1):
		k++ // "q <+> x = …" defines <+>
	case k+3 < stop && h.text(k+1) == "`" && h.text(k+3) == "`":
		k += 2 // "x ` + "`elem`" + ` xs = …" defines elem
	}
	h.named[k] = true
	return &decl{name: h.text(k), kind: "function", parent: parent, sig: h.signature(start, stop)}, h.toks[k].start
}

// infixOperator reports whether token k is an operator an equation's
// left-hand side can define ("<+>"), not one of the symbols that end it.
func (h *hsScan) infixOperator(k int) bool {
	switch t := h.text(k); {
	case h.toks[k].kind != hsPunct || !hsSymbol(t[0]):
		return false
	case t == "=" || t == "::" || t == "|" || t == "@" || t == "!" || t == "~" || t == "->" || t == "\\":
		return false
	}
	return true
}

// lowerName reports whether token k is an unqualified lower-case name.
func (h *hsScan) lowerName(k int) bool {
	t := h.text(k)
	c := t[0]
	return h.toks[k].kind == hsWord && (c >= 'a' && c <= 'z' || c == '_') && !strings.Contains(t, ".") &&
		!hsKeywords[t]
}

// operatorName reports whether token k opens an operator's name, "(<+>)".
func (h *hsScan) operatorName(k int) bool {
	return h.text(k) == "(" && k+2 < len(h.toks) && h.toks[k+1].kind == hsPunct && h.text(k+2) == ")" &&
		h.toks[k+1].start == h.toks[k].end && h.toks[k+2].start == h.toks[k+1].end && hsSymbol(h.s.src[h.toks[k+1].start])
}

// hsKeywords are reserved words, never names.
var hsKeywords = map[string]bool{
	"case": true, "of": true, "let": true, "in": true, "where": true, "if": true, "then": true, "else": true,
	"do": true, "module": true, "import": true, "data": true, "newtype": true, "type": true, "class": true,
	"instance": true, "deriving": true, "forall": true, "qualified": true, "as": true, "hiding": true, "family": true,
}

// typeDecl reads a data, newtype, type, class or instance declaration:
// its name is the first capitalized word after its context ("Ord" in
// "class Eq a => Ord a"); an instance is named by its head ("Show Tree").
func (h *hsScan) typeDecl(k, stop int, kind, parent string) (*decl, int) {
	first := k + 1
	for j := k + 1; j < stop && !(h.toks[j].kind == hsWord && h.text(j) == "where") && h.text(j) != "="; j++ {
		if h.text(j) == "=>" {
			first = j + 1
		}
	}
	for first < stop && (h.text(first) == "family" || h.text(first) == "instance" || h.text(first) == "(") {
		first++
	}
	if first >= stop || h.toks[first].kind != hsWord || h.lowerName(first) {
		return nil, 0
	}
	name := h.text(first)
	if kind == "instance" {
		var head []string
		for j := first; j < stop && j < first+8 && h.toks[j].kind != hsComment && h.text(j) != "where"; j++ {
			head = append(head, h.text(j))
		}
		name = strings.Join(head, " ")
	} else {
		h.named[first] = true
	}
	return &decl{name: name, kind: kind, parent: parent, sig: h.signature(k, stop)}, h.toks[first].start
}

// signature is the item's first line, up to a "where" or "=" that ends a
// head ("class Monad m => MonadIO m", "data Tree a").
func (h *hsScan) signature(k, stop int) string {
	start := h.toks[k].start
	end := lineEnd(h.s.src, start)
	if hsTypeKeywords[h.text(k)] == "" {
		if typeEnd := h.typeSignatureEnd(k, stop); typeEnd > end {
			end = typeEnd
		}
	}
	for j := k + 1; j < stop && h.toks[j].start < end; j++ {
		if t := h.text(j); t == "where" || t == "=" && hsTypeKeywords[h.text(k)] != "" {
			end = h.toks[j].start
			break
		}
	}
	return strings.TrimRight(headerText(h.s.src, uint32(start), uint32(end)), " =")
}

// typeSignatureEnd is where a type signature that tokens [k, stop) hold
// ends, its type on lines of their own too (`define\n  :: IdeRule k v\n
// -> …`); 0 when they hold an equation.
func (h *hsScan) typeSignatureEnd(k, stop int) int {
	end, typed := 0, false
	for j := k + 1; j < stop; j++ {
		switch {
		case h.toks[j].kind == hsComment:
			continue
		case h.text(j) == "=":
			return 0
		case h.text(j) == "::":
			typed = true
		}
		end = h.toks[j].end
	}
	if !typed {
		return 0
	}
	return end
}

// scanHaskell lexes a file.
func scanHaskell(s *source) *hsScan {
	return &hsScan{s: s, toks: lexHaskell(s.src), named: map[int]bool{}}
}

// graph is the file's graph: its declarations; the types and
// constructors it names (capitalized, "n:Data.Map" for Map.Map); the
// functions it uses qualified ("Map.insert": n:Map), and the functions
// this file declares or an import list names (`import Data.Map.Internal
// (balanceL)`) that it uses bare. Another bare name may as well be a
// local variable, so it is left out.
func (h *hsScan) graph(items []*outlineItem) *Graph {
	g := &Graph{Defs: outlineDefs(h.s, items)}
	own := map[string]bool{}
	for _, d := range g.Defs {
		own[d.Name] = true
	}
	enclosing := enclosingDef(g.Defs)
	imports := false // in an import declaration
	module := ""     // the module it imports
	hiding := false  // past its "hiding"
	depth := 0       // of the parentheses of its import list
	exports := false // in the module header's export list
	for k, t := range h.toks {
		if len(g.Refs) == maxGraphRefs {
			break
		}
		if exports && h.text(k) == "where" {
			exports = false
		}
		if h.column0(k) {
			hiding, depth = false, 0
			exports = h.text(k) == "module"
			if imports = h.text(k) == "import"; imports {
				module = ""
				if im, ok := h.importAt(k); ok {
					g.Imports = append(g.Imports, im)
					module = im.Path
				}
			}
			if h.text(k) == "module" && k+1 < len(h.toks) {
				h.named[k+1] = true // the module's own name
				g.Package = h.text(k + 1)
			}
			continue
		}
		if imports {
			switch h.text(k) {
			case "hiding":
				hiding = true
			case "(":
				depth++
			case ")":
				depth--
			}
		}
		if t.kind != hsWord || h.named[k] || hsKeywords[h.text(k)] {
			continue
		}
		full := h.text(k)
		recv, name := "", full
		if i := strings.LastIndexByte(full, '.'); i >= 0 {
			recv, name = "n:"+full[:i], full[i+1:]
		}
		kind := RefCall
		switch c := name[0]; {
		case exports:
			kind = RefOther // module M (f, T(..)) where: what the module exports
		case imports:
			kind = RefImport
			if recv == "" && !hiding && depth > 0 && module != "" {
				// import M (f, g): f and g are used bare, and are M's, as
				// Python's "from m import f" binds f to m.f.
				own[name] = true
				line, _ := h.s.position(t.start)
				g.Imports = append(g.Imports, Import{Name: name, Path: module + "." + name, Line: line})
			}
		case c >= 'A' && c <= 'Z':
			kind = RefType
		case recv == "" && !own[name]:
			continue
		}
		line, col := h.s.position(t.start + len(full) - len(name)) // the name, after its qualifier
		g.Refs = append(g.Refs, Ref{Name: name, Recv: recv, Kind: kind, Line: line, Col: col, Enclosing: enclosing(line)})
	}
	return g
}

// importAt reads the import declaration at token k, "import [qualified]
// Data.Map [qualified] [as M] [hiding] [(…)]": the name its qualified
// uses go through (M, else the module's own name) and the module.
func (h *hsScan) importAt(k int) (Import, bool) {
	var words []string
words:
	for j := k + 1; j < len(h.toks) && !h.column0(j) && len(words) < 4; j++ {
		switch h.toks[j].kind {
		case hsComment, hsString: // {-# SOURCE #-}, a package import's "pkg"
			continue
		case hsWord:
			if w := h.text(j); w != "qualified" && w != "safe" {
				words = append(words, w)
			}
		default:
			break words
		}
	}
	if len(words) == 0 || !titled(words[0]) {
		return Import{}, false
	}
	line, _ := h.s.position(h.toks[k].start)
	im := Import{Name: words[0], Path: words[0], Line: line}
	if len(words) >= 3 && words[1] == "as" {
		im.Name = words[2]
	}
	return im, true
}
