package model

import (
	_ "embed"
	"sync"
)

// builtinWeights is the trained model shipped in the binary, produced by
// `go run ./embedding/train -out embedding/model` (see manifest.json).
//
//go:embed builtin.csnb
var builtinWeights []byte

var (
	builtinOnce  sync.Once
	builtinModel *Model
	builtinErr   error
)

// Builtin returns the shipped model, loaded once. The weights are used in
// place, so loading costs only the two small per-row tables.
func Builtin() (*Model, error) {
	builtinOnce.Do(func() { builtinModel, builtinErr = Load(builtinWeights) })
	return builtinModel, builtinErr
}
