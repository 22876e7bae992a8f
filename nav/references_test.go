package nav

import (
	"strings"
	"testing"
)

// A function's tests use it more than its callers do; the callers in the
// code come first, so that a limit cuts tests, whatever the paths' order.
var testedRepo = map[string]string{
	"go.mod":             "module example.com/m\n\ngo 1.22\n",
	"conv/a_test.go":     "package conv\n\nimport \"testing\"\n\nfunc TestParse(t *testing.T) {\n\tParse(\"1\")\n\tParse(\"2\")\n}\n",
	"conv/parse.go":      "package conv\n\n// Parse reads a number.\nfunc Parse(s string) int { return len(s) }\n",
	"conv/zz_use.go":     "package conv\n\nfunc use() int { return Parse(\"3\") }\n",
	"cmd/main.go":        "package main\n\nimport \"example.com/m/conv\"\n\nfunc main() { conv.Parse(\"4\") }\n",
	"testdata/sample.go": "package sample\n\nimport \"example.com/m/conv\"\n\nvar _ = conv.Parse(\"5\")\n",
}

func TestReferencesListTheCodeBeforeTheTests(t *testing.T) {
	ix := testIndex(t, testedRepo)
	tg, err := ResolveTarget(ix, "conv.Parse", nil)
	if err != nil {
		t.Fatal(err)
	}
	refs, err := References(ix, tg, RefFilter{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range refs {
		got = append(got, r.Path)
	}
	want := []string{"cmd/main.go", "conv/zz_use.go", "conv/a_test.go", "conv/a_test.go", "testdata/sample.go"}
	if len(got) != len(want) {
		t.Fatalf("references of conv.Parse in %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("references of conv.Parse in %v, want %v (the code, then its tests)", got, want)
		}
	}
}

// The callers a call hierarchy lists first are the code's, so its node
// limit cuts tests.
func TestCallersListTheCodeBeforeTheTests(t *testing.T) {
	ix := testIndex(t, testedRepo)
	tg, err := ResolveTarget(ix, "conv.Parse", nil)
	if err != nil {
		t.Fatal(err)
	}
	nodes, _, _, err := CallHierarchy(ix, tg, CallOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, n := range nodes {
		got = append(got, n.Def.Name)
	}
	if strings.Join(got, ",") != "main,use,TestParse," {
		t.Errorf("callers of conv.Parse: %q, want main, use, TestParse and testdata's top level", got)
	}
}
