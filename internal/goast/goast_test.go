package goast

import (
	"go/parser"
	"testing"
)

func TestBaseIdent(t *testing.T) {
	for src, want := range map[string]string{
		"*Client": "Client", "List[T]": "List", "*Map[K, V]": "Map", "(*T)": "T", "pkg.Reader": "Reader", "[]int": "",
	} {
		e, err := parser.ParseExpr(src)
		if err != nil {
			t.Fatal(err)
		}
		if got := RecvTypeName(e); got != want {
			t.Errorf("RecvTypeName(%s) = %q, want %q", src, got, want)
		}
	}
}
