package nav

import (
	"context"
	"fmt"
	"strings"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/internal/pathclass"
	"github.com/codeseek/codeseek/store"
)

// Related returns the chunks most like the one holding a line: nearest
// by meaning (vector similarity), chunks of the project's other files
// first, because "what else does this" is rarely answered by the same
// file; then the same file's; then tests, stubs, vendored copies and the
// other files pathclass sets aside (unless the line's own file is one of
// them), which resemble the code they test or copy without doing what it
// does.
func Related(ctx context.Context, ix Index, path string, line, limit int, f store.Filter) (*store.Chunk, []RelatedHit, error) {
	chunks := ix.ChunksOf(path)
	if len(chunks) == 0 {
		return nil, nil, fmt.Errorf("%w for %s: it is not indexed (check the path, relative to the repository root)", ErrNoGraph, path)
	}
	if last := chunks[len(chunks)-1].EndLine; line < 1 || line > last {
		return nil, nil, fmt.Errorf("%w: line %d is outside %s's indexed lines 1-%d", ErrPastTheEnd, line, path, last)
	}
	if outsideDeclarations(ix, path, line) {
		// A licence header or the imports: what is like them is other
		// files' headers, not code.
		return nil, nil, fmt.Errorf("%w: line %d of %s is in no declaration (a comment, the imports or loose code); give a line inside a function, method or type (get_symbols lists them)", ErrNoPosition, line, path)
	}
	src := chunks[0] // the chunk holding the line, or the one before the blank lines it is in
	for _, c := range chunks {
		if c.StartLine > line {
			break
		}
		src = c
	}
	// A large file's own chunks can fill the nearest few dozen, so the
	// search widens until it has limit chunks of other files or has seen
	// all there are to see.
	for k := 4*limit + 8; ; k *= 2 {
		hits, err := ix.Vector(ctx, src.Kind, src.Vector, k, f)
		if err != nil {
			return nil, nil, err
		}
		out, others := relatedOrder(hits, src, path)
		if others >= limit || len(hits) < k || k >= maxRelatedPool {
			return src, out[:min(limit, len(out))], nil
		}
	}
}

// outsideDeclarations reports a line of a file that declares something
// in none of its declarations (namespaces and packages aside, which
// every line is in); a file without declarations (a script) has none
// to be outside of.
func outsideDeclarations(ix Index, path string, line int) bool {
	g, err := ix.FileDecls(path)
	if err != nil || g == nil {
		return false
	}
	declares := false
	for _, d := range g.Defs {
		if chunker.PackageKind(d.Kind) || d.Kind == "module" && d.Parent == "" {
			continue
		}
		declares = true
		if d.StartLine <= line && line <= d.EndLine {
			return false
		}
	}
	return declares
}

// maxRelatedPool bounds how many nearest chunks Related reads looking for
// other files' chunks.
const maxRelatedPool = 1024

// RelatedHit is a chunk like the source, with the other files that hold
// the same text (a copy per platform, a vendored or generated copy).
type RelatedHit struct {
	store.Hit
	Copies []string
}

// maxRelatedCopies bounds the copies a related chunk names.
const maxRelatedCopies = 10

// minCopyBytes is the least text for two chunks to be copies rather than
// alike by chance (a closing brace, a one-line getter).
const minCopyBytes = 64

// relatedOrder puts other files' chunks first, then the same file's, then
// the files pathclass sets aside and chunks of another language (a docs
// generator's HTML pages repeat a Swift declaration's doc, and do nothing),
// leaving out the source chunk itself, import blocks and copies of a chunk
// listed before (named on it instead); others is how many chunks of other
// files there are.
func relatedOrder(hits []store.Hit, src *store.Chunk, path string) (out []RelatedHit, others int) {
	aside := pathclass.Aside &^ pathclass.Of(path)
	var other, same, asides []store.Hit
	for _, h := range hits {
		switch {
		case h.Chunk.Full().ID == src.Full().ID:
		case h.Chunk.SymbolKind == "imports": // a file's import block is like every other's, and does nothing
		case h.Chunk.FilePath == path:
			same = append(same, h)
		case pathclass.Of(h.Chunk.FilePath)&aside != 0 || !sameFamily(h.Chunk.Language, src.Language):
			asides = append(asides, h)
		default:
			other = append(other, h)
		}
	}
	shown := map[string]int{strings.TrimSpace(src.Full().Content): -1}
	for i, group := range [][]store.Hit{other, same, asides} {
		for _, h := range group {
			text := strings.TrimSpace(h.Chunk.Full().Content)
			if len(text) >= minCopyBytes {
				if k, ok := shown[text]; ok {
					if k >= 0 && len(out[k].Copies) < maxRelatedCopies && out[k].Chunk.FilePath != h.Chunk.FilePath {
						out[k].Copies = append(out[k].Copies, h.Chunk.FilePath)
					}
					continue
				}
				shown[text] = len(out)
			}
			out = append(out, RelatedHit{Hit: h})
			if i == 0 {
				others++
			}
		}
	}
	return out, others
}
