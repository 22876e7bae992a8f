package chunker

import (
	"github.com/codeseek/codeseek/internal/lazyre"
	sitter "github.com/smacker/go-tree-sitter"
)

// itemsInMacro matches the start of a macro's braces that hold items:
// tokio's `cfg_rt! { pub fn spawn… }` and `cfg_net! { mod tcp; … }`
// wrap the items they gate on a feature, and the grammar leaves them
// unparsed tokens. Match statements and expressions (`if`, `let`) do not
// match.
var itemsInMacro = lazyre.New(`^\{\s*(?:#|///|//!|pub\b|fn\b|struct\b|enum\b|union\b|impl\b|mod\b|use\b|trait\b|type\b|const\b|static\b|unsafe\b|async\b|extern\b|macro_rules!|[a-z_][a-z0-9_]*!\s*\{)`)

// maxMacroDepth bounds the reparses of Rust's item macros: each one
// unwraps a level of `cfg_rt! { cfg_net! { … } }`.
const maxMacroDepth = 4

// rustItemMacrosUnwrapped parses Rust code with the items inside
// item-level macros (itemsInMacro) parsed as the macro's neighbours:
// `cfg_rt! {` is rewritten `cfg_rt!{}` (an empty invocation, so the
// macro's use stays) and its closing brace blanked, at the same offsets.
// 13 of tokio's files declared nothing (tokio::spawn, JoinHandle) without
// it. A brace right after "!" leaves no room for "}": that opening is
// blanked, and the macro's use with it.
func rustItemMacrosUnwrapped(pool *parserPool, code []byte) (*sitter.Tree, error) {
	tree, err := pool.parse(code)
	owned := false
	for depth := 0; err == nil && depth < maxMacroDepth; depth++ {
		macros := itemMacros(tree.RootNode(), code)
		if len(macros) == 0 {
			break
		}
		if !owned {
			code, owned = append([]byte(nil), code...), true
		}
		for _, m := range macros {
			unwrapMacro(code, m)
		}
		tree.Close()
		tree, err = pool.parse(code)
	}
	return tree, err
}

// itemMacros lists the macro invocations among the items of a file, a
// module or an impl whose braces hold items.
func itemMacros(root *sitter.Node, code []byte) []*sitter.Node {
	var out []*sitter.Node
	var walk func(n *sitter.Node)
	walk = func(n *sitter.Node) {
		for i := 0; i < int(n.NamedChildCount()); i++ {
			c := n.NamedChild(i)
			switch c.Type() {
			case "macro_invocation":
				if t := lastNamedChild(c); t != nil && t.Type() == "token_tree" && itemsInMacro().Match(code[t.StartByte():t.EndByte()]) {
					out = append(out, c)
				}
			case "mod_item", "impl_item", "trait_item":
				if body := field(c, "body"); body != nil {
					walk(body)
				}
			}
		}
	}
	walk(root)
	return out
}

// unwrapMacro rewrites one item macro in code: "name! {" becomes
// "name!{}" when a blank stands between "!" and "{", and is blanked
// otherwise; the closing brace is blanked.
func unwrapMacro(code []byte, m *sitter.Node) {
	t := lastNamedChild(m)
	open, end := int(t.StartByte()), int(t.EndByte())
	if end-1 > open && code[end-1] == '}' {
		code[end-1] = ' '
	}
	bang := open - 1
	for bang > int(m.StartByte()) && (code[bang] == ' ' || code[bang] == '\t') {
		bang--
	}
	if code[bang] == '!' && bang+1 < open {
		code[bang+1], code[bang+2] = '{', '}'
		blank(code[bang+3 : open+1])
		return
	}
	blank(code[m.StartByte() : open+1])
}

// lastNamedChild is n's last named child, or nil.
func lastNamedChild(n *sitter.Node) *sitter.Node {
	if k := int(n.NamedChildCount()); k > 0 {
		return n.NamedChild(k - 1)
	}
	return nil
}

// unwrappedMacro reports the "name!{}" an item macro was rewritten to
// (rustItemMacrosUnwrapped): like an attribute, it gates the items after
// it, so it joins the next one's chunk rather than the imports above.
func unwrappedMacro(n *sitter.Node) bool {
	if n.Type() != "macro_invocation" {
		return false
	}
	t := lastNamedChild(n)
	return t != nil && t.Type() == "token_tree" && t.EndByte()-t.StartByte() == 2
}
