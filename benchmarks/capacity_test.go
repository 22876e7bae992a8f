package benchmarks

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/codeseek/codeseek/embedding/model"
)

// BenchmarkModelCapacity compares single-core chunk throughput of model
// shapes the trainer can produce (-buckets, -dim), with random weights,
// against the shipped shape (65,536 × 256), to see which larger models
// stay within 20% of its index speed. The shapes take turns on slices of
// the same texts, so load from other processes falls on all of them
// alike; it reports each shape's time relative to the shipped one and its
// weight file size.
//
//	go test ./benchmarks -run ^$ -bench ModelCapacity -benchtime 3x
func BenchmarkModelCapacity(b *testing.B) {
	texts := stdlibEmbedTexts(b, 20000)
	shapes := []struct{ buckets, dim int }{
		{1 << 16, 256}, {1 << 17, 256}, {1 << 18, 128}, {1 << 16, 320}, {1 << 17, 288},
	}
	models := make([]*model.Model, len(shapes))
	sizes := make([]int, len(shapes))
	for i, c := range shapes {
		models[i], sizes[i] = randomModel(b, c.buckets, c.dim)
	}
	spent := make([]time.Duration, len(shapes))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k := 0; k < len(texts); k += 500 {
			slice := texts[k:min(k+500, len(texts))]
			for j, m := range models {
				out := make([]float32, m.Dim())
				start := time.Now()
				for _, t := range slice {
					m.Embed(t, false, out)
				}
				spent[j] += time.Since(start)
			}
		}
	}
	for j, c := range shapes {
		name := fmt.Sprintf("b%d_d%d", c.buckets, c.dim)
		b.ReportMetric(spent[j].Seconds()/spent[0].Seconds(), name+"_time_x")
		b.ReportMetric(float64(sizes[j])/1e6, name+"_MB")
	}
	b.ReportMetric(float64(b.N*len(texts))/spent[0].Seconds(), "base_chunks/s")
}

func randomModel(tb testing.TB, buckets, dim int) (*model.Model, int) {
	p := model.NewParams(model.FeatureConfig{Buckets: buckets, PrefixLen: 4}, dim)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range p.E {
		p.E[i] = float32(rng.NormFloat64())
	}
	var buf bytes.Buffer
	if err := model.Write(&buf, p); err != nil {
		tb.Fatal(err)
	}
	m, err := model.Load(buf.Bytes())
	if err != nil {
		tb.Fatal(err)
	}
	return m, buf.Len()
}
