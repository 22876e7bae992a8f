package chunker

import (
	"strings"
	"testing"
)

const rustGraphSrc = `use std::collections::HashMap;
use crate::model::{Item, Order as O};

/// A cart of items.
pub struct Cart {
    items: Vec<Item>,
    pub owner: Owner,
}

pub trait Store {
    fn save(&self, c: &Cart) -> Result<(), Error>;
}

impl Store for Cart {
    fn save(&self, c: &Cart) -> Result<(), Error> {
        let map: HashMap<String, Item> = HashMap::new();
        let o = Owner::new();
        self.items.push(Item::default());
        o.greet(c.owner.name());
        helper(process, &map);
        Self::validate(c)?;
        crate::util::log::info("saved");
        Ok(())
    }
}

enum Mode { Fast, Slow }
mod inner { pub fn f() -> Mode { Mode::Fast } }
`

func TestRustGraph(t *testing.T) {
	src := rustGraphSrc
	g := analyzeGraph(t, "cart.rs", src)
	checkImports(t, g, "HashMap std.collections.HashMap", "Item crate.model.Item", "O crate.model.Order")
	checkDefs(t, g, src, []wantDef{
		{qualified: "Cart", kind: "struct", at: "struct Cart", doc: "A cart of items."},
		{qualified: "Cart.items", kind: "field", at: "items: Vec", typ: "t:Vec"},
		{qualified: "Cart.owner", kind: "field", at: "owner: Owner", typ: "t:Owner"},
		{qualified: "Store", kind: "trait", at: "trait Store"},
		{qualified: "Store.save", kind: "method", at: "fn save", typ: "t:Result", flags: DefAbstract},
		{qualified: "Cart.save", kind: "method", at: "    fn save(&self, c: &Cart) -> Result<(), Error> {", typ: "t:Result"},
		{qualified: "Mode.Slow", kind: "constant", at: "Slow"},
		{qualified: "inner", kind: "module", at: "mod inner"},
		{qualified: "inner.f", kind: "function", at: "f() -> Mode", typ: "t:Mode"},
	})
	checkRefs(t, g, src, []wantRef{
		{"HashMap", "collections::HashMap", RefImport, "n:std.collections", ""},
		{"Order", "Order as", RefImport, "n:crate.model", ""},
		{"Store", "impl Store", RefInherit, "", "Cart"},
		{"HashMap", "map: HashMap", RefType, "", "Cart.save"},
		{"new", "HashMap::new", RefCall, "n:HashMap", "Cart.save"},
		{"push", "items.push", RefCall, "self .items", "Cart.save"},
		{"default", "Item::default", RefCall, "n:Item", "Cart.save"},
		{"greet", "o.greet", RefCall, "t:Owner", "Cart.save"},
		{"name", "owner.name()", RefCall, "t:Cart .owner", "Cart.save"},
		{"process", "process, &map", RefOther, "", "Cart.save"},
		{"validate", "Self::validate", RefCall, "self", "Cart.save"},
		{"info", "log::info", RefCall, "n:crate.util.log", "Cart.save"},
		{"Fast", "Mode::Fast", RefOther, "n:Mode", "inner.f"},
	})
	checkNoRefs(t, g, "map", "o", "c", "Self", "std", "model")
	// The impl is a declaration of its type: its methods have the type as
	// parent, and the trait method's name is no reference.
	if d := findDef(g, "Cart"); d == nil || d.Kind != "struct" {
		t.Errorf("Cart: %+v", d)
	}
}

// TestRustImplOfReference: the methods of an impl for a reference, a
// pointer or a generic parameter have the plain type as their parent, as
// ctags scopes them.
func TestRustImplOfReference(t *testing.T) {
	src := `impl<'a> Replacer for &'a str {
    fn replace_append(&mut self, caps: &Captures<'_>, dst: &mut String) {}
}

impl<'a> Replacer for &'a Cow<'a, str> {
    fn no_expansion(&mut self) -> Option<Cow<'_, str>> { None }
}

impl<T: AsRef<[u8]>> Input for T {
    fn as_bytes(&self) -> &[u8] { self.as_ref() }
}

impl<'a, T: Input> Input for &'a mut T {
    fn len(&self) -> usize { (**self).len() }
}

impl Drop for *const Node {
    fn drop(&mut self) {}
}
`
	g := analyzeGraph(t, "input.rs", src)
	checkDefs(t, g, src, []wantDef{
		{qualified: "str", kind: "impl", at: "&'a str"},
		{qualified: "str.replace_append", kind: "method", at: "fn replace_append"},
		{qualified: "Cow.no_expansion", kind: "method", at: "fn no_expansion", typ: "t:Option"},
		{qualified: "T.as_bytes", kind: "method", at: "fn as_bytes"},
		{qualified: "T.len", kind: "method", at: "fn len", typ: "t:usize"},
		{qualified: "Node.drop", kind: "method", at: "fn drop"},
	})
}

