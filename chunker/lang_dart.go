package chunker

import (
	"bytes"
	"strings"
)

// Dart has no grammar in the binding this project uses. Its declarations
// are found the way Zig's are: a container (the file, or the body of a
// class, mixin, extension or enum) holds declarations that end at a ";"
// at its depth or at the "}" of their block. A declaration with a
// parameter list before its body is a function, method or constructor,
// named by the word before the list; one without is a variable or field,
// named by the word before its "=" or ";". The lexer skips strings (with
// their ${…} interpolations), nested block comments and line comments,
// and takes "///" and "/**" comments as the doc of what follows.

// dartScan reuses the Zig scanner's tokens, brackets and docs: the token
// kinds are the same, only strings and comments are read differently.
type dartScan struct {
	zigScan
	// enums are the qualified names of the file's enums, whose bodies
	// open with their values.
	enums map[string]bool
}

// lexDart returns the tokens of src in one forward scan; an unclosed
// string or comment runs to the end of src.
func lexDart(src []byte) []zigTok {
	n := len(src)
	return lexAll(src, func(i int) (zigKind, int) {
		c := src[i]
		switch {
		case c == '/' && i+1 < n && src[i+1] == '/':
			return zigComment, lineEnd(src, i)
		case c == '/' && i+1 < n && src[i+1] == '*':
			return zigComment, nestedComment(src, i, "/*", "*/")
		case c == 'r' && i+1 < n && (src[i+1] == '"' || src[i+1] == '\''):
			return zigString, dartString(src, i+1, false)
		case c == '"' || c == '\'':
			return zigString, dartString(src, i, true)
		case c == '@' && i+1 < n && exIdentStart(src[i+1]):
			return zigBuiltin, zigIdentEnd(src, i+1) // an annotation
		case exIdentStart(c) || c == '$' || c >= '0' && c <= '9':
			end := i + 1
			for end < n && (exIdentChar(src[end]) || src[end] == '$') {
				end++
			}
			return zigWord, end
		default:
			return zigPunct, i + 1
		}
	})
}

// dartString returns the end of the string whose quote is at i: '…',
// "…", or the triple-quoted kinds, with escapes and, unless raw,
// ${…} interpolations holding code.
func dartString(src []byte, i int, interp bool) int {
	q := src[i]
	if i+2 < len(src) && src[i+1] == q && src[i+2] == q {
		if j := bytes.Index(src[i+3:], []byte{q, q, q}); j >= 0 {
			return i + 3 + j + 3
		}
		return len(src)
	}
	for j := i + 1; j < len(src); j++ {
		switch c := src[j]; {
		case c == '\\' && interp:
			j++
		case c == q:
			return j + 1
		case c == '\n':
			return j
		case interp && c == '$' && j+1 < len(src) && src[j+1] == '{':
			j = dartInterpolation(src, j+2) - 1
		}
	}
	return len(src)
}

// dartInterpolation returns the end of an interpolation whose code starts
// at i, after its closing brace; strings inside it are skipped.
func dartInterpolation(src []byte, i int) int {
	depth := 1
	for ; i < len(src); i++ {
		switch src[i] {
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return i + 1
			}
		case '"', '\'':
			i = dartString(src, i, false) - 1
		case '\n':
			return i
		}
	}
	return len(src)
}

// scanDart lexes a Dart file and matches its brackets, its "///" and
// "/**" comments kept as docs.
func scanDart(s *source) *dartScan {
	z := &dartScan{zigScan: zigScan{s: s, docs: map[int][2]int{}, named: map[int]bool{}, self: "this", bareFields: true}, enums: map[string]bool{}}
	z.collect(lexDart(s.src), func(c string) bool {
		return strings.HasPrefix(c, "///") || strings.HasPrefix(c, "/**")
	})
	return z
}

// dartContainers open a body of members.
var dartContainers = map[string]string{"class": "class", "mixin": "mixin", "extension": "extension", "enum": "enum"}

