package search

import (
	"slices"
	"strings"
	"testing"
)

// weightsOf returns what each named file counts, by its joined path.
func weightsOf(text string) map[string]float64 {
	paths, weights := mentions(text)
	out := map[string]float64{}
	for i, p := range paths {
		out[strings.Join(p, "/")] = weights[i]
	}
	return out
}

func TestTraceFramesCountByDepth(t *testing.T) {
	python := `Crash on a recursive alias (see checker.py)

Traceback (most recent call last):
  File "/usr/lib/python3/site-packages/mypy/main.py", line 103, in main
    res = run_build(sources)
  File "/usr/lib/python3/site-packages/mypy/build.py", line 193, in build
    result = _build(
  File "/usr/lib/python3/site-packages/mypy/semanal.py", line 640, in visit
    self.analyze(node)
  File "/usr/lib/python3/site-packages/mypy/types.py", line 2414, in accept
    return visitor.visit_tuple_type(self)
RecursionError: maximum recursion depth exceeded`
	goPanic := `panic: runtime error: invalid memory address

goroutine 1 [running]:
github.com/o/r/pkg/proc.(*Target).Step(...)
	/home/u/r/pkg/proc/target.go:412 +0x1d
github.com/o/r/service.(*Server).Next(...)
	/home/u/r/service/server.go:88 +0x44
main.main()
	/home/u/r/cmd/dlv/main.go:12 +0x25`
	// Jupyter and IPython 7 print a Python frame as "PATH in FUNC(ARGS)",
	// its line number on the line of code under it; the trace's header may
	// be cut off where a report quotes it.
	notebook := `ValueError                                Traceback (most recent call last)
<ipython-input-3-8f1c> in <module>
----> 1 xr.DataArray(data, dims=("x",))

~/envs/a/lib/python3.8/site-packages/xarray/core/dataarray.py in __init__(self, data, coords, dims)
    408             data = as_compatible_data(data)
--> 409             coords, dims = _infer_coords_and_dims(data.shape, coords, dims)

~/envs/a/lib/python3.8/site-packages/xarray/core/variable.py in as_compatible_data(data, fastpath)
--> 221     data = np.asarray(data)

~/envs/a/lib/python3.8/site-packages/xarray/core/indexing.py in __array__(self, dtype)
--> 1424         return np.asarray(self.array, dtype=dtype)`
	headless := notebook[strings.Index(notebook, "~/"):]
	// IPython 8 prints "File PATH:N, in FUNC(ARGS)".
	ipython8 := `File ~/envs/a/lib/python3.11/site-packages/xarray/core/dataset.py:1502, in Dataset.__getitem__(self, key)
   1500     return self.isel(**key)
-> 1502 return self._construct_dataarray(key)

File ~/envs/a/lib/python3.11/site-packages/xarray/core/dataset.py:1413, in Dataset._construct_dataarray(self, name)
-> 1413     _, name, variable = _get_virtual_variable(self._variables, name, self.dims)

File ~/envs/a/lib/python3.11/site-packages/xarray/core/dataset.py:178, in _get_virtual_variable(variables, key, dim_sizes)
-> 178 split_key = key.split(".", 1)

File ~/envs/a/lib/python3.11/site-packages/xarray/core/utils.py:88, in split(key)
-> 88 raise KeyError(key)`
	// pytest prints a failure's frames as "PATH:N: in FUNC", innermost
	// last, under no header.
	pytest := `src/black/__init__.py:1027: in format_file_contents
    dst_contents = format_str(src_contents, mode=mode)
src/black/linegen.py:476: in visit_default
    yield from self.line()
src/black/lines.py:210: in append_comment
    last_leaf = self.leaves[-1]
E   IndexError: list index out of range`
	dotnet := `System.InvalidOperationException: Sequence contains no elements
   at MessagePack.Formatters.ArrayFormatter.Deserialize(MessagePackReader& reader) in C:\src\MessagePack\Formatters\ArrayFormatter.cs:line 71
   at MessagePack.MessagePackSerializer.Deserialize[T](MessagePackReader& reader) in C:\src\MessagePack\MessagePackSerializer.cs:line 246
   at App.Program.Main() in C:\app\Program.cs:line 12`
	php := `PHP Fatal error:  Uncaught TypeError: count(): Argument #1 must be of type Countable
Stack trace:
#0 /var/www/vendor/acme/lib/src/Collection.php(88): count(NULL)
#1 /var/www/vendor/acme/lib/src/Query.php(41): Acme\Collection->size()
#2 /var/www/public/index.php(7): Acme\Query->run()
#3 {main}`
	for _, c := range []struct {
		name, text, inner, outer string
	}{
		{"pytest", pytest, "src/black/lines.py", "src/black/__init__.py"},
		{".NET, innermost first", dotnet, "src/MessagePack/Formatters/ArrayFormatter.cs", "app/Program.cs"},
		{"PHP, innermost first", php, "var/www/vendor/acme/lib/src/Collection.php", "var/www/public/index.php"},
		{"python, innermost last", python, "usr/lib/python3/site-packages/mypy/types.py", "usr/lib/python3/site-packages/mypy/main.py"},
		{"go, innermost first", goPanic, "home/u/r/pkg/proc/target.go", "home/u/r/cmd/dlv/main.go"},
		{"notebook", notebook, "envs/a/lib/python3.8/site-packages/xarray/core/indexing.py", "envs/a/lib/python3.8/site-packages/xarray/core/dataarray.py"},
		{"notebook without its header", headless, "envs/a/lib/python3.8/site-packages/xarray/core/indexing.py", "envs/a/lib/python3.8/site-packages/xarray/core/dataarray.py"},
		{"IPython 8 without its header", ipython8, "envs/a/lib/python3.11/site-packages/xarray/core/utils.py", ""},
	} {
		w := weightsOf(c.text)
		if w[c.inner] != 1 {
			t.Errorf("%s: the innermost frame's file counts %v, want 1 (%v)", c.name, w[c.inner], w)
		}
		if c.outer != "" && w[c.outer] != outerFrameWeight {
			t.Errorf("%s: the outermost frame's file counts %v, want %v (%v)", c.name, w[c.outer], outerFrameWeight, w)
		}
	}
	if w := weightsOf(python); w["checker.py"] != 1 {
		t.Errorf("a file named in prose beside a trace counts %v, want 1", w["checker.py"])
	}
}

