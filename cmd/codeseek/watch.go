package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/codeseek/codeseek/formatter"
	"github.com/codeseek/codeseek/tools"
)

// watchIndex is `codeseek index --watch`: index with a progress bar, print
// the report like a plain index run, then re-index on every change until
// Ctrl-C, with one line per re-index on stderr (stdout keeps only the first
// report, so it stays machine-readable).
func watchIndex(c *cobra.Command, svc *tools.Service, p tools.IndexParams, opts formatter.Options) error {
	if p.DryRun {
		return usagef("--watch cannot be combined with --dry-run: a dry run stores nothing to keep fresh")
	}
	bar := newProgressBar()
	p.Progress = bar.callback()
	var printErr error
	err := svc.Watch(c.Context(), tools.WatchParams{
		Index: p,
		OnIndex: func(rep formatter.IndexReport, changed []string, err error) {
			if changed == nil { // the first run
				bar.done()
				if err == nil {
					printErr = print(formatter.RenderIndex(rep, opts))
					fmt.Fprintf(os.Stderr, "codeseek: watching %s for changes (Ctrl-C to stop)\n", rep.RepoPath)
				}
				return
			}
			fmt.Fprintln(os.Stderr, reindexLine(rep, changed, err))
		},
		OnError: func(err error) { fmt.Fprintln(os.Stderr, "codeseek: watch:", err) },
	})
	if err != nil {
		return err
	}
	return printErr
}

// reindexLine is the one-line summary of a re-index triggered by a change.
func reindexLine(rep formatter.IndexReport, changed []string, err error) string {
	ts := time.Now().Format("15:04:05")
	if err != nil {
		return fmt.Sprintf("%s re-index %s failed: %v", ts, rep.RepoPath, err)
	}
	what := strings.Join(changed, ", ")
	if len(changed) > 3 {
		what = strings.Join(changed[:3], ", ") + fmt.Sprintf(" and %d more", len(changed)-3)
	}
	line := fmt.Sprintf("%s re-indexed %s: %d indexed, %d unchanged, %d deleted, +%d/-%d chunks in %.2fs (changed: %s)",
		ts, rep.RepoPath, rep.FilesIndexed, rep.FilesUnchanged, rep.FilesDeleted,
		rep.ChunksCreated, rep.ChunksDeleted, rep.Duration.Seconds(), what)
	if n := len(rep.Errors); n > 0 {
		line += fmt.Sprintf(" [%d errors]", n)
	}
	return line
}

// serveArgs checks serve's positional arguments: repository paths, only
// with --watch.
func serveArgs(watch *bool) cobra.PositionalArgs {
	return func(c *cobra.Command, a []string) error {
		if *watch && len(a) == 0 {
			return usagef("%[1]s --watch: pass the repositories to keep fresh, e.g. `codeseek %[1]s --watch ~/src/app`", c.Name())
		}
		if !*watch && len(a) > 0 {
			return usagef("%[1]s takes no arguments (got %[2]q); to keep repositories fresh use `codeseek %[1]s --watch PATH...`", c.Name(), a)
		}
		for _, p := range a {
			if _, err := tools.RepoRoot(p); err != nil {
				return usagef("%s --watch %s: %v", c.Name(), p, err)
			}
		}
		return nil
	}
}

// startServeWatch indexes and watches every path in the background while
// the server answers: searches never wait for it (they read the last
// complete index) and IndexRepository serialises the writers. The returned
// function stops the watches, giving an index run in flight a few seconds
// to finish; an interrupted one leaves the previous index intact.
func startServeWatch(ctx context.Context, svc *tools.Service, paths []string, logger *log.Logger) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	for _, path := range paths {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := svc.Watch(ctx, tools.WatchParams{
				Index: tools.IndexParams{RepoPath: path},
				OnIndex: func(rep formatter.IndexReport, changed []string, err error) {
					switch {
					case changed != nil:
						logger.Print(reindexLine(rep, changed, err))
					case err == nil:
						logger.Printf("indexed %s: %d indexed, %d unchanged, %d deleted in %.1fs; watching for changes",
							rep.RepoPath, rep.FilesIndexed, rep.FilesUnchanged, rep.FilesDeleted, rep.Duration.Seconds())
					}
				},
				OnError: func(err error) { logger.Printf("watch %s: %v", path, err) },
			})
			if err != nil && !errors.Is(err, context.Canceled) {
				logger.Printf("watch %s stopped: %v", path, err)
			}
		}()
	}
	return func() {
		cancel()
		done := make(chan struct{})
		go func() { wg.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
		}
	}
}
