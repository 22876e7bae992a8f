package search

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/store"
)

// An error message's words are split into runs where the program
// formatted in a value (a quoted name, a number, a path); a message of
// four words or more is kept, the longest first, and one read twice (an
// error line and its quotes) once; a line that prints no error, a
// snippet's string and the prose between quoted names give none.
func TestMessagesOf(t *testing.T) {
	runs := func(rs ...string) message {
		var m message
		for _, r := range rs {
			m = append(m, strings.Fields(r))
		}
		return m
	}
	for text, want := range map[string][]message{
		"thread 'main' panicked at 'Command app: Short option names must be unique for each argument, but '-v' is in use by both 'verbose' and 'version'\nnote: run with RUST_BACKTRACE=1": {
			runs("command app", "short option names must be unique for each argument but", "v", "is in use by both", "verbose", "and", "version")},
		"Traceback (most recent call last):\n  File \"app.py\", line 3\nValueError: the key must be a non-empty string, got 42": {
			runs("the key must be a non empty string got")},
		"pip warns\nWARNING: The script uvicorn is installed in '/home/u/.local/bin' which is not on PATH.": {
			runs("the script uvicorn is installed in", "which is not on path")}, // a path is a value
		"[WARN] skipping the cache because the lock file is stale": {
			runs("skipping the cache because the lock file is stale")},
		"2024/05/01 10:00:00 [emerg] 1234#0: could not build shelf_hash, you should increase shelf_hash_size: 64": {
			runs("could not build", "you should increase")}, // syslog's levels as nginx writes them
		"[Crit] the shelf pool ran out of free slots": {
			runs("the shelf pool ran out of free slots")},
		"Every call fails with \"Protocol error, got a bad reply type byte\" after a reconnect.": {
			runs("protocol error got a bad reply type byte")},
		"ValueError: \"the on_conflict option must be one of\"": {
			runs("the", "option must be one of")}, // on_conflict is a name: left out
		"error: cannot format -: INTERNAL ERROR: Black produced code that is not equivalent to the source.  Please report a bug on https://github.com/psf/black/issues.\nAssertionError: INTERNAL ERROR: Black produced code that is not equivalent to the source.  Please report a bug on https://github.com/psf/black/issues.": {
			runs("cannot format", "internal error", "black produced code that is not equivalent to the source please report a bug on")},
		"terminate called after throwing an instance of 'spdlog::spdlog_ex'\n  what():  logger with name 'net' already exists": {
			runs("logger with name", "net", "already exists")},
		"requests.exceptions.MissingSchema: Invalid URL 'api.example.com/v1/items': No scheme supplied. Perhaps you meant https://api.example.com?": {
			runs("invalid url", "no scheme supplied perhaps you meant")}, // a class qualified by its module, whatever its name
		"$ echo 5 | qq '.[]'\nqq: error (at <stdin>:1): Cannot iterate over number (5)": {
			runs("cannot iterate over number")}, // a place between the word and its colon
		"Shelf\\Exception\\InvalidEncodingException: Illegal character encoding [cp1252] specified.": {
			runs("illegal character encoding", "specified")}, // PHP's namespaced class
		"DB::Open returns\n    Invalid argument: acme.Cmp2 does not match existing comparator: mycmp": {
			runs("does not match existing comparator", "mycmp")}, // a status's code
		"thread 'main' panicked at src/main.rs:14:41:\ncalled `Result::unwrap()` on an `Err` value: the shelf file \"x\" was not found": {
			runs("the shelf file", "x", "was not found")}, // Rust's unwrap of an error
		"error: proc-macro derive panicked\n   = help: message: Shelf does not support const generics yet": {
			runs("shelf does not support const generics yet"), runs("proc macro derive panicked")}, // a macro's panic under rustc's generic line
		"Running it crashes with\n\n** (Mix) The :shelf option must be a float between zero and one": {
			runs("the", "option must be a float between zero and one")}, // an Elixir exception ending a program
		"Calls `redisReply` for `reply` from `start` up to, but not including, `end`.": nil,
		"```python\nprint(\"this will not be formatted at all\")\n```":                 nil,
		"TypeError: Load failed":                      nil,
		"The option must be unique for each argument": nil,
	} {
		if got := messagesOf(text); !reflect.DeepEqual(got, want) {
			t.Errorf("messagesOf(%q) = %q, want %q", text, got, want)
		}
	}
}

