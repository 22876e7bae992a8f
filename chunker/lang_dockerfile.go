package chunker

import (
	sitter "github.com/smacker/go-tree-sitter"
)

// Dockerfiles: each build stage (FROM) is a declaration named by its
// alias, or by its image when it has none, kind "stage"; ARG and ENV
// declare variables. The instructions of a stage follow its FROM as
// loose lines, which merge into its chunk while the budget allows, so a
// small stage is one chunk. The graph makes "FROM build" an inheritance
// of the stage build and every $VAR or ${VAR} a reference, so
// find_references on an ARG lists where it is used.
func init() {
	specs["dockerfile"] = &langSpec{
		comments: set("comment"),
		// Parser directives on the first lines are read by BuildKit,
		// not written for people.
		directives: []string{"# syntax=", "#syntax=", "# escape=", "#escape=", "# check=", "#check="},
		classify:   dockerInstruction,
	}
	graphLangs["dockerfile"] = &graphLang{query: dockerGraphQuery}
}

const dockerGraphQuery = `
(from_instruction (image_spec name: (image_name) @inherit))
(expansion (variable) @ref)
`

// dockerInstruction classifies the instructions that declare something.
func dockerInstruction(c *coder, n *sitter.Node, _ string) *decl {
	switch n.Type() {
	case "from_instruction":
		nm := field(n, "as")
		if nm == nil {
			nm = childOfType(n, "image_spec")
		}
		if nm == nil {
			return nil
		}
		name, names := c.named(nm)
		return &decl{name: name, names: names, kind: "stage", sig: c.signature(n, nil), node: n}
	case "arg_instruction":
		name, names := c.named(field(n, "name"))
		if name == "" {
			return nil
		}
		return &decl{name: name, names: names, kind: "var", sig: c.signature(n, nil), node: n}
	case "env_instruction":
		var names []*sitter.Node
		for pair := range children(n, true) {
			if nm := field(pair, "name"); nm != nil {
				names = append(names, nm)
			}
		}
		if len(names) == 0 {
			return nil
		}
		return &decl{name: c.content(names[0]), names: names, kind: "var", sig: c.signature(n, nil), node: n}
	}
	return nil
}
