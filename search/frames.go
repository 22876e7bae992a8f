package search

import (
	"strings"

	"github.com/codeseek/codeseek/internal/lazyre"
)

// A stack trace names every file on the way from the program's entry to
// the failure. The outer frames (main, the command's dispatch, the build
// driver) are the same in every trace the program prints and are seldom
// where a fix goes; the inner ones are where it failed. So a file a trace
// names counts by the depth of its innermost frame: fully at the failure,
// outerFrameWeight at the entry.

// outerFrameWeight is what a file named only by a trace's outermost
// frame counts, against 1 for the innermost.
const outerFrameWeight = 0.25

// minFrames is how many frame lines make a text a stack trace; two do
// under a trace's header (`goroutine 35 [running]:`, `Traceback (most
// recent call last):`), as a report pastes a trace cut short.
const minFrames = 3

// frameLineNumber follows a file name in a frame: Python's `", line 12`,
// `:12` as Go, Java, JavaScript and Rust print it, .NET's `:line 12`,
// PHP's `(12)`, or ` in func(` as Jupyter and IPython 7 print a Python
// frame (its line number is on the line of code under it, after an
// arrow).
var frameLineNumber = lazyre.New(`^(?:", line \d|:\d|:line \d|\(\d+\)| in [A-Za-z_<])`)

// pythonFrameEnd follows a file name in a Python frame as IPython and
// pytest print it: ` in func(` (IPython 7 and Jupyter), `:12, in func`
// (IPython 8, `File ~/x.py:12, in f(…)`) or `:12: in func` (pytest's
// failures). Such a trace prints its innermost frame last with no "most
// recent call last" header (pytest's) or where the header was not pasted.
var pythonFrameEnd = lazyre.New(`^(?: in [A-Za-z_<]|:\d+[,:] in )`)

// innermostLast reports a trace that prints its innermost frame last, as
// Python does ("most recent call last"); Go, Java, JavaScript and Rust
// print it first.
func innermostLast(text string) bool {
	return strings.Contains(text, "most recent call last") || strings.Contains(text, `File "`)
}

// traceHeader opens one trace of several a text may hold: Python's
// chained exceptions each print a "Traceback", a Java exception its
// "Caused by:" cause or its qualified class opening a line
// (`io.javalin.util.JavalinBindException: Port already in use`), a Go
// panic each goroutine, PHP an uncaught exception (`PHP Fatal error:
// Uncaught …`, or its `Stack trace:` line).
var traceHeader = lazyre.New(`(?m)^\s*(?:Traceback \(most recent call last\)|Caused by:|goroutine \d+ \[|Exception in thread |thread '[^']*' panicked|(?:PHP )?Fatal error: +Uncaught |Stack trace:$|(?:[a-z][\w$]*\.)+[A-Z][\w$]*(?:Exception|Error)(?::|$))`)

// frameDepths returns, for each path occurrence at offsets in text (in
// order), its depth in the stack trace it belongs to: 0 at the outermost
// frame, 1 at the innermost, -1 when it is no frame (the file is named in
// prose, or the text holds too few frames to be a trace). Each trace of a
// text (a cause, a chained exception) has its own innermost frame.
func frameDepths(text string, offsets [][]int) []float64 {
	depth := make([]float64, len(offsets))
	var frames []int
	ipython := false // a Python frame as IPython or pytest prints it: innermost last
	var spawns []int
	for i, o := range offsets {
		depth[i] = -1
		after := text[o[1]:min(len(text), o[1]+12)]
		if spawnedAt(text, o[0]) {
			spawns = append(spawns, i)
			continue
		}
		if frameLineNumber().MatchString(after) {
			frames = append(frames, i)
			ipython = ipython || pythonFrameEnd().MatchString(after)
		}
	}
	headers := continuedHeaders(text, traceHeader().FindAllStringIndex(text, -1))
	if len(frames) < minFrames && (len(frames) < 2 || len(headers) == 0) {
		return depth // two frames make a trace under a trace's header only
	}
	last := ipython || innermostLast(text)
	// A JVM exception's root cause is printed last, after "Caused by:";
	// the traces above it are of the exceptions wrapping it, whose
	// innermost frames rethrew what failed below (httpclient's
	// InternalHttpClient.execute over RedirectExec's circular redirect).
	rootCause := strings.LastIndex(text, "Caused by:")
	for _, trace := range splitTraces(frames, offsets, headers) {
		wrapper := rootCause >= 0 && offsets[trace[0]][0] < rootCause
		for k, i := range trace {
			d := 1.0
			if len(trace) > 1 {
				d = float64(k) / float64(len(trace)-1)
				if !last {
					d = 1 - d
				}
			}
			if wrapper {
				d *= wrapperDepthShare
			}
			depth[i] = d
		}
		checksPassThrough(text, offsets, trace, depth)
	}
	for _, i := range spawns {
		depth[i] = 0
	}
	return depth
}

