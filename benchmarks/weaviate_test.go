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

	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/internal/servetest"
	"github.com/codeseek/codeseek/store"
	"github.com/codeseek/codeseek/store/weaviate"
	"github.com/codeseek/codeseek/tools"
)

// BenchmarkWeaviateNet indexes $GOROOT/src/net with the built-in embedder
// into the embedded store and into the Weaviate cluster at
// CODESEEK_WEAVIATE_URL (comma-separated node URLs; replication is their
// number; written and searched through the first), logging both index
// times (a full index run: walk, chunk, embed, write), then runs hybrid
// searches through the service on each backend and reports their p50:
//
//	CODESEEK_WEAVIATE_URL=$(scripts/weaviate-cluster up 1) \
//	  go test -v ./benchmarks -run '^$' -bench WeaviateNet -benchtime 50x
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
	root := filepath.Join(goroot(b), "src", "net")
	prefix := fmt.Sprintf("CsBench%d", time.Now().UnixNano())
	client, err := weaviate.New(weaviate.Config{URL: nodes[0], Prefix: prefix, Replication: len(nodes)})
	if err != nil {
		b.Fatal(err)
	}
	defer client.Drop(ctx)
	backends := []struct {
		name    string
		backend store.Backend
	}{{"embedded", nil}, {"weaviate", weaviate.NewBackend(client)}}
	for _, be := range backends {
		svc, err := tools.New(tools.Config{DataDir: b.TempDir(), Embedder: emb, Backend: be.backend})
		if err != nil {
			b.Fatal(err)
		}
		start := time.Now()
		rep, err := svc.IndexRepository(ctx, tools.IndexParams{RepoPath: root})
		if err != nil {
			b.Fatal(err)
		}
		// Sub-benchmarks hide the parent's metrics, so this goes to the log.
		b.Logf("%s: %d files, %d chunks indexed in %.2f s (replication %d)",
			be.name, rep.FilesIndexed, rep.ChunksCreated, time.Since(start).Seconds(), len(nodes))
		b.Run(be.name, func(b *testing.B) {
			var lat []time.Duration
			for i := 0; b.Loop(); i++ {
				q := servetest.NetQueries[i%len(servetest.NetQueries)]
				t := time.Now()
				resp, err := svc.Search(ctx, tools.SearchParams{Query: q, RepositoryID: rep.RepositoryID, Limit: 10})
				if err != nil || len(resp.Results) == 0 {
					b.Fatalf("%q: %d results, %v", q, len(resp.Results), err)
				}
				lat = append(lat, time.Since(t))
			}
			slices.Sort(lat)
			b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
		})
	}
}
