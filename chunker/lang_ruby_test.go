package chunker

import "testing"

// A method named as a keyword (pry's `def super(times = 1)`, `def self`)
// is read as a method, and the class's later methods stay its own.
func TestRubyKeywordNamedMethods(t *testing.T) {
	src := "class Pry\n  class Method\n    def super(times = 1)\n      times\n    end\n\n    def self\n      @self\n    end\n\n" +
		"    def self.from_str(name)\n      new(name)\n    end\n\n    def after\n      1\n    end\n  end\nend\n"
	got := map[string]string{}
	for _, s := range Symbols("method.rb", []byte(src)) {
		got[s.Name] = s.Parent
	}
	for name, parent := range map[string]string{"super": "Pry.Method", "self": "Pry.Method", "from_str": "Pry.Method", "after": "Pry.Method"} {
		if p, ok := got[name]; !ok || p != parent {
			t.Errorf("%s listed %v under %q, want under %s (all: %v)", name, ok, p, parent, got)
		}
	}
}
