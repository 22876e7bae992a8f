package indexer

import (
	"bytes"
	"strings"
)

// ignoreRule is one pattern line of a .gitignore-style file. The semantics
// follow gitignore(5) and git's dir.c; the glob itself is matched by
// wildmatch, a port of git's wildmatch.c, so that edge cases (escapes,
// "**" placement, bracket classes) behave exactly as users see them in git.
type ignoreRule struct {
	// pattern is the glob with the '!' prefix, the trailing '/' and a
	// leading '/' removed.
	pattern string
	// base is the repository-relative directory of the file that declared
	// the rule ("" at the root): a nested .gitignore only speaks about the
	// paths below it, and its anchored patterns are relative to it.
	base string
	// negate re-includes what an earlier rule excluded.
	negate bool
	// dirOnly comes from a trailing '/': such a rule never matches files.
	dirOnly bool
	// basename is set when the pattern holds no '/': git then matches it
	// against the last path element at any depth below base.
	basename bool
	// builtin marks codeseek's own rules (generatedRules), which users
	// never wrote and so must be told about under a reason of their own.
	builtin bool
}

// parseIgnoreLine turns one line into a rule; ok is false for blank lines,
// comments and lines that cannot match anything.
func parseIgnoreLine(line, base string) (r ignoreRule, ok bool) {
	line = strings.TrimSuffix(line, "\r") // files written on Windows
	if line == "" || line[0] == '#' {
		return r, false
	}
	line = trimTrailingSpaces(line)
	if line == "" {
		return r, false
	}
	r.base = base
	if line[0] == '!' {
		r.negate = true
		line = line[1:]
	}
	if strings.HasSuffix(line, "/") {
		r.dirOnly = true
		line = line[:len(line)-1]
	}
	// Git decides "relative to the .gitignore" versus "any depth" on the
	// pattern after the trailing slash is gone: "doc/" matches at any
	// depth, "doc/frotz/" and "/doc" only relative to base.
	r.basename = !strings.Contains(line, "/")
	line = strings.TrimPrefix(line, "/")
	if line == "" {
		return r, false
	}
	r.pattern = line
	return r, true
}

// trimTrailingSpaces drops unescaped trailing spaces, as git does: "foo\ "
// keeps its escaped space, and tabs are never trimmed.
func trimTrailingSpaces(s string) string {
	lastSpace := -1
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ':
			if lastSpace < 0 {
				lastSpace = i
			}
		case '\\':
			i++
			if i >= len(s) {
				return s
			}
			lastSpace = -1
		default:
			lastSpace = -1
		}
	}
	if lastSpace >= 0 {
		return s[:lastSpace]
	}
	return s
}

// parseIgnoreFile parses the content of a .gitignore, info/exclude or
// .codeseekignore file declared in directory base.
func parseIgnoreFile(data []byte, base string) []ignoreRule {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // git skips a UTF-8 BOM
	var rules []ignoreRule
	for len(data) > 0 {
		line := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			line, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		if r, ok := parseIgnoreLine(string(line), base); ok {
			rules = append(rules, r)
		}
	}
	return rules
}

// matches reports whether the rule's pattern matches rel, a
// repository-relative '/'-separated path. It ignores negation: the caller
// decides what a match means.
func (r *ignoreRule) matches(rel string, isDir bool) bool {
	if r.dirOnly && !isDir || r.builtin && isDir {
		return false // codeseek's own rules name files
	}
	if r.base != "" {
		if len(rel) <= len(r.base) || rel[len(r.base)] != '/' || !strings.HasPrefix(rel, r.base) {
			return false
		}
		rel = rel[len(r.base)+1:]
	}
	if r.basename {
		return wildmatch(r.pattern, rel[strings.LastIndexByte(rel, '/')+1:], false)
	}
	return wildmatch(r.pattern, rel, true)
}

// ignoreRules is the set of rules in force in one directory of the walk.
// Later rules override earlier ones, like git's "last match wins" across
// info/exclude and the .gitignore files from the root down.
type ignoreRules struct {
	git   []ignoreRule // .git/info/exclude, then .gitignore files root first
	local []ignoreRule // .codeseekignore files root first
}

