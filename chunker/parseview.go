package chunker

import (
	"bytes"
	"regexp"
	"slices"
	"strings"

	"github.com/codeseek/codeseek/internal/lazyre"
	sitter "github.com/smacker/go-tree-sitter"
)

// What the parser is handed: the file's bytes, with the constructs its
// grammar misreads rewritten in place (blanked, or reordered within the
// same length), so that every node's offsets are the file's own and the
// chunks keep the file's text.

// preprocessed are the languages of C's preprocessor whose files get a
// second parse (parseCode). Their grammars parse a conditional that wraps
// whole declarations, but not one inside a declaration, where it breaks
// the declaration and often everything after it:
//
//	#if MESSAGEPACK_INTERNAL
//	    internal
//	#else
//	    public
//	#endif
//	    ref partial struct MessagePackReader
//
// left the struct's thousand lines as pieces of the namespace, its
// methods declared nowhere. C's files' errors touch a directive far more
// often (a macro the grammar does not know, beside an #ifdef), and on
// the Linux kernel a second parse for each cost 17% more indexing time
// for no better name look-ups (docs/chunking.md): a C file is parsed
// again only when an error at a directive swallows whole lines of
// declarations (bigErrorLines), as jq's `#if DECSUBSET` around an `if
// (…) {` whose `}` sits in another conditional lost 43 functions of
// decNumber.c.
var preprocessed = map[string]bool{"c": true, "cpp": true, "csharp": true}

// bigErrorLines is how many lines an error at the top of a C file must
// span for a second parse: on the kernel's kernel/ and lib/, 13 of 992
// files, which gain 138 functions.
const bigErrorLines = 20

// parseCode parses code of lang. C is parsed without the upper-case
// macros that stand alone on a line (loneMacros: a struct's member-list
// macro) or open a declaration (leadMacros, leadMacroVars: json-c's
// `JSON_EXPORT struct json_object *json_object_get(…)`) or follow its
// storage class (storageMacros), the attribute calls before a
// function's name (attributeCalls) and calling conventions in a function
// pointer's declarator (callingConventions); C++ without the macros its
// grammar misreads (cppMacrosBlanked); both with each conditional whose
// branches open the same brace read as its first branch
// (braceSplitBranches), without the #define, #undef and #include lines
// inside an initializer list (initializerDirectivesBlanked) and without the labels
// a conditional holds alone (labelBeforeDirective); C# with its ref structs in an
// order the grammar reads (csharpRefStructs), without its pointer casts
// (csharpPointerCastsBlanked) and the dereferences opening a parenthesis
// (csharpParenDeref); Kotlin with its fun interfaces as
// interfaces (funInterface), its newer syntax as the older (rangeUntil,
// multiDollar), a constructor on the line after its class's name as the
// class's parameters (nextLineConstructor) and a compound assignment to
// a call's result as the operation (callAssignment); Rust with the items
// inside its item macros parsed (rustItemMacrosUnwrapped). When a syntax
// error of a file of C's preprocessor touches a conditional directive,
// the file is parsed again as the compiler would see it with every
// conditional's first branch taken (firstBranch), as ctags reads such
// files, and the tree with fewer errors is kept. The offsets are the same in all of them, so
// any of the trees describes the file. Errors elsewhere cost no second
// parse.
func parseCode(pool *parserPool, lang string, code []byte) (*sitter.Tree, error) {
	switch lang {
	case "c":
		var owned bool
		code, owned = braceSplitBranches(code, false)
		code, owned = macroFunctionArgsBlanked(code, owned, false)
		code, owned = initializerDirectivesBlanked(code, owned)
		code, owned = loneMacrosBlanked(emptyDefinesFilled(macroCommentsBlanked(code)), owned)
		for _, re := range []*regexp.Regexp{attributeLines(), leadMacros(), leadMacroVars(), storageMacros(), callingConventions(), attributeCalls(), leadWordMacros(), typedefMacros()} {
			code, owned = blankMatches(re, code, owned)
		}
		code, owned = typeNameMacrosBlanked(code, owned)
		code, _ = blankMatchesWhere(labelBeforeDirective(), 1, code, owned, accessLabel)
	case "cpp":
		var owned bool
		code, owned = braceSplitBranches(code, false)
		code, owned = macroFunctionArgsBlanked(code, owned, true)
		code, owned = initializerDirectivesBlanked(code, owned)
		code, _ = blankMatchesWhere(labelBeforeDirective(), 1, cppMacrosBlanked(emptyDefinesFilled(macroCommentsBlanked(code))), owned, accessLabel)
	case "csharp":
		var owned bool
		code, owned = blankMatches(csharpCallAssignment(), csharpPointerCastsBlanked(csharpRefStructs(code)), false)
		code, _ = blankMatches(csharpParenDeref(), code, owned)
	case "kotlin":
		owned := false
		for _, re := range []*regexp.Regexp{funInterface(), rangeUntil(), multiDollar(), nextLineConstructor(), callAssignment(), classDelegation()} {
			code, owned = blankMatches(re, code, owned)
		}
		code, _ = replaceMatches(callIndexAssignment(), code, owned, '+')
	case "rust":
		return rustItemMacrosUnwrapped(pool, code)
	case "lua":
		owned := false
		code, owned = blankMatches(luaDocDashes(), code, owned)
		code, _ = blankMatches(luaMethodResultCall(), code, owned)
	case "swift":
		var owned bool
		code, owned = blankMatches(unsafeNonisolated(), code, false)
		code, owned = blankMatches(sendingParameter(), code, owned)
		code, owned = blankMatches(effectfulBinding(), code, owned)
		code, _ = replaceMatches(suppressedConformance(), code, owned, '_')
	case "ruby":
		code, _ = replaceMatches(rubyKeywordMethod(), code, false, 'S')
	}
	tree, err := pool.parse(code)
	if err != nil || !preprocessed[lang] || !tree.RootNode().HasError() {
		return tree, err
	}
	first, changed := firstBranch(code)
	if !changed || !errorAtDirective(tree.RootNode(), code, first, lang != "cpp") || lang == "c" && !bigErrorAtDirective(tree.RootNode(), code, first) {
		return tree, nil
	}
	alt, err := pool.parse(first)
	if err != nil {
		return tree, nil // the file's own parse stands
	}
	if syntaxErrors(alt.RootNode()) < syntaxErrors(tree.RootNode()) {
		tree.Close()
		return alt, nil
	}
	alt.Close()
	return tree, nil
}

