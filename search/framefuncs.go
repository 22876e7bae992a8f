package search

import (
	"strings"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/internal/lazyre"
	"github.com/codeseek/codeseek/store"
)

// A frame names the function it is in as well as its line, and the line
// is the reporter's version's: where the file has changed since, the
// line falls in another function (`Gson.getAdapter(Gson.java:556)` in
// the indexed Gson.toJson). The function's name is then the better
// guide to the chunk the trace failed in.

// frameFuncBefore matches a frame's function written before its file, as
// Java, JavaScript, C#, Kotlin and Scala print it (`at com.google.gson.
// Gson.getAdapter(Gson.java:556)`, `at Ky._fetch (ky.js:612:25)`); group
// 1 is the function's name.
var frameFuncBefore = lazyre.New(`([A-Za-z_$][\w$]*)\s*\(\s*[^()\s]*$`)

// frameFuncAfter matches a frame's function written after its file and
// line: Python's `", line 12, in get`, Ruby's `:12:in 'call'` (or
// "`Foo#call'"), Lua's `:28: in function 'update'` (or `in method
// 'M:update'`), PHP's `(168): Monolog\Handler\StreamHandler->write()`;
// the group that matched is the name.
var frameFuncAfter = lazyre.New("^(?:\", line \\d+, in ([A-Za-z_]\\w*)|:\\d+:in [`'\"]?(?:[\\w:]*[#.])?([A-Za-z_]\\w*[?!]?)|:\\d+: in (?:function|method|local|upvalue|field) '(?:[\\w.]*[.:])?([A-Za-z_]\\w*)'|\\(\\d+\\): [\\w\\\\]*(?:->|::)([A-Za-z_]\\w*)\\()")

// frameFuncAt returns the function the frame naming the file at text's
// bytes start..end is in, or "".
func frameFuncAt(text string, start, end int) string {
	lineStart := strings.LastIndexByte(text[:start], '\n') + 1
	if m := frameFuncAfter().FindStringSubmatch(text[end:min(len(text), end+200)]); m != nil {
		for _, g := range m[1:] {
			if g != "" {
				return g
			}
		}
	}
	if m := frameFuncBefore().FindStringSubmatch(text[max(lineStart, start-200):start]); m != nil {
		return m[1]
	}
	return ""
}

// frame is where a stack trace's frame says it was: its line, the
// function it names, or "", and how deep in the trace it is (frameDepths;
// -1 for a frame outside a trace, which counts as the innermost).
type frame struct {
	line  int
	fn    string
	depth float64
}

// innermost is the depth of the failing frame (frameDepths).
const innermost = 1.0

// retargetFrames moves each frame whose line falls in a chunk of no
// function of the frame's name, nor a class holding its methods whole, to
// the first chunk of the file that declares it, where the file has one.
func retargetFrames(frames map[string][]frame, lister chunkLister) {
	for f, fs := range frames {
		var chunks []*store.Chunk
		for i, fr := range fs {
			if fr.fn == "" {
				continue
			}
			if chunks == nil {
				chunks = lister.ChunksOf(f)
			}
			if at := chunkAt(chunks, fr.line); at != nil && (namesFunc(at.Symbol, fr.fn) || chunker.ClassLike(at.SymbolKind)) {
				// The function's chunk, or its class's whole, the methods
				// inside it (vavr's Either$Left.get in the Either.Left
				// chunk, not the abstract Either.get of the name).
				continue
			}
			for _, c := range chunks {
				if namesFunc(c.Symbol, fr.fn) {
					fs[i].line = c.StartLine
					break
				}
			}
		}
	}
}

// chunkAt returns the chunk holding line l, or nil.
func chunkAt(chunks []*store.Chunk, l int) *store.Chunk {
	for _, c := range chunks {
		if holdsLine(c, l) {
			return c
		}
	}
	return nil
}

// holdsLine reports whether chunk c spans line l.
func holdsLine(c *store.Chunk, l int) bool { return l >= c.StartLine && l <= c.EndLine }

// namesFunc reports whether a chunk's symbol ("Gson.toJson, Gson.getAdapter")
// names the function fn.
func namesFunc(symbol, fn string) bool {
	for _, s := range strings.Split(symbol, ", ") {
		if i := strings.LastIndexAny(s, ".:#"); i >= 0 {
			s = s[i+1:]
		}
		if s == fn {
			return true
		}
	}
	return false
}
