package search

import (
	"reflect"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/store"
)

func TestMentionsFindFileNames(t *testing.T) {
	text := `Traceback (most recent call last):
  File "/usr/lib/python3/site-packages/tornado/web.py", line 1702, in _execute
    result = method(*self.path_args)
  File "C:\src\app\Handlers.cs", line 3
The check in checkmember.py (see https://github.com/python/mypy/blob/8dd268f/mypy/plugin.py)
misses os.path.join and http.Client, e.g. in v1.2; web.py again.`
	var got []string
	paths, _ := mentions(text)
	for _, m := range paths {
		got = append(got, strings.Join(m, "/"))
	}
	want := []string{
		"usr/lib/python3/site-packages/tornado/web.py",
		"src/app/Handlers.cs", // the drive letter is not part of a name
		"checkmember.py",
		"github.com/python/mypy/blob/8dd268f/mypy/plugin.py",
		"web.py",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("mentions:\n%q\nwant\n%q", got, want)
	}
}

func TestMentionsResolveToIndexedFiles(t *testing.T) {
	names := fileNames{}
	for _, p := range []string{"tornado/web.py", "demos/web.py", "mypy/plugin.py", "mypy/plugins/plugin.py",
		"a/util.py", "b/util.py", "c/util.py", "d/util.py", "mypy/checkmember.py", "pkg/handlers.py",
		"xarray/core/common.py", "lib/sqlalchemy/orm/query.py", "six.py", "context.go", "binding/context.go",
		"response.go", "middleware/response.go", "test_suite/no_std/src/main.rs", "crates/shelf/src/lib.rs", "Worker.php", "lib/router.js",
		"core/src/main/java/com/google/zxing/qrcode/encoder/Encoder.java", "core/src/main/java/com/google/zxing/aztec/encoder/Encoder.java", "examples/Main.java"} {
		base := p[strings.LastIndexByte(p, '/')+1:]
		names[base] = append(names[base], p)
	}
	got := names.resolve(mentions(`File "/site-packages/tornado/web.py" and plugin.py, util.py, checkmember.py, missing.py; ` +
		`File "/srv/app/handlers.py", line 3; ` +
		`File "/venv/lib/python3.12/site-packages/pandas/core/common.py", line 9; ` +
		`File "/usr/lib/python3/dist-packages/sqlalchemy/orm/query.py", line 2`))
	want := map[string]float64{
		"tornado/web.py":         1,   // its directory singles it out
		"mypy/plugin.py":         0.5, // a name two files share
		"mypy/plugins/plugin.py": 0.5,
		"mypy/checkmember.py":    1, // a name no other file has
		// the project's own package, installed
		"lib/sqlalchemy/orm/query.py": 1,
		// util.py: four files, none singled out; /srv/app/handlers.py:
		// its directories are not pkg/handlers.py's; pandas' core/common.py
		// is another package's, not xarray's
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("resolve: %v, want %v", got, want)
	}
	installed := map[string]map[string]float64{
		"/venv/lib/python3.12/site-packages/six.py": {"six.py": 1}, // a module installed alone
		// a Go module's file in the module cache, and another module's
		"/root/go/pkg/mod/github.com/gin-gonic/gin@v1.9.1/context.go":               {"context.go": 1},
		"/root/go/pkg/mod/github.com/other/lib@v0.0.0-20231004/internal/context.go": {},
		// a trimmed build's frame in a v2+ module's root package, and in
		// a package below it
		"\tgithub.com/labstack/echo/v5/response.go:85 +0x1c5":            {"response.go": 1},
		"\tgithub.com/labstack/echo/v5/middleware/response.go:12 +0x1c5": {"middleware/response.go": 1},
		// a user's directory named v2 is no module's version
		"/home/u/v2/response.go": {},
		// the reporter's own program's entry point, and a crate's named by
		// its directory
		"thread 'main' panicked at src/main.rs:18:46:":    {},
		"at /home/u/shelf/src/lib.rs:12:5 in shelf::open": {"crates/shelf/src/lib.rs": 1},
		// a Composer package's root file, an npm package's, and the user's
		// own file of the name
		"#1 /app/vendor/acme/shelf/Worker.php(105): Acme\\Shelf\\Worker->run()": {"Worker.php": 1},
		"at next (/srv/app/node_modules/@acme/shelf/lib/router.js:12:5)":        {"lib/router.js": 1},
		"#1 /home/me/app/src/Worker.php(105): App\\Worker->run()":               {},
		// a JVM frame's file in its class's package, of two namesakes, and
		// the user's own class's
		"\tat com.google.zxing.qrcode.encoder.Encoder.encode(Encoder.java:149)": {"core/src/main/java/com/google/zxing/qrcode/encoder/Encoder.java": 1},
		"\tat app.Main.main(Main.java:5)":                                       {},
	}
	for text, want := range installed {
		if got := names.resolve(mentions(text)); !reflect.DeepEqual(got, want) {
			t.Errorf("resolve(%s): %v, want %v", text, got, want)
		}
	}
}

