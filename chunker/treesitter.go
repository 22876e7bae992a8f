package chunker

import (
	"context"
	"errors"
	"fmt"
	"sync"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/bash"
	"github.com/smacker/go-tree-sitter/c"
	"github.com/smacker/go-tree-sitter/cpp"
	"github.com/smacker/go-tree-sitter/csharp"
	"github.com/smacker/go-tree-sitter/dockerfile"
	"github.com/smacker/go-tree-sitter/golang"
	"github.com/smacker/go-tree-sitter/hcl"
	"github.com/smacker/go-tree-sitter/java"
	"github.com/smacker/go-tree-sitter/javascript"
	"github.com/smacker/go-tree-sitter/kotlin"
	"github.com/smacker/go-tree-sitter/lua"
	"github.com/smacker/go-tree-sitter/php"
	"github.com/smacker/go-tree-sitter/protobuf"
	"github.com/smacker/go-tree-sitter/python"
	"github.com/smacker/go-tree-sitter/ruby"
	"github.com/smacker/go-tree-sitter/rust"
	"github.com/smacker/go-tree-sitter/scala"
	"github.com/smacker/go-tree-sitter/swift"
	"github.com/smacker/go-tree-sitter/toml"
	"github.com/smacker/go-tree-sitter/typescript/tsx"
	"github.com/smacker/go-tree-sitter/typescript/typescript"
	"github.com/smacker/go-tree-sitter/yaml"
)

// grammars maps language names to their tree-sitter grammar constructors.
var grammars = map[string]func() *sitter.Language{
	"go": golang.GetLanguage, "python": python.GetLanguage,
	"javascript": javascript.GetLanguage, "typescript": typescript.GetLanguage,
	"tsx": tsx.GetLanguage, "java": java.GetLanguage, "rust": rust.GetLanguage,
	"c": c.GetLanguage, "cpp": cpp.GetLanguage, "csharp": csharp.GetLanguage,
	"ruby": ruby.GetLanguage, "php": php.GetLanguage, "kotlin": kotlin.GetLanguage,
	"swift": swift.GetLanguage, "scala": scala.GetLanguage, "bash": bash.GetLanguage,
	"lua": lua.GetLanguage, "protobuf": protobuf.GetLanguage, "toml": toml.GetLanguage,
	"hcl": hcl.GetLanguage, "yaml": yaml.GetLanguage, "dockerfile": dockerfile.GetLanguage,
}

// Parse budget, in bytes handed to tree-sitter. The parser is fed its
// input in pieces of parseReadBytes and asks for a piece again each time
// its lexer comes back to it, so the bytes handed over count the scanning
// it does, whatever the piece size. Code parses with 1 to 5 bytes scanned
// per byte (4,001 files of the 17 benchmark corpora, up to 386 for Lua type
// stubs full of syntax errors); a lexer that rescans the rest of the file
// at every error goes quadratic (nvim-lspconfig's lua_ls.lua: 8,065 per
// byte, 3 s for 57 KB). Unlike a deadline, the budget stops a parse at the
// same point on every run, however loaded the machine is, so a file always
// gets the same chunks.
const (
	parseReadBytes     = 4096
	parseBudgetBase    = 4 << 20
	parseBudgetPerByte = 256
)

// parseTimeoutMicros is the last resort against a parse that the byte
// budget does not catch (work without scanning, such as a grammar's own
// loop). It is wall-clock time, so whether it fires depends on the
// machine's load: hitting it is reported (ErrParseTimeout), never silent.
// A variable so that tests can make it fire.
var parseTimeoutMicros = 10_000_000

// ErrParseTimeout reports that a file's parse hit parseTimeoutMicros and
// the file was chunked by line windows instead of declarations. Unlike the
// parse budget, the time limit depends on the machine's load, so another
// run may chunk the file differently.
var ErrParseTimeout = errors.New("parse hit its time limit, so the file was chunked by line windows (may differ on a less loaded run)")

// errParseBudget: the parse used up its byte budget; the file is chunked
// by line windows, the same on every run.
var errParseBudget = errors.New("parse used up its budget")

// maxPooledParsers bounds the idle parsers kept per language; parsers hold
// C memory, so extra ones are closed instead of left to the finalizer.
const maxPooledParsers = 8

type parserPool struct {
	lang *sitter.Language
	idle chan *sitter.Parser
	// asciiOnly makes the parser see every non-ASCII byte as 'x'.
	asciiOnly bool
	// global is set for a grammar whose scanner keeps its state in C
	// globals: its parses run one at a time, each from a reset state.
	global *globalScanner
}

// globalScanner serializes the parses of a grammar whose external scanner
// keeps its state in C globals instead of its per-parser payload
// (tree-sitter-lua: the quote and bracket level of the open string). Two
// such parses at once overwrite each other's state, and a file that ends
// inside a string leaves the state to the next parse, where a block
// comment then runs to the next quote: either way a file's chunks would
// depend on what else was parsed, and when.
type globalScanner struct {
	mu    sync.Mutex
	reset func()
}

