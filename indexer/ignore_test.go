package indexer

import (
	"testing"
)

// Cases taken from git's t/t3070-wildmatch.sh (the "wildmatch" and
// "pathmatch" columns), so the port is checked against git itself.
func TestWildmatch(t *testing.T) {
	tests := []struct {
		pattern, text string
		pathname      bool // WM_PATHNAME, used for patterns holding '/'
		want          bool
	}{
		{"foo", "foo", true, true},
		{"bar", "foo", true, false},
		{"", "", true, true},
		{"???", "foo", true, true},
		{"??", "foo", true, false},
		{"*", "foo", true, true},
		{"f*", "foo", true, true},
		{"*f", "foo", true, false},
		{"*foo*", "foo", true, true},
		{"*ob*a*r*", "foobar", true, true},
		{"*ab", "aaaaaaabababab", true, true},
		{`foo\*`, "foo*", true, true},
		{`foo\*bar`, "foobar", true, false},
		{`f\\oo`, `f\oo`, true, true},
		{"*[al]?", "ball", true, true},
		{"[ten]", "ten", true, false},
		{"**[!te]", "ten", true, true},
		{"**[!ten]", "ten", true, false},
		{"t[a-g]n", "ten", true, true},
		{"t[!a-g]n", "ten", true, false},
		{"t[!a-g]n", "ton", true, true},
		{"t[^a-g]n", "ton", true, true},
		{"a[]]b", "a]b", true, true},
		{"a[]-]b", "a-b", true, true},
		{"a[]-]b", "a]b", true, true},
		{"a[]-]b", "aab", true, false},
		{"a[]a-]b", "aab", true, true},
		{"]", "]", true, true},
		// '*' and '?' stop at '/' in pathname mode.
		{"foo*bar", "foo/baz/bar", true, false},
		{"foo?bar", "foo/bar", true, false},
		{"foo[/]bar", "foo/bar", true, false},
		{"foo*bar", "foo/baz/bar", false, true},
		{"f[^eiu][^eiu][^eiu][^eiu][^eiu]r", "foo/bar", true, false},
		{"f[^eiu][^eiu][^eiu][^eiu][^eiu]r", "foo-bar", true, true},
		// "**" rules.
		{"**/foo", "foo", true, true},
		{"**/foo", "XXX/foo", true, true},
		{"**/foo", "bar/baz/foo", true, true},
		{"*/foo", "bar/baz/foo", true, false},
		{"**/bar*", "foo/bar/baz", true, false},
		{"**/bar/*", "deep/foo/bar/baz", true, true},
		{"**/bar/*", "deep/foo/bar/baz/", true, false},
		{"**/bar/**", "deep/foo/bar/baz/", true, true},
		{"**/bar/*", "deep/foo/bar", true, false},
		{"**/bar/**", "deep/foo/bar/", true, true},
		{"**/bar**", "foo/bar/baz", true, false},
		{"*/bar/**", "deep/foo/bar/baz/x", true, false},
		{"**/bar/*/*", "deep/foo/bar/baz/x", true, true},
		{"**/**/**", "foo", true, true},
		{"a/**/b", "a/b", true, true},
		{"a/**/b", "a/x/b", true, true},
		{"a/**/b", "a/x/y/b", true, true},
		{"a/**/b", "a/xb", true, false},
		{"a**b", "axb", true, true},
		{"a**b", "a/b", true, false}, // "**" not between slashes acts as "*"
		{"foo/**", "foo/a/b", true, true},
		{"foo/**", "foo", true, false},
		{"XXX/*/*/*/YYY", "XXX/a/b/c/YYY", true, true},
		{"-*-*-*-*-*-*-12-*-*-*-m-*-*-*", "-adobe-courier-bold-o-normal--12-120-75-75-m-70-iso8859-1", true, true},
		{"-*-*-*-*-*-*-12-*-*-*-m-*-*-*", "-adobe-courier-bold-o-normal--12-120-75-75-X-70-iso8859-1", true, false},
		{"*a*a*a*a*a*a*a*a*a*a*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", true, false},
		// Character classes and escapes inside brackets.
		{"[[:alpha:]][[:digit:]][[:upper:]]", "a1B", true, true},
		{"[[:digit:][:upper:][:space:]]", "a", true, false},
		{"[[:digit:][:upper:][:space:]]", "A", true, true},
		{"[[:xdigit:]]", "f", true, true},
		{"[[:nope:]]", "a", true, false},
		{"[a-c[:digit:]x-z]", "5", true, true},
		{"[a-c[:digit:]x-z]", "y", true, true},
		{"[a-c[:digit:]x-z]", "q", true, false},
		{`[\-_]`, "-", true, true},
		{`[\]]`, "]", true, true},
		{`[\\]`, `\`, true, true},
		{"[!]-]", "]", true, false},
		{"[!]-]", "a", true, true},
		{"[a-]", "-", true, true},
		{"[ab", "a", true, false}, // unterminated class matches nothing
		{`\`, `\`, true, false},   // trailing backslash matches nothing
		{`\#foo`, "#foo", true, true},
		{`\!foo`, "!foo", true, true},
	}
	for _, tt := range tests {
		if got := wildmatch(tt.pattern, tt.text, tt.pathname); got != tt.want {
			t.Errorf("wildmatch(%q, %q, pathname=%v) = %v, want %v", tt.pattern, tt.text, tt.pathname, got, tt.want)
		}
	}
}

func TestParseIgnoreLine(t *testing.T) {
	tests := []struct {
		line string
		ok   bool
		want ignoreRule
	}{
		{"", false, ignoreRule{}},
		{"# comment", false, ignoreRule{}},
		{"   ", false, ignoreRule{}},
		{"!", false, ignoreRule{}},
		{"/", false, ignoreRule{}},
		{`\#file`, true, ignoreRule{pattern: `\#file`, basename: true}},
		{`\!file`, true, ignoreRule{pattern: `\!file`, basename: true}},
		{"!keep.log", true, ignoreRule{pattern: "keep.log", negate: true, basename: true}},
		{"build/", true, ignoreRule{pattern: "build", dirOnly: true, basename: true}},
		{"/build", true, ignoreRule{pattern: "build"}},
		{"doc/frotz/", true, ignoreRule{pattern: "doc/frotz", dirOnly: true}},
		{"foo   ", true, ignoreRule{pattern: "foo", basename: true}},
		{`foo\ `, true, ignoreRule{pattern: `foo\ `, basename: true}},
		{`foo\  `, true, ignoreRule{pattern: `foo\ `, basename: true}},
		{"foo\t", true, ignoreRule{pattern: "foo\t", basename: true}},
		{"foo\r", true, ignoreRule{pattern: "foo", basename: true}},
		{"**/foo", true, ignoreRule{pattern: "**/foo"}},
	}
	for _, tt := range tests {
		got, ok := parseIgnoreLine(tt.line, "")
		if ok != tt.ok || (ok && got != tt.want) {
			t.Errorf("parseIgnoreLine(%q) = %+v, %v; want %+v, %v", tt.line, got, ok, tt.want, tt.ok)
		}
	}
}

// TestIgnoreRules checks the examples of gitignore(5) and the precedence
// rules between files, on single paths (parent exclusion is the walk's
// job and is tested there).
func TestIgnoreRules(t *testing.T) {
	type file struct {
		base, content string
	}
	tests := []struct {
		name  string
		git   []file
		local []file
		path  string
		isDir bool
		want  bool
	}{
		{"basename any depth", []file{{"", "hello.*"}}, nil, "a/b/hello.java", false, true},
		{"basename at root", []file{{"", "hello.*"}}, nil, "hello.c", false, true},
		{"no match", []file{{"", "hello.*"}}, nil, "help.c", false, false},
		{"dir-only matches dir", []file{{"", "frotz/"}}, nil, "a/frotz", true, true},
		{"dir-only skips file", []file{{"", "frotz/"}}, nil, "a/frotz", false, false},
		{"middle slash anchors", []file{{"", "doc/frotz/"}}, nil, "doc/frotz", true, true},
		{"middle slash anchors, deep", []file{{"", "doc/frotz/"}}, nil, "a/doc/frotz", true, false},
		{"leading slash anchors", []file{{"", "/bar"}}, nil, "bar", false, true},
		{"leading slash anchors, deep", []file{{"", "/bar"}}, nil, "a/bar", false, false},
		{"star one level", []file{{"", "foo/*"}}, nil, "foo/test.json", false, true},
		{"star one level, dir", []file{{"", "foo/*"}}, nil, "foo/bar", true, true},
		{"star not two levels", []file{{"", "foo/*"}}, nil, "foo/bar/hello.c", false, false},
		{"doc txt", []file{{"", "doc/*.txt"}}, nil, "doc/notes.txt", false, true},
		{"doc txt not nested", []file{{"", "doc/*.txt"}}, nil, "doc/server/arch.txt", false, false},
		{"leading starstar", []file{{"", "**/foo/bar"}}, nil, "x/y/foo/bar", false, true},
		{"leading starstar at root", []file{{"", "**/foo/bar"}}, nil, "foo/bar", false, true},
		{"trailing starstar", []file{{"", "abc/**"}}, nil, "abc/d/e", false, true},
		{"trailing starstar not dir itself", []file{{"", "abc/**"}}, nil, "abc", true, false},
		{"middle starstar zero dirs", []file{{"", "a/**/b"}}, nil, "a/b", false, true},
		{"middle starstar many dirs", []file{{"", "a/**/b"}}, nil, "a/x/y/b", false, true},
		{"class", []file{{"", "*.[oa]"}}, nil, "lib/x.a", false, true},
		{"class miss", []file{{"", "*.[oa]"}}, nil, "lib/x.c", false, false},
		{"question mark", []file{{"", "?.go"}}, nil, "a.go", false, true},
		{"escaped hash", []file{{"", `\#notes`}}, nil, "#notes", false, true},
		{"escaped bang", []file{{"", `\!important`}}, nil, "!important", false, true},
		{"trailing spaces trimmed", []file{{"", "secret.txt  "}}, nil, "secret.txt", false, true},
		{"escaped space kept", []file{{"", `sp\ `}}, nil, "sp ", false, true},
		{"negation re-includes", []file{{"", "*.log\n!keep.log"}}, nil, "keep.log", false, false},
		{"last match wins", []file{{"", "!keep.log\n*.log"}}, nil, "keep.log", false, true},
		{"nested file is relative", []file{{"sub", "/gen"}}, nil, "sub/gen", false, true},
		{"nested anchored not elsewhere", []file{{"sub", "/gen"}}, nil, "gen", false, false},
		{"nested basename below only", []file{{"sub", "*.tmp"}}, nil, "x.tmp", false, false},
		{"nested basename deep", []file{{"sub", "*.tmp"}}, nil, "sub/a/x.tmp", false, true},
		{"nested base is a dir prefix, not a string prefix", []file{{"sub", "*.tmp"}}, nil, "subway/x.tmp", false, false},
		{"deeper file overrides", []file{{"", "*.gen"}, {"sub", "!*.gen"}}, nil, "sub/a.gen", false, false},
		{"exclude then gitignore", []file{{"", "*.out"}, {"", "!x.out"}}, nil, "x.out", false, false},
		{"codeseekignore excludes", []file{{"", "*.log"}}, []file{{"", "vendor/"}}, "vendor", true, true},
		{"codeseekignore re-includes", []file{{"sub", "*.log"}}, []file{{"", "!keep.log"}}, "sub/keep.log", false, false},
		{"codeseekignore silent leaves gitignore", []file{{"", "*.log"}}, []file{{"", "*.tmp"}}, "a.log", false, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var m ignoreRules
			for _, f := range tt.git {
				m = m.with(parseIgnoreFile([]byte(f.content), f.base), nil)
			}
			for _, f := range tt.local {
				m = m.with(nil, parseIgnoreFile([]byte(f.content), f.base))
			}
			if got := m.ignored(tt.path, tt.isDir); got != tt.want {
				t.Errorf("ignored(%q, dir=%v) = %v, want %v", tt.path, tt.isDir, got, tt.want)
			}
		})
	}
}