func TestFewFramesAreNoTrace(t *testing.T) {
	w := weightsOf(`The check in checkmember.py:120 and plugin.py:40 misses a case; see web.py.`)
	for p, x := range w {
		if x != 1 {
			t.Errorf("%s counts %v outside a trace, want 1", p, x)
		}
	}
}

// Two frames under a trace's header are a trace cut short: the innermost
// (a Go panic's first) counts fully, its caller as an outer frame.
func TestTwoFramesUnderAHeader(t *testing.T) {
	w := weightsOf("panic: runtime error: index out of range [-1]\n\ngoroutine 35 [running]:\n" +
		"github.com/junegunn/fzf/src.Transform({0xc0001a2000, 0x0, 0x0})\n\t/home/runner/work/fzf/fzf/src/tokenizer.go:301 +0x3a5\n" +
		"github.com/junegunn/fzf/src.Run.func3(0xc000214000)\n\t/home/runner/work/fzf/fzf/src/core.go:142 +0x1b8\n")
	inner, outer := w["home/runner/work/fzf/fzf/src/tokenizer.go"], w["home/runner/work/fzf/fzf/src/core.go"]
	if inner != 1 || outer >= inner {
		t.Errorf("tokenizer.go (the panic) counts %v, core.go (its caller) %v: want 1 and less", inner, outer)
	}
}

// Two PHP frames under its uncaught exception's line are a trace: the
// first counts fully, its caller as an outer frame.
func TestTwoPHPFramesUnderTheUncaughtLine(t *testing.T) {
	w := weightsOf("PHP Fatal error:  Uncaught Acme\\DecodingException: Encoded envelope has no type header.\n" +
		"#0 vendor/acme/shelf/Worker.php(105): Acme\\Shelf\\Receiver->get()\n" +
		"#1 vendor/acme/shelf/Command/ConsumeCommand.php(250): Acme\\Shelf\\Worker->run(Array)\n")
	inner, outer := w["vendor/acme/shelf/Worker.php"], w["vendor/acme/shelf/Command/ConsumeCommand.php"]
	if inner != 1 || outer != outerFrameWeight {
		t.Errorf("Worker.php (the first frame) counts %v, ConsumeCommand.php (its caller) %v: want 1 and %v", inner, outer, outerFrameWeight)
	}
}

