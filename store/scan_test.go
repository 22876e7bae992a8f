package store

import (
	"context"
	"fmt"
	"math"
	"math/rand"
	"slices"
	"strconv"
	"strings"
	"testing"

	chromem "github.com/philippgille/chromem-go"
)

const scanDim = 256

// reference ranks with chromem-go, the reference exact search, over
// collections of every chunk of an index's views; dead and filtered
// chunks are dropped afterwards.
type reference struct {
	ix    *Index
	colls [2][]*chromem.Collection
}

func newReference(t *testing.T, ix *Index) *reference {
	t.Helper()
	ref := &reference{ix: ix}
	for k := range ix.views {
		for _, v := range ix.views[k] {
			coll, err := chromem.NewDB().CreateCollection("ref", nil, func(context.Context, string) ([]float32, error) {
				return nil, fmt.Errorf("no embedding in tests")
			})
			if err != nil {
				t.Fatal(err)
			}
			docs := make([]chromem.Document, v.n)
			for i := range docs {
				docs[i] = chromem.Document{ID: strconv.Itoa(i), Embedding: v.chunk(int32(i)).Vector}
			}
			if err := coll.AddDocuments(context.Background(), docs, 2); err != nil {
				t.Fatal(err)
			}
			ref.colls[k] = append(ref.colls[k], coll)
		}
	}
	return ref
}

// rank returns every live chunk of kind k with its similarity to vec.
func (ref *reference) rank(t *testing.T, k Kind, vec []float32) []Hit {
	t.Helper()
	var hits []Hit
	for i, coll := range ref.colls[k] {
		v := &ref.ix.views[k][i]
		res, err := coll.QueryEmbedding(context.Background(), vec, coll.Count(), nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range res {
			i, _ := strconv.Atoi(r.ID)
			if !v.isDead(int32(i)) {
				hits = append(hits, Hit{Chunk: v.chunk(int32(i)), Score: float64(r.Similarity)})
			}
		}
	}
	return hits
}

// top is the reference's n best of ranked that keep accepts.
func top(ranked []Hit, n int, keep func(*Chunk) bool) []Hit {
	var hits []Hit
	for _, h := range ranked {
		if keep == nil || keep(h.Chunk) {
			hits = append(hits, h)
		}
	}
	return bestHits(hits, n)
}

// vectorSource makes test vectors: uniform random directions, or
// "real-ish" ones clustered around a few topics with near-duplicates and
// exact duplicates, where scores of the best rows lie closer together
// than the quantization error.
type vectorSource struct {
	rng     *rand.Rand
	centers [][]float32
	last    []float32
}

func newVectorSource(seed int64, clusters int) *vectorSource {
	vs := &vectorSource{rng: rand.New(rand.NewSource(seed))}
	for range clusters {
		vs.centers = append(vs.centers, vs.random())
	}
	return vs
}

func (vs *vectorSource) random() []float32 {
	v := make([]float32, scanDim)
	for i := range v {
		v[i] = float32(vs.rng.NormFloat64())
	}
	return unitVector(v)
}

// next returns a unit vector, or now and then the previous one again or
// one of twice unit length, which chromem-go normalises.
func (vs *vectorSource) next() []float32 {
	if len(vs.centers) == 0 {
		return vs.random()
	}
	switch r := vs.rng.Intn(20); {
	case r == 0 && vs.last != nil:
		return append([]float32(nil), vs.last...)
	case r == 1:
		v := vs.near(0.2)
		for i := range v {
			v[i] *= 2
		}
		return v
	}
	vs.last = vs.near(0.4 * vs.rng.Float64())
	return vs.last
}

// near is a random center plus noise of relative size spread.
func (vs *vectorSource) near(spread float64) []float32 {
	c := vs.centers[vs.rng.Intn(len(vs.centers))]
	v := make([]float32, scanDim)
	for i := range v {
		v[i] = c[i] + float32(spread*vs.rng.NormFloat64()/math.Sqrt(scanDim))
	}
	return unitVector(v)
}

// scanIndex commits three updates of files of 20 chunks each (a quarter of
// them documentation), the later ones re-indexing a few files, so the
// index has several segments holding dead chunks.
func scanIndex(t *testing.T, vs *vectorSource, files int) *Index {
	t.Helper()
	s, _ := Open(t.TempDir())
	var prev *Manifest
	edit := func(round int, names []string) {
		u := Update{Meta: Meta{ID: "r", Dimension: scanDim}}
		changed := map[string]bool{}
		for _, name := range names {
			changed[name] = true
			u.Changed = append(u.Changed, FileState{Path: name})
			for i := range 20 {
				content := fmt.Sprintf("round %d chunk %d of %s", round, i, name)
				c := Chunk{ID: ChunkID(name, i+1, i+1, content), FilePath: name, StartLine: i + 1, EndLine: i + 1, Content: content, Vector: vs.next()}
				if strings.HasSuffix(name, ".md") {
					c.Kind = Doc
				}
				u.Chunks = append(u.Chunks, c)
			}
		}
		if prev != nil {
			for _, f := range prev.Files {
				if !changed[f.Path] {
					u.Unchanged = append(u.Unchanged, FileState{Path: f.Path})
				}
			}
		}
		prev = commit(t, s, u)
	}
	var names []string
	for i := range files {
		ext := ".go"
		if i%4 == 3 {
			ext = ".md"
		}
		names = append(names, fmt.Sprintf("dir%d/f%d%s", i%3, i, ext))
	}
	edit(0, names)
	edit(1, names[:files/20])
	edit(2, names[files/20:files/10])
	ix, err := s.Load("r")
	if err != nil {
		t.Fatal(err)
	}
	if len(ix.views[Code]) < 2 || ix.views[Code][0].ndead == 0 {
		t.Fatalf("test index has %d code segments, %d dead chunks in the first; want several, some dead", len(ix.views[Code]), ix.views[Code][0].ndead)
	}
	return ix
}

// sameRanking fails unless got and want list the same chunks in the same
// order with the same scores.
func sameRanking(t *testing.T, what string, got, want []Hit) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d hits, reference %d", what, len(got), len(want))
	}
	for i := range got {
		if got[i].Chunk != want[i].Chunk || got[i].Score != want[i].Score {
			t.Fatalf("%s: hit %d is %s (%.7f), reference %s (%.7f)", what, i,
				got[i].Chunk.ID, got[i].Score, want[i].Chunk.ID, want[i].Score)
		}
	}
}

