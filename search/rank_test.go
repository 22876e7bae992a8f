package search

import (
	"fmt"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/internal/pathclass"
	"github.com/codeseek/codeseek/store"
)

func TestParseQueryKinds(t *testing.T) {
	for _, tc := range []struct {
		text string
		kind QueryKind
		name string
	}{
		{"ParseDuration", Identifier, "ParseDuration"},
		{"http.Client", Identifier, "Client"},
		{"Sinatra::Base", Identifier, "Base"},
		{"parse_args", Identifier, "parse_args"},
		{"how are path parameters extracted", Question, ""},
		{"Where is the config loaded?", Question, ""},
		{"gzip response compression middleware", NaturalLanguage, ""},
		{"response", NaturalLanguage, "response"}, // an identifier if an index declares it
		{"flat_hash_map", Identifier, "flat_hash_map"},
		{"M:add", Identifier, "add"},          // Lua's method
		{"empty?", NaturalLanguage, "empty?"}, // identifiers if an index declares them
		{"Postgrex.close!", NaturalLanguage, "close!"},
		{"foldl'", NaturalLanguage, "foldl'"},
		{"why?", NaturalLanguage, "why?"},
		{"don't", NaturalLanguage, ""},
		{"returns the current term.", Description, ""},
		{"is used to construct a new node", Description, ""},
		{"creates a new client from the options", Description, ""},
		{"choose the most up to date voter", Description, ""},
		{"leader steps down when it loses quorum", Description, ""},
		{"Write a file to the disk atomically. Keeps the old one on error.", Description, ""},
		{"reading data from a stream incrementally", NaturalLanguage, ""},
		{"routes registration and middleware", NaturalLanguage, ""},
		{"utility helpers for path detection", NaturalLanguage, ""},
		{"function to enable a component", NaturalLanguage, ""},
	} {
		q := ParseQuery(tc.text)
		if q.Kind != tc.kind || q.Name != tc.name {
			t.Errorf("ParseQuery(%q) = kind %v name %q, want %v %q", tc.text, q.Kind, q.Name, tc.kind, tc.name)
		}
	}
	q := ParseQuery("how does the beforeAll hook run with parse_args")
	if len(q.Names) != 2 || q.Names[0] != "beforeAll" || q.Names[1] != "parse_args" {
		t.Errorf("embedded names %v, want [beforeAll parse_args]", q.Names)
	}
	for text, want := range map[string]string{
		"how Observable represents an asynchronous sequence": "Observable",
		"how Monad composes computations with flatMap":       "flatMap Monad",
		"Mutex for coroutine synchronization":                "",
		"how HTTP status codes are checked":                  "",
		"how the Go parser works":                            "",
		"Listeners leak connections. Close aborts them with the wrong code.\nSubscribers see Stream errors": "Stream",
		"guard in Input::new against a second call":                                                         "Input", // the type a member is named through
		"the assert inside `Parameters.__init__` fires":                                                     "Parameters",
	} {
		q := ParseQuery(text)
		if got := strings.Join(append(q.Names, q.Types...), " "); got != want {
			t.Errorf("ParseQuery(%q) names and types = %q, want %q", text, got, want)
		}
	}
	for _, term := range q.Terms {
		if stopWords[term] {
			t.Errorf("stop word %q kept in terms %v", term, q.Terms)
		}
	}
}

// A file named as the exception an error line raises is no file the
// query names: its class is declared there, the message raised elsewhere.
func TestRaisedExceptionNamesNoFile(t *testing.T) {
	q := ParseQuery("Loading the file throws:\n\n    Shelf\\Exception\\InvalidEncodingException: Illegal character encoding [cp1252] specified.\n\nWhere is the encoding checked?")
	if !q.raisedFile("src/Exception/InvalidEncodingException.php") || q.raisedFile("src/Util/Str.php") {
		t.Errorf("raisedFile: the exception's file %v, another %v", q.raisedFile("src/Exception/InvalidEncodingException.php"), q.raisedFile("src/Util/Str.php"))
	}
	ix := newIx()
	cands := []*candidate{cand(ix, "src/Exception/InvalidEncodingException.php", 1, 0.5, 5), cand(ix, "src/Util/Str.php", 1, 0.5, 5)}
	m := newPathMatcher(q, cands)
	if m.named("src/Exception/InvalidEncodingException.php") != 0 {
		t.Errorf("the exception's file is named by the query")
	}
}

func TestPriorSparesWhatTheQueryAsksFor(t *testing.T) {
	plain := ParseQuery("retry failed uploads")
	tests := ParseQuery("tests for retry of failed uploads")
	if p := prior(pathclass.Test, plain.wants); p >= 1 {
		t.Errorf("a test file is not demoted for %q: %v", plain.Text, p)
	}
	if p := prior(pathclass.Test, tests.wants); p != 1 {
		t.Errorf("a test file is demoted for %q, which asks for tests: %v", tests.Text, p)
	}
	for _, text := range []string{"where is the upload retry tested", "unit tests of the upload retry", "test cases for retried uploads"} {
		if p := prior(pathclass.Test, ParseQuery(text).wants); p != 1 {
			t.Errorf("a test file is demoted for %q, which asks for tests: %v", text, p)
		}
	}
	for _, text := range []string{"how does the test runner capture output", "testing client for requests without a server",
		"temporary folder deleted after the test finishes", "how are tests run in parallel", "TypeSpec builders for a compiled class",
		"how are test methods turned into test cases by the discoverers"} {
		if p := prior(pathclass.Test, ParseQuery(text).wants); p >= 1 {
			t.Errorf("a test file is not demoted for %q, which asks for no tests: %v", text, p)
		}
	}
	report := ParseQuery("Uploads that fail with a timeout are never retried: the client gives up " +
		"after the first attempt and the retry test passes only because the mock server answers at once.")
	if p := prior(pathclass.Test, report.wants); p >= 1 {
		t.Errorf("a test file is not demoted for a bug report that mentions a test: %v", p)
	}
	windows := ParseQuery("Breakpoints are not hit on Windows: the instruction cache is not flushed after the " +
		"debugger writes memory, and the test for it only runs on Linux machines.")
	if p := prior(pathclass.Platform, windows.wants); p != 1 {
		t.Errorf("a platform's file is demoted for a bug report naming the platform: %v", p)
	}
	if p := prior(pathclass.Test, windows.wants); p >= 1 {
		t.Errorf("a test file is not demoted for a bug report naming a platform and a test: %v", p)
	}
}

