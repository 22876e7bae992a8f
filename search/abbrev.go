package search

import "slices"

// abbreviations are the short forms identifiers write for common words: a
// question says "source location" or "request context" where the code
// says RealSrcSpan, loc, req and ctx. A word's forms join the lexical
// query of a question about code (lexicalText), so the chunks that spell
// the words out and those that abbreviate them both match; the vector
// channel needs no help, having learnt such pairs. Keywords (func, fn,
// var, chan, char) are no short forms: every chunk of their language
// holds them, a posting list as long as the index for no evidence.
var abbreviations = map[string][]string{
	"address": {"addr"}, "allocate": {"alloc"}, "allocation": {"alloc"}, "argument": {"arg"},
	"arguments": {"args"}, "asynchronous": {"async"}, "attribute": {"attr"}, "attributes": {"attrs"},
	"authentication": {"auth"}, "authorization": {"auth"}, "buffer": {"buf"}, "buffers": {"bufs"},
	"callback": {"cb"}, "certificate": {"cert"}, "column": {"col"}, "columns": {"cols"}, "command": {"cmd"},
	"commands": {"cmds"}, "compare": {"cmp"}, "comparison": {"cmp"}, "config": {"cfg"},
	"configuration": {"config", "cfg"}, "connection": {"conn"}, "connections": {"conns"},
	"context": {"ctx"}, "current": {"cur", "curr"}, "database": {"db"}, "declaration": {"decl"},
	"declarations": {"decls"}, "description": {"desc"}, "destination": {"dst", "dest"},
	"dictionary": {"dict"}, "directories": {"dirs"}, "directory": {"dir"}, "document": {"doc"},
	"documents": {"docs"}, "element": {"elem"}, "elements": {"elems"}, "environment": {"env"},
	"error": {"err"}, "errors": {"errs"}, "execute": {"exec"}, "execution": {"exec"},
	"expression": {"expr"}, "expressions": {"exprs"}, "identifier": {"ident"}, "image": {"img"}, "implementation": {"impl"},
	"index": {"idx"}, "information": {"info"}, "initialise": {"init"}, "initialization": {"init"},
	"initialize": {"init"}, "iterator": {"iter"}, "length": {"len"}, "library": {"lib"},
	"location": {"loc"}, "locations": {"locs"}, "manager": {"mgr"}, "maximum": {"max"},
	"memory": {"mem"}, "message": {"msg"}, "messages": {"msgs"}, "minimum": {"min"},
	"number": {"num"}, "object": {"obj"}, "operation": {"op"}, "operations": {"ops"}, "option": {"opt"},
	"options": {"opts"}, "package": {"pkg"}, "packages": {"pkgs"}, "parameter": {"param"},
	"parameters": {"params"}, "pointer": {"ptr"}, "position": {"pos"}, "previous": {"prev"},
	"process": {"proc"}, "properties": {"props"}, "reference": {"ref"}, "references": {"refs"},
	"repository": {"repo"}, "request": {"req"}, "requests": {"reqs"}, "response": {"resp"},
	"sequence": {"seq"}, "signature": {"sig"}, "source": {"src"}, "sources": {"srcs"},
	"specification": {"spec"}, "statement": {"stmt"}, "statements": {"stmts"}, "statistics": {"stats"},
	"string": {"str"}, "synchronize": {"sync"}, "synchronous": {"sync"}, "template": {"tmpl"},
	"temporary": {"tmp", "temp"}, "token": {"tok"}, "transaction": {"txn"}, "utilities": {"utils"},
	"utility": {"util"}, "value": {"val"}, "values": {"vals"},
}

// withAbbreviations returns terms followed by the short forms of its words
// that it does not hold already; terms itself when there are none.
func withAbbreviations(terms []string) []string {
	out := terms
	for _, t := range terms {
		for _, a := range abbreviations[t] {
			if slices.Contains(out, a) {
				continue
			}
			if len(out) == len(terms) {
				out = slices.Clone(terms)
			}
			out = append(out, a)
		}
	}
	return out
}
