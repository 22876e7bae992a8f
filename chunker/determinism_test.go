package chunker

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	sitter "github.com/smacker/go-tree-sitter"
)

// luaModule is a Lua file whose chunks depend on how its scanner starts: a
// block comment opens it, and the first quote comes much later.
func luaModule() []byte {
	var b strings.Builder
	b.WriteString("--[[\nLicense: MIT\n]]\n\nlocal M = {}\n\n")
	for i := 0; i < 6; i++ {
		fmt.Fprintf(&b, "--- f%d does step %d.\nfunction M.f%d(x)\n", i, i, i)
		for j := 0; j < 30; j++ {
			fmt.Fprintf(&b, "  x = x + %d -- step %d of f%d\n", j, j, i)
		}
		if i == 4 {
			b.WriteString("  print(\"done\")\n")
		}
		b.WriteString("  return x\nend\n\n")
	}
	b.WriteString("return M\n")
	return []byte(b.String())
}

// luaTypeStub is the shape of nvim-lspconfig's generated settings stubs
// (types/lsp/*.lua): classes of EmmyLua fields, one with a quoted field
// name. tree-sitter-lua rescans the rest of the file at each error in
// them, so the parse is quadratic in the number of classes.
func luaTypeStub(classes int) []byte {
	var b strings.Builder
	for c := 0; c < classes; c++ {
		fmt.Fprintf(&b, "---@class C%d\n---Doc of C%d.\n---@field [\"type-check\"]? \"Any\" | \"None\"\n", c, c)
		for i := 0; i < 3; i++ {
			fmt.Fprintf(&b, "---@field f%d? \"Error\" | \"Hint\"\n", i)
		}
		b.WriteString("\n")
	}
	return []byte(b.String())
}

// chunkLines lists a file's chunks as "start-end symbol".
func chunkLines(chunks []Chunk) string {
	var b strings.Builder
	for _, c := range chunks {
		fmt.Fprintf(&b, "%d-%d %s; ", c.StartLine, c.EndLine, c.Symbol)
	}
	return b.String()
}

// TestLuaChunksIgnorePreviousFile chunks a Lua file after one that ends
// inside a string. tree-sitter-lua keeps the open string's quote in a C
// global that outlived the parse, and the next file's block comment then
// ran to its first quote, swallowing five functions.
func TestLuaChunksIgnorePreviousFile(t *testing.T) {
	src := luaModule()
	want := chunkLines(Split("m.lua", src, Options{}))
	if !strings.Contains(want, "M.f4") {
		t.Fatalf("chunks %s, want one per function", want)
	}
	Split("open.lua", []byte("local s = \"never closed\n"), Options{})
	if got := chunkLines(Split("m.lua", src, Options{})); got != want {
		t.Errorf("after a file ending inside a string:\n got %s\nwant %s", got, want)
	}
}

// TestLuaConcurrentSplitsAgree chunks Lua files from several goroutines
// at once, as the indexer does, while a slow parse runs: each file must get
// the chunks it gets alone. The Lua scanner's global state made parallel
// parses overwrite each other's strings.
func TestLuaConcurrentSplitsAgree(t *testing.T) {
	files := map[string][]byte{"m.lua": luaModule(), "stub.lua": luaTypeStub(60)}
	for i := 0; i < 6; i++ {
		files[fmt.Sprintf("s%d.lua", i)] = []byte(fmt.Sprintf("local s%d = 'a%d' .. [==[\nb]] ]==]\n--[[ c ]]\n%s", i, i, luaModule()))
	}
	want := map[string]string{}
	for name, src := range files {
		want[name] = chunkLines(Split(name, src, Options{}))
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var diffs []string
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for round := 0; round < 5; round++ {
				for name, src := range files {
					if got := chunkLines(Split(name, src, Options{})); got != want[name] {
						mu.Lock()
						diffs = append(diffs, fmt.Sprintf("%s: got %s\nwant %s", name, got, want[name]))
						mu.Unlock()
					}
				}
			}
		}()
	}
	wg.Wait()
	if len(diffs) > 0 {
		t.Errorf("%d concurrent splits differ from the file alone, first: %s", len(diffs), diffs[0])
	}
}

