package terminal

import (
	"strconv"
	"strings"

	"github.com/codeseek/codeseek/formatter"
)

// The navigation views share the search view's parts: a magenta path with
// green line numbers heads each file or item, declarations are bold,
// signatures and source lines are syntax-coloured with the name asked
// about emphasised, and notes (kinds, counts, how a match was made) are
// dim.

// pos is path:line (or path:start-end) in the view's colours.
func pos(file, lines string) []seg {
	return []seg{styled(file, stylePath), plain(":"), styled(lines, styleLine)}
}

// nameMatch notes an answer found by name alone, not proved by the
// symbol graph.
func nameMatch(match string) []seg {
	if match == "" || match == formatter.MatchExactValue {
		return nil
	}
	return []seg{plain(" "), styled("("+match+" match)", styleContext)}
}

// snippet is one line of code (a signature, a referencing line)
// syntax-coloured as the language of file, with terms emphasised.
func (p *printer) snippet(text, file string, terms []string) []seg {
	lines := codeLines(strings.TrimSpace(text), file, "", p.color)
	var out []seg
	for i, l := range lines {
		if i > 0 {
			out = append(out, plain(" "))
		}
		out = append(out, emphasise(l, terms)...)
	}
	return out
}

// nameTerms are the terms that emphasise a declaration's name in code:
// its last part ("Do" of "Client.Do"), whole.
func nameTerms(symbol string) []string {
	if i := strings.LastIndexAny(symbol, ".:#>\\"); i >= 0 {
		symbol = symbol[i+1:]
	}
	if symbol == "" {
		return nil
	}
	return []string{asciiLower(symbol)}
}

// Symbols draws a file's declarations: the path, then per declaration its
// lines, kind, name (with its parent) and signature.
func Symbols(r formatter.SymbolList, o Options) (string, error) {
	all := r.Symbols
	return fit(len(all), o, func(k int, o Options) string {
		p := newPrinter(o)
		head := []seg{styled(r.FilePath, stylePath)}
		meta := plural(len(all), "declaration", "declarations")
		if r.Language != "" {
			meta = r.Language + ", " + meta
		}
		p.line(append(head, plain("  "), styled(meta, styleContext))...)
		lw, kw := 0, 0
		for _, s := range all[:k] {
			lw = max(lw, len(lineRange(s.StartLine, s.EndLine)))
			kw = max(kw, textWidth(s.Kind))
		}
		for _, s := range all[:k] {
			lr := lineRange(s.StartLine, s.EndLine)
			segs := []seg{styled(strings.Repeat(" ", lw-len(lr))+lr, styleLine), plain("  "),
				styled(s.Kind+strings.Repeat(" ", kw-textWidth(s.Kind)), styleContext), plain("  ")}
			if s.Parent != "" {
				segs = append(segs, styled(s.Parent+".", styleContext))
			}
			segs = append(segs, styled(s.Name, styleSymbol))
			if s.Signature != "" {
				segs = append(segs, plain("  "))
				segs = append(segs, p.snippet(s.Signature, r.FilePath, nil)...)
			}
			p.line(segs...)
		}
		if len(all) == 0 {
			p.line(styled("no declarations", styleContext))
		}
		if w := leftOut("", len(all)-k, "declarations", o.MaxTokens); w != "" {
			p.blank()
			p.warning(w)
		}
		return p.String()
	})
}

// Definitions draws a def answer: per declaration path:line, name and
// kind, then its signature at its line number and the first line of its
// documentation.
func Definitions(r formatter.DefinitionResponse, o Options) (string, error) {
	all := r.Definitions
	return fit(len(all), o, func(k int, o Options) string {
		p := newPrinter(o)
		for i, d := range all[:k] {
			if i > 0 {
				p.blank()
			}
			p.definition(d, true)
		}
		if len(all) == 0 {
			p.line(styled("no definitions of "+r.Query, styleContext))
		}
		p.tail(leftOut(r.Warning, len(all)-k, "definitions", o.MaxTokens), len(all) > 0)
		return p.String()
	})
}

// definition draws a declaration's header and, with body, its signature
// and doc line.
func (p *printer) definition(d formatter.Definition, body bool) {
	head := pos(d.FilePath, strconv.Itoa(d.Line))
	head = append(head, plain("  "), styled(d.Symbol, styleSymbol))
	if d.Kind != "" {
		head = append(head, plain(" "), styled("("+d.Kind+")", styleContext))
	}
	p.line(append(head, nameMatch(d.Match)...)...)
	if !body {
		return
	}
	num := strconv.Itoa(d.Line)
	if d.Signature != "" {
		p.line(append([]seg{styled(num, styleLine), plain(":")}, p.snippet(d.Signature, d.FilePath, nameTerms(d.Symbol))...)...)
	}
	if d.Doc != "" {
		p.line(plain(strings.Repeat(" ", len(num)+1)), styled(d.Doc, styleContext))
	}
}