// A chunk holding the message's words in order, across the placeholders
// and quotes of its format string, is the code that printed it; one
// holding the words apart, or only a few of them, is not. Runs too short
// to count alone count as a chain a placeholder's words apart.
func TestMessageMatchFindsTheFormatString(t *testing.T) {
	msgs := messagesOf("panicked at 'Command app: Short option names must be unique for each argument, but '-v' is in use by both 'a' and 'b'")
	raiser := `assert!(!short_flags.contains(&s), "Command {}: Short option names must be unique for each argument, but '-{}' is in use by both '{}' and '{}'", cmd.get_name(), s, first, second);`
	if got := messageMatch(msgs, raiser); got != 1 {
		t.Errorf("the format string matches %v, want 1", got)
	}
	docs := "/// Short option names are unique. Each argument must be in use by one command, both short and long."
	if got := messageMatch(msgs, docs); got != 0 {
		t.Errorf("the words apart match %v, want 0", got)
	}
	if got := messageMatch(nil, raiser); got != 0 {
		t.Errorf("no message matches %v, want 0", got)
	}
	logger := []message{verbatimMessage("logger with name 'net' already exists")}
	for content, want := range map[string]int{
		`throw_spdlog_ex("logger with name '" + logger_name + "' already exists");`: 5,
		`// the logger with the given name already exists in the registry`:          0, // words apart, not the message's runs
		`"logger with name"`: 0, // three words alone
	} {
		if got := messageWords(logger, content); got != want {
			t.Errorf("messageWords(%q) = %d, want %d", content, got, want)
		}
	}
}

// Of two chunks the channels rank alike, the one printing the message a
// report quotes comes first.
func TestReportFindsTheCodePrintingItsMessage(t *testing.T) {
	cands := contested(
		rival{"src/builder/arg.rs", 0.62, 6, "/// Sets the short flag. Short names must be unique: a flag may be in use once.\npub fn short(mut self, s: char) -> Self {"},
		rival{"src/builder/debug_asserts.rs", 0.58, 6, `assert!(ok, "Command {}: Short option names must be unique for each argument, but '-{}' is in use by both '{}' and '{}'", a, b, c, d);`})
	text := "Panic at startup after flattening two structs\n\nthread 'main' panicked at 'Command app: Short option names must be unique for each argument, but '-v' is in use by both 'verbose' and 'version'\n\nOne of the args is hidden; I expected hidden args to be allowed to share a short flag."
	r := ranker{q: ParseQuery(text), mode: Hybrid, w: DefaultWeights}
	wantDecides(t, r, cands, Messages, "src/builder/debug_asserts.rs", "src/builder/arg.rs")
}

// A report with no trace: the chunk printing its error line comes before
// the declaration of a function its snippet calls, which the channels
// favour and the report's names lift.
func TestUntracedReportFindsTheCodePrintingItsMessage(t *testing.T) {
	cands := contested(
		rival{"src/GadgetFactory.kt", 0.62, 6, "class GadgetFactory {\n  fun newGadget(name: String): Gadget = RealGadget(name)\n}"},
		rival{"src/RealGadget.kt", 0.5, 4, `check(started.compareAndSet(false, true)) { "Gadget can only be started once" }`})
	cands[0].embedded = 3 // a top-level declaration the report names
	text := "Starting a gadget twice throws:\n\njava.lang.IllegalStateException: Gadget can only be started once\n\n" +
		"val g = GadgetFactory().newGadget(\"a\")\ng.start()\ng.start()\n"
	r := ranker{q: ParseQuery(text), mode: Hybrid, w: DefaultWeights}
	wantDecides(t, r, cands, Messages, "src/RealGadget.kt", "src/GadgetFactory.kt")
}

// The exception type an error line prints is no name the report asks
// for: the class is declared apart from the code raising it, which
// names it too.
func TestRaisedTypeIsNoName(t *testing.T) {
	q := ParseQuery("Crash on start\n\nloader.ConfigError: missing section 'server' in /etc/app/config.toml\n\nThe loadConfig step fails.")
	for _, n := range q.Names {
		if n == "ConfigError" {
			t.Errorf("names %q hold the raised type", q.Names)
		}
	}
	for _, n := range ParseQuery("Bad config\n\nrequests.exceptions.MissingSchema: Invalid URL 'x': No scheme supplied.\n\nSeen in prepare_url.").Names {
		if n == "MissingSchema" {
			t.Errorf("MissingSchema, a raised type qualified by its module, is a name")
		}
	}
	if !slices.Contains(q.Names, "loadConfig") {
		t.Errorf("names %q lack loadConfig, a name the prose gives", q.Names)
	}
}