// TestParseBudgetStopsRunawayParse parses a type stub whose parse is
// quadratic: the byte budget, not the clock, must stop it, so that the
// file gets the same line windows on every run however loaded the machine
// is. An ordinary file of the same size stays within the budget.
func TestParseBudgetStopsRunawayParse(t *testing.T) {
	stub := luaTypeStub(200)
	pool := poolFor("lua")
	if tree, err := pool.parse(stub); !errors.Is(err, errParseBudget) {
		if tree != nil {
			tree.Close()
		}
		t.Fatalf("parse of a %d-byte runaway stub: %v, want the budget used up", len(stub), err)
	}
	ordinary := luaModule()
	for len(ordinary) < len(stub) {
		ordinary = append(ordinary, luaModule()...)
	}
	tree, err := pool.parse(ordinary)
	if err != nil {
		t.Fatalf("parse of a %d-byte ordinary file: %v", len(ordinary), err)
	}
	tree.Close()

	first, err := SplitReport("stub.lua", stub, Options{})
	if err != nil {
		t.Fatalf("budget cut reported as %v; it is deterministic, nothing to report", err)
	}
	checkChunks(t, "stub.lua", stub, first, DefaultMaxTokens)
	for i := 0; i < 3; i++ {
		if again := Split("stub.lua", stub, Options{}); chunkLines(again) != chunkLines(first) {
			t.Fatalf("run %d: %s\nfirst: %s", i, chunkLines(again), chunkLines(first))
		}
	}
}

// TestBudgetedInput feeds a parser in pieces and hands over nothing, for
// good, once the next piece would pass the budget.
func TestBudgetedInput(t *testing.T) {
	src := []byte(strings.Repeat("x", parseReadBytes+10))
	in := newBudgetedInput(src)
	if got := in.read(0, sitter.Point{}); len(got) != parseReadBytes {
		t.Fatalf("first piece %d bytes, want %d", len(got), parseReadBytes)
	}
	if got := in.read(uint32(parseReadBytes), sitter.Point{}); len(got) != 10 {
		t.Fatalf("last piece %d bytes, want 10", len(got))
	}
	if got := in.read(uint32(len(src)), sitter.Point{}); got != nil || in.exhausted {
		t.Fatalf("read at the end: %q, exhausted %v", got, in.exhausted)
	}
	in.left = parseReadBytes - 1
	if got := in.read(0, sitter.Point{}); got != nil || !in.exhausted {
		t.Fatalf("read past the budget: %d bytes, exhausted %v", len(got), in.exhausted)
	}
	in.left = 1 << 30
	if got := in.read(0, sitter.Point{}); got != nil {
		t.Fatalf("read after the budget ran out: %d bytes, want none", len(got))
	}
}

// TestParseTimeoutIsReported makes the time limit fire: the file is still
// covered by line windows, and SplitReport says why, since a less loaded
// run would chunk it by declarations.
func TestParseTimeoutIsReported(t *testing.T) {
	saved := parseTimeoutMicros
	parseTimeoutMicros = 1
	t.Cleanup(func() { parseTimeoutMicros = saved })
	var b strings.Builder
	b.WriteString("package a\n\n")
	for i := 0; i < 200; i++ {
		fmt.Fprintf(&b, "// F%d does step %d.\nfunc F%d(x int) int {\n\treturn x + %d\n}\n\n", i, i, i, i)
	}
	src := []byte(b.String())
	chunks, err := SplitReport("a.go", src, Options{})
	if !errors.Is(err, ErrParseTimeout) {
		t.Fatalf("SplitReport error %v, want ErrParseTimeout", err)
	}
	checkChunks(t, "a.go", src, chunks, DefaultMaxTokens)
	if missing := uncovered(src, chunks); missing > 0 {
		t.Fatalf("%d non-blank lines in no chunk after the time limit", missing)
	}
	for _, c := range chunks {
		if c.Symbol != "" {
			t.Fatalf("chunk %d-%d has symbol %q, want line windows only", c.StartLine, c.EndLine, c.Symbol)
		}
	}
}
