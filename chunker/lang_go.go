package chunker

import sitter "github.com/smacker/go-tree-sitter"

func init() {
	specs["go"] = &langSpec{
		comments:   set("comment"),
		imports:    set("package_clause", "import_declaration"),
		directives: []string{"//go:", "//export ", "//line ", "//nolint", "//lint:", "//sys ", "//sysnb ", "//extern "},
		classify:   classifyGo,
	}
}

func classifyGo(c *coder, n *sitter.Node, parent string) *decl {
	switch n.Type() {
	case "method_elem":
		// An interface's method, as the outline lists it under its
		// interface (listed); no declaration a chunk is split at.
		if parent == "" {
			return nil
		}
		return &decl{name: c.nameOf(n), kind: "method", parent: parent, sig: c.signature(n, nil)}
	case "function_declaration":
		body := field(n, "body")
		return &decl{name: c.nameOf(n), kind: "function", sig: c.signature(n, body)}
	case "method_declaration":
		body := field(n, "body")
		recv := ""
		if t := findType(field(n, "receiver"), 4, "type_identifier"); t != nil {
			recv = c.content(t)
		}
		return &decl{name: c.nameOf(n), kind: "method", parent: recv, sig: c.signature(n, body)}
	case "type_declaration":
		var names []string
		kind := "type"
		for spec := range children(n, true) {
			if st := spec.Type(); st != "type_spec" && st != "type_alias" {
				continue
			}
			names = append(names, c.nameOf(spec))
			if len(names) == 1 {
				switch field(spec, "type").Type() {
				case "struct_type":
					kind = "struct"
				case "interface_type":
					kind = "interface"
				}
			}
		}
		if len(names) > 1 {
			kind = "type"
		}
		d := &decl{name: joinNames(names), kind: kind, sig: c.signature(n, nil)}
		if kind == "interface" {
			d.listed = field(childOfType(n, "type_spec"), "type") // its methods, for the outline
		}
		return d
	case "const_declaration", "var_declaration":
		kind := "const"
		if n.Type() == "var_declaration" {
			kind = "var"
		}
		var names []string
		var walk func(x *sitter.Node, depth int)
		walk = func(x *sitter.Node, depth int) {
			for spec := range children(x, true) {
				switch spec.Type() {
				case "const_spec", "var_spec":
					names = append(names, c.fieldTexts(spec, "name")...)
				case "var_spec_list":
					if depth < maxClassifyDepth {
						walk(spec, depth+1)
					}
				}
			}
		}
		walk(n, 0)
		return &decl{name: joinNames(names), kind: kind, sig: c.signature(n, nil)}
	}
	return nil
}
