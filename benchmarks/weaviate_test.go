package benchmarks

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/store"
	"github.com/codeseek/codeseek/store/weaviate"
)

// weaviateQueries are searched in BenchmarkWeaviateNet.
var weaviateQueries = []string{
	"resolve a host name to IP addresses", "parse an IPv6 address", "dial a TCP connection with a timeout",
	"listen on a unix socket", "set a read deadline on a connection", "look up MX records",
	"parse a CIDR network mask", "close a listener", "interface addresses of the machine", "UDP packet read",
}

// BenchmarkWeaviateNet indexes the .go files of $GOROOT/src/net (one
// directory, about 230 files) with the built-in embedder into the Weaviate
// cluster at CODESEEK_WEAVIATE_URL (comma-separated node URLs; replication
// is the node count), logs the index time (schema, Begin, Upserts and
// Commit; embedding excluded), then searches through the first node:
//
//	CODESEEK_WEAVIATE_URL=$(scripts/weaviate-cluster up 1) \
//	  go test -v ./benchmarks -run '^$' -bench WeaviateNet -benchtime 30x
func BenchmarkWeaviateNet(b *testing.B) {
	urls := os.Getenv("CODESEEK_WEAVIATE_URL")
	if urls == "" {
		b.Skip("CODESEEK_WEAVIATE_URL is not set; run scripts/weaviate-cluster up 1 and pass its URL")
	}
	nodes := strings.Split(urls, ",")
	ctx := context.Background()
	emb, err := embedding.NewBuiltin()
	if err != nil {
		b.Fatal(err)
	}
	files := netChunks(b, emb)
	c, err := weaviate.New(weaviate.Config{URL: nodes[0], Prefix: fmt.Sprintf("CsBench%d", time.Now().UnixNano()), Replication: len(nodes)})
	if err != nil {
		b.Fatal(err)
	}
	defer c.Drop(ctx)
	start := time.Now()
	if err := c.EnsureSchema(ctx); err != nil {
		b.Fatal(err)
	}
	tx, err := c.Begin(ctx, "net")
	if err != nil {
		b.Fatal(err)
	}
	chunks := 0
	for path, cs := range files {
		chunks += len(cs)
		if err := tx.Upsert(ctx, path, cs); err != nil {
			b.Fatal(err)
		}
	}
	if err := tx.Commit(ctx, nil); err != nil {
		b.Fatal(err)
	}
	// Sub-benchmarks hide the parent's metrics, so this goes to the log.
	b.Logf("%d files, %d chunks indexed through %s (replication %d) in %.2f s",
		len(files), chunks, nodes[0], len(nodes), time.Since(start).Seconds())

	vecs := make([][]float32, len(weaviateQueries))
	for i, q := range weaviateQueries {
		if vecs[i], err = emb.EmbedQuery(ctx, q); err != nil {
			b.Fatal(err)
		}
	}
	search := map[string]func(i int) ([]store.Hit, error){
		"nearVector": func(i int) ([]store.Hit, error) {
			return c.NearVector(ctx, "net", vecs[i], weaviate.Filter{}, 10)
		},
		"bm25": func(i int) ([]store.Hit, error) {
			return c.BM25(ctx, "net", weaviateQueries[i], weaviate.Filter{}, 10)
		},
	}
	for _, name := range []string{"nearVector", "bm25"} {
		b.Run(name, func(b *testing.B) {
			var lat []time.Duration
			for i := 0; b.Loop(); i++ {
				t := time.Now()
				hits, err := search[name](i % len(weaviateQueries))
				if err != nil || len(hits) == 0 {
					b.Fatalf("%s %q: %d hits, %v", name, weaviateQueries[i%len(weaviateQueries)], len(hits), err)
				}
				lat = append(lat, time.Since(t))
			}
			slices.Sort(lat)
			b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
		})
	}
}

// netChunks chunks and embeds the .go files directly in $GOROOT/src/net.
func netChunks(b *testing.B, emb embedding.Embedder) map[string][]store.Chunk {
	paths, err := filepath.Glob(filepath.Join(goroot(b), "src", "net", "*.go"))
	if err != nil || len(paths) == 0 {
		b.Fatalf("no Go files in GOROOT/src/net: %v", err)
	}
	out := map[string][]store.Chunk{}
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			b.Fatal(err)
		}
		rel := "net/" + filepath.Base(p)
		var texts []string
		var cs []store.Chunk
		for _, ch := range chunker.Split(rel, src, chunker.Options{}) {
			texts = append(texts, ch.EmbedText())
			cs = append(cs, store.Chunk{ID: store.ChunkID(rel, ch.StartLine, ch.EndLine, ch.Content), FilePath: rel,
				Language: ch.Language, Symbol: ch.Symbol, SymbolKind: ch.SymbolKind, Parent: ch.Parent,
				Signature: ch.Signature, StartLine: ch.StartLine, EndLine: ch.EndLine, Content: ch.Content})
		}
		vecs, err := emb.EmbedDocuments(context.Background(), texts)
		if err != nil {
			b.Fatal(err)
		}
		for i := range cs {
			cs[i].Vector = vecs[i]
		}
		out[rel] = cs
	}
	return out
}
