package chunker

import (
	"fmt"
	"strings"
	"testing"
)

const rubyGraphSrc = `require 'json'
require_relative "lib/cart"

module Shop
  class Cart < Base
    include Enumerable
    attr_reader :items
    LIMIT = 10

    # Adds an item.
    def add(item, qty = 1)
      copy = item.dup
      @store.save(copy)
      self.total += qty
      Net::HTTP.get(URI(url))
      helper(method(:process), LIMIT)
      items.each { |i| i.touch }
      order = Order.new(copy)
      order.submit
      gate = Pay::Gate.new
      gate.charge(order)
    end

    def self.build(opts = {})
      new(opts).tap(&:validate)
    end
  end

  class Admin::Panel; end
end
`

func TestRubyGraph(t *testing.T) {
	src := rubyGraphSrc
	g := analyzeGraph(t, "cart.rb", src)
	checkImports(t, g, ". json", ". lib/cart")
	checkDefs(t, g, src, []wantDef{
		{qualified: "Shop", kind: "module", at: "module Shop"},
		{qualified: "Shop.Cart", kind: "class", at: "class Cart"},
		{qualified: "Shop.Cart.items", kind: "property", at: ":items"},
		{qualified: "Shop.Cart.LIMIT", kind: "const", at: "LIMIT = 10"},
		{qualified: "Shop.Cart.add", kind: "method", at: "def add", doc: "Adds an item."},
		{qualified: "Shop.Cart.build", kind: "method", at: "self.build"},
		{qualified: "Shop.Admin.Panel", kind: "class", at: "Admin::Panel"},
	})
	checkRefs(t, g, src, []wantRef{
		{"Base", "< Base", RefInherit, "", "Shop.Cart"},
		{"Enumerable", "include Enumerable", RefInherit, "", "Shop.Cart"},
		{"dup", "item.dup", RefCall, "?", "Shop.Cart.add"},
		{"store", "@store", RefOther, "self", "Shop.Cart.add"},
		{"save", "store.save", RefCall, "self .store", "Shop.Cart.add"},
		{"total", "self.total", RefCall, "self", "Shop.Cart.add"},
		{"HTTP", "Net::HTTP", RefOther, "n:Net", "Shop.Cart.add"},
		{"get", "HTTP.get", RefCall, "n:Net.HTTP", "Shop.Cart.add"},
		{"url", "url))", RefCall, "", "Shop.Cart.add"},
		{"process", ":process", RefOther, "", "Shop.Cart.add"},
		{"LIMIT", "LIMIT)", RefOther, "", "Shop.Cart.add"},
		{"items", "items.each", RefCall, "", "Shop.Cart.add"},
		{"touch", "i.touch", RefCall, "?", "Shop.Cart.add"},
		{"submit", "order.submit", RefCall, "t:Order", "Shop.Cart.add"},
		{"charge", "gate.charge", RefCall, "t:Gate", "Shop.Cart.add"},
		{"validate", "&:validate", RefCall, "", "Shop.Cart.build"},
	})
	checkNoRefs(t, g, "item", "qty", "copy", "i", "opts", "order", "gate")
	for _, r := range g.Refs {
		if (r.Name == "item" || r.Name == "copy" || r.Name == "opts") && r.Recv == "" {
			t.Errorf("local %s at %d:%d is a reference (%s)", r.Name, r.Line, r.Col, r.Kind)
		}
	}
}