// wrapperDepthShare scales the depths of a wrapping exception's frames:
// its innermost frame counts as the middle of the root cause's trace.
const wrapperDepthShare = 0.5

// checkHelper matches the name of a function that only checks what its
// caller passed and throws the message the caller gave it, by the names
// precondition libraries give them (Guava's `checkArgument`,
// `checkNotNull`, `checkState`, Java's and Kotlin's `requireNonNull`,
// `requireNotNull`, .NET's `ThrowIfNull`, JUnit's `assertTrue`, bare
// `check`, `require`, `ensure`), or builds the exception it is named for
// (kotlinx.serialization's `JsonDecodingException(offset, message)`); a
// checker's `check_call_expr` is code.
var checkHelper = lazyre.New(`^(?:check|require|ensure|assert|precondition|check(?:Argument|NotNull|NonNull|State|Index|ElementIndex|PositionIndex|Positive|NotEmpty)|require(?:NonNull|NotNull|Positive)|[Tt]hrowIf\w+|[Tt]hrow_if_\w+|assert[A-Z]\w*|[A-Z]\w*(?:Exception|Error))$`)

// checksPassThrough moves each frame of a trace in a check helper one
// place outward, below its caller: the caller passed what failed the
// check, and the message it gave is its own (feign's trace through
// Util.checkArgument had put the helper's file above the code quoting
// "URI parameter %s was null").
func checksPassThrough(text string, offsets [][]int, trace []int, depth []float64) {
	for _, i := range trace {
		fn := frameFuncAt(text, offsets[i][0], offsets[i][1])
		if fn == "" || !checkHelper().MatchString(fn) {
			continue
		}
		// The caller is the frame a step outward, whichever way the
		// trace is printed.
		outer := -1
		for _, j := range trace {
			if depth[j] < depth[i] && (outer < 0 || depth[j] > depth[outer]) {
				outer = j
			}
		}
		if outer >= 0 {
			depth[i], depth[outer] = depth[outer], depth[i]
		}
	}
}

// spawnedAt reports a path at offset off that says where a Go goroutine
// was started (`created by pkg.(*T).resizePool` and its file on the next
// line): no frame on the failure's way, but the outermost's caller.
func spawnedAt(text string, off int) bool {
	start := strings.LastIndexByte(text[:off], '\n')
	if start < 0 {
		return false
	}
	prev := strings.LastIndexByte(text[:start], '\n') + 1
	return strings.HasPrefix(strings.TrimSpace(text[prev:start]), "created by ")
}

// continuedHeaders drops a PHP trace's `Stack trace:` line from headers
// where it follows the uncaught exception's line it lists the frames of
// (`PHP Fatal error:  Uncaught …: Boom in src/Loader.php:11` / `Stack
// trace:`): one trace, the file the exception names its innermost frame,
// the `#0` caller's below it.
func continuedHeaders(text string, headers [][]int) [][]int {
	out := headers[:0:0]
	for i, h := range headers {
		if i > 0 && strings.HasPrefix(strings.TrimSpace(text[h[0]:]), "Stack trace:") && strings.Count(text[headers[i-1][0]:h[0]], "\n") <= 2 {
			continue
		}
		out = append(out, h)
	}
	return out
}

// splitTraces groups frames (indexes into offsets, in order) by the trace
// header before them.
func splitTraces(frames []int, offsets, headers [][]int) [][]int {
	var traces [][]int
	h, open := 0, -1
	for _, i := range frames {
		for h < len(headers) && headers[h][0] < offsets[i][0] {
			h++
		}
		if h != open || traces == nil {
			traces = append(traces, nil)
			open = h
		}
		traces[len(traces)-1] = append(traces[len(traces)-1], i)
	}
	return traces
}

// frameWeight is what a file counts whose innermost frame is at depth d
// (-1: named outside a trace, which counts fully).
func frameWeight(d float64) float64 {
	if d < 0 {
		return 1
	}
	return outerFrameWeight + (1-outerFrameWeight)*d
}
