package indexer

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/codeseek/codeseek/chunker"
)

// planOK runs NewPlan and Stream on root with no previous index and
// returns the plan with the changed files Stream emitted.
func planOK(t *testing.T, root string, cfg Config) (*Plan, []FileChunks) {
	t.Helper()
	plan, err := NewPlan(context.Background(), root, nil, cfg)
	if err != nil {
		t.Fatalf("NewPlan(%s): %v", root, err)
	}
	var changed []FileChunks
	if err := plan.Stream(context.Background(), cfg, func(fs []FileChunks) error { changed = append(changed, fs...); return nil }); err != nil {
		t.Fatalf("Stream(%s): %v", root, err)
	}
	return plan, changed
}

func changedPaths(changed []FileChunks) []string {
	out := []string{}
	for _, fc := range changed {
		out = append(out, fc.File.Path)
	}
	return out
}

// TestPlanIsolatesChunkerPanic makes the chunker panic on one file: that
// file is skipped as chunker_error with the cause, the others are chunked.
func TestPlanIsolatesChunkerPanic(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"a.go":       "package a\n\nfunc A() int { return 1 }\n",
		"lib/bad.rb": "module Bad\nend\n",
		"z.py":       "def z():\n    return 2\n",
	})
	cfg := Config{analyze: func(path string, src []byte, opt chunker.Options) (chunker.Analysis, error) {
		if strings.HasSuffix(path, "bad.rb") {
			panic("rule exploded")
		}
		return chunker.Analyze(path, src, opt)
	}}
	plan, changed := planOK(t, root, cfg)
	assertStrings(t, "changed", changedPaths(changed), []string{"a.go", "z.py"})
	assertStrings(t, "skipped", skipStrings(plan.Skipped), []string{"lib/bad.rb " + ReasonChunkerError})
	if len(plan.Errors) != 1 || plan.Errors[0].Path != "lib/bad.rb" || !strings.Contains(plan.Errors[0].Error(), "chunker failed: rule exploded") {
		t.Errorf("errors %v, want lib/bad.rb with the panic's message", plan.Errors)
	}
	for _, fc := range changed {
		if len(fc.Chunks) == 0 {
			t.Errorf("%s has no chunks", fc.File.Path)
		}
	}
}

// TestPlanReportsParseTimeout: a file whose parse hit the chunker's time
// limit keeps its line-window chunks and is listed in Errors, since a
// less loaded run may chunk it by declarations.
func TestPlanReportsParseTimeout(t *testing.T) {
	root := t.TempDir()
	writeTree(t, root, map[string]string{
		"a.go":    "package a\n\nfunc A() int { return 1 }\n",
		"slow.go": "package a\n\nfunc Slow() int { return 2 }\n",
	})
	cfg := Config{analyze: func(path string, src []byte, opt chunker.Options) (chunker.Analysis, error) {
		a, err := chunker.Analyze(path, src, opt)
		if path == "slow.go" {
			err = chunker.ErrParseTimeout
		}
		return a, err
	}}
	plan, changed := planOK(t, root, cfg)
	assertStrings(t, "changed", changedPaths(changed), []string{"a.go", "slow.go"})
	if len(plan.Errors) != 1 || plan.Errors[0].Path != "slow.go" || !errors.Is(plan.Errors[0].Err, chunker.ErrParseTimeout) {
		t.Errorf("errors %v, want slow.go with the time limit", plan.Errors)
	}
	for _, fc := range changed {
		if len(fc.Chunks) == 0 {
			t.Errorf("%s has no chunks", fc.File.Path)
		}
	}
}

// TestPlanRubyModuleDoc indexes the shape that overflowed the stack in
// issue 13 (rack's events.rb: a long doc comment between "module Rack"
// and its class) next to an ordinary file.
func TestPlanRubyModuleDoc(t *testing.T) {
	var b strings.Builder
	b.WriteString("# frozen_string_literal: true\n\nmodule Rack\n")
	for i := 0; i < 50; i++ {
		fmt.Fprintf(&b, "  # Line %d of the middleware's long description of its hooks.\n", i)
	}
	b.WriteString("\n  class Events\n")
	for i := 0; i < 20; i++ {
		fmt.Fprintf(&b, "    def on_%d(req, res)\n      res.call(req)\n    end\n\n", i)
	}
	b.WriteString("  end\nend\n")
	root := t.TempDir()
	writeTree(t, root, map[string]string{"lib/rack/events.rb": b.String(), "lib/rack.rb": "require 'rack/events'\n"})
	plan, changed := planOK(t, root, Config{})
	assertStrings(t, "changed", changedPaths(changed), []string{"lib/rack.rb", "lib/rack/events.rb"})
	if len(plan.Errors) > 0 || len(plan.Skipped) > 0 {
		t.Errorf("errors %v, skipped %v", plan.Errors, skipStrings(plan.Skipped))
	}
	if n := len(changed[1].Chunks); n < 3 {
		t.Errorf("events.rb has %d chunks, want the doc and the class's methods apart", n)
	}
}
