package chunker

import "strings"

// Readers of the Go type encoding (see graph_go.go), for whoever resolves
// what the encodings describe.

// GoMapTypes splits a map type "map[K]V" into K and V.
func GoMapTypes(t string) (key, val string, ok bool) {
	if !strings.HasPrefix(t, "map[") {
		return "", "", false
	}
	depth := 0
	for i := len("map"); i < len(t); i++ {
		switch t[i] {
		case '[', '(', '{':
			depth++
		case ']', ')', '}':
			depth--
			if depth == 0 {
				return t[len("map["):i], t[i+1:], true
			}
		}
	}
	return "", "", false
}

// GoFuncResults splits a function type "func(A,B)" into its result types.
func GoFuncResults(t string) ([]string, bool) {
	if !strings.HasPrefix(t, "func(") || !strings.HasSuffix(t, ")") {
		return nil, false
	}
	return splitTop(t[len("func("):len(t)-1], ','), true
}

// GoStructFields splits an anonymous struct type "struct{a=T;=E}" into
// (name, type) pairs, the name empty for an embedded field.
func GoStructFields(t string) ([][2]string, bool) {
	if !strings.HasPrefix(t, "struct{") || !strings.HasSuffix(t, "}") {
		return nil, false
	}
	var out [][2]string
	for _, f := range splitTop(t[len("struct{"):len(t)-1], ';') {
		if name, typ, ok := strings.Cut(f, "="); ok {
			out = append(out, [2]string{name, typ})
		}
	}
	return out, true
}

// splitTop splits s at sep outside brackets, parentheses and braces.
func splitTop(s string, sep byte) []string {
	if s == "" {
		return nil
	}
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		case sep:
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	return append(out, s[start:])
}
