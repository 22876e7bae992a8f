package chunker

import (
	"reflect"
	"strings"
	"testing"
)

// symbolList renders symbols as kind parent.name lines for comparison.
func symbolList(syms []Symbol) []string {
	var out []string
	for _, s := range syms {
		name := s.Name
		if s.Parent != "" {
			name = s.Parent + "." + name
		}
		out = append(out, s.Kind+" "+name)
	}
	return out
}

func TestProtobufSymbols(t *testing.T) {
	src := `syntax = "proto3";
package demo.v1;
import "google/protobuf/timestamp.proto";

// A user of the service.
message User {
  string name = 1;
  message Address { string city = 1; }
  enum Role { ROLE_UNSPECIFIED = 0; ADMIN = 1; }
}

// Users manages users.
service Users {
  // GetUser returns one user.
  rpc GetUser(GetUserRequest) returns (User);
  rpc ListUsers(ListUsersRequest) returns (stream User);
}
`
	got := symbolList(Symbols("api/user.proto", []byte(src)))
	want := []string{"struct User", "struct User.Address", "enum User.Role", "interface Users", "method Users.GetUser", "method Users.ListUsers"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("symbols:\n got %q\nwant %q", got, want)
	}
	for _, s := range Symbols("api/user.proto", []byte(src)) {
		if strings.Contains(s.Signature, "{") || !strings.HasSuffix(s.Signature, s.Name) && s.Kind != "method" {
			t.Fatalf("%s %s: signature %q is not the declaration's header", s.Kind, s.Name, s.Signature)
		}
	}
	for _, c := range Split("api/user.proto", []byte(src), Options{}) {
		if c.Language != "protobuf" {
			t.Fatalf("chunk language %q, want protobuf", c.Language)
		}
	}
}

func TestTOMLSymbols(t *testing.T) {
	src := `title = "x"

# The HTTP server.
[server]
port = 8080

[database.primary]
url = "pg://"

[[products]]
name = "a"

[[products]]
name = "b"
`
	got := symbolList(Symbols("config.toml", []byte(src)))
	want := []string{"table server", "table database.primary", "table products", "table products"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("symbols:\n got %q\nwant %q", got, want)
	}
}

func TestHCLSymbols(t *testing.T) {
	src := `# The web server.
resource "aws_instance" "web" {
  ami = "ami-123"
  ebs_block_device {
    device_name = "/dev/sdg"
  }
}

variable "region" {
  default = "us-east-1"
}

module "vpc" {
  source = "./vpc"
}

locals {
  name = "demo"
}
`
	got := symbolList(Symbols("main.tf", []byte(src)))
	// Named as Terraform addresses them: var.region, module.vpc, local.name.
	want := []string{"resource aws_instance.web", "ebs_block_device aws_instance.web.ebs_block_device", "variable var.region", "module module.vpc", "locals local"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("symbols:\n got %q\nwant %q", got, want)
	}
}

func TestYAMLSymbols(t *testing.T) {
	src := `# CI pipeline.
name: build
on:
  push:
    branches: [main]
jobs:
  test:
    runs-on: ubuntu-latest
  lint:
    runs-on: ubuntu-latest
---
"apiVersion": v1
kind: Service
`
	got := symbolList(Symbols(".github/workflows/ci.yml", []byte(src)))
	want := []string{"key name", "key on", "key on.push", "key on.push.branches", "key jobs", "key jobs.test", "key jobs.test.runs-on",
		"key jobs.lint", "key jobs.lint.runs-on", "key apiVersion", "key kind"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("symbols:\n got %q\nwant %q", got, want)
	}
}

// TestLargeConfigFilesSplitAtSections checks that a TOML or YAML file
// over the chunk budget is cut between its sections (tables, top-level
// keys), each chunk starting at one and naming what it holds.
func TestLargeConfigFilesSplitAtSections(t *testing.T) {
	for _, tc := range []struct {
		path, kind, prefix string
		section, entry     func(name string) string
	}{
		{"big.toml", "table", "[section", func(n string) string { return "[section" + n + "]\n" },
			func(n string) string { return "key" + n + " = \"some configuration value here\"\n" }},
		{"compose.yaml", "key", "section", func(n string) string { return "section" + n + ":\n" },
			func(n string) string { return "  key" + n + ": some configuration value here\n" }},
	} {
		name := func(i int) string { return string(rune('a'+i%26)) + string(rune('a'+i/26)) }
		var b strings.Builder
		for i := range 40 {
			b.WriteString(tc.section(name(i)))
			for j := range 30 {
				b.WriteString(tc.entry(name(j)))
			}
		}
		chunks := Split(tc.path, []byte(b.String()), Options{})
		if len(chunks) < 2 {
			t.Fatalf("%s: %d chunks for a file of 40 sections over the budget", tc.path, len(chunks))
		}
		for _, c := range chunks {
			if !strings.HasPrefix(c.Content, tc.prefix) || c.Symbol == "" || c.SymbolKind != tc.kind {
				t.Fatalf("%s: chunk at line %d (symbol %q kind %q) does not start at a section: %q",
					tc.path, c.StartLine, c.Symbol, c.SymbolKind, c.Content[:min(40, len(c.Content))])
			}
		}
	}
}
