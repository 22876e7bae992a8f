package nav

import "testing"

// A method called on self or super that a base class declares resolves to
// the base's declaration, the nearest base first; one the class itself
// overrides stays its own.
func TestMembersResolveThroughBaseClasses(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"mail/message.py": "class Message:\n    def attach(self, part):\n        pass\n\n    def walk(self):\n        pass\n",
		"mail/part.py": `from mail.message import Message


class MIMEPart(Message):
    def walk(self):
        return super().walk()

    def add(self, p):
        self.attach(p)
        self.walk()
`,
		"other/tree.py": "class Tree:\n    def attach(self, leaf):\n        pass\n\n    def walk(self):\n        pass\n",
	})
	for _, tc := range []struct{ symbol, at, want string }{
		{"Message.attach", "mail/part.py:9", MatchExact}, // self.attach: inherited
		{"MIMEPart.walk", "mail/part.py:10", MatchExact}, // self.walk: overridden
		{"Message.walk", "mail/part.py:6", MatchExact},   // super().walk()
		{"Message.walk", "mail/part.py:10", ""},          // not the base's: MIMEPart overrides it
		{"Tree.attach", "mail/part.py:9", ""},            // another class's method of the name
	} {
		got := matchAt(t, ix, tc.symbol, nil, tc.at)
		if got == MatchName {
			got = "" // a name-only match is no resolution
		}
		if got != tc.want {
			t.Errorf("%s at %s: match %q, want %q", tc.symbol, tc.at, got, tc.want)
		}
	}
}

// In the languages where a bare call inside a method may be to the class's
// own member, it may be to an inherited one too.
func TestBareCallsResolveThroughBaseClasses(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"src/Shape.java":  "package geo;\n\npublic class Shape {\n    void draw() {}\n}\n",
		"src/Circle.java": "package geo;\n\npublic class Circle extends Shape {\n    void paint() {\n        draw();\n    }\n}\n",
		"src/Pen.java":    "package geo;\n\npublic class Pen {\n    void draw() {}\n}\n",
	})
	tg, err := ResolveTarget(ix, "Shape.draw", nil)
	if err != nil {
		t.Fatal(err)
	}
	refs, err := References(ix, tg, RefFilter{})
	if err != nil {
		t.Fatal(err)
	}
	if len(refs) != 1 || refs[0].Path != "src/Circle.java" || refs[0].Match != MatchExact {
		t.Errorf("references of Shape.draw: %+v, want Circle.java's draw() as exact", refs)
	}
}

// TestBareCallsInModulesAndContainers: a bare call inside an Elixir
// module, a Dart class or a Zig struct is to the module's, class's or
// container's own function, as in Java; another module's function of the
// same name is not it.
func TestBareCallsInModulesAndContainers(t *testing.T) {
	ix := testIndex(t, map[string]string{
		"lib/conn.ex":     "defmodule App.Conn do\n  def send(s) do\n    encode(s)\n  end\n\n  defp encode(s), do: s\nend\n",
		"lib/other.ex":    "defmodule App.Other do\n  defp encode(s), do: s\nend\n",
		"lib/parser.dart": "class Parser {\n  void parse() {\n    if (_solo()) return;\n  }\n\n  bool _solo() {\n    return true;\n  }\n}\n",
		"src/list.zig":    "const List = struct {\n    fn push(self: *List) void {\n        grow(self);\n    }\n\n    fn grow(self: *List) void {\n        _ = self;\n    }\n};\n",
	})
	for _, tc := range []struct{ symbol, at string }{
		{"App.Conn.encode", "lib/conn.ex:3"},
		{"Parser._solo", "lib/parser.dart:3"},
		{"List.grow", "src/list.zig:3"},
	} {
		if got := matchAt(t, ix, tc.symbol, nil, tc.at); got != MatchExact {
			t.Errorf("%s at %s: %q, want exact", tc.symbol, tc.at, got)
		}
	}
	if got := matchAt(t, ix, "App.Other.encode", nil, "lib/conn.ex:3"); got == MatchExact {
		t.Errorf("App.Conn's call of its own encode is App.Other.encode's exact use")
	}
}