// cand builds a candidate of file p in a one-repository index.
func cand(ix *store.Index, p string, start int, vec, lex float64) *candidate {
	return &candidate{chunk: &store.Chunk{FilePath: p, StartLine: start, EndLine: start + 9}, ix: ix.Searcher(), vec: vec, lex: lex}
}

func rankOf(cands []*candidate, p string) int {
	for i, cd := range cands {
		if cd.chunk.FilePath == p {
			return i
		}
	}
	return -1
}

func newIx() *store.Index { return &store.Index{Manifest: &store.Manifest{Meta: store.Meta{ID: "r"}}} }

func TestTestFileYieldsToTheCodeItTests(t *testing.T) {
	ix := newIx()
	cands := []*candidate{
		cand(ix, "upload/retry_test.go", 1, 0.62, 9), // repeats the words of the code it tests
		cand(ix, "upload/retry.go", 1, 0.60, 8),
		cand(ix, "other/thing.go", 1, 0.30, 1),
	}
	r := ranker{q: ParseQuery("retry failed uploads"), mode: Hybrid, w: DefaultWeights}
	r.score(cands)
	if rankOf(cands, "upload/retry.go") != 0 {
		t.Errorf("retry.go is not first: %v", paths(cands))
	}
	// The file name alone also favours retry.go (all of its name is a
	// query term, and the test file is a variant of it), so the path
	// features go off to see the chunks decide.
	r.opt.Off = PathPrior | PathMatch | FileName | Variants
	r.score(cands)
	if rankOf(cands, "upload/retry_test.go") != 0 {
		t.Errorf("with path features off, the stronger test chunk should win: %v", paths(cands))
	}
}

// TestOneWordIsReadByTheChunksThatSayIt checks that a single word no
// declaration names ("difflib", imported inside one function) finds the
// chunk that says it ahead of the chunks the model merely finds closest,
// as a sentence's words would not.
func TestOneWordIsReadByTheChunksThatSayIt(t *testing.T) {
	ix := newIx()
	cands := []*candidate{
		cand(ix, "src/completion.py", 1, 0.31, 0),
		cand(ix, "src/exceptions.py", 1, 0.22, 7),
		cand(ix, "src/types.py", 1, 0.20, 0),
	}
	if got := firstFor(cands, "difflib"); got != "src/exceptions.py" {
		t.Errorf("the one chunk saying the word is not first: %v", paths(cands))
	}
}

// firstFor ranks cands for query text and returns the first one's file.
func firstFor(cands []*candidate, text string) string {
	r := ranker{q: ParseQuery(text), mode: Hybrid, w: DefaultWeights}
	r.score(cands)
	return cands[0].chunk.FilePath
}

// TestVendoredPackageNamedIsNotDemoted checks that a query naming a
// vendored package finds it, while vendored code whose package the query
// does not name still yields to the project's own.
func TestVendoredPackageNamedIsNotDemoted(t *testing.T) {
	ix := newIx()
	vendored := "vendor/golang.org/x/net/http2/hpack/huffman.go"
	cands := []*candidate{
		cand(ix, "image/jpeg/huffman.go", 1, 0.50, 6),
		cand(ix, vendored, 1, 0.49, 6),
		cand(ix, "other/thing.go", 1, 0.30, 1),
	}
	if got := firstFor(cands, "http2 hpack huffman decoding"); got != vendored {
		t.Errorf("the vendored package the query names is not first: %v", paths(cands))
	}
	for _, q := range []string{"huffman decoding", "net http2 huffman decoding"} {
		if got := firstFor(cands, q); got == vendored {
			t.Errorf("%q names no vendored package, yet the vendored file is first: %v", q, paths(cands))
		}
	}
}

// TestReportFindsTheFileNamedForItsWord checks that the word a bug report
// keeps coming back to lifts the file named for it ("window", window.rs),
// while a word said once, or a one-sentence description, which asks for a
// function wherever it is, lifts nothing.
func TestReportFindsTheFileNamedForItsWord(t *testing.T) {
	ix := newIx()
	cands := []*candidate{
		cand(ix, "src/display/mod.rs", 1, 0.52, 8),
		cand(ix, "src/display/window.rs", 1, 0.50, 8),
		cand(ix, "src/other.rs", 1, 0.30, 1),
	}
	report := "Blurry fonts after moving to a second monitor\n\n" +
		"After the scale factor changes on a second monitor the window keeps its old size, so the " +
		"terminal grid is drawn with the wrong cell dimensions until the user resizes the window by hand, " +
		"and fonts look blurry on the new display."
	if !ParseQuery(report).report {
		t.Fatalf("%q is not read as a report", report)
	}
	if got := firstFor(cands, report); got != "src/display/window.rs" {
		t.Errorf("the file named for the report's word is not first: %v", paths(cands))
	}
	for _, q := range []string{
		strings.Replace(report, "resizes the window", "resizes it", 1),
		"Returns the window size in cells after the scale factor changed.",
		strings.ReplaceAll(report, "\n", " "), // as long, but one line: a docstring's sentences
	} {
		if got := firstFor(cands, q); got != "src/display/mod.rs" {
			t.Errorf("%q lifted the file named for its word: %v", q, paths(cands))
		}
	}
}