// TestQueryMatchesChromem checks the scan's top 10 (and top 50) against
// chromem-go's exact ranking on random and clustered vectors, with and
// without filters, over segments with dead chunks.
func TestQueryMatchesChromem(t *testing.T) {
	filters := map[string]func(*Chunk) bool{
		"none":    nil,
		"dir1":    func(c *Chunk) bool { return strings.HasPrefix(c.FilePath, "dir1/") },
		"sparse":  func(c *Chunk) bool { return c.StartLine == 7 },
		"nothing": func(*Chunk) bool { return false },
		"not-f0-9": func(c *Chunk) bool {
			return !strings.Contains(c.FilePath, "/f") || c.FilePath[len(c.FilePath)-4] != '9'
		},
	}
	for _, clusters := range []int{0, 12} {
		vs := newVectorSource(int64(clusters+1), clusters)
		ix := scanIndex(t, vs, 120)
		ref := newReference(t, ix)
		for q := range 40 {
			vec := vs.next()
			for _, k := range []Kind{Code, Doc} {
				ranked := ref.rank(t, k, vec)
				for name, keep := range filters {
					for _, n := range []int{10, 50} {
						got, err := ix.Query(context.Background(), k, vec, n, keep)
						if err != nil {
							t.Fatal(err)
						}
						what := fmt.Sprintf("clusters %d, query %d, filter %s, kind %d, n %d", clusters, q, name, k, n)
						sameRanking(t, what, got, top(ranked, n, keep))
					}
				}
			}
		}
	}
}

// TestScanProofFallsBackWhenPoolsAreTooSmall runs the scan with many
// small jobs and pools no larger than n, so that near-ties beyond a pool
// happen all the time, and checks that the result stays exact.
func TestScanProofFallsBackWhenPoolsAreTooSmall(t *testing.T) {
	vs := newVectorSource(7, 4)
	ix := scanIndex(t, vs, 60)
	ref := newReference(t, ix)
	keep := func(c *Chunk) bool { return c.StartLine%3 != 0 }
	for q := range 30 {
		vec := vs.next()
		jobs, err := ix.scanJobs(Code, scanDim, 100)
		if err != nil {
			t.Fatal(err)
		}
		got, err := scanExact(context.Background(), jobs, newQuantQuery(vec), 10, 10, serialized(keep, true))
		if err != nil {
			t.Fatal(err)
		}
		sameRanking(t, fmt.Sprintf("query %d", q), got, top(ref.rank(t, Code, vec), 10, keep))
	}
}

// TestQuantizationBound checks the bound the proof rests on: an
// approximate score is never further from the exact one, over the stored
// row, than bound.
func TestQuantizationBound(t *testing.T) {
	vs := newVectorSource(3, 5)
	var flat []float32
	for range 500 {
		flat = append(flat, vs.next()...)
	}
	m := quantize(flat, scanDim)
	for range 50 {
		q := newQuantQuery(vs.next())
		dots := make([]int32, 500)
		dotRows(m.codes, &q.dotQuery, dots)
		for r, d := range dots {
			approx := float64(d) * float64(m.scales[r]) * float64(q.scale)
			exact := rowScore(dequantize(make([]float32, scanDim), m.codes[r*scanDim:(r+1)*scanDim], m.scales[r]), q)
			if diff := math.Abs(approx - exact); diff > float64(m.bound(q)) {
				t.Fatalf("row %d: approximate %.6f, exact %.6f, bound %.6f", r, approx, exact, m.bound(q))
			}
		}
	}
}

