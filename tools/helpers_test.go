package tools

import (
	"context"
	"errors"

	"github.com/codeseek/codeseek/embedding"
)

// failingEmbedder keeps the ID and dimension of an embedder but fails to
// embed, to prove a code path never embeds.
type failingEmbedder struct{ embedding.Embedder }

func (failingEmbedder) EmbedQuery(context.Context, string) ([]float32, error) {
	return nil, errors.New("embedder must not be called")
}
