package chunker

import (
	"fmt"
	"strings"
	"sync"

	sitter "github.com/smacker/go-tree-sitter"
)

// graphLang holds the symbol graph rules of one tree-sitter language: a
// query whose capture names say what each captured node is (see
// graph_tree.go), and the few words and separators that the query cannot
// express.
type graphLang struct {
	query string
	// self and super are the receiver words that name the current
	// instance and its base class. A word ending in "(" matches a call
	// ("super(" for Python's super()).
	self, super []string
	// symSep joins a module and a symbol imported from it: "." for
	// dotted languages, "#" for JavaScript module specifiers.
	symSep string
	// inferred are declared types that state no type ("var", "auto").
	inferred map[string]bool
	// keepAnonymous: the patterns capture anonymous nodes in a field
	// (C#'s this and base), which the flat tree then keeps.
	keepAnonymous bool
	// bareCalls: a bare lower-case name that is no local variable calls
	// a method (Ruby, where "items" is self.items() and capitalized names
	// are constants).
	bareCalls bool
	// ctorCalls: a call of a capitalized name makes an instance of the
	// class it names (Python's Foo(), Kotlin's and Swift's), so a member
	// selected from such a call (Foo(x).parse()) is Foo's.
	ctorCalls bool
	// lexicalSelf: a function nested in a method sees the method's
	// instance as its own self (Python's closures, JavaScript's arrow
	// functions, PHP's closures), not another object's (Java's anonymous
	// classes).
	lexicalSelf bool
	// operatorNames are the bytes of the operators that name methods
	// ("def ==(other)", "def [](key)" in Ruby); empty where operators
	// name no declaration or are written as names ("operator==").
	operatorNames string
	// pointers are the class templates whose "->" reaches the object of
	// their first type argument (C++'s std::shared_ptr<T>,
	// std::unique_ptr<T>), and the function templates that make one
	// (std::make_unique<T>()): a local of such a type, or bound to such a
	// call, selects T's members with "->" and the template's own (reset,
	// get) with ".".
	pointers map[string]bool
	// globalScope is the qualifier that names the global scope alone
	// (C++'s "::" in ::connect()); such a name gets GlobalRecv.
	globalScope string
	// pathsInTokens makes a bare name written right after "PATH::" a use
	// selected from PATH, one after "RECV." a member of RECV, and a call
	// when "(" follows it: Rust parses a macro's arguments
	// (vec![Hir::literal(b)], assert_ok!(s.try_acquire(1))) as tokens, not
	// as paths and calls (graphBuilder.pathsInTokens).
	pathsInTokens bool
	// qualifiedTypes keeps the path of a declared type (Rust's
	// `ll_sem: ll::Semaphore` is "t:ll.Semaphore"), where the language
	// names types by their module's path.
	qualifiedTypes bool
	// classNamedMembers: a constructor and a destructor are named for
	// their class (C++'s `explicit tcp_sink(…)`, `~tcp_sink()`), and
	// their names are uses of the class, as clangd lists them among the
	// class's references.
	classNamedMembers bool
	// repair, when set, mends what the outline makes of a declaration
	// where the graph needs more: it returns the declaration's name node
	// when the classifier's is not the one (a name that the parser's
	// error recovery put elsewhere, the type inside Rust's "impl Trait
	// for &'a T"), else nil, and the end of a scope whose closing brace a
	// broken declaration inside it took, else 0.
	repair func(b *graphBuilder, d *decl) (name *sitter.Node, end uint32)

	once     sync.Once
	compiled *graphQuery
	err      error
}

// graphLangs maps language names to their graph rules; each graph_LANG.go
// file registers its language.
var graphLangs = map[string]*graphLang{}

// capRole is what a capture name makes of the captured node.
type capRole uint8

