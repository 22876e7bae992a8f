package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/spf13/cobra"

	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/indexer"
	"github.com/codeseek/codeseek/search"
	"github.com/codeseek/codeseek/store"
	"github.com/codeseek/codeseek/store/weaviate"
	"github.com/codeseek/codeseek/tools"
)

// defaultEmbedder is used when neither --embedder nor CODESEEK_EMBEDDER is set.
const defaultEmbedder = "builtin"

// globalFlags are the flags every command shares.
type globalFlags struct {
	dataDir     string
	embedder    string
	embedModel  string
	embedURL    string
	maxFileSize int64
	maxMemory   string
	// storage backend (see storeBackend)
	store       string
	weaviateURL string
	replication int
}

func (g *globalFlags) register(c *cobra.Command) {
	f := c.PersistentFlags()
	f.StringVar(&g.dataDir, "data-dir", envOr("CODESEEK_DATA_DIR", defaultDataDir()), "where indexes are stored (env CODESEEK_DATA_DIR)")
	f.StringVar(&g.embedder, "embedder", envOr("CODESEEK_EMBEDDER", defaultEmbedder), "embedder: builtin (offline model in the binary), hash (offline, no model) or openai (any OpenAI-compatible endpoint) (env CODESEEK_EMBEDDER)")
	f.StringVar(&g.embedModel, "embed-model", os.Getenv("CODESEEK_EMBED_MODEL"), "model name for --embedder openai, e.g. nomic-embed-text (env CODESEEK_EMBED_MODEL)")
	f.StringVar(&g.embedURL, "embed-url", os.Getenv("CODESEEK_EMBED_URL"), "base URL for --embedder openai, e.g. http://127.0.0.1:11434/v1 (env CODESEEK_EMBED_URL; key from OPENAI_API_KEY)")
	f.Int64Var(&g.maxFileSize, "max-file-size", indexer.DefaultMaxFileSize, "skip files larger than this many bytes")
	f.StringVar(&g.maxMemory, "max-memory", os.Getenv("CODESEEK_MAX_MEMORY"), "memory an index run may use, e.g. 512MiB or 2GiB; larger repositories are written as more segments, not with more memory (default 768MiB, or GOMEMLIMIT when set; env CODESEEK_MAX_MEMORY)")
	f.StringVar(&g.store, "store", envOr("CODESEEK_STORE", "embedded"), "where indexes live: embedded (in --data-dir) or weaviate (a Weaviate cluster at --weaviate-url) (env CODESEEK_STORE)")
	f.StringVar(&g.weaviateURL, "weaviate-url", os.Getenv("CODESEEK_WEAVIATE_URL"), "one Weaviate node's HTTP URL for --store weaviate, e.g. http://127.0.0.1:8080 (env CODESEEK_WEAVIATE_URL; API key from CODESEEK_WEAVIATE_API_KEY)")
	f.IntVar(&g.replication, "weaviate-replication", envInt("CODESEEK_WEAVIATE_REPLICATION", 1), "nodes holding each repository, set when codeseek creates its Weaviate collections (env CODESEEK_WEAVIATE_REPLICATION)")
}

// envInt reads an integer setting; a malformed value becomes -1, which
// the flag's check then refuses with its name.
func envInt(key string, def int) int {
	v := os.Getenv(key)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return -1
	}
	return n
}

// storeBackend returns the configured storage backend: nil for the
// embedded store (the service opens it in the data directory).
func (g *globalFlags) storeBackend() (store.Backend, error) {
	switch g.store {
	case "", "embedded":
		return nil, nil
	case "weaviate":
	default:
		return nil, usagef("--store %q is not supported: use embedded or weaviate", g.store)
	}
	if g.weaviateURL == "" {
		return nil, usagef("--store weaviate needs --weaviate-url (or CODESEEK_WEAVIATE_URL), e.g. http://127.0.0.1:8080")
	}
	if g.replication < 1 {
		return nil, usagef("--weaviate-replication (or CODESEEK_WEAVIATE_REPLICATION) must be a whole number from 1, the nodes holding each repository")
	}
	c, err := weaviate.New(weaviate.Config{URL: g.weaviateURL, APIKey: os.Getenv("CODESEEK_WEAVIATE_API_KEY"), Replication: g.replication})
	if err != nil {
		return nil, usagef("--weaviate-url: %v", err)
	}
	return weaviate.NewBackend(c), nil
}

func envOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

// defaultDataDir follows the XDG base directory convention.
func defaultDataDir() string {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "codeseek")
	}
	if home, err := os.UserHomeDir(); err == nil {
		return filepath.Join(home, ".local", "share", "codeseek")
	}
	return filepath.Join(os.TempDir(), "codeseek")
}

// newEmbedder builds the configured embedder.
func (g *globalFlags) newEmbedder(ctx context.Context) (embedding.Embedder, error) {
	switch g.embedder {
	case "builtin":
		return embedding.NewBuiltin()
	case "hash":
		return embedding.HashEmbedder{}, nil
	case "openai":
		return embedding.NewOpenAI(ctx, embedding.OpenAIConfig{
			BaseURL: g.embedURL, APIKey: os.Getenv("OPENAI_API_KEY"), Model: g.embedModel,
		})
	}
	return nil, usagef("--embedder %q is not supported: use builtin, hash or openai", g.embedder)
}

// service opens the data directory with the configured embedder; opts
// adjust the configuration (serve's roots and limits).
func (g *globalFlags) service(ctx context.Context, opts ...func(*tools.Config)) (*tools.Service, error) {
	if g.maxFileSize <= 0 {
		return nil, usagef("--max-file-size must be positive, got %d", g.maxFileSize)
	}
	cgroup, _ := cgroupMemoryLimit()
	budget, err := memoryBudget(g.maxMemory, os.Getenv("GOMEMLIMIT"), cgroup)
	if err != nil {
		return nil, err
	}
	emb, err := g.newEmbedder(ctx)
	if err != nil {
		return nil, err
	}
	// CODESEEK_RANK is a development setting for ablation runs and tuning
	// (see search.ParseOptions); users never need it.
	ranking, err := search.ParseOptions(os.Getenv("CODESEEK_RANK"))
	if err != nil {
		return nil, usagef("CODESEEK_RANK: %v", err)
	}
	backend, err := g.storeBackend()
	if err != nil {
		return nil, err
	}
	cfg := tools.Config{DataDir: g.dataDir, Embedder: emb, Walk: indexer.WalkOptions{MaxFileSize: g.maxFileSize}, Ranking: ranking, Backend: backend, MaxMemory: budget}
	for _, o := range opts {
		o(&cfg)
	}
	svc, err := tools.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("%w (set --data-dir or CODESEEK_DATA_DIR to a writable directory)", err)
	}
	return svc, nil
}