// A JVM exception's qualified class opening a line heads its trace, two
// frames under it one trace; a frame in a function named for the
// exception it builds passes through to its caller.
func TestJVMExceptionLineHeadsItsTrace(t *testing.T) {
	w := weightsOf("io.javalin.util.JavalinBindException: Port already in use.\n" +
		"\tat io.javalin.jetty.JettyServer.start(JettyServer.kt:103)\n\tat io.javalin.Javalin.start(Javalin.java:190)\n")
	if inner, outer := w["io/javalin/jetty/JettyServer.kt"], w["io/javalin/Javalin.java"]; inner != 1 || outer != outerFrameWeight {
		t.Errorf("JettyServer.kt (the first frame) counts %v, Javalin.java %v: want 1 and %v (%v)", inner, outer, outerFrameWeight, w)
	}
	w = weightsOf("kotlinx.serialization.json.internal.JsonDecodingException: Encountered an unknown key 'version'\n" +
		"\tat kotlinx.serialization.json.internal.JsonExceptionsKt.JsonDecodingException(JsonExceptions.kt:24)\n" +
		"\tat kotlinx.serialization.json.internal.StreamingJsonDecoder.handleUnknown(StreamingJsonDecoder.kt:256)\n" +
		"\tat com.example.Config.deserialize(Config.kt:8)\n")
	if factory, caller := w["kotlinx/serialization/json/internal/JsonExceptions.kt"], w["kotlinx/serialization/json/internal/StreamingJsonDecoder.kt"]; caller != 1 || factory >= caller {
		t.Errorf("StreamingJsonDecoder.kt (the factory's caller) counts %v, JsonExceptions.kt (the factory) %v: want 1 and less (%v)", caller, factory, w)
	}
}

// PHP's uncaught exception names where it was thrown, the trace below its
// `Stack trace:` line the callers: one trace, the thrown file innermost.
func TestPHPUncaughtLineIsTheInnermostFrame(t *testing.T) {
	w := weightsOf("PHP Fatal error:  Uncaught RuntimeException: Boom in /srv/app/src/Loader.php:11\nStack trace:\n" +
		"#0 /srv/app/src/Runner.php(9): App\\Loader->load('x')\n#1 {main}\n  thrown in /srv/app/src/Loader.php on line 11\n")
	if inner, outer := w["srv/app/src/Loader.php"], w["srv/app/src/Runner.php"]; inner != 1 || outer != outerFrameWeight {
		t.Errorf("Loader.php (thrown) counts %v, Runner.php (its caller) %v: want 1 and %v", inner, outer, outerFrameWeight)
	}
}

// Where a Go panic's goroutine was started is no frame on the failure's
// way: its file counts as the outermost frame's and gives no line, and
// the frames above it keep their depths (the panic's fully).
func TestGoroutineCreatorIsNoFrame(t *testing.T) {
	text := "panic: runtime error: invalid memory address or nil pointer dereference\n\ngoroutine 88 [running]:\n" +
		"example.com/shelf.(*Queue).scan(0xc0001a4000)\n\t/src/shelf/queue.go:671 +0x1aa\n" +
		"example.com/shelf.(*Pool).worker(0xc000150000)\n\t/src/shelf/pool.go:660 +0x125\n" +
		"created by example.com/shelf.(*Pool).resize\n\t/src/shelf/resize.go:632 +0x1a5\n"
	w := weightsOf(text)
	if w["src/shelf/queue.go"] != 1 || w["src/shelf/resize.go"] != outerFrameWeight || w["src/shelf/pool.go"] != outerFrameWeight {
		t.Errorf("queue.go (the panic) counts %v, pool.go (its caller) %v, resize.go (the goroutine's creator) %v: want 1, %v, %v",
			w["src/shelf/queue.go"], w["src/shelf/pool.go"], w["src/shelf/resize.go"], outerFrameWeight, outerFrameWeight)
	}
	if _, _, frames := scanMentions(text); len(frames["src/shelf/resize.go"]) != 0 {
		t.Errorf("the creator's line is read as a frame: %v", frames["src/shelf/resize.go"])
	}
}

// A deep recursion names more files than a query keeps; the ones kept are
// the innermost, where it failed.
func TestLongTraceKeepsInnerFrames(t *testing.T) {
	var b strings.Builder
	b.WriteString("Traceback (most recent call last):\n")
	for i := range 3 * maxMentions {
		b.WriteString(`  File "/srv/app/pkg/m` + string(rune('a'+i%26)) + string(rune('a'+i/26)) + `.py", line 1, in f` + "\n")
	}
	paths, _ := mentions(b.String())
	if len(paths) != maxMentions {
		t.Fatalf("%d files kept, want %d", len(paths), maxMentions)
	}
	last := 3*maxMentions - 1
	want := "m" + string(rune('a'+last%26)) + string(rune('a'+last/26)) + ".py"
	if got := paths[len(paths)-1]; got[len(got)-1] != want {
		t.Errorf("the innermost frame's file %s was not kept: %v", want, paths)
	}
}

