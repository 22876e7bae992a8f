package main

import (
	"encoding/json"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"time"
)

// Truth is what an oracle said about a sample of one corpus's symbols. It is
// written once by a *-truth command and read by the matching scorer.
type Truth struct {
	Oracle    string `json:"oracle"`   // e.g. "gopls v0.23.0"
	Language  string `json:"language"` // "go", "python"
	Root      string `json:"root"`     // absolute corpus root; paths below are relative to it, with '/'
	Seed      uint64 `json:"seed"`
	Requested int    `json:"requested"` // symbols asked for
	Created   string `json:"created"`

	// VisibleFiles are the files the oracle type-checks: the scorer counts
	// a reference codeseek finds elsewhere separately, never as a false
	// positive.
	VisibleFiles []string `json:"visible_files"`
	// Candidates is the size of each pool the sample was drawn from.
	Candidates map[string]int `json:"candidates"`
	// Exclusions lists everything left out before or while sampling.
	Exclusions []Exclusion `json:"exclusions"`
	Timing     Timing      `json:"timing"`

	Symbols []TruthSymbol `json:"symbols"`
}

// Exclusion is one reason something was left out, with a count and a few
// examples, so that no filtering is hidden.
type Exclusion struct {
	Reason   string   `json:"reason"`
	Count    int      `json:"count"`
	Examples []string `json:"examples,omitempty"`
}

// Timing is how long the oracle took.
type Timing struct {
	LoadSeconds  float64 `json:"load_seconds"`  // start until the first answer
	TotalSeconds float64 `json:"total_seconds"` // the whole truth run (this process; resumed runs add up in RunSeconds)
	Requests     int     `json:"requests"`
	RequestP50ms float64 `json:"request_p50_ms"`
	RequestP95ms float64 `json:"request_p95_ms"`
	RunSeconds   float64 `json:"run_seconds"` // sum over resumed runs of the per-symbol time
}

// Loc is a place in the corpus: relative path, 1-based line and byte column.
type Loc struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
}

// TruthSymbol is one sampled symbol and the oracle's answers for it.
type TruthSymbol struct {
	ID        int    `json:"id"`
	Kind      string `json:"kind"` // func, method, type (Go); function, method, class (Python)
	Name      string `json:"name"` // the declared name: "Do"
	Container string `json:"container,omitempty"`
	Package   string `json:"package"`   // import path / dotted module
	Qualified string `json:"qualified"` // the natural name query: "http.Client.Do"
	Loc
	EndLine int `json:"end_line"`

	// Ambiguous is how many candidate declarations share Qualified (1 when
	// the name is unique); AltDecls are declarations of the same symbol in
	// files the oracle does not load (other platforms).
	Ambiguous int   `json:"ambiguous"`
	AltDecls  []Loc `json:"alt_decls,omitempty"`

	Refs     []TruthRef `json:"refs"`
	DefSites []DefSite  `json:"def_sites"`
	Err      string     `json:"error,omitempty"`
	Seconds  float64    `json:"seconds"`
}

// TruthRef is one reference the oracle reported, with what the harness
// learnt of it by parsing the file.
type TruthRef struct {
	Loc
	Call    bool   `json:"call"`              // the name is the callee of a call expression
	Context string `json:"context"`           // syntactic role (see contexts in README)
	Generic bool   `json:"generic,omitempty"` // inside a generic function or method
	Via     string `json:"via,omitempty"`     // methods: direct, interface, promoted, expression, unknown
	Test    bool   `json:"test,omitempty"`    // in a test file
	Visible bool   `json:"visible"`           // in VisibleFiles
}

// DefSite is a reference site and where the oracle's definition request at
// that site leads.
type DefSite struct {
	Loc
	Want []Loc `json:"want"`
}

// sampleKinds draws from each pool (by kind) its share of n with a seeded
// PCG, so that the same pools and seed always give the same sample. shares
// maps kind to a fraction; the last kind in order takes the remainder. The
// result is in pool order of kinds, and by the order of the shuffled pool
// within a kind.
func sampleKinds[T any](pools map[string][]T, order []string, shares map[string]float64, n int, seed uint64) map[string][]T {
	rng := rand.New(rand.NewPCG(seed, 0x6e61766f7261636c)) // "navoracl"
	out := map[string][]T{}
	left := n
	for i, k := range order {
		want := int(float64(n)*shares[k] + 0.5)
		if i == len(order)-1 {
			want = left
		}
		pool := append([]T(nil), pools[k]...)
		rng.Shuffle(len(pool), func(a, b int) { pool[a], pool[b] = pool[b], pool[a] })
		if want > len(pool) {
			want = len(pool)
		}
		out[k] = pool[:want]
		left -= want
	}
	return out
}