// globalScanners lists the grammars whose scanner state is global, with
// the function that resets it.
var globalScanners = map[string]func(){"lua": resetLuaScanner}

// asciiOnlyGrammars crash in their C scanner on some non-ASCII input
// (tree-sitter-bash: a SIGSEGV found by FuzzBash, which no recover can
// catch), so they parse a copy with every non-ASCII byte replaced by 'x'.
// Byte offsets stay the same and chunk text is cut from the original;
// only the grammar's view of non-ASCII words changes (still words).
var asciiOnlyGrammars = map[string]bool{"bash": true}

// foldASCII returns src with every byte >= 0x80 replaced by 'x', or src
// itself when it is all ASCII.
func foldASCII(src []byte) []byte {
	var out []byte
	for i, b := range src {
		if b < 0x80 {
			continue
		}
		if out == nil {
			out = append([]byte(nil), src...)
		}
		out[i] = 'x'
	}
	if out == nil {
		return src
	}
	return out
}

var (
	poolsMu sync.Mutex
	pools   = map[string]*parserPool{}
)

// poolFor returns the parser pool of a language, or nil when the language
// has no grammar. tree-sitter parsers are not safe for concurrent use, so
// each parse borrows one exclusively.
func poolFor(lang string) *parserPool {
	get, ok := grammars[lang]
	if !ok {
		return nil
	}
	poolsMu.Lock()
	defer poolsMu.Unlock()
	p := pools[lang]
	if p == nil {
		p = &parserPool{lang: get(), idle: make(chan *sitter.Parser, maxPooledParsers), asciiOnly: asciiOnlyGrammars[lang]}
		if reset := globalScanners[lang]; reset != nil {
			p.global = &globalScanner{reset: reset}
		}
		pools[lang] = p
	}
	return p
}

// parse parses src and returns its tree, which the caller must Close. It
// returns errParseBudget when the parse used up its byte budget,
// ErrParseTimeout when it hit the time limit, or why it failed.
func (p *parserPool) parse(src []byte) (*sitter.Tree, error) {
	if p.asciiOnly {
		src = foldASCII(src)
	}
	if p.global != nil {
		p.global.mu.Lock()
		defer p.global.mu.Unlock()
		p.global.reset()
	}
	ps := p.get()
	ps.SetOperationLimit(parseTimeoutMicros)
	in := newBudgetedInput(src)
	// ParseInputCtx starts no cancellation goroutine; the time limit is
	// tree-sitter's own.
	tree, err := ps.ParseInputCtx(context.Background(), nil, sitter.Input{Read: in.read})
	if err != nil || tree == nil {
		// A parser stopped by its time limit would resume the old parse on
		// its next use; drop it.
		ps.Close()
	} else {
		p.put(ps)
	}
	switch {
	case in.exhausted:
		// Checked first: a parse cut by the budget chunks by windows even
		// if the time limit also fired while it wound down.
		if tree != nil {
			tree.Close()
		}
		return nil, errParseBudget
	case errors.Is(err, sitter.ErrOperationLimit):
		return nil, ErrParseTimeout
	case err != nil:
		return nil, fmt.Errorf("parse: %w", err)
	case tree == nil:
		return nil, errors.New("parse: no tree")
	}
	return tree, nil
}

// get borrows an idle parser, or makes one.
func (p *parserPool) get() *sitter.Parser {
	select {
	case ps := <-p.idle:
		return ps
	default:
		ps := sitter.NewParser()
		ps.SetLanguage(p.lang)
		return ps
	}
}

// put returns a parser to the pool, or closes it when the pool is full.
func (p *parserPool) put(ps *sitter.Parser) {
	select {
	case p.idle <- ps:
	default:
		ps.Close()
	}
}

// budgetedInput feeds src to tree-sitter in pieces of parseReadBytes,
// counting the bytes handed over. Past the budget it hands over nothing,
// which the parser takes for the end of the file: a runaway parse then
// winds down within a few steps, at the same point on every run.
type budgetedInput struct {
	src       []byte
	left      int // bytes that may still be handed over
	exhausted bool
}

func newBudgetedInput(src []byte) *budgetedInput {
	return &budgetedInput{src: src, left: parseBudgetBase + parseBudgetPerByte*len(src)}
}

// read is the parser's input callback: the piece of src at off.
func (in *budgetedInput) read(off uint32, _ sitter.Point) []byte {
	if int(off) >= len(in.src) || in.exhausted {
		return nil
	}
	n := min(parseReadBytes, len(in.src)-int(off))
	if n > in.left {
		in.exhausted = true
		return nil
	}
	in.left -= n
	return in.src[off : int(off)+n]
}
