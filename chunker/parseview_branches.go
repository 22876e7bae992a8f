package chunker

// A conditional whose branches each open the same brace (`#ifdef
// LARGE_FLAGS` / `if (parse_u64(…)) {` / `#else` / `if (parse_u32(…)) {`
// / `#endif`, closed once after it) is balanced to the compiler, which
// sees one branch, and not to the parser, which sees both: the function
// around it ended in an error, its locals read as the file's variables
// or the functions after it read as its statements (memcached's
// maximize_sndbuf and main, expat's parserCreate). Such a conditional is
// read as its first branch, as ctags reads every conditional; the others,
// whose branches are balanced each, stay as they are, so that a header's
// #else half keeps its declarations.

// braceSplitBranches returns src with each conditional whose branches
// all change the brace depth alike, and not by zero, reduced to its first
// branch: its directives and later branches blanked, offsets and lines
// kept. Conditionals nested in a branch leave the one around them alone.
// owned says src may be written.
func braceSplitBranches(src []byte, owned bool) ([]byte, bool) {
	type group struct {
		at     []int // offsets of the #if and of each #elif and #else
		deltas []int // brace depth change of each branch so far
		nested bool  // a conditional inside one of its branches
	}
	var stack []*group
	var found [][2]int // spans to blank: a group's #if line, and its later branches to its #endif's end
	depth := 0         // braces of the current branch's text, counted as read
	scanC(src, func(i int) int {
		switch src[i] {
		case '#':
			end := directiveEnd(src, i)
			switch word := directiveWord(src, i); word {
			case "if", "ifdef", "ifndef":
				if len(stack) > 0 {
					stack[len(stack)-1].nested = true
				}
				stack = append(stack, &group{at: []int{i}})
				depth = 0
			case "else", "elif", "elifdef", "elifndef":
				if len(stack) > 0 {
					g := stack[len(stack)-1]
					g.deltas = append(g.deltas, depth)
					g.at = append(g.at, i)
					depth = 0
				}
			case "endif":
				if len(stack) == 0 {
					break
				}
				g := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				g.deltas = append(g.deltas, depth)
				if splitBraces(g.deltas) && !g.nested {
					// Blank the #if line, then from the first #elif or
					// #else to this #endif's end.
					found = append(found, [2]int{g.at[0], directiveEnd(src, g.at[0]) + 1}, [2]int{g.at[1], end + 1})
				}
				depth = 0 // the enclosing branch's count restarts: nested groups make it no longer tell
				if len(stack) > 0 {
					stack[len(stack)-1].nested = true
				}
			}
			return end
		case '{':
			depth++
		case '}':
			depth--
		}
		return i
	})
	for _, s := range found {
		if !owned {
			src, owned = append([]byte(nil), src...), true
		}
		blank(src[s[0]:min(s[1], len(src))])
	}
	return src, owned
}

// splitBraces reports branches (two at least) that each change the brace
// depth by the same amount, not zero.
func splitBraces(deltas []int) bool {
	if len(deltas) < 2 || deltas[0] == 0 {
		return false
	}
	for _, d := range deltas[1:] {
		if d != deltas[0] {
			return false
		}
	}
	return true
}

// scanC calls visit at each directive's `#` at a line's start and at each
// brace of C or C++ src, past comments and string and character literals,
// which hold braces and `#` of no account; visit returns the offset the
// scan goes on after (a directive's last byte, or i).
func scanC(src []byte, visit func(i int) int) {
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case c == '#' && atLineStart(src, i), c == '{', c == '}':
			i = visit(i)
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			i += 2
			for i+1 < len(src) && !(src[i] == '*' && src[i+1] == '/') {
				i++
			}
			i++
		case c == '"' || c == '\'':
			i = skipCString(src, i)
		}
	}
}
