package formatter

import (
	"fmt"
	"strings"
)

// Markdown for the navigation answers: a header, then the items grouped by
// file, position first, as people scan them.

func markdownWarning(b *strings.Builder, warning string) {
	if warning != "" {
		fmt.Fprintf(b, "\n> ⚠ %s\n", inlineText(warning))
	}
}

func markdownDefinitions(r DefinitionResponse, d Detail) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Definitions: %s\n\n**Found**: %s", codeSpan(r.Query), thousands(r.TotalCount))
	if d == Detailed && r.RepositoryID != "" {
		fmt.Fprintf(&b, " · **Repository**: %s", codeSpan(r.RepositoryID))
	}
	b.WriteString("\n")
	if len(r.Definitions) == 0 {
		b.WriteString("\n_No definitions._\n")
	}
	for _, x := range r.Definitions {
		fmt.Fprintf(&b, "\n- %s:%d %s %s (%s)", codeSpan(x.FilePath), x.Line, inlineText(x.Kind), codeSpan(x.Symbol), x.Match)
		if x.Signature != "" {
			fmt.Fprintf(&b, "\n  %s", codeSpan(x.Signature))
		}
		if d == Detailed && x.Doc != "" {
			fmt.Fprintf(&b, "\n  %s", inlineText(x.Doc))
		}
	}
	b.WriteString("\n")
	markdownWarning(&b, r.Warning)
	return b.String()
}

func markdownReferences(r ReferencesResponse, d Detail) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# References: %s", codeSpan(r.Definition.Symbol))
	if r.Definition.FilePath != "" {
		fmt.Fprintf(&b, " (%s %s:%d)", inlineText(r.Definition.Kind), codeSpan(r.Definition.FilePath), r.Definition.Line)
	}
	fmt.Fprintf(&b, "\n\n**Found**: %s (%s exact)\n", thousands(r.TotalCount), thousands(r.ExactCount))
	if len(r.References) == 0 {
		b.WriteString("\n_No references._\n")
	}
	prev := ""
	for _, x := range r.References {
		if x.FilePath != prev {
			fmt.Fprintf(&b, "\n%s\n", codeSpan(x.FilePath))
			prev = x.FilePath
		}
		fmt.Fprintf(&b, "  @%d %s", x.Line, inlineText(x.Kind))
		if x.Via != "" {
			fmt.Fprintf(&b, " via macro %s", codeSpan(x.Via))
		}
		if x.Enclosing != "" {
			fmt.Fprintf(&b, " in %s", codeSpan(x.Enclosing))
		}
		if x.Match != MatchExactValue {
			b.WriteString(" (name match)")
		}
		if d == Detailed && x.Text != "" {
			fmt.Fprintf(&b, ": %s", codeSpan(x.Text))
		}
		b.WriteString("\n")
	}
	markdownWarning(&b, r.Warning)
	return b.String()
}

func markdownCallHierarchy(r CallHierarchyResponse, d Detail) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Call hierarchy (%s): %s (%s:%d)\n\n**Nodes**: %s\n\n", inlineText(r.Direction), codeSpan(r.Root.Symbol),
		codeSpan(r.Root.FilePath), r.Root.Line, thousands(r.TotalCount))
	if len(r.Calls) == 0 {
		b.WriteString("_No calls._\n")
	}
	var walk func(ns []CallNode, depth int)
	walk = func(ns []CallNode, depth int) {
		for _, n := range ns {
			fmt.Fprintf(&b, "%s- %s %s:%d", strings.Repeat("  ", depth), codeSpan(n.Symbol), codeSpan(n.FilePath), n.Line)
			if len(n.CallLines) > 0 {
				at := make([]string, len(n.CallLines))
				for i, l := range n.CallLines {
					at[i] = itoa(l)
				}
				fmt.Fprintf(&b, " (calls at %s)", strings.Join(at, ", "))
			}
			if n.Match != MatchExactValue {
				b.WriteString(" (name match)")
			}
			if d == Detailed && n.Signature != "" {
				fmt.Fprintf(&b, ": %s", codeSpan(n.Signature))
			}
			b.WriteString("\n")
			walk(n.Calls, depth+1)
		}
	}
	walk(r.Calls, 0)
	markdownWarning(&b, r.Warning)
	return b.String()
}

func markdownCodeMap(r CodeMapResponse, d Detail) string {
	var b strings.Builder
	dir := r.Directory
	if dir == "" {
		dir = "."
	}
	fmt.Fprintf(&b, "# Code map: %s\n\n**Files**: %s · **Symbols**: %s\n", codeSpan(dir), thousands(r.TotalFiles), thousands(r.TotalSymbols))
	for _, f := range r.Files {
		fmt.Fprintf(&b, "\n%s\n", codeSpan(f.FilePath))
		for _, s := range f.Symbols {
			text := codeSpan(s.Symbol)
			if d == Detailed && s.Signature != "" {
				text = codeSpan(s.Signature)
				if name := s.Symbol[strings.LastIndexByte(s.Symbol, '.')+1:]; !strings.Contains(s.Signature, name) {
					// `typedef struct {…} jv;` is signed `typedef struct`: the name says what it is.
					text = codeSpan(s.Symbol) + " " + text
				}
			}
			fmt.Fprintf(&b, "  @%d %s %s (%s refs)\n", s.Line, inlineText(s.Kind), text, thousands(s.References))
		}
		if f.More > 0 {
			fmt.Fprintf(&b, "  … %s more\n", thousands(f.More))
		}
	}
	if len(r.Folded) > 0 {
		b.WriteString("\nFolded:\n")
		for _, f := range r.Folded {
			fmt.Fprintf(&b, "- %s: %s files, %s symbols\n", codeSpan(f.Dir), thousands(f.Files), thousands(f.Symbols))
		}
	}
	markdownWarning(&b, r.Warning)
	return b.String()
}

func markdownAffected(r AffectedResponse, d Detail) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Affected by diff against %s\n\n**Files changed**: %s · **Declarations changed**: %s\n",
		codeSpan(r.Base), thousands(len(r.FilesChanged)), thousands(len(r.Changes)))
	if len(r.Changes) == 0 {
		b.WriteString("\n_No declarations changed._\n")
	}
	for _, c := range r.Changes {
		fmt.Fprintf(&b, "\n- **%s** %s %s %s:%d (%s, %s references)\n", inlineText(c.Risk), inlineText(c.Change), codeSpan(c.Symbol),
			codeSpan(c.FilePath), c.Line, inlineText(c.Kind), thousands(c.ReferenceCount))
		switch {
		case d != Detailed || c.OldSignature == "" || c.OldSignature == c.Signature:
		case c.Signature == "":
			fmt.Fprintf(&b, "  was %s\n", codeSpan(c.OldSignature)) // removed
		default:
			fmt.Fprintf(&b, "  was %s, now %s\n", codeSpan(c.OldSignature), codeSpan(c.Signature))
		}
		for _, x := range c.References {
			fmt.Fprintf(&b, "  - %s:%d", codeSpan(x.FilePath), x.Line)
			if x.Enclosing != "" {
				fmt.Fprintf(&b, " in %s", codeSpan(x.Enclosing))
			}
			if x.Match != MatchExactValue {
				b.WriteString(" (name match)")
			}
			b.WriteString("\n")
		}
	}
	markdownWarning(&b, r.Warning)
	return b.String()
}