// A message pasted alone is looked for as typed: the chunk holding it
// comes before chunks the model finds closer; it may quote values
// between its words, and a question, an identifier or a description
// naming code in backticks is no such message.
func TestVerbatimMessageFindsTheCodePrintingIt(t *testing.T) {
	for text, want := range map[string]bool{
		"Cannot override method on final class":                                                           true,
		"Field for this name must be declared as a Field instance, not a class. Did you mean to call it?": true,
		"Unknown field \"name\" in config":                                                                true, // a value quoted between its words
		"logger with name 'net' already exists":                                                           true,
		"how are files chunked":                                                                           false,
		"Creates a slice of `array` from `start` up to, but not including, `end`.":                        false, // names in backticks are code
		"ParseDuration": false,
	} {
		if got := ParseQuery(text).verbatim; got != want {
			t.Errorf("ParseQuery(%q).verbatim = %v, want %v", text, got, want)
		}
	}
	cands := contested(
		rival{"src/TypeName.java", 0.90, 3, "/** Returns the name of this type, for a class or a method. */\npublic String toString() {"},
		rival{"src/MethodSpec.java", 0.10, 9, `checkState(!enclosingClass.getModifiers().contains(FINAL), "Cannot override method on final class " + enclosingClass);`})
	r := ranker{q: ParseQuery("Cannot override method on final class"), mode: Hybrid, w: DefaultWeights}
	wantDecides(t, r, cands, Messages, "src/MethodSpec.java", "src/TypeName.java")
}

// A report's line that is a message alone, with no error prefix, is found
// as typed; a snippet's strings are no message.
func TestReportLineQuotingAMessage(t *testing.T) {
	report := "Middleware arrays rejected\n\nI tried to register a middleware via an array [AuthMiddleware::class, 'process'] and Slim says:\n\n" +
		"A middleware must be an object/class name referencing an implementation of MiddlewareInterface or a callable with a matching signature.\n\n" +
		"Arrays work as route callables, so why not for middleware?\n\n```php\n$app->add(\"a string literal of the snippet holding many words\");\n```"
	cands := contested(
		rival{"Slim/Middleware/BodyParsingMiddleware.php", 0.70, 6, "/** Parses the body of a request for the middleware after it. */\npublic function process(ServerRequestInterface $request, RequestHandlerInterface $handler)"},
		rival{"Slim/MiddlewareDispatcher.php", 0.55, 6, "throw new RuntimeException(\n    'A middleware must be an object/class name referencing an implementation of ' .\n    'MiddlewareInterface or a callable with a matching signature.'\n);"})
	r := ranker{q: ParseQuery(report), mode: Hybrid, w: DefaultWeights}
	wantDecides(t, r, cands, Messages, "Slim/MiddlewareDispatcher.php", "Slim/Middleware/BodyParsingMiddleware.php")
	for _, m := range r.q.messages {
		for _, run := range m {
			if text := strings.Join(run, " "); strings.Contains(text, "snippet") {
				t.Errorf("run %q read as a message", text)
			}
		}
	}
}

// Of a query pasted whole, only the best lexical hits are read: the
// floor is the n-th best lexical score, and no lexical hit reads none.
func TestLexicalFloor(t *testing.T) {
	ix := newIx()
	var cands []*candidate
	for i := range 25 {
		cands = append(cands, cand(ix, fmt.Sprintf("f%d.go", i), 1, 0.5, float64(i)))
	}
	if got := lexicalFloor(cands, 20); got != 5 {
		t.Errorf("floor of lexical scores 1..24 for 20 reads = %v, want 5", got)
	}
	if got := lexicalFloor(cands[:1], 20); !math.IsInf(got, 1) {
		t.Errorf("floor with no lexical hit = %v, want +Inf", got)
	}
}

// rival is a candidate chunk of a message test: its file, its channels'
// scores, its text.
type rival struct {
	path     string
	vec, lex float64
	text     string
}

