package chunker

import "testing"

const phpGraphSrc = `<?php
namespace App\Shop;

use App\Models\Item;
use App\Contracts\{Store, Logger as Log};

/** A cart of items. */
class Cart extends Base implements \Countable, Store
{
    use Traits\Loggable;
    const LIMIT = 10, MODE = DEFAULT_MODE;
    protected ?Store $store;

    /** Adds an item. */
    public function add(Item $item, int $qty = 1): Item
    {
        $copy = clone $item;
        $this->store->save($copy)->flush();
        parent::add($item);
        $x = new \App\Models\Order();
        $x->place();
        \App\Helpers\format($copy);
        Helper::run(static::LIMIT);
        return $item->price;
    }
}

interface Shape { public function area(): float; }
`

func TestPHPGraph(t *testing.T) {
	src := phpGraphSrc
	g := analyzeGraph(t, "Cart.php", src)
	if g.Package != "App.Shop" {
		t.Errorf("package %q", g.Package)
	}
	checkImports(t, g, "Item App.Models.Item", "Store App.Contracts.Store", "Log App.Contracts.Logger")
	checkDefs(t, g, src, []wantDef{
		{qualified: "Cart", kind: "class", at: "class Cart", doc: "A cart of items."},
		{qualified: "Cart.LIMIT", kind: "const", at: "LIMIT = 10"},
		{qualified: "Cart.MODE", kind: "const", at: "MODE = DEFAULT"},
		{qualified: "Cart.store", kind: "property", at: "$store;", typ: "t:Store"},
		{qualified: "Cart.add", kind: "method", at: "function add", typ: "t:Item", doc: "Adds an item."},
		{qualified: "Shape.area", kind: "method", at: "area()", typ: "t:float", flags: DefAbstract},
	})
	if d := findDef(g, "Cart.DEFAULT_MODE"); d != nil {
		t.Errorf("a constant's value, DEFAULT_MODE, is declared at line %d", d.Line)
	}
	checkRefs(t, g, src, []wantRef{
		{"Logger", "Logger as", RefImport, "n:App.Contracts", ""},
		{"Base", "extends Base", RefInherit, "", "Cart"},
		{"Countable", "Countable", RefInherit, "", "Cart"},
		{"Loggable", "Traits\\Loggable", RefInherit, "n:Traits", "Cart"},
		{"save", "->save", RefCall, "self .store", "Cart.add"},
		{"add", "parent::add", RefCall, "super", "Cart.add"},
		{"Order", "Models\\Order", RefType, "n:App.Models", "Cart.add"},
		{"place", "$x->place", RefCall, "t:Order", "Cart.add"},
		{"format", "Helpers\\format", RefCall, "n:App.Helpers", "Cart.add"},
		{"run", "Helper::run", RefCall, "n:Helper", "Cart.add"},
		{"LIMIT", "static::LIMIT", RefOther, "self", "Cart.add"},
		{"price", "$item->price", RefOther, "t:Item", "Cart.add"},
	})
}

// What a class's methods assign to $this->x types what is selected from
// $this->x in all of them: a new T() or a typed parameter.
func TestPHPInstanceMembersAreTyped(t *testing.T) {
	src := `<?php
class Formatter {
    public function __construct(Parser $parser, $out, private Lexer $lexer) {
        $this->line = new Accumulator(3);
        $this->parser = $parser;
        $this->out = $out;
    }

    public function feed() {
        $this->line->push(1);
        $this->parser->parse();
        $this->out->write();
        $this->lexer->next();
    }
}
`
	g := analyzeGraph(t, "fmt.php", src)
	checkRefs(t, g, src, []wantRef{
		{"push", "line->push(1)", RefCall, "t:Accumulator", "Formatter.feed"},
		{"parse", ">parse();", RefCall, "t:Parser", "Formatter.feed"},
		{"write", "out->write()", RefCall, "self .out", "Formatter.feed"},
		{"next", "lexer->next()", RefCall, "t:Lexer", "Formatter.feed"}, // a promoted constructor parameter
	})
	// A promoted constructor parameter declares a property of the class;
	// a plain one none.
	checkDefs(t, g, src, []wantDef{{qualified: "Formatter.lexer", kind: "property", at: "Lexer $lexer"}})
	if d := findDef(g, "Formatter.parser"); d != nil {
		t.Errorf("a plain parameter declared %s %s", d.Kind, d.Qualified())
	}
	// A method of the property's name leaves it declared: PHP keeps
	// properties and methods apart.
	point := "<?php\nclass Point\n{\n    public function __construct(private int $x, private int $y) {}\n\n    public function x(): int\n    {\n        return $this->x;\n    }\n}\n"
	pg := GraphOf("Point.php", []byte(point))
	checkDefs(t, pg, point, []wantDef{{qualified: "Point.x", kind: "property", at: "int $x"}, {qualified: "Point.y", kind: "property", at: "int $y"}})
}
