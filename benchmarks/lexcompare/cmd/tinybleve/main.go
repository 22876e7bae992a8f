// Command tinybleve is tinystore plus bleve indexing and querying, for the
// binary size and build time bleve adds.
//
//	tinybleve DIR INDEXDIR QUERY
package main

import (
	"fmt"
	"os"

	"github.com/codeseek/codeseek/benchmarks/lexcompare/lexbleve"
	"github.com/codeseek/codeseek/benchmarks/lexcompare/tiny"
)

func main() {
	docs := tiny.Store(os.Args[1:])
	dir, query := os.Args[2], os.Args[3]
	if err := lexbleve.Build(dir+"/bleve", docs, 1000, true); err != nil {
		panic(err)
	}
	b, err := lexbleve.Open(dir + "/bleve")
	if err != nil {
		panic(err)
	}
	fmt.Println(b.Search(query, 10))
	b.Close()
}
