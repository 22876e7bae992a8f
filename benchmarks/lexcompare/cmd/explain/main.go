// Command explain prints bleve's score explanation of the top hits of a
// query on an index built by the harness:
//
//	go run ./cmd/explain -n 3 ParseDuration
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/blevesearch/bleve/v2"

	"github.com/codeseek/codeseek/benchmarks/lexcompare/lexbleve"
)

func main() {
	dir := flag.String("dir", filepath.Join(os.TempDir(), "codeseek-lexcompare", "work", "bleve"), "bleve index directory")
	n := flag.Int("n", 3, "hits to explain")
	flag.Parse()
	ix, err := bleve.Open(*dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer ix.Close()
	q := strings.Join(flag.Args(), " ")
	res, err := ix.Search(bleve.NewSearchRequestOptions(lexbleve.Query(q), *n, 0, true))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, h := range res.Hits {
		fmt.Printf("%s %.4f\n%s\n", h.ID, h.Score, h.Expl)
	}
}
