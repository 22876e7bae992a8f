package chunker

import (
	"bytes"
	"strings"

	"github.com/codeseek/codeseek/internal/lazyre"
)

// Perl has no grammar in the binding this project uses, and a lexer that
// follows its quoting (regular expressions after any operator, q{} with
// any delimiter, here-documents) would be a parser. Its code is read by
// lines instead, as it is written: a `sub name {` opens a subroutine that
// the first `}` at the column of its `sub` closes, `package Name;`
// names the subroutines after it, `use` and `require` lines import, and a
// run of `#` comments or a POD block (`=head2 …` to `=cut`) just above a
// subroutine is its doc. What a script runs at its top level is loose
// code between them.

// perlSub matches a line opening a named subroutine; group 1 is its
// indentation, group 2 its name (`Pkg::name` declares into Pkg).
var perlSub = lazyre.New(`^([ \t]*)sub[ \t]+([A-Za-z_][\w:']*)`)

// perlPackage matches a package declaration; group 1 is its name.
var perlPackage = lazyre.New(`^[ \t]*package[ \t]+([A-Za-z_][\w:]*)[ \t]*[;{]`)

// perlVar matches a top-level variable's declaration with its value
// (`my %warnings = (`, `our @EXPORT = qw(…);`); group 1 is its name.
var perlVar = lazyre.New(`^(?:my|our)[ \t]+([$@%][A-Za-z_]\w*)[ \t]*=`)

// perlImport matches a line loading a module.
var perlImport = lazyre.New(`^[ \t]*(?:use|no|require)[ \t]+[\w:.]+`)

// perlImportName matches the module a `use` or `require` line names;
// group 1 is the name (pragmas such as strict are modules too).
var perlImportName = lazyre.New(`^[ \t]*(?:use|require)[ \t]+([A-Za-z_][\w:]*)`)

// perlScan is a Perl file read by lines.
type perlScan struct{ s *source }

func scanPerl(s *source) *perlScan { return &perlScan{s: s} }

// text is line i as a string.
func (p *perlScan) text(i int) string { return string(p.s.line(i)) }

// outline reads the file's items: subroutines with their docs, package
// and import lines, and the loose code between them, up to `__END__`
// or `__DATA__`, after which the file holds data or documentation.
func (p *perlScan) outline() []*outlineItem {
	var items []*outlineItem
	pkg := ""
	docA, docB := -1, -1 // the comment or POD lines waiting for a subroutine
	var loose *outlineItem
	flushDoc := func() {
		if docA >= 0 {
			items = append(items, &outlineItem{a: docA, b: docB})
			docA, docB = -1, -1
		}
	}
	addLoose := func(i int) {
		flushDoc()
		if loose == nil || loose.b < i-1 && !p.s.allBlank(loose.b+1, i-1) {
			loose = &outlineItem{a: i, b: i}
			items = append(items, loose)
			return
		}
		loose.b = i
	}
	for i := 0; i < p.s.n; i++ {
		t := p.text(i)
		switch {
		case strings.TrimSpace(t) == "":
			continue
		case t == "__END__" || t == "__DATA__":
			flushDoc()
			items = append(items, &outlineItem{a: i, b: p.s.n - 1})
			return items
		case podStart(t):
			j := p.podEnd(i)
			p.keepDoc(&docA, &docB, i, j)
			i = j
			continue
		case strings.HasPrefix(strings.TrimSpace(t), "#") && !strings.HasPrefix(t, "#!"):
			p.keepDoc(&docA, &docB, i, i)
			continue
		}
		if m := perlSub().FindStringSubmatch(t); m != nil {
			end := p.subEnd(i, len(m[1]))
			d := &decl{name: m[2], kind: "function", parent: pkg, sig: strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(t), "{"))}
			if k := strings.LastIndex(m[2], "::"); k > 0 {
				d.name, d.parent = m[2][k+2:], m[2][:k]
			}
			it := &outlineItem{a: i, b: end, d: d, at: p.s.start[i] + strings.Index(t, m[2]) + len(m[2]) - len(d.name)}
			if docA >= 0 && p.s.allBlank(docB+1, i-1) && i-docB <= 2 {
				it.a = docA
				d.doc = strings.TrimSpace(p.s.text(docA, docB))
				d.docA, d.docB = docA, docB
				docA, docB = -1, -1
			}
			flushDoc()
			d.a, d.b = it.a, it.b
			items = append(items, it)
			loose = nil
			i = end
			continue
		}
		if m := perlPackage().FindStringSubmatch(t); m != nil {
			flushDoc()
			pkg = m[1]
			d := &decl{name: m[1], kind: "module", sig: strings.TrimSpace(t), a: i, b: i}
			items = append(items, &outlineItem{a: i, b: i, d: d, at: p.s.start[i] + strings.Index(t, m[1])})
			loose = nil
			continue
		}
		if m := perlVar().FindStringSubmatch(t); m != nil {
			flushDoc()
			end := p.statementEnd(i)
			d := &decl{name: m[1], kind: "var", parent: pkg, sig: strings.TrimSpace(t), a: i, b: end}
			items = append(items, &outlineItem{a: i, b: end, d: d, at: p.s.start[i] + strings.Index(t, m[1])})
			loose = nil
			i = end
			continue
		}
		if perlImport().MatchString(t) {
			flushDoc()
			end := i
			for end+1 < p.s.n && !strings.Contains(p.text(end), ";") && end-i < maxPerlImportLines {
				end++
			}
			items = append(items, &outlineItem{a: i, b: end, imports: true})
			loose = nil
			i = end
			continue
		}
		addLoose(i)
	}
	flushDoc()
	return items
}

