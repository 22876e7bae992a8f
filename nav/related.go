package nav

import (
	"context"
	"fmt"

	"github.com/codeseek/codeseek/store"
)

// Related returns the chunks most like the one holding a line: nearest
// by meaning (vector similarity), chunks of other files first, because
// "what else does this" is rarely answered by the same file.
func Related(ctx context.Context, ix Index, path string, line, limit int, f store.Filter) (*store.Chunk, []store.Hit, error) {
	chunks := ix.ChunksOf(path)
	if len(chunks) == 0 {
		return nil, nil, fmt.Errorf("%w for %s: it is not indexed (check the path, relative to the repository root)", ErrNoGraph, path)
	}
	if last := chunks[len(chunks)-1].EndLine; line < 1 || line > last {
		return nil, nil, fmt.Errorf("%w: line %d is outside %s's indexed lines 1-%d", ErrNoSymbol, line, path, last)
	}
	src := chunks[0] // the chunk holding the line, or the one before the blank lines it is in
	for _, c := range chunks {
		if c.StartLine > line {
			break
		}
		src = c
	}
	hits, err := ix.Vector(ctx, src.Kind, src.Vector, 4*limit+8, f)
	if err != nil {
		return nil, nil, err
	}
	var others, same []store.Hit
	for _, h := range hits {
		switch {
		case h.Chunk.Full().ID == src.Full().ID:
		case h.Chunk.FilePath == path:
			same = append(same, h)
		default:
			others = append(others, h)
		}
	}
	out := append(others, same...)
	return src, out[:min(limit, len(out))], nil
}