const (
	roleNone          capRole = iota // "_name": only for predicates
	roleRef                          // @call @type @inherit @import @ref: a reference, by its name node
	roleRecv                         // @recv: what the match's reference is selected from
	roleSkip                         // @skip: a name that is no reference (a keyword argument's name)
	roleLocal                        // @local: a name bound in the enclosing function
	roleLocalType                    // @local.type: the declared type of the match's @local
	roleLocalValue                   // @local.value: a name whose value the match's @local is bound to (a parameter's default)
	roleLocalResult                  // @local.result: the callee whose result the match's @local is bound to (resp = self.send(req))
	roleName                         // @name: the name of a declaration
	roleDef                          // @def.KIND: a declaration the outline may not list
	roleDefType                      // @declared: the declared type of the match's @name
	roleAbstract                     // @abstract: the name of a declaration without a body
	roleParent                       // @parent: the type a declaration extends (Kotlin's fun T.f())
	roleDoc                          // @doc: the docstring of the match's @name (Python)
	roleMember                       // @member: a member of the current instance an assignment binds (self.x = ...)
	roleMemberType                   // @member.type: the type the match's @member is declared or constructed with
	roleMemberValue                  // @member.value: a name whose type, as its function binds it, the @member takes
	roleDocLinks                     // @doclinks: a comment whose {@link X} tags reference X (JSDoc, Javadoc)
	roleMacroBody                    // @macro.body: a C macro's body, which the grammar leaves unparsed
	roleMacroParams                  // @macro.params: the parameters of the match's @macro.body
	roleImportFrom                   // @import.from: the module of "from M import x"
	roleImportPath                   // @import.path: a qualified name imported whole (Java, Rust)
	roleImportModule                 // @import.module: Python's "import a.b", which binds a
	roleImportFile                   // @import.file: a file or module specifier string
	roleImportSym                    // @import.sym: a symbol imported from @import.from
	roleImportAlias                  // @import.alias: the local name an import binds
	roleImportStar                   // @import.star: the import binds the names unqualified
	roleImportDefault                // @import.default: JavaScript's default import
	rolePackage                      // @package: the file's package or namespace
)

// capInfo describes one capture name of a compiled query.
type capInfo struct {
	role    capRole
	kind    RefKind // of roleRef
	defKind string  // of roleDef
}

var capRoles = map[string]capInfo{
	"call": {role: roleRef, kind: RefCall}, "type": {role: roleRef, kind: RefType},
	"inherit": {role: roleRef, kind: RefInherit}, "import": {role: roleRef, kind: RefImport},
	"ref": {role: roleRef, kind: RefOther}, "recv": {role: roleRecv}, "skip": {role: roleSkip},
	"local": {role: roleLocal}, "local.type": {role: roleLocalType}, "local.value": {role: roleLocalValue}, "local.result": {role: roleLocalResult}, "name": {role: roleName},
	"declared": {role: roleDefType}, "abstract": {role: roleAbstract}, "parent": {role: roleParent},
	"doc": {role: roleDoc}, "member.value": {role: roleMemberValue},
	"member": {role: roleMember}, "member.type": {role: roleMemberType}, "doclinks": {role: roleDocLinks},
	"macro.body": {role: roleMacroBody}, "macro.params": {role: roleMacroParams},
	"import.from": {role: roleImportFrom}, "import.path": {role: roleImportPath},
	"import.module": {role: roleImportModule}, "import.file": {role: roleImportFile},
	"import.sym": {role: roleImportSym}, "import.alias": {role: roleImportAlias},
	"import.star": {role: roleImportStar}, "import.default": {role: roleImportDefault},
	"package": {role: rolePackage},
}

// graphQuery is a language's compiled patterns with the role of each
// capture, and what the definitions the patterns find take from the flat
// tree: the body field that ends a signature, the comment node types.
type graphQuery struct {
	ps        *patternSet
	caps      []capInfo
	bodyField uint16
	comments  map[uint16]bool
}

// compile returns the language's query, compiled on first use; the
// compiled query is read-only and shared by all goroutines.
func (l *graphLang) compile(lang string) (*graphQuery, error) {
	l.once.Do(func() {
		get := grammars[lang]
		if get == nil {
			l.err = fmt.Errorf("no grammar for %s", lang)
			return
		}
		l.compiled, l.err = compileGraphQuery(l.query, get(), specs[lang])
	})
	return l.compiled, l.err
}

func compileGraphQuery(src string, lang *sitter.Language, spec *langSpec) (*graphQuery, error) {
	ps, err := compilePatterns(src, lang)
	if err != nil {
		return nil, err
	}
	gq := &graphQuery{ps: ps, bodyField: ps.fields["body"], comments: map[uint16]bool{}}
	if spec != nil {
		for name := range spec.comments {
			for _, sym := range ps.symbols[name] {
				gq.comments[sym] = true
			}
		}
	}
	for _, name := range ps.capNames {
		info, ok := capRoles[name]
		switch {
		case ok:
		case strings.HasPrefix(name, "def."):
			info = capInfo{role: roleDef, defKind: strings.TrimPrefix(name, "def.")}
		case strings.HasPrefix(name, "_"):
		default:
			return nil, fmt.Errorf("unknown capture @%s", name)
		}
		gq.caps = append(gq.caps, info)
	}
	for i := range ps.patterns {
		p := &ps.patterns[i]
		p.fallback = p.root.kids == nil && len(p.root.caps) > 0
		for _, c := range p.root.caps {
			p.fallback = p.fallback && gq.caps[c].role == roleRef && gq.caps[c].kind == RefOther
		}
	}
	return gq, nil
}