// level builds the items of the container whose body is tokens [i, end).
func (z *dartScan) level(i, end int, parent string, prevB int, depth int) []*outlineItem {
	values := parent != "" && z.enums[parent] // an enum's values come first, up to a ";"
	return z.items(i, end, prevB, func(i int) (int, *outlineItem) {
		if values {
			if z.is(i, ";") {
				values = false
				return i + 1, &outlineItem{}
			}
			if z.toks[i].kind == zigWord {
				it := &outlineItem{}
				it.d, it.at = z.decl(i, i, "field", parent)
				stop := z.statementEnd(i, end, ",;")
				values = !z.is(stop-1, ";") // the last value's ";" opens the members
				return stop, it
			}
		}
		return z.item(i, end, parent, depth)
	})
}

// item reads the declaration starting at token i of a body ending at end,
// and returns the token after it.
func (z *dartScan) item(i, end int, parent string, depth int) (int, *outlineItem) {
	it := &outlineItem{}
	k := i
	for k < end && z.toks[k].kind == zigBuiltin { // @override, @Deprecated('…')
		k++
		if z.is(k, "(") {
			k = z.match[k] + 1
		}
	}
	if k >= end {
		return end, it
	}
	for j := k; j < end && j < k+4 && z.toks[j].kind == zigWord; j++ {
		kind := dartContainers[z.text(j)]
		if kind == "" || j+1 >= end || z.toks[j+1].kind != zigWord || dartContainers[z.text(j+1)] != "" {
			continue // Dart 3's `mixin class Abortable` is a class named after "class"
		}
		name := j + 1
		open := j + 2
		if kind == "extension" && z.text(name) == "on" {
			name = -1 // an unnamed extension: its members are loose
		}
		for open < end && !z.is(open, "{") && !z.is(open, ";") && !z.is(open, "=") {
			if z.is(open, "(") {
				open = z.match[open]
			}
			open++
		}
		if name >= 0 {
			it.d, it.at = z.decl(k, name, kind, parent)
			if kind == "enum" && it.d != nil {
				z.enums[it.d.qualified()] = true
			}
		}
		if open < end && z.is(open, "{") {
			if it.d != nil && depth < maxSymbolDepth {
				it.members = z.level(open+1, z.match[open], it.d.qualified(), z.s.lineAt(z.toks[open].start), depth+1)
			}
			return min(z.match[open]+1, end), it
		}
		return z.statementEnd(open, end, ";"), it
	}
	if z.is(k, "import") || z.is(k, "export") || z.is(k, "part") || z.is(k, "library") || z.is(k, "typedef") {
		if z.is(k, "typedef") && k+1 < end {
			if name := z.beforeFirst(k+1, end, "=(;"); name >= 0 {
				it.d, it.at = z.decl(k, name, "type", parent)
			}
		}
		return z.statementEnd(k, end, ";"), it
	}
	if kind, name, stop := z.member(k, end, parent); name >= 0 {
		it.d, it.at = z.decl(k, name, kind, parent)
		if kind == "field" && it.d != nil {
			if n, t := z.typedName(k, name+1); n == it.d.name {
				it.d.typ = t // final ArgParser parser;
			}
		}
		return stop, it
	}
	return z.statementEnd(k, end, ";"), it
}

// member reads a function, method, constructor, getter, setter, variable
// or field starting at token k: its kind, its name's token (-1 when it is
// none of them) and the token after it.
func (z *dartScan) member(k, end int, parent string) (string, int, int) {
	angles := 0 // inside a type's arguments: Map<String, dynamic> _parsed;
	for j := k; j < end; j++ {
		t := z.toks[j]
		if t.kind == zigWord && z.text(j) == "operator" {
			if kind, stop, ok := z.operator(j, end, parent); ok {
				return kind, j, stop
			}
		}
		if t.kind != zigPunct {
			continue
		}
		switch c := z.s.src[t.start]; {
		case c == '<':
			angles++
			continue
		case c == '>' && angles > 0:
			angles--
			continue
		case c == ',' && angles > 0:
			continue
		}
		switch z.s.src[t.start] {
		case '(':
			if z.is(j-1, "Function") && z.match[j] > j {
				j = z.match[j] // a function type's parameters (final void Function(S) _emit;)
				continue
			}
			name := z.beforeTypeArgs(j-1, k) // T foo<T>(…)
			if name < k || z.toks[name].kind != zigWord || dartNotNames[z.text(name)] {
				return "", -1, 0
			}
			kind := "function"
			if parent != "" {
				kind = "method"
				class := lastSegment(parent)
				if z.text(name) == class || z.is(name-1, ".") && z.text(name-2) == class {
					kind = "constructor" // Point(…), Point.origin(…)
				}
			}
			return kind, name, z.bodyEnd(z.match[j]+1, end)
		case '=', ';', ',':
			name := j - 1
			if name <= k || z.toks[name].kind != zigWord || dartNotNames[z.text(name)] {
				return "", -1, 0 // a declaration has a type or keyword before its name
			}
			kind := "var"
			switch {
			case z.is(name-1, "get"):
				kind = "getter" // int get length => …;
			case parent != "":
				kind = "field"
			}
			return kind, name, z.statementEnd(j, end, ";")
		case '{':
			if j > k+1 && z.is(j-2, "get") && z.toks[j-1].kind == zigWord {
				return "getter", j - 1, min(z.match[j]+1, end)
			}
			return "", -1, 0
		case '[', ')':
			return "", -1, 0
		}
	}
	return "", -1, 0
}

