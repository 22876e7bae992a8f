package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/codeseek/codeseek/embedding/model"
)

// recodeMain rewrites shipped weights of format 3 (packed 3-bit codes) in
// the current format, prefix-coded: the same model, identified by the
// same hash, in 2.5 MB less. The manifest keeps what the training run saw
// and records the conversion.
//
//	go run ./embedding/train recode -dir embedding/model
func recodeMain(args []string) error {
	fs := flag.NewFlagSet("recode", flag.ContinueOnError)
	dir := fs.String("dir", "embedding/model", "directory holding builtin.csnb (format 3) and manifest.json")
	if err := fs.Parse(args); err != nil {
		return err
	}
	old, err := os.ReadFile(filepath.Join(*dir, "builtin.csnb"))
	if err != nil {
		return err
	}
	coded, err := model.Recode(old)
	if err != nil {
		return err
	}
	m, err := model.Load(coded)
	if err != nil {
		return err
	}
	raw, err := os.ReadFile(filepath.Join(*dir, "manifest.json"))
	if err != nil {
		return err
	}
	var man Manifest
	if err := json.Unmarshal(raw, &man); err != nil {
		return fmt.Errorf("manifest: %w", err)
	}
	if m.Hash() != man.ModelHash {
		return fmt.Errorf("recode: the recoded model's hash is %s, the manifest's %s", m.Hash(), man.ModelHash)
	}
	man.Requantized += fmt.Sprintf("; from format 3 (%d bytes) to format 4 (prefix-coded) by `go run ./embedding/train recode`", len(old))
	man.WeightsBytes = len(coded)
	fmt.Printf("%s: %d bytes (was %d), hash %s\n", *dir, len(coded), len(old), m.Hash())
	return writeModel(*dir, coded, man)
}
