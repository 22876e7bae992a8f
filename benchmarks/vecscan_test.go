package benchmarks

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"os"
	"runtime"
	"sort"
	"strconv"
	"testing"
	"time"

	chromem "github.com/philippgille/chromem-go"

	"github.com/codeseek/codeseek/store"
)

const (
	scaleDim     = 256
	scaleQueries = 25
	// scaleWant is what a search asks the vector channel for at the
	// default limit of 10 (tools asks for max(50, 5*limit)).
	scaleWant = 50
)

// synthVectors makes n unit vectors of scaleDim dimensions clustered
// around n/1000 topics, like embeddings of code, and queries near those
// topics.
type synthVectors struct {
	rng     *rand.Rand
	centers [][]float32
}

func newSynthVectors(n int) *synthVectors {
	sv := &synthVectors{rng: rand.New(rand.NewSource(int64(n)))}
	for range max(1, n/1000) {
		c := make([]float32, scaleDim)
		for i := range c {
			c[i] = float32(sv.rng.NormFloat64())
		}
		sv.centers = append(sv.centers, unit(c))
	}
	return sv
}

func (sv *synthVectors) next() []float32 {
	c := sv.centers[sv.rng.Intn(len(sv.centers))]
	spread := 0.5 + sv.rng.Float64()
	v := make([]float32, scaleDim)
	for i := range v {
		v[i] = c[i] + float32(spread*sv.rng.NormFloat64()/math.Sqrt(scaleDim))
	}
	return unit(v)
}

func unit(v []float32) []float32 {
	var s float64
	for _, x := range v {
		s += float64(x) * float64(x)
	}
	n := math.Sqrt(s)
	for i := range v {
		v[i] = float32(float64(v[i]) / n)
	}
	return v
}

