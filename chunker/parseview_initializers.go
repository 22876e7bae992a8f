package chunker

// A directive inside an initializer list (jemalloc's ctl.c: `{` /
// `#define OP(mtx) {NAME(#mtx), CHILD(named, x_##mtx)},` / `MUTEX_PROF_…`
// / `#undef OP` / `}`) is one the grammar has no place for: the parse
// failed there, and a function named OP took the rest of the file, 130
// declarations its members. The compiler reads such a directive apart
// from the list; the parser reads the list without it.

// initializerDirectivesBlanked returns src with the #define, #undef and
// #include directives that stand inside an initializer list (the kernel's
// `bpf_map_types[] = {` around `#include <linux/bpf_types.h>`) (an open brace after
// `=`, or inside another such brace) blanked, continuation lines too,
// offsets and lines kept. owned says src may be written.
func initializerDirectivesBlanked(src []byte, owned bool) ([]byte, bool) {
	var open []bool // for each unclosed brace, whether it opens an initializer
	inInit := func() bool { return len(open) > 0 && open[len(open)-1] }
	scanC(src, func(i int) int {
		switch src[i] {
		case '#':
			end := directiveEnd(src, i)
			if w := directiveWord(src, i); (w == "define" || w == "undef" || w == "include") && inInit() {
				if !owned {
					src, owned = append([]byte(nil), src...), true
				}
				blank(src[i : end+1])
			}
			return end
		case '{':
			open = append(open, inInit() || initializerBrace(src, i))
		case '}':
			if len(open) > 0 {
				open = open[:len(open)-1]
			}
		}
		return i
	})
	return src, owned
}

// initializerBrace reports whether the brace at src[i] opens an
// initializer: `=` is the last thing before it, blanks, line breaks and
// a compound literal's or array's brackets aside (`= {`, `[] = {`).
func initializerBrace(src []byte, i int) bool {
	for j := i - 1; j >= 0; j-- {
		switch src[j] {
		case ' ', '\t', '\r', '\n':
			continue
		case '=':
			return true
		}
		return false
	}
	return false
}