// contested returns the candidates of a query a message decides: a chunk
// the channels favour, sharing the message's words (near), the chunk
// printing it, and a weak third.
func contested(near, printer rival) []*candidate {
	ix := newIx()
	cands := []*candidate{cand(ix, near.path, 1, near.vec, near.lex), cand(ix, printer.path, 1, printer.vec, printer.lex), cand(ix, "other.txt", 1, 0.05, 1)}
	cands[0].chunk.Content, cands[1].chunk.Content = near.text, printer.text
	return cands
}

// A message pasted alone, or a line only a literal may print, reads the
// 20 best lexical hits; a line quoting a message among words of its own
// reads as many as a report, since the code throwing the message need
// not be among the best hits of those words.
func TestMessageReads(t *testing.T) {
	for text, want := range map[string]int{
		"Cannot override method on final class": 20,
		"invalid listen port: http":             20,
		`JToken.SelectToken throws "Unexpected character while parsing path indexer: '" for an escaped quote`:             100,
		"Crash on start\n\nloader.ConfigError: missing section 'server' in the config file\n\nThe loadConfig step fails.": 100,
	} {
		if got := (ranker{q: ParseQuery(text)}).messageReads(); got != want {
			t.Errorf("%q reads %d hits, want %d", text, got, want)
		}
	}
}

// A report's title is its first line of prose: past an address, and past
// a statement of code the report pastes first, so that the line quoting
// the message is stressed wherever it stands.
func TestTitleIsTheFirstLineOfProse(t *testing.T) {
	for text, want := range map[string]string{
		"Crash on start\n\nValueError: bad shelf":                                       "Crash on start",
		"https://example.com/issues/12\nTitle: Shelf fails to load\nbody":               "Shelf fails to load",
		"$shelf->load('SELECT * FROM books', ['id' => 5]);\nNamed parameter is unbound": "Named parameter is unbound",
		"$ shelf load --all\nError: no shelf named all":                                 "Error: no shelf named all",
		"shelf.load(books) {\nNo book bound\n":                                          "No book bound",
	} {
		if got := titleOf(text); got != want {
			t.Errorf("titleOf(%q) = %q, want %q", text, got, want)
		}
	}
}

// Prose quotes a message in single quotes too; a word's apostrophe opens
// and closes none.
func TestSingleQuotedMessages(t *testing.T) {
	for text, want := range map[string]string{
		"When a follower restores we see 'failed to receive whole snapshot' and the sink isn't cancelled.": "failed to receive whole snapshot",
		"It says \u2018count missing for create list\u2019 on every call.":                                 "count missing for create list",
		"The shelf's handler isn't called and the stocker doesn't retry after a failure of it.":            "",
		"Set 'retries' to 3 and 'timeout' to 5, then it fails.":                                            "",
	} {
		var got []string
		for _, m := range messagesOf(text) {
			for _, run := range m {
				got = append(got, strings.Join(run, " "))
			}
		}
		if strings.Join(got, "|") != want {
			t.Errorf("messagesOf(%q) = %q, want %q", text, got, want)
		}
	}
}

// The code throwing an exception the report raises gains the message
// lift of the exception's class, which holds the message: the class
// alone had the lift, the throw site none. An exception of no candidate's
// declaring (a ValueError) lifts nothing.
func TestThrowSiteSharesItsExceptionsMessage(t *testing.T) {
	report := "Calling Spin() on a plain object fails:\n\nShelf.NotAWidgetException: Widget extension methods can only be called on objects created using Widget.Create.\n   at Shelf.Core.WidgetResolver.ResolveFor(Object widget)\n"
	ix := newIx()
	class := cand(ix, "Ex/NotAWidgetException.cs", 1, 0.40, 9)
	class.chunk.Symbol, class.chunk.SymbolKind = "NotAWidgetException", "class"
	class.chunk.Content = "public class NotAWidgetException : WidgetException\n{\n    private const string Explanation =\n        \"Widget extension methods can only be called \" +\n        \"on objects created using Widget.Create.\";\n\n    public NotAWidgetException() : base(Explanation) { }\n}"
	thrower := cand(ix, "Core/WidgetResolver.cs", 1, 0.30, 3)
	thrower.chunk.Symbol, thrower.chunk.SymbolKind = "WidgetResolver", "class"
	thrower.chunk.Content = "public class WidgetResolver\n{\n    public IWidgetRouter ResolveFor(object widget) => widget switch\n    {\n        IWidgetRouterProvider p => p.GetRouter(),\n        _ => throw new NotAWidgetException()\n    };\n}"
	near := cand(ix, "Core/WidgetExtensions.cs", 1, 0.36, 3)
	near.chunk.Content = "public static class WidgetExtensions\n{\n    public static void Spin(this object o) => Resolver.ResolveFor(o).Spin();\n}"
	r := ranker{q: ParseQuery(report), mode: Hybrid, w: DefaultWeights}
	cands := []*candidate{class, thrower, near}
	r.score(cands)
	if thrower.score <= near.score {
		t.Errorf("the throw site scores %.3f, the extension %.3f (class %.3f): want the throw site above", thrower.score, near.score, class.score)
	}
	r.opt.Off |= Messages
	r.score(cands)
	if thrower.score > near.score {
		t.Errorf("without messages the throw site scores %.3f above the extension's %.3f: the test shows nothing", thrower.score, near.score)
	}
}