// A Node trace names the JavaScript a TypeScript project compiles to: the
// mention resolves to the .ts source when no .js of the name is indexed,
// its directories matched as a source file's are.
func TestCompiledMentionsResolveToTheirSources(t *testing.T) {
	names := fileNames{}
	for _, p := range []string{"packages/zod/src/v4/classic/schemas.ts", "packages/zod/src/v4/core/schemas.ts", "lib/util.js", "src/util.ts"} {
		base := p[strings.LastIndexByte(p, '/')+1:]
		names[base] = append(names[base], p)
	}
	for text, want := range map[string]map[string]float64{
		"at parse (/app/node_modules/zod/v4/classic/schemas.js:120:11)": {"packages/zod/src/v4/classic/schemas.ts": 1},
		"see util.js": {"lib/util.js": 1}, // a .js of the name is indexed: it is the file
	} {
		if got := names.resolve(mentions(text)); !reflect.DeepEqual(got, want) {
			t.Errorf("resolve(%s): %v, want %v", text, got, want)
		}
	}
}

// A query naming a file lifts it, however long the query: the feature
// decides between a file the words match and the file the text names.
func TestNamedFileWins(t *testing.T) {
	ix := newIx()
	cands := []*candidate{
		cand(ix, "tornado/httputil.py", 1, 0.7, 9),
		cand(ix, "tornado/web.py", 1, 0.6, 6),
		cand(ix, "tornado/iostream.py", 1, 0.3, 2),
		cand(ix, "tornado/escape.py", 1, 0.3, 1),
	}
	cands[1].mention = 1
	text := "Header parsing drops continuation lines when a request arrives in pieces; the handler then sees " +
		"a truncated value and answers 400. It happens in web.py when the body is streamed."
	r := ranker{q: ParseQuery(text), mode: Hybrid, w: DefaultWeights}
	wantDecides(t, r, cands, Mentions, "tornado/web.py", "tornado/httputil.py")
}

// A frame's line says which chunk of a named file the trace failed in:
// lines follow a file name as Python, PHP, .NET and the colon-printing
// languages write them, and the chunk holding one leads its file's.
func TestFrameLinesPickTheChunk(t *testing.T) {
	_, _, got := scanMentions(`File "/srv/app/web.py", line 12, in get` + "\n" + `at Foo.run (src/foo.js:40:3)` + "\n" +
		`#0 /srv/vendor/monolog/src/StreamHandler.php(168): write()` + "\n" + `at App.Main() in C:\app\Program.cs:line 7` + "\n" + "see web.py for more")
	lines := map[string][]int{}
	for m, fs := range got {
		for _, fr := range fs {
			lines[m] = append(lines[m], fr.line)
		}
	}
	want := map[string][]int{"srv/app/web.py": {12}, "src/foo.js": {40}, "srv/vendor/monolog/src/StreamHandler.php": {168}, "app/Program.cs": {7}}
	if !reflect.DeepEqual(lines, want) {
		t.Errorf("frame lines %v, want %v", lines, want)
	}
	// A frame is its named file's when its directories name the file as
	// a mention does: not the user's own file of the same name.
	named := map[string]float64{"src/foo.ts": 1, "app/web.py": 1, "lib/shop/pipeline.rb": 1}
	frames := framed(named, map[string][]frame{"src/foo.js": {{40, "run", 0}}, "srv/app/web.py": {{12, "get", 0}},
		"srv/gems/shop-1.0/lib/shop/pipeline.rb": {{45, "bravo_step", 0}}, "home/me/myapp/config/pipeline.rb": {{80, "block in <main>", 0}}})
	if !reflect.DeepEqual(frames, map[string][]frame{"src/foo.ts": {{40, "run", 0}}, "app/web.py": {{12, "get", 0}}, "lib/shop/pipeline.rb": {{45, "bravo_step", 0}}}) {
		t.Errorf("framed %v", frames)
	}

	text := "Traceback (most recent call last):\n  File \"app/main.py\", line 3, in <module>\n  File \"app/run.py\", line 9, in run\n" +
		"  File \"app/handler.py\", line 45, in handle\nKeyError: 'user'"
	for _, at := range []bool{true, false} {
		ix := newIx()
		cands := []*candidate{cand(ix, "app/handler.py", 1, 0.60, 2), cand(ix, "app/handler.py", 41, 0.60, 2), cand(ix, "app/other.py", 1, 0.6, 2)}
		for _, cd := range cands[:2] {
			cd.mention = 1
		}
		if at {
			cands[1].atFrame = framedAt(innermost)
		}
		r := ranker{q: ParseQuery(text), mode: Hybrid, w: DefaultWeights}
		r.score(cands)
		if want := map[bool]int{true: 41, false: 1}[at]; cands[0].chunk.FilePath != "app/handler.py" || cands[0].chunk.StartLine != want {
			t.Errorf("frame at line 45 %v: first %s:%d, want app/handler.py:%d", at, cands[0].chunk.FilePath, cands[0].chunk.StartLine, want)
		}
	}
}