// A macro's arguments are tokens to the grammar, yet Hir::literal(b) in
// vec![…] is a call selected from Hir, as it is outside the macro.
func TestRustPathsInMacroArguments(t *testing.T) {
	src := "fn build(b: u8) -> Vec<Hir> {\n    vec![Hir::literal(b), regex_syntax::hir::Hir::empty(), plain(b)]\n}\n"
	g := analyzeGraph(t, "build.rs", src)
	checkRefs(t, g, src, []wantRef{
		{"literal", "literal(b)", RefCall, "n:Hir", "build"},
		{"empty", "empty()", RefCall, "n:regex_syntax.hir.Hir", "build"},
	})
	src = "fn check(s: Semaphore) {\n    assert_ok!(s.try_acquire(1));\n    assert!(ready(s));\n}\n"
	g = analyzeGraph(t, "check.rs", src)
	checkRefs(t, g, src, []wantRef{
		{"try_acquire", "try_acquire(1)", RefCall, "t:Semaphore", "check"},
		{"ready", "ready(s)", RefCall, "", "check"},
	})
	for _, r := range g.Refs {
		if r.Name == "plain" && r.Recv != "" {
			t.Errorf("plain(b) got the receiver %q", r.Recv)
		}
	}
}

// Items a macro wraps (tokio's cfg_rt! { … }, nested ones too) are the
// file's declarations, as the compiler sees them once the feature is on;
// the macro's own use stays a reference.
func TestRustItemsInsideMacros(t *testing.T) {
	src := "cfg_rt! {\n    /// Spawns a task.\n    pub fn spawn<F>(future: F) -> JoinHandle<F::Output> {\n        spawn_inner(future)\n    }\n\n    cfg_net! {\n        pub struct JoinHandle<T> {\n            raw: RawTask,\n        }\n    }\n}\n\nimpl Runtime {\n    cfg_rt!{\n        pub fn block_on(&self) {}\n    }\n}\n\nmacro_rules! cfg_rt {\n    ($($item:item)*) => { $($item)* }\n}\n\nfn main() {\n    assert_eq! { 1, 1 }\n}\n"
	kinds, parents := outline("spawn.rs", []byte(src))
	for name, kind := range map[string]string{"spawn": "function", "JoinHandle": "struct", "block_on": "method", "main": "function"} {
		if kinds[name] != kind {
			t.Errorf("%s: kind %q, want %q (outline %v)", name, kinds[name], kind, kinds)
		}
	}
	if parents["block_on"] != "Runtime" {
		t.Errorf("block_on's parent %q, want Runtime", parents["block_on"])
	}
	// A macro whose tokens only look like items stays a macro, and the
	// impl after it keeps its methods.
	dsl := "generate_addr_of_methods! {\n    impl<> Waiter {\n        unsafe fn addr_of_pointers(self: NonNull<Self>) {}\n    }\n}\n\nimpl Semaphore {\n    fn try_acquire(&self) {}\n}\n"
	if _, parents := outline("batch.rs", []byte(dsl)); parents["try_acquire"] != "Semaphore" {
		t.Errorf("try_acquire after a macro the grammar fails on: parent %q, want Semaphore (%v)", parents["try_acquire"], parents)
	}
	g := analyzeGraph(t, "spawn.rs", src)
	checkRefs(t, g, src, []wantRef{
		{"spawn_inner", "spawn_inner(future)", RefCall, "", "spawn"},
		{"cfg_rt", "cfg_rt! {", RefCall, "", ""},
		{"cfg_net", "cfg_net! {", RefCall, "", ""},
	})
	chunks := Split("spawn.rs", []byte(src), Options{})
	for _, c := range chunks {
		if strings.Contains(c.Content, "spawn_inner") && !strings.Contains(c.Content, "fn spawn") {
			t.Errorf("the chunk of spawn's body lost its header: %q", c.Content)
		}
	}
}

// A Rust type written with its module's path keeps the path, which tells
// it from the other types of the name; generics and references do not
// take part.
func TestRustDeclaredTypesKeepTheirPath(t *testing.T) {
	src := "pub struct Semaphore {\n    ll_sem: ll::Semaphore,\n    root: crate::sync::Notify,\n    owned: Arc<ll::Semaphore>,\n    plain: Owner,\n}\n"
	g := analyzeGraph(t, "semaphore.rs", src)
	checkDefs(t, g, src, []wantDef{
		{qualified: "Semaphore.ll_sem", kind: "field", at: "ll_sem", typ: "t:ll.Semaphore"},
		{qualified: "Semaphore.root", kind: "field", at: "root", typ: "t:crate.sync.Notify"},
		{qualified: "Semaphore.owned", kind: "field", at: "owned", typ: "t:Arc"},
		{qualified: "Semaphore.plain", kind: "field", at: "plain", typ: "t:Owner"},
	})
}

// An attribute names no declaration of the code: `#[test]` and
// `#[cfg(test)]` were uses of a module named test (alacritty's map put
// `mod test` near its top), while a derived trait is a use of the trait.
func TestRustAttributesAreNoUses(t *testing.T) {
	src := "#[cfg(test)]\nmod test {\n    #[test]\n    fn a() {}\n    #[allow(dead_code)]\n    #[derive(Debug)]\n    struct S;\n}\n"
	g := analyzeGraph(t, "lib.rs", src)
	checkNoRefs(t, g, "test", "cfg", "allow", "dead_code", "derive")
	checkRefs(t, g, src, []wantRef{{"Debug", "Debug", RefOther, "", "test"}})
}
