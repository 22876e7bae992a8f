// Command tinybleve is tinystore plus bleve indexing and querying, for the
// binary size and build time bleve adds.
package main

import (
	"fmt"
	"os"

	"github.com/codeseek/codeseek/benchmarks/lexcompare/lex"
	"github.com/codeseek/codeseek/benchmarks/lexcompare/lexbleve"
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

	if err := lexbleve.Build(dir+"/bleve", docs, 1000, true); err != nil {
		panic(err)
	}
	b, err := lexbleve.Open(dir + "/bleve")
	if err != nil {
		panic(err)
	}
	fmt.Println(b.Search(os.Args[3], 10))
	b.Close()
}