// maxOperatorTokens bounds the tokens between "operator" and its
// parameters ("[]=", "==", "~/").
const maxOperatorTokens = 4

// operator reads the operator method whose "operator" is token j
// ("bool operator ==(Object other)", "dynamic operator [](String name)"),
// named "operator", so that its body's brackets and "=" do not read as a
// field's: its kind and the token after it. A field or method named
// operator ("String operator;", "operator(x)") is none.
func (z *dartScan) operator(j, end int, parent string) (string, int, bool) {
	for p := j + 1; p < end && p <= j+maxOperatorTokens; p++ {
		switch {
		case z.is(p, "(") && p > j+1:
			kind := "function"
			if parent != "" {
				kind = "method"
			}
			return kind, z.bodyEnd(z.match[p]+1, end), true
		case z.toks[p].kind != zigPunct || z.is(p, ";") || z.is(p, ",") || z.is(p, "{") || z.is(p, "("):
			return "", 0, false
		}
	}
	return "", 0, false
}

// maxTypeArgTokens bounds the tokens read back over a generic method's
// type parameters.
const maxTypeArgTokens = 64

// beforeTypeArgs returns k, or the token before the type parameters that
// end at k ("foo" of "foo<T>"); from is where the declaration starts.
func (z *dartScan) beforeTypeArgs(k, from int) int {
	if !z.is(k, ">") {
		return k
	}
	depth := 0
	for j := k; j >= from && j > k-maxTypeArgTokens; j-- {
		switch {
		case z.is(j, ">"):
			depth++
		case z.is(j, "<"):
			if depth--; depth == 0 {
				return j - 1
			}
		}
	}
	return -1
}

// dartNotNames are keywords a declaration's name cannot be.
var dartNotNames = map[string]bool{
	"if": true, "for": true, "while": true, "switch": true, "return": true, "assert": true, "catch": true,
	"super": true, "this": true, "new": true, "await": true, "throw": true, "Function": true,
}

// bodyEnd returns the token after a function's body, which starts at or
// after token k: its block, or an arrow's expression up to ";", or the
// ";" of an abstract or external one. An initializer list or async
// marker may come between.
func (z *dartScan) bodyEnd(k, end int) int {
	for ; k < end; k++ {
		switch {
		case z.is(k, "{"):
			return min(z.match[k]+1, end)
		case z.is(k, ";"):
			return k + 1
		case z.is(k, "=") && z.is(k+1, ">"):
			return z.statementEnd(k, end, ";")
		case z.is(k, "(") || z.is(k, "["):
			k = z.match[k]
		}
	}
	return end
}

// beforeFirst returns the word before the first of the stop bytes from
// token k, or -1.
func (z *dartScan) beforeFirst(k, end int, stops string) int {
	for j := k; j < end; j++ {
		if t := z.toks[j]; t.kind == zigPunct && strings.IndexByte(stops, z.s.src[t.start]) >= 0 {
			if j > k && z.toks[j-1].kind == zigWord {
				return j - 1
			}
			return -1
		}
	}
	return -1
}

// outline builds the file's items.
func (z *dartScan) outline() []*outlineItem { return z.level(0, len(z.toks), "", -1, 0) }
