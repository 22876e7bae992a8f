// Package embedding turns text into vectors: the Embedder interface, the
// offline embedders that ship in the binary, and a client for any
// OpenAI-compatible embedding endpoint.
package embedding

import (
	"context"
	"unicode/utf8"
)

// Embedder maps text to fixed-size vectors. Implementations must be safe for
// concurrent use.
type Embedder interface {
	// EmbedDocuments embeds chunks for storage, one vector per text.
	EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error)
	// EmbedQuery embeds a search query. Models with asymmetric query and
	// document encoders differ here; others embed the query as a document.
	EmbedQuery(ctx context.Context, text string) ([]float32, error)
	// Dimension is the length of every vector.
	Dimension() int
	// ModelID names the model and its version, stably: an index built with
	// one ModelID cannot be searched with another.
	ModelID() string
}

// truncateUTF8 cuts s to at most n bytes without splitting a rune.
func truncateUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// InProcess reports whether e computes vectors in this process (the
// built-in model, the hash embedder) rather than at an endpoint: a
// search may then embed a few dozen more texts for microseconds each,
// where an endpoint would cost a round trip and tokens.
func InProcess(e Embedder) bool {
	switch e.(type) {
	case *BuiltinEmbedder, HashEmbedder, *HashEmbedder:
		return true
	}
	return false
}
