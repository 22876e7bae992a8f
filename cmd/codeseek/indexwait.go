package main

import (
	"time"

	"github.com/spf13/cobra"

	"github.com/codeseek/codeseek/tools"
)

// indexWaitFlag is serve's --index-wait: how long index_repository waits
// for its run before answering "indexing" and going on in the background.
type indexWaitFlag struct{ value string }

func (f *indexWaitFlag) register(c *cobra.Command) {
	c.Flags().StringVar(&f.value, "index-wait", envOr("CODESEEK_INDEX_WAIT", tools.DefaultIndexWait.String()),
		"how long index_repository waits for a run before answering status \"indexing\" (the run goes on); a client that cannot poll sets it longer, e.g. 30m (env CODESEEK_INDEX_WAIT)")
}

// apply sets the wait on svc.
func (f *indexWaitFlag) apply(svc *tools.Service) error {
	d, err := time.ParseDuration(f.value)
	if err != nil {
		return usagef("--index-wait %q: %v: use a duration such as 25s or 30m", f.value, err)
	}
	if err := svc.SetIndexWait(d); err != nil {
		return usageError{err}
	}
	return nil
}
