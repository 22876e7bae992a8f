package embedding

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/cespare/xxhash/v2"

	"github.com/codeseek/codeseek/embedding/model"
	"github.com/codeseek/codeseek/internal/ident"
)

// HashEmbedder is an offline, deterministic embedder: feature hashing of
// code-aware words, whole identifiers and word bigrams into a fixed number
// of buckets, with sublinear term weighting. It knows no synonyms; it exists
// so that everything works with no model and no network, and for tests.
type HashEmbedder struct {
	// Dim is the vector length; 0 means 512.
	Dim int
}

// maxEmbedBytes bounds the text hashed per chunk, so a huge chunk costs
// no more than a large one.
const maxEmbedBytes = 64 << 10

func (h HashEmbedder) dim() int {
	if h.Dim <= 0 {
		return 512
	}
	return h.Dim
}

// Dimension implements Embedder.
func (h HashEmbedder) Dimension() int { return h.dim() }

// ModelID implements Embedder.
func (h HashEmbedder) ModelID() string { return fmt.Sprintf("hash-v1-%d", h.dim()) }

// EmbedDocuments implements Embedder.
func (h HashEmbedder) EmbedDocuments(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	for i, t := range texts {
		if i%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		out[i] = h.embed(t)
	}
	return out, nil
}

// EmbedQuery implements Embedder.
func (h HashEmbedder) EmbedQuery(ctx context.Context, text string) ([]float32, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return h.embed(text), nil
}

func (h HashEmbedder) embed(text string) []float32 {
	counts := hashFeatures(truncateUTF8(text, maxEmbedBytes))
	vec := make([]float32, h.dim())
	for feat, c := range counts {
		sum := xxhash.Sum64String(feat)
		idx := int(sum % uint64(len(vec)))
		sign := float32(1)
		if sum&(1<<63) != 0 {
			sign = -1
		}
		vec[idx] += sign * float32(1+math.Log(c))
	}
	Normalize(vec)
	return vec
}

// hashFeatures counts the features of text: each identifier lowercased
// (half weight), each word, and each pair of consecutive words, also across
// identifiers (half weight).
func hashFeatures(text string) map[string]float64 {
	counts := map[string]float64{}
	prev := ""
	var sp ident.Splitter
	sp.Split(text, func(b []byte) {
		w := string(b)
		counts["w:"+w]++
		if prev != "" {
			counts["b:"+prev+" "+w] += 0.5
		}
		prev = w
	}, func(start, end, _ int) {
		counts["i:"+strings.ToLower(text[start:end])] += 0.5
	})
	return counts
}

// Normalize scales v to unit length in place; a zero vector stays zero.
// The built-in model owns the implementation so that both agree exactly.
func Normalize(v []float32) { model.Normalize(v) }
