package chunker

import "testing"

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