func TestParseIgnoreFile(t *testing.T) {
	data := "\xef\xbb\xbf*.o\r\n# comment\r\n\r\n!keep.o\nlast"
	rules := parseIgnoreFile([]byte(data), "src")
	var got []string
	for _, r := range rules {
		if r.base != "src" {
			t.Errorf("rule %q has base %q, want src", r.pattern, r.base)
		}
		got = append(got, r.pattern)
	}
	want := []string{"*.o", "keep.o", "last"}
	if len(got) != len(want) {
		t.Fatalf("patterns = %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("patterns = %q, want %q", got, want)
		}
	}
	if !rules[1].negate {
		t.Errorf("!keep.o not negated")
	}
}

// Siblings extend the same parent rules; clipping must keep one sibling's
// rules out of the other's view.
func TestIgnoreRulesWithDoesNotAlias(t *testing.T) {
	parent := ignoreRules{git: make([]ignoreRule, 0, 8)}
	parent = parent.with(parseIgnoreFile([]byte("*.a"), ""), nil)
	a := parent.with(parseIgnoreFile([]byte("*.b"), "x"), nil)
	b := parent.with(parseIgnoreFile([]byte("*.c"), "y"), nil)
	if !a.ignored("x/f.b", false) {
		t.Errorf("sibling x lost its own rule")
	}
	if !b.ignored("y/f.c", false) || b.ignored("y/f.b", false) {
		t.Errorf("sibling y sees wrong rules: %+v", b.git)
	}
}

func BenchmarkIgnored(b *testing.B) {
	m := ignoreRules{}.with(parseIgnoreFile([]byte("node_modules/\n*.log\n/dist\n**/gen/**\n*.min.js\n!keep.log\nsrc/**/*.pb.go\n"), ""), nil)
	for b.Loop() {
		m.ignored("src/pkg/deep/nested/file.pb.go", false)
	}
}
