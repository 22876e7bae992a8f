package main

import (
	"bytes"
	"encoding/gob"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"runtime/debug"
	"strings"
)

// The chunker runs on arbitrary third-party code. A stack overflow or an
// out-of-memory in it ends the whole process and cannot be recovered, so
// each source is mined in a child process (the mine-source subcommand):
// a crash costs that source only, which the run logs and records.

// mineIsolated is the function mineAll uses per source; tests replace it.
var mineIsolated = mineInChild

// mineInChild runs `train mine-source` on s and decodes its result. An
// error means the child failed; the source is then skipped.
func mineInChild(s *Source, h Hyper) (sourceMined, error) {
	exe, err := os.Executable()
	if err != nil {
		return sourceMined{}, err
	}
	return runChild(exec.Command(exe, childArgs(s, h)...))
}

func childArgs(s *Source, h Hyper) []string {
	return []string{"mine-source", "-kind", s.Kind, "-name", s.Name, "-root", s.Root,
		"-seed", fmt.Sprint(h.Seed), "-hard", fmt.Sprint(h.HardPerPair)}
}

// runChild runs a prepared mine-source command and decodes its output.
func runChild(cmd *exec.Cmd) (sourceMined, error) {
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return sourceMined{}, fmt.Errorf("%v: %s", err, firstLines(stderr.String(), 3))
	}
	var w minedWire
	if err := gob.NewDecoder(&stdout).Decode(&w); err != nil {
		return sourceMined{}, fmt.Errorf("decode the child's result: %w", err)
	}
	return w.unwire(), nil
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(strings.TrimSpace(s), "\n", n+1)
	return strings.Join(lines[:min(n, len(lines))], " | ")
}

// mineSourceMain is the mine-source subcommand: it mines one source and
// writes the result, gob-encoded, to standard output.
func mineSourceMain(args []string) error {
	fs := flag.NewFlagSet("mine-source", flag.ContinueOnError)
	s := &Source{}
	h := Hyper{}
	fs.StringVar(&s.Kind, "kind", "", "source kind")
	fs.StringVar(&s.Name, "name", "", "source name")
	fs.StringVar(&s.Root, "root", "", "unpacked source directory")
	fs.Uint64Var(&h.Seed, "seed", 1, "seed")
	fs.IntVar(&h.HardPerPair, "hard", 2, "hard negatives per pair")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if s.Root == "" {
		return fmt.Errorf("mine-source: -root is required")
	}
	// A runaway recursion fails at 256 MB of stack rather than 1 GB: sooner,
	// and with less memory taken from the other workers.
	debug.SetMaxStack(256 << 20)
	return gob.NewEncoder(os.Stdout).Encode(wire(mineSource(s, h)))
}

// minedWire is sourceMined with exported fields, for gob.
type minedWire struct {
	Files []fileWire
	Extra []Pair
}

type fileWire struct {
	Hash  [32]byte
	Pairs []Pair
	Negs  []CodeRef
}

func wire(sm sourceMined) minedWire {
	w := minedWire{Extra: sm.extra}
	for _, f := range sm.files {
		w.Files = append(w.Files, fileWire{f.hash, f.pairs, f.negs})
	}
	return w
}

func (w minedWire) unwire() sourceMined {
	sm := sourceMined{extra: w.Extra}
	for _, f := range w.Files {
		sm.files = append(sm.files, fileMined{hash: f.Hash, pairs: f.Pairs, negs: f.Negs})
	}
	return sm
}
