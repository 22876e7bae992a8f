package tools

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync"
	"time"

	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/indexer"
)

// MCP clients give up on a tool call after about a minute, and a large
// repository takes minutes to index. So the MCP server runs index_repository
// in the background: the call waits a while (DefaultIndexWait), then
// answers with status "indexing" and progress while the run goes on;
// list_repositories and later index_repository calls report on it, and
// searches keep reading the last committed index meanwhile. The CLI's
// `codeseek index` stays synchronous (it calls IndexRepository directly).

// Limits of index_repository's wait_seconds argument. The default leaves
// margin under the 30 s within which the call must answer.
const (
	DefaultIndexWait = 25 * time.Second
	MaxIndexWait     = time.Hour
)

// cancelGrace bounds how long a cancelled call waits for its run to stop
// before answering; the run stops on its own shortly after.
const cancelGrace = 10 * time.Second

// indexJob is one index run going on (or finished) in the background.
type indexJob struct {
	repoID, root, project string
	started               time.Time
	cancel                context.CancelFunc
	done                  chan struct{} // closed when the run ends

	mu       sync.Mutex
	progress *formatter.Progress
	watchers map[int]func(indexer.Progress)
	nextID   int
	rep      formatter.IndexReport
	err      error
	ended    time.Time
}

// jobTable holds the latest run per repository.
type jobTable struct {
	mu      sync.Mutex
	jobs    map[string]*indexJob  // by repository ID
	active  map[*activeRun]string // every run going on (runs.go), to its repository ID
	wait    time.Duration         // index_repository's default wait, if waitSet
	waitSet bool
}

// SetIndexWait sets how long index_repository waits for its run when the
// call gives no wait_seconds (`serve --index-wait`): a batch client that
// cannot poll, such as an evaluation harness, sets it longer than its runs.
func (s *Service) SetIndexWait(d time.Duration) error {
	if d < 0 || d > MaxIndexWait {
		return argErrorf("index-wait", "%v is out of range: use 0 to %v", d, MaxIndexWait)
	}
	s.jobs.mu.Lock()
	defer s.jobs.mu.Unlock()
	s.jobs.wait, s.jobs.waitSet = d, true
	return nil
}

// indexWait is index_repository's default wait.
func (s *Service) indexWait() time.Duration {
	s.jobs.mu.Lock()
	defer s.jobs.mu.Unlock()
	if s.jobs.waitSet {
		return s.jobs.wait
	}
	return DefaultIndexWait
}

// startIndex starts indexing p in the background, or returns the run
// already going on for the same repository: two runs of one repository
// would only queue behind each other.
func (s *Service) startIndex(p IndexParams) (*indexJob, error) {
	root, err := s.repoRoot(p.RepoPath)
	if err != nil {
		return nil, err
	}
	id := RepoID(root)
	s.jobs.mu.Lock()
	defer s.jobs.mu.Unlock()
	if j := s.jobs.jobs[id]; j != nil && !j.finished() {
		return j, nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	j := &indexJob{repoID: id, root: root, project: s.projectOf(id, root, p.ProjectID), started: time.Now(),
		cancel: cancel, done: make(chan struct{}), watchers: map[int]func(indexer.Progress){}}
	if s.jobs.jobs == nil {
		s.jobs.jobs = map[string]*indexJob{}
	}
	s.jobs.jobs[id] = j
	p.RepoPath, p.Progress = root, j.onProgress
	go func() {
		defer cancel()
		rep, err := s.IndexRepository(ctx, p)
		j.mu.Lock()
		j.rep, j.err, j.ended = rep, err, time.Now()
		j.mu.Unlock()
		close(j.done)
	}()
	return j, nil
}

// RunError is a background index run that failed.
type RunError struct {
	Root  string
	Ended time.Time
	Err   error
}

// RunErrors returns, by repository ID, the latest background runs that
// ended in an error (within the roots): a person who started a run from
// the web UI sees why it did not finish, where list_repositories would
// only show the previous index, or nothing for a first run.
func (s *Service) RunErrors() map[string]RunError {
	s.jobs.mu.Lock()
	defer s.jobs.mu.Unlock()
	out := map[string]RunError{}
	for id, j := range s.jobs.jobs {
		if !j.finished() || !s.cfg.Roots.served(j.root) {
			continue
		}
		j.mu.Lock()
		if j.err != nil {
			out[id] = RunError{Root: j.root, Ended: j.ended, Err: j.err}
		}
		j.mu.Unlock()
	}
	return out
}

// projectOf is the project a run will record, for reports made before the
// run knows it: the one asked for, else the stored one, else the
// directory name (IndexRepository's own rule).
func (s *Service) projectOf(id, root, asked string) string {
	if asked != "" {
		return asked
	}
	if m, err := s.store.Meta(id); err == nil && m.ProjectID != "" {
		return m.ProjectID
	}
	return filepath.Base(root)
}

func (j *indexJob) finished() bool {
	select {
	case <-j.done:
		return true
	default:
		return false
	}
}

func (j *indexJob) onProgress(p indexer.Progress) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.progress = &formatter.Progress{Phase: p.Phase, Done: p.Done, Total: p.Total}
	for _, w := range j.watchers {
		w(p)
	}
}

