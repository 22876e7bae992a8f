package chunker

import (
	"strings"
	"testing"
)

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

// A class made by `Class.new(…) do … end` and assigned to a constant is a
// class, its block's methods its own, as a `class` body's are.
func TestRubyClassNewBlockIsAClass(t *testing.T) {
	src := "module Lib\n  ConfigError = Class.new(StandardError) do\n    attr_reader :key\n\n    def initialize(key)\n      @key = key\n    end\n  end\n\n  Point = Struct.new(:x, :y) do\n    def norm\n      x + y\n    end\n  end\n\n  LIMIT = 3\nend\n"
	var got []string
	for _, s := range Outline("errors.rb", []byte(src)) {
		got = append(got, s.Kind+" "+s.Qualified())
	}
	want := "module Lib, class Lib.ConfigError, property Lib.ConfigError.key, method Lib.ConfigError.initialize, class Lib.Point, method Lib.Point.norm, const Lib.LIMIT"
	if strings.Join(got, ", ") != want {
		t.Errorf("outline %v, want %s", got, want)
	}
}
