// Package tiny is the shared corpus reader of the tiny size-baseline
// programs: one doc per file, no chunker (so that neither program carries
// tree-sitter and the size delta is bleve's alone).
package tiny

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/codeseek/codeseek/benchmarks/lexcompare/lex"
)

// Docs reads every file under root as one doc.
func Docs(root string) []lex.Doc {
	var docs []lex.Doc
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return nil
		}
		content := string(src)
		docs = append(docs, lex.Doc{ID: lex.ChunkID(path, 1, 1, content), FilePath: path, StartLine: 1, EndLine: 1, Content: content})
		return nil
	})
	return docs
}

// Store indexes the files under args[0] with codeseek's store in
// args[1]/store, reloads it and prints the top hits for args[2]; it
// returns the docs for a caller that indexes them again another way.
func Store(args []string) []lex.Doc {
	docs := Docs(args[0])
	if _, err := lex.BuildStore(args[1]+"/store", docs); err != nil {
		panic(err)
	}
	s, err := lex.OpenStore(args[1] + "/store")
	if err != nil {
		panic(err)
	}
	fmt.Println(s.Search(args[2], 10))
	return docs
}
