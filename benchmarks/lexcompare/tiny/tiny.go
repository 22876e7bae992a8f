// Package tiny is the shared corpus reader of the tiny size-baseline
// programs: one doc per file, no chunker (so that neither program carries
// tree-sitter and the size delta is bleve's alone).
package tiny

import (
	"io/fs"
	"os"
	"path/filepath"

	"github.com/codeseek/codeseek/benchmarks/lexcompare/lex"
)

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