// TestEntryPointWithCodeIsNotABarrel checks that an index.ts the indexer
// marked as declaring code ranks as code, while one without the mark, which
// only re-exports, yields as a barrel.
func TestEntryPointWithCodeIsNotABarrel(t *testing.T) {
	for _, marks := range []chunker.Marks{chunker.MarkCode, 0} {
		ix := newIx()
		ix.Manifest.Files = []store.FileState{{Path: "src/expect/index.ts", Marks: marks}}
		cands := []*candidate{
			cand(ix, "src/expect/poll.ts", 1, 0.50, 8),
			cand(ix, "src/expect/index.ts", 1, 0.52, 8),
			cand(ix, "src/other.ts", 1, 0.30, 1),
		}
		want := "src/expect/index.ts"
		if marks == 0 {
			want = "src/expect/poll.ts"
		}
		if got := firstFor(cands, "expect assertion api"); got != want {
			t.Errorf("marks %v: %s first, want %s: %v", marks, got, want, paths(cands))
		}
	}
}

func TestOlderVersionYields(t *testing.T) {
	ix := newIx()
	cands := []*candidate{
		cand(ix, "v3/router.go", 1, 0.61, 5),
		cand(ix, "v4/router.go", 1, 0.60, 5),
	}
	r := ranker{q: ParseQuery("router groups"), mode: Hybrid, w: DefaultWeights}
	r.score(cands)
	if rankOf(cands, "v4/router.go") != 0 {
		t.Errorf("the current version is not first: %v", paths(cands))
	}
}

func TestVariantYieldsToThePlainFile(t *testing.T) {
	ix := newIx()
	cands := []*candidate{
		cand(ix, "Sources/Zip+arity.swift", 1, 0.64, 6), // more of the same words
		cand(ix, "Sources/Zip.swift", 1, 0.60, 5),
		cand(ix, "Other/Zip.swift", 1, 0.30, 1),
	}
	r := ranker{q: ParseQuery("zip operator pairing emissions"), mode: Hybrid, w: DefaultWeights}
	r.opt.Off = PathMatch | FileName // the names alone would favour Zip.swift too
	wantFirst(t, r, cands, "Sources/Zip.swift", "the plain file is not first")
	r.q = ParseQuery("zip operator with arity")
	wantFirst(t, r, cands, "Sources/Zip+arity.swift", "a query naming the variant should get it first")
	r.q = ParseQuery("zip operator pairing emissions")
	r.opt.Off |= Variants
	wantFirst(t, r, cands, "Sources/Zip+arity.swift", "with variants off the stronger chunk should win")
}

// wantFirst ranks cands with r and checks that want comes first.
func wantFirst(t *testing.T, r ranker, cands []*candidate, want, why string) {
	t.Helper()
	r.score(cands)
	if rankOf(cands, want) != 0 {
		t.Errorf("%s: %v", why, paths(cands))
	}
}

func TestVariantNeedsAWordBoundary(t *testing.T) {
	ix := newIx()
	cands := []*candidate{cand(ix, "a/Zip.go", 1, 0.5, 1), cand(ix, "a/Zipper.go", 1, 0.5, 1), cand(ix, "a/ZipWriter.go", 1, 0.5, 1), cand(ix, "b/Zip_test.go", 1, 0.5, 1)}
	variant := variantsOf(ParseQuery("compress files"), cands)
	for p, want := range map[string]bool{"a/Zip.go": false, "a/Zipper.go": false, "a/ZipWriter.go": true, "b/Zip_test.go": false} {
		if variant(p) != want {
			t.Errorf("variant(%s) = %v, want %v", p, !want, want)
		}
	}
}

// TestTypeCategoryVariants checks Type+Category names: the type is the
// whole name before the '+' (ObservableType+Zip is a variant of
// ObservableType, not of Observable), and a category that adds the type's
// methods (+Extensions) is not a variant.
func TestTypeCategoryVariants(t *testing.T) {
	ix := newIx()
	var cands []*candidate
	for _, p := range []string{"S/Observable.swift", "S/ObservableType.swift", "S/ObservableType+Extensions.swift",
		"S/ObservableType+Zip.swift", "S/Observable+Bind.swift", "S/Single+Extensions.swift", "S/ObservableSource+Zip.swift",
		"S/Observable_extensions.swift"} {
		cands = append(cands, cand(ix, p, 1, 0.5, 1))
	}
	variant := variantsOf(ParseQuery("subscribe an observer"), cands)
	for p, want := range map[string]bool{
		"S/ObservableType.swift":            true, // Observable + Type, no '+'
		"S/ObservableType+Extensions.swift": false,
		"S/ObservableType+Zip.swift":        true,
		"S/Observable+Bind.swift":           true,
		"S/Single+Extensions.swift":         false, // no Single.swift, and an extension anyway
		"S/ObservableSource+Zip.swift":      false, // ObservableSource is its own type
		"S/Observable_extensions.swift":     true,  // only a '+' names a category
	} {
		if variant(p) != want {
			t.Errorf("variant(%s) = %v, want %v", p, !want, want)
		}
	}
}

