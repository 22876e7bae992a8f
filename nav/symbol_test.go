package nav

import (
	"reflect"
	"testing"

	"github.com/codeseek/codeseek/store"
)

func TestParseSymbol(t *testing.T) {
	cases := map[string]symQuery{
		"ParseDuration":          {name: "ParseDuration"},
		"Client.Do":              {quals: []string{"Client"}, name: "Do"},
		"(*Client).Do":           {quals: []string{"Client"}, name: "Do"},
		"http.Client":            {quals: []string{"http"}, name: "Client"},
		"net/http.Client.Do":     {quals: []string{"net/http", "Client"}, name: "Do"},
		"os.path.join()":         {quals: []string{"os", "path"}, name: "join"},
		"Net::HTTP":              {quals: []string{"Net"}, name: "HTTP"},
		"Foo#bar":                {quals: []string{"Foo"}, name: "bar"},
		"#retry":                 {name: "#retry"},
		"Ky.#retry()":            {quals: []string{"Ky"}, name: "#retry"},
		`App\Models\User`:        {quals: []string{"App", "Models"}, name: "User"},
		"$this->save":            {quals: []string{"this"}, name: "save"},
		"a.b.operator =":         {quals: []string{"a", "b"}, name: "operator="},
		"Ptr::operator bool":     {quals: []string{"Ptr"}, name: "operator bool"},
		"<*>":                    {name: "<*>"},
		">>=":                    {name: ">>="},
		"operator*":              {name: "operator*"},
		"Span::operator()":       {quals: []string{"Span"}, name: "operator()"},
		"absl::Span::operator[]": {quals: []string{"absl", "Span"}, name: "operator[]"},
	}
	for in, want := range cases {
		got, ok := parseSymbol(in)
		if !ok || !reflect.DeepEqual(got, want) {
			t.Errorf("parseSymbol(%q) = %+v %v, want %+v", in, got, ok, want)
		}
	}
	for _, bad := range []string{"", "  ", "a b", "net/http", "."} {
		if q, ok := parseSymbol(bad); ok {
			t.Errorf("parseSymbol(%q) = %+v, want no symbol", bad, q)
		}
	}
}

func TestQualifiersMatchScopes(t *testing.T) {
	goFile := store.GraphFile{Path: "net/http/client.go", Language: "go", Package: "http"}
	randFile := store.GraphFile{Path: "math/rand/v2/rand.go", Language: "go", Package: "rand"}
	pyFile := store.GraphFile{Path: "email/mime/text.py", Language: "python"}
	rsMod := store.GraphFile{Path: "regex-syntax/src/hir/mod.rs", Language: "rust"}
	rsConn := store.GraphFile{Path: "src/conn.rs", Language: "rust"}
	rsWorkspace := store.GraphFile{Path: "crates/hyperion/src/conn.rs", Language: "rust"}
	rsLib := store.GraphFile{Path: "src/lib.rs", Language: "rust"}
	cases := []struct {
		quals  []string
		file   store.GraphFile
		parent string
		want   int
	}{
		{[]string{"http", "Client"}, goFile, "Client", qualExact},
		{[]string{"net/http", "Client"}, goFile, "Client", qualExact},
		{[]string{"Client"}, goFile, "Client", qualExact},
		{[]string{"http"}, goFile, "Client", qualPartial}, // the type left out
		{[]string{"url"}, goFile, "", qualNone},
		{[]string{"rand"}, randFile, "", qualExact},
		{[]string{"mime", "text", "MIMEText"}, pyFile, "MIMEText", qualExact},
		// Rust's Hir::literal is a method of the type Hir, not a module
		// declared in hir/mod.rs.
		{[]string{"Hir"}, rsMod, "", qualPartial},
		{[]string{"Hir"}, rsMod, "Hir", qualExact},
		{[]string{"hir"}, rsMod, "", qualExact},
		// A path from the crate's root names it by the crate's name.
		{[]string{"hyperion", "conn", "Timer"}, rsConn, "Timer", qualExact},
		{[]string{"crate", "conn", "Timer"}, rsConn, "Timer", qualExact},
		{[]string{"conn", "Timer"}, rsConn, "Timer", qualExact},
		{[]string{"tokio", "conn"}, rsConn, "Timer", qualPartial},
		{[]string{"tokio", "conn", "Timer"}, rsWorkspace, "Timer", qualNone},
		{[]string{"hyperion", "conn", "Timer"}, rsWorkspace, "Timer", qualExact},
		{[]string{"hyperion"}, rsLib, "", qualExact},
		{[]string{"crate", "conn", "Timer"}, rsWorkspace, "Timer", qualExact},
		{[]string{"regex_syntax", "hir"}, rsMod, "", qualExact},
	}
	for _, c := range cases {
		if got := qualMatch(c.quals, scopeOf(c.file, c.parent), c.parent); got != c.want {
			t.Errorf("%v on %s (%s): %d, want %d", c.quals, c.file.Path, c.parent, got, c.want)
		}
	}
}

// A Rust macro is found as its uses write it, with its "!", and a Ruby
// method whose name ends in "!" keeps it; a JavaScript name keeps its "$",
// and PHP's $variable is its variable.
func TestNamesWithSigils(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"src/macros.rs": "macro_rules! cfg_rt {\n    ($($item:item)*) => { $($item)* }\n}\n",
		"lib/model.rb":  "class Model\n  def save!\n    save\n  end\n\n  def save\n  end\nend\n",
		"src/store.ts":  "const reset = '\\x1b[0m'\nexport function $reset() {}\n",
		"src/conf.php":  "<?php\nclass Conf {\n    public function load() {}\n}\n",
	})
	for symbol, want := range map[string]string{"cfg_rt!": "cfg_rt", "save!": "save!", "Model.save": "save", "$reset": "$reset", "$this->load": "load"} {
		defs, err := DefinitionsOf(ix, symbol)
		if err != nil || defs[0].Def.Name != want {
			t.Errorf("DefinitionsOf(%s) = %+v, %v; want %s first", symbol, defs, err, want)
		}
	}
}