// macroCommentsBlanked returns C or C++ source with the block comments
// inside #define directives blanked. The grammar's macro body stops at a
// comment, so a continued line after one (`/*YYERROR*/; \` in jq's
// FAIL macro) left the macro open: it took the next function's header
// for its name, and the function was declared nowhere.
func macroCommentsBlanked(src []byte) []byte {
	out, owned := src, false
	for i := 0; i < len(src); i++ {
		if src[i] != '#' || !atLineStart(src, i) {
			continue
		}
		if directiveWord(src, i) != "define" {
			i = directiveEnd(src, i)
			continue
		}
		end := directiveEnd(src, i)
		for j := i; j <= end && j+1 < len(src); j++ {
			switch {
			case src[j] == '"' || src[j] == '\'':
				j = skipCString(src, j)
			case src[j] == '/' && src[j+1] == '*':
				k := bytes.Index(src[j+2:], []byte("*/"))
				if k < 0 {
					return out
				}
				if !owned {
					out, owned = append([]byte(nil), src...), true
				}
				stop := j + 2 + k + 2
				blank(out[j:stop])
				if stop > end {
					end = directiveEnd(src, stop-1)
				}
				j = stop - 1
			}
		}
		i = end
	}
	return out
}

// emptyDefine matches a #define with no body but blanks after its name
// or parameters (`#define log_a(tbl)   `, a comment blanked there by
// macroCommentsBlanked); group 1 is the last blank.
var emptyDefine = lazyre.New(`(?m)^[ \t]*#[ \t]*define[ \t]+\w+(?:\([^)\n]*\))?[ \t]*?([ \t])\r?$`)

// emptyDefinesFilled returns C or C++ source whose #defines with no body
// but blanks end in a body of one character, the last blank written as 0:
// the grammar reads a blank at such a line's end as the start of a body
// and takes the next line for it (the next #define, or a prototype, was
// declared nowhere; uthash.h lost 18 declarations after one).
func emptyDefinesFilled(src []byte) []byte {
	found := emptyDefine().FindAllSubmatchIndex(src, -1)
	if len(found) == 0 {
		return src
	}
	out := append([]byte(nil), src...)
	for _, m := range found {
		out[m[2]] = '0'
	}
	return out
}

// cppMacrosBlanked returns C++ source with the macros blanked that the
// grammar reads as part of the declaration after them: a line holding one
// upper-case name alone ("ABSL_NAMESPACE_BEGIN", "Q_OBJECT", which expand
// to declarations or to nothing; "ABSL_NAMESPACE_BEGIN namespace x {"
// became a function, the namespace's classes its methods), the export and
// attribute macros between a type keyword and the type's name ("class
// ABSL_ATTRIBUTE_OWNER btree_map", which made ABSL_ATTRIBUTE_OWNER the
// class and its body a function's), those that open a declaration
// (leadMacros) and a macro call opening a class's members
// (callMacrosBlanked). Blanking writes spaces, so offsets and lines stay. In 300
// of abseil's headers the outline finds 289 classes instead of 180
// (ctags: 266).
func cppMacrosBlanked(src []byte) []byte {
	owned := false
	src, owned = loneMacrosBlanked(src, owned)
	for _, re := range []*regexp.Regexp{typeMacros(), leadMacros(), ctorMacros(), ifMacros(), nullability()} {
		src, owned = blankMatches(re, src, owned)
	}
	src, owned = callMacrosBlanked(src, owned)
	src, _ = attributeMacrosBlanked(src, owned)
	return src
}

// nullability matches the nullability qualifiers a pointer type may carry
// ("char* absl_nonnull EncodeFullU32(", which named the function
// "absl_nonnull EncodeFullU32"); group 1 is the qualifier.
var nullability = lazyre.New(`\b(absl_nonnull|absl_nullable|absl_nullability_unknown|_Nonnull|_Nullable|_Null_unspecified)\b`)

// attributeMacro matches an upper-case macro name with an underscore,
// and the "(" of its arguments if they follow.
var attributeMacro = lazyre.New(`\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+_?\b(\s*\()?`)

