package chunker

import (
	"reflect"
	"testing"
)

func TestGoTypeEncodingReaders(t *testing.T) {
	if k, v, ok := GoMapTypes("map[:string][]map[:int]func(:error)"); !ok || k != ":string" || v != "[]map[:int]func(:error)" {
		t.Errorf("GoMapTypes: %q %q %v", k, v, ok)
	}
	if rs, ok := GoFuncResults("func(net/http:Response,func(:bool,:int),:error)"); !ok || !reflect.DeepEqual(rs, []string{"net/http:Response", "func(:bool,:int)", ":error"}) {
		t.Errorf("GoFuncResults: %q %v", rs, ok)
	}
	if rs, ok := GoFuncResults("func()"); !ok || len(rs) != 0 {
		t.Errorf("GoFuncResults of no results: %q %v", rs, ok)
	}
	fs, ok := GoStructFields("struct{=sync:Mutex;m=map[:string]struct{a=:int};n=:int}")
	want := [][2]string{{"", "sync:Mutex"}, {"m", "map[:string]struct{a=:int}"}, {"n", ":int"}}
	if !ok || !reflect.DeepEqual(fs, want) {
		t.Errorf("GoStructFields: %q %v", fs, ok)
	}
	for _, bad := range []string{"?", ":Name", "map[", "func(", "struct{"} {
		if _, _, ok := GoMapTypes(bad); ok {
			t.Errorf("GoMapTypes(%q) ok", bad)
		}
		if _, ok := GoFuncResults(bad); ok {
			t.Errorf("GoFuncResults(%q) ok", bad)
		}
		if _, ok := GoStructFields(bad); ok {
			t.Errorf("GoStructFields(%q) ok", bad)
		}
	}
}