// with returns the rules extended by those of a deeper directory. The
// slices are clipped so that sibling directories never share, and thus
// never overwrite, each other's appended rules.
func (m ignoreRules) with(git, local []ignoreRule) ignoreRules {
	if len(git) > 0 {
		m.git = append(m.git[:len(m.git):len(m.git)], git...)
	}
	if len(local) > 0 {
		m.local = append(m.local[:len(m.local):len(m.local)], local...)
	}
	return m
}

// ignored reports whether rel is excluded.
func (m ignoreRules) ignored(rel string, isDir bool) bool { return m.excludedBy(rel, isDir) != nil }

// excludedBy returns the rule that excludes rel, or nil when none does.
// .codeseekignore rules are consulted first because they are applied after
// gitignore: a match there (exclusion or "!" re-inclusion) has the last
// word. The caller must not ask about paths below an ignored directory:
// git never re-includes those, and the walk never descends into them.
func (m ignoreRules) excludedBy(rel string, isDir bool) *ignoreRule {
	for _, rules := range [2][]ignoreRule{m.local, m.git} {
		for i := len(rules) - 1; i >= 0; i-- {
			if rules[i].matches(rel, isDir) {
				if rules[i].negate {
					return nil
				}
				return &rules[i]
			}
		}
	}
	return nil
}

// Results of dowild. The two abort values let a failed "*" tell outer
// "*"/"**" loops that trying further text positions is pointless, which
// keeps matching linear instead of exponential on patterns like "*a*a*a".
const (
	wmMatch = iota
	wmNoMatch
	wmAbortAll
	wmAbortToStarStar
)

// wildmatch reports whether text matches the glob pattern. With pathname
// set, '*', '?' and bracket expressions never match '/', and "**" between
// slashes (or at either end) matches any number of directories.
func wildmatch(pattern, text string, pathname bool) bool {
	return dowild(pattern, text, pathname) == wmMatch
}