func TestDeclarationBeatsUses(t *testing.T) {
	ix := newIx()
	cands := []*candidate{
		cand(ix, "a/uses.go", 1, 0.9, 20),
		cand(ix, "b/more_uses.go", 1, 0.8, 18),
		cand(ix, "c/decl.go", 1, 0.2, 2),
	}
	cands[2].decl = 3
	r := ranker{q: ParseQuery("ParseDuration"), mode: Hybrid, w: DefaultWeights}
	r.score(cands)
	if rankOf(cands, "c/decl.go") != 0 {
		t.Errorf("the declaration is not first: %v", paths(cands))
	}
	if res := assemble(cands, 3, 3); res[0].Score != 1 {
		t.Errorf("a declaration of the queried name reports %v, want 1", res[0].Score)
	}
}

func TestPathMatch(t *testing.T) {
	ix := newIx()
	matcher := func(q string, files ...string) pathMatcher {
		var cands []*candidate
		for _, f := range files {
			cands = append(cands, cand(ix, f, 1, 0.5, 0))
		}
		return newPathMatcher(ParseQuery(q), cands)
	}
	m := matcher("gzip response compression middleware", "middleware/compress.go", "render/json.go")
	if got := m.match("middleware/compress.go"); got <= 0.3 || got >= 0.7 {
		t.Errorf("middleware/compress.go matches %v, want a part (two of four terms)", got)
	}
	if got := m.match("render/json.go"); got != 0 {
		t.Errorf("render/json.go matches %v, want 0", got)
	}
	if got := matcher("RouteContext", "route_context.go").match("route_context.go"); got != 1 {
		t.Errorf("route_context.go for RouteContext: %v, want 1", got)
	}
	// A term most candidate files share says little; a rare one decides.
	files := []string{"configs/gopls.lua", "configs/arduino_language_server.lua", "configs/nginx_language_server.lua",
		"configs/java_language_server.lua", "configs/astro_language_server.lua"}
	m = matcher("how the gopls language server is configured", files...)
	if g, a := m.match(files[0]), m.match(files[1]); g <= a {
		t.Errorf("gopls.lua matches %v, not above arduino_language_server.lua's %v", g, a)
	}
	for _, tc := range []struct {
		a, b string
		same bool
	}{
		{"compression", "compress", true}, {"configured", "configs", true}, {"utility", "utils", true},
		{"serialization", "serializer", true}, {"parse", "parallel", false}, {"json", "js", false},
		{"log", "logs", true}, {"log", "logic", false}, {"status", "statement", false},
		{"retries", "retry", true}, {"handling", "handler", true},
	} {
		if wordsMatch(tc.a, tc.b) != tc.same {
			t.Errorf("wordsMatch(%q, %q) = %v, want %v", tc.a, tc.b, !tc.same, tc.same)
		}
	}
	// A name made only of query terms beats one with more words.
	m = matcher("zip operator for pairing observables", "Zip.swift", "Zip+arity.swift")
	if z, za := m.match("Zip.swift"), m.match("Zip+arity.swift"); z <= za {
		t.Errorf("Zip.swift matches %v, not above Zip+arity.swift's %v", z, za)
	}
}

func TestFileNamedForTheQuery(t *testing.T) {
	ix := newIx()
	files := []string{"Zip.swift", "Infallible+Zip+arity.swift", "Maybe.swift", "models/model.py", "models/bert.py", "models/gpt.py"}
	var cands []*candidate
	for _, f := range files {
		cands = append(cands, cand(ix, f, 1, 0.5, 0))
	}
	m := newPathMatcher(ParseQuery("zip operator for pairing emissions"), cands)
	if got := m.named("Zip.swift"); got <= 0.5 {
		t.Errorf("Zip.swift for 'zip operator': named %v, want most of 1", got)
	}
	for _, p := range []string{"Infallible+Zip+arity.swift", "Maybe.swift"} {
		if got := m.named(p); got != 0 {
			t.Errorf("%s has words the query lacks, named %v, want 0", p, got)
		}
	}
	// A word every candidate's path shares names nothing in particular.
	m = newPathMatcher(ParseQuery("how a model is loaded"), cands)
	if shared, rare := m.named("models/model.py"), m.named("Zip.swift"); shared >= 0.5 || rare != 0 {
		t.Errorf("model.py among models/: named %v, want under 0.5; Zip.swift %v, want 0", shared, rare)
	}
	for _, cd := range cands {
		cd.vec = 0.3
	}
	cands[0].vec, cands[1].vec = 0.48, 0.5
	r := ranker{q: ParseQuery("zip operator for pairing emissions"), mode: Hybrid, w: DefaultWeights}
	wantDecides(t, r, cands, FileName, "Zip.swift", "Infallible+Zip+arity.swift")

	// A name may write a query term short (cmd for "commands"); a longer
	// one holding a short form is not named so.
	files = []string{"lua/lazy/core/handler/cmd.lua", "lua/lazy/core/loader.lua", "lua/lazy/view/commands.lua", "text/StrBuilder.java"}
	cands = cands[:0]
	for _, f := range files {
		cands = append(cands, cand(ix, f, 1, 0.5, 0))
	}
	m = newPathMatcher(ParseQuery("how is a plugin loaded the first time one of its user commands is run"), cands)
	if got := m.named("lua/lazy/core/handler/cmd.lua"); got <= 0 {
		t.Errorf("cmd.lua for 'commands': named %v, want above 0", got)
	}
	m = newPathMatcher(ParseQuery("null-safe string operations"), cands)
	if got := m.named("text/StrBuilder.java"); got != 0 {
		t.Errorf("StrBuilder.java has words the query lacks, named %v, want 0", got)
	}
}