// attributeWords mark a macro that expands to an attribute, or to
// nothing: thread-safety annotations, lifetime and inlining attributes,
// deprecation, noexcept and override (SPDLOG_NOEXCEPT, Qt's
// Q_DECL_OVERRIDE). The grammar reads one after a parameter list as the
// function's name ("void LogToSinks(…) ABSL_LOCKS_EXCLUDED(guard_) {"
// was a method ABSL_LOCKS_EXCLUDED; "void pid() SPDLOG_NOEXCEPT;" a
// variable, whose prototype did not pair with its definition) and one
// after a parameter as the end
// of the declaration ("const V& v ABSL_ATTRIBUTE_LIFETIME_BOUND)" named
// three functions "noexcept" and lost two overloads); where a macro of
// no such word stands, it may be an expression, and stays.
var attributeWords = []string{"ATTRIBUTE", "LOCKS_EXCLUDED", "LOCKS_REQUIRED", "GUARDED_BY", "LOCK_FUNCTION",
	"LOCK_RETURNED", "ASSERT_EXCLUSIVE_LOCK", "ASSERT_SHARED_LOCK", "THREAD_SAFETY", "LIFETIME_BOUND", "NOINLINE", "NO_INLINE", "ALWAYS_INLINE", "DEPRECATE", "MUST_USE",
	"NODISCARD", "CAPABILITY", "ACQUIRED_BEFORE", "ACQUIRED_AFTER", "NONNULL", "NULLABLE", "NOEXCEPT", "OVERRIDE"}

// attributeMacrosBlanked blanks the attribute macros (attributeWords),
// with their arguments, outside preprocessor lines, where they are
// defined and tested.
func attributeMacrosBlanked(src []byte, owned bool) ([]byte, bool) {
	for _, m := range attributeMacro().FindAllSubmatchIndex(src, -1) {
		name := string(src[m[0]:m[1]])
		if m[2] >= 0 {
			name = strings.TrimRight(string(src[m[0]:m[2]]), " \t\r\n")
		}
		if !slices.ContainsFunc(attributeWords, func(w string) bool { return strings.Contains(name, w) }) || onDirectiveLine(src, m[0]) {
			continue
		}
		end := m[1]
		if m[2] >= 0 {
			// The arguments close within a line's worth of bytes.
			open := m[3] - 1
			c := closing(string(src[open:min(len(src), open+1024)]), 0)
			if c < 0 {
				continue
			}
			end = open + c + 1
		}
		if !owned {
			src, owned = append([]byte(nil), src...), true
		}
		blank(src[m[0]:end])
	}
	return src, owned
}

// onDirectiveLine reports whether offset i is on a preprocessor line:
// one whose first non-blank byte is "#".
func onDirectiveLine(src []byte, i int) bool {
	start := bytes.LastIndexByte(src[:i], '\n') + 1
	line := bytes.TrimLeft(src[start:i], " \t")
	return len(line) > 0 && line[0] == '#'
}

// firstBranch returns src with its conditional directives (#if, #ifdef,
// #ifndef, #elif, #else, #endif) blanked, and with them every #elif and
// #else branch, so that the first branch of each conditional is what
// remains. Blanking writes spaces over everything but line ends, so
// offsets and line numbers stay those of src. changed is false when src
// has no conditional.
func firstBranch(src []byte) (out []byte, changed bool) {
	for i := 0; i < len(src); i++ {
		if src[i] != '#' || !atLineStart(src, i) {
			continue
		}
		var end int
		switch word := directiveWord(src, i); word {
		case "if", "ifdef", "ifndef", "endif":
			end = directiveEnd(src, i)
		case "else", "elif", "elifdef", "elifndef":
			end = skipDirective(src, i) // the branches after the first, to their #endif
		default:
			continue
		}
		if !changed {
			out, changed = append([]byte(nil), src...), true
		}
		blank(out[i:min(end+1, len(out))])
		i = end
	}
	if !changed {
		return src, false
	}
	return out, true
}

// unsafeNonisolated matches the argument of Swift 5.10's
// `nonisolated(unsafe)`, which the grammar does not know: `private
// nonisolated(unsafe) var value: Value` declared nothing. Without it the
// modifier is the `nonisolated` the grammar knows.
var unsafeNonisolated = lazyre.New(`\bnonisolated(\(\s*unsafe\s*\))`)

// suppressedConformance matches the tilde of Swift 5.9's suppressed
// conformances (`struct Box: ~Copyable`, `<B: Container & ~Copyable>`),
// which the grammar does not know: the struct was declared nowhere, and
// a method's generic clause ended its class early. `_Copyable` is a name
// the grammar reads in their place.
var suppressedConformance = lazyre.New(`(~)\s*(?:Copyable|Escapable)\b`)

// sendingParameter matches Swift 6's `sending` before a parameter's type
// (`buffer: inout sending B`), which the grammar does not know there.
var sendingParameter = lazyre.New(`:\s*(?:inout\s+)?(sending)\s+[A-Za-z_(\[]`)

// effectfulBinding matches the `try` and `await` opening the value of a
// condition's binding (`while let element = try await iterator.next() {`),
// after which the grammar takes the loop's body for a trailing closure of
// the call: the loop had no body, and every declaration after it in the
// file was lost (swift-async-algorithms' RemoveDuplicates). Without them
// the condition parses as the same call.
var effectfulBinding = lazyre.New(`\b(?:while|if|guard)\s+(?:let|var)\s+\w+(?:\s*:\s*[\w.<>?\[\]]+)?\s*=\s*((?:try[?!]?\s+)?(?:await\s+)?)`)

// luaDocDashes matches the third dash of a line comment opened with
// three (`--- Adds two numbers.`, `---@field lhs string`): the grammar
// parses such lines as LuaCATS/EmmyLua annotations, and one it does not
// know (a field's description after its type) left an error that ran to
// the next `]]` and lost every declaration in between. As plain comments
// they are the declaration's doc, as any comment above one is.
var luaDocDashes = lazyre.New(`(?m)^[ \t]*--(-)`)

