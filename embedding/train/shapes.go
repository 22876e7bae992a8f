package main

import (
	"go/parser"
	"go/token"
	"hash/fnv"
	"math"
	"os"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/internal/ident"
)

// Pair shapes: the kinds of query a pair teaches.
const (
	// shapeDocstring: a declaration's doc comment → the declaration.
	shapeDocstring = "docstring"
	// shapeFileDoc: a package doc, module docstring or file header → the
	// file's main chunk.
	shapeFileDoc = "filedoc"
	// shapeReadme: a README section → the code it names.
	shapeReadme = "readme"
	// shapeIdent: a name split into words ("parse duration") → its
	// definition.
	shapeIdent = "ident"
	// shapeQuestion: a question built from a doc ("how to parse a
	// duration") → the declaration.
	shapeQuestion = "question"
)

// defaultShapeRate keeps every documentation pair and half of the pairs
// made from names and templates, which are plentiful and easier.
const defaultShapeRate = "docstring=1,filedoc=1,readme=1,ident=0.5,question=0.5"

// parseRates reads a -shape-rate value; shapes it does not name keep all
// their pairs.
func parseRates(s string) map[string]float64 { return parseKV(s) }

// sampled keeps a pair with the probability its shape's rate
// gives, decided by a hash of the seed and the query, so the kept set does
// not depend on mining order.
func sampled(p Pair, rates map[string]float64, seed uint64) bool {
	r, ok := rates[p.Shape]
	return !ok || r >= 1 || unitHash(seed, p.Query) < r
}

// unitHash maps (seed, s) to [0, 1).
func unitHash(seed uint64, s string) float64 {
	h := fnv.New64a()
	var b [8]byte
	for i := range b {
		b[i] = byte(seed >> (8 * i))
	}
	h.Write(b[:])
	h.Write([]byte(s))
	return float64(h.Sum64()>>11) / math.Exp2(53)
}

// fileDoc returns a file's own documentation as a query ("" when it has
// none that makes one) and the lines it takes: a Go package doc, a Python
// module docstring, or the comment block that opens the file (Rust's //!,
// a JSDoc @file block, a header comment), licence headers excluded.
func fileDoc(rel string, src []byte, lang string) (string, lineRange) {
	lines := strings.SplitAfter(string(src[:min(len(src), 16<<10)]), "\n")
	switch lang {
	case "python":
		return pyModuleDoc(lines)
	case "go":
		return goPackageDoc(rel, src)
	}
	from, to := 0, 0
	for i, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case i == 0 && (strings.HasPrefix(t, "#!") || strings.HasPrefix(t, "<?php")):
			continue
		case t == "" && from == 0:
			continue
		case isCommentLine(t, from > 0):
			if from == 0 {
				from = i + 1
			}
			to = i + 1
			if strings.Contains(t, "*/") && !strings.HasPrefix(t, "//") {
				goto done
			}
			continue
		}
		break
	}
done:
	if from == 0 {
		return "", lineRange{}
	}
	raw := strings.Join(lines[from-1:to], "")
	q := cleanQuery(commentText(raw), "")
	if q == "" {
		return "", lineRange{}
	}
	return q, lineRange{from, to}
}

// isCommentLine reports whether a trimmed line is (part of) a comment;
// inBlock is true inside a comment block already started.
func isCommentLine(t string, inBlock bool) bool {
	for _, p := range []string{"//", "/*", "#", "--", "*"} {
		if strings.HasPrefix(t, p) && !strings.HasPrefix(t, "#include") && !strings.HasPrefix(t, "#define") &&
			!strings.HasPrefix(t, "#if") && !strings.HasPrefix(t, "#[") && !strings.HasPrefix(t, "#pragma") {
			return p != "*" || inBlock
		}
	}
	return inBlock && t == ""
}