// TestRubyMethodNames: a method is named as it is called, its ?, ! or =
// (a setter) included, and an operator method by its operator.
func TestRubyMethodNames(t *testing.T) {
	src := `module Kramdown
  class StringScanner
    # Sets the byte position of the scan pointer.
    def pos=(pos)
      @pos = pos
    end

    def empty?
      true
    end

    def reset!
    end

    def self.limit=(n)
    end

    def ==(other)
      pos == other.pos
    end

    def [](i)
    end
  end
end
`
	g := analyzeGraph(t, "string_scanner.rb", src)
	checkDefs(t, g, src, []wantDef{
		{qualified: "Kramdown.StringScanner.pos=", kind: "method", at: "def pos="},
		{qualified: "Kramdown.StringScanner.empty?", kind: "method", at: "def empty?"},
		{qualified: "Kramdown.StringScanner.reset!", kind: "method", at: "def reset!"},
		{qualified: "Kramdown.StringScanner.limit=", kind: "method", at: "self.limit="},
		{qualified: "Kramdown.StringScanner.==", kind: "method", at: "def =="},
		{qualified: "Kramdown.StringScanner.[]", kind: "method", at: "def []"},
	})
}

// What a class's methods assign to @x types what is selected from @x in
// all of them: a constructor call.
func TestRubyInstanceMembersAreTyped(t *testing.T) {
	src := `class Formatter
  def initialize(out)
    @line = Accumulator.new(3)
    @out = out
  end

  def feed
    @line.push(1)
    @out.write
  end
end
`
	g := analyzeGraph(t, "fmt.rb", src)
	checkRefs(t, g, src, []wantRef{
		{"push", "@line.push(1)", RefCall, "t:Accumulator", "Formatter.feed"},
		{"write", "@out.write", RefCall, "self .out", "Formatter.feed"},
	})
}

// A Ruby module of instance methods (a mixin) is their parent, as a
// class is; a module of classes and module functions is a namespace
// they are named without; `class << self` adds its methods to the class
// around it.
func TestRubyMixinsAndSingletonClasses(t *testing.T) {
	src := "module Sinatra\n  module Helpers\n    def status(value = nil)\n      value\n    end\n  end\n\n  class Base\n    class << self\n      def before(path = nil)\n        path\n      end\n    end\n  end\n\n  def self.register(*extensions)\n    extensions\n  end\nend\n"
	got := map[string]string{}
	for _, s := range Symbols("base.rb", []byte(src)) {
		got[s.Name] = s.Parent + "|" + s.Kind
	}
	for name, want := range map[string]string{"Helpers": "|module", "status": "Helpers|method", "Base": "|class", "before": "Base|method", "register": "|function"} {
		if got[name] != want {
			t.Errorf("%s is %q, want %q (parent|kind)", name, got[name], want)
		}
	}
	for _, c := range Split("base.rb", []byte(src), Options{}) {
		if strings.Contains(c.Symbol, "..") {
			t.Errorf("chunk symbol %q", c.Symbol)
		}
	}
}

// The first assignment to @x in a class declares its field x, unless an
// attr_reader declares the name; any other assignment and every use is a
// reference to it.
func TestRubyInstanceVariablesAreFields(t *testing.T) {
	src := `class Job
  def initialize(name)
    @name = name
  end

  def rename(other)
    @name = other
  end
end

class Named
  attr_reader :title
  def initialize(title)
    @title = title
  end
end
`
	g := analyzeGraph(t, "job.rb", src)
	checkDefs(t, g, src, []wantDef{
		{qualified: "Job.name", kind: "field", at: "@name = name"},
		{qualified: "Named.title", kind: "property", at: "attr_reader :title"},
	})
	checkDeclaredTimes(t, g, map[string]int{"Job.name": 1, "Named.title": 1})
	checkRefs(t, g, src, []wantRef{
		{"name", "@name = other", RefOther, "self", "Job.rename"},
		{"title", "@title = title", RefOther, "self", "Named.initialize"},
	})
}

// A method's other name is declared where it is given, as the method
// is (TestOutline lists it beside it).
func TestRubyAliasesDeclareMethods(t *testing.T) {
	src := `class Shelf
  def method_options(opts)
    opts
  end
  alias_method :options, :method_options
  alias opts method_options
end
`
	g := analyzeGraph(t, "shelf.rb", src)
	checkDefs(t, g, src, []wantDef{
		{qualified: "Shelf.method_options", kind: "method", at: "method_options(opts)"},
		{qualified: "Shelf.options", kind: "method", at: "alias_method :options"},
		{qualified: "Shelf.opts", kind: "method", at: "alias opts"},
	})
}

