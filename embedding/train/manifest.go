package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"

	"github.com/codeseek/codeseek/chunker"
	"github.com/codeseek/codeseek/embedding/model"
)

// Manifest is written next to the weights: enough to know what the model
// saw and to rebuild it.
type Manifest struct {
	ModelHash      string    `json:"model_hash"`
	WeightsFile    string    `json:"weights_file"`
	WeightsBytes   int       `json:"weights_bytes"`
	Command        string    `json:"command"`
	GoVersion      string    `json:"go_version"`
	ChunkerVersion string    `json:"chunker_version"`
	GitHead        string    `json:"git_head"`
	Totals         Totals    `json:"totals"`
	Sources        []*Source `json:"sources"`
	// TrainPairs and ValPairs count pairs per language; TrainShapes per
	// shape (docstring, filedoc, readme, ident, question).
	TrainPairs      map[string]int                  `json:"train_pairs"`
	ValPairs        map[string]int                  `json:"val_pairs"`
	TrainShapes     map[string]int                  `json:"train_shapes"`
	Hyper           Hyper                           `json:"hyperparameters"`
	MiningSeconds   float64                         `json:"mining_seconds"`
	TrainingSeconds float64                         `json:"training_seconds"`
	Validation      []map[string]map[string]float64 `json:"validation_per_epoch"`
	FinalQuantised  map[string]map[string]float64   `json:"validation_quantised"`
	// Requantized says how the weights were converted to a later weight
	// format after training, if they were.
	Requantized string `json:"requantized,omitempty"`
}

// Totals sums up what went into the model.
type Totals struct {
	Sources int `json:"sources"`
	// DebianPackages counts the Debian packages among the sources, and
	// Substituted those whose pinned version was no longer served.
	DebianPackages int `json:"debian_packages"`
	Substituted    int `json:"substituted_versions"`
	// Skipped counts sources whose mining failed (see Source.Skipped).
	Skipped int `json:"skipped_sources"`
	// Files are the source files mined, after deduplication by content.
	Files     int      `json:"files"`
	Pairs     int      `json:"pairs"`
	Languages []string `json:"languages"`
}

func newManifest(m *model.Model, size int, h Hyper, sources []*Source, train, val []Pair) Manifest {
	man := Manifest{
		ModelHash: m.Hash(), WeightsFile: "builtin.csnb", WeightsBytes: size,
		Command:   "go run ./embedding/train " + strings.Join(os.Args[1:], " "),
		GoVersion: runtime.Version(), Sources: sources,
		ChunkerVersion: chunker.Version,
		TrainPairs:     countLang(train), ValPairs: countLang(val), TrainShapes: countShape(train),
		Hyper: h,
	}
	man.Totals = totals(sources, len(train)+len(val))
	return man
}

func totals(sources []*Source, pairs int) Totals {
	t := Totals{Sources: len(sources), Pairs: pairs}
	langs := map[string]bool{}
	for _, s := range sources {
		if s.Skipped != "" {
			t.Skipped++
		}
		t.Files += s.Files
		if s.Kind == "deb" {
			t.DebianPackages++
			if s.Pinned != "" {
				t.Substituted++
			}
		}
		for l, n := range s.Langs {
			if n > 0 {
				langs[l] = true
			}
		}
	}
	for l := range langs {
		t.Languages = append(t.Languages, l)
	}
	sort.Strings(t.Languages)
	return t
}

// writeModel writes the weights and the manifest into dir.
func writeModel(dir string, weights []byte, man Manifest) error {
	if err := os.WriteFile(filepath.Join(dir, "builtin.csnb"), weights, 0o644); err != nil {
		return fmt.Errorf("write weights: %w", err)
	}
	js, err := json.MarshalIndent(man, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "manifest.json"), append(js, '\n'), 0o644); err != nil {
		return fmt.Errorf("write manifest: %w", err)
	}
	return nil
}
