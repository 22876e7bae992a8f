package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMain lets the test binary stand in for the train command: with
// TRAIN_TEST_AS_MAIN=1 it runs main (the mine-source child), and with
// TRAIN_TEST_CRASH=1 it dies the way a chunker stack overflow does.
func TestMain(m *testing.M) {
	switch {
	case os.Getenv("TRAIN_TEST_CRASH") == "1":
		os.Stderr.WriteString("runtime: goroutine stack exceeds 1000000000-byte limit\nfatal error: stack overflow\n")
		os.Exit(2)
	case os.Getenv("TRAIN_TEST_AS_MAIN") == "1":
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func childCmd(s *Source, h Hyper, env string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], childArgs(s, h)...)
	cmd.Env = append(os.Environ(), env)
	return cmd
}

func durSource(t *testing.T) *Source {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "duration.go"), []byte(durSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	return &Source{Kind: "gomod", Name: "dur", Root: root}
}

func TestChildMiningMatchesInProcess(t *testing.T) {
	s, h := durSource(t), Hyper{Seed: 3, HardPerPair: 2}
	got, err := runChild(childCmd(s, h, "TRAIN_TEST_AS_MAIN=1"))
	if err != nil {
		t.Fatal(err)
	}
	want := mineSource(s, h)
	if len(got.files) != len(want.files) || len(got.files) == 0 {
		t.Fatalf("child mined %d files, in-process %d", len(got.files), len(want.files))
	}
	for i := range want.files {
		g, w := got.files[i], want.files[i]
		if g.hash != w.hash || len(g.pairs) != len(w.pairs) || len(g.negs) != len(w.negs) {
			t.Fatalf("file %d differs: %d/%d pairs, %d/%d negatives", i, len(g.pairs), len(w.pairs), len(g.negs), len(w.negs))
		}
		for k := range w.pairs {
			if g.pairs[k].Query != w.pairs[k].Query || g.pairs[k].Target != w.pairs[k].Target || len(g.pairs[k].Hard) != len(w.pairs[k].Hard) {
				t.Errorf("pair %d differs: %+v vs %+v", k, g.pairs[k], w.pairs[k])
			}
		}
	}
}

func TestCrashingSourceIsSkipped(t *testing.T) {
	good, bad := durSource(t), durSource(t)
	bad.Name = "crashes"
	defer func(f func(*Source, Hyper) (sourceMined, error)) { mineIsolated = f }(mineIsolated)
	mineIsolated = func(s *Source, h Hyper) (sourceMined, error) {
		env := "TRAIN_TEST_AS_MAIN=1"
		if s.Name == "crashes" {
			env = "TRAIN_TEST_CRASH=1"
		}
		return runChild(childCmd(s, h, env))
	}
	h := Hyper{Seed: 1, Buckets: 1 << 10, PrefixLen: 4}
	c := newCorpus(h)
	if err := mineAll([]*Source{bad, good}, h, 2, true, c.add); err != nil {
		t.Fatal(err)
	}
	pairs := append(c.train.pairs, c.val...)
	if !strings.Contains(bad.Skipped, "stack overflow") {
		t.Errorf("Skipped = %q, want the child's fatal error", bad.Skipped)
	}
	if good.Skipped != "" || len(pairs) == 0 || good.Files != 1 {
		t.Errorf("the good source: skipped %q, %d files, %d pairs", good.Skipped, good.Files, len(pairs))
	}
	if tot := totals([]*Source{bad, good}, len(pairs)); tot.Skipped != 1 {
		t.Errorf("totals.Skipped = %d, want 1", tot.Skipped)
	}
}
