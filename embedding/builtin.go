package embedding

import (
	"context"
	"runtime"
	"sync"

	"github.com/codeseek/codeseek/embedding/model"
)

// BuiltinEmbedder is the default, offline embedder: a small code-search
// model trained by embedding/train on permissively available sources and
// compiled into the binary, so semantic search works with no download, no
// service and no network. Queries and code are encoded asymmetrically.
type BuiltinEmbedder struct {
	m *model.Model
}

// NewBuiltin loads the built-in model. It fails only if the embedded
// weights are corrupt, which a build from a clean checkout rules out.
func NewBuiltin() (*BuiltinEmbedder, error) {
	m, err := model.Builtin()
	if err != nil {
		return nil, err
	}
	return &BuiltinEmbedder{m: m}, nil
}

// Dimension implements Embedder.
func (b *BuiltinEmbedder) Dimension() int { return b.m.Dim() }

// ModelID implements Embedder. It includes a hash of the weights, so an
// index built by an older binary is rebuilt rather than searched with
// incompatible vectors.
func (b *BuiltinEmbedder) ModelID() string { return "builtin-nbow-" + b.m.Hash() }

// EmbedQuery implements Embedder.
func (b *BuiltinEmbedder) EmbedQuery(ctx context.Context, text string) ([]float32, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	v := make([]float32, b.m.Dim())
	b.m.Embed(text, true, v)
	return v, nil
}

// parallelMin is the batch size from which EmbedDocuments fans out over
// the CPUs; below it goroutines cost more than they save.
const parallelMin = 64

// EmbedDocuments implements Embedder. Large batches use every CPU.
func (b *BuiltinEmbedder) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	d := b.m.Dim()
	out := make([][]float32, len(texts))
	flat := make([]float32, d*len(texts))
	for i := range out {
		out[i] = flat[i*d : (i+1)*d : (i+1)*d]
	}
	workers := min(runtime.GOMAXPROCS(0), (len(texts)+parallelMin-1)/parallelMin)
	if workers <= 1 {
		for i, t := range texts {
			if i%256 == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
			}
			b.m.Embed(t, false, out[i])
		}
		return out, ctx.Err()
	}
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(texts); i += workers {
				if i%256 < workers && ctx.Err() != nil {
					return
				}
				b.m.Embed(texts[i], false, out[i])
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return out, nil
}
