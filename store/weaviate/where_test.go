package weaviate

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/store"
)

func TestWhereRendersGraphQLAndJSON(t *testing.T) {
	w := and(intIs("LessThanEqual", "generation", 3), textIs("Equal", "path", `a "b"\c`))
	var b strings.Builder
	w.graphQL(&b)
	want := `{operator: And, operands: [{operator: LessThanEqual, path: ["generation"], valueInt: 3}, {operator: Equal, path: ["path"], valueText: "a \"b\"\\c"}]}`
	if b.String() != want {
		t.Fatalf("GraphQL\n got %s\nwant %s", b.String(), want)
	}
	js, err := json.Marshal(w)
	if err != nil {
		t.Fatal(err)
	}
	var back map[string]any
	if err := json.Unmarshal(js, &back); err != nil {
		t.Fatal(err)
	}
	ops := back["operands"].([]any)
	second := ops[1].(map[string]any)
	if back["operator"] != "And" || second["valueText"] != `a "b"\c` || second["path"].([]any)[0] != "path" {
		t.Fatalf("JSON form %s lost structure", js)
	}
}

func TestFilterDirectoryIsRecheckedLocally(t *testing.T) {
	f := Filter{Kind: store.Doc, Filter: store.Filter{Directory: "net/ht?p"}}
	for path, want := range map[string]bool{"net/ht?p": true, "net/ht?p/a.go": true, "net/http/a.go": false, "net/ht?px/a.go": false} {
		if f.Keeps(&store.Chunk{FilePath: path}) != want {
			t.Errorf("keeps(%q) = %v, want %v", path, !want, want)
		}
	}
	var b strings.Builder
	f.where(4).graphQL(&b)
	for _, part := range []string{`valueText: "doc"`, `valueText: "net/ht?p/*"`, `operator: Like`} {
		if !strings.Contains(b.String(), part) {
			t.Errorf("filter %s lacks %s", b.String(), part)
		}
	}
}

func TestVectorLiteralRefusesNonFinite(t *testing.T) {
	if s, err := vectorLiteral([]float32{0.5, -1e-7, 3}); err != nil || s != "[0.5,-1e-07,3]" {
		t.Fatalf("vectorLiteral = %q, %v", s, err)
	}
	for _, v := range []float32{float32(math.NaN()), float32(math.Inf(-1))} {
		if _, err := vectorLiteral([]float32{1, v}); err == nil || !strings.Contains(err.Error(), "element 1") {
			t.Errorf("vector with %v: error %v", v, err)
		}
	}
}

func TestFlexFloatReadsStringsAndNumbers(t *testing.T) {
	var r struct{ A, B, C flexFloat }
	if err := json.Unmarshal([]byte(`{"A":"1.5","B":2,"C":null}`), &r); err != nil || r.A != 1.5 || r.B != 2 || r.C != 0 {
		t.Fatalf("got %+v, %v", r, err)
	}
}