// pyModuleDoc reads a module docstring: the first statement, a string.
func pyModuleDoc(lines []string) (string, lineRange) {
	i := 0
	for i < len(lines) && (strings.TrimSpace(lines[i]) == "" || strings.HasPrefix(strings.TrimSpace(lines[i]), "#")) {
		i++
	}
	if i >= len(lines) {
		return "", lineRange{}
	}
	m := pyDocStart.FindStringSubmatch(lines[i])
	if m == nil || len(m[1]) != 3 {
		return "", lineRange{}
	}
	quote := m[1]
	first := strings.TrimSpace(lines[i])
	first = first[strings.Index(first, quote)+3:]
	var doc []string
	for j := i; j < len(lines); j++ {
		text := first
		if j > i {
			text = lines[j]
		}
		if k := strings.Index(text, quote); k >= 0 {
			doc = append(doc, text[:k])
			q := cleanQuery(dedent(doc), "")
			if q == "" || hasLicense(q) {
				return "", lineRange{}
			}
			return q, lineRange{i + 1, j + 1}
		}
		doc = append(doc, text)
	}
	return "", lineRange{}
}

func hasLicense(s string) bool {
	low := strings.ToLower(s)
	for _, w := range licenseWords {
		if strings.Contains(low, w) {
			return true
		}
	}
	return false
}

// goPackageDoc reads the package doc of a Go file, without its leading
// "Package name".
func goPackageDoc(rel string, src []byte) (string, lineRange) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, rel, src, parser.PackageClauseOnly|parser.ParseComments)
	if err != nil || f.Doc == nil {
		return "", lineRange{}
	}
	text := f.Doc.Text()
	if rest, ok := strings.CutPrefix(text, "Package "+f.Name.Name+" "); ok {
		text = rest
	}
	q := cleanQuery(text, "")
	if q == "" || hasLicense(q) {
		return "", lineRange{}
	}
	return q, lineRange{fset.Position(f.Doc.Pos()).Line, fset.Position(f.Doc.End()).Line}
}

// shapePairs builds a file's pairs of the shapes beyond docstrings:
// its doc → its main chunk, "how does <file> work" → its main chunk, each
// named declaration's split name → its chunk, and a question built from
// each docstring → the docstring's answer. It also records the file's
// chunks in idx.
func shapePairs(s *Source, rel, lang, fdoc string, docs []Pair, chunks []chunker.Chunk, seed uint64, idx *symbolIndex) []Pair {
	var out []Pair
	mk := func(shape, q string, c chunker.Chunk, sym string) {
		out = append(out, Pair{Query: q, Code: embedText(rel, c.EmbedText()), Lang: lang, Source: s.Name,
			Shape: shape, Symbol: sym, Line: c.StartLine, Target: targetID(s.Name, rel, c.StartLine)})
	}
	main, ok := mainChunk(chunks)
	if ok {
		idx.addFile(rel, CodeRef{embedText(rel, main.EmbedText()), targetID(s.Name, rel, main.StartLine)})
		if fdoc != "" {
			mk(shapeFileDoc, fdoc, main, "")
		}
		if w := fileWords(rel); w != "" {
			mk(shapeQuestion, "how does "+w+" work", main, "")
		}
	}
	for _, c := range chunks {
		if c.EndLine-c.StartLine+1 < minCodeLines || !(declKinds[c.SymbolKind] || c.SymbolKind == "mixed") {
			continue
		}
		// Merged neighbours: each name leads to the chunk holding it.
		ref := CodeRef{embedText(rel, c.EmbedText()), targetID(s.Name, rel, c.StartLine)}
		for _, sym := range strings.Split(c.Symbol, ", ") {
			idx.addSymbol(rel, sym, ref)
			if q := identQuery(sym); q != "" {
				mk(shapeIdent, q, c, sym)
			}
		}
	}
	for _, p := range docs {
		if q := questionFrom(p.Query, p.Symbol, seed); q != "" {
			qp := p
			qp.Query, qp.Shape = q, shapeQuestion
			out = append(out, qp)
		}
	}
	return out
}

