package chunker

import "testing"

const cGraphSrc = `#include <stdio.h>
#include "cart.h"

#define MAX 10

/* A cart of items. */
struct cart {
    int count;
    struct item *items;
};

typedef struct cart cart_t;

#ifdef DEBUG
void dump(cart_t *c);
#endif

/* Adds an item. */
int cart_add(cart_t *c, struct item *it) {
    struct item copy = *it;
    int n = c->count;
    c->items[n] = copy;
    qsort(c->items, n, sizeof(struct item), compare);
    return helper(c, copy.price, MAX);
}

enum mode { FAST, SLOW };
`

func TestCGraph(t *testing.T) {
	src := cGraphSrc
	g := analyzeGraph(t, "cart.c", src)
	checkImports(t, g, ". stdio.h", ". cart.h")
	checkDefs(t, g, src, []wantDef{
		{qualified: "MAX", kind: "macro", at: "define MAX"},
		{qualified: "cart", kind: "struct", at: "struct cart {", doc: "A cart of items."},
		{qualified: "cart.count", kind: "field", at: "int count", typ: "t:int"},
		{qualified: "cart.items", kind: "field", at: "*items", typ: "t:item"},
		{qualified: "cart_t", kind: "type", at: "cart cart_t"},
		{qualified: "dump", kind: "function", at: "void dump"},
		{qualified: "cart_add", kind: "function", at: "int cart_add", typ: "t:int", doc: "Adds an item."},
		{qualified: "mode.SLOW", kind: "constant", at: "SLOW"},
	})
	checkRefs(t, g, src, []wantRef{
		{"cart", "struct cart cart_t", RefType, "", "cart_t"},
		{"cart_t", "int cart_add(cart_t", RefType, "", "cart_add"},
		{"count", "c->count", RefOther, "t:cart_t", "cart_add"},
		{"qsort", "qsort(", RefCall, "", "cart_add"},
		{"compare", "compare);", RefOther, "", "cart_add"},
		{"price", "copy.price", RefOther, "t:item", "cart_add"},
		{"MAX", "MAX);", RefOther, "", "cart_add"},
	})
	checkNoRefs(t, g, "c", "it", "copy", "n")
}

const cppGraphSrc = `#include <vector>
using namespace std;
using std::string;

namespace geo {
/// A shape.
class Shape : public Base, protected ns::Mixin<int> {
public:
    virtual double area() const = 0;
    void draw(Canvas& c);
    std::vector<Point> points;
};

void Shape::draw(Canvas& c) {
    auto pen = std::make_unique<Pen>();
    Brush* b = new Brush();
    b->fill(this->points);
    c.render(*this);
    helper(&Shape::area);
}
}
`

func TestCPPGraph(t *testing.T) {
	src := cppGraphSrc
	g := analyzeGraph(t, "shape.cpp", src)
	checkImports(t, g, ". vector", ". std", "string std.string")
	checkDefs(t, g, src, []wantDef{
		{qualified: "geo", kind: "namespace", at: "namespace geo"},
		{qualified: "geo.Shape", kind: "class", at: "class Shape", doc: "A shape."},
		{qualified: "geo.Shape.area", kind: "method", at: "area()", typ: "t:double", flags: DefAbstract},
		{qualified: "geo.Shape.points", kind: "field", at: "> points", typ: "t:vector"},
		{qualified: "geo.Shape.draw", kind: "method", at: "draw(Canvas& c);"},
	})
	// The definition out of the class is a definition too.
	checkDefAt(t, g, src, "geo.Shape.draw", "Shape::draw")
	checkRefs(t, g, src, []wantRef{
		{"string", "std::string", RefImport, "n:std", ""},
		{"Base", "public Base", RefInherit, "", "geo.Shape"},
		{"Mixin", "ns::Mixin", RefInherit, "n:ns", "geo.Shape"},
		{"vector", "std::vector<Point>", RefType, "n:std", "geo.Shape.points"},
		{"make_unique", "make_unique", RefCall, "n:std", "geo.Shape.draw"},
		{"fill", "b->fill", RefCall, "t:Brush", "geo.Shape.draw"},
		{"points", "this->points", RefOther, "self", "geo.Shape.draw"},
		{"render", "c.render", RefCall, "t:Canvas", "geo.Shape.draw"},
		{"area", "Shape::area", RefOther, "n:Shape", "geo.Shape.draw"},
	})
	checkNoRefs(t, g, "c", "pen", "b", "std")
}