// luaMethodResultCall matches a call of what a method call returned
// (`picker:get_status_updater(win, buf)()`); group 1 is the second call's
// arguments in their parentheses. The grammar reads no call after a
// method call's, and its error took every function after it in the file
// (telescope's `actions/init.lua` lost 40). Blanked, the statement is the
// method call alone, which is what declares and refers to anything.
var luaMethodResultCall = lazyre.New(`:[A-Za-z_]\w*[ \t]*\([^()\n]*\)[ \t]*(\([^()\n]*\))`)

// callMacro matches a line holding one call of an upper-case macro alone,
// with no semicolon after it (CLI11's `CLI11_ERROR_DEF(ParseError,
// ConstructionError)` opening a class's body, which expands to its
// constructors); group 1 is the call.
var callMacro = lazyre.New(`^[ \t]*([A-Z][A-Z0-9]*_[A-Z0-9_]*[ \t]*\([^;{}\n]*\))[ \t]*\r?$`)

// callMacrosBlanked blanks the lines of src that callMacro matches where
// a class's members are declared: right after the class's opening line or
// an access label. Elsewhere such a call may be a statement's part
// (spdlog's SPDLOG_LOGGER_CATCH(msg.source), a catch clause; an
// EXPECT_CALL(…) going on with .Times(1)) or a #define's body.
func callMacrosBlanked(src []byte, owned bool) ([]byte, bool) {
	var prev []byte // the last line holding anything, trimmed
	for start := 0; start < len(src); {
		end := lineEnd(src, start)
		line := src[start:end]
		if m := callMacro().FindSubmatchIndex(line); m != nil && memberPlace().Match(prev) {
			if !owned {
				src, owned = append([]byte(nil), src...), true
				line = src[start:end]
			}
			blank(line[m[2]:m[3]])
		}
		if t := bytes.TrimSpace(line); len(t) > 0 {
			prev = t
		}
		start = end + 1
	}
	return src, owned
}

// memberPlace matches a line after which a class's members are declared:
// the class's opening line, an access label.
var memberPlace = lazyre.New(`^(?:(?:template\s*<.*>\s*)?(?:class|struct)\b.*\{|(?:public|private|protected)\s*:)$`)

// loneMacros matches a line holding one upper-case name alone, four
// characters or more (cppMacrosBlanked); group 1 is the name.
var loneMacros = lazyre.New(`(?m)^[ \t]*([A-Z_][A-Z0-9_]{3,})[ \t]*\r?$`)

// loneMacrosBlanked blanks the lone upper-case names (loneMacros) but an
// enum's last constant, after a line ending with its comma (`LEVEL_LOW,`
// then `LEVEL_HIGH` above the `};`), which had been declared nowhere.
func loneMacrosBlanked(src []byte, owned bool) ([]byte, bool) {
	return blankMatchesWhere(loneMacros(), 1, src, owned, func(src []byte, m []int) bool {
		prev := bytes.TrimRight(src[:m[0]], " \t\r\n")
		return len(prev) > 0 && prev[len(prev)-1] == ','
	})
}

// refPartial matches C#'s "ref partial" before "struct", which the
// grammar does not parse (it takes "ref" for the start of a ref type);
// it parses "partial ref struct", the same bytes' length.
var refPartial = lazyre.New(`\bref(\s+)partial(\s+struct\b)`)

// csharpRefStructs returns C# source with "ref partial struct" written as
// "partial ref struct" for the parser: MessagePack's "ref partial struct
// MessagePackReader" lost the struct, its members left without a parent.
// The offsets of the names stay those of src.
func csharpRefStructs(src []byte) []byte {
	found := refPartial().FindAllSubmatchIndex(src, -1)
	if len(found) == 0 {
		return src
	}
	out := append([]byte(nil), src...)
	for _, m := range found {
		ws := src[m[2]:m[3]]
		n := copy(out[m[0]:], "partial")
		n += copy(out[m[0]+n:], ws)
		copy(out[m[0]+n:], "ref")
	}
	return out
}

// pointerCast matches a C# cast to a pointer type ("(int*)&value",
// "(byte*)p") before its operand: group 1 is the word before it when
// that makes it no cast (sizeof(int*), typeof(byte*)), group 2 a
// dereference before it, group 3 the cast, group 4 an address-of after it.
var pointerCast = lazyre.New(`(\b(?:sizeof|typeof|default|nameof)\s*)?(\*\s*)?(\(\s*[A-Za-z_][\w.]*\s*\*+\s*\))(\s*&)?\s*[\w(]`)

// csharpPointerCastsBlanked returns C# source with its pointer casts
// blanked, and with them a dereference of the address a cast stood
// between ("*(int*)&value", the bits of a float read as an int): the
// grammar fails the whole file at either ("WriteBigEndian(*(int*)&value,
// span)" in MessagePackWriter.cs cost the struct and its 59 methods their
// parent), while the operand alone parses as an expression, at the same
// offsets. A dereference of a parenthesized sum ("*(int*)(p + 4) = x")
// still fails the grammar; it is rarer.
func csharpPointerCastsBlanked(src []byte) []byte {
	found := pointerCast().FindAllSubmatchIndex(src, -1)
	owned := false
	for _, m := range found {
		if m[2] >= 0 {
			continue
		}
		if !owned {
			src, owned = append([]byte(nil), src...), true
		}
		blank(src[m[6]:m[7]])
		if m[4] >= 0 && m[8] >= 0 {
			blank(src[m[4]:m[5]])
			blank(src[m[8]:m[9]])
		}
	}
	return src
}

// funInterface matches Kotlin's "fun interface" (an interface of one
// method, Kotlin 1.4), which the grammar does not parse; group 1 is the
// "fun" that, blanked, leaves a plain interface.
var funInterface = lazyre.New(`\b(fun)\s+interface\b`)

