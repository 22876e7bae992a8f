package chunker

import sitter "github.com/smacker/go-tree-sitter"

func init() {
	specs["python"] = &langSpec{
		comments:      set("comment"),
		noCommentDocs: true,
		imports:       set("import_statement", "import_from_statement", "future_import_statement"),
		classify:      classifyPython,
		branching:     set("if_statement", "try_statement", "with_statement"),
	}
}

func classifyPython(c *coder, n *sitter.Node, parent string) *decl {
	switch n.Type() {
	case "decorated_definition":
		def := field(n, "definition")
		if def == nil || def.Type() == "decorated_definition" {
			return nil // the grammar never nests them; recursion stays one level
		}
		d := classifyPython(c, def, parent)
		if d != nil {
			d.node = n
		}
		return d
	case "function_definition", "class_definition":
		body := field(n, "body")
		name, names := c.named(c.nameNode(n))
		d := &decl{name: name, names: names, kind: "function", sig: c.signature(n, body)}
		if n.Type() == "class_definition" {
			d.kind = "class"
			d.body = body
		}
		if s := pyDocstring(body); s != nil {
			d.doc = c.content(s)
			d.docA, _ = c.rows(s)
			_, d.docB = c.rows(s)
		}
		return d
	case "expression_statement":
		if parent != "" {
			return nil // class attributes belong to the class header
		}
		as := n.NamedChild(0)
		if as == nil || as.Type() != "assignment" {
			return nil
		}
		left := field(as, "left")
		if left == nil || left.Type() != "identifier" {
			return nil
		}
		return &decl{name: c.content(left), names: []*sitter.Node{left}, kind: "var", sig: c.signature(n, nil)}
	}
	return nil
}

// pyDocstring returns the string node that is the first statement of a
// block, or nil.
func pyDocstring(body *sitter.Node) *sitter.Node {
	if body == nil {
		return nil
	}
	for st := range children(body, true) {
		switch st.Type() {
		case "comment":
			continue
		case "expression_statement":
			if s := st.NamedChild(0); s != nil && s.Type() == "string" && st.NamedChildCount() == 1 {
				return s
			}
		}
		return nil
	}
	return nil
}