// wantDecides checks that feature f puts on first, and that with f off
// the channel scores put off first.
func wantDecides(t *testing.T, r ranker, cands []*candidate, f Feature, on, off string) {
	t.Helper()
	wantFirst(t, r, cands, on, "with the feature on")
	r.opt.Off |= f
	wantFirst(t, r, cands, off, "with the feature off")
}

// bigFileFirst is five close chunks of big.go, then small.go's one
// slightly weaker chunk and weak.go's weak one.
func bigFileFirst() []*candidate {
	ix := newIx()
	var cands []*candidate
	for i := 0; i < 5; i++ {
		cands = append(cands, cand(ix, "big.go", 1+20*i, 0.9-0.01*float64(i), 0))
	}
	return append(cands, cand(ix, "small.go", 1, 0.8, 0), cand(ix, "weak.go", 1, 0.1, 0))
}

func TestDiversitySpreadsFirstPageOverFiles(t *testing.T) {
	cands := bigFileFirst()
	r := ranker{q: ParseQuery("header parsing"), mode: Vector, w: DefaultWeights}
	r.score(cands)
	if got := rankOf(cands, "small.go"); got != 1 {
		t.Errorf("small.go at %d, want right after big.go's best chunk: %v", got, paths(cands))
	}
	// A description asks for one function: big.go's close runners-up
	// stay ahead of a weaker chunk elsewhere.
	r.q = ParseQuery("parses the header of a request")
	r.score(cands)
	if got := rankOf(cands, "small.go"); got != 5 {
		t.Errorf("for a description small.go at %d, want after all of big.go: %v", got, paths(cands))
	}
	r.q = ParseQuery("header parsing")
	r.opt.Off = Diversity | Coherence
	r.score(cands)
	if got := rankOf(cands, "small.go"); got != 5 {
		t.Errorf("without diversity small.go at %d, want after all of big.go: %v", got, paths(cands))
	}
}

func TestReportedScoresFallWithRank(t *testing.T) {
	ix := newIx()
	cands := []*candidate{cand(ix, "a.go", 1, 0.7, 3), cand(ix, "b.go", 1, 0.5, 6), cand(ix, "c.go", 1, 0.4, 1)}
	r := ranker{q: ParseQuery("open a file"), mode: Hybrid, w: DefaultWeights}
	r.score(cands)
	res := assemble(cands, 3, 3)
	for i := 1; i < len(res); i++ {
		if res[i].Score > res[i-1].Score || res[i].Score < 0 || res[i-1].Score > 1 {
			t.Errorf("scores %v, %v at ranks %d, %d: not falling within 0..1", res[i-1].Score, res[i].Score, i-1, i)
		}
	}
	// A file's imports chunk, first, shows the file's code at its place,
	// which ranked below another file's: the scores fall all the same.
	imports := cand(ix, "d.go", 1, 0.9, 9)
	imports.chunk.SymbolKind = "imports"
	other, code := cand(ix, "e.go", 1, 0.6, 5), cand(ix, "d.go", 40, 0.2, 1)
	cands = []*candidate{imports, other, code}
	r.score(cands)
	res = assemble(cands, 3, 3)
	if len(res) < 2 || res[0].Chunk.FilePath != "d.go" || res[0].Chunk.StartLine != 40 || res[0].Score < res[1].Score {
		t.Fatalf("results %v: want d.go's code first, in its imports' place", res)
	}
	for i := 1; i < len(res); i++ {
		if res[i].Score > res[i-1].Score {
			t.Errorf("%s scores %v after %s's %v: not falling with rank", res[i].Chunk.FilePath, res[i].Score, res[i-1].Chunk.FilePath, res[i-1].Score)
		}
	}
}

func TestParseOptions(t *testing.T) {
	o, err := ParseOptions("off=path,prior; decl=1.5")
	if err != nil {
		t.Fatal(err)
	}
	if o.on(PathMatch) || o.on(PathPrior) || !o.on(Coherence) || o.weights().Decl != 1.5 {
		t.Errorf("options %+v", o)
	}
	for _, bad := range []string{"off=nosuch", "decl", "zzz=1", "decl=x"} {
		if _, err := ParseOptions(bad); err == nil {
			t.Errorf("ParseOptions(%q) accepted", bad)
		}
	}
}

func paths(cands []*candidate) []string {
	var out []string
	for _, cd := range cands {
		out = append(out, cd.chunk.FilePath)
	}
	return out
}

func TestReexportBeatsUses(t *testing.T) {
	ix := newIx()
	cands := []*candidate{
		cand(ix, "src/app.ts", 1, 0.9, 20),
		cand(ix, "src/index.ts", 1, 0.3, 3),
		cand(ix, "pkg/__init__.py", 1, 0.3, 3),
		cand(ix, "pkg/client.py", 1, 0.8, 10),
	}
	cands[0].chunk.Content = "const r = new Router();\nr.use(Router.json());"
	cands[1].chunk.Content = "export { Router } from './router';"
	cands[2].chunk.Content = "from .router import Router"
	cands[3].chunk.Content = "from .router import Router\n\nclass Client:\n    r = Router()"
	r := ranker{q: ParseQuery("Router"), mode: Hybrid, w: DefaultWeights}
	r.score(cands)
	got := paths(cands)
	if rankOf(cands, "src/app.ts") < 2 || rankOf(cands, "pkg/client.py") < 2 {
		t.Errorf("a use outranks a re-export: %v", got)
	}
}