// nextLineConstructor matches a Kotlin class's primary constructor on the
// line after its name, as ktfmt breaks a long header (`public class
// TypeSpec` / `private constructor(`): the grammar ends the class at the
// line's end, and its members become the file's. Group 1 is the
// constructor's modifiers and keyword that, blanked, leave the
// parameter list the grammar reads as the class's on any line.
var nextLineConstructor = lazyre.New(`\bclass[ \t]+\w+(?:<[^\n{(]*>)?[ \t]*\r?\n[ \t]*((?:(?:private|protected|internal|public)[ \t]+|@\w+(?:\([^)\n]*\))?[ \t]+)*constructor)[ \t]*\(`)

// csharpCallAssignment matches an assignment to what a call returns by
// reference (`GetSpanReference(1) = MemoryPackCode.NullObject;`), which
// the grammar read as a field, the method around it ending there and the
// type's outline with it (MemoryPackWriter.cs lost 30 methods); group 1
// is the call's arguments, which, blanked, leave an assignment to a name.
var csharpCallAssignment = lazyre.New(`(?m)^[ \t]*[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*(\([^()\n;]*\))[ \t]*=[ \t]*[A-Za-z_(]`)

// rubyKeywordMethod matches a method named as a keyword the grammar
// reads as the keyword's own expression (pry's `def super(times = 1)`,
// `def self`): the method went unread, and with it the rest of its
// class. Group 1 is the name's first letter, which upper case leaves a
// name the grammar reads as a method's (a constant's, which a method may
// have); the chunks and names keep the file's own.
var rubyKeywordMethod = lazyre.New(`(?m)^[ \t]*def[ \t]+(s)(?:uper|elf)(?:[ \t]*[(;\r\n]|[ \t]+[a-z_*&]|[ \t]*$)`)

// labelBeforeDirective matches a label a conditional holds alone (lz4's
// `#if LZ4_FAST_DEC_LOOP` / `safe_literal_copy:` / `#endif`): the grammar
// wants a statement after it, and failed the function around it, whose
// locals became the file's variables. Group 1 is the label that, blanked,
// leaves the conditional empty.
var labelBeforeDirective = lazyre.New(`(?m)^[ \t]*([A-Za-z_]\w*[ \t]*:)[ \t]*\r?\n[ \t]*#[ \t]*(?:endif|else|elif)\b`)

// accessLabel tells a C++ access label (`public:`) among labelBeforeDirective's
// matches: a class's members' access, no statement's label.
func accessLabel(src []byte, m []int) bool {
	switch strings.TrimRight(string(src[m[2]:m[3]]), " \t:") {
	case "public", "private", "protected", "signals", "slots":
		return true
	}
	return false
}

// csharpParenDeref matches a dereference of a parenthesized expression
// opening a parenthesis (`if (*(p - 1) == 13)`), which the grammar fails
// the whole file at (MimeKit's MimeParser.cs lost 31 methods); group 1 is
// the `*` that, blanked, leaves the expression, at the same offsets.
var csharpParenDeref = lazyre.New(`\(\s*(\*+)\s*\(`)

// callAssignment matches a Kotlin compound assignment to what a call
// returns (`errors.at(field) += "message"`, a plusAssign operator), which
// the grammar does not parse: the method around it ended there and its
// statements became the class's. Group 1 is the `=` that, blanked,
// leaves the operation alone, an expression the grammar reads.
var callAssignment = lazyre.New(`\)[ \t]*[-+*/%](=)[^=]`)

// callIndexAssignment matches a Kotlin assignment to an element of what a
// call returns (`getMap(key)[id] = o`), which the grammar does not parse
// either: Exposed's EntityCache ended at the first, 16 members losing
// their class. Group 1 is the `=` that, made a `+`, leaves an
// expression the grammar reads.
var callIndexAssignment = lazyre.New(`\)\[[^\]\n]*\][ \t]*(=)[^=]`)

// classDelegation matches a Kotlin class's delegation to a value on its
// header's line (`class Wrapper(…) : Api by impl {`, or the last of a
// header over several, `) : IColumnType<T> by delegate {`), whose body the
// grammar reads as a lambda passed to the value (`impl { … }`): its
// members, and often the file's later classes, were lost (Exposed's
// ColumnType.kt listed 2 of its 42 classes). Group 1 is the delegation
// that, blanked, leaves the supertype and the body.
var classDelegation = lazyre.New(`(?m)^(?:[^\n]*\b(?:class|object)\b|[ \t]*\)[ \t]*:)[^\n{]*[\w)>][ \t]+(by[ \t]+[\w.]+(?:\([^()\n]*\))?)[ \t]*\{`)

// rangeUntil matches Kotlin's open-ended range operator (`s..<r`, Kotlin
// 1.8), which the grammar does not parse; group 1 is the "<" that,
// blanked, leaves a closed range of the same operands.
var rangeUntil = lazyre.New(`\.\.(<)`)

// multiDollar matches the dollars that open Kotlin's multi-dollar strings
// (`$$"a$b"`, Kotlin 2.2), which the grammar does not parse; group 1,
// blanked, leaves a plain string.
var multiDollar = lazyre.New(`(?:^|[^\w$])(\$\$+)"`)

// typeMacros matches the export and attribute macros C++ puts between a
// type keyword and the type's name ("class ABSL_ATTRIBUTE_OWNER
// btree_map", "class Q_CORE_EXPORT QString"); group 1 is the macros.
var typeMacros = lazyre.New(`\b(?:class|struct|union)\s+((?:[A-Z][A-Z0-9]*_[A-Z0-9_]*\s+)+)[A-Za-z_]`)

