package chunker

import "testing"

const javaGraphSrc = `package com.shop.core;

import java.util.List;
import java.util.*;
import static java.lang.Math.max;

/** A cart of items. */
public class Cart<T> extends Base implements Comparable<Cart>, java.io.Serializable {
    /** The items, in order. */
    private final List<Item> items = new ArrayList<>();
    static int LIMIT = 10, OTHER;

    /** Adds an item. */
    public Item add(Item it, String name) throws CartException {
        Item copy = it.copy();
        var store = new Store(name);
        store.save(copy).flush();
        this.items.add(copy);
        super.add(it);
        helper(Cart::compute, LIMIT);
        return Factory.make(copy.price);
    }

    interface Listener {
        void changed(Cart c);
    }

    enum Mode { FAST, SLOW }

    record Point(int x, int y) {}

    public Cart() { this(1); }
}
`

func TestJavaGraph(t *testing.T) {
	src := javaGraphSrc
	g := analyzeGraph(t, "Cart.java", src)
	if g.Package != "com.shop.core" {
		t.Errorf("package %q", g.Package)
	}
	checkImports(t, g, "List java.util.List", ". java.util", "max java.lang.Math.max")
	checkDefs(t, g, src, []wantDef{
		{qualified: "Cart", kind: "class", at: "class Cart", doc: "A cart of items."},
		{qualified: "Cart.items", kind: "field", at: "> items", typ: "t:List", doc: "The items, in order."},
		{qualified: "Cart.OTHER", kind: "field", at: "OTHER;", typ: "t:int"},
		{qualified: "Cart.add", kind: "method", at: "Item add(", typ: "t:Item", doc: "Adds an item."},
		{qualified: "Cart.Listener", kind: "interface", at: "interface Listener"},
		{qualified: "Cart.Listener.changed", kind: "method", at: "changed(", typ: "t:void", flags: DefAbstract},
		{qualified: "Cart.Mode.SLOW", kind: "constant", at: "SLOW"},
		{qualified: "Cart.Point.y", kind: "field", at: "int y", typ: "t:int"},
		{qualified: "Cart.Cart", kind: "constructor", at: "public Cart()"},
	})
	checkRefs(t, g, src, []wantRef{
		{"max", "Math.max", RefImport, "n:java.lang.Math", ""},
		{"Base", "extends Base", RefInherit, "", "Cart"},
		{"Comparable", "Comparable<", RefInherit, "", "Cart"},
		{"Serializable", "Serializable", RefInherit, "n:java.io", "Cart"},
		{"ArrayList", "new ArrayList", RefType, "", "Cart.items"},
		{"CartException", "CartException", RefType, "", "Cart.add"},
		{"copy", "it.copy()", RefCall, "t:Item", "Cart.add"},
		{"Store", "new Store", RefType, "", "Cart.add"},
		{"save", "store.save", RefCall, "t:Store", "Cart.add"},
		{"flush", "flush()", RefCall, "?", "Cart.add"},
		{"add", "items.add", RefCall, "self .items", "Cart.add"},
		{"add", "super.add", RefCall, "super", "Cart.add"},
		{"compute", "Cart::compute", RefOther, "n:Cart", "Cart.add"},
		{"LIMIT", "LIMIT);", RefOther, "", "Cart.add"},
		{"make", "Factory.make", RefCall, "n:Factory", "Cart.add"},
		{"price", "copy.price", RefOther, "t:Item", "Cart.add"},
	})
	checkNoRefs(t, g, "it", "name", "copy", "store", "c", "java", "util", "T", "var")
	for _, r := range g.Refs {
		if r.Name == "var" || r.Name == "io" || r.Name == "T" {
			t.Errorf("%s at %d:%d is no type reference", r.Name, r.Line, r.Col)
		}
	}
}

// An annotation type's elements are its fields, set by name where it is
// used (`@Retry(attempts = 5)`); TestOutline lists them.
func TestJavaAnnotationElements(t *testing.T) {
	src := "package demo;\n\npublic @interface Retry {\n    int attempts() default 3;\n    String reason();\n}\n"
	g := analyzeGraph(t, "Retry.java", src)
	checkDefs(t, g, src, []wantDef{
		{qualified: "Retry", kind: "interface", at: "@interface Retry"},
		{qualified: "Retry.attempts", kind: "field", at: "attempts()"},
		{qualified: "Retry.reason", kind: "field", at: "reason()"},
	})
}