// The code returning a sentinel error gains the lift of the declaration
// holding its message: Go's var block of errors had the lift alone.
func TestSentinelUseSharesItsMessage(t *testing.T) {
	ix := newIx()
	decl := cand(ix, "errs/errors.go", 1, 0.30, 6)
	decl.chunk.Content = "var (\n\t// ErrShelfFull is returned when the shelf grows past its size.\n\tErrShelfFull = errors.New(\"shelf capacity exceeded\")\n)"
	use := cand(ix, "shelf.go", 1, 0.35, 3)
	use.chunk.Content = "func (s *Shelf) Put(item []byte) error {\n\tif s.used+len(item) > s.size {\n\t\treturn errs.ErrShelfFull\n\t}\n\treturn nil\n}"
	near := cand(ix, "stock.go", 1, 0.42, 3)
	near.chunk.Content = "func (s *Stock) Put(item []byte) error {\n\ts.items = append(s.items, item)\n\treturn nil\n}"
	r := ranker{q: ParseQuery("Writes fail after a while with:\n\nerror: shelf capacity exceeded\n\nWhy does Put start failing?"), mode: Hybrid, w: DefaultWeights}
	wantDecides(t, r, []*candidate{decl, use, near}, Messages, "shelf.go", "stock.go")
}

// The code throwing what a factory makes gains the lift of the factory,
// which returns the exception with the message; the factory's name used
// elsewhere, not thrown, gains nothing.
func TestFactoryThrowSiteSharesItsMessage(t *testing.T) {
	ix := declIndex{defs: map[string][]chunker.Def{"src/ShelfException.php": {
		{Name: "shelfNotFound", Kind: "method", Line: 3, StartLine: 3, EndLine: 6},
		{Name: "slotShortage", Kind: "method", Line: 8, StartLine: 8, EndLine: 11},
	}}}
	build := func(thrown string) []*candidate {
		factory := &store.Chunk{FilePath: "src/ShelfException.php", StartLine: 1, EndLine: 12, Symbol: "ShelfException", SymbolKind: "class",
			Content: "class ShelfException extends Exception\n{\n    public static function shelfNotFound(string $name): self\n    {\n        return new self('No shelf named ' . $name);\n    }\n\n" +
				"    public static function slotShortage(int $expected, int $got): self\n    {\n        return new self('Too few slots: the shelf defines ' . $expected . ' slots but you only filled ' . $got);\n    }\n}"}
		site := &store.Chunk{FilePath: "src/Shelf.php", StartLine: 40, EndLine: 52, Symbol: "Shelf.fill", SymbolKind: "method",
			Content: "public function fill(array $items): void\n{\n    if (count($items) < $this->slots) {\n        " + thrown + "\n    }\n    $this->items = $items;\n}"}
		near := &store.Chunk{FilePath: "src/ShelfBuilder.php", StartLine: 10, EndLine: 20, Symbol: "ShelfBuilder.setSlots", SymbolKind: "method",
			Content: "public function setSlots(int $slots): self\n{\n    $this->slots = $slots;\n    return $this;\n}"}
		return []*candidate{{chunk: factory, ix: ix, vec: 0.45, lex: 9}, {chunk: site, ix: ix, vec: 0.30, lex: 3}, {chunk: near, ix: ix, vec: 0.38, lex: 3}}
	}
	r := ranker{q: ParseQuery("I get `Too few slots: the shelf defines 4 slots but you only filled 3` although I call setSlots twice."), mode: Hybrid, w: DefaultWeights}
	thrown := build("throw ShelfException::slotShortage($this->slots, count($items));")
	site, near := thrown[1], thrown[2]
	r.score(thrown)
	if site.score <= near.score {
		t.Errorf("the throw site scores %.3f, the builder %.3f: want the throw site above", site.score, near.score)
	}
	logged := build("$this->log(ShelfException::slotShortage($this->slots, count($items)));")
	site, near = logged[1], logged[2]
	r.score(logged)
	if site.score > near.score {
		t.Errorf("a site naming the factory without throwing it scores %.3f above the builder's %.3f", site.score, near.score)
	}
}