// attributeCalls matches a macro call between a C function's type and its
// name (tmux's `void printflike(1, 2) log_debug(const char *, ...);`,
// tcpdump's `static void NORETURN PRINTFLIKE(1, 2)` / `error(…)`, the name
// maybe on the next line), which the grammar took for
// the function, losing every declaration after it in a header; group 1 is
// the call. Its arguments are numbers, as a format attribute's are
// (`__printf(2, 3)`): a function's own parameters before an attribute
// after them (`f(struct cgroup *c) __releases(&m)`) are no such call.
var attributeCalls = lazyre.New(`(?m)^[A-Za-z_][\w \t*]*?[ \t*]([A-Za-z_][A-Za-z0-9_]*\([0-9, \t]*\))[ \t]*\n?[ \t]*\**[ \t]*[A-Za-z_]\w*[ \t]*\(`)

// attributeLines matches a line holding an attribute's macro alone, a
// lower-case word between double underscores, with an empty or a
// literal argument list (lighttpd's `__attribute_cold__` and
// `__attribute_nonnull__()` above `static item **find_or_insert(`,
// which had named the function after the second and made the first a
// variable); group 1 is the macro.
var attributeLines = lazyre.New(`(?m)^[ \t]*(__[a-z][a-z0-9_]*__(?:\([0-9, \t]*\))?)[ \t]*\r?$`)

// leadWordMacros matches an upper-case word opening a C declaration
// before a keyword of its specifiers or type (zlib's `ZEXTERN int ZEXPORT
// deflate(…)`, which declared a variable named int, `ZEXTERN const char
// *`): no type is written so (a type's const follows it: `BYTE const*`),
// and an export macro may have no underscore, where leadMacros needs one
// to tell a macro from a type in other places; group 1 is the macro.
var leadWordMacros = lazyre.New(`(?m)^[ \t]*([A-Z][A-Z0-9]{2,})[ \t]+(?:const[ \t]+)?(?:static|extern|inline|void|bool|int|char|unsigned|signed|long|short|float|double|struct|enum|union)\b`)

// typeNameMacro matches an upper-case word between a C function's type
// and its name (zlib's `int ZEXPORT deflate(`, `gzFile ZEXPORT gzopen(`,
// `const char * ZEXPORT zError(`, expat's `static int PTRFASTCALL` above
// `PREFIX(charRefNumber)(`), where no type can stand, so a macro does;
// group 1 is the word before it, group 2 the macro.
var typeNameMacro = lazyre.New(`(?m)^[ \t]*(?:(?:static|extern|inline|const|volatile|unsigned|signed|struct|enum|union)[ \t]+)*([A-Za-z_]\w*)[ \t]*(?:\*[ \t]*)*([A-Z][A-Z0-9_]*)(?:[ \t]+|[ \t]*\r?\n[ \t]*)\**[ \t]*[A-Za-z_]\w*[ \t]*\(`)

// notTypes are the words before an upper-case word that make it a type
// (`static FILE *open_log(`, `struct NODE make(`) or a statement's.
var notTypes = set("static", "extern", "inline", "const", "volatile", "struct", "enum", "union", "typedef",
	"return", "else", "case", "goto", "sizeof", "do")

// typeNameMacrosBlanked blanks the macros typeNameMacro finds, as
// blankMatches does. owned says code may be written.
func typeNameMacrosBlanked(code []byte, owned bool) ([]byte, bool) {
	return blankMatchesWhere(typeNameMacro(), 2, code, owned, func(src []byte, m []int) bool {
		return notTypes[string(src[m[2]:m[3]])]
	})
}

// typedefMacros matches an attribute macro's call opening a typedef
// (htop's `typedef ATTR_FORMAT(printf, 2, 3) int (*OutputFunc)(…)`,
// which declared a type named int), a type and a declarator after it;
// group 1 is the call. A macro making the type (`typedef
// TAILQ_HEAD(clients_s, client) clients_t;`) is followed by the name
// alone.
var typedefMacros = lazyre.New(`(?m)^[ \t]*typedef[ \t]+([A-Z][A-Z0-9_]*\([^()\n]*\))[ \t]+[A-Za-z_]\w*[ \t]*[*(]`)

// storageMacros matches the macros between a C declaration's storage
// class and its type (jansson's `static JSON_INLINE json_t
// *json_incref(…)`, which declared a variable named `enum` for `static
// MY_INLINE enum code get_code(…)`); group 1 is the macros.
var storageMacros = lazyre.New(`(?m)^[ \t]*(?:(?:static|extern|inline)[ \t]+)+((?:[A-Z][A-Z0-9]*_[A-Z0-9_]*[ \t]+)+)[A-Za-z_]`)

// callingConventions matches a calling convention's macro inside a
// function pointer's declarator (`typedef BOOL(WINAPI *gen_random_fn)(…)`,
// which named the type after its last parameter); group 1 is the macro.
var callingConventions = lazyre.New(`\([ \t]*(WINAPI|CALLBACK|APIENTRY|NTAPI|WSAAPI|CDECL|STDCALL|__stdcall|__cdecl|__fastcall)[ \t]*\*`)

// leadMacroVars matches the export macros before a C variable of a
// type named by a typedef (`JSON_EXPORT json_c_shallow_copy_fn
// json_c_shallow_copy_default;`, which declared a variable named by its
// type); group 1 is the macros. leadMacros takes those before a keyword
// or a function.
var leadMacroVars = lazyre.New(`(?m)^[ \t]*((?:[A-Z][A-Z0-9]*_[A-Z0-9_]*[ \t]+)+)[A-Za-z_]\w*[ \t*]+[A-Za-z_]\w*[ \t]*[;\[=]`)

