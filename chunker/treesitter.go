package chunker

import (
	"context"
	"sync"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/bash"
	"github.com/smacker/go-tree-sitter/c"
	"github.com/smacker/go-tree-sitter/cpp"
	"github.com/smacker/go-tree-sitter/csharp"
	"github.com/smacker/go-tree-sitter/golang"
	"github.com/smacker/go-tree-sitter/java"
	"github.com/smacker/go-tree-sitter/javascript"
	"github.com/smacker/go-tree-sitter/kotlin"
	"github.com/smacker/go-tree-sitter/lua"
	"github.com/smacker/go-tree-sitter/php"
	"github.com/smacker/go-tree-sitter/python"
	"github.com/smacker/go-tree-sitter/ruby"
	"github.com/smacker/go-tree-sitter/rust"
	"github.com/smacker/go-tree-sitter/scala"
	"github.com/smacker/go-tree-sitter/swift"
	"github.com/smacker/go-tree-sitter/typescript/tsx"
	"github.com/smacker/go-tree-sitter/typescript/typescript"
)

// grammars maps language names to their tree-sitter grammar constructors.
var grammars = map[string]func() *sitter.Language{
	"go": golang.GetLanguage, "python": python.GetLanguage,
	"javascript": javascript.GetLanguage, "typescript": typescript.GetLanguage,
	"tsx": tsx.GetLanguage, "java": java.GetLanguage, "rust": rust.GetLanguage,
	"c": c.GetLanguage, "cpp": cpp.GetLanguage, "csharp": csharp.GetLanguage,
	"ruby": ruby.GetLanguage, "php": php.GetLanguage, "kotlin": kotlin.GetLanguage,
	"swift": swift.GetLanguage, "scala": scala.GetLanguage, "bash": bash.GetLanguage,
	"lua": lua.GetLanguage,
}

// parseTimeoutMicros bounds one parse so that a pathological input falls
// back to line windows instead of stalling indexing.
const parseTimeoutMicros = 10_000_000

// maxPooledParsers bounds the idle parsers kept per language; parsers hold
// C memory, so extra ones are closed instead of left to the finalizer.
const maxPooledParsers = 8

type parserPool struct {
	lang *sitter.Language
	idle chan *sitter.Parser
	// asciiOnly makes the parser see every non-ASCII byte as 'x'.
	asciiOnly bool
}

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
		pools[lang] = p
	}
	return p
}

// parse parses src and returns its tree, or nil when parsing failed or
// timed out. The caller must Close the tree.
func (p *parserPool) parse(src []byte) *sitter.Tree {
	if p.asciiOnly {
		src = foldASCII(src)
	}
	var ps *sitter.Parser
	select {
	case ps = <-p.idle:
	default:
		ps = sitter.NewParser()
		ps.SetLanguage(p.lang)
		ps.SetOperationLimit(parseTimeoutMicros)
	}
	// A context without Done avoids the binding's cancellation goroutine; the
	// operation limit bounds the time instead.
	tree, err := ps.ParseCtx(context.Background(), nil, src)
	if err != nil || tree == nil {
		// A timed-out parser would resume the old parse; drop it.
		ps.Close()
		return nil
	}
	select {
	case p.idle <- ps:
	default:
		ps.Close()
	}
	return tree
}
