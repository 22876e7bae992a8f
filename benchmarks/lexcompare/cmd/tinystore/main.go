// Command tinystore is the store-only baseline for binary size and build
// time: it indexes every file under a directory as one chunk with codeseek's
// store, persists, reloads and runs a lexical query.
package main

import (
	"fmt"
	"os"

	"github.com/codeseek/codeseek/benchmarks/lexcompare/lex"
	"github.com/codeseek/codeseek/benchmarks/lexcompare/tiny"
)

func main() {
	docs := tiny.Docs(os.Args[1])
	dir := os.Args[2]
	if _, err := lex.BuildStore(dir+"/store", docs); err != nil {
		panic(err)
	}
	s, err := lex.OpenStore(dir + "/store")
	if err != nil {
		panic(err)
	}
	fmt.Println(s.Search(os.Args[3], 10))
}
