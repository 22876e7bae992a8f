package tools

import (
	"context"
	"errors"
	"time"

	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/indexer"
	"github.com/codeseek/codeseek/store"
)

// WatchParams are the arguments of Watch.
type WatchParams struct {
	// Index describes the first run (Force and Progress apply to it only;
	// later runs are incremental and silent). DryRun is not allowed.
	Index IndexParams
	// Debounce is the quiet period after a change before re-indexing;
	// 0 means indexer.DefaultDebounce.
	Debounce time.Duration
	// OnIndex is called after every run, the first one included, with the
	// repository-relative paths whose change triggered it (nil for the
	// first run). A failed re-index does not stop the watch: the next
	// change retries it.
	OnIndex func(rep formatter.IndexReport, changed []string, err error)
	// OnError receives watch problems that do not stop it, such as a
	// directory that cannot be watched.
	OnError func(error)
}

// Watch indexes a repository and keeps its index fresh until ctx is done,
// for `codeseek index --watch` and `codeseek serve --watch`. The watch is
// set up before the first run so that nothing changed during it is missed.
// Runs go through IndexRepository, so they are serialised with every other
// writer and searches keep reading the last complete index meanwhile.
// Watch returns an error only if the repository cannot be watched or its
// first index fails; a cancelled ctx returns nil.
func (s *Service) Watch(ctx context.Context, p WatchParams) error {
	if p.Index.DryRun {
		return argErrorf("dry_run", "cannot be combined with watching: a dry run stores nothing to keep fresh")
	}
	root, err := s.repoRoot(p.Index.RepoPath)
	if err != nil {
		return err
	}
	w, err := indexer.NewWatcher(root, indexer.WatchOptions{
		Debounce: p.Debounce,
		Exclude:  []string{s.cfg.DataDir},
		OnError:  p.OnError,
	})
	if err != nil {
		return err
	}
	first := p.Index
	first.RepoPath = root
	rep, err := s.IndexRepository(ctx, first)
	if p.OnIndex != nil {
		p.OnIndex(rep, nil, err)
	}
	if err != nil {
		w.Close()
		if ctx.Err() != nil {
			return nil
		}
		return err
	}
	next := IndexParams{RepoPath: root, ProjectID: rep.ProjectID}
	return w.Run(ctx, func(ctx context.Context, changed []string) {
		if s.upToDate(ctx, next) {
			return
		}
		for attempt := 0; ; attempt++ {
			rep, err := s.IndexRepository(ctx, next)
			if ctx.Err() != nil {
				return // shutting down: an interrupted run is not news
			}
			locked := errors.Is(err, store.ErrLocked)
			if p.OnIndex != nil && (!locked || attempt == 0) {
				p.OnIndex(rep, changed, err)
			}
			if !locked {
				return
			}
			// Another process is writing the data directory (a CLI
			// `codeseek index`, another server). Waiting here, rather than
			// until the next change, keeps this change from being lost;
			// changes meanwhile queue up for one run after this one.
			select {
			case <-ctx.Done():
				return
			case <-time.After(lockRetry):
			}
		}
	})
}

// lockRetry is how often a watch retries a re-index while another process
// holds the data directory's write lock.
var lockRetry = 2 * time.Second

// upToDate reports whether a re-index would change nothing: the event was
// a save without edits, a file the walker skips (binary, too large), or
// a rename back and forth. A dry run costs a walk and chunking only the
// files that moved; a real run would also rewrite the manifest and report
// a re-index that changed nothing.
func (s *Service) upToDate(ctx context.Context, p IndexParams) bool {
	p.DryRun = true
	rep, err := s.IndexRepository(ctx, p)
	return err == nil && rep.FilesIndexed == 0 && rep.FilesDeleted == 0 && len(rep.Errors) == 0
}