// mainChunk is the largest code chunk of a file, the one a file-level
// query should land on.
func mainChunk(chunks []chunker.Chunk) (chunker.Chunk, bool) {
	best, n := -1, 0
	for i, c := range chunks {
		if l := c.EndLine - c.StartLine + 1; l >= minCodeLines && l > n && c.SymbolKind != "imports" {
			best, n = i, l
		}
	}
	if best < 0 {
		return chunker.Chunk{}, false
	}
	return chunks[best], true
}

// genericStems are file names that say nothing about what a file does.
var genericStems = map[string]bool{"index": true, "main": true, "mod": true, "lib": true, "init": true,
	"util": true, "utils": true, "common": true, "types": true, "helpers": true, "base": true, "core": true}

// fileWords splits a file's name into words ("retry_policy.py" → "retry
// policy"), "" for generic names.
func fileWords(rel string) string {
	stem := path.Base(rel)
	if i := strings.IndexByte(stem, '.'); i > 0 {
		stem = stem[:i]
	}
	stem = strings.Trim(stem, "_")
	if genericStems[strings.ToLower(stem)] || len(stem) < 4 {
		return ""
	}
	return strings.Join(splitIdent(stem), " ")
}

// splitIdent splits a name into its lowercase words at every character
// that cannot be in an identifier, underscores, case changes and digits,
// exactly as the featurizer does.
func splitIdent(name string) []string {
	var words []string
	var sp ident.Splitter
	sp.Split(name, func(w []byte) { words = append(words, string(w)) }, nil)
	return words
}

// identQuery is the query a declaration's name makes ("Server.Close" →
// "close server", "ParseDuration" → "parse duration"), or "" when the name
// has fewer than two words.
func identQuery(sym string) string {
	parent, name := "", sym
	if i := strings.LastIndexByte(sym, '.'); i >= 0 {
		parent, name = sym[:i], sym[i+1:]
	}
	if strings.ToUpper(name) == name {
		return "" // a constant, macro or include guard: not how people name things
	}
	words := splitIdent(name)
	if len(words) < 2 && parent != "" {
		pw := splitIdent(parent[strings.LastIndexByte(parent, '.')+1:])
		words = append(words, pw...)
	}
	if len(words) < 2 || len(strings.Join(words, "")) < 6 {
		return ""
	}
	return strings.Join(words, " ")
}

// participles of common verbs, for "where is X parsed".
var participles = map[string]string{
	"handle": "handled", "parse": "parsed", "create": "created", "compute": "computed", "validate": "validated",
	"read": "read", "write": "written", "open": "opened", "close": "closed", "load": "loaded", "encode": "encoded",
	"decode": "decoded", "convert": "converted", "format": "formatted", "check": "checked", "register": "registered",
	"build": "built", "send": "sent", "store": "stored", "initialize": "initialized", "initialise": "initialised",
	"generate": "generated", "process": "processed", "resolve": "resolved", "render": "rendered", "serialize": "serialized",
	"calculate": "calculated", "update": "updated", "delete": "deleted", "remove": "removed", "add": "added",
	"set": "set", "apply": "applied", "match": "matched", "sort": "sorted", "copy": "copied", "escape": "escaped",
	"split": "split", "merge": "merged", "normalize": "normalized", "configure": "configured", "allocate": "allocated",
}

// baseVerb turns a third-person verb ("parses", "applies") into its base
// form, or "" when w does not look like one.
func baseVerb(w string) string {
	if len(w) < 4 || !strings.HasSuffix(w, "s") || strings.HasSuffix(w, "ss") || strings.ToLower(w) != w {
		return ""
	}
	for _, r := range w {
		if r < 'a' || r > 'z' {
			return ""
		}
	}
	switch {
	case w == "does":
		return "do"
	case w == "has":
		return "have"
	case strings.HasSuffix(w, "ies"):
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(w, "sses"), strings.HasSuffix(w, "shes"), strings.HasSuffix(w, "ches"),
		strings.HasSuffix(w, "xes"), strings.HasSuffix(w, "zes"):
		return w[:len(w)-2]
	case strings.HasSuffix(w, "us"), strings.HasSuffix(w, "is"):
		return ""
	}
	return w[:len(w)-1]
}