// leadMacros matches the attribute macros that open a declaration
// before its specifiers or type ("ABSL_CONST_INIT static", "ABSL_DLL
// extern", "ABSL_ATTRIBUTE_WEAK void", and before a function's return
// type: "ABSL_INTERNAL_CONSTEXPR_SINCE_CXX17 ContainerIter<C> c_begin(",
// which named the function "ContainerIter<C> c_begin", the name maybe on
// the next line), and before an out-of-line member whose name is
// qualified ("SPDLOG_INLINE logger::logger(…) : name_{…} {", a
// constructor the grammar took for a declaration ending at its
// initializers, and "SPDLOG_INLINE logger &logger::operator=(", a
// variable); group 1 is the macros.
var leadMacros = lazyre.New(`(?m)^[ \t]*((?:[A-Z][A-Z0-9]*_[A-Z0-9_]*[ \t]+)+)(?:(?:static|extern|inline|constexpr|const|void|bool|int|char|unsigned|signed|long|short|float|double|auto|template|typename|virtual|explicit|friend|class|struct|enum|union)\b|std::|\[\[|(?:[A-Za-z_][A-Za-z0-9_:]*(?:<[^;{}()\n]*>)?[\s*&]+(?:[A-Za-z_][A-Za-z0-9_]*(?:<[^;{}()\n]*>)?::)*|(?:[A-Za-z_][A-Za-z0-9_]*(?:<[^;{}()\n]*>)?::)+)(?:~?[A-Za-z_][A-Za-z0-9_]*|operator[^\s(]+)[ \t]*\()`)

// ctorMacros matches the attribute macros that open a constructor or
// destructor, whose name follows with no type before it (fmt's
// "FMT_CONSTEXPR typed_node(const Arg& arg) : value(arg) {}", which the
// grammar read as a declaration of type FMT_CONSTEXPR, and whose error
// took a class and the 50 lines after it for one function); group 1 is
// the macros.
var ctorMacros = lazyre.New(`(?m)^[ \t]*((?:[A-Z][A-Z0-9]*_[A-Z0-9_]*[ \t]+)+)~?[A-Za-z_][A-Za-z0-9_]*[ \t]*\(`)

// ifMacros matches a macro between `if` and its condition, which stands
// for `constexpr` or nothing (fmt's "if FMT_CONSTEXPR20 (need_copy<T>::
// value) {", which ended the class around it there); group 1 is the
// macro.
var ifMacros = lazyre.New(`\bif[ \t]+([A-Z][A-Z0-9]*_[A-Z0-9_]*)[ \t]*\(`)

// blankMatches blanks group 1 of every match of re in src. owned says src
// is a copy that may be written; the result is one, unless nothing
// matched.
func blankMatches(re *regexp.Regexp, src []byte, owned bool) ([]byte, bool) {
	return blankMatchesWhere(re, 1, src, owned, nil)
}

// blankMatchesWhere blanks group g of the matches of re in src that skip,
// when not nil, does not pass over (it sees src and the match's indexes),
// as blankMatches does.
func blankMatchesWhere(re *regexp.Regexp, g int, src []byte, owned bool, skip func(src []byte, m []int) bool) ([]byte, bool) {
	return rewriteMatches(re, g, src, owned, skip, blank)
}

// replaceMatches writes b over group 1 of each match of re in src, a
// byte for a byte, copying src first unless owned, as blankMatches does.
func replaceMatches(re *regexp.Regexp, src []byte, owned bool, b byte) ([]byte, bool) {
	return rewriteMatches(re, 1, src, owned, nil, func(group []byte) {
		for i := range group {
			group[i] = b
		}
	})
}

// rewriteMatches hands write group g of each match of re in src that
// skip, when not nil, passes, copying src first unless owned: the
// preprocessors' one way to change what the parser is handed in place.
func rewriteMatches(re *regexp.Regexp, g int, src []byte, owned bool, skip func(src []byte, m []int) bool, write func(group []byte)) ([]byte, bool) {
	for _, m := range re.FindAllSubmatchIndex(src, -1) {
		if skip != nil && skip(src, m) {
			continue
		}
		if !owned {
			src, owned = append([]byte(nil), src...), true
		}
		write(src[m[2*g]:m[2*g+1]])
	}
	return src, owned
}

// macroFunctionStart matches a line opening with a macro's call, its
// first argument a name: `JANET_CORE_FN(os_exit,`, `SYSCALL_DEFINE3(read,`.
// Group 1 is the name.
var macroFunctionStart = lazyre.New(`(?m)^[A-Z][A-Z0-9_]*\([ \t]*([A-Za-z_]\w*)[ \t]*,`)

// macroFunctionArgsBlanked returns C or C++ source with the arguments
// after the first blanked of each macro call that defines a function
// named by its first argument, a body following it: Janet's
// `JANET_CORE_FN(os_exit, "(os/exit &opt x)", "Exit …") {`, the kernel's
// `SYSCALL_DEFINE3(read, unsigned int, fd, …)`. The grammar reads such a
// call as a statement, its body as a block of no function; blanked, the
// line is a definition as `PHP_FUNCTION(strlen) {` is, of a function
// named by the argument; C++'s grammar reads that as a function named by
// the macro, so for it (named) the macro is blanked too and the comma
// after the name opens its parameters (`        IsEven(         ) {`
// for gmock's `MATCHER(IsEven, "…") {`). A call whose arguments are
// names alone (gtest's `TEST(Suite, Name)`) is a definition already, and
// stays, as do test cases' macros.
func macroFunctionArgsBlanked(src []byte, owned, named bool) ([]byte, bool) {
	for _, m := range macroFunctionStart().FindAllSubmatchIndex(src, -1) {
		if bytes.Contains(src[m[0]:m[2]], []byte("TEST")) {
			continue // a test case's (Catch2's TEST_CASE_METHOD(Fixture, "name")): its first argument names no function
		}
		open := m[3] // the comma after the name
		for open < len(src) && src[open] != ',' {
			open++
		}
		end, plain := closingParen(src, open)
		if end < 0 || plain {
			continue
		}
		rest := bytes.TrimLeft(src[end+1:min(len(src), end+64)], " \t\r\n")
		if len(rest) == 0 || rest[0] != '{' {
			continue
		}
		if !owned {
			src, owned = append([]byte(nil), src...), true
		}
		blank(src[open:end])
		if named {
			blank(src[m[0]:m[2]])
			src[open] = '('
		}
	}
	return src, owned
}