// A catalog's message, quoted, answers with the code showing it by the
// entry's key (`Tr.CantRebaseOntoSelf`), above the catalog, which hands
// it its lift; another language's catalog and the type declaring the
// keys name the key too, and are no such code.
func TestCatalogKeyUseTakesItsMessage(t *testing.T) {
	ix := newIx()
	catalog := cand(ix, "i18n/english.go", 40, 0.42, 6)
	catalog.chunk.Content = "func EnglishSet() TranslationSet {\n\treturn TranslationSet{\n\t\tCantShelveOntoSelf: \"You cannot shelve a box onto itself\",\n\t\tShelfFull:          \"The shelf is full\",\n\t}\n}"
	other := cand(ix, "i18n/german.go", 40, 0.30, 4)
	other.chunk.Content = "func GermanSet() TranslationSet {\n\treturn TranslationSet{\n\t\tCantShelveOntoSelf: \"Eine Kiste kann nicht auf sich selbst\",\n\t}\n}"
	fields := cand(ix, "i18n/set.go", 1, 0.30, 4)
	fields.chunk.Content = "type TranslationSet struct {\n\tCantShelveOntoSelf string\n\tShelfFull          string\n}"
	use := cand(ix, "gui/shelve.go", 10, 0.40, 5)
	use.chunk.Content = "func (h *Helper) Shelve(box, onto string) error {\n\tif box == onto {\n\t\treturn errors.New(h.Tr.CantShelveOntoSelf)\n\t}\n\treturn h.move(box, onto)\n}"
	r := ranker{q: ParseQuery(`Shelving a box onto a shelf beside it fails with "You cannot shelve a box onto itself" although they differ`), mode: Hybrid, w: DefaultWeights}
	wantDecides(t, r, []*candidate{catalog, other, fields, use}, Messages, "gui/shelve.go", "i18n/english.go")
}

// An error enum's variant given its message by an attribute (Rust's
// thiserror `#[error("…")]`) is a sentinel: the code returning it shares
// the message's lift.
func TestAttributedVariantUseSharesItsMessage(t *testing.T) {
	ix := newIx()
	decl := cand(ix, "src/error.rs", 1, 0.30, 6)
	decl.chunk.Content = "#[derive(thiserror::Error, Debug)]\npub enum Error {\n\t#[error(\"cannot frobnicate a sealed widget\")]\n\tSealedWidget,\n\t#[error(\"io error:{0}\")]\n\tIo(#[from] std::io::Error),\n}"
	use := cand(ix, "src/widget.rs", 1, 0.35, 3)
	use.chunk.Content = "pub fn process(locked: bool) -> Result<usize, Error> {\n\tif locked {\n\t\treturn Err(Error::SealedWidget);\n\t}\n\tOk(1)\n}"
	near := cand(ix, "src/gadget.rs", 1, 0.42, 3)
	near.chunk.Content = "pub fn process(gadget: &Gadget) -> usize {\n\tgadget.count * 2\n}"
	r := ranker{q: ParseQuery("Processing fails with:\n\nerror: cannot frobnicate a sealed widget\n\nThe widget is not sealed though."), mode: Hybrid, w: DefaultWeights}
	wantDecides(t, r, []*candidate{decl, use, near}, Messages, "src/widget.rs", "src/gadget.rs")
}

// byNameSearcher answers a lexical query by name from its own hits, and
// any other from the query's.
type byNameSearcher struct {
	declaringSearcher
	query  []store.Hit
	byName map[string][]store.Hit
}

