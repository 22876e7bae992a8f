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

// TestTOMLLargeFileSplitsAtTables checks that a TOML file over the chunk
// budget is cut between tables, each chunk naming the tables it holds.
func TestTOMLLargeFileSplitsAtTables(t *testing.T) {
	var b strings.Builder
	for i := range 40 {
		b.WriteString("[section" + string(rune('a'+i%26)) + string(rune('a'+i/26)) + "]\n")
		for j := range 30 {
			b.WriteString("key" + string(rune('a'+j%26)) + string(rune('a'+j/26)) + " = \"some configuration value here\"\n")
		}
		b.WriteString("\n")
	}
	chunks := Split("big.toml", []byte(b.String()), Options{})
	if len(chunks) < 2 {
		t.Fatalf("%d chunks for a file of 40 tables over the budget", len(chunks))
	}
	for _, c := range chunks {
		if !strings.HasPrefix(c.Content, "[section") {
			t.Fatalf("chunk at line %d does not start at a table: %q", c.StartLine, c.Content[:min(40, len(c.Content))])
		}
		if c.Symbol == "" || c.SymbolKind != "table" {
			t.Fatalf("chunk at line %d: symbol %q kind %q", c.StartLine, c.Symbol, c.SymbolKind)
		}
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
	want := []string{"resource aws_instance.web", "ebs_block_device aws_instance.web.ebs_block_device", "variable region", "module vpc", "locals locals"}
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

// TestYAMLLargeFileSplitsAtKeys checks that a YAML file over the chunk
// budget is cut between its keys, each chunk naming the keys it holds.
func TestYAMLLargeFileSplitsAtKeys(t *testing.T) {
	var b strings.Builder
	for i := range 40 {
		b.WriteString("service" + string(rune('a'+i%26)) + string(rune('a'+i/26)) + ":\n")
		for j := range 30 {
			b.WriteString("  key" + string(rune('a'+j%26)) + string(rune('a'+j/26)) + ": some configuration value here\n")
		}
	}
	chunks := Split("compose.yaml", []byte(b.String()), Options{})
	if len(chunks) < 2 {
		t.Fatalf("%d chunks for a file of 40 keys over the budget", len(chunks))
	}
	for _, c := range chunks {
		if !strings.HasPrefix(c.Content, "service") || c.SymbolKind != "key" {
			t.Fatalf("chunk at line %d (symbol %q kind %q) does not start at a top-level key: %q",
				c.StartLine, c.Symbol, c.SymbolKind, c.Content[:min(40, len(c.Content))])
		}
	}
}
