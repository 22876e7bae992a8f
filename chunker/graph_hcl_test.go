package chunker

import "testing"

// Terraform's blocks are declared as their references address them
// (var.cidr, aws_vpc.this, data.aws_ami.ubuntu, local.tags), and those
// references are selections from the root name.
func TestHCLGraph(t *testing.T) {
	src := "locals {\n  name = \"x\"\n  tags = { a = 1 }\n}\n\nvariable \"cidr\" {\n  type = string\n}\n\nresource \"aws_vpc\" \"this\" {\n  cidr_block = var.cidr\n  tags       = local.tags\n}\n\ndata \"aws_ami\" \"ubuntu\" {\n}\n\noutput \"id\" {\n  value = data.aws_ami.ubuntu.id\n}\n"
	g := analyzeGraph(t, "main.tf", src)
	checkDefs(t, g, src, []wantDef{
		{qualified: "local.tags", kind: "var", at: "tags ="},
		{qualified: "var.cidr", kind: "variable", at: "cidr\" {"},
		{qualified: "aws_vpc.this", kind: "resource", at: "this\" {"},
		{qualified: "data.aws_ami.ubuntu", kind: "data", at: "ubuntu\" {"},
	})
	checkRefs(t, g, src, []wantRef{
		{"cidr", "cidr\n", RefOther, "n:var", "aws_vpc.this"},
		{"tags", "tags\n", RefOther, "n:local", "aws_vpc.this"},
		{"ubuntu", "ubuntu.id", RefOther, "n:aws_ami", "output.id"},
	})
	for _, d := range g.Defs {
		if d.Name == "a" || d.Name == "cidr_block" {
			t.Errorf("an attribute of a block other than locals is declared: %+v", d)
		}
	}
}