// statementEnd returns the line ending the top-level statement opened at
// line i: the first from it that ends with ";" where its brackets close,
// or the last before a line that opens another in the first column
// (`my`, `our`, `sub`, `package`, `use`), had a bracket in a string kept
// them open.
func (p *perlScan) statementEnd(i int) int {
	depth, last := 0, i
	for j := i; j < p.s.n; j++ {
		t := strings.TrimRight(p.text(j), " \t")
		if j > i && perlTopStatement().MatchString(t) {
			return last
		}
		for k := 0; k < len(t); k++ {
			switch t[k] {
			case '(', '[', '{':
				depth++
			case ')', ']', '}':
				depth--
			case '#':
				if k == 0 || t[k-1] == ' ' || t[k-1] == '\t' {
					k = len(t) // a comment to the line's end
				}
			}
		}
		if strings.TrimSpace(t) != "" {
			last = j
		}
		if depth <= 0 && strings.HasSuffix(t, ";") {
			return j
		}
	}
	return last
}

// perlTopStatement matches a line opening a statement in the first
// column that no value spans.
var perlTopStatement = lazyre.New(`^(?:my|our|sub|package|use|require)\b`)

// maxPerlImportLines bounds the lines one `use` statement is read over
// (`use constant { … };`).
const maxPerlImportLines = 32

// podStart reports a line opening a POD block: `=` and a command word
// in the first column.
func podStart(t string) bool {
	return len(t) > 1 && t[0] == '=' && (t[1] >= 'a' && t[1] <= 'z' || t[1] >= 'A' && t[1] <= 'Z')
}

// podEnd returns the line closing the POD block opened at line i: its
// `=cut`, or the file's last line.
func (p *perlScan) podEnd(i int) int {
	for j := i + 1; j < p.s.n; j++ {
		if t := p.text(j); t == "=cut" || strings.HasPrefix(t, "=cut ") || strings.HasPrefix(t, "=cut\t") {
			return j
		}
	}
	return p.s.n - 1
}

// keepDoc adds lines a..b to the comment run waiting above what follows,
// which a blank line parts from an earlier run (kept as loose lines).
func (p *perlScan) keepDoc(docA, docB *int, a, b int) {
	if *docA >= 0 && !p.s.allBlank(*docB+1, a-1) {
		*docA = -1
	}
	if *docA < 0 {
		*docA = a
	}
	*docB = b
}

// subEnd returns the last line of the subroutine whose `sub` is at line
// i, indented by indent bytes: its line when its braces close there, else
// the first later line whose `}` stands at that indentation, else the
// line before the next declaration at that indentation or less.
func (p *perlScan) subEnd(i, indent int) int {
	line := p.s.line(i)
	if open := bytes.Count(line, []byte("{")); open > 0 && open == bytes.Count(line, []byte("}")) {
		return i
	}
	last := i
	for j := i + 1; j < p.s.n; j++ {
		t := p.text(j)
		trimmed := strings.TrimLeft(t, " \t")
		ind := len(t) - len(trimmed)
		switch {
		case trimmed == "":
			continue
		case strings.HasPrefix(trimmed, "}") && ind == indent:
			return j
		case ind <= indent && (perlSub().MatchString(t) || perlPackage().MatchString(t) || podStart(t) || t == "__END__" || t == "__DATA__"):
			return last
		}
		if !strings.HasPrefix(trimmed, "#") {
			last = j
		}
	}
	return last
}

// graph declares the outline's subroutines and packages, and the modules
// the file loads.
func (p *perlScan) graph(items []*outlineItem) *Graph {
	g := &Graph{Defs: outlineDefs(p.s, items)}
	for _, it := range items {
		if !it.imports {
			continue
		}
		if m := perlImportName().FindStringSubmatch(p.text(it.a)); m != nil {
			name := m[1]
			if k := strings.LastIndex(name, "::"); k >= 0 {
				name = name[k+2:]
			}
			g.Imports = append(g.Imports, Import{Name: name, Path: m[1], Line: it.a + 1})
		}
	}
	return g
}
