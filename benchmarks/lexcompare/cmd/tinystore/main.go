// Command tinystore is the store-only baseline for binary size and build
// time: it indexes every file under a directory as one chunk with codeseek's
// store, persists, reloads and runs a lexical query.
//
//	tinystore DIR INDEXDIR QUERY
package main

import (
	"os"

	"github.com/codeseek/codeseek/benchmarks/lexcompare/tiny"
)

func main() { tiny.Store(os.Args[1:]) }