// TestZigReexportAndTestBlocks: Zig re-exports a name by binding it to
// the same name from another file, and keeps its tests in the file they
// test; both rank below the declaration and above other uses, or below
// the code, as a re-export and a test file do.
func TestZigReexportAndTestBlocks(t *testing.T) {
	ix := newIx()
	cands := []*candidate{cand(ix, "src/app.zig", 1, 0.9, 20), cand(ix, "src/httpz.zig", 1, 0.3, 3)}
	cands[0].chunk.Content = "const r = try Request.init(allocator);\n_ = r.body();"
	cands[1].chunk.Content = "pub const Request = @import(\"request.zig\").Request;"
	r := ranker{q: ParseQuery("Request"), mode: Hybrid, w: DefaultWeights}
	r.score(cands)
	if rankOf(cands, "src/httpz.zig") != 0 {
		t.Errorf("a use outranks Zig's re-export: %v", paths(cands))
	}

	code, test := cand(ix, "src/request.zig", 100, 0.6, 6), cand(ix, "src/request.zig", 2200, 0.9, 12)
	test.chunk.SymbolKind = "test"
	cands = []*candidate{test, code}
	r = ranker{q: ParseQuery("parsing cookies from the request header"), mode: Hybrid, w: DefaultWeights}
	r.score(cands)
	if cands[0] != code {
		t.Errorf("a test block outranks the code it tests: %+v first", cands[0].chunk)
	}
}

func TestDescriptionDoesNotLiftTypesItMentions(t *testing.T) {
	ix := newIx()
	cands := []*candidate{cand(ix, "format.go", 1, 0.7, 5), cand(ix, "kinds.go", 1, 0.69, 5), cand(ix, "other.go", 1, 0.2, 1)}
	cands[1].embedded = 3 // types.go declares LogType
	r := ranker{q: ParseQuery("returns LogType as a human readable string."), mode: Hybrid, w: DefaultWeights}
	wantFirst(t, r, cands, "format.go", "a description lifted the declaration of a type it mentions")
	r.q = ParseQuery("LogType string conversion")
	wantFirst(t, r, cands, "kinds.go", "a phrase naming LogType should lift its declaration")
}

func TestNameMatch(t *testing.T) {
	q := ParseQuery("delete old log entries after a snapshot")
	for _, tc := range []struct {
		sym, kind string
		want      float64
	}{
		{"Raft.removeOldLogs", "method", 2.0 / 3},
		{"compactLogs, removeOldLogs", "mixed", 2.0 / 3},
		{"snapshotLogs", "function", 1},
		{"Raft.heartbeat", "method", 0},  // one shared word is not evidence
		{"oldLogEntry", "method", 1},     // old, log, entry: stems of the query's words
		{"OldLogs", "struct", 0},         // a type a sentence mentions is not what it describes
		{"deleteOldLogs", "function", 1}, // every word spelled out
	} {
		got := nameMatch(q, &store.Chunk{Symbol: tc.sym, SymbolKind: tc.kind}, nil)
		if got < tc.want-1e-9 || got > tc.want+1e-9 {
			t.Errorf("nameMatch(%s %s) = %.3f, want %.3f", tc.kind, tc.sym, got, tc.want)
		}
	}
}

// A question about how something works wants its entry point: a private
// helper named like the question gets no name match for it, while a
// description still finds the helper by its name.
func TestQuestionSkipsPrivateHelpersNames(t *testing.T) {
	helper := &store.Chunk{Symbol: "chunkFiles", SymbolKind: "function", Language: "go"}
	exported := &store.Chunk{Symbol: "ChunkFiles", SymbolKind: "function", Language: "go"}
	python := &store.Chunk{Symbol: "_chunk_files", SymbolKind: "function", Language: "python"}
	js := &store.Chunk{Symbol: "chunkFiles", SymbolKind: "function", Language: "javascript"}
	question := ParseQuery("how are files chunked")
	for _, tc := range []struct {
		q    Query
		c    *store.Chunk
		want float64
	}{
		{question, helper, 0},
		{question, python, 0},
		{question, exported, 1},
		{question, js, 1}, // its privacy is not in its name
		{ParseQuery("chunks the files of a run"), helper, 1},
	} {
		if got := nameMatch(tc.q, tc.c, nil); got != tc.want {
			t.Errorf("%q, %s %s: name match %.2f, want %.2f", tc.q.Text, tc.c.Language, tc.c.Symbol, got, tc.want)
		}
	}
}

func TestNamedFunctionWinsOverNeighbours(t *testing.T) {
	ix := newIx()
	cands := []*candidate{cand(ix, "a.go", 1, 0.60, 6), cand(ix, "b.go", 1, 0.58, 5.5), cand(ix, "c.go", 1, 0.3, 2)}
	cands[0].chunk.Symbol, cands[0].chunk.SymbolKind = "Raft.runFollower", "method"
	cands[1].chunk.Symbol, cands[1].chunk.SymbolKind = "Raft.removeOldLogs", "method"
	r := ranker{q: ParseQuery("deletes old log entries after a snapshot."), mode: Hybrid, w: DefaultWeights}
	wantDecides(t, r, cands, NameMatch, "b.go", "a.go")
}

func TestTypeNamesPickOutFewFiles(t *testing.T) {
	ix := newIx()
	var cands []*candidate
	for _, f := range []string{"a.go", "b.go", "c.go", "d.go"} {
		cd := cand(ix, f, 1, 0.5, 1)
		cd.chunk.Content = "func (x *T) String() string { return \"\" }"
		cands = append(cands, cd)
	}
	cands[0].chunk.Content += "\ntype Observable struct{}"
	typeDeclarations(ParseQuery("how Observable gets its String form"), cands)
	for i, cd := range cands {
		if want := map[bool]int{true: 3, false: 0}[i == 0]; cd.embedded != want {
			t.Errorf("%s: declared tier %d, want %d (String is declared in every file, Observable in a.go only)",
				cd.chunk.FilePath, cd.embedded, want)
		}
	}
}