// A trace's cause (Java's "Caused by:", Python's chained exception) has
// its own innermost frame, where the failure began; the JVM's root
// cause, printed last, counts fully, and the exception wrapping it
// counts its innermost frame as the middle of a trace: it rethrew what
// failed below.
func TestEachCauseHasItsInnermostFrame(t *testing.T) {
	java := `com.x.MapperException: cannot read value
	at com.x.ObjectMapper.readValue(ObjectMapper.java:3548)
	at com.x.cli.Runner.run(Runner.java:77)
	at com.app.Main.main(Main.java:10)
Caused by: java.lang.NullPointerException
	at com.x.deser.BeanDeserializer.deserialize(BeanDeserializer.java:120)
	at com.x.ObjectMapper.readTree(ObjectMapper.java:4000)
	... 2 more`
	w := weightsOf(java)
	if f := "com/x/deser/BeanDeserializer.java"; w[f] != 1 {
		t.Errorf("%s counts %v, want 1 as the root cause's innermost frame (%v)", f, w[f], w)
	}
	if f, want := "com/x/ObjectMapper.java", frameWeight(wrapperDepthShare); w[f] != want {
		t.Errorf("%s counts %v, want %v as the wrapper's innermost frame (%v)", f, w[f], want, w)
	}
	if w["com/app/Main.java"] != outerFrameWeight {
		t.Errorf("Main.java counts %v, want %v as the outermost frame (%v)", w["com/app/Main.java"], outerFrameWeight, w)
	}
}

// Of a file's chunks a trace's frames are at, the innermost frame's
// leads, above the file's best chunk, whatever their scores: the trace
// failed there, and the callers in the same file follow.
func TestInnermostFrameLeadsItsFile(t *testing.T) {
	text := "RuntimeError: Devise.secret_key was not set.\n" +
		"/gems/devise-4.9/lib/devise/rails/routes.rb:499:in `raise_no_secret_key'\n" +
		"/gems/devise-4.9/lib/devise/rails/routes.rb:228:in `devise_for'\n" +
		"/gems/devise-4.9/lib/devise/rails/routes.rb:400:in `devise_scope'\n"
	_, _, frames := scanMentions(text)
	fs := frames["gems/devise-4.9/lib/devise/rails/routes.rb"]
	if len(fs) != 3 || !(fs[0].depth > fs[1].depth && fs[1].depth > fs[2].depth) {
		t.Fatalf("frames %v, want three, the first (innermost) deepest", fs)
	}
	ix := newIx()
	scope, devise, raise, other := cand(ix, "routes.rb", 390, 0.7, 5), cand(ix, "routes.rb", 220, 0.6, 4), cand(ix, "routes.rb", 495, 0.2, 1), cand(ix, "mapping.rb", 1, 0.5, 2)
	cands := []*candidate{scope, devise, raise, other}
	for _, cd := range cands[:3] {
		cd.mention = 1
	}
	scope.atFrame, devise.atFrame, raise.atFrame = framedAt(fs[2].depth), framedAt(fs[1].depth), framedAt(fs[0].depth)
	r := ranker{q: ParseQuery(text), mode: Hybrid, w: DefaultWeights}
	r.score(cands)
	var got []int
	for _, cd := range cands[:3] {
		got = append(got, cd.chunk.StartLine)
	}
	if want := []int{495, 220, 390}; !slices.Equal(got, want) {
		t.Errorf("routes.rb's chunks in order %v, want the frames innermost first %v", got, want)
	}
}

// A frame in a check helper (`Util.checkArgument`) is its caller's: in a
// trace it moves a place outward, below the caller, and alone it counts
// as an outer frame's file, at no line.
func TestCheckHelperFramesPassThrough(t *testing.T) {
	trace := "java.lang.IllegalArgumentException: shelf 0 was null\n" +
		"\tat shelf.Util.checkArgument(Util.java:105)\n" +
		"\tat shelf.Resolver.resolve(Resolver.java:12)\n" +
		"\tat shelf.Client.send(Client.java:40)\n"
	w := weightsOf(trace)
	if w["shelf/Resolver.java"] != 1 || w["shelf/Util.java"] >= w["shelf/Resolver.java"] {
		t.Errorf("weights %v: want Resolver.java innermost, Util.java below it", w)
	}
	lone := "Calling it with null gives\n\njava.lang.IllegalArgumentException: shelf 0 was null\n\tat shelf.Util.checkArgument(Util.java:105)\n"
	paths, weights, frames := scanMentions(lone)
	if len(paths) != 1 || weights[0] != outerFrameWeight || len(frames["shelf/Util.java"]) != 0 {
		t.Errorf("lone check frame: paths %v, weights %v, frames %v; want Util.java at %v, no frame", paths, weights, frames, outerFrameWeight)
	}
	plain := "Calling it gives\n\njava.lang.IllegalArgumentException: shelf 0 was null\n\tat shelf.Resolver.resolve(Resolver.java:12)\n"
	if _, weights, frames := scanMentions(plain); weights[0] != 1 || len(frames["shelf/Resolver.java"]) != 1 {
		t.Errorf("lone frame: weights %v, frames %v; want a named file at its line", weights, frames)
	}
}