// watch forwards the run's progress to f until the returned func is called.
func (j *indexJob) watch(f func(indexer.Progress)) (stop func()) {
	j.mu.Lock()
	defer j.mu.Unlock()
	id := j.nextID
	j.nextID++
	j.watchers[id] = f
	// The run starts before the caller can watch it, and a small one may
	// be over by then: the progress so far comes first, so a watcher
	// always hears at least where the run stands.
	if p := j.progress; p != nil {
		f(indexer.Progress{Phase: p.Phase, Done: p.Done, Total: p.Total})
	}
	return func() {
		j.mu.Lock()
		defer j.mu.Unlock()
		delete(j.watchers, id)
	}
}

// snapshot is the run's report: final when it ended, else status
// "indexing" with the progress so far.
func (j *indexJob) snapshot() (formatter.IndexReport, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.finished() {
		return j.rep, j.err
	}
	return j.runningReport(), nil
}

// runningReport is the report of a run under way (caller holds j.mu).
func (j *indexJob) runningReport() formatter.IndexReport {
	return formatter.IndexReport{
		RepositoryID: j.repoID, ProjectID: j.project, RepoPath: j.root,
		Duration: time.Since(j.started), Status: formatter.StatusIndexing, Progress: j.currentProgress(),
		SkippedReasons: map[string]int{},
	}
}

// currentProgress copies the progress (caller holds j.mu).
func (j *indexJob) currentProgress() *formatter.Progress {
	return progressCopy(j.progress)
}

// IndexInBackground starts (or joins) an index run and waits up to wait
// for it: the final report if it ended, else a report with status
// "indexing". A wait of 0 always answers "indexing", even for a run that
// has already ended (a failure at once, a tree with nothing to do): the
// caller asked only to start it, and its end shows in the repositories
// list, so the answer does not depend on how the run and the call race.
// progress, if set, receives the run's progress while the call waits.
// When ctx ends first (the client cancelled the call), the run is stopped
// and the previous index kept. Dry runs store nothing and are quick, so
// they run in the call.
func (s *Service) IndexInBackground(ctx context.Context, p IndexParams, wait time.Duration, progress func(indexer.Progress)) (formatter.IndexReport, error) {
	if p.DryRun {
		p.Progress = progress
		return s.IndexRepository(ctx, p)
	}
	if wait < 0 || wait > MaxIndexWait {
		return formatter.IndexReport{}, argErrorf("wait_seconds", "%v is out of range: use 0 to %d (default %d)", wait.Seconds(), int(MaxIndexWait.Seconds()), int(DefaultIndexWait.Seconds()))
	}
	j, err := s.startIndex(p)
	if err != nil {
		return formatter.IndexReport{}, err
	}
	if wait == 0 {
		j.mu.Lock()
		defer j.mu.Unlock()
		return j.runningReport(), nil
	}
	if progress != nil {
		defer j.watch(progress)()
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case <-j.done:
	case <-timer.C:
	case <-ctx.Done():
		j.cancel()
		select {
		case <-j.done:
		case <-time.After(cancelGrace):
		}
		return formatter.IndexReport{}, fmt.Errorf("indexing %s was cancelled; the previous index is kept and searches use it", j.root)
	}
	rep, err := j.snapshot()
	if errors.Is(err, context.Canceled) {
		err = fmt.Errorf("indexing %s was cancelled; the previous index is kept: call index_repository again to retry", j.root)
	}
	return rep, err
}

