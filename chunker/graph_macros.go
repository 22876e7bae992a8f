package chunker

import "strings"

// cKeywords are the words of C and C++ a macro's body uses that name no
// declaration.
var cKeywords = set("auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else",
	"enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return",
	"short", "signed", "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void", "volatile",
	"while", "_Bool", "bool", "true", "false", "NULL", "nullptr", "this", "new", "delete", "class", "template",
	"typename", "static_cast", "const_cast", "reinterpret_cast", "dynamic_cast", "defined", "__VA_ARGS__")

// maxMacroRefs bounds the references read from one macro's body.
const maxMacroRefs = 256

// addMacroBody records the names of a C or C++ macro's body, which the
// grammar leaves as text, as references: a name followed by "(" is a
// call ("#define lua_newtable(L) lua_createtable(L, 0, 0)" calls
// lua_createtable), so the uses of the macro can count as uses of what it
// expands to. The macro's parameters, keywords, string and character
// literals, numbers, a name after # (made a string) and one beside ##
// (pasted into another) are not references.
func (b *graphBuilder) addMacroBody(body, params *capture) {
	text := b.text(body.start, body.end)
	var own map[string]bool
	if params != nil {
		own = map[string]bool{}
		for _, p := range strings.FieldsFunc(b.text(params.start, params.end), func(r rune) bool {
			return !(r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
		}) {
			own[p] = true
		}
	}
	refs := 0
	for i := 0; i < len(text) && refs < maxMacroRefs; {
		c := text[i]
		switch {
		case c == '"' || c == '\'':
			i = skipLiteral(text, i)
			continue
		case c >= '0' && c <= '9':
			for i < len(text) && isNameByte(text[i]) {
				i++
			}
			continue
		case !isNameByte(c) || c == '$' || c == '@' || c >= 0x80:
			i++
			continue
		}
		j := i
		for j < len(text) && isNameByte(text[j]) && text[j] != '$' && text[j] != '@' && text[j] < 0x80 {
			j++
		}
		name := text[i:j]
		before := strings.TrimRight(text[:i], " \t")
		after := skipBlanks(text, j)
		pasted := strings.HasSuffix(before, "#") || strings.HasPrefix(text[after:], "##")
		member := strings.HasSuffix(before, ".") || strings.HasSuffix(before, "->")
		if !pasted && !member && !cKeywords[name] && !own[name] {
			kind := RefOther
			if after < len(text) && text[after] == '(' {
				kind = RefCall
			}
			b.refs = append(b.refs, b.refIn(body, text, i, j, kind))
			refs++
		}
		i = j
	}
}

// skipLiteral returns the index after the string or character literal
// that starts at text[i], or the end of the text.
func skipLiteral(text string, i int) int {
	q := text[i]
	for i++; i < len(text); i++ {
		switch text[i] {
		case '\\':
			i++
		case q:
			return i + 1
		}
	}
	return len(text)
}
