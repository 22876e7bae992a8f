package chunker

import "testing"

const kotlinGraphSrc = `package com.shop.core

import java.util.List
import kotlin.math.*
import com.x.Y as Z

/** A cart of items. */
class Cart(val owner: Owner, private var count: Int) : Base(), Comparable<Cart> {
    private val items: MutableList<Item> = mutableListOf()

    /** Adds an item. */
    fun add(item: Item, qty: Int = 1): Item {
        val copy = item.copy()
        val s: Store = store
        s.save(copy).flush()
        this.items.add(copy)
        super.add(item)
        helper(::compute, LIMIT)
        items.forEach { it.touch() }
        val order = Order(copy)
        order.submit()
        val made = make(copy)
        made.use()
        return Factory.make(copy.price)
    }

    companion object {
        const val LIMIT = 10
    }

    interface Listener { fun changed(c: Cart) }
}

fun String.shout(): String = uppercase()
enum class Mode { FAST, SLOW }
`

func TestKotlinGraph(t *testing.T) {
	src := kotlinGraphSrc
	g := analyzeGraph(t, "Cart.kt", src)
	if g.Package != "com.shop.core" {
		t.Errorf("package %q", g.Package)
	}
	checkImports(t, g, "List java.util.List", ". kotlin.math", "Z com.x.Y")
	checkDefs(t, g, src, []wantDef{
		{qualified: "Cart", kind: "class", at: "class Cart", doc: "A cart of items."},
		{qualified: "Cart.owner", kind: "property", at: "val owner", typ: "t:Owner"},
		{qualified: "Cart.items", kind: "property", at: "val items", typ: "t:MutableList"},
		{qualified: "Cart.add", kind: "method", at: "fun add", typ: "t:Item", doc: "Adds an item."},
		{qualified: "Cart.Companion.LIMIT", kind: "property", at: "LIMIT = 10"},
		{qualified: "Cart.Listener.changed", kind: "method", at: "changed(", flags: DefAbstract},
		{qualified: "String.shout", kind: "function", at: "shout()", typ: "t:String"},
		{qualified: "Mode.SLOW", kind: "constant", at: "SLOW"},
	})
	checkRefs(t, g, src, []wantRef{
		{"Y", "x.Y", RefImport, "n:com.x", ""},
		{"Base", "Base()", RefInherit, "", "Cart"},
		{"Comparable", "Comparable<", RefInherit, "", "Cart"},
		{"copy", "item.copy()", RefCall, "t:Item", "Cart.add"},
		{"save", "s.save", RefCall, "t:Store", "Cart.add"},
		{"add", "items.add", RefCall, "self .items", "Cart.add"},
		{"add", "super.add", RefCall, "super", "Cart.add"},
		{"compute", "::compute", RefOther, "", "Cart.add"},
		{"touch", "it.touch", RefCall, "?", "Cart.add"},
		{"submit", "order.submit", RefCall, "t:Order", "Cart.add"},
		{"use", "made.use", RefCall, "n:make ()", "Cart.add"}, // val made = make(copy): what make returns
		{"make", "Factory.make", RefCall, "n:Factory", "Cart.add"},
		{"uppercase", "uppercase()", RefCall, "", "String.shout"},
	})
	checkNoRefs(t, g, "item", "qty", "copy", "s", "it", "c", "order", "made")
}

// TestKotlinLocalFunctions: a function declared in a function's body or
// in a lambda is a definition whose parent is the enclosing declaration
// (a lambda is none).
func TestKotlinLocalFunctions(t *testing.T) {
	src := `package com.x

class Inspector {
  fun containerData(xs: List<Int>) {
    val m = xs.associateWith {
      fun kmConstructor(a: Int): Int = a
      kmConstructor(it)
    }
    fun helper() {}
  }
}

fun toFileSpec() = run {
  apply {
    fun fileAnnotation() {}
  }
}
`
	g := analyzeGraph(t, "Inspector.kt", src)
	checkDefs(t, g, src, []wantDef{
		{qualified: "Inspector.containerData.kmConstructor", kind: "function", at: "fun kmConstructor", typ: "t:Int"},
		{qualified: "Inspector.containerData.helper", kind: "function", at: "fun helper"},
		{qualified: "toFileSpec.fileAnnotation", kind: "function", at: "fun fileAnnotation"},
	})
}

// A property whose annotation stands on a line of its own is signed by
// its declaration too, not by the annotation alone.
func TestAnnotationLineIsNoWholeSignature(t *testing.T) {
	src := "class Holder {\n  @JvmField\n  internal var size = 0\n}\n"
	g := analyzeGraph(t, "Holder.kt", src)
	d := findDef(g, "Holder.size")
	if d == nil || d.Signature != "@JvmField internal var size = 0" {
		t.Errorf("Holder.size: %+v, want the signature \"@JvmField internal var size = 0\"", d)
	}
}