// synthIndex commits n synthetic code chunks (20 per file) as one index in
// a temporary data directory and loads it; it also returns the chunks.
func synthIndex(b *testing.B, sv *synthVectors, n int) (*store.Index, []store.Chunk) {
	b.Helper()
	s, err := store.Open(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	u := store.Update{Meta: store.Meta{ID: "synth", Dimension: scaleDim}}
	for i := range n {
		path := fmt.Sprintf("pkg%d/file%d.go", i/2000, i/20)
		if i%20 == 0 {
			u.Changed = append(u.Changed, store.FileState{Path: path})
		}
		line := i%20*10 + 1
		content := "func f" + strconv.Itoa(i) + "() {}"
		u.Chunks = append(u.Chunks, store.Chunk{ID: store.ChunkID(path, line, line+9, content), FilePath: path,
			StartLine: line, EndLine: line + 9, Content: content, Vector: sv.next()})
	}
	if err := s.Commit(nil, u); err != nil {
		b.Fatal(err)
	}
	ix, err := s.Load("synth")
	if err != nil {
		b.Fatal(err)
	}
	return ix, u.Chunks // Commit keeps them, reordered
}

// BenchmarkVectorScale measures vector search over 1k, 100k and 1M synthetic
// 256-dimension chunks, our scan against chromem-go (the engine before
// it) on the same vectors in the same run, and reports p50 and p95 of 25
// queries asking for the 50 best, as a search at limit 10 does, and the
// scan's recall of chromem-go's top 10 (1M is past the store's two-bit
// threshold, where the ranking is measured rather than proven exact). The
// scan must answer 1M chunks in at most 100 ms p50 on 2 cores.
//
//	go test ./benchmarks -run '^$' -bench VectorScale -benchtime 1x
func BenchmarkVectorScale(b *testing.B) {
	for _, n := range []int{1_000, 100_000, 1_000_000} {
		b.Run(fmt.Sprintf("%dk", n/1000), func(b *testing.B) {
			sv := newSynthVectors(n)
			ix, chunks := synthIndex(b, sv, n)
			coll := chromemCollection(b, chunks)
			queries := make([][]float32, scaleQueries)
			for i := range queries {
				queries[i] = sv.next()
			}
			ctx := context.Background()
			start := time.Now() // the first query faults the mapped segment in
			if _, err := ix.Query(ctx, store.Code, queries[0], scaleWant, nil); err != nil {
				b.Fatal(err)
			}
			first := time.Since(start)
			var scan, ref []time.Duration
			found, want := 0, 0
			for b.Loop() {
				// All scans, then all chromem-go queries, a collection
				// between: chromem-go's garbage would otherwise be
				// collected during our scans and bill them for it.
				got := make([]map[string]bool, len(queries))
				for i, q := range queries {
					start := time.Now()
					hits, err := ix.Query(ctx, store.Code, q, scaleWant, nil)
					scan = append(scan, time.Since(start))
					if err != nil || len(hits) != scaleWant {
						b.Fatalf("scan: %d hits, %v", len(hits), err)
					}
					got[i] = map[string]bool{}
					for _, h := range hits[:10] {
						got[i][h.Chunk.ID] = true
					}
				}
				runtime.GC()
				for i, q := range queries {
					start := time.Now()
					res, err := coll.QueryEmbedding(ctx, q, scaleWant, nil, nil)
					ref = append(ref, time.Since(start))
					if err != nil {
						b.Fatal(err)
					}
					for _, r := range res[:10] {
						want++
						if got[i][r.ID] {
							found++
						}
					}
				}
				runtime.GC()
			}
			b.ReportMetric(ms(first), "first-query-ms") // reported after b.Loop, which clears earlier metrics
			b.ReportMetric(ms(percentile(scan, 50)), "scan-p50-ms")
			b.ReportMetric(ms(percentile(scan, 95)), "scan-p95-ms")
			b.ReportMetric(ms(percentile(ref, 50)), "chromem-p50-ms")
			b.ReportMetric(ms(percentile(ref, 95)), "chromem-p95-ms")
			recall := float64(found) / float64(want)
			b.ReportMetric(recall, "recall@10")
			if recall < 0.98 {
				b.Errorf("recall@10 %.4f against chromem-go, want at least 0.98", recall)
			}
			if p50 := percentile(scan, 50); n == 1_000_000 && p50 > 100*time.Millisecond {
				b.Logf("TARGET MISSED: 1M chunks p50 %s, target ≤ 100 ms", p50)
			}
		})
	}
}

// chromemCollection loads chunks into a chromem-go collection, chunk IDs
// as document IDs.
func chromemCollection(b *testing.B, chunks []store.Chunk) *chromem.Collection {
	b.Helper()
	coll, err := chromem.NewDB().CreateCollection("ref", nil, func(context.Context, string) ([]float32, error) {
		return nil, fmt.Errorf("vectors are precomputed")
	})
	if err != nil {
		b.Fatal(err)
	}
	docs := make([]chromem.Document, len(chunks))
	for i, c := range chunks {
		docs[i] = chromem.Document{ID: c.ID, Embedding: c.Vector}
	}
	if err := coll.AddDocuments(context.Background(), docs, 2); err != nil {
		b.Fatal(err)
	}
	return coll
}

// percentile returns the p-th percentile of ds.
func percentile(ds []time.Duration, p int) time.Duration {
	s := append([]time.Duration(nil), ds...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[min(len(s)-1, len(s)*p/100)]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// BenchmarkVectorScale5M is the scan over 5M synthetic 256-d chunks (one
// 4.5 GB index written as the store's runs write it), 25 queries for the
// 50 best, checked against a brute-force exact ranking of the same stored
// vectors: recall@10 must be at least 0.98 (5M rows take the two-bit
// pass), p50 at most 100 ms on 2 cores. Opt-in, as it needs about 10 GB of memory and
// minutes to build:
//
//	CODESEEK_VECTOR_5M=1 go test ./benchmarks -run '^$' -bench VectorScale5M -benchtime 1x -timeout 30m
func BenchmarkVectorScale5M(b *testing.B) {
	if os.Getenv("CODESEEK_VECTOR_5M") == "" {
		b.Skip("set CODESEEK_VECTOR_5M=1: builds a 5M-chunk index")
	}
	const n = 5_000_000
	sv := newSynthVectors(n)
	ix, chunks := synthIndex(b, sv, n)
	queries := make([][]float32, scaleQueries)
	for i := range queries {
		queries[i] = sv.next()
	}
	ctx := context.Background()
	start := time.Now() // the first query faults the mapped segments in
	if _, err := ix.Query(ctx, store.Code, sv.next(), scaleWant, nil); err != nil {
		b.Fatal(err)
	}
	first := time.Since(start)
	var lat []time.Duration
	found, want := 0, 0
	for b.Loop() {
		for _, q := range queries {
			start := time.Now()
			hits, err := ix.Query(ctx, store.Code, q, scaleWant, nil)
			lat = append(lat, time.Since(start))
			if err != nil || len(hits) != scaleWant {
				b.Fatalf("scan: %d hits, %v", len(hits), err)
			}
			exact := bruteTop(chunks, q, 10)
			got := map[string]bool{}
			for _, h := range hits[:10] {
				got[h.Chunk.ID] = true
			}
			for _, id := range exact {
				want++
				if got[id] {
					found++
				}
			}
		}
	}
	b.ReportMetric(ms(first), "first-query-ms")
	b.ReportMetric(ms(percentile(lat, 50)), "scan-p50-ms")
	b.ReportMetric(ms(percentile(lat, 95)), "scan-p95-ms")
	b.ReportMetric(float64(found)/float64(want), "recall@10")
}

// bruteTop ranks every chunk by exact cosine similarity to q and returns
// the IDs of the k best.
func bruteTop(chunks []store.Chunk, q []float32, k int) []string {
	type sc struct {
		s  float64
		id string
	}
	var top []sc
	for i := range chunks {
		s := store.Cosine(&chunks[i], q)
		if len(top) < k || s > top[len(top)-1].s {
			top = append(top, sc{s, chunks[i].ID})
			sort.Slice(top, func(a, b int) bool { return top[a].s > top[b].s })
			top = top[:min(k, len(top))]
		}
	}
	ids := make([]string, len(top))
	for i, t := range top {
		ids[i] = t.id
	}
	return ids
}