func TestDescriptionIsNotCappedPerFile(t *testing.T) {
	cands := bigFileFirst()
	req := Request{Limit: 5, PerFile: 3}
	for _, tc := range []struct {
		query string
		big   int
	}{
		{"header parsing", 3},                 // an area: other files get the rest of the page
		{"parses the header of a request", 5}, // one function: its file's runners-up stay
	} {
		r := ranker{q: ParseQuery(tc.query), mode: Vector, w: DefaultWeights}
		r.score(cands)
		n := 0
		for _, res := range assemble(cands, req.Limit, r.perFile(req)) {
			if res.Chunk.FilePath == "big.go" {
				n++
			}
		}
		if n != tc.big {
			t.Errorf("%q: %d of 5 results from big.go, want %d", tc.query, n, tc.big)
		}
	}
}

// TestDocsRankSectionsAlone checks that a documentation search ranks
// sections by their own evidence: a page's close sections keep their
// places and fill the page, where code gets other files first.
func TestDocsRankSectionsAlone(t *testing.T) {
	cands := bigFileFirst()
	req := Request{Limit: 5, PerFile: 3, Kind: store.Doc}
	r := ranker{q: ParseQuery("header parsing"), mode: Vector, w: DefaultWeights, docs: true}
	r.score(cands)
	if got := rankOf(cands, "small.go"); got != 5 {
		t.Errorf("docs: small.go at %d, want after all of big.go: %v", got, paths(cands))
	}
	n := 0
	for _, res := range assemble(cands, req.Limit, r.perFile(req)) {
		if res.Chunk.FilePath == "big.go" {
			n++
		}
	}
	if n != 5 {
		t.Errorf("docs: %d of 5 results from big.go, want 5", n)
	}
	r.opt.Off = SectionsAlone
	r.score(cands)
	if got := rankOf(cands, "small.go"); got != 1 {
		t.Errorf("docs without SectionsAlone: small.go at %d, want 1 as for code: %v", got, paths(cands))
	}
}

// TestSectionShownOnce checks that a second, non-adjacent piece of a
// documentation section already in the results is left out, while
// adjacent pieces still merge and code chunks are untouched.
func TestSectionShownOnce(t *testing.T) {
	ix := newIx()
	piece := func(start int, symbol, kind string, score float64) *candidate {
		cd := cand(ix, "guide.md", start, 0, 0)
		cd.chunk.Symbol, cd.chunk.SymbolKind, cd.eff, cd.score = symbol, kind, score, score
		cd.chunk.Content = strings.Repeat("text\n", 9) + "text"
		return cd
	}
	ranked := []*candidate{
		piece(1, "Design > Commit", "section", 0.9),
		piece(41, "Design > Commit", "section", 0.8), // same section, not adjacent: left out
		piece(11, "Design > Commit", "section", 0.7), // adjacent to the first: merges
		piece(61, "Design > Reads", "section", 0.6),
		piece(81, "", "section", 0.5), // no heading: no section to repeat
		piece(101, "", "section", 0.4),
	}
	var got []string
	for _, res := range assemble(ranked, 10, 10) {
		got = append(got, fmt.Sprintf("%d-%d", res.Start, res.End))
	}
	if want := "1-20 61-70 81-90 101-110"; strings.Join(got, " ") != want {
		t.Errorf("results %v, want %s", got, want)
	}
}

// TestHeadingMatch checks that a documentation section whose heading path
// holds the query's words beats a neighbour whose body matches a little
// better, and that the lift is for documentation only.
func TestHeadingMatch(t *testing.T) {
	ix := newIx()
	section := func(p, symbol string, vec float64) *candidate {
		cd := cand(ix, p, 1, vec, 0)
		cd.chunk.Symbol, cd.chunk.SymbolKind = symbol, "section"
		return cd
	}
	cands := []*candidate{
		section("keepalive.md", "Keepalive > Why do I need this?", 0.8),
		section("keepalive.md", "Keepalive > Enforcement policy", 0.75),
		section("proxy.md", "Proxy", 0.1),
	}
	r := ranker{q: ParseQuery("what does the enforcement policy do"), mode: Vector, w: DefaultWeights, docs: true}
	r.score(cands)
	if cands[0].chunk.Symbol != "Keepalive > Enforcement policy" {
		t.Errorf("first %q, want the section the heading names", cands[0].chunk.Symbol)
	}
	r.opt.Off = HeadingMatch
	r.score(cands)
	if cands[0].chunk.Symbol != "Keepalive > Why do I need this?" {
		t.Errorf("without HeadingMatch first %q, want the closer body", cands[0].chunk.Symbol)
	}
	r = ranker{q: ParseQuery("what does the enforcement policy do"), mode: Vector, w: DefaultWeights}
	r.score(cands)
	if cands[0].chunk.Symbol != "Keepalive > Why do I need this?" {
		t.Errorf("code search: first %q, want no heading lift", cands[0].chunk.Symbol)
	}
}