func (s byNameSearcher) Lexical(_ context.Context, _ store.Kind, text string, _ int, _ store.Filter) ([]store.Hit, error) {
	if hits, ok := s.byName[text]; ok {
		return hits, nil
	}
	return s.query, nil
}

// The code returning an error enum's variant quotes nothing of the report
// and need not be among the channels' hits: it is looked up by the
// variant's name from the enum declaring it with the quoted message, and
// takes the message's lift from it, above a file the report's words match.
func TestSentinelUseIsLookedUpByName(t *testing.T) {
	enum := &store.Chunk{ID: "e", FilePath: "src/error.rs", StartLine: 1, EndLine: 7,
		Content: "pub enum Error {\n\t#[error(\"cannot frobnicate a sealed widget\")]\n\tSealedWidget,\n\t#[error(\"io error:{0}\")]\n\tIo(std::io::Error),\n}"}
	use := &store.Chunk{ID: "u", FilePath: "src/widget.rs", StartLine: 1, EndLine: 6,
		Content: "pub fn process(locked: bool) -> Result<usize, Error> {\n\tif locked {\n\t\treturn Err(Error::SealedWidget);\n\t}\n\tOk(1)\n}"}
	other := &store.Chunk{ID: "o", FilePath: "src/gadget.rs", StartLine: 1, EndLine: 3, Content: "pub fn frobnicate(g: &Gadget) -> usize {\n\tg.count\n}"}
	s := byNameSearcher{declaringSearcher: declaringSearcher{ix: newIx()},
		query:  []store.Hit{{Chunk: enum, Score: 9}, {Chunk: other, Score: 4}},
		byName: map[string][]store.Hit{"SealedWidget": {{Chunk: enum, Score: 5}, {Chunk: use, Score: 5}}}}
	req := Request{Query: "Processing fails with:\n\nerror: cannot frobnicate a sealed widget\n\nThe widget is not sealed though.", Limit: 10, Mode: Lexical}
	res, err := Search(context.Background(), []store.Searcher{s}, req)
	var got []string
	for _, r := range res {
		got = append(got, r.Chunk.FilePath)
	}
	if err != nil || slices.Index(got, "src/widget.rs") < 0 || slices.Index(got, "src/gadget.rs") < slices.Index(got, "src/widget.rs") {
		t.Fatalf("Search: %v, %v; want src/widget.rs above src/gadget.rs", err, got)
	}
}

// A catalog's template on the line below its key (typedoc's locales),
// the line it prints opening with a value, names the key all the same.
func TestCatalogTemplateBelowItsKey(t *testing.T) {
	ix := newIx()
	catalog := cand(ix, "locales/en.ts", 80, 0.30, 3)
	catalog.chunk.Content = "export default {\n    tag_0_in_1_specified_circular_include_2:\n        `{0} tag in comment for {1} specified \"{2}\" to include, which resulted in a circular include`,\n    shelf_full: `The shelf is full`,\n};"
	use := cand(ix, "plugins/IncludePlugin.ts", 48, 0.29, 3)
	use.chunk.Content = "if (included.has(file)) {\n    this.logger.error(\n        i18n.tag_0_in_1_specified_circular_include_2(tag, name, file),\n    );\n}"
	near := cand(ix, "plugins/LinkPlugin.ts", 1, 0.31, 3)
	near.chunk.Content = "export function resolveLinks(comment: Comment) {\n    return comment.tags.map(resolve);\n}"
	r := ranker{q: ParseQuery("Two markdown files including each other stop the build:\n\n[error] @includeCode tag in comment for Foo specified \"./a.md\" to include, which resulted in a circular include\n\nThey include different regions."), mode: Hybrid, w: DefaultWeights}
	wantDecides(t, r, []*candidate{catalog, use, near}, Messages, "plugins/IncludePlugin.ts", "plugins/LinkPlugin.ts")
}

// A chunk whose letters lower-case to more bytes (Turkish İ) before the
// quoted message still gives the message's line, not a slice past it.
func TestQuotingLineWithWideLowerCase(t *testing.T) {
	text := "// İİİİİİİİ İİİİİİİİ\nErrShelfFull = errors.New(\"shelf capacity exceeded\")\n"
	at, line := quotingLine(text, []string{"shelf capacity exceeded"}, nil)
	if at < 0 || line != "ErrShelfFull = errors.New(\"" {
		t.Errorf("quotingLine: %d %q", at, line)
	}
}
