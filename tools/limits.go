package tools

import (
	"context"
	"runtime"
)

// newSearchSlots makes the semaphore that bounds concurrent searches. A
// search is CPU-bound (embedding the query, scanning vectors), so running
// more at once than there are CPUs only makes every one of them slower and
// the heap bigger; a burst waits its turn instead.
func newSearchSlots(n int) chan struct{} {
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	return make(chan struct{}, n)
}

// acquireSearch waits for a search slot, or until ctx is done (the client
// gave up), and returns the function that frees the slot.
func (s *Service) acquireSearch(ctx context.Context) (release func(), err error) {
	select {
	case s.searches <- struct{}{}:
		return func() { <-s.searches }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