// pick returns up to k elements of xs chosen with rng, in their original
// order.
func pick[T any](rng *rand.Rand, xs []T, k int) []T {
	if len(xs) <= k {
		return append([]T(nil), xs...)
	}
	idx := rng.Perm(len(xs))[:k]
	sort.Ints(idx)
	out := make([]T, k)
	for i, j := range idx {
		out[i] = xs[j]
	}
	return out
}

// truthMeta identifies a partial truth run, so that a resumed run with
// other parameters starts afresh instead of mixing samples.
type truthMeta struct {
	Seed     uint64 `json:"seed"`
	N        int    `json:"n"`
	DefSites int    `json:"def_sites"`
	Classify int    `json:"classify,omitempty"`
	Oracle   string `json:"oracle"`
	Corpus   string `json:"corpus"`
	Cgo      string `json:"cgo,omitempty"`
}

// resumePartial returns the answers a previous run of the same truth (name:
// "go-truth", "py-truth") cached under CACHE/NAME.partial.jsonl, and an
// appender for new ones. Answers of a run with other parameters (or all,
// when fresh) are discarded.
func resumePartial(cache, name string, meta truthMeta, fresh bool) (map[int]TruthSymbol, *jsonlAppender, error) {
	partial := filepath.Join(cache, name+".partial.jsonl")
	metaPath := filepath.Join(cache, name+".partial.meta.json")
	var old truthMeta
	if fresh || readJSON(metaPath, &old) != nil || old != meta {
		_ = os.Remove(partial)
		if err := writeJSON(metaPath, meta); err != nil {
			return nil, nil, err
		}
	}
	done := map[int]TruthSymbol{}
	if err := readJSONL(partial, func(b []byte) error {
		var s TruthSymbol
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		done[s.ID] = s
		return nil
	}); err != nil {
		return nil, nil, err
	}
	app, err := openJSONL(partial)
	if err != nil {
		return nil, nil, err
	}
	logf("%s: %d answers cached in %s", name, len(done), partial)
	return done, app, nil
}

// setTiming fills a truth's request statistics and per-symbol time sum.
func setTiming(t *Truth, lat []float64) {
	t.Timing.Requests = len(lat)
	t.Timing.RequestP50ms = percentile(lat, 50)
	t.Timing.RequestP95ms = percentile(lat, 95)
	t.Timing.RunSeconds = 0
	for _, s := range t.Symbols {
		t.Timing.RunSeconds += s.Seconds
	}
}

// askTruth fills each symbol with an oracle's answers (fill), resuming
// a previous run of the same truth (name, meta) from its partial file,
// and logs the progress. A symbol fill fails for keeps the error.
func askTruth(cache, name string, meta truthMeta, fresh bool, syms []TruthSymbol, fill func(*TruthSymbol) error) error {
	done, app, err := resumePartial(cache, name, meta, fresh)
	if err != nil {
		return err
	}
	defer app.close()
	for i := range syms {
		s := &syms[i]
		if prev, ok := done[s.ID]; ok && prev.Qualified == s.Qualified && prev.Loc == s.Loc {
			*s = prev
			continue
		}
		st := time.Now()
		if err := fill(s); err != nil {
			s.Err = err.Error()
		}
		s.Seconds = time.Since(st).Seconds()
		if err := app.add(*s); err != nil {
			return err
		}
		if (i+1)%20 == 0 || i == len(syms)-1 {
			logf("%s: %d/%d (%s: %d refs, %.1fs)", name, i+1, len(syms), s.Qualified, len(s.Refs), s.Seconds)
		}
	}
	return nil
}

// finishTruth completes a truth's timing, writes it to CACHE/NAME.json
// and prints its summary.
func finishTruth(cache, name string, t *Truth, start time.Time, lat []float64, stdout io.Writer) error {
	setTiming(t, lat)
	t.Timing.TotalSeconds = time.Since(start).Seconds()
	path := filepath.Join(cache, name+".json")
	if err := writeJSON(path, t); err != nil {
		return err
	}
	printTruthSummary(stdout, t, path)
	return nil
}