// chunksByPath lists made-up chunks of a file ending at the given line.
type chunksByPath map[string]int

func (m chunksByPath) ChunksOf(p string) []*store.Chunk {
	if end, ok := m[p]; ok {
		return []*store.Chunk{{FilePath: p, StartLine: 1, EndLine: end}}
	}
	return nil
}

// A frame placing its file past the end of the indexed file of that name
// is another file's (a bundle's ky.js:612 is no 202-line ky.ts): the name
// lifts nothing, while a frame within the file, or a file no frame
// places, keeps its lift, as does a file a frame places a little past its
// end (the reporter ran a longer version of it).
func TestFramePastTheEndNamesAnotherFile(t *testing.T) {
	named := map[string]float64{"source/types/ky.ts": 1, "source/core/Ky.ts": 1, "src/util.ts": 1, "README.md": 1, "app/web.py": 1}
	lines := map[string][]frame{"source/types/ky.ts": {{612, "", 0}}, "source/core/Ky.ts": {{612, "", 0}}, "src/util.ts": {{30, "", 0}, {900, "", 0}}, "app/web.py": {{1702, "", 0}}}
	dropPastEnd(named, lines, chunksByPath{"source/types/ky.ts": 202, "source/core/Ky.ts": 700, "src/util.ts": 120, "README.md": 40, "app/web.py": 1500})
	// web.py's 1702 is a little past its 1500 lines: the reporter's version.
	want := map[string]float64{"source/core/Ky.ts": 1, "src/util.ts": 1, "README.md": 1, "app/web.py": 1}
	if !reflect.DeepEqual(named, want) {
		t.Errorf("named %v, want %v", named, want)
	}
	if _, ok := lines["source/types/ky.ts"]; ok {
		t.Errorf("the dropped file keeps its frame lines: %v", lines)
	}
}

// A named file's imports chunk gains nothing from the file's being named:
// the file leads with its code.
func TestNamedFileLeadsWithCodeNotImports(t *testing.T) {
	ix := newIx()
	imports := cand(ix, "guzzle/src/Client.php", 1, 0.55, 6)
	imports.chunk.SymbolKind = "imports"
	code := cand(ix, "guzzle/src/Client.php", 40, 0.50, 5)
	code.chunk.SymbolKind, code.chunk.Symbol = "method", "Client.request"
	other := cand(ix, "guzzle/src/Pool.php", 1, 0.52, 5)
	for _, cd := range []*candidate{imports, code} {
		cd.mention = 1
	}
	r := ranker{q: ParseQuery("Request fails in Client.php when the base URI has a path"), mode: Hybrid, w: DefaultWeights}
	cands := []*candidate{imports, code, other}
	r.score(cands)
	if imports.score >= code.score {
		t.Errorf("the imports chunk scores %v, the named file's code %v: want the code first", imports.score, code.score)
	}
}

