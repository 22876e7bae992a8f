package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/indexer"
	"github.com/codeseek/codeseek/search"
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
}

func (g *globalFlags) register(c *cobra.Command) {
	f := c.PersistentFlags()
	f.StringVar(&g.dataDir, "data-dir", envOr("CODESEEK_DATA_DIR", defaultDataDir()), "where indexes are stored (env CODESEEK_DATA_DIR)")
	f.StringVar(&g.embedder, "embedder", envOr("CODESEEK_EMBEDDER", defaultEmbedder), "embedder: builtin (offline model in the binary), hash (offline, no model) or openai (any OpenAI-compatible endpoint) (env CODESEEK_EMBEDDER)")
	f.StringVar(&g.embedModel, "embed-model", os.Getenv("CODESEEK_EMBED_MODEL"), "model name for --embedder openai, e.g. nomic-embed-text (env CODESEEK_EMBED_MODEL)")
	f.StringVar(&g.embedURL, "embed-url", os.Getenv("CODESEEK_EMBED_URL"), "base URL for --embedder openai, e.g. http://127.0.0.1:11434/v1 (env CODESEEK_EMBED_URL; key from OPENAI_API_KEY)")
	f.Int64Var(&g.maxFileSize, "max-file-size", indexer.DefaultMaxFileSize, "skip files larger than this many bytes")
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
	cfg := tools.Config{DataDir: g.dataDir, Embedder: emb, Walk: indexer.WalkOptions{MaxFileSize: g.maxFileSize}, Ranking: ranking}
	for _, o := range opts {
		o(&cfg)
	}
	svc, err := tools.New(cfg)
	if err != nil {
		return nil, fmt.Errorf("%w (set --data-dir or CODESEEK_DATA_DIR to a writable directory)", err)
	}
	return svc, nil
}