// A bug report's words match one function of the file it is about and
// its meaning another; the file's best chunk in each channel together
// outweigh a chunk elsewhere that is second best in both.
func TestLongQueryJoinsAFilesChannels(t *testing.T) {
	ix := newIx()
	cands := []*candidate{
		cand(ix, "csv/reader.go", 1, 0.80, 0),   // the meaning
		cand(ix, "csv/reader.go", 40, 0.20, 10), // the words
		cand(ix, "csv/writer.go", 1, 0.55, 6),
		cand(ix, "csv/doc.go", 1, 0.10, 1),
	}
	r := ranker{q: ParseQuery("Fix dropped last field when a quoted value ends the record and the scanner stops early without reporting an error"), mode: Hybrid, w: DefaultWeights}
	if r.lengthFocus() != 1 {
		t.Fatalf("the report is not read as a long query: %d terms", len(r.q.Terms))
	}
	wantDecides(t, r, cands, Coherence, "csv/reader.go", "csv/writer.go")
	r.w.Channels = 0
	wantFirst(t, r, cands, "csv/writer.go", "without the channels' weight")
}

// A long text's lexical query keeps the words it repeats, up to
// maxTermRepeats times each; a short one counts each word once.
func TestLexicalTextKeepsALongTextsRepeats(t *testing.T) {
	long := ParseQuery("Crash when unpacking the return value of an overload: the overload's inferred tuple is " +
		"dropped, and unpacking an overload overload overload result then fails in the checker.")
	if got := lexicalCount(long, "overload"); got != maxTermRepeats {
		t.Errorf("a long text's lexical query has %q %d times, want %d: %q", "overload", got, maxTermRepeats, long.lexicalText(store.Code))
	}
	if got := lexicalCount(long, "unpacking"); got != 2 {
		t.Errorf("%q %d times, want 2", "unpacking", got)
	}
	short := ParseQuery("request id of the request")
	if got := lexicalCount(short, "request"); got != 1 {
		t.Errorf("a short query's lexical query has %q %d times, want once: %q", "request", got, short.lexicalText(store.Code))
	}
}

// declIndex is a store whose files declare the given functions at the
// given lines.
type declIndex struct {
	store.Searcher
	defs map[string][]chunker.Def
}

func (d declIndex) Manifest() *store.Manifest { return &store.Manifest{Meta: store.Meta{ID: "r"}} }

func (d declIndex) FileDecls(path string) (*chunker.Graph, error) {
	return &chunker.Graph{Defs: d.defs[path]}, nil
}

// A merged chunk's Symbol lists its first four names; a description of
// its fifth function finds it by that function's name all the same, while
// a question, whose words are as often a neighbour's topic, reads only
// the names the Symbol shows.
func TestDescriptionMatchesNamesAMergeLeavesOut(t *testing.T) {
	var defs []chunker.Def
	for i, n := range []string{"open", "close", "read", "write", "removeOldLogs"} {
		defs = append(defs, chunker.Def{Name: n, Kind: "method", Line: 1 + 8*i})
	}
	ix := declIndex{defs: map[string][]chunker.Def{"journal.go": defs}}
	build := func() []*candidate {
		merged := &store.Chunk{FilePath: "journal.go", StartLine: 1, EndLine: 40, Symbol: "Log.open, Log.close, Log.read, Log.write, …", SymbolKind: "method"}
		other := &store.Chunk{FilePath: "compact.go", StartLine: 1, EndLine: 20, Symbol: "compact", SymbolKind: "function"}
		weak := &store.Chunk{FilePath: "weak.go", StartLine: 1, EndLine: 20, Symbol: "weak", SymbolKind: "function"}
		return []*candidate{{chunk: merged, ix: ix, vec: 0.52, lex: 5.2}, {chunk: other, ix: ix, vec: 0.55, lex: 5.5}, {chunk: weak, ix: ix, vec: 0.2, lex: 1}}
	}
	r := ranker{q: ParseQuery("removes old log entries once a snapshot holds them."), mode: Hybrid, w: DefaultWeights}
	if r.q.Kind != Description {
		t.Fatalf("kind %v, want a description", r.q.Kind)
	}
	wantDecides(t, r, build(), NameMatch, "journal.go", "compact.go")
	r.q = ParseQuery("how are old log entries removed")
	wantFirst(t, r, build(), "compact.go", "a question reads only the names the Symbol lists")
}

// A report's page spreads over files: the files a trace names match in
// chunk after chunk, and the file at fault, named nowhere, needs a place
// on an agent's page of ten. A description of one piece of code keeps
// its best file's chunks together.
func TestReportPageSpreadsOverFiles(t *testing.T) {
	report := ParseQuery("Crash when a worker stores an empty blob\n\nThe worker crashes in store() when the blob " +
		"is empty; the traceback goes through the dispatcher and the queue before the handler fails.")
	question := ParseQuery("Hands a stored blob from the worker dispatcher over to the queue handler, retrying when the queue is full and the handler is busy.")
	if !report.report || question.report {
		t.Fatalf("report %v, question %v: want only the first read as a report", report.report, question.report)
	}
	for _, tc := range []struct {
		q     Query
		files int
	}{{report, 3}, {question, 1}} {
		ix := newIx()
		var cands []*candidate
		for i := range 6 {
			cands = append(cands, cand(ix, "worker/dispatch.py", 1+20*i, 0.9-0.01*float64(i), 5))
		}
		cands = append(cands, cand(ix, "worker/queue.py", 1, 0.6, 3), cand(ix, "worker/handler.py", 1, 0.5, 2))
		r := ranker{q: tc.q, mode: Hybrid, w: DefaultWeights}
		r.score(cands)
		files := map[string]bool{}
		for _, res := range assemble(cands, 5, r.perFile(Request{Limit: 5, PerFile: 3})) {
			files[res.Chunk.FilePath] = true
		}
		if len(files) != tc.files {
			t.Errorf("%q: a page of 5 holds %d files %v, want %d", tc.q.Text[:20], len(files), files, tc.files)
		}
	}
}
