package tools

import (
	"sync"

	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/indexer"
)

// Every index run of this process registers while it goes on, whoever
// started it (a background job, a `serve --watch` re-index), so that
// list_repositories and searches can say a repository is being indexed.

// activeRun is one index run going on.
type activeRun struct {
	root, project string

	mu       sync.Mutex
	progress *formatter.Progress
}

// runView is what list_repositories and searches report of a run.
type runView struct {
	root, project string
	progress      *formatter.Progress // never nil: "scan" before the first event
}

// trackRun registers a run of repository id until end is called. The
// returned progress func records each event, then passes it to next.
func (s *Service) trackRun(id, root, project string, next func(indexer.Progress)) (progress func(indexer.Progress), end func()) {
	r := &activeRun{root: root, project: project}
	s.jobs.mu.Lock()
	if s.jobs.active == nil {
		s.jobs.active = map[*activeRun]string{}
	}
	s.jobs.active[r] = id
	s.jobs.mu.Unlock()
	progress = func(p indexer.Progress) {
		r.mu.Lock()
		r.progress = &formatter.Progress{Phase: p.Phase, Done: p.Done, Total: p.Total}
		r.mu.Unlock()
		if next != nil {
			next(p)
		}
	}
	end = func() {
		s.jobs.mu.Lock()
		defer s.jobs.mu.Unlock()
		delete(s.jobs.active, r)
	}
	return progress, end
}

func (r *activeRun) view() runView {
	r.mu.Lock()
	defer r.mu.Unlock()
	return runView{root: r.root, project: r.project, progress: progressCopy(r.progress)}
}

// progressCopy copies p; a run without events yet is scanning.
func progressCopy(p *formatter.Progress) *formatter.Progress {
	if p == nil {
		return &formatter.Progress{Phase: "scan"}
	}
	c := *p
	return &c
}

// running returns the runs going on now, by repository ID: the registered
// ones, and background jobs that have not reached IndexRepository yet.
// Of two runs of one repository (one queued behind the other) the one
// that has reported progress is shown.
func (s *Service) running() map[string]runView {
	s.jobs.mu.Lock()
	defer s.jobs.mu.Unlock()
	out := map[string]runView{}
	for r, id := range s.jobs.active {
		v := r.view()
		if prev, ok := out[id]; !ok || prev.progress.Phase == "scan" && prev.progress.Done == 0 {
			out[id] = v
		}
	}
	for id, j := range s.jobs.jobs {
		if _, ok := out[id]; !ok && !j.finished() {
			out[id] = runView{root: j.root, project: j.project, progress: j.progressNow()}
		}
	}
	return out
}