// The comment above a module's first class is the class's doc, and in
// its chunk, though the grammar leaves it to the module node before the
// module's body.
func TestCommentAboveABodysFirstItemIsItsDoc(t *testing.T) {
	var b strings.Builder
	b.WriteString("module Rack\n  module Protection\n    # Checks the referrer even on GET requests\n    # if the content type is JSON.\n    class JsonCsrf < Base\n")
	for _, m := range []string{"call", "has_vector?", "close_body"} {
		fmt.Fprintf(&b, "      def %s(env)\n", m)
		for i := 0; i < 12; i++ {
			fmt.Fprintf(&b, "        value_%d = compute_something(env, %d) + another_call(env, %d)\n", i, i, i)
		}
		b.WriteString("      end\n\n")
	}
	b.WriteString("    end\n  end\nend\n")
	src := []byte(b.String())
	for _, s := range Symbols("json_csrf.rb", src) {
		if s.Name == "JsonCsrf" && !strings.HasPrefix(s.Doc, "# Checks the referrer") {
			t.Errorf("JsonCsrf's doc is %q, want the comment above it", s.Doc)
		}
	}
	for _, c := range Split("json_csrf.rb", src, Options{}) {
		if strings.Contains(c.Content, "# Checks the referrer") && !strings.Contains(c.Symbol, "JsonCsrf") {
			t.Errorf("the class's comment is in chunk %d-%d %q, not the class's", c.StartLine, c.EndLine, c.Symbol)
		}
	}
}

// A small file's one chunk, a namespace or modules around one class, is
// named after the class, with its doc: the namespace is what every file
// of it opens.
func TestWrappedClassNamesTheChunk(t *testing.T) {
	for _, tc := range []struct{ path, src string }{
		{"referrer_policy.rb", "module Rack\n  module Protection\n    # Sets the Referrer-Policy header.\n    class ReferrerPolicy < Base\n      def call(env)\n        env\n      end\n    end\n  end\nend\n"},
		{"Padder.cs", "namespace Demo.Util\n{\n    /// <summary>Sets the Referrer-Policy header.</summary>\n    public class ReferrerPolicy\n    {\n        public string Call(string s) { return s; }\n    }\n}\n"},
	} {
		chunks := Split(tc.path, []byte(tc.src), Options{})
		if len(chunks) != 1 || chunks[0].Symbol != "ReferrerPolicy" || chunks[0].SymbolKind != "class" || !strings.Contains(chunks[0].Doc, "Referrer-Policy") {
			t.Errorf("%s: chunks %+v, want one named after class ReferrerPolicy with its doc", tc.path, chunks)
		}
	}
}

// A magic comment above the modules wrapping a class names nothing: the
// chunk is the class's, as without it.
func TestMagicCommentAboveWrappedClass(t *testing.T) {
	src := "# frozen_string_literal: true\n\nmodule Shop\n  class Shelf\n    class Index\n      def add(name)\n        name\n      end\n    end\n  end\nend\n"
	chunks := Split("index.rb", []byte(src), Options{})
	if len(chunks) != 1 || chunks[0].Symbol != "Shelf" || chunks[0].SymbolKind != "class" {
		t.Errorf("chunks %+v, want one named after class Shelf", chunks)
	}
}

// A module whose one class is its own singleton (`class << self`) names
// its chunk: the singleton has no name to give it.
func TestSingletonClassNamesNoChunk(t *testing.T) {
	src := "module Shop\n  # Encodes nested params.\n  module NestedEncoder\n    class << self\n      attr_accessor :sort_params\n    end\n\n    @sort_params = true\n  end\nend\n"
	chunks := Split("encoder.rb", []byte(src), Options{})
	if len(chunks) != 1 || chunks[0].Symbol != "NestedEncoder" || chunks[0].SymbolKind != "module" {
		t.Errorf("chunks %+v, want one named after module NestedEncoder", chunks)
	}
}
