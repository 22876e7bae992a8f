package search

import (
	"context"
	"strings"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/store"
)

// A qualified name (`AlphaConverter.ConvertFromString`, a frame's
// `Int32Converter.ConvertFromString`) asks for the member of that one
// type: of the declarations of its last name, those of the type, where
// it has any, not its namesakes in other types. A small class is one
// chunk named for the class alone, which the member's name then
// declares nowhere the text shows it; the chunk declaring the type and
// naming the member is its declaration.

// ownedDeclarations returns the declarations of name, those of owner
// when it is not "" and the index has some.
func ownedDeclarations(ctx context.Context, ix store.Searcher, req Request, name, owner string) ([]store.Decl, error) {
	decls, err := ix.Declaring(ctx, req.Kind, name, req.Filter)
	if err != nil || owner == "" {
		return decls, err
	}
	owned := ownedBy(decls, owner)
	types, err := ix.Declaring(ctx, req.Kind, owner, req.Filter)
	if err != nil {
		return nil, err
	}
	for _, d := range types {
		if chunker.ClassLike(d.Chunk.SymbolKind) && !containsChunk(owned, d.Chunk) && containsIdent(d.Chunk.Full().Content, name) {
			owned = append(owned, store.Decl{Chunk: d.Chunk, Tier: min(d.Tier, 2)})
		}
	}
	if len(owned) == 0 {
		return decls, nil
	}
	return owned, nil
}

// qualifierOf returns the name before name in the identifier text
// (`Converter` of `Demo.Converter.Convert`), or "".
func qualifierOf(text, name string) string {
	head := strings.TrimSuffix(text, name)
	if head == text {
		return ""
	}
	for _, sep := range []string{"::", "->", "\\", ".", ":", "#"} {
		if h, ok := strings.CutSuffix(head, sep); ok {
			return lastName(h)
		}
	}
	return ""
}

// containsChunk reports whether one of decls is in chunk c.
func containsChunk(decls []store.Decl, c *store.Chunk) bool {
	for _, d := range decls {
		if d.Chunk.ID == c.ID && d.Chunk.FilePath == c.FilePath && d.Chunk.StartLine == c.StartLine {
			return true
		}
	}
	return false
}