// tail writes a warning after a blank line (when something came before).
func (p *printer) tail(warning string, after bool) {
	if warning == "" {
		return
	}
	if after {
		p.blank()
	}
	p.warning(warning)
}

// References draws a refs answer as ripgrep draws matches: the
// declaration, then per file the path and per use line:column and the
// line with the name emphasised, its kind and enclosing declaration dim.
func References(r formatter.ReferencesResponse, o Options) (string, error) {
	all := r.References
	terms := nameTerms(r.Definition.Symbol)
	return fit(len(all), o, func(k int, o Options) string {
		p := newPrinter(o)
		p.definition(r.Definition, false)
		p.line(styled(plural(r.TotalCount, "reference", "references")+", "+strconv.Itoa(r.ExactCount)+" exact", styleContext))
		p.refs(all[:k], terms, "")
		p.tail(leftOut(r.Warning, len(all)-k, "references", o.MaxTokens), true)
		return p.String()
	})
}

// refs draws references grouped by file; indent goes before each line.
func (p *printer) refs(refs []formatter.Reference, terms []string, indent string) {
	prev := "\x00"
	for _, x := range refs {
		if x.FilePath != prev {
			if indent == "" {
				p.blank()
			}
			p.line(plain(indent), styled(x.FilePath, stylePath))
			prev = x.FilePath
		}
		at := strconv.Itoa(x.Line)
		if x.Column > 0 {
			at += ":" + strconv.Itoa(x.Column)
		}
		segs := []seg{plain(indent), styled(at, styleLine), plain(":")}
		if x.Text != "" {
			segs = append(segs, p.snippet(x.Text, x.FilePath, terms)...)
		}
		note := x.Kind
		if x.Via != "" {
			note += " via " + x.Via
		}
		if x.Enclosing != "" {
			note = strings.TrimSpace(note + " in " + x.Enclosing)
		}
		if note != "" {
			segs = append(segs, plain("  "), styled(note, styleContext))
		}
		p.line(append(segs, nameMatch(x.Match)...)...)
	}
}

// CallHierarchy draws who calls a function (incoming, "←") or what it
// calls (outgoing, "→") as an indented tree.
func CallHierarchy(r formatter.CallHierarchyResponse, o Options) (string, error) {
	n := countNodes(r.Calls)
	return fit(n, o, func(k int, o Options) string {
		p := newPrinter(o)
		p.definition(r.Root, false)
		what, arrow := "callers", "← "
		if r.Direction == "outgoing" {
			what, arrow = "callees", "→ "
		}
		p.line(styled(what+", "+plural(r.TotalCount, "function", "functions")+" to depth "+strconv.Itoa(r.Depth), styleContext))
		if len(r.Calls) > 0 {
			p.blank()
		}
		left := k
		var walk func(ns []formatter.CallNode, depth int)
		walk = func(ns []formatter.CallNode, depth int) {
			for _, c := range ns {
				if left <= 0 {
					return
				}
				left--
				segs := []seg{plain(strings.Repeat("  ", depth) + arrow), styled(c.Symbol, styleSymbol), plain("  ")}
				segs = append(segs, pos(c.FilePath, strconv.Itoa(c.Line))...)
				if len(c.CallLines) > 0 {
					at := make([]string, len(c.CallLines))
					for i, l := range c.CallLines {
						at[i] = strconv.Itoa(l)
					}
					segs = append(segs, plain("  "), styled("calls at "+strings.Join(at, ", "), styleContext))
				}
				p.line(append(segs, nameMatch(c.Match)...)...)
				walk(c.Calls, depth+1)
			}
		}
		walk(r.Calls, 0)
		if len(r.Calls) == 0 {
			p.line(styled("no "+what, styleContext))
		}
		p.tail(leftOut(r.Warning, n-k, "calls", o.MaxTokens), true)
		return p.String()
	})
}

func countNodes(ns []formatter.CallNode) int {
	n := 0
	for _, c := range ns {
		n += 1 + countNodes(c.Calls)
	}
	return n
}