// markRunning sets the status of listed repositories that are being
// indexed and adds those indexed for the first time, which the store does
// not list yet.
func (s *Service) markRunning(list *formatter.RepositoryList) {
	run := s.running()
	for i, r := range list.Repositories {
		list.Repositories[i].Status = formatter.StatusDone
		if gone(r.Path) {
			list.Repositories[i].Status = formatter.StatusMissing
		}
		if v, ok := run[r.ID]; ok {
			list.Repositories[i].Status, list.Repositories[i].Progress = formatter.StatusIndexing, v.progress
			delete(run, r.ID)
		}
	}
	for id, v := range run {
		list.Repositories = append(list.Repositories, formatter.Repository{
			ID: id, ProjectID: v.project, Path: v.root, Embedder: s.cfg.Embedder.ModelID(),
			DatabaseName: "codeseek_" + id, Status: formatter.StatusIndexing, Progress: v.progress,
		})
	}
}

func (j *indexJob) progressNow() *formatter.Progress {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.currentProgress()
}

// indexingWarning tells a search which of the repositories it read are
// being re-indexed: their results come from the previous index.
func (s *Service) indexingWarning(ids []string) string {
	run := s.running()
	msg := ""
	for _, id := range ids {
		if v, ok := run[id]; ok {
			if msg != "" {
				msg += "; "
			}
			msg += fmt.Sprintf("repository %s (%s) is being indexed (%s): results come from its previous index", id, v.root, v.progress)
		}
	}
	return msg
}

// DefaultFirstIndexWait is how long a search of a repository whose first
// index is still running waits for it before answering that it is not
// ready: there is nothing committed to answer from, and a client that
// indexed and then searched (an agent, an evaluation harness) would rather
// have its answer a little late than an error. It stays under the minute
// after which agents give up on a call.
const DefaultFirstIndexWait = 40 * time.Second

// awaitFirstIndex waits, up to the service's first-index wait or until ctx
// ends, while p's repositories are being indexed for the first time. It
// returns the not-ready error when the wait runs out.
func (s *Service) awaitFirstIndex(ctx context.Context, p SearchParams) error {
	first := func() error {
		if p.RepositoryID != "" {
			if _, err := s.resolveRepo(p.RepositoryID); err == nil {
				return nil
			}
			return s.firstIndexError(p.RepositoryID)
		}
		if metas, _ := s.store.List(); len(metas) > 0 {
			return nil
		}
		return s.firstIndexError("")
	}
	wait := time.NewTimer(s.firstIndexWait)
	defer wait.Stop()
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		err := first()
		if err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return err
		case <-wait.C:
			return err
		case <-tick.C:
		}
	}
}

// firstIndexError explains a search of a repository whose first index is
// still running, or returns nil.
func (s *Service) firstIndexError(idOrPath string) error {
	run := s.running()
	for id, v := range run {
		if idOrPath == "" || idOrPath == id || idOrPath == v.root {
			return argErrorf("repository_id", "repository %s (%s) is being indexed for the first time (%s): search again when list_repositories shows it done",
				id, v.root, v.progress)
		}
	}
	if root, err := RepoRoot(idOrPath); err == nil {
		if _, ok := run[RepoID(root)]; ok {
			return s.firstIndexError(RepoID(root))
		}
	}
	return nil
}
