package chunker

import (
	"strings"
	"testing"
)

const swiftGraphSrc = `import Foundation

/// A cart of items.
class Cart: Base, Comparable {
    var items: [Item] = []
    let owner: Owner

    /// Adds an item.
    func add(_ item: Item, qty: Int = 1) -> Item {
        let copy = item.copy()
        let store: Store = Store(name: "x")
        store.save(copy).flush()
        self.items.append(copy)
        super.add(item)
        helper(compute, Cart.count)
        items.forEach { $0.touch() }
        let order = Order(items: items)
        order.submit()
        return copy
    }
}

protocol Shape { func area() -> Double }
extension Cart: Shape { func area() -> Double { return 0 } }
enum Mode { case fast, slow }
enum Registry {
    static var factory: Factory = Factory()
    static let name = "main"
}
`

func TestSwiftGraph(t *testing.T) {
	src := swiftGraphSrc
	g := analyzeGraph(t, "Cart.swift", src)
	checkImports(t, g, ". Foundation")
	checkDefs(t, g, src, []wantDef{
		{qualified: "Cart", kind: "class", at: "class Cart", doc: "A cart of items."},
		{qualified: "Cart.items", kind: "property", at: "var items"},
		{qualified: "Cart.owner", kind: "property", at: "let owner", typ: "t:Owner"},
		{qualified: "Cart.add", kind: "method", at: "func add", typ: "t:Item", doc: "Adds an item."},
		{qualified: "Shape", kind: "protocol", at: "protocol Shape"},
		{qualified: "Shape.area", kind: "method", at: "area() -> Double }", typ: "t:Double", flags: DefAbstract},
		{qualified: "Cart", kind: "class", at: "class Cart"},
		{qualified: "Mode.slow", kind: "constant", at: "slow"},
		// An enum used as a namespace keeps its static stored properties.
		{qualified: "Registry.factory", kind: "property", at: "var factory", typ: "t:Factory"},
		{qualified: "Registry.name", kind: "property", at: "let name"},
	})
	// The extension's method is Cart's.
	checkDefAt(t, g, src, "Cart.area", "area() -> Double {")
	checkRefs(t, g, src, []wantRef{
		{"Base", ": Base", RefInherit, "", "Cart"},
		{"Shape", "Cart: Shape", RefInherit, "", "Cart"},
		{"copy", "item.copy()", RefCall, "t:Item", "Cart.add"},
		{"save", "store.save", RefCall, "t:Store", "Cart.add"},
		{"append", "items.append", RefCall, "self .items", "Cart.add"},
		{"add", "super.add", RefCall, "super", "Cart.add"},
		{"compute", "compute,", RefOther, "", "Cart.add"},
		{"count", "Cart.count", RefOther, "n:Cart", "Cart.add"},
		{"touch", "$0.touch", RefCall, "?", "Cart.add"},
		{"submit", "order.submit", RefCall, "t:Order", "Cart.add"},
	})
	checkNoRefs(t, g, "item", "qty", "copy", "store", "$0", "name", "order")
}

// Newer Swift the grammar does not know hides no declaration: a
// suppressed conformance (`~Copyable`), a `sending` parameter, and a
// loop binding a `try await` call, whose body the grammar took for the
// call's trailing closure, losing every declaration after it.
func TestSwiftNewerSyntaxHidesNoDeclaration(t *testing.T) {
	src := "struct Box: ~Copyable {\n    var n = 0\n}\n\nfinal class Storage {\n    func write<B: Container & ~Copyable>(buffer: inout sending B) -> Int {\n        return 1\n    }\n\n" +
		"    func drain() async throws {\n        while let e = try await it.next() {\n            if try await !keep(e) {\n                continue\n            }\n        }\n    }\n\n    func after() -> Int { 2 }\n}\n\nstruct Tail {}\n"
	var got []string
	for _, s := range Outline("Storage.swift", []byte(src)) {
		got = append(got, s.Qualified()+" "+s.Kind)
	}
	if want := "Box struct|Box.n property|Storage class|Storage.write method|Storage.drain method|Storage.after method|Tail struct"; strings.Join(got, "|") != want {
		t.Errorf("outline %q, want %q", strings.Join(got, "|"), want)
	}
}

// Swift 5.10's `nonisolated(unsafe)`, which the grammar does not know,
// hides no declaration.
func TestSwiftNonisolatedUnsafe(t *testing.T) {
	src := "final class Box<Value> {\n    private nonisolated(unsafe) var value: Value\n    nonisolated(unsafe) static var shared: Int = 0\n    init(_ value: Value) { self.value = value }\n}\n"
	var got []string
	for _, s := range Outline("Protected.swift", []byte(src)) {
		got = append(got, s.Qualified()+" "+s.Kind)
	}
	if want := "Box class|Box.value property|Box.shared property|Box.init constructor"; strings.Join(got, "|") != want {
		t.Errorf("outline %q, want %q", got, want)
	}
}