// closingParen returns the offset of the parenthesis closing a call's
// argument list from offset i inside it, past nested parentheses and
// string literals, or -1 past maxMacroArgBytes; plain tells arguments
// that are names alone.
func closingParen(src []byte, i int) (end int, plain bool) {
	depth, plain := 0, true
	for j := i; j < len(src) && j-i < maxMacroArgBytes; j++ {
		switch c := src[j]; {
		case c == '"' || c == '\'':
			plain = false
			for j++; j < len(src) && src[j] != c && src[j] != '\n'; j++ {
				if src[j] == '\\' {
					j++
				}
			}
		case c == '(':
			depth++
			plain = false
		case c == ')' && depth == 0:
			return j, plain
		case c == ')':
			depth--
		case c == ';' || c == '{' || c == '}':
			return -1, false
		case c != ',' && c != ' ' && c != '\t' && c != '\n' && c != '\r' && c != '_' && !('0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'):
			plain = false
		}
	}
	return -1, false
}

// maxMacroArgBytes bounds the arguments read of a macro call that may
// define a function (Janet's doc strings run to 2 KB).
const maxMacroArgBytes = 8 << 10

// blank writes spaces over b but for its line ends, so that what the
// parser is handed keeps the offsets and lines of the file.
func blank(b []byte) {
	for i, c := range b {
		if c != '\n' && c != '\r' {
			b[i] = ' '
		}
	}
}

// syntaxErrors counts the ERROR and missing nodes of a tree.
func syntaxErrors(root *sitter.Node) int {
	n := 0
	eachError(root, func(*sitter.Node) bool { n++; return true })
	return n
}

// errorAtDirective reports whether a syntax error of the tree covers or
// borders a byte that firstBranch blanked: a directive, or a branch after
// the first; across white space when spaced (C#'s `#endif` then, on the
// next line, the `else` the grammar could not pair with its `if`; C's `}`
// before the `#ifdef` that would have closed its `else`, whose file is
// parsed again only for a big error: a second parse of C++'s files so
// would lose the macros their conditionals define, abseil's
// ABSL_BTREE_ENABLE_GENERATIONS).
func errorAtDirective(root *sitter.Node, code, first []byte, spaced bool) bool {
	found := false
	eachError(root, func(e *sitter.Node) bool {
		a, b := int(e.StartByte()), int(e.EndByte())
		for spaced && a > 0 && isSpace(code[a-1]) && code[a-1] == first[a-1] {
			a--
		}
		for spaced && b < len(code) && isSpace(code[b]) && code[b] == first[b] {
			b++
		}
		a, b = max(a-1, 0), min(b+1, len(code)) // a missing node is empty
		for i := a; i < b; i++ {
			if code[i] != first[i] {
				found = true
				return false
			}
		}
		return true
	})
	return found
}

// bigErrorAtDirective reports whether an error among the file's items
// spans bigErrorLines or more (or half a smaller file) and covers a byte
// firstBranch blanked. An item the parser closed at the file's end with a
// brace it had to invent is one too: a conditional opening `} else {` and
// another closing it (jq's jv_dump_term) left the function open to the
// end, the functions after it its statements.
func bigErrorAtDirective(root *sitter.Node, code, first []byte) bool {
	big := min(bigErrorLines, int(root.EndPoint().Row)/2)
	for e := range children(root, false) {
		if !e.HasError() || int(e.EndPoint().Row-e.StartPoint().Row) < big {
			continue
		}
		if !e.IsError() && !closedByMissing(e, code) {
			continue
		}
		if !bytes.Equal(code[e.StartByte():e.EndByte()], first[e.StartByte():e.EndByte()]) {
			return true
		}
	}
	return false
}

// closedByMissing reports whether n runs to the end of code and its last
// token is one the parser invented there (a missing `}`): it held
// whatever came after the error.
func closedByMissing(n *sitter.Node, code []byte) bool {
	if len(bytes.TrimRight(code[n.EndByte():], " \t\r\n")) > 0 {
		return false
	}
	for n.ChildCount() > 0 {
		n = n.Child(int(n.ChildCount()) - 1)
	}
	return n.IsMissing() && n.Type() == "}"
}

// eachError calls visit for each ERROR and missing node of a tree, in
// order, until visit returns false. Only subtrees holding an error are
// entered.
func eachError(root *sitter.Node, visit func(*sitter.Node) bool) {
	c := sitter.NewTreeCursor(root)
	defer c.Close()
	for {
		node := c.CurrentNode()
		if (node.IsError() || node.IsMissing()) && !visit(node) {
			return
		}
		if node.HasError() && c.GoToFirstChild() {
			continue
		}
		for !c.GoToNextSibling() {
			if !c.GoToParent() {
				return
			}
		}
	}
}
