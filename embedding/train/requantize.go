package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"

	"github.com/codeseek/codeseek/embedding/model"
)

// requantizeMain rewrites a trained model of weight format 2 (int8 values)
// in the current format, so shipped weights follow a format change without
// retraining for an hour; the manifest keeps what the training run saw and
// records the conversion.
//
//	go run ./embedding/train requantize -dir embedding/model
func requantizeMain(args []string) error {
	fs := flag.NewFlagSet("requantize", flag.ContinueOnError)
	dir := fs.String("dir", "embedding/model", "directory holding builtin.csnb (format 2) and manifest.json")
	if err := fs.Parse(args); err != nil {
		return err
	}
	old, err := os.ReadFile(filepath.Join(*dir, "builtin.csnb"))
	if err != nil {
		return err
	}
	p, err := paramsOfV2(old)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := model.Write(&buf, p); err != nil {
		return err
	}
	m, err := model.Load(buf.Bytes())
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
	man.Requantized = fmt.Sprintf("from format 2 (int8, hash %s) by `go run ./embedding/train requantize`", man.ModelHash)
	man.ModelHash, man.WeightsBytes = m.Hash(), buf.Len()
	fmt.Printf("%s: %d bytes, hash %s\n", *dir, buf.Len(), m.Hash())
	return writeModel(*dir, buf.Bytes(), man)
}

// paramsOfV2 turns a format-2 file back into parameters that Write
// quantises again: the int8 values become E and each side's folded row
// factor its log-weight, so rows keep their relative scale exactly.
func paramsOfV2(data []byte) (*model.Params, error) {
	le := binary.LittleEndian
	if len(data) < 24 || string(data[:4]) != "CSNB" || le.Uint32(data[4:]) != 2 {
		return nil, errors.New("requantize: not a format-2 weight file")
	}
	b, d, pl := int(le.Uint32(data[8:])), int(le.Uint32(data[12:])), int(le.Uint32(data[16:]))
	if len(data) != 24+12*b+b*d {
		return nil, errors.New("requantize: truncated format-2 file")
	}
	p := model.NewParams(model.FeatureConfig{Buckets: b, PrefixLen: pl}, d)
	for side, a := range [][]float32{p.AQ, p.AC, p.AH} {
		for r := range a {
			f := math.Float32frombits(le.Uint32(data[24+side*4*b+4*r:]))
			a[r] = float32(math.Log(max(float64(f), 1e-30)))
		}
	}
	for i, v := range data[24+12*b:] {
		p.E[i] = float32(int8(v))
	}
	return p, nil
}
