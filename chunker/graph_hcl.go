package chunker

func init() {
	graphLangs["hcl"] = &graphLang{query: hclGraphQuery}
}

// hclGraphQuery: Terraform's references are selections from a root name:
// var.cidr, aws_vpc.this.id, module.vpc.vpc_id; a data source's go
// through its type (data.aws_ami.ubuntu.id). The blocks themselves are
// the outline's declarations (hclBlock), named and parented as those
// selections address them; a locals block's values are declared here,
// as local.NAME.
const hclGraphQuery = `
((block (identifier) @_locals (body (attribute (identifier) @name) @def.var)) (#eq? @_locals "locals"))
(expression (variable_expr (identifier) @_data) . (get_attr (identifier) @recv) . (get_attr (identifier) @ref)
  (#eq? @_data "data"))
(expression (variable_expr (identifier) @recv) . (get_attr (identifier) @ref))
`
