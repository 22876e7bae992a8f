package chunker

import (
	"strings"
	"testing"
)

const csharpGraphSrc = `using System;
using System.Collections.Generic;
using IO = System.IO;

namespace Shop.Core
{
    /// <summary>
    /// A cart of items.
    /// </summary>
    public class Cart : Base, IComparable<Cart>
    {
        private readonly List<Item> items = new List<Item>();
        public int Count { get; set; }

        /// <summary>Adds an item.</summary>
        public Item Add(Item it, string name)
        {
            var store = new Store(name);
            Item copy = it.Copy();
            store.Save(copy).Flush();
            this.items.Add(copy);
            base.Add(it);
            Helper(Compute, Count);
            foreach (var item in items) { item.Touch(); }
            return Factory.Make(copy.Price);
        }
    }

    public interface IShape { double Area(); }
    public enum Mode { Fast, Slow }
}
`

func TestCSharpGraph(t *testing.T) {
	src := csharpGraphSrc
	g := analyzeGraph(t, "Cart.cs", src)
	if g.Package != "Shop.Core" {
		t.Errorf("package %q", g.Package)
	}
	checkImports(t, g, ". System", ". System.Collections.Generic", "IO System.IO")
	checkDefs(t, g, src, []wantDef{
		{qualified: "Shop.Core", kind: "namespace", at: "namespace Shop.Core"},
		{qualified: "Cart", kind: "class", at: "class Cart", doc: "A cart of items."},
		{qualified: "Cart.items", kind: "field", at: "> items", typ: "t:List"},
		{qualified: "Cart.Count", kind: "property", at: "int Count", typ: "t:int"},
		{qualified: "Cart.Add", kind: "method", at: "Item Add(", typ: "t:Item", doc: "Adds an item."},
		{qualified: "IShape.Area", kind: "method", at: "Area()", typ: "t:double", flags: DefAbstract},
		{qualified: "Mode.Slow", kind: "constant", at: "Slow"},
	})
	checkRefs(t, g, src, []wantRef{
		{"IO", "System.IO;", RefImport, "n:System", ""},
		{"Base", ": Base", RefInherit, "", "Cart"},
		{"IComparable", "IComparable<", RefInherit, "", "Cart"},
		{"Item", "List<Item>", RefType, "", "Cart.items"},
		{"Store", "new Store", RefType, "", "Cart.Add"},
		{"Copy", "it.Copy()", RefCall, "t:Item", "Cart.Add"},
		{"Save", "store.Save", RefCall, "t:Store", "Cart.Add"},
		{"Add", "items.Add", RefCall, "self .items", "Cart.Add"},
		{"Add", "base.Add", RefCall, "super", "Cart.Add"},
		{"Compute", "Compute,", RefOther, "", "Cart.Add"},
		{"Count", "Count);", RefOther, "", "Cart.Add"},
		{"Touch", "item.Touch", RefCall, "?", "Cart.Add"},
		{"Make", "Factory.Make", RefCall, "n:Factory", "Cart.Add"},
		{"Price", "copy.Price", RefOther, "t:Item", "Cart.Add"},
	})
	checkNoRefs(t, g, "it", "name", "store", "copy", "item", "Shop", "Core", "System", "Generic", "var")
}

// TestCSharpConditionalBraces: a class that the parser closes early (an
// #if between an if and its else, twice) keeps its members after that;
// an explicit interface implementation is the interface's member, as
// ctags scopes it.
func TestCSharpConditionalBraces(t *testing.T) {
	src := `namespace Shop.Utilities
{
    internal class Cache<TKey, TValue> : ICache<TKey, TValue>, ICache
    {
        public TValue this[TKey key]
        {
            get
            {
                if (_items != null)
                {
                    return (TValue)_items[key!]!;
                }
#if HAVE_FROZEN
                else if (_frozen != null)
                {
                    return _frozen[key];
                }
#endif
                else
                {
                    return Backing[key];
                }
            }
            set
            {
                if (_items != null)
                {
                    _items[key!] = value;
                }
#if HAVE_FROZEN
                else if (_frozen != null)
                {
                    throw new NotSupportedException();
                }
#endif
                else
                {
                    Backing[key] = value;
                }
            }
        }

        public void Add(KeyValuePair<TKey, TValue> item)
        {
            if (_items != null)
            {
                ((IList)_items).Add(item);
            }
#if HAVE_FROZEN
            else if (_frozen != null)
            {
                throw new NotSupportedException();
            }
#endif
            else
            {
                _backing?.Add(item);
            }
        }

        bool ICache.Contains(object key)
        {
            var path = @"C:\";
            return true;
        }

        bool ICache<TKey, TValue>.IsFixedSize => false;
    }
}
`
	g := analyzeGraph(t, "Cache.cs", src)
	checkDefs(t, g, src, []wantDef{
		{qualified: "Cache.Add", kind: "method", at: "void Add", typ: "t:void"},
		{qualified: "Cache.ICache.Contains", kind: "method", at: "ICache.Contains", typ: "t:bool"},
		{qualified: "Cache.ICache.IsFixedSize", kind: "property", at: ">.IsFixedSize", typ: "t:bool"},
	})
	if d := findDef(g, "Cache"); d == nil || d.EndLine != strings.Count(src, "\n")-1 {
		t.Errorf("Cache: %+v, want it to end on the line before the namespace's end", d)
	}
}
