package chunker

import "testing"

const scalaGraphSrc = `package com.shop.core

import scala.collection.mutable
import java.util.{List, Map => JMap}
import cats._

/** A cart of items. */
class Cart(val owner: Owner, count: Int) extends Base with Ordered[Cart] {
  private val items: List[Item] = Nil

  /** Adds an item. */
  def add(item: Item, qty: Int = 1): Item = {
    val copy = item.copy()
    val s: Store = new Store()
    s.save(copy).flush()
    this.items.add(copy)
    super.add(item)
    helper(compute, Cart.LIMIT)
    items.foreach(i => i.touch())
    copy
  }

  def abs(x: Int): Int
}

object Cart { val LIMIT = 10 }
`

func TestScalaGraph(t *testing.T) {
	src := scalaGraphSrc
	g := analyzeGraph(t, "Cart.scala", src)
	if g.Package != "com.shop.core" {
		t.Errorf("package %q", g.Package)
	}
	checkImports(t, g, "mutable scala.collection.mutable", "List java.util.List", "JMap java.util.Map", ". cats")
	checkDefs(t, g, src, []wantDef{
		{qualified: "Cart", kind: "class", at: "class Cart", doc: "A cart of items."},
		{qualified: "Cart.owner", kind: "field", at: "val owner", typ: "t:Owner"},
		{qualified: "Cart.items", kind: "field", at: "val items", typ: "t:List"},
		{qualified: "Cart.add", kind: "method", at: "def add", typ: "t:Item", doc: "Adds an item."},
		{qualified: "Cart.abs", kind: "method", at: "def abs", typ: "t:Int", flags: DefAbstract},
		{qualified: "Cart.LIMIT", kind: "field", at: "LIMIT = 10"},
	})
	checkRefs(t, g, src, []wantRef{
		{"Map", "Map =>", RefImport, "n:java.util", ""},
		{"Base", "extends Base", RefInherit, "", "Cart"},
		{"Ordered", "Ordered[", RefInherit, "", "Cart"},
		{"copy", "item.copy()", RefCall, "t:Item", "Cart.add"},
		{"save", "s.save", RefCall, "t:Store", "Cart.add"},
		{"add", "items.add", RefCall, "self .items", "Cart.add"},
		{"add", "super.add", RefCall, "super", "Cart.add"},
		{"compute", "compute,", RefOther, "", "Cart.add"},
		{"LIMIT", "Cart.LIMIT", RefOther, "n:Cart", "Cart.add"},
		{"touch", "i.touch", RefCall, "?", "Cart.add"},
	})
	checkNoRefs(t, g, "item", "qty", "copy", "s", "i", "this", "super", "x")
}