// dowild is a transliteration of git's wildmatch.c dowild (without the
// case-folding flag): keeping its structure makes it auditable against the
// original.
func dowild(p, text string, pathname bool) int {
	pi, ti := 0, 0
	for ; pi < len(p); pi, ti = pi+1, ti+1 {
		pch := p[pi]
		if ti >= len(text) && pch != '*' {
			return wmAbortAll
		}
		var tch byte
		if ti < len(text) {
			tch = text[ti]
		}
		switch pch {
		case '\\':
			// Literal match with the following character; a trailing
			// backslash makes the pattern match nothing, as in git.
			pi++
			if pi >= len(p) || tch != p[pi] {
				return wmNoMatch
			}
		default:
			if tch != pch {
				return wmNoMatch
			}
		case '?':
			if pathname && tch == '/' {
				return wmNoMatch
			}
		case '*':
			matchSlash := !pathname
			pi++
			if pi < len(p) && p[pi] == '*' {
				prev := pi - 2
				for pi < len(p) && p[pi] == '*' {
					pi++
				}
				if (prev < 0 || p[prev] == '/') &&
					(pi == len(p) || p[pi] == '/' || (p[pi] == '\\' && pi+1 < len(p) && p[pi+1] == '/')) {
					// "**/" may match no directory at all: try the rest
					// of the pattern right here first.
					if pi < len(p) && p[pi] == '/' && dowild(p[pi+1:], text[ti:], pathname) == wmMatch {
						return wmMatch
					}
					matchSlash = true
				}
			}
			if pi == len(p) {
				// A trailing "**" matches everything, a trailing "*" only
				// if no further directory level follows.
				if !matchSlash && strings.IndexByte(text[ti:], '/') >= 0 {
					return wmNoMatch
				}
				return wmMatch
			}
			if !matchSlash && p[pi] == '/' {
				// One "*" followed by '/' swallows exactly one path
				// element; the loop increment consumes both slashes.
				slash := strings.IndexByte(text[ti:], '/')
				if slash < 0 {
					return wmNoMatch
				}
				ti += slash
				continue
			}
			for ti < len(text) {
				if !isGlobSpecial(p[pi]) {
					// Skip ahead to the next occurrence of the literal that
					// follows the star; without matchSlash never past '/'.
					c := p[pi]
					for ti < len(text) && (matchSlash || text[ti] != '/') && text[ti] != c {
						ti++
					}
					if ti >= len(text) || text[ti] != c {
						return wmNoMatch
					}
				}
				m := dowild(p[pi:], text[ti:], pathname)
				if m != wmNoMatch {
					if !matchSlash || m != wmAbortToStarStar {
						return m
					}
				} else if !matchSlash && text[ti] == '/' {
					return wmAbortToStarStar
				}
				ti++
			}
			return wmAbortAll
		case '[':
			pi++
			if pi >= len(p) {
				return wmAbortAll
			}
			pch = p[pi]
			negated := false
			if pch == '!' || pch == '^' {
				negated = true
				pi++
				if pi >= len(p) {
					return wmAbortAll
				}
				pch = p[pi]
			}
			var prev byte
			matched := false
			// The first character after '[' or '[!' is never the closing
			// ']': "[]a]" is a class holding ']' and 'a'.
			for {
				switch {
				case pch == '\\':
					pi++
					if pi >= len(p) {
						return wmAbortAll
					}
					pch = p[pi]
					if tch == pch {
						matched = true
					}
				case pch == '-' && prev != 0 && pi+1 < len(p) && p[pi+1] != ']':
					pi++
					pch = p[pi]
					if pch == '\\' {
						pi++
						if pi >= len(p) {
							return wmAbortAll
						}
						pch = p[pi]
					}
					if tch <= pch && tch >= prev {
						matched = true
					}
					pch = 0 // a range cannot start where one ended
				case pch == '[' && pi+1 < len(p) && p[pi+1] == ':':
					s := pi + 2
					j := s
					for j < len(p) && p[j] != ']' {
						j++
					}
					if j >= len(p) {
						return wmAbortAll
					}
					if j-s-1 < 0 || p[j-1] != ':' {
						// No ":]": a plain '[' inside the set.
						if tch == '[' {
							matched = true
						}
						break
					}
					in, known := inCharClass(p[s:j-1], tch)
					if !known {
						return wmAbortAll // malformed [:class:]
					}
					if in {
						matched = true
					}
					pi = j
					pch = 0
				default:
					if tch == pch {
						matched = true
					}
				}
				prev = pch
				pi++
				if pi >= len(p) {
					return wmAbortAll
				}
				pch = p[pi]
				if pch == ']' {
					break
				}
			}
			if matched == negated || (pathname && tch == '/') {
				return wmNoMatch
			}
		}
	}
	if ti < len(text) {
		return wmNoMatch
	}
	return wmMatch
}

func isGlobSpecial(c byte) bool {
	return c == '*' || c == '?' || c == '[' || c == '\\'
}

// inCharClass evaluates a POSIX [:name:] class on one byte, in the C
// locale like git; known is false for names POSIX does not define.
func inCharClass(name string, c byte) (in, known bool) {
	isUpper := 'A' <= c && c <= 'Z'
	isLower := 'a' <= c && c <= 'z'
	isDigit := '0' <= c && c <= '9'
	isAlpha := isUpper || isLower
	isPunct := c > ' ' && c < 0x7f && !isAlpha && !isDigit
	switch name {
	case "alnum":
		return isAlpha || isDigit, true
	case "alpha":
		return isAlpha, true
	case "blank":
		return c == ' ' || c == '\t', true
	case "cntrl":
		return c < ' ' || c == 0x7f, true
	case "digit":
		return isDigit, true
	case "graph":
		return c > ' ' && c < 0x7f, true
	case "lower":
		return isLower, true
	case "print":
		return c >= ' ' && c < 0x7f, true
	case "punct":
		return isPunct, true
	case "space":
		return c == ' ' || (c >= '\t' && c <= '\r'), true
	case "upper":
		return isUpper, true
	case "xdigit":
		return isDigit || ('a' <= c && c <= 'f') || ('A' <= c && c <= 'F'), true
	}
	return false, false
}
