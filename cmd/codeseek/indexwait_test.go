package main

import (
	"context"
	"errors"
	"testing"
)

func TestServeIndexWaitFlagRejectsBadValues(t *testing.T) {
	for _, v := range []string{"soon", "-1s", "2h"} {
		root := newRootCmd()
		root.SetArgs([]string{"serve", "--embedder", "hash", "--data-dir", t.TempDir(), "--index-wait", v})
		err := root.ExecuteContext(context.Background())
		var ue usageError
		if !errors.As(err, &ue) {
			t.Errorf("--index-wait %s: %v, want a usage error", v, err)
		}
	}
}