// TestStoredRowsAreStable checks that a stored row is the vector it
// stands for, at unit length, and that storing it again (a merge reads
// rows back) gives the same codes and the same scale up to rounding.
func TestStoredRowsAreStable(t *testing.T) {
	vs := newVectorSource(4, 5)
	codes, again := make([]int8, scanDim), make([]int8, scanDim)
	for i := range 500 {
		x := vs.next()
		if i%50 == 0 {
			for j := range x {
				x[j] *= 3 // not unit length
			}
		}
		s, resid, norm := storedRow(x, codes)
		row := dequantize(make([]float32, scanDim), codes, s)
		if cos := float64(dotExact(unitVector(x), row)); cos < 0.9999 || resid > 1e-5 || math.Abs(float64(norm)-1) > 1e-5 {
			t.Fatalf("row %d: cosine to the original %.5f, length %.7f, resid %.2g", i, cos, norm, resid)
		}
		s2, _, _ := storedRow(row, again)
		if math.Abs(float64(s2-s)) > 1e-6*float64(s) || !slices.Equal(again, codes) {
			t.Fatalf("row %d: stored again with scale %g (was %g), codes equal: %v", i, s2, s, slices.Equal(again, codes))
		}
	}
}

// TestDotKernelsAgree checks each kernel this CPU has against the
// portable one on lengths that do and do not fill its vector registers,
// over the whole int8 range (the VNNI kernel offsets codes by 128).
func TestDotKernelsAgree(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for _, dim := range []int{1, 7, 16, 33, 64, 192, 256, 320, 384, 1000, 1024} {
		rows := 37
		codes := make([]int8, rows*dim)
		for i := range codes {
			codes[i] = int8(rng.Intn(256) - 128)
		}
		qc := make([]int8, dim)
		for i := range qc {
			qc[i] = int8(rng.Intn(256) - 128)
		}
		q := newDotQuery(qc)
		want := make([]int32, rows)
		dotRowsGo(codes, q.wide, want)
		for _, k := range append(dotKernels(), dotKernel{"in-use", dotRows, func(int) bool { return true }}) {
			if !k.dims(dim) {
				continue
			}
			got := make([]int32, rows)
			k.dot(codes, &q, got)
			for r := range got {
				if got[r] != want[r] {
					t.Fatalf("%s, dim %d row %d: kernel %d, portable %d", k.name, dim, r, got[r], want[r])
				}
			}
		}
	}
}

func TestQueryRejectsOtherDimensions(t *testing.T) {
	ix := scanIndex(t, newVectorSource(1, 0), 40)
	_, err := ix.Query(context.Background(), Code, make([]float32, 3), 10, nil)
	if err == nil || !strings.Contains(err.Error(), "3 dimensions") {
		t.Fatalf("query of 3 dimensions on a %d-dimensional index: %v", scanDim, err)
	}
}

// TestCoarseScanRecall takes the two-bit path on a small index (the
// threshold lowered) and checks, against chromem-go's exact ranking on
// random and clustered vectors with filters and dead chunks: every hit
// is one the filter accepts, live, with its exact score, in exact order
// among the hits, and recall@n is at least 0.98 over all queries.
func TestCoarseScanRecall(t *testing.T) {
	defer func(n int) { coarseMinRows = n }(coarseMinRows)
	coarseMinRows = 0
	filters := map[string]func(*Chunk) bool{
		"none":   nil,
		"dir1":   func(c *Chunk) bool { return strings.HasPrefix(c.FilePath, "dir1/") },
		"sparse": func(c *Chunk) bool { return c.StartLine == 7 },
	}
	for _, clusters := range []int{0, 12} {
		vs := newVectorSource(int64(clusters+3), clusters)
		ix := scanIndex(t, vs, 120)
		ref := newReference(t, ix)
		found, want := 0, 0
		for q := range 40 {
			vec := vs.next()
			ranked := ref.rank(t, Code, vec)
			for name, keep := range filters {
				for _, n := range []int{10, 50} {
					got, err := ix.Query(context.Background(), Code, vec, n, keep)
					if err != nil {
						t.Fatal(err)
					}
					exact := top(ranked, n, keep)
					if len(got) != len(exact) {
						t.Fatalf("clusters %d, query %d, filter %s, n %d: %d hits, reference %d", clusters, q, name, n, len(got), len(exact))
					}
					scores := map[*Chunk]float64{}
					for _, h := range top(ranked, len(ranked), keep) {
						scores[h.Chunk] = h.Score
					}
					in := map[*Chunk]bool{}
					for _, h := range exact {
						in[h.Chunk] = true
					}
					for i, h := range got {
						s, ok := scores[h.Chunk]
						if !ok || s != h.Score || (i > 0 && h.Score > got[i-1].Score) {
							t.Fatalf("clusters %d, query %d, filter %s: hit %d %s (%.7f) is filtered, dead, rescored wrongly or out of order",
								clusters, q, name, i, h.Chunk.ID, h.Score)
						}
						if in[h.Chunk] {
							found++
						}
					}
					want += len(exact)
				}
			}
		}
		recall := float64(found) / float64(want)
		t.Logf("clusters %d: recall %.4f over %d expected hits", clusters, recall, want)
		if recall < 0.98 {
			t.Errorf("clusters %d: recall %.4f, want at least 0.98", clusters, recall)
		}
	}
}