// questionFrom rewrites a doc sentence as a question a user would ask
// ("Parses the duration string." → "how to parse the duration string",
// "where is the duration string parsed"), choosing the template by a hash
// of the seed and the doc; "how does <name> work" when the doc does not
// start with a verb. "" when neither applies.
func questionFrom(doc, sym string, seed uint64) string {
	sent := doc
	if i := strings.IndexAny(sent, ".;:"); i > 0 {
		sent = sent[:i]
	}
	words := strings.Fields(sent)
	if len(words) > 14 {
		words = words[:14]
	}
	u := unitHash(seed, doc)
	if len(words) >= 3 {
		verb := strings.ToLower(words[0][:1]) + words[0][1:]
		if base := baseVerb(verb); base != "" {
			rest := strings.Join(words[1:], " ")
			pp := participles[base]
			switch {
			case u < 0.3 && pp != "":
				return "where is " + rest + " " + pp
			case u < 0.55:
				return "how to " + base + " " + rest
			case u < 0.8:
				return "how do I " + base + " " + rest
			default:
				return "which function " + verb + " " + rest
			}
		}
	}
	if q := identQuery(sym); q != "" {
		return "how does " + q + " work"
	}
	return ""
}

// symbolIndex collects a source's named chunks and files, for README
// pairs and hard negatives.
type symbolIndex struct {
	byName map[string][]CodeRef  // lowercased declared name
	byFile map[string][]CodeRef  // file base name → its main chunk
	byWord map[string][]namedRef // word of a declared name
	seen   map[string]bool       // file and symbol already recorded
}

// namedRef is a chunk and the declaration it holds.
type namedRef struct {
	CodeRef
	sym string
}

func newSymbolIndex() *symbolIndex {
	return &symbolIndex{byName: map[string][]CodeRef{}, byFile: map[string][]CodeRef{},
		byWord: map[string][]namedRef{}, seen: map[string]bool{}}
}

// addSymbol records the chunk holding sym in file rel. Only the first
// chunk of a declaration split in pieces counts as its definition.
func (x *symbolIndex) addSymbol(rel, sym string, ref CodeRef) {
	key := rel + "\x00" + sym
	if x.seen[key] {
		return
	}
	x.seen[key] = true
	name := sym[strings.LastIndexByte(sym, '.')+1:]
	x.byName[strings.ToLower(name)] = append(x.byName[strings.ToLower(name)], ref)
	for _, w := range splitIdent(name) {
		if len(w) >= 3 && !stopWords[w] {
			x.byWord[w] = append(x.byWord[w], namedRef{ref, sym})
		}
	}
}

func (x *symbolIndex) addFile(rel string, ref CodeRef) {
	x.byFile[path.Base(rel)] = append(x.byFile[path.Base(rel)], ref)
}

// stopWords are name parts too common to make two names similar.
var stopWords = map[string]bool{"get": true, "set": true, "new": true, "the": true, "for": true, "and": true,
	"with": true, "from": true, "impl": true, "init": true, "test": true, "is": true, "has": true}

// readmeMention finds backticked names and file names in README text.
var readmeMention = regexp.MustCompile("`([A-Za-z_][\\w.:/$-]*)(?:\\(\\))?`|\\b([\\w-]+\\.(?:go|py|js|ts|rs|rb|php|c|h|hpp|cc|cpp|java|kt|cs|swift|scala|lua|sh))\\b")