// CodeMap draws a map: per file its path and most used declarations (line,
// kind, signature or name, how often used), then the directories folded
// into counts. Under o.MaxTokens it keeps the declarations the machine
// formats keep (formatter.FitCodeMap).
func CodeMap(r formatter.CodeMapResponse, o Options) (string, error) {
	draw := func(r formatter.CodeMapResponse, o Options) string {
		p := newPrinter(o)
		dir := r.Directory
		if dir == "" {
			dir = "."
		}
		p.line(styled("map of "+dir+": "+plural(r.TotalFiles, "file", "files")+", "+plural(r.TotalSymbols, "declaration", "declarations"), styleContext))
		for _, f := range r.Files {
			p.blank()
			p.line(styled(f.FilePath, stylePath))
			lw, kw := 0, 0
			for _, s := range f.Symbols {
				lw = max(lw, len(strconv.Itoa(s.Line)))
				kw = max(kw, textWidth(s.Kind))
			}
			for _, s := range f.Symbols {
				num := strconv.Itoa(s.Line)
				segs := []seg{styled(strings.Repeat(" ", lw-len(num))+num, styleLine), plain("  "),
					styled(s.Kind+strings.Repeat(" ", kw-textWidth(s.Kind)), styleContext), plain("  ")}
				if s.Signature != "" {
					segs = append(segs, p.snippet(s.Signature, f.FilePath, nameTerms(s.Symbol))...)
				} else {
					segs = append(segs, styled(s.Symbol, styleSymbol))
				}
				segs = append(segs, plain("  "), styled(plural(s.References, "use", "uses"), styleContext))
				p.line(segs...)
			}
			if f.More > 0 {
				p.line(plain(strings.Repeat(" ", lw+2)), styled(ellipsis+" "+strconv.Itoa(f.More)+" more", styleContext))
			}
		}
		if len(r.Folded) > 0 {
			p.blank()
			for _, f := range r.Folded {
				p.line(styled(f.Dir+"/", stylePath), plain("  "),
					styled(plural(f.Files, "file", "files")+", "+plural(f.Symbols, "declaration", "declarations"), styleContext))
			}
		}
		p.tail(r.Warning, true)
		return p.String()
	}
	plainOpts := o
	plainOpts.Color, plainOpts.Width = false, 0
	kept, err := formatter.FitCodeMap(r, o.MaxTokens, func(rr formatter.CodeMapResponse) (string, error) {
		return draw(rr, plainOpts), nil
	})
	if err != nil {
		return "", err
	}
	return draw(kept, o), nil
}

// Affected draws what a diff touches: per declaration its risk (high in
// red), the change, path:line, the old and new signature, and the uses
// elsewhere that may feel it.
func Affected(r formatter.AffectedResponse, o Options) (string, error) {
	all := r.Changes
	return fit(len(all), o, func(k int, o Options) string {
		p := newPrinter(o)
		p.line(styled("changes against "+r.Base+": "+plural(len(r.FilesChanged), "file", "files")+", "+
			plural(len(all), "declaration", "declarations"), styleContext))
		for _, c := range all[:k] {
			p.blank()
			risk := styleWarning
			switch c.Risk {
			case "high":
				risk = styleHighRisk
			case "low":
				risk = styleContext
			}
			segs := []seg{styled(c.Risk, risk), plain("  "), plain(strings.ReplaceAll(c.Change, "_", " ")), plain("  "),
				styled(c.Symbol, styleSymbol)}
			if c.Kind != "" {
				segs = append(segs, plain(" "), styled("("+c.Kind+")", styleContext))
			}
			segs = append(segs, plain("  "))
			segs = append(segs, pos(c.FilePath, strconv.Itoa(c.Line))...)
			segs = append(segs, plain("  "), styled(plural(c.ReferenceCount, "use", "uses"), styleContext))
			p.line(segs...)
			terms := nameTerms(c.Symbol)
			if c.OldSignature != "" && c.OldSignature != c.Signature {
				p.line(append([]seg{styled("  was ", styleContext)}, p.snippet(c.OldSignature, c.FilePath, terms)...)...)
				if c.Signature != "" {
					p.line(append([]seg{styled("  now ", styleContext)}, p.snippet(c.Signature, c.FilePath, terms)...)...)
				}
			}
			p.refs(c.References, terms, "  ")
		}
		if len(all) == 0 {
			p.blank()
			p.line(styled("no declarations changed", styleContext))
		}
		p.tail(leftOut(r.Warning, len(all)-k, "changes", o.MaxTokens), true)
		return p.String()
	})
}
