package chunker

import sitter "github.com/smacker/go-tree-sitter"

// preprocessed are the languages of C's preprocessor whose files get a
// second parse (parseCode). Their grammars parse a conditional that wraps
// whole declarations, but not one inside a declaration, where it breaks
// the declaration and often everything after it:
//
//	#if MESSAGEPACK_INTERNAL
//	    internal
//	#else
//	    public
//	#endif
//	    ref partial struct MessagePackReader
//
// left the struct's thousand lines as pieces of the namespace, its
// methods declared nowhere. C is left out: its files' errors touch a
// directive far more often (a macro the grammar does not know, beside an
// #ifdef), and on the Linux kernel the second parses cost 17% more
// indexing time for no better name look-ups (docs/chunking.md).
var preprocessed = map[string]bool{"cpp": true, "csharp": true}

// parseCode parses code of lang. When a syntax error of a file of C's
// preprocessor touches a conditional directive, the file is parsed again
// as the compiler would see it with every conditional's first branch
// taken (firstBranch), as ctags reads such files, and the tree with fewer
// errors is kept. The offsets are the same in both, so either tree
// describes the file. Errors elsewhere (a macro the grammar does not
// know, common in C) cost no second parse.
func parseCode(pool *parserPool, lang string, code []byte) (*sitter.Tree, error) {
	tree, err := pool.parse(code)
	if err != nil || !preprocessed[lang] || !tree.RootNode().HasError() {
		return tree, err
	}
	first, changed := firstBranch(code)
	if !changed || !errorAtDirective(tree.RootNode(), code, first) {
		return tree, nil
	}
	alt, err := pool.parse(first)
	if err != nil {
		return tree, nil // the file's own parse stands
	}
	if syntaxErrors(alt.RootNode()) < syntaxErrors(tree.RootNode()) {
		tree.Close()
		return alt, nil
	}
	alt.Close()
	return tree, nil
}

// firstBranch returns src with its conditional directives (#if, #ifdef,
// #ifndef, #elif, #else, #endif) blanked, and with them every #elif and
// #else branch, so that the first branch of each conditional is what
// remains. Blanking writes spaces over everything but line ends, so
// offsets and line numbers stay those of src. changed is false when src
// has no conditional.
func firstBranch(src []byte) (out []byte, changed bool) {
	for i := 0; i < len(src); i++ {
		if src[i] != '#' || !atLineStart(src, i) {
			continue
		}
		var end int
		switch word := directiveWord(src, i); word {
		case "if", "ifdef", "ifndef", "endif":
			end = directiveEnd(src, i)
		case "else", "elif", "elifdef", "elifndef":
			end = skipDirective(src, i) // the branches after the first, to their #endif
		default:
			continue
		}
		if !changed {
			out, changed = append([]byte(nil), src...), true
		}
		for j := i; j <= end && j < len(out); j++ {
			if out[j] != '\n' && out[j] != '\r' {
				out[j] = ' '
			}
		}
		i = end
	}
	if !changed {
		return src, false
	}
	return out, true
}

// syntaxErrors counts the ERROR and missing nodes of a tree.
func syntaxErrors(root *sitter.Node) int {
	n := 0
	eachError(root, func(*sitter.Node) bool { n++; return true })
	return n
}

// errorAtDirective reports whether a syntax error of the tree covers or
// borders a byte that firstBranch blanked: a directive, or a branch
// after the first.
func errorAtDirective(root *sitter.Node, code, first []byte) bool {
	found := false
	eachError(root, func(e *sitter.Node) bool {
		a, b := int(e.StartByte()), int(e.EndByte())
		a, b = max(a-1, 0), min(b+1, len(code)) // a missing node is empty
		for i := a; i < b; i++ {
			if code[i] != first[i] {
				found = true
				return false
			}
		}
		return true
	})
	return found
}

// eachError calls visit for each ERROR and missing node of a tree, in
// order, until visit returns false. Only subtrees holding an error are
// entered.
func eachError(root *sitter.Node, visit func(*sitter.Node) bool) {
	c := sitter.NewTreeCursor(root)
	defer c.Close()
	for {
		node := c.CurrentNode()
		if (node.IsError() || node.IsMissing()) && !visit(node) {
			return
		}
		if node.HasError() && c.GoToFirstChild() {
			continue
		}
		for !c.GoToNextSibling() {
			if !c.GoToParent() {
				return
			}
		}
	}
}
