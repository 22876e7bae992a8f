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
