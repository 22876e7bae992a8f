package chunker

import "testing"

// A .proto file declares its messages, enums, services and RPCs, and uses
// the types its fields and RPCs name, bare or through their package.
func TestProtobufGraph(t *testing.T) {
	src := "syntax = \"proto3\";\npackage demo.v1;\n\nmessage User {\n  string name = 1;\n  Address home = 2;\n  google.protobuf.Timestamp at = 3;\n  message Address { string city = 1; }\n}\n\nservice Users {\n  rpc Get(GetRequest) returns (User);\n}\n"
	g := analyzeGraph(t, "users.proto", src)
	checkDefs(t, g, src, []wantDef{
		{qualified: "User", kind: "struct", at: "User {"},
		{qualified: "User.Address", kind: "struct", at: "Address {"},
		{qualified: "Users.Get", kind: "method", at: "Get("},
	})
	checkRefs(t, g, src, []wantRef{
		{"Address", "Address home", RefType, "", "User"},
		{"Timestamp", "Timestamp at", RefType, "n:google.protobuf", "User"},
		{"GetRequest", "GetRequest)", RefType, "", "Users.Get"},
		{"User", "User);", RefType, "", "Users.Get"},
	})
}