// framedSearcher lists made-up chunks by file, for the named files of a
// query whose channels found nothing.
type framedSearcher struct {
	declaringSearcher
	chunks chunkList
}

func (s framedSearcher) ChunksOf(p string) []*store.Chunk { return s.chunks[p] }

// Of a file a frame names that the channels found by other chunks, the
// chunk the frame is in joins the candidates too, as the trace's failure.
func TestFramedChunkJoinsTheCandidates(t *testing.T) {
	ix := &store.Index{Manifest: &store.Manifest{Meta: store.Meta{ID: "r"}, Files: []store.FileState{{Path: "lib/rake/task.rb"}}}}
	chunks := chunkList{"lib/rake/task.rb": {
		{ID: "a", FilePath: "lib/rake/task.rb", StartLine: 191, EndLine: 234},
		{ID: "b", FilePath: "lib/rake/task.rb", StartLine: 384, EndLine: 423},
		{ID: "c", FilePath: "lib/rake/task.rb", StartLine: 425, EndLine: 434},
	}}
	s := framedSearcher{declaringSearcher{ix: ix}, chunks}
	found := &candidate{chunk: chunks["lib/rake/task.rb"][1], ix: s}
	cands := map[string]*candidate{"b": found}
	get := func(c *store.Chunk) *candidate {
		if cd, ok := cands[c.ID]; ok {
			return cd
		}
		cands[c.ID] = &candidate{chunk: c, ix: s}
		return cands[c.ID]
	}
	q := ParseQuery("rake fails\n/gems/rake-13.1.0/lib/rake/task.rb:198:in `foo'\n")
	mentioned(s, Request{Limit: 10}, q, []*candidate{found}, get)
	if a := cands["a"]; a == nil || a.atFrame == 0 || a.mention == 0 {
		t.Errorf("the chunk at the frame's line is not a named candidate at the frame: %+v", a)
	}
	if _, ok := cands["c"]; ok {
		t.Errorf("a chunk of the found file that no frame is in joined the candidates")
	}
}

// A frame's function is a name the report gives, however plain
// (`stream`, declared across the code): the chunk at the frame's line
// declaring it is marked as a declaration of the report's names, as the
// outer frames' `load_flows_from_path` is by its name alone. A chunk at a
// frame's line that declares another function is not.
func TestFramedFunctionIsANameTheReportGives(t *testing.T) {
	ix := &store.Index{Manifest: &store.Manifest{Meta: store.Meta{ID: "r"}, Files: []store.FileState{{Path: "shelf/io/reader.py"}, {Path: "shelf/load.py"}}}}
	chunks := chunkList{
		"shelf/io/reader.py": {{ID: "a", FilePath: "shelf/io/reader.py", StartLine: 40, EndLine: 80, Symbol: "FlowReader.stream", SymbolKind: "method",
			Content: "    def stream(self):\n        raise ReadError(\"Unable to read the archive\")"}},
		"shelf/load.py": {{ID: "b", FilePath: "shelf/load.py", StartLine: 20, EndLine: 60, Symbol: "Loader.load_all", SymbolKind: "method",
			Content: "    def load_all(self):\n        for item in self.reader.stream():\n            yield item"}},
	}
	s := framedSearcher{declaringSearcher{ix: ix}, chunks}
	cands := map[string]*candidate{}
	get := func(c *store.Chunk) *candidate {
		if cd, ok := cands[c.ID]; ok {
			return cd
		}
		cands[c.ID] = &candidate{chunk: c, ix: s}
		return cands[c.ID]
	}
	q := ParseQuery("Traceback (most recent call last):\n  File \"/site-packages/shelf/load.py\", line 31, in read_items\n" +
		"    for item in self.reader.stream():\n  File \"/site-packages/shelf/io/reader.py\", line 58, in stream\n" +
		"    raise ReadError(\nshelf.io.reader.ReadError: Unable to read the archive\n")
	mentioned(s, Request{Limit: 10}, q, nil, get)
	if a := cands["a"]; a == nil || a.embedded == 0 {
		t.Errorf("the innermost frame's chunk declaring stream is not a declaration of the report's names: %+v", a)
	}
	if b := cands["b"]; b == nil || b.embedded != 0 {
		t.Errorf("a frame's chunk declaring another function (load_all for read_items) is marked: %+v", b)
	}
}