// readmePairs turns README sections into pairs: the section's heading and
// first sentence → the code the section names (a backticked declaration
// defined once in the source, or a file of the source).
func readmePairs(s *Source, docs []srcFile, idx *symbolIndex) []Pair {
	var out []Pair
	for _, d := range docs {
		src, err := os.ReadFile(d.path)
		if err != nil || len(src) > 1<<20 {
			continue
		}
		lines := strings.Split(string(src), "\n")
		for _, sec := range chunker.Symbols(d.rel, src) {
			if sec.Kind != "section" || sec.StartLine < 1 || sec.EndLine > len(lines) {
				continue
			}
			body := ownText(lines[sec.StartLine-1 : sec.EndLine])
			ref, ok := idx.resolve(strings.Join(body, "\n"))
			if !ok {
				continue
			}
			q := cleanQuery(sec.Name+". "+firstProse(body[1:]), "")
			if q == "" {
				continue
			}
			file, _, _ := strings.Cut(ref.Code, "\n")
			out = append(out, Pair{Query: q, Code: ref.Code, Lang: fileLang(file), Source: s.Name, Shape: shapeReadme, Target: ref.Target})
		}
	}
	return out
}

// resolve returns the first code a README text names unambiguously.
func (x *symbolIndex) resolve(text string) (CodeRef, bool) {
	for _, m := range readmeMention.FindAllStringSubmatch(text, -1) {
		if m[2] != "" {
			if refs := x.byFile[m[2]]; len(refs) == 1 {
				return refs[0], true
			}
			continue
		}
		name := m[1]
		if i := strings.LastIndexAny(name, ".:/"); i >= 0 {
			name = name[i+1:]
		}
		if len(name) < 4 {
			continue
		}
		if refs := x.byName[strings.ToLower(name)]; len(refs) == 1 {
			return refs[0], true
		}
	}
	return CodeRef{}, false
}

// ownText cuts a Markdown section before its first subsection.
func ownText(body []string) []string {
	for i := 1; i < len(body); i++ {
		if strings.HasPrefix(body[i], "#") {
			return body[:i]
		}
	}
	return body
}

// firstProse is the first sentence of the first prose paragraph of a
// section: code blocks, tables, images and badges are skipped.
func firstProse(lines []string) string {
	var para []string
	inFence := false
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			inFence = !inFence
			continue
		}
		if inFence || strings.HasPrefix(l, "    ") || strings.HasPrefix(t, "|") || strings.HasPrefix(t, "![") ||
			strings.HasPrefix(t, "[![") || strings.HasPrefix(t, "..") || strings.HasPrefix(t, "#") {
			if len(para) > 0 {
				break
			}
			continue
		}
		if t == "" {
			if len(para) > 0 {
				break
			}
			continue
		}
		para = append(para, t)
	}
	text := strings.Join(para, " ")
	if i := strings.Index(text, ". "); i > 0 {
		text = text[:i+1]
	}
	return text
}

// addHardNegatives gives each pair of a source up to h.HardPerPair
// chunks of the same source whose names share a word with the answer's
// name (ParseTime for ParseDuration), chosen by a hash of the seed and the
// query.
func addHardNegatives(sm sourceMined, idx *symbolIndex, h Hyper) {
	if h.HardPerPair <= 0 {
		return
	}
	add := func(p *Pair) {
		name := p.Symbol
		if name == "" {
			return
		}
		words := splitIdent(name[strings.LastIndexByte(name, '.')+1:])
		// Longer words are rarer: try them first.
		sort.SliceStable(words, func(i, j int) bool { return len(words[i]) > len(words[j]) })
		for k, w := range words {
			cands := idx.byWord[w]
			if len(cands) < 2 {
				continue
			}
			start := int(unitHash(h.Seed+uint64(k), p.Query) * float64(len(cands)))
			for j := 0; j < len(cands) && len(p.Hard) < h.HardPerPair; j++ {
				// Another piece of the same declaration (a long function
				// split in several chunks) is not a negative.
				c := cands[(start+j)%len(cands)]
				if c.Target != p.Target && c.sym != p.Symbol && !slices.ContainsFunc(p.Hard, func(x CodeRef) bool { return x.Target == c.Target }) {
					p.Hard = append(p.Hard, c.CodeRef)
				}
			}
			if len(p.Hard) >= h.HardPerPair {
				return
			}
		}
	}
	for i := range sm.files {
		for j := range sm.files[i].pairs {
			add(&sm.files[i].pairs[j])
		}
	}
	for i := range sm.extra {
		add(&sm.extra[i])
	}
}
