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
		// Every name the statement binds: a chain's targets
		// (`A = B = 0`) and the names unpacked from a tuple or list
		// (`MO, TU = weekdays = tuple(…)`); not an attribute or item set.
		var nodes []*sitter.Node
		for as := n.NamedChild(0); as != nil && as.Type() == "assignment"; as = field(as, "right") {
			nodes = append(nodes, pyTargets(field(as, "left"))...)
		}
		if len(nodes) == 0 {
			return nil
		}
		names := make([]string, len(nodes))
		for i, nm := range nodes {
			names[i] = c.content(nm)
		}
		return &decl{name: joinNames(names), names: nodes, kind: "var", sig: c.signature(n, nil)}
	}
	return nil
}

// pyTargets returns the names an assignment's target binds, in order.
func pyTargets(n *sitter.Node) []*sitter.Node {
	if n == nil {
		return nil
	}
	switch n.Type() {
	case "identifier":
		return []*sitter.Node{n}
	case "pattern_list", "tuple_pattern", "list_pattern", "list_splat_pattern":
		var out []*sitter.Node
		for k := range children(n, true) {
			out = append(out, pyTargets(k)...)
		}
		return out
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
