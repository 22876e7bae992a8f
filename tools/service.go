// Package tools is codeseek's service layer: indexing, searching, listing
// and removing repositories, implemented once and exposed both as MCP tools
// and through the command line.
package tools

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/cespare/xxhash/v2"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/embedding"
	"github.com/codeseek/codeseek/indexer"
	"github.com/codeseek/codeseek/search"
	"github.com/codeseek/codeseek/store"
)

// Config configures a Service.
type Config struct {
	// DataDir holds the indexes.
	DataDir  string
	Embedder embedding.Embedder
	Chunk    chunker.Options
	Walk     indexer.WalkOptions
	// Ranking switches ranking features off or overrides their weights,
	// for ablation runs; the zero value is the shipped ranker.
	Ranking search.Options
	// Roots, if set, are the only directories whose paths tool calls may
	// name and whose repositories they see (the MCP server's); nil allows
	// every path (the CLI's).
	Roots *Roots
	// Backend keeps the indexes; nil means the embedded store in DataDir.
	// DataDir still holds the write lock either way.
	Backend store.Backend
	// MaxSearches bounds the searches running at once; more wait their
	// turn. 0 means one per CPU.
	MaxSearches int
	// MaxMemory is an index run's memory budget in bytes; 0 means
	// store.DefaultMemory.
	MaxMemory int64
}

// Service answers tool calls. It is safe for concurrent use: index runs are
// serialised, searches never wait for them and see the last complete index.
type Service struct {
	cfg   Config
	store store.Backend

	indexMu  sync.Mutex    // one index run at a time in this process
	searches chan struct{} // one slot per search allowed to run at once
	jobs     jobTable      // background runs of the MCP server (jobs.go)
	// firstIndexWait bounds how long a search waits for a repository's
	// first index (DefaultFirstIndexWait; tests shorten it).
	firstIndexWait time.Duration
}

// New opens the data directory and returns a Service.
func New(cfg Config) (*Service, error) {
	if cfg.Embedder == nil {
		return nil, errors.New("tools: no embedder configured")
	}
	if cfg.DataDir == "" {
		return nil, errors.New("tools: no data directory configured")
	}
	st := cfg.Backend
	if st == nil {
		local, err := store.Open(cfg.DataDir)
		if err != nil {
			return nil, err
		}
		st = store.Local(local)
	}
	return &Service{cfg: cfg, store: st, searches: newSearchSlots(cfg.MaxSearches), firstIndexWait: DefaultFirstIndexWait}, nil
}

// Embedder is the embedder this service indexes and searches with.
func (s *Service) Embedder() embedding.Embedder { return s.cfg.Embedder }

// ArgError is a bad argument of a tool call. Its message names the argument
// and what would be accepted, so a caller can fix the call.
type ArgError struct {
	Arg string
	Msg string
	// Err is the failure the argument led to, when it is one callers
	// tell apart (nav.ErrNoSymbol: nothing of that name is declared).
	Err error
}

func (e *ArgError) Error() string { return e.Arg + ": " + e.Msg }

// Unwrap returns the failure the argument led to, if any.
func (e *ArgError) Unwrap() error { return e.Err }

func argErrorf(arg, format string, a ...any) error {
	return &ArgError{Arg: arg, Msg: fmt.Sprintf(format, a...)}
}

// RepoRoot resolves a user-given repository path to the absolute, symlink-
// free directory it names.
func RepoRoot(path string) (string, error) {
	if path == "" {
		return "", argErrorf("repo_path", "is required: pass the repository's root directory")
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", argErrorf("repo_path", "%v", err)
	}
	fi, err := os.Stat(abs)
	if errors.Is(err, os.ErrNotExist) {
		return "", argErrorf("repo_path", "%s does not exist: check the path", abs)
	}
	if err != nil {
		return "", argErrorf("repo_path", "%v", err)
	}
	if !fi.IsDir() {
		return "", argErrorf("repo_path", "%s is a file, not a directory: pass the repository's root directory", abs)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", argErrorf("repo_path", "%v", err)
	}
	return real, nil
}

// RepoID is the stable identifier of the repository at root (as returned
// by RepoRoot): the same directory always gets the same ID.
func RepoID(root string) string {
	return fmt.Sprintf("%012x", xxhash.Sum64String(root)&0xffffffffffff)
}
