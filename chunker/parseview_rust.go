package chunker

import (
	"slices"

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
// blanked, and the macro's use with it. A macro whose items the grammar
// fails on (a DSL that only looks like items: `impl<> Waiter`) is given
// back its text, as its error would take the items after it along.
func rustItemMacrosUnwrapped(pool *parserPool, code []byte) (*sitter.Tree, error) {
	tree, err := pool.parse(code)
	owned := false
	kept := map[uint32]bool{} // the macros left as they are written, by start
	for depth := 0; err == nil && depth < maxMacroDepth; depth++ {
		macros := slices.DeleteFunc(itemMacros(tree.RootNode(), code), func(m *sitter.Node) bool { return kept[m.StartByte()] })
		if len(macros) == 0 {
			break
		}
		if !owned {
			code, owned = append([]byte(nil), code...), true
		}
		edits := make([]macroEdit, len(macros))
		for i, m := range macros {
			edits[i] = macroEdit{start: m.StartByte(), text: slices.Clone(code[m.StartByte():m.EndByte()])}
			unwrapMacro(code, m)
		}
		tree.Close()
		if tree, err = pool.parse(code); err != nil {
			break
		}
		failed := false
		eachError(tree.RootNode(), func(e *sitter.Node) bool {
			for _, ed := range edits {
				if !kept[ed.start] && e.StartByte() < ed.start+uint32(len(ed.text)) && e.EndByte() > ed.start {
					copy(code[ed.start:], ed.text)
					kept[ed.start], failed = true, true
				}
			}
			return true
		})
		if failed {
			tree.Close()
			tree, err = pool.parse(code)
		}
	}
	return tree, err
}

// macroEdit is a macro's text before unwrapMacro, to give back.
type macroEdit struct {
	start uint32
	text  []byte
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
